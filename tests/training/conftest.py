"""Hand-built rounds for the training tests (every expected value is worked by
hand from docs/rules.md in the test that uses it) and a fake clock."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from trainer.engine.round import Round, parse_round
from trainer.engine.settlement import Settlement, settle
from trainer.selfcheck import settle_example


class FakeClock:
    """A monotonic clock the test moves by hand: no test ever sleeps."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


# New York 2018, Trips Plus A, Pocket Bonus A, bad beat 500/25/6/5/4.
# Dealer Kh Kd on Ah 9h 5h 2c 7s: a pair of kings (A 9 7 kickers), qualifies.
MIXED_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kh", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "seats": [
        # folded, nothing but ante and odds
        {"seat": 1, "hole": ["Tc", "3d"], "ante": "5", "odds": "5", "folded": True},
        # folded with a Pocket Bonus on a pair of sixes (pays 5 to 1)
        {"seat": 2, "hole": ["6c", "6d"], "ante": "5", "odds": "5", "folded": True,
         "pocket_bonus": "5"},
        # raised 1x, ace high, loses to the kings; Pocket Bonus 8-4 loses
        {"seat": 3, "hole": ["8d", "4c"], "ante": "5", "odds": "5", "raise": "5",
         "pocket_bonus": "5"},
        # raised 3x, ace-high heart flush beats the kings: odds 3 to 2, Trips Plus 7 to 1
        {"seat": 6, "hole": ["Qh", "3h"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "5"},
    ],
}

# The contract's example (docs/settle-contract.md, New York 2018, tables A) plus a seat that
# loses to a dealer who does not qualify. Dealer As Kd on 2c 7c 9c Jd Qs: ace high, does not
# qualify. Seat 6 Ah Ad raised 3x ($10 ante, Trips Plus and Pocket Bonus $5); seat 2 8s 3d
# folded ($5 ante, Pocket Bonus $2); seat 4 8h 4d raised 1x on a $5 ante.
_EXAMPLE = settle_example()
NOT_QUALIFYING_ROUND = {
    **_EXAMPLE,
    "seats": [
        *_EXAMPLE["seats"],
        {"seat": 4, "hole": ["8h", "4d"], "ante": "5", "odds": "5", "raise": "5"},
    ],
}

# Dealer Qs Qd on Qh 9h 9c 4h 2s: queens full of nines. Seat 3's ace-high heart
# flush loses: bad beat table 4 pays a losing flush 5 to 1.
BAD_BEAT_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Qs", "Qd"],
    "board": ["Qh", "9h", "9c", "4h", "2s"],
    "seats": [
        {"seat": 3, "hole": ["Ah", "6h"], "ante": "10", "odds": "10", "raise": "20",
         "trips_plus": "5"},
    ],
}

# Dealer 7c 7d on Ks 8s 8d 3h 2c: eights and sevens, king kicker. Every seat folded.
FOLDED_ROUND = {
    "rules": "ny-2018",
    "dealer": ["7c", "7d"],
    "board": ["Ks", "8s", "8d", "3h", "2c"],
    "progressive_pool": "100000",
    "seats": [
        # progressive on a pair of eights: table A pays nothing below a flush
        {"seat": 1, "hole": ["Jc", "Tc"], "ante": "5", "odds": "5", "folded": True,
         "progressive": "1"},
        # bare fold
        {"seat": 2, "hole": ["9d", "6h"], "ante": "5", "odds": "5", "folded": True},
        # Pocket Bonus on ace-king suited: 20 to 1
        {"seat": 4, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10", "folded": True,
         "pocket_bonus": "5"},
        # Trips Plus on a pair of eights: loses
        {"seat": 5, "hole": ["4c", "5c"], "ante": "5", "odds": "5", "folded": True,
         "trips_plus": "5"},
    ],
}

# Board 2s 3d 4c 5h 6s is a six-high straight: the board plays for the dealer
# (6c Kd) and for seat 1 (Ac Qd); the dealer's 6c or the board's 6s make it.
BOARD_PLAYS_ROUND = {
    "rules": "ny-2018",
    "dealer": ["6c", "Kd"],
    "board": ["2s", "3d", "4c", "5h", "6s"],
    "seats": [
        {"seat": 1, "hole": ["Ac", "Qd"], "ante": "5", "odds": "5", "raise": "10",
         "trips_plus": "5"},
    ],
}

# Casino house rules: $3,000 maximum aggregate payout, flush odds 2 to 1,
# Trips Plus C, Pocket Bonus C, 6-Card Bonus. Dealer 4c 4d on Qh Jh Th 2c 3d:
# a pair of fours, qualifies.
CAPPED_ROUND = {
    "rules": "house",
    "dealer": ["4c", "4d"],
    "board": ["Qh", "Jh", "Th", "2c", "3d"],
    "six_card_bonus_cards": ["5d", "9c", "9d", "Kc"],
    "six_card_bonus_jackpot": "25000",
    "seats": [
        # pair of fives beats the fours; 6-Card Bonus: fives full of nines, $100 on $5
        {"seat": 2, "hole": ["5c", "5s"], "ante": "5", "odds": "5", "raise": "5",
         "six_card_bonus": "5"},
        # queen high loses
        {"seat": 3, "hole": ["7c", "6s"], "ante": "5", "odds": "5", "raise": "5"},
        # royal flush: winnings far above the cap
        {"seat": 6, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "10", "pocket_bonus": "10"},
    ],
}


ROUNDS = {
    "mixed": MIXED_ROUND,
    "not_qualifying": NOT_QUALIFYING_ROUND,
    "bad_beat": BAD_BEAT_ROUND,
    "folded": FOLDED_ROUND,
    "board_plays": BOARD_PLAYS_ROUND,
    "capped": CAPPED_ROUND,
}


# What a trainee who knows the rules types for MIXED_ROUND, question by question
# (each answer worked from docs/rules.md in test_training_questions.py).
MIXED_TYPED = {
    "dealer-hand": "pair Kh Kd Ah 9h 7s",
    "dealer-qualifies": "y",
    "next-seat-1": "1", "seat-1-ante": "take", "seat-1-odds": "t",
    "next-seat-2": "2", "seat-2-ante": "x", "seat-2-odds": "lose",
    "seat-2-pocket-bonus": "25",
    "next-seat-3": "6", "seat-6-hand": "flush", "seat-6-result": "w",
    "seat-6-ante": "10", "seat-6-raise": "$30", "seat-6-odds": "15.00",
    "seat-6-trips-plus": "35",
    "seat-3-hand": "high card", "seat-3-result": "l", "seat-3-ante": "take",
    "seat-3-raise": "take", "seat-3-odds": "take", "seat-3-pocket-bonus": "take",
}


@pytest.fixture
def mixed_typed() -> dict[str, str]:
    return dict(MIXED_TYPED)


@pytest.fixture
def hand_built() -> Callable[[str], Round]:
    """``hand_built("mixed")``: one of the rounds above, validated by the engine."""
    return lambda name: parse_round(ROUNDS[name])


@pytest.fixture
def settled(hand_built: Callable[[str], Round]) -> Callable[[str], Settlement]:
    """``settled("mixed")``: the same round settled by the engine."""
    return lambda name: settle(hand_built(name))
