"""The casino table drawn from the dealer's side: scene, card art and chips."""
