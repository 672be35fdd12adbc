"""Cards and the deck (docs/rules.md §1): one 52-card deck, no jokers, suits equal.

A card is a small frozen value; the 52 of them are created once and shared,
so ``parse_card("Td") is parse_card("10D")``. Each card carries a ``code``
(0-51) that the hand evaluator uses for table look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

RANK_CHARS = "23456789TJQKA"
"""Rank characters, low to high; a rank's value is its index + 2 (ace = 14)."""

RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
RANK_PLURALS = {rank: name + ("es" if name == "six" else "s") for rank, name in RANK_NAMES.items()}


class Suit(StrEnum):
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}[self.value]

    @property
    def position(self) -> int:
        """0-3: the suit's place among a rank's four cards (and so in :data:`DECK`)."""
        return "shdc".index(self.value)


class CardError(ValueError):
    """A card that cannot be read, or a set of cards that breaks the deck."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 shared card objects; equality is identity (see :data:`DECK`)."""

    rank: int
    """2-14, ace high."""
    suit: Suit
    code: int = field(repr=False)
    text: str = field(repr=False)
    """``"Td"``: upper-case rank, lower-case suit."""

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Unpickling (e.g. in a worker process) returns the shared card.
        return parse_card, (self.text,)

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    @property
    def label(self) -> str:
        """Short human form, e.g. ``10♥``."""
        rank = "10" if self.rank == 10 else self.rank_char
        return rank + self.suit.symbol


def card_code(rank: int, suit: Suit) -> int:
    """The code (0-51) of a card: cards are numbered by rank, then suit."""
    return (rank - 2) * 4 + suit.position


def _make_deck() -> tuple[Card, ...]:
    cards = []
    for rank in range(2, 15):
        for suit in Suit:
            cards.append(Card(rank, suit, card_code(rank, suit), RANK_CHARS[rank - 2] + suit.value))
    return tuple(cards)


DECK: tuple[Card, ...] = _make_deck()
"""The 52 cards, ordered by rank then suit; ``DECK[code]`` is the card with that code."""


def card_of(rank: int, suit: Suit) -> Card:
    """The shared card of a rank (2-14) and suit."""
    return DECK[card_code(rank, suit)]


_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    _BY_TEXT[str(_card).lower()] = _card
    if _card.rank == 10:
        _BY_TEXT["10" + _card.suit.value] = _card


def parse_card(text: object) -> Card:
    """Read a card such as ``"Td"``, ``"10d"`` or ``"as"`` (case-insensitive)."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card (expected text such as 'Td')")
    card = _BY_TEXT.get(text.strip().lower())
    if card is None:
        raise CardError(
            f"{text!r} is not a card (rank 2-9, T or 10, J, Q, K, A; suit s, h, d or c)"
        )
    return card


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def find_duplicate(cards: Sequence[Card]) -> Card | None:
    """The first card that appears twice, if any."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
