"""Spot the dealer's mistake (issue 23, item 2): every mistake of the shipped catalogue,
made on a hand-built round where it applies, changes what the trainee sees exactly as
worked by hand below from docs/rules.md, and marks on it are graded found, missed,
invented or a wrong correction. The engine's settlement is never changed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.training.conftest import BAD_BEAT_ROUND, BOARD_PLAYS_ROUND
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import Outcome, settle, settlement_to_json
from trainer.skills import Skill
from trainer.training.answers import parse_payout
from trainer.training.mistake_catalogue import MistakeKind, shipped_catalogue
from trainer.training.mistakes import (
    ORDER,
    Finding,
    Mark,
    MistakeError,
    MistakeExercise,
    Settled,
    Spot,
    grade_marks,
    inject,
    with_mistakes,
)
from trainer.training.questions import PayoutAnswer

D = Decimal
WIN, PUSH, LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE

# New York 2018 (Trips Plus A, Pocket Bonus A, bad beat 4 = 500/25/6/5/4, flush odds 3 to 2).
# Dealer Kh Kd on Ah 9h 5h 2c 7s: a pair of kings, qualifies (rules §3).
QUALIFIES = {
    "rules": "ny-2018",
    "dealer": ["Kh", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "seats": [
        # folded; Pocket Bonus on a pair of sixes: 5 to 1 = $25 (table C: 4 to 1 = $20);
        # Trips Plus on a pair (A 9 7 6 6) loses $5
        {"seat": 1, "hole": ["6c", "6d"], "ante": "5", "odds": "5", "folded": True,
         "pocket_bonus": "5", "trips_plus": "5"},
        # raised 1x; A Q J 9 7 high loses to the kings: every wager taken
        {"seat": 3, "hole": ["Qd", "Jc"], "ante": "5", "odds": "5", "raise": "5"},
        # raised 3x; three nines beat the kings: ante +10, raise +30, odds push (below a
        # straight), Trips Plus 3 to 1 = $15
        {"seat": 4, "hole": ["9c", "9d"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "5"},
        # raised 3x; ace-high heart flush beats the kings: ante +10, raise +30, odds 3 to 2
        # = $15 (bad-beat line 5 to 1 = $50), Trips Plus A 7 to 1 = $35 (B: 6 to 1 = $30)
        {"seat": 6, "hole": ["Qh", "3h"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "5"},
    ],
}
# The order (rules §7): the folded seat with side bets (1), then raised seats 6, 4, 3.

# New York 2018. Dealer Ac Kd on 2c 7c 9d Jd Qs: ace high, does not qualify.
NOT_QUALIFYING = {
    "rules": "ny-2018",
    "dealer": ["Ac", "Kd"],
    "board": ["2c", "7c", "9d", "Jd", "Qs"],
    "seats": [
        # a pair of eights wins: ante pushes, raise +5, odds push
        {"seat": 2, "hole": ["8s", "8h"], "ante": "5", "odds": "5", "raise": "5"},
        # Q J 9 7 4 loses to A K Q J 9: ante pushes, raise -10, odds -10
        {"seat": 5, "hole": ["4h", "3d"], "ante": "10", "odds": "10", "raise": "10"},
    ],
}

# New York 2018 (tests/training/conftest.py). Dealer Qs Qd on Qh 9h 9c 4h 2s: queens full.
# Seat 3's ace-high flush loses: ante -10, raise -20, odds bad beat 5 to 1 = $50, Trips
# Plus flush 7 to 1 = $35.
BAD_BEAT = BAD_BEAT_ROUND

# New York 2018 (tests/training/conftest.py). The board 2s 3d 4c 5h 6s is a six-high
# straight for the dealer (6c Kd) and for seat 1 (Ac Qd): a tie, every main wager pushes;
# Trips Plus straight 4 to 1 = $20.
TIE = BOARD_PLAYS_ROUND

# Casino house rules: $3,000 cap, Trips Plus C, Pocket Bonus C, 6-Card Bonus. Dealer 4c 4d
# on Qh Jh Th 2c 3d: a pair of fours, qualifies. 6-Card Bonus cards 5d Kc Kd Ks.
CAPPED = {
    "rules": "house",
    "dealer": ["4c", "4d"],
    "board": ["Qh", "Jh", "Th", "2c", "3d"],
    "six_card_bonus_cards": ["5d", "Kc", "Kd", "Ks"],
    "six_card_bonus_jackpot": "25000",
    "seats": [
        # fives beat fours: +5, +5, odds push; 6-Card Bonus K K K 5 5 full house $100: $110
        {"seat": 2, "hole": ["5c", "5s"], "ante": "5", "odds": "5", "raise": "5",
         "six_card_bonus": "5"},
        # queen high loses: -5 -5 -5
        {"seat": 3, "hole": ["7c", "6s"], "ante": "5", "odds": "5", "raise": "5"},
        # royal flush: ante +10, raise +30, odds 500 to 1 = $5,000, Trips Plus 100 to 1 =
        # $1,000, Pocket Bonus A-K suited 20 to 1 = $200: $6,240 of winnings held to the
        # $3,000 cap; the 6-Card Bonus's four kings ($250) stand outside it: $3,250
        {"seat": 6, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "10", "pocket_bonus": "10", "six_card_bonus": "5"},
    ],
}

ROUNDS: dict[str, dict[str, Any]] = {
    "qualifies": QUALIFIES,
    "qualifies, Trips Plus B": {**QUALIFIES, "options": {"trips_plus_table": "B"}},
    "qualifies, Pocket Bonus C": {**QUALIFIES, "options": {"pocket_bonus_table": "C"}},
    "not qualifying": NOT_QUALIFYING,
    "bad beat": BAD_BEAT,
    "tie": TIE,
    "capped": CAPPED,
}

# A spot each round settles right, and its right settlement (worked above).
RIGHT_SPOT = {
    "qualifies": (Spot(3, Wager.RAISE), PayoutAnswer(LOSE, D(5))),
    "qualifies, Trips Plus B": (Spot(3, Wager.RAISE), PayoutAnswer(LOSE, D(5))),
    "qualifies, Pocket Bonus C": (Spot(3, Wager.RAISE), PayoutAnswer(LOSE, D(5))),
    "not qualifying": (Spot(5, Wager.RAISE), PayoutAnswer(LOSE, D(10))),
    "bad beat": (Spot(3, Wager.TRIPS_PLUS), PayoutAnswer(WIN, D(35))),
    "tie": (Spot(1, Wager.TRIPS_PLUS), PayoutAnswer(WIN, D(20))),
    "capped": (Spot(3, Wager.RAISE), PayoutAnswer(LOSE, D(5))),
}


def paid(wager: Wager, stake: str, amount: str) -> Settled:
    return Settled(wager, D(stake), WIN, D(amount))


def pushed(wager: Wager, stake: str) -> Settled:
    return Settled(wager, D(stake), PUSH, D("0.00"))


def took(wager: Wager, stake: str) -> Settled:
    return Settled(wager, D(stake), LOSE, -D(stake))


A, R, ODDS, TP, PB = (Wager.ANTE, Wager.RAISE, Wager.ODDS, Wager.TRIPS_PLUS,
                      Wager.POCKET_BONUS)

# entry id: (round, seat, {spot: (what the dealer did, the right settlement)})
CASES: dict[str, tuple[str, int | None, dict[Spot, tuple[object, object]]]] = {
    "odds-paid-below-straight": ("qualifies", 4, {
        Spot(4, ODDS): (paid(ODDS, "10", "10"), PayoutAnswer(PUSH, D(0)))}),
    "bad-beat-missed": ("bad beat", 3, {
        Spot(3, ODDS): (took(ODDS, "10"), PayoutAnswer(WIN, D(50)))}),
    "bad-beat-paid-to-winner": ("qualifies", 6, {
        Spot(6, ODDS): (paid(ODDS, "10", "50"), PayoutAnswer(WIN, D(15)))}),
    "ante-paid-dealer-not-qualified": ("not qualifying", 2, {
        Spot(2, A): (paid(A, "5", "5"), PayoutAnswer(PUSH, D(0)))}),
    "ante-taken-dealer-not-qualified": ("not qualifying", 5, {
        Spot(5, A): (took(A, "10"), PayoutAnswer(PUSH, D(0)))}),
    "trips-plus-table-b": ("qualifies", 6, {
        Spot(6, TP): (paid(TP, "5", "30"), PayoutAnswer(WIN, D(35)))}),
    "trips-plus-table-a": ("qualifies, Trips Plus B", 6, {
        Spot(6, TP): (paid(TP, "5", "35"), PayoutAnswer(WIN, D(30)))}),
    "trips-plus-not-paid": ("qualifies", 4, {
        Spot(4, TP): (took(TP, "5"), PayoutAnswer(WIN, D(15)))}),
    "pocket-bonus-table-c": ("qualifies", 1, {
        Spot(1, PB): (paid(PB, "5", "20"), PayoutAnswer(WIN, D(25)))}),
    "pocket-bonus-table-a": ("qualifies, Pocket Bonus C", 1, {
        Spot(1, PB): (paid(PB, "5", "25"), PayoutAnswer(WIN, D(20)))}),
    "pocket-bonus-not-paid": ("qualifies", 1, {
        Spot(1, PB): (took(PB, "5"), PayoutAnswer(WIN, D(25)))}),
    "cap-not-applied": ("capped", 6, {
        Spot(6): (D("6490.00"), D("3250.00"))}),
    "cap-counts-awards": ("capped", 6, {
        Spot(6): (D("3000.00"), D("3250.00"))}),
    "cap-2000": ("capped", 6, {
        Spot(6): (D("2250.00"), D("3250.00"))}),
    "tie-paid": ("tie", 1, {
        Spot(1, A): (paid(A, "5", "5"), PayoutAnswer(PUSH, D(0))),
        Spot(1, R): (paid(R, "10", "10"), PayoutAnswer(PUSH, D(0)))}),
    "folded-side-bets-taken": ("qualifies", 1, {
        # the Trips Plus on a pair was taken rightly: only the Pocket Bonus is wrong
        Spot(1, PB): (took(PB, "5"), PayoutAnswer(WIN, D(25)))}),
    "dealer-qualifying-hand-read-as-not": ("qualifies", None, {
        Spot(3, A): (pushed(A, "5"), PayoutAnswer(LOSE, D(5))),
        Spot(4, A): (pushed(A, "10"), PayoutAnswer(WIN, D(10))),
        Spot(6, A): (pushed(A, "10"), PayoutAnswer(WIN, D(10)))}),
    "dealer-hand-read-as-qualifying": ("not qualifying", None, {
        Spot(2, A): (paid(A, "5", "5"), PayoutAnswer(PUSH, D(0))),
        Spot(5, A): (took(A, "10"), PayoutAnswer(PUSH, D(0)))}),
    "seats-settled-from-first-base": ("qualifies", None, {
        ORDER: ((1, 3, 4, 6), (1, 6, 4, 3))}),
}


def exercise(entry_id: str) -> tuple[MistakeExercise, dict[Spot, tuple[object, object]]]:
    round_name, seat, wrong = CASES[entry_id]
    settlement = settle(parse_round(ROUNDS[round_name]))
    return inject(settlement, shipped_catalogue().by_id(entry_id), seat), wrong


def seen(made: MistakeExercise, spot: Spot) -> object:
    if spot.seat is None:
        return made.dealer.order
    seat = made.dealer.seat(spot.seat)
    return seat.total if spot.wager is None else seat.wager(spot.wager)


def test_every_shipped_mistake_has_a_hand_worked_case() -> None:
    # a wrong chip procedure is made only with chips shown: test_chip_procedure_mistakes.py
    assert set(CASES) == {entry.id for entry in shipped_catalogue().entries
                          if entry.kind is not MistakeKind.WRONG_CHIPS}


@pytest.mark.parametrize("entry_id", sorted(CASES))
def test_each_mistake_changes_exactly_the_spots_worked_by_hand(entry_id: str) -> None:
    made, wrong = exercise(entry_id)
    assert set(made.causes) == set(wrong)
    for spot, (dealer_did, _right) in wrong.items():
        assert seen(made, spot) == dealer_did, spot
    # every other spot is the engine's: the right settlement
    right = with_mistakes(made.settlement, ())
    for spot in made.spots:
        if spot not in wrong:
            assert seen(made, spot) == seen(right, spot), spot


@pytest.mark.parametrize("entry_id", sorted(CASES))
def test_each_mistake_marked_with_the_right_settlement_is_found(entry_id: str) -> None:
    made, wrong = exercise(entry_id)
    marks = [Mark(spot, right) for spot, (_did, right) in wrong.items()]  # type: ignore[arg-type]
    graded = grade_marks(made, marks)
    assert [r.finding for r in graded.results] == [Finding.FOUND] * len(wrong)
    assert graded.correct
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, True),
                                      (Skill.CORRECT_MISTAKES, True))
    entry = shipped_catalogue().by_id(entry_id)
    for result in graded.results:
        assert result.entry == entry
        assert entry.what in result.explanation
        assert f"(rules {entry.rule}.)" in result.explanation


@pytest.mark.parametrize("entry_id", sorted(CASES))
def test_each_mistake_left_unmarked_is_missed(entry_id: str) -> None:
    made, wrong = exercise(entry_id)
    graded = grade_marks(made, [])  # "all correct"
    assert [r.finding for r in graded.results] == [Finding.MISSED] * len(wrong)
    assert not graded.correct
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, False),)


@pytest.mark.parametrize("entry_id", sorted(CASES))
def test_a_right_spot_marked_beside_the_mistake_is_invented(entry_id: str) -> None:
    made, wrong = exercise(entry_id)
    round_name = CASES[entry_id][0]
    spot, right = RIGHT_SPOT[round_name]
    assert spot not in wrong
    marks = [Mark(s, r) for s, (_did, r) in wrong.items()]  # type: ignore[arg-type]
    graded = grade_marks(made, [*marks, Mark(spot, right)])
    findings = {r.spot: r.finding for r in graded.results}
    assert findings == {**dict.fromkeys(wrong, Finding.FOUND), spot: Finding.INVENTED}
    assert not graded.correct
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, False),
                                      (Skill.CORRECT_MISTAKES, True))
    invented = next(r for r in graded.results if r.finding is Finding.INVENTED)
    assert invented.explanation.startswith(f"{spot} was settled right")


def test_a_wrong_payout_marked_with_another_wrong_amount_is_not_found() -> None:
    made, _ = exercise("trips-plus-table-b")
    # the dealer paid $30 from table B; the trainee marks it and says $30 again
    graded = grade_marks(made, [Mark(Spot(6, TP), PayoutAnswer(WIN, D(30)))])
    (result,) = graded.results
    assert result.finding is Finding.WRONG_CORRECTION
    assert (result.dealer_did, result.right, result.given) == ("paid $30.00", "$35.00",
                                                               "$30.00")
    assert "Trips Plus $5.00 pays 7 to 1" in result.explanation
    assert not graded.correct
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, True),
                                      (Skill.CORRECT_MISTAKES, False))


def test_a_take_marked_is_right_whatever_amount_came_with_it() -> None:
    made, _ = exercise("dealer-qualifying-hand-read-as-not")
    marks = [Mark(Spot(3, A), parse_payout("take")),  # typed: a take carries $0.00
             Mark(Spot(4, A), parse_payout("10")), Mark(Spot(6, A), parse_payout("$10"))]
    assert grade_marks(made, marks).correct


def test_a_round_with_nothing_wrong_is_all_correct_only_without_marks() -> None:
    settlement = settle(parse_round(QUALIFIES))
    clean = with_mistakes(settlement, ())
    (result,) = grade_marks(clean, []).results
    assert result.finding is Finding.ALL_CORRECT and grade_marks(clean, []).correct
    graded = grade_marks(clean, [Mark(Spot(6, ODDS), PayoutAnswer(WIN, D(15)))])
    assert [r.finding for r in graded.results] == [Finding.INVENTED]
    assert not graded.correct


def test_two_mistakes_are_graded_each_on_its_own() -> None:
    settlement = settle(parse_round(QUALIFIES))
    catalogue = shipped_catalogue()
    first = inject(settlement, catalogue.by_id("trips-plus-table-b"), 6).injections[0]
    second = inject(settlement, catalogue.by_id("pocket-bonus-not-paid"), 1).injections[0]
    made = with_mistakes(settlement, (first, second))
    assert seen(made, Spot(6, TP)) == paid(TP, "5", "30")
    assert seen(made, Spot(1, PB)) == took(PB, "5")
    # seat 6 nets 10 + 30 + 15 + 30 = $85 as the dealer paid it; seat 1 -5 -5 -5 -5 = -$20
    assert made.dealer.seat(6).total == D("85.00") and made.dealer.seat(1).total == D("-20.00")
    graded = grade_marks(made, [Mark(Spot(1, PB), PayoutAnswer(WIN, D(25)))])
    assert {r.spot: r.finding for r in graded.results} == {
        Spot(1, PB): Finding.FOUND, Spot(6, TP): Finding.MISSED}


def test_two_mistakes_on_one_seat_are_refused() -> None:
    settlement = settle(parse_round(QUALIFIES))
    catalogue = shipped_catalogue()
    first = inject(settlement, catalogue.by_id("trips-plus-table-b"), 6).injections[0]
    second = inject(settlement, catalogue.by_id("bad-beat-paid-to-winner"), 6).injections[0]
    with pytest.raises(MistakeError, match="touch the same seat"):
        with_mistakes(settlement, (first, second))


def test_the_engines_settlement_is_never_changed() -> None:
    settlement = settle(parse_round(QUALIFIES))
    before = settlement_to_json(settlement)
    for entry_id in ("bad-beat-paid-to-winner", "dealer-qualifying-hand-read-as-not",
                     "seats-settled-from-first-base"):
        made = inject(settlement, shipped_catalogue().by_id(entry_id),
                      CASES[entry_id][1])
        assert made.settlement is settlement
    assert settlement_to_json(settlement) == before


def test_a_mistake_that_does_not_apply_is_refused_in_a_sentence() -> None:
    settlement = settle(parse_round(TIE))
    with pytest.raises(MistakeError) as caught:
        inject(settlement, shipped_catalogue().by_id("cap-not-applied"))
    assert str(caught.value) == ("mistake 'cap-not-applied' does not apply to this round: it"
                                 " would change nothing the dealer settled")


def test_marks_that_cannot_be_graded_are_refused_in_a_sentence() -> None:
    made, _ = exercise("trips-plus-table-b")
    with pytest.raises(MistakeError, match=r"^seat 2's Ante is not on the table"):
        grade_marks(made, [Mark(Spot(2, A), PayoutAnswer(PUSH, D(0)))])
    with pytest.raises(MistakeError, match=r"^seat 6's Trips Plus is marked twice"):
        grade_marks(made, [Mark(Spot(6, TP), PayoutAnswer(WIN, D(35)))] * 2)
    with pytest.raises(MistakeError, match=r"^seat 6's Trips Plus: give the right settlement"):
        grade_marks(made, [Mark(Spot(6, TP), D(35))])
    with pytest.raises(MistakeError, match=r"^the settlement order: give every seat once"):
        grade_marks(made, [Mark(ORDER, (6, 4, 3))])
