"""One attempt at a scenario: the cards it places, and the helpers that choose them.

A builder (each kind's ``build``) places only the cards that make its situation
and says which seats must stay in or hold a side wager; the rest of the deck is
dealt at random afterwards (:mod:`trainer.engine.scenarios.deal`). A random card
that spoils the situation raises :class:`Retry`, and the attempt is drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from trainer.engine.cards import DECK, Card, Suit, card_of
from trainer.engine.evaluator import Category, evaluate, hand_value
from trainer.engine.round import Wager
from trainer.engine.rulesets import RuleSet

SUITS: tuple[Suit, ...] = tuple(Suit)


class Retry(Exception):
    """The random fill spoiled the situation: draw again."""


def ace_high(rank: int) -> int:
    """Ranks counted with the ace as 1 in low straights: 1 -> 14."""
    return 14 if rank == 1 else rank


class Build:
    """The cards and requirements of one attempt at a scenario."""

    def __init__(
        self,
        rng: random.Random,
        ruleset: RuleSet,
        options: Mapping[str, str],
        seats: list[int],
        key: int,
    ) -> None:
        self.rng = rng
        self.ruleset = ruleset
        self.options = dict(options)
        self.tables = ruleset.choose_tables(options)
        self.seats = seats
        self.key = key
        """The seat the situation is built on."""
        self.used: set[Card] = set()
        self.board: list[Card] = []
        self.dealer: list[Card] = []
        self.holes: dict[int, list[Card]] = {number: [] for number in seats}
        self.six: list[Card] | None = None
        self.stays_in: dict[int, bool] = {}
        """Forced decisions: True raises (at least 1x on the river), False folds."""
        self.bets: dict[int, dict[Wager, Decimal | None]] = {}
        """Side wagers a seat must hold (None: an amount at random within the limits)."""
        self.antes: dict[int, Decimal] = {}

    @property
    def hole(self) -> list[Card]:
        """The key seat's hole cards."""
        return self.holes[self.key]

    def take(self, card: Card) -> Card:
        if card in self.used:
            raise Retry
        self.used.add(card)
        return card

    def draw(self, ok: Callable[[Card], bool] | None = None) -> Card:
        """A random unused card (that ``ok`` accepts)."""
        free = [card for card in DECK if card not in self.used and (ok is None or ok(card))]
        if not free:
            raise Retry
        card = self.rng.choice(free)
        self.used.add(card)
        return card

    def of_rank(self, rank: int, suit: Suit | None = None, not_suit: Suit | None = None) -> Card:
        rank = ace_high(rank)
        if suit is not None:
            return self.take(card_of(rank, suit))
        return self.draw(lambda card: card.rank == rank and card.suit is not not_suit)

    def fill(self, cards: list[Card], count: int) -> None:
        while len(cards) < count:
            cards.append(self.draw())

    def ranks(self, count: int, exclude: Sequence[int] = ()) -> list[int]:
        return self.rng.sample([rank for rank in range(2, 15) if rank not in exclude], count)

    def stay(self, seat: int | None = None) -> None:
        self.stays_in[self.key if seat is None else seat] = True

    def bet(self, wager: Wager, amount: Decimal | None = None) -> None:
        self.bets.setdefault(self.key, {})[wager] = amount


def value(cards: Sequence[Card]) -> int:
    return hand_value([card.code for card in cards])


def category(cards: Sequence[Card]) -> Category:
    return evaluate(cards).category


def weighted(rng: random.Random, weights: Mapping[Category, int]) -> Category:
    return rng.choices(list(weights), list(weights.values()))[0]


def is_straight(ranks: Sequence[int]) -> bool:
    values = set(ranks)
    if 14 in values:
        values |= {1}
    return any(all(r + i in values for i in range(5)) for r in range(1, 11))


def made_cards(b: Build, made: Category) -> list[Card]:
    """The cards that make ``made`` (docs/rules.md §1), chosen at random and taken."""
    rng = b.rng
    if made in (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH):
        suit = rng.choice(SUITS)
        top = 14 if made is Category.ROYAL_FLUSH else rng.randint(5, 13)
        return [b.of_rank(r, suit) for r in range(top - 4, top + 1)]
    if made is Category.FOUR_OF_A_KIND:
        rank = rng.randint(2, 14)
        return [b.of_rank(rank, suit) for suit in SUITS]
    if made is Category.FULL_HOUSE:
        trips, pair = b.ranks(2)
        return [b.of_rank(trips, s) for s in rng.sample(SUITS, 3)] + [
            b.of_rank(pair, s) for s in rng.sample(SUITS, 2)
        ]
    if made is Category.FLUSH:
        suit = rng.choice(SUITS)
        while True:
            ranks = b.ranks(5)
            if not is_straight(ranks):
                return [b.of_rank(r, suit) for r in ranks]
    if made is Category.STRAIGHT:
        top = rng.randint(5, 14)
        while True:
            suits = [rng.choice(SUITS) for _ in range(5)]
            if len(set(suits)) > 1:
                return [
                    b.of_rank(r, s) for r, s in zip(range(top - 4, top + 1), suits, strict=True)
                ]
    if made is Category.THREE_OF_A_KIND:
        rank = rng.randint(2, 14)
        return [b.of_rank(rank, s) for s in rng.sample(SUITS, 3)]
    raise AssertionError(made)


def split(b: Build, made: list[Card], hole: list[Card], shared: list[Card], in_hole: int) -> None:
    """Put ``in_hole`` of the made cards in ``hole`` and the rest in ``shared``."""
    b.rng.shuffle(made)
    hole.extend(made[:in_hole])
    shared.extend(made[in_hole:])


def fill_all(b: Build) -> None:
    """Complete the board, the dealer's cards and the key seat's hole cards at random."""
    b.fill(b.board, 5)
    b.fill(b.dealer, 2)
    b.fill(b.hole, 2)


def seat_holds(b: Build, made: Category, in_hole: Sequence[int] = (1, 2)) -> None:
    """The key seat's best five of seven is exactly ``made``."""
    split(b, made_cards(b, made), b.hole, b.board, b.rng.choice(in_hole))
    fill_all(b)
    if category((*b.hole, *b.board)) is not made:
        raise Retry
