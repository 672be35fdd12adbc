"""Random rounds for practice, reproducible from a seed.

Players decide with a simple basic strategy (docs/rules.md §2 decision points):

* pre-flop: raise the largest pre-flop multiple (3x) on a strong start: any
  pair of 3s or better, any ace, K-Q/K-J/K-T, K-x suited with x >= 5, Q-J;
* on the flop, if not yet raised: raise the largest flop multiple (2x) with a
  hidden pair or better (a pair or better that uses a hole card);
* after the river: raise 1x with a hidden pair or better, or with the
  board's best hand plus an ace or king kicker in the hole; otherwise fold.

Side bets appear at roughly the rates seen on real tables (Trips Plus on 40%
of seats, Pocket Bonus on 30%, the 6-Card Bonus on 20% and the progressive
on 35% where the rule set offers them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from trainer.engine.cards import DECK, Card
from trainer.engine.evaluator import hand_value
from trainer.engine.money import CENT
from trainer.engine.round import Round, Seat, Wager
from trainer.engine.rulesets import RuleSet

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


def _amount_within(
    rng: random.Random, units: Sequence[Decimal], limits: tuple[Decimal, Decimal]
) -> Decimal:
    low, high = limits
    choices = [unit for unit in units if low <= unit <= high]
    if not choices:
        whole = list(range(int(low.to_integral_value(rounding="ROUND_CEILING")), int(high) + 1))
        choices = [Decimal(value) for value in whole[:10]] or [low]
    return rng.choice(choices).quantize(CENT)


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


def generate_round(
    rng: random.Random,
    ruleset: RuleSet,
    *,
    seats: int | Sequence[int] | None = None,
    side_bets: Sequence[Wager] | None = None,
    options: dict[str, str] | None = None,
) -> Round:
    """Deal one random round.

    ``seats`` is how many seats are occupied (chosen at random among 1-6) or
    which seat numbers; by default 1 to 6 seats. ``side_bets`` limits which
    side wagers may appear (default: every one the rule set offers).
    """
    if seats is None:
        seat_numbers = sorted(rng.sample(range(1, 7), rng.randint(1, 6)))
    elif isinstance(seats, int):
        if not 1 <= seats <= 6:
            raise ValueError(f"seats: {seats} occupied seats is not 1 to 6")
        seat_numbers = sorted(rng.sample(range(1, 7), seats))
    else:
        seat_numbers = sorted(seats)
    offered = [Wager.TRIPS_PLUS, Wager.POCKET_BONUS]
    if ruleset.six_card_bonus:
        offered.append(Wager.SIX_CARD_BONUS)
    if ruleset.progressive:
        offered.append(Wager.PROGRESSIVE)
    allowed = [w for w in offered if side_bets is None or w in side_bets]
    rates = {
        Wager.TRIPS_PLUS: 0.4,
        Wager.POCKET_BONUS: 0.3,
        Wager.SIX_CARD_BONUS: 0.2,
        Wager.PROGRESSIVE: 0.35,
    }

    deck = list(DECK)
    rng.shuffle(deck)
    board = tuple(deck[:5])
    dealer = (deck[5], deck[6])
    position = 7
    six_cards = None
    seats_out = []
    for number in seat_numbers:
        hole = (deck[position], deck[position + 1])
        position += 2
        ante = _amount_within(rng, CHIP_UNITS, ruleset.ante_limits)
        multiple = decide_raise(rng, ruleset, hole, board)
        bets: dict[Wager, Decimal] = {}
        for wager in allowed:
            if rng.random() >= rates[wager]:
                continue
            if wager is Wager.SIX_CARD_BONUS:
                assert ruleset.six_card_bonus is not None
                bets[wager] = rng.choice(list(ruleset.six_card_bonus))
            elif wager is Wager.PROGRESSIVE:
                assert ruleset.progressive is not None
                bets[wager] = ruleset.progressive.wager
            else:
                bets[wager] = _amount_within(rng, SIDE_BET_UNITS, ruleset.side_limits[wager.value])
        seats_out.append(Seat(number, hole, ante, ante, ante * multiple, multiple == 0, bets))
    if any(Wager.SIX_CARD_BONUS in seat.side_bets for seat in seats_out):
        six_cards = tuple(deck[position : position + 4])
    tables = ruleset.choose_tables(options or {})
    jackpot = Decimal(rng.randrange(10_000, 60_000)).quantize(CENT) if six_cards else None
    pool = None
    if any(Wager.PROGRESSIVE in seat.side_bets for seat in seats_out):
        pool = (Decimal(rng.randrange(5_000_000, 50_000_000)) / 100).quantize(CENT)
    return Round(
        ruleset=ruleset,
        options={key: str(value).upper() for key, value in (options or {}).items()},
        tables=tables,
        dealer=dealer,
        board=board,  # type: ignore[arg-type]
        seats=tuple(seats_out),
        six_card_bonus_cards=six_cards,
        six_card_bonus_jackpot=jackpot,
        progressive_pool=pool,
    )
