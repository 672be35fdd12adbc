"""Random rounds for practice, reproducible from a seed.

Players decide with a simple basic strategy (docs/rules.md §2 decision points):

* pre-flop: raise the largest pre-flop multiple (3x) on a strong start: any
  pair of 3s or better, any ace, K-Q/K-J/K-T, K-x suited with x >= 5, Q-J;
* on the flop, if not yet raised: raise the largest flop multiple (2x) with a
  hidden pair or better (a pair or better that uses a hole card);
* after the river: raise 1x with a hidden pair or better, or with the
  board's best hand plus an ace or king kicker in the hole; otherwise fold.

Side bets appear at roughly the rates seen on real tables
(:data:`SIDE_BET_RATES`, where the rule set offers them).

Every wager is bet in chips of the room's rack as a player would bet it
(:func:`bet_chips`): mostly one colour, sometimes a "rainbow" of two or more. The
chips are drawn from a random source made from the round's own (its state when
the round is dealt, :func:`chip_source`), without drawing from it: the same seed
deals the same cards, wagers and chips, and the cards and wagers are those the
seed dealt before rounds had chips.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache

from trainer.engine.cards import DECK, Card
from trainer.engine.chips import DEFAULT_RACK, ChipError, Rack, fewest_chips
from trainer.engine.evaluator import hand_value
from trainer.engine.money import CENT
from trainer.engine.round import (
    SEAT_NUMBERS,
    TABLE_SEATS,
    Round,
    Seat,
    Wager,
    is_seat_count,
    is_seat_number,
    offered_side_wagers,
)
from trainer.engine.rulesets import RuleSet

# Bet amounts a player puts down (antes; side bets), not chip values: the room's chips
# are trainer/engine/chips.py's rack, and every amount here is a stack of its default
# chips (tests/engine/test_engine_chips.py). Kept as they are: deriving them from the rack
# would change the rounds dealt from a seed.
CHIP_UNITS = (
    Decimal(5),
    Decimal(10),
    Decimal(15),
    Decimal(20),
    Decimal(25),
    Decimal(50),
    Decimal(100),
)
SIDE_BET_UNITS = (Decimal(1), Decimal(2), Decimal(5), Decimal(10), Decimal(25))


BET_STACK = 20
"""The most chips a generated bet holds: a full stack of 20."""
ONE_COLOUR_RATE = 0.75
"""How often a bet that can be one colour is (the rest are rainbows)."""


@lru_cache(maxsize=1024)
def bet_choices(amount: Decimal, rack: Rack) -> tuple[list[tuple[Decimal, ...]],
                                                      list[tuple[Decimal, ...]]]:
    """The ways a player bets ``amount`` in ``rack``'s chips, largest chip first: one
    colour (``n`` chips of one value), and rainbows (some chips of one value and the rest
    of one smaller value, and the fewest chips when they are of more colours), each of at
    most :data:`BET_STACK` chips. A chip worth part of a dollar (the $2.50 pink) is used
    only when the amount has cents: $15 is never bet as six pinks."""
    values = [value for value in rack.values
              if amount % 1 or value == value.to_integral_value()]
    singles: list[tuple[Decimal, ...]] = []
    rainbows: list[tuple[Decimal, ...]] = []
    for value in values:
        count, rest = divmod(amount, value)
        if not rest and 1 <= count <= BET_STACK:
            singles.append((value,) * int(count))
    for index, big in enumerate(values):
        for small in values[index + 1:]:
            bigs = 1
            while bigs * big < amount and bigs < BET_STACK:
                smalls, rest = divmod(amount - bigs * big, small)
                if not rest and bigs + smalls <= BET_STACK:
                    rainbows.append((big,) * bigs + (small,) * int(smalls))
                bigs += 1
    try:
        fewest = fewest_chips(amount, rack.values) if amount / rack.values[0] <= BET_STACK \
            else None
    except ChipError:  # a rack too irregular to search in time: no such stack
        fewest = None
    if fewest and len(set(fewest)) > 2 and len(fewest) <= BET_STACK:
        rainbows.append(tuple(fewest))
    return singles, rainbows  # cached: callers only read them


def bet_chips(rng: random.Random, amount: Decimal, rack: Rack = DEFAULT_RACK
              ) -> tuple[Decimal, ...] | None:
    """The chips a player bets ``amount`` with: one colour (:data:`ONE_COLOUR_RATE` of the
    time where one colour of at most :data:`BET_STACK` chips makes it), else a rainbow
    (:func:`bet_choices`); where neither fits, the fewest chips; None when no stack of
    ``rack``'s chips makes ``amount``."""
    singles, rainbows = bet_choices(amount, rack)
    if singles and (not rainbows or rng.random() < ONE_COLOUR_RATE):
        return rng.choice(singles)
    if rainbows:
        return rng.choice(rainbows)
    try:
        fewest = fewest_chips(amount, rack.values) if amount / rack.values[0] <= 10 * BET_STACK \
            else None
    except ChipError:
        return None
    return tuple(fewest) if fewest else None


def chip_source(rng: random.Random) -> random.Random:
    """A random source for a round's chips, made from ``rng``'s state without drawing from
    it (so adding chips changed no card or wager a seed deals)."""
    try:  # the hash of a tuple of ints is the same in every run (only text hashes vary)
        return random.Random(hash(rng.getstate()[1]))
    except NotImplementedError:  # a source without a state (SystemRandom)
        return random.Random(rng.random())


def with_chips(round_: Round, chips: random.Random, rack: Rack = DEFAULT_RACK) -> Round:
    """``round_`` with every wager that has no chips bet in chips (:func:`bet_chips`), seat
    by seat in order, wagers in :class:`Wager` order."""
    seats = []
    for seat in round_.seats:
        made = dict(seat.chips)
        for wager in Wager:
            stake = seat.stake(wager)
            if stake and wager not in made:
                stack = bet_chips(chips, stake, rack)
                if stack is not None:
                    made[wager] = stack
        seats.append(replace(seat, chips=made))
    return replace(round_, seats=tuple(seats))


SIDE_BET_RATES = {
    Wager.TRIPS_PLUS: 0.4,
    Wager.POCKET_BONUS: 0.3,
    Wager.SIX_CARD_BONUS: 0.2,
    Wager.PROGRESSIVE: 0.35,
}
"""How often a seat places each side wager, where the rule set offers it."""


def amount_within(
    rng: random.Random, units: Sequence[Decimal], limits: tuple[Decimal, Decimal]
) -> Decimal:
    """A chip amount within ``limits``: one of ``units`` that fits, else a whole dollar amount
    from the low limit up."""
    low, high = limits
    choices = [unit for unit in units if low <= unit <= high]
    if not choices:
        whole = list(range(int(low.to_integral_value(rounding="ROUND_CEILING")), int(high) + 1))
        choices = [Decimal(value) for value in whole[:10]] or [low]
    return rng.choice(choices).quantize(CENT)


def side_bet_amount(rng: random.Random, ruleset: RuleSet, wager: Wager) -> Decimal:
    """A stake on a side wager: one the 6-Card Bonus offers, the progressive's fixed wager,
    or an amount within the rule set's limits for Trips Plus and the Pocket Bonus."""
    if wager is Wager.SIX_CARD_BONUS:
        assert ruleset.six_card_bonus is not None
        return rng.choice(list(ruleset.six_card_bonus))
    if wager is Wager.PROGRESSIVE:
        assert ruleset.progressive is not None
        return ruleset.progressive.wager
    return amount_within(rng, SIDE_BET_UNITS, ruleset.side_limits[wager.value])


def random_jackpot(rng: random.Random) -> Decimal:
    """A 6-Card Bonus jackpot meter: $10,000 to $59,999."""
    return Decimal(rng.randrange(10_000, 60_000)).quantize(CENT)


def random_pool(rng: random.Random) -> Decimal:
    """A progressive pool: $50,000.00 to $499,999.99."""
    return (Decimal(rng.randrange(5_000_000, 50_000_000)) / 100).quantize(CENT)


def choose_seats(rng: random.Random, seats: int | Sequence[int] | None) -> list[int]:
    """The occupied seat numbers, sorted: ``seats`` is how many (chosen at random), which seat
    numbers, or None for 1 to 6 seats at random. A ValueError names anything else."""
    if isinstance(seats, bool) or not (seats is None or isinstance(seats, int | Sequence)):
        raise ValueError(f"seats: {seats!r} is not a number of seats or a list of seats")
    if seats is None:
        return sorted(rng.sample(SEAT_NUMBERS, rng.randint(1, TABLE_SEATS)))
    if isinstance(seats, int):
        if not is_seat_count(seats):
            raise ValueError(f"seats: {seats} occupied seats is not 1 to {TABLE_SEATS}")
        return sorted(rng.sample(SEAT_NUMBERS, seats))
    numbers = list(seats)
    if not numbers or not all(is_seat_number(number) for number in numbers):
        raise ValueError(
            f"seats: {seats!r} must list seat numbers {SEAT_NUMBERS[0]} to {SEAT_NUMBERS[-1]}"
        )
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"seats: {seats!r} lists a seat twice")
    return sorted(numbers)


def _strong_start(hole: Sequence[Card]) -> bool:
    high, low = sorted((card.rank for card in hole), reverse=True)
    suited = hole[0].suit == hole[1].suit
    if high == low:
        return high >= 3
    if high == 14:
        return True
    if high == 13:
        return low >= 10 or (suited and low >= 5)
    return high == 12 and low == 11


def _hidden_strength(hole: Sequence[Card], shared: Sequence[Card]) -> bool:
    """A pair or better that the hole cards improve (not merely the board's hand)."""
    codes = [card.code for card in (*hole, *shared)]
    with_hole = hand_value(codes)
    if with_hole >> 20 == 0:
        return False
    if len(shared) < 5:
        # On the flop compare with the board's own pairs: a paired flop is not hidden.
        board_ranks = [card.rank for card in shared]
        board_paired = len(set(board_ranks)) < len(board_ranks)
        hole_pairs_board = any(card.rank in board_ranks for card in hole)
        pocket_pair = hole[0].rank == hole[1].rank
        return pocket_pair or hole_pairs_board or (with_hole >> 20 >= 2 and not board_paired)
    return with_hole > hand_value([card.code for card in shared])


def _river_raises(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    if _hidden_strength(hole, board):
        return True
    return any(card.rank >= 13 for card in hole)


def decide_raise(
    rng: random.Random, ruleset: RuleSet, hole: Sequence[Card], board: Sequence[Card]
) -> int:
    """The multiple of the ante a basic-strategy player raises, or 0 to fold."""
    if _strong_start(hole):
        return max(ruleset.raises_preflop)
    if _hidden_strength(hole, board[:3]):
        return max(ruleset.raises_flop)
    if _river_raises(hole, board):
        return 1
    # A few players call anyway: trainees must see odd decisions too.
    return 1 if rng.random() < 0.1 else 0


def raise_street(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """When :func:`decide_raise`'s player raises: 0 before the flop (a strong start), 1
    after the flop (a hidden pair or better), 2 after the river (or folds there). Draws
    nothing: the round a seed deals is unchanged."""
    if _strong_start(hole):
        return 0
    if _hidden_strength(hole, board[:3]):
        return 1
    return 2


def generate_round(
    rng: random.Random,
    ruleset: RuleSet,
    *,
    seats: int | Sequence[int] | None = None,
    side_bets: Sequence[Wager] | None = None,
    options: dict[str, str] | None = None,
    rack: Rack | None = DEFAULT_RACK,
) -> Round:
    """Deal one random round, every wager bet in chips of ``rack`` (:func:`with_chips`;
    None: no chips, for a caller that changes the wagers and makes the chips itself).

    ``seats`` is as for :func:`choose_seats`: how many seats are occupied (chosen
    at random among 1-6), which seat numbers, or by default 1 to 6 seats.
    ``side_bets`` limits which side wagers may appear (default: every one the
    rule set offers).
    """
    chips = chip_source(rng)
    seat_numbers = choose_seats(rng, seats)
    allowed = [w for w in offered_side_wagers(ruleset) if side_bets is None or w in side_bets]

    deck = list(DECK)
    rng.shuffle(deck)
    board = (deck[0], deck[1], deck[2], deck[3], deck[4])
    dealer = (deck[5], deck[6])
    position = 7
    six_cards = None
    seats_out = []
    for number in seat_numbers:
        hole = (deck[position], deck[position + 1])
        position += 2
        ante = amount_within(rng, CHIP_UNITS, ruleset.ante_limits)
        multiple = decide_raise(rng, ruleset, hole, board)
        bets: dict[Wager, Decimal] = {}
        for wager in allowed:
            if rng.random() < SIDE_BET_RATES[wager]:
                bets[wager] = side_bet_amount(rng, ruleset, wager)
        seats_out.append(Seat(number, hole, ante, ante, ante * multiple, multiple == 0, bets))
    if any(Wager.SIX_CARD_BONUS in seat.side_bets for seat in seats_out):
        six_cards = tuple(deck[position : position + 4])
    tables = ruleset.choose_tables(options or {})
    jackpot = random_jackpot(rng) if six_cards else None
    pool = None
    if any(Wager.PROGRESSIVE in seat.side_bets for seat in seats_out):
        pool = random_pool(rng)
    round_ = Round(
        ruleset=ruleset,
        options={key: str(value).upper() for key, value in (options or {}).items()},
        tables=tables,
        dealer=dealer,
        board=board,
        seats=tuple(seats_out),
        six_card_bonus_cards=six_cards,
        six_card_bonus_jackpot=jackpot,
        progressive_pool=pool,
    )
    return round_ if rack is None else with_chips(round_, chips, rack)
