"""Targeted practice rounds: build a named situation directly (issue 5).

Random deals rarely show what a trainee most needs to practise: a seat losing
with four of a kind turns up about once in tens of thousands of rounds. Each
scenario *kind* here chooses the cards that make its situation (the key seat's
hole cards, the board, the dealer's cards), fills every other card at random
from the rest of the deck, then takes wagers and decisions from
:mod:`trainer.engine.generator` (:func:`~trainer.engine.generator.generate_round`
for antes and side bets, :func:`~trainer.engine.generator.decide_raise` for the
players' decisions). The finished round is settled and checked against the
scenario's own predicate; a random fill that spoils the situation (say a
board card that turns the built straight into a flush) is redrawn, a bounded
number of times.

:data:`SCENARIOS` maps each kind to a :class:`Scenario`: the sentence a trainee
reads, the rule set the kind needs (if any) and the predicate
:meth:`Scenario.holds` over a settled round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from trainer.engine.cards import DECK, Card, Suit
from trainer.engine.evaluator import Category, Hand, evaluate, hand_value, value_ranks
from trainer.engine.generator import SIDE_BET_UNITS, _amount_within, decide_raise, generate_round
from trainer.engine.money import CENT
from trainer.engine.round import Round, Seat, Wager
from trainer.engine.rulesets import RuleSet, load_preset
from trainer.engine.settlement import SeatResult, Settlement, settle

DEFAULT_RULES = "ny-2018"
"""The preset used when neither the caller nor the scenario names a rule set."""

MAX_ATTEMPTS = 400
"""Redraws of the random fill before giving up (a bug, never seen in practice)."""

SUITS: tuple[Suit, ...] = tuple(Suit)


class ScenarioError(ValueError):
    """An unknown kind, a rule set that cannot host a kind, or bad ``seats``."""


# --- the scenarios -----------------------------------------------------------------------

Match = Callable[[Settlement], tuple[int, ...]]
"""The seats of a settled round that show a situation (empty: it does not hold)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A practice situation that :func:`generate_scenario` can build."""

    kind: str
    description: str
    """What the trainee is told to expect, one sentence."""
    rules: str | None
    """The preset the kind needs (``"house"`` for the 6-Card Bonus), or None for any."""
    match: Match = field(repr=False, compare=False)
    requires: Callable[[RuleSet], str | None] = field(
        default=lambda ruleset: None, repr=False, compare=False
    )
    """Why a rule set cannot host the kind, or None when it can."""

    def holds(self, settlement: Settlement) -> bool:
        """True when the settled round shows the situation the description names."""
        return bool(self.match(settlement))

    def seats(self, settlement: Settlement) -> tuple[int, ...]:
        """The seats showing the situation; every seat for a table-wide one
        (the dealer's hand, a full table)."""
        return self.match(settlement)

    def unsupported(self, ruleset: RuleSet) -> str | None:
        """Why ``ruleset`` cannot host this kind, or None."""
        return self.requires(ruleset)


def _all(settlement: Settlement) -> tuple[int, ...]:
    return tuple(sorted(seat.seat for seat in settlement.seats))


def _active(settlement: Settlement) -> list[int]:
    return sorted(seat.seat for seat in settlement.seats if seat.result is not SeatResult.FOLD)


def _wins_with(category: Category) -> Match:
    def match(settlement: Settlement) -> tuple[int, ...]:
        return tuple(
            sorted(
                seat.seat
                for seat in settlement.seats
                if seat.result is SeatResult.WIN and seat.hand.category is category
            )
        )

    return match


def _is_wheel(hand: Hand) -> bool:
    """The five-high straight (or straight flush) A-2-3-4-5 (docs/rules.md §1: ace low)."""
    return (
        hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        and value_ranks(hand.value)[0] == 5
    )


def _match_wheel(settlement: Settlement) -> tuple[int, ...]:
    if _is_wheel(settlement.dealer):
        return _all(settlement)
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result is not SeatResult.FOLD and _is_wheel(seat.hand)
        )
    )


def _match_board_plays_tie(settlement: Settlement) -> tuple[int, ...]:
    board = hand_value([card.code for card in settlement.round.board])
    if settlement.dealer.value != board:
        return ()
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result is SeatResult.TIE and seat.hand.value == board
        )
    )


def _made_ranks(hand: Hand) -> tuple[int, ...] | None:
    """The ranks that make a pair-type hand (pair, two pairs, trips, quads), or None."""
    ranks = value_ranks(hand.value)
    if hand.category is Category.ONE_PAIR:
        return (ranks[0],)
    if hand.category is Category.TWO_PAIR:
        return (ranks[0], ranks[2])
    if hand.category in (Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return (ranks[0],)
    return None


def _match_kicker(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §1: same category and pair ranks, so the highest unshared kicker decides."""
    dealer = settlement.dealer
    made = _made_ranks(dealer)
    if made is None:
        return ()
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result in (SeatResult.WIN, SeatResult.LOSE)
            and seat.hand.category is dealer.category
            and _made_ranks(seat.hand) == made
        )
    )


def _match_counterfeited(settlement: Settlement) -> tuple[int, ...]:
    seats = []
    for result in settlement.seats:
        hole = settlement.round.seat(result.seat).hole
        if result.result is SeatResult.FOLD or hole[0].rank != hole[1].rank:
            continue
        if result.hand.category is not Category.TWO_PAIR:
            continue
        ranks = value_ranks(result.hand.value)
        if ranks[2] > hole[0].rank:  # both pairs that play rank above the hole pair
            seats.append(result.seat)
    return tuple(sorted(seats))


def _match_dealer_not_qualify(settlement: Settlement) -> tuple[int, ...]:
    return () if settlement.dealer_qualifies else tuple(_active(settlement))


def _match_dnq_flush(settlement: Settlement) -> tuple[int, ...]:
    if settlement.dealer_qualifies:
        return ()
    return _wins_with(Category.FLUSH)(settlement)


def _loses_with(categories: Callable[[Settlement], Sequence[Category]]) -> Match:
    def match(settlement: Settlement) -> tuple[int, ...]:
        allowed = categories(settlement)
        return tuple(
            sorted(
                seat.seat
                for seat in settlement.seats
                if seat.result is SeatResult.LOSE and seat.hand.category in allowed
            )
        )

    return match


def _match_folded_pocket_pair(settlement: Settlement) -> tuple[int, ...]:
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.round.seats
            if seat.folded
            and seat.hole[0].rank == seat.hole[1].rank
            and Wager.POCKET_BONUS in seat.side_bets
        )
    )


def _match_trips_plus(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §5 Trips Plus: best five of seven, three of a kind or better (folded too)."""
    table = settlement.round.tables.trips_plus
    return tuple(
        sorted(
            result.seat
            for result in settlement.seats
            if Wager.TRIPS_PLUS in settlement.round.seat(result.seat).side_bets
            and result.hand.category in table
        )
    )


def _match_pocket_aces(settlement: Settlement) -> tuple[int, ...]:
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.round.seats
            if seat.hole[0].rank == seat.hole[1].rank == 14 and Wager.POCKET_BONUS in seat.side_bets
        )
    )


def _match_six_card(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §5 6-Card Bonus: hole cards plus the four bonus cards, trips or better."""
    round_ = settlement.round
    if round_.six_card_bonus_cards is None or round_.ruleset.six_card_bonus is None:
        return ()
    seats = []
    for seat in round_.seats:
        stake = seat.side_bets.get(Wager.SIX_CARD_BONUS)
        if stake is None:
            continue
        six = evaluate((*seat.hole, *round_.six_card_bonus_cards))
        if six.category in round_.ruleset.six_card_bonus[stake]:
            seats.append(seat.seat)
    return tuple(sorted(seats))


def _match_capped(settlement: Settlement) -> tuple[int, ...]:
    return tuple(sorted(seat.seat for seat in settlement.seats if seat.capped))


def _offered_wagers(ruleset: RuleSet) -> tuple[Wager, ...]:
    offered = [Wager.ANTE, Wager.ODDS, Wager.RAISE, Wager.TRIPS_PLUS, Wager.POCKET_BONUS]
    if ruleset.six_card_bonus:
        offered.append(Wager.SIX_CARD_BONUS)
    if ruleset.progressive:
        offered.append(Wager.PROGRESSIVE)
    return tuple(offered)


def _match_full_table(settlement: Settlement) -> tuple[int, ...]:
    round_ = settlement.round
    if len(round_.seats) != 6:
        return ()
    for wager in _offered_wagers(round_.ruleset):
        if not any(seat.stake(wager) for seat in round_.seats):
            return ()
    return _all(settlement)


def _match_tie_qualifies(settlement: Settlement) -> tuple[int, ...]:
    if not settlement.dealer_qualifies:
        return ()
    return tuple(sorted(s.seat for s in settlement.seats if s.result is SeatResult.TIE))


def _bad_beat_categories(settlement: Settlement) -> Sequence[Category]:
    return tuple(settlement.round.tables.bad_beat)


def _needs_bad_beat_line(category: Category) -> Callable[[RuleSet], str | None]:
    def requires(ruleset: RuleSet) -> str | None:
        if category not in ruleset.choose_tables().bad_beat:
            return f"rule set {ruleset.id!r}'s bad-beat table has no {category} line"
        return None

    return requires


def _needs_six_card(ruleset: RuleSet) -> str | None:
    if not ruleset.six_card_bonus:
        return f"rule set {ruleset.id!r} offers no 6-Card Bonus (the house preset does)"
    return None


def _cap_ante_floor(ruleset: RuleSet, line: Decimal) -> Decimal | None:
    """The smallest whole-dollar ante whose odds win at ``line`` plus a 1x raise exceeds the
    cap (docs/rules.md §6), or None when the rule set's maximum ante cannot."""
    cap = ruleset.max_aggregate_payout
    assert cap is not None
    low, high = ruleset.ante_limits
    ante = max(low, (cap / (line + 1)).to_integral_value(rounding="ROUND_FLOOR") + 1)
    ante = ante.to_integral_value(rounding="ROUND_CEILING")
    return ante.quantize(CENT) if ante <= high else None


def _needs_cap(ruleset: RuleSet) -> str | None:
    if ruleset.max_aggregate_payout is None:
        return (
            f"rule set {ruleset.id!r} has no maximum aggregate payout"
            " (the house preset caps it at $3,000)"
        )
    line = ruleset.odds_win[Category.ROYAL_FLUSH].ratio
    if _cap_ante_floor(ruleset, Decimal(line.numerator) / line.denominator) is None:
        return (
            f"rule set {ruleset.id!r}: even a royal flush at the maximum ante does not reach"
            f" its maximum aggregate payout of ${ruleset.max_aggregate_payout:,}"
        )
    return None


# --- building a round --------------------------------------------------------------------


class _Retry(Exception):
    """The random fill spoiled the situation: draw again."""


def _rank(value: int) -> int:
    """Ranks counted with the ace as 1 in low straights: 1 -> 14."""
    return 14 if value == 1 else value


def _card(rank: int, suit: Suit) -> Card:
    return DECK[(rank - 2) * 4 + suit.index]


class _Build:
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
            raise _Retry
        self.used.add(card)
        return card

    def draw(self, ok: Callable[[Card], bool] | None = None) -> Card:
        """A random unused card (that ``ok`` accepts)."""
        free = [card for card in DECK if card not in self.used and (ok is None or ok(card))]
        if not free:
            raise _Retry
        card = self.rng.choice(free)
        self.used.add(card)
        return card

    def of_rank(self, rank: int, suit: Suit | None = None, not_suit: Suit | None = None) -> Card:
        rank = _rank(rank)
        if suit is not None:
            return self.take(_card(rank, suit))
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


def _value(cards: Sequence[Card]) -> int:
    return hand_value([card.code for card in cards])


def _category(cards: Sequence[Card]) -> Category:
    return evaluate(cards).category


def _weighted(rng: random.Random, weights: Mapping[Category, int]) -> Category:
    return rng.choices(list(weights), list(weights.values()))[0]


def _is_straight(ranks: Sequence[int]) -> bool:
    values = set(ranks)
    if 14 in values:
        values |= {1}
    return any(all(r + i in values for i in range(5)) for r in range(1, 11))


def _made_cards(b: _Build, category: Category) -> list[Card]:
    """The cards that make ``category`` (docs/rules.md §1), chosen at random and taken."""
    rng = b.rng
    if category in (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH):
        suit = rng.choice(SUITS)
        top = 14 if category is Category.ROYAL_FLUSH else rng.randint(5, 13)
        return [b.of_rank(r, suit) for r in range(top - 4, top + 1)]
    if category is Category.FOUR_OF_A_KIND:
        rank = rng.randint(2, 14)
        return [b.of_rank(rank, suit) for suit in SUITS]
    if category is Category.FULL_HOUSE:
        trips, pair = b.ranks(2)
        return [b.of_rank(trips, s) for s in rng.sample(SUITS, 3)] + [
            b.of_rank(pair, s) for s in rng.sample(SUITS, 2)
        ]
    if category is Category.FLUSH:
        suit = rng.choice(SUITS)
        while True:
            ranks = b.ranks(5)
            if not _is_straight(ranks):
                return [b.of_rank(r, suit) for r in ranks]
    if category is Category.STRAIGHT:
        top = rng.randint(5, 14)
        while True:
            suits = [rng.choice(SUITS) for _ in range(5)]
            if len(set(suits)) > 1:
                return [
                    b.of_rank(r, s) for r, s in zip(range(top - 4, top + 1), suits, strict=True)
                ]
    if category is Category.THREE_OF_A_KIND:
        rank = rng.randint(2, 14)
        return [b.of_rank(rank, s) for s in rng.sample(SUITS, 3)]
    raise AssertionError(category)


def _split(b: _Build, made: list[Card], hole: list[Card], shared: list[Card], in_hole: int) -> None:
    """Put ``in_hole`` of the made cards in ``hole`` and the rest in ``shared``."""
    b.rng.shuffle(made)
    hole.extend(made[:in_hole])
    shared.extend(made[in_hole:])


def _seat_holds(b: _Build, category: Category, in_hole: Sequence[int] = (1, 2)) -> None:
    """The key seat's best five of seven is exactly ``category``."""
    _split(b, _made_cards(b, category), b.hole, b.board, b.rng.choice(in_hole))
    _fill_all(b)
    if _category((*b.hole, *b.board)) is not category:
        raise _Retry


def _fill_all(b: _Build) -> None:
    b.fill(b.board, 5)
    b.fill(b.dealer, 2)
    b.fill(b.hole, 2)


# Each builder places the cards of its situation; _assemble fills the rest.


def _build_wins_with(category: Category) -> Callable[[_Build], None]:
    def build(b: _Build) -> None:
        _seat_holds(b, category)
        b.stay()

    return build


def _build_wheel(b: _Build) -> None:
    """The wheel (docs/rules.md §1): A-2-3-4-5, the ace low; a seat's hand or the dealer's."""
    holder = b.hole if b.rng.random() < 0.7 else b.dealer
    suits = [b.rng.choice(SUITS) for _ in range(5)]
    if len(set(suits)) == 1:
        raise _Retry
    made = [b.of_rank(rank, suit) for rank, suit in zip((14, 2, 3, 4, 5), suits, strict=True)]
    _split(b, made, holder, b.board, b.rng.choice((1, 2)))
    _fill_all(b)
    if not _is_wheel(evaluate((*holder, *b.board))):
        raise _Retry
    b.stay()


def _board_that_plays(b: _Build) -> None:
    """A board no hole cards improve on for the key seat and the dealer."""
    shape = _weighted(
        b.rng,
        {
            Category.STRAIGHT: 40,
            Category.FLUSH: 25,
            Category.FULL_HOUSE: 20,
            Category.FOUR_OF_A_KIND: 15,
        },
    )
    if shape is Category.STRAIGHT:
        top = b.rng.randint(6, 14)
        suits = b.rng.sample(SUITS * 2, 5)  # at most two of a suit: no flush can come
        b.board.extend(b.of_rank(r, s) for r, s in zip(range(top - 4, top + 1), suits, strict=True))
    elif shape is Category.FOUR_OF_A_KIND:
        rank = b.rng.randint(2, 14)
        b.board.extend(b.of_rank(rank, suit) for suit in SUITS)
        kicker = 13 if rank == 14 else 14
        b.board.append(b.of_rank(kicker if b.rng.random() < 0.8 else b.ranks(1, (rank,))[0]))
    else:
        b.board.extend(_made_cards(b, shape))
    board = _value(b.board)
    for hole in (b.hole, b.dealer):
        for _ in range(40):
            pair = [b.draw(), b.draw()]
            if _value((*pair, *b.board)) == board:
                hole.extend(pair)
                break
            b.used.difference_update(pair)
        else:
            raise _Retry


def _build_board_plays_tie(b: _Build) -> None:
    _board_that_plays(b)
    b.stay()


def _build_kicker(b: _Build) -> None:
    """Same category and pair rank for the key seat and the dealer; a hole kicker decides."""
    shape = _weighted(
        b.rng,
        {
            Category.ONE_PAIR: 55,
            Category.TWO_PAIR: 25,
            Category.THREE_OF_A_KIND: 15,
            Category.FOUR_OF_A_KIND: 5,
        },
    )
    shared_rank, other = b.ranks(2)
    if shape is Category.ONE_PAIR:
        b.board.append(b.of_rank(shared_rank))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    elif shape is Category.TWO_PAIR:
        b.board.extend((b.of_rank(other), b.of_rank(other), b.of_rank(shared_rank)))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    elif shape is Category.THREE_OF_A_KIND:
        b.board.extend((b.of_rank(shared_rank), b.of_rank(shared_rank)))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    else:
        b.board.extend(b.of_rank(shared_rank, suit) for suit in SUITS)
    used_ranks = {card.rank for card in (*b.board, *b.hole)}
    first = b.draw(lambda card: card.rank not in used_ranks)
    second = b.draw(lambda card: card.rank not in used_ranks and card.rank != first.rank)
    b.fill(b.hole, 1 if shape is Category.FOUR_OF_A_KIND else 0)
    b.hole.append(first)
    b.dealer.append(second)
    _fill_all(b)
    seat, dealer = evaluate((*b.hole, *b.board)), evaluate((*b.dealer, *b.board))
    if (
        seat.category is not shape
        or dealer.category is not shape
        or _made_ranks(seat) != _made_ranks(dealer)
        or seat.value == dealer.value
    ):
        raise _Retry
    b.stay()


def _build_counterfeited(b: _Build) -> None:
    """A pocket pair under two board pairs: the board's two pair plays (docs/rules.md §1)."""
    pocket = b.rng.randint(2, 12)
    high, low = sorted(b.rng.sample(range(pocket + 1, 15), 2), reverse=True)
    b.hole.extend(b.of_rank(pocket) for _ in range(2))
    b.board.extend(b.of_rank(rank) for rank in (high, high, low, low))
    b.board.append(b.draw(lambda card: card.rank not in (high, low, pocket)))
    _fill_all(b)
    b.stay()


def _dealer_high_card(b: _Build, avoid: Suit | None = None) -> None:
    """Dealer hole cards that leave the dealer short of a pair (docs/rules.md §3)."""
    ranks = {card.rank for card in b.board}
    first = b.draw(lambda card: card.rank not in ranks and card.suit is not avoid)
    second = b.draw(lambda card: card.rank not in ranks | {first.rank} and card.suit is not avoid)
    b.dealer.extend((first, second))
    if _category((*b.dealer, *b.board)) is not Category.HIGH_CARD:
        raise _Retry


def _build_dealer_not_qualify(b: _Build) -> None:
    for rank in b.ranks(5):
        b.board.append(b.of_rank(rank))
    _dealer_high_card(b)
    _fill_all(b)
    b.stay()


def _build_dnq_flush(b: _Build) -> None:
    suit = b.rng.choice(SUITS)
    on_board = b.rng.choice((3, 4))
    ranks = b.ranks(5)
    for index, rank in enumerate(ranks):
        if index < on_board:
            b.board.append(b.of_rank(rank, suit))
        else:
            b.board.append(b.of_rank(rank, not_suit=suit))
    b.hole.append(b.draw(lambda card: card.suit is suit))
    if on_board == 3:
        b.hole.append(b.draw(lambda card: card.suit is suit))
    _dealer_high_card(b, avoid=suit)
    _fill_all(b)
    if _category((*b.hole, *b.board)) is not Category.FLUSH:
        raise _Retry
    b.stay()


def _lose_straight(b: _Build) -> None:
    rng, low = b.rng, b.rng.randint(1, 9)
    way = rng.randrange(3)
    if way == 0:  # a higher straight: the dealer holds the card above
        b.board.extend(b.of_rank(r) for r in range(low + 1, low + 5))
        b.hole.append(b.of_rank(low))
        b.dealer.append(b.of_rank(low + 5))
        return
    run = list(range(low, low + 5))
    rng.shuffle(run)
    if way == 1:  # a flush beats the straight
        suit = rng.choice(SUITS)
        b.board.extend(b.of_rank(r, suit) for r in run[:3])
        b.hole.extend(b.of_rank(r, not_suit=suit) for r in run[3:])
        b.dealer.extend((b.draw(lambda c: c.suit is suit), b.draw(lambda c: c.suit is suit)))
    else:  # a full house beats the straight
        pair = b.ranks(1, [_rank(r) for r in run])[0]
        b.board.extend([*(b.of_rank(r) for r in run[:3]), b.of_rank(pair), b.of_rank(pair)])
        b.hole.extend(b.of_rank(r) for r in run[3:])
        b.dealer.extend((b.of_rank(pair), b.of_rank(run[0])))


def _lose_flush(b: _Build) -> None:
    suit = b.rng.choice(SUITS)
    if b.rng.random() < 0.6:  # a higher flush
        b.board.extend(b.draw(lambda c: c.suit is suit) for _ in range(3))
        b.hole.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
        b.dealer.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
        if _value((*b.hole, *b.board[:3])) > _value((*b.dealer, *b.board[:3])):
            b.hole[:], b.dealer[:] = b.dealer[:], b.hole[:]
        return
    pair, side = b.ranks(2)  # a full house beats the flush
    b.board.extend((b.of_rank(pair, suit), b.of_rank(pair, not_suit=suit), b.of_rank(side, suit)))
    b.board.append(b.draw(lambda c: c.suit is suit))
    b.hole.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
    b.dealer.extend((b.of_rank(pair), b.of_rank(side)))


def _lose_full_house(b: _Build) -> None:
    if b.rng.random() < 0.6:  # a higher full house: the dealer's trips outrank the seat's
        high, low = sorted(b.ranks(2), reverse=True)
        b.board.extend((b.of_rank(high), b.of_rank(high), b.of_rank(low)))
        b.hole.extend((b.of_rank(low), b.of_rank(low)))
        b.dealer.extend((b.of_rank(high), b.of_rank(low)))
        return
    pair, trips = b.ranks(2)  # four of a kind beats the full house
    b.board.extend((b.of_rank(pair), b.of_rank(pair), b.of_rank(trips)))
    b.hole.extend((b.of_rank(trips), b.of_rank(trips)))
    b.dealer.extend((b.of_rank(pair), b.of_rank(pair)))


def _lose_quads(b: _Build) -> None:
    if b.rng.random() < 0.6:  # higher four of a kind: board p p q q, seat q q, dealer p p
        high, low = sorted(b.ranks(2), reverse=True)
        b.board.extend((b.of_rank(high), b.of_rank(high), b.of_rank(low), b.of_rank(low)))
        b.hole.extend((b.of_rank(low), b.of_rank(low)))
        b.dealer.extend((b.of_rank(high), b.of_rank(high)))
        return
    # a straight flush beats four of a kind: the board holds three of the quads' rank
    suit, low = b.rng.choice(SUITS), b.rng.randint(1, 10)
    run = list(range(low, low + 5))
    b.rng.shuffle(run)
    quads = run[0]
    b.board.append(b.of_rank(quads, suit))
    b.board.extend(b.of_rank(quads, not_suit=suit) for _ in range(2))
    b.board.extend(b.of_rank(r, suit) for r in run[1:3])
    b.dealer.extend(b.of_rank(r, suit) for r in run[3:])
    b.hole.append(b.of_rank(quads, not_suit=suit))


def _lose_straight_flush(b: _Build) -> None:
    suit = b.rng.choice(SUITS)
    if b.rng.random() < 0.5:  # board c..c+3, seat c-1, dealer c+4
        c = b.rng.randint(2, 10)
        b.board.extend(b.of_rank(r, suit) for r in range(c, c + 4))
        b.hole.append(b.of_rank(c - 1, suit))
        b.dealer.append(b.of_rank(c + 4, suit))
    else:  # board c..c+2, seat c-2 and c-1, dealer c+3 and c+4
        c = b.rng.randint(3, 10)
        b.board.extend(b.of_rank(r, suit) for r in range(c, c + 3))
        b.hole.extend(b.of_rank(r, suit) for r in (c - 2, c - 1))
        b.dealer.extend(b.of_rank(r, suit) for r in (c + 3, c + 4))


_LOSERS: dict[Category, Callable[[_Build], None]] = {
    Category.STRAIGHT: _lose_straight,
    Category.FLUSH: _lose_flush,
    Category.FULL_HOUSE: _lose_full_house,
    Category.FOUR_OF_A_KIND: _lose_quads,
    Category.STRAIGHT_FLUSH: _lose_straight_flush,
}


def _seat_loses_with(b: _Build, category: Category) -> None:
    """The key seat holds ``category`` and the dealer's hand beats it (docs/rules.md §4)."""
    _LOSERS[category](b)
    _fill_all(b)
    seat = evaluate((*b.hole, *b.board))
    if seat.category is not category or _value((*b.dealer, *b.board)) <= seat.value:
        raise _Retry
    b.stay()


def _build_bad_beat(b: _Build) -> None:
    categories = [c for c in b.tables.bad_beat if c in _LOSERS]
    _seat_loses_with(b, b.rng.choice(categories))


def _build_loses_with_quads(b: _Build) -> None:
    _seat_loses_with(b, Category.FOUR_OF_A_KIND)


_FOLDED_PAIR_WEIGHTS = {rank: 3 if rank <= 6 else 2 if rank <= 10 else 1 for rank in range(2, 14)}
_FOLDED_PAIR_WEIGHTS[14] = 1  # the Pocket Bonus pays a pair of aces on its own line


def _build_folded_pocket_pair(b: _Build) -> None:
    """docs/rules.md §5/§7: a folded seat's Pocket Bonus still settles. Small pairs that the
    board leaves at a pair or two pair, as a player would plausibly give up."""
    rank = b.rng.choices(list(_FOLDED_PAIR_WEIGHTS), list(_FOLDED_PAIR_WEIGHTS.values()))[0]
    b.hole.extend((b.of_rank(rank), b.of_rank(rank)))
    _fill_all(b)
    if _category((*b.hole, *b.board)) > Category.TWO_PAIR:
        raise _Retry
    b.stays_in[b.key] = False
    b.bet(Wager.POCKET_BONUS)


_TRIPS_PLUS_MIX = {
    Category.THREE_OF_A_KIND: 40,
    Category.STRAIGHT: 20,
    Category.FLUSH: 15,
    Category.FULL_HOUSE: 15,
    Category.FOUR_OF_A_KIND: 6,
    Category.STRAIGHT_FLUSH: 3,
    Category.ROYAL_FLUSH: 1,
}


def _build_trips_plus(b: _Build) -> None:
    """The key seat's best five of seven pays Trips Plus; board-only hands count (docs/rules.md
    §5)."""
    table = b.tables.trips_plus
    category = _weighted(b.rng, {c: w for c, w in _TRIPS_PLUS_MIX.items() if c in table})
    in_hole = (0, 1, 1, 2, 2) if category is Category.THREE_OF_A_KIND else (1, 2)
    _seat_holds(b, category, in_hole)
    b.bet(Wager.TRIPS_PLUS)


def _build_pocket_aces(b: _Build) -> None:
    b.hole.extend((b.of_rank(14), b.of_rank(14)))
    _fill_all(b)
    b.bet(Wager.POCKET_BONUS)


def _build_six_card(b: _Build) -> None:
    """docs/rules.md §5: the 6-Card Bonus is the hole cards plus four extra cards, best five."""
    assert b.ruleset.six_card_bonus is not None
    stake = b.rng.choice(list(b.ruleset.six_card_bonus))
    table = b.ruleset.six_card_bonus[stake]
    category = _weighted(b.rng, {c: w for c, w in _TRIPS_PLUS_MIX.items() if c in table})
    b.six = []
    _split(b, _made_cards(b, category), b.hole, b.six, b.rng.choice((1, 2)))
    b.fill(b.six, 4)
    _fill_all(b)
    if _category((*b.hole, *b.six)) not in table:
        raise _Retry
    b.bet(Wager.SIX_CARD_BONUS, stake)


def _build_cap(b: _Build) -> None:
    """docs/rules.md §6: a royal flush win, or a straight flush losing to a royal flush (bad beat),
    on an ante large enough that the capped winnings exceed the maximum aggregate payout."""
    tables = b.tables
    bad_beat = tables.bad_beat.get(Category.STRAIGHT_FLUSH)
    if bad_beat is not None and b.rng.random() < 0.25:
        floor = _cap_ante_floor(b.ruleset, Decimal(bad_beat.to_win) / bad_beat.per - 1)
        if floor is not None:
            suit = b.rng.choice(SUITS)
            b.board.extend(b.of_rank(r, suit) for r in range(10, 14))
            b.hole.append(b.of_rank(9, suit))
            b.dealer.append(b.of_rank(14, suit))
            _fill_all(b)
            b.antes[b.key] = _cap_ante(b, floor)
            b.stay()
            return
    line = tables.odds_win[Category.ROYAL_FLUSH]
    floor = _cap_ante_floor(b.ruleset, Decimal(line.to_win) / line.per)
    assert floor is not None
    _seat_holds(b, Category.ROYAL_FLUSH)
    b.antes[b.key] = _cap_ante(b, floor)
    b.stay()


def _cap_ante(b: _Build, floor: Decimal) -> Decimal:
    high = b.ruleset.ante_limits[1]
    top = min(high, floor * 2)
    return Decimal(b.rng.randint(int(floor), int(top))).quantize(CENT)


def _build_full_table(b: _Build) -> None:
    _fill_all(b)
    b.stay()
    for wager in _offered_wagers(b.ruleset)[3:]:
        b.bets.setdefault(b.rng.choice(b.seats), {})[wager] = None


def _build_tie_qualifies(b: _Build) -> None:
    if b.rng.random() < 0.5:
        _board_that_plays(b)
    else:  # the same two ranks in both hands
        first, second = b.ranks(2)
        b.hole.extend((b.of_rank(first), b.of_rank(second)))
        b.dealer.extend((b.of_rank(first), b.of_rank(second)))
        _fill_all(b)
        dealer = _value((*b.dealer, *b.board))
        if dealer != _value((*b.hole, *b.board)) or dealer >> 20 == 0:
            raise _Retry
    b.stay()


# --- the registry ------------------------------------------------------------------------

_Builder = Callable[[_Build], None]


def _entry(
    kind: str,
    description: str,
    match: Match,
    build: _Builder,
    rules: str | None = None,
    requires: Callable[[RuleSet], str | None] | None = None,
) -> tuple[Scenario, _Builder]:
    scenario = Scenario(kind, description, rules, match, requires or (lambda ruleset: None))
    return scenario, build


_ENTRIES = [
    _entry(
        "royal-flush",
        "A seat holds a royal flush and wins with it.",
        _wins_with(Category.ROYAL_FLUSH),
        _build_wins_with(Category.ROYAL_FLUSH),
    ),
    _entry(
        "straight-flush",
        "A seat wins with a straight flush.",
        _wins_with(Category.STRAIGHT_FLUSH),
        _build_wins_with(Category.STRAIGHT_FLUSH),
    ),
    _entry(
        "four-of-a-kind-wins",
        "A seat wins with four of a kind.",
        _wins_with(Category.FOUR_OF_A_KIND),
        _build_wins_with(Category.FOUR_OF_A_KIND),
    ),
    _entry(
        "wheel-straight",
        "A seat's or the dealer's best hand is the wheel, A-2-3-4-5, with the ace playing low.",
        _match_wheel,
        _build_wheel,
    ),
    _entry(
        "board-plays-tie",
        "The five community cards are the best hand of both the dealer and a seat,"
        " so that seat ties the dealer.",
        _match_board_plays_tie,
        _build_board_plays_tie,
    ),
    _entry(
        "kicker-decides",
        "A seat and the dealer hold the same hand with the same pair rank, and a kicker decides"
        " who wins.",
        _match_kicker,
        _build_kicker,
    ),
    _entry(
        "counterfeited-two-pair",
        "A seat's pocket pair is counterfeited: two higher pairs on the board play, so its own"
        " pair does not.",
        _match_counterfeited,
        _build_counterfeited,
    ),
    _entry(
        "dealer-not-qualify",
        "The dealer does not qualify (less than a pair) and at least one seat has raised.",
        _match_dealer_not_qualify,
        _build_dealer_not_qualify,
    ),
    _entry(
        "dealer-not-qualify-flush-wins",
        "The dealer does not qualify and at least one seat wins with a flush.",
        _match_dnq_flush,
        _build_dnq_flush,
    ),
    _entry(
        "bad-beat",
        "A seat loses to the dealer with a hand on the rule set's bad-beat table"
        " (a straight or better).",
        _loses_with(_bad_beat_categories),
        _build_bad_beat,
    ),
    _entry(
        "bad-beat-quads",
        "A seat loses to the dealer with four of a kind: its odds wager pays the bad-beat"
        " line for four of a kind.",
        _loses_with(
            lambda s: (
                (Category.FOUR_OF_A_KIND,)
                if Category.FOUR_OF_A_KIND in s.round.tables.bad_beat
                else ()
            )
        ),
        _build_loses_with_quads,
        requires=_needs_bad_beat_line(Category.FOUR_OF_A_KIND),
    ),
    _entry(
        "seat-loses-with-quads",
        "A seat loses with four of a kind.",
        _loses_with(lambda s: (Category.FOUR_OF_A_KIND,)),
        _build_loses_with_quads,
    ),
    _entry(
        "folded-seat-pocket-pair",
        "A seat that folded holds a pocket pair and a Pocket Bonus wager, which is still paid.",
        _match_folded_pocket_pair,
        _build_folded_pocket_pair,
    ),
    _entry(
        "trips-plus-win",
        "A seat's Trips Plus wager wins: its best hand is three of a kind or better.",
        _match_trips_plus,
        _build_trips_plus,
    ),
    _entry(
        "pocket-aces",
        "A seat holds a pair of aces and a Pocket Bonus wager.",
        _match_pocket_aces,
        _build_pocket_aces,
    ),
    _entry(
        "six-card-bonus-win",
        "A seat's 6-Card Bonus wins: its two hole cards and the four bonus cards make three of"
        " a kind or better.",
        _match_six_card,
        _build_six_card,
        rules="house",
        requires=_needs_six_card,
    ),
    _entry(
        "cap-applies",
        "A seat's winnings on the main, Trips Plus and Pocket Bonus wagers exceed the maximum"
        " aggregate payout, so the seat is paid the cap.",
        _match_capped,
        _build_cap,
        rules="house",
        requires=_needs_cap,
    ),
    _entry(
        "full-table",
        "All six seats are occupied and every wager the rule set offers is on the table.",
        _match_full_table,
        _build_full_table,
    ),
    _entry(
        "tie-dealer-qualifies",
        "A seat ties a dealer who qualifies: its ante, raise and odds push.",
        _match_tie_qualifies,
        _build_tie_qualifies,
    ),
]

SCENARIOS: Mapping[str, Scenario] = MappingProxyType(
    {scenario.kind: scenario for scenario, _ in _ENTRIES}
)
"""Every scenario kind, in the order a lesson author would meet them."""

_BUILDERS: Mapping[str, _Builder] = {scenario.kind: build for scenario, build in _ENTRIES}


# --- generating --------------------------------------------------------------------------


def _seat_numbers(rng: random.Random, seats: int | Sequence[int] | None, kind: str) -> list[int]:
    """``seats`` as for generate_round: a count, seat numbers, or None (1 to 6 at random)."""
    if isinstance(seats, bool) or not (seats is None or isinstance(seats, int | Sequence)):
        raise ScenarioError(f"seats: {seats!r} is not a number of seats or a list of seats")
    if kind == "full-table":
        if (
            seats is None
            or seats == 6
            or (not isinstance(seats, int) and sorted(seats) == [1, 2, 3, 4, 5, 6])
        ):
            return [1, 2, 3, 4, 5, 6]
        raise ScenarioError(f"seats: scenario 'full-table' needs all six seats, not {seats!r}")
    if seats is None:
        return sorted(rng.sample(range(1, 7), rng.randint(1, 6)))
    if isinstance(seats, int):
        if not 1 <= seats <= 6:
            raise ScenarioError(f"seats: {seats} occupied seats is not 1 to 6")
        return sorted(rng.sample(range(1, 7), seats))
    numbers = list(seats)
    if not numbers or any(
        isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 6 for n in numbers
    ):
        raise ScenarioError(f"seats: {seats!r} must list seat numbers 1 to 6")
    if len(set(numbers)) != len(numbers):
        raise ScenarioError(f"seats: {seats!r} lists a seat twice")
    return sorted(numbers)


def scenario(kind: str) -> Scenario:
    """The scenario of a kind; a :class:`ScenarioError` naming the known kinds otherwise."""
    try:
        return SCENARIOS[kind]
    except (KeyError, TypeError):
        raise ScenarioError(
            f"unknown scenario kind {kind!r} (known: {', '.join(SCENARIOS)})"
        ) from None


def check_ruleset(kind: str, ruleset: RuleSet) -> None:
    """Refuse, with a :class:`ScenarioError`, a rule set that cannot host ``kind``."""
    reason = scenario(kind).unsupported(ruleset)
    if reason is not None:
        raise ScenarioError(f"scenario {kind!r} cannot be dealt: {reason}")


def generate_scenario(
    kind: str,
    rng: random.Random,
    ruleset: RuleSet | None = None,
    *,
    seats: int | Sequence[int] | None = None,
    options: Mapping[str, str] | None = None,
) -> Round:
    """A round showing the situation of ``kind``, reproducible from ``rng``'s seed.

    ``ruleset`` None deals under the preset the kind needs (:attr:`Scenario.rules`),
    else New York 2018. ``seats`` is as for :func:`~trainer.engine.generator.generate_round`:
    how many seats are occupied, or which seat numbers; the situation is built on one
    of them. ``options`` picks the round's pay tables, as in a round's ``options``
    (e.g. ``{"trips_plus_table": "B"}``).
    """
    chosen = scenario(kind)
    if ruleset is None:
        ruleset = load_preset(chosen.rules or DEFAULT_RULES)
    check_ruleset(kind, ruleset)
    options = {key: str(value).upper() for key, value in (options or {}).items()}
    ruleset.choose_tables(options)  # refuses an option the rule set does not offer
    numbers = _seat_numbers(rng, seats, kind)
    build = _BUILDERS[kind]
    for _ in range(MAX_ATTEMPTS):
        key = rng.choice(numbers)
        attempt = _Build(rng, ruleset, options, numbers, key)
        try:
            build(attempt)
        except _Retry:
            continue
        round_ = _assemble(attempt)
        if key in chosen.match(settle(round_, explain=False)):
            return round_
    raise ScenarioError(
        f"scenario {kind!r}: no round found in {MAX_ATTEMPTS} attempts under rule set"
        f" {ruleset.id!r} (a bug in trainer/engine/scenarios.py)"
    )


def _assemble(b: _Build) -> Round:
    """Fill every remaining card, then wagers (generate_round) and decisions (decide_raise)."""
    rng, ruleset = b.rng, b.ruleset
    _fill_all(b)
    for hole in b.holes.values():
        b.fill(hole, 2)
    rng.shuffle(b.board)
    base = generate_round(rng, ruleset, seats=b.seats, options=b.options)
    board = tuple(b.board)
    seats = []
    for seat in base.seats:
        number = seat.seat
        hole = (b.holes[number][0], b.holes[number][1])
        ante = b.antes.get(number, seat.ante)
        bets = dict(seat.side_bets)
        for wager, amount in b.bets.get(number, {}).items():
            if amount is None:
                amount = bets.get(wager) or _side_amount(rng, ruleset, wager)
            bets[wager] = amount
        multiple = decide_raise(rng, ruleset, hole, board)
        forced = b.stays_in.get(number)
        if forced is True and multiple == 0:
            multiple = 1  # the river call (docs/rules.md §2): exactly 1x the ante
        elif forced is False:
            multiple = 0
        seats.append(Seat(number, hole, ante, ante, ante * multiple, multiple == 0, bets))
    six_cards = None
    jackpot = None
    if any(Wager.SIX_CARD_BONUS in seat.side_bets for seat in seats):
        six = b.six if b.six is not None else []
        b.fill(six, 4)
        six_cards = tuple(six)
        jackpot = base.six_card_bonus_jackpot or Decimal(rng.randrange(10_000, 60_000)).quantize(
            CENT
        )
    pool = None
    if any(Wager.PROGRESSIVE in seat.side_bets for seat in seats):
        pool = base.progressive_pool or (
            Decimal(rng.randrange(5_000_000, 50_000_000)) / 100
        ).quantize(CENT)
    return Round(
        ruleset=ruleset,
        options=base.options,
        tables=base.tables,
        dealer=(b.dealer[0], b.dealer[1]),
        board=(board[0], board[1], board[2], board[3], board[4]),
        seats=tuple(seats),
        six_card_bonus_cards=six_cards,
        six_card_bonus_jackpot=jackpot,
        progressive_pool=pool,
    )


def _side_amount(rng: random.Random, ruleset: RuleSet, wager: Wager) -> Decimal:
    if wager is Wager.SIX_CARD_BONUS:
        assert ruleset.six_card_bonus is not None
        return rng.choice(list(ruleset.six_card_bonus))
    if wager is Wager.PROGRESSIVE:
        assert ruleset.progressive is not None
        return ruleset.progressive.wager
    return _amount_within(rng, SIDE_BET_UNITS, ruleset.side_limits[wager.value])
