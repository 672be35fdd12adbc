"""Hand evaluation: the best five cards of five, six or seven (docs/rules.md §1).

The fast path, :func:`hand_value`, turns card codes into one integer that
orders hands exactly as the rules do:

    value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

where ``r1..r5`` are the ranks of the five playing cards *best first* (pairs
before kickers: ``A A K Q J``; full house ``7 7 7 K K``; the wheel straight
``5 4 3 2 1`` with the ace counted as 1). Equal values are identical hands, a
"copy". Tables are computed from the rules, not downloaded:

* a flush table keyed by the 13-bit rank mask of the flush suit (with five or
  more cards of one suit in seven, no full house or quads is possible, so the
  flush/straight flush is the best hand);
* a rank table keyed by the multiset of ranks (three bits of count per rank).

Both are filled on first use of each key (about 50,000 rank multisets exist),
so importing costs nothing and the tables warm up within a few thousand hands.

:func:`evaluate` adds the category name and picks the five actual cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from itertools import combinations_with_replacement

from trainer.engine.cards import DECK, RANK_NAMES, RANK_PLURALS, Card, CardError
from trainer.i18n import N_, _


class Category(StrEnum):
    """Hand categories, named as the settle contract writes them."""

    HIGH_CARD = "high card"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"
    ROYAL_FLUSH = "royal flush"

    @property
    def strength(self) -> int:
        """0 for high card up to 9 for a royal flush."""
        return _CATEGORY_ORDER.index(self)

    @property
    def key(self) -> str:
        """Identifier form used in pay-table files: ``full_house``."""
        return self.value.replace(" ", "_")

    @property
    def display_name(self) -> str:
        """The category's name in the trainer's language; the value is its code (the
        settle contract's and the database's, never translated)."""
        return _(_CATEGORY_NAMES[self])

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength >= other.strength

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength > other.strength

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength <= other.strength

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Category):
            return NotImplemented
        return self.strength < other.strength


_CATEGORY_ORDER: tuple[Category, ...] = tuple(Category)
CATEGORY_BY_KEY: dict[str, Category] = {category.key: category for category in Category}
_CATEGORY_NAMES: dict[Category, str] = {
    Category.HIGH_CARD: N_("high card"),
    Category.ONE_PAIR: N_("one pair"),
    Category.TWO_PAIR: N_("two pair"),
    Category.THREE_OF_A_KIND: N_("three of a kind"),
    Category.STRAIGHT: N_("straight"),
    Category.FLUSH: N_("flush"),
    Category.FULL_HOUSE: N_("full house"),
    Category.FOUR_OF_A_KIND: N_("four of a kind"),
    Category.STRAIGHT_FLUSH: N_("straight flush"),
    Category.ROYAL_FLUSH: N_("royal flush"),
}
"""Each category's display name (English: its code), marked for the catalogue."""


class _Cat(IntEnum):
    HIGH = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    ROYAL = 9


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    return value


def _straight_top(mask: int) -> int:
    """Highest rank topping a straight in a 13-bit rank mask (bit 0 = deuce), or 0."""
    for top in range(14, 5, -1):
        run = 0b11111 << (top - 6)
        if mask & run == run:
            return top
    wheel = 0b1000000001111  # A, 5, 4, 3, 2
    return 5 if mask & wheel == wheel else 0


def _top_ranks(mask: int, count: int) -> list[int]:
    ranks = [rank for rank in range(14, 1, -1) if mask >> (rank - 2) & 1]
    return ranks[:count]


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, 1] if top == 5 else list(range(top, top - 5, -1))


def _flush_value(mask: int) -> int:
    top = _straight_top(mask)
    if top == 14:
        return _pack(_Cat.ROYAL, _straight_ranks(14))
    if top:
        return _pack(_Cat.STRAIGHT_FLUSH, _straight_ranks(top))
    return _pack(_Cat.FLUSH, _top_ranks(mask, 5))


def _rank_value(counts: dict[int, int]) -> int:
    """Best non-flush hand from a multiset of ranks {rank: count}."""
    by_count = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ranks_desc = sorted(counts, reverse=True)

    def kickers(exclude: set[int], count: int) -> list[int]:
        return [rank for rank in ranks_desc if rank not in exclude][:count]

    quads = [rank for rank, n in by_count if n == 4]
    if quads:
        quad = max(quads)
        return _pack(_Cat.QUADS, [quad] * 4 + kickers({quad}, 1))
    trips = sorted((rank for rank, n in counts.items() if n == 3), reverse=True)
    pairs = sorted((rank for rank, n in counts.items() if n == 2), reverse=True)
    if trips and (len(trips) > 1 or pairs):
        three = trips[0]
        two = max([*trips[1:], *pairs])
        return _pack(_Cat.FULL_HOUSE, [three] * 3 + [two] * 2)
    mask = 0
    for rank in counts:
        mask |= 1 << (rank - 2)
    top = _straight_top(mask)
    if top:
        return _pack(_Cat.STRAIGHT, _straight_ranks(top))
    if trips:
        three = trips[0]
        return _pack(_Cat.TRIPS, [three] * 3 + kickers({three}, 2))
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return _pack(_Cat.TWO_PAIR, [high, high, low, low, *kickers({high, low}, 1)])
    if pairs:
        pair = pairs[0]
        return _pack(_Cat.PAIR, [pair, pair, *kickers({pair}, 3)])
    return _pack(_Cat.HIGH, ranks_desc[:5])


class _LazyTable(dict[int, int]):
    """A look-up table filled on first use, so importing the engine is instant."""

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key: int) -> int:
        value = self[key] = self._compute(key)
        return value


def _rank_value_from_key(rank_key: int) -> int:
    counts = {}
    for rank in range(2, 15):
        count = (rank_key >> (3 * (rank - 2))) & 0b111
        if count:
            counts[rank] = count
    return _rank_value(counts)


def _flush_suit_table() -> list[int]:
    """Suit counts packed four bits a suit -> the suit holding five or more cards, or -1."""
    table = [-1] * (1 << 16)
    for size in (5, 6, 7):
        for suits in combinations_with_replacement(range(4), size):
            packed = sum(1 << (4 * suit) for suit in suits)
            for suit in range(4):
                if suits.count(suit) >= 5:
                    table[packed] = suit
    return table


_FLUSH_TABLE = _LazyTable(_flush_value)
_RANK_TABLE = _LazyTable(_rank_value_from_key)
_FLUSH_SUIT = _flush_suit_table()
_RANK_KEY = [1 << (3 * (code >> 2)) for code in range(52)]
_SUIT_KEY = [1 << (4 * (code & 3)) for code in range(52)]
_RANK_BIT = [1 << (code >> 2) for code in range(52)]


def hand_value(codes: Sequence[int]) -> int:
    """Comparable value of the best five of 5-7 cards given as card codes.

    The caller guarantees 5-7 distinct codes; :func:`evaluate` checks.
    """
    rank_key = 0
    suit_key = 0
    for code in codes:
        rank_key += _RANK_KEY[code]
        suit_key += _SUIT_KEY[code]
    suit = _FLUSH_SUIT[suit_key]
    if suit < 0:
        return _RANK_TABLE[rank_key]
    mask = 0
    for code in codes:
        if code & 3 == suit:
            mask |= _RANK_BIT[code]
    return _FLUSH_TABLE[mask]


def value_category(value: int) -> Category:
    return _CATEGORY_ORDER[value >> 20]


def value_ranks(value: int) -> list[int]:
    """The five playing ranks, best first (the wheel's ace as 14)."""
    ranks = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return [14 if rank == 1 else rank for rank in ranks]


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's (or the dealer's) best five cards and how they rank."""

    category: Category
    value: int
    """Orders hands: higher wins, equal is a copy (docs/rules.md §1)."""
    cards: tuple[Card, ...]
    """The five cards that play, best first."""

    def beats(self, other: Hand) -> bool:
        return self.value > other.value

    def describe(self) -> str:
        """E.g. ``"flush, ace high"`` or ``"two pair, kings and nines"``, in the trainer's
        language (:func:`hand_display`)."""
        return hand_display(self.category, hand_ranks(self))

    def describe_against(self, other: Hand) -> str:
        """:meth:`describe`, named far enough to tell it from ``other``.

        Two different hands of one category with the same named ranks (two pairs of
        fours) are told apart by their first card that differs: ``"pair of fours with an
        ace kicker"`` against ``"pair of fours with a king kicker"``, ``"pair of fours with
        ace and queen kickers"``, ``"flush, ace-king high"`` against ``"flush, ace-queen
        high"``. Anything else is worded as :meth:`describe`. In the trainer's language
        (whole-phrase templates from the catalogue).
        """
        words = self.describe()
        if self.value == other.value or words != other.describe():
            return words
        mine, theirs = value_ranks(self.value), value_ranks(other.value)
        first = next(index for index in range(5) if mine[index] != theirs[index])
        if self.category in (Category.HIGH_CARD, Category.FLUSH):
            high = "-".join(rank_name(rank) for rank in mine[:first + 1])
            if self.category is Category.FLUSH:
                return _("flush, {ranks} high", ranks=high)
            return _("{ranks} high", ranks=high)
        kickers = [rank_name(rank) for rank in mine[_KICKERS_FROM[self.category]:first + 1]]
        if len(kickers) == 1:
            if mine[first] in (8, 14):  # "an ace", "an eight"
                return _("{hand} with an {kicker} kicker", hand=words, kicker=kickers[0])
            return _("{hand} with a {kicker} kicker", hand=words, kicker=kickers[0])
        return _("{hand} with {kickers} and {last} kickers", hand=words,
                 kickers=", ".join(kickers[:-1]), last=kickers[-1])


_KICKERS_FROM = {
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
"""Where a hand's kickers start among its five ranks, best first. (A straight, a full
house or a straight flush is told apart by the ranks its words already name.)"""


def hand_ranks(hand: Hand) -> tuple[int, ...]:
    """The ranks a hand's words name: ``(13, 9)`` for "two pair, kings and nines",
    ``()`` for a royal flush. What a named hand in an answer is compared with."""
    ranks = value_ranks(hand.value)
    if hand.category is Category.ROYAL_FLUSH:
        return ()
    if hand.category is Category.TWO_PAIR:
        return (ranks[0], ranks[2])
    if hand.category is Category.FULL_HOUSE:
        return (ranks[0], ranks[3])
    return (ranks[0],)


_RANK_WORDS: dict[int, str] = {
    2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
    7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("jack"),
    12: N_("queen"), 13: N_("king"), 14: N_("ace"),
}
"""Each rank's name (a kicker, ``ace-king``), marked for the catalogue; the English is
:data:`~trainer.engine.cards.RANK_NAMES`, what answers are read and stored in."""
_RANK_PLURAL_WORDS: dict[int, str] = {
    2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"),
    7: N_("sevens"), 8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"),
    12: N_("queens"), 13: N_("kings"), 14: N_("aces"),
}
_HIGH_CARD_WORDS: dict[int, str] = {
    7: N_("seven high"), 8: N_("eight high"), 9: N_("nine high"), 10: N_("ten high"),
    11: N_("jack high"), 12: N_("queen high"), 13: N_("king high"), 14: N_("ace high"),
}
"""A high-card hand by its top rank, as a whole phrase: a language may agree the word
for "high" with the rank (Spanish *as alto*, *dama alta*)."""
_TOP_WORDS: dict[Category, dict[int, str]] = {
    Category.STRAIGHT: {
        5: N_("straight, five high"), 6: N_("straight, six high"),
        7: N_("straight, seven high"), 8: N_("straight, eight high"),
        9: N_("straight, nine high"), 10: N_("straight, ten high"),
        11: N_("straight, jack high"), 12: N_("straight, queen high"),
        13: N_("straight, king high"), 14: N_("straight, ace high"),
    },
    Category.FLUSH: {
        7: N_("flush, seven high"), 8: N_("flush, eight high"), 9: N_("flush, nine high"),
        10: N_("flush, ten high"), 11: N_("flush, jack high"), 12: N_("flush, queen high"),
        13: N_("flush, king high"), 14: N_("flush, ace high"),
    },
    Category.STRAIGHT_FLUSH: {
        5: N_("straight flush, five high"), 6: N_("straight flush, six high"),
        7: N_("straight flush, seven high"), 8: N_("straight flush, eight high"),
        9: N_("straight flush, nine high"), 10: N_("straight flush, ten high"),
        11: N_("straight flush, jack high"), 12: N_("straight flush, queen high"),
        13: N_("straight flush, king high"),
    },
}
"""A straight, flush or straight flush by its top rank, as a whole phrase (Spanish
*escalera al diez*, *color a la dama*: the article agrees with the rank)."""


def rank_name(rank: int) -> str:
    """A rank's name in the trainer's language (``ace``; Spanish ``as``)."""
    return _(_RANK_WORDS[rank])


def rank_plural(rank: int) -> str:
    """A rank's plural in the trainer's language (``aces``; Spanish ``ases``)."""
    return _(_RANK_PLURAL_WORDS[rank])


def hand_wording(category: Category, ranks: Sequence[int] = ()) -> str:
    """The hand's language-neutral wording, what answers are stored in (always English):
    ``"pair of fours"``, ``"flush, ace high"``; just the category when no rank is named.
    A person reads :func:`hand_display` (:meth:`Hand.describe`)."""
    if not ranks or category is Category.ROYAL_FLUSH:
        return category.value
    top = ranks[0]
    if category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        return f"{category.value}, {RANK_NAMES[top]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"four {RANK_PLURALS[top]}"
    if category is Category.FULL_HOUSE:
        low = f" of {RANK_PLURALS[ranks[1]]}" if len(ranks) > 1 else ""
        return f"full house, {RANK_PLURALS[top]} full{low}"
    if category is Category.THREE_OF_A_KIND:
        return f"three {RANK_PLURALS[top]}"
    if category is Category.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
    if category is Category.ONE_PAIR:
        return f"pair of {RANK_PLURALS[top]}"
    return f"{RANK_NAMES[top]} high"


def hand_display(category: Category, ranks: Sequence[int] = ()) -> str:
    """The hand as the trainer shows it (:meth:`Hand.describe` for a dealt hand), in the
    trainer's language: ``"pair of fours"``, ``"flush, ace high"`` (Spanish ``"pareja de
    cuatros"``, ``"color al as"``); just the category's name when no rank is named.
    English is :func:`hand_wording` word for word."""
    if not ranks or category is Category.ROYAL_FLUSH:
        return category.display_name
    top = ranks[0]
    if category in _TOP_WORDS:
        phrase = _TOP_WORDS[category].get(top)
        if phrase is not None:
            return _(phrase)
        return f"{category.display_name}, {rank_name(top)}"  # no such hand: never dealt
    if category is Category.FOUR_OF_A_KIND:
        return _("four {rank}", rank=rank_plural(top))
    if category is Category.FULL_HOUSE:
        if len(ranks) > 1:
            return _("full house, {three} full of {two}", three=rank_plural(top),
                     two=rank_plural(ranks[1]))
        return _("full house, {three} full", three=rank_plural(top))
    if category is Category.THREE_OF_A_KIND:
        return _("three {rank}", rank=rank_plural(top))
    if category is Category.TWO_PAIR:
        return _("two pair, {high} and {low}", high=rank_plural(top),
                 low=rank_plural(ranks[1]))
    if category is Category.ONE_PAIR:
        return _("pair of {rank}", rank=rank_plural(top))
    phrase = _HIGH_CARD_WORDS.get(top)
    return _(phrase) if phrase is not None else _("{ranks} high", ranks=rank_name(top))


def _pick_cards(cards: Sequence[Card], value: int) -> tuple[Card, ...]:
    """The five actual cards behind a value, best first.

    Where two cards of one rank could play (a straight over a pair), the one
    listed first wins, so a seat's own hole card is named before a board card.
    """
    category = value_category(value)
    pool = list(cards)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        suit_counts: dict[str, int] = {}
        for card in pool:
            suit_counts[card.suit] = suit_counts.get(card.suit, 0) + 1
        flush_suit = max(suit_counts, key=suit_counts.__getitem__)
        pool = [card for card in pool if card.suit == flush_suit]
    chosen: list[Card] = []
    for rank in value_ranks(value):
        for card in pool:
            if card.rank == rank and card not in chosen:
                chosen.append(card)
                break
    return tuple(chosen)


def evaluate(cards: Sequence[Card]) -> Hand:
    """The best five of 5, 6 or 7 distinct cards."""
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand is made from 5 to 7 cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise CardError("a hand cannot hold the same card twice")
    value = hand_value([card.code for card in cards])
    return Hand(value_category(value), value, _pick_cards(cards, value))


def evaluate_codes(codes: Sequence[int]) -> Hand:
    return evaluate([DECK[code] for code in codes])
