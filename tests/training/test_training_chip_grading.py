"""A payout answered as a stack of chips (issue 22, item 4, headless): first the amount as a
typed answer is graded, then the chips by the room's procedure; "right amount, wrong
chips" counts against the chip procedure skill only. Every expected stack is worked by hand
from docs/rules.md §10.

The round: dealer As Kd (ace high, does not qualify), board 2c 7c 9c Jd Qs.
Seat 6, Ah Ad (a pair of aces): ante $30 pushes, raise $30 (six red $5) wins 1 to 1 = $30,
odds push, Trips Plus $5 loses, Pocket Bonus $5 (one red) wins 30 to 1 = $150.
Seat 3, Ac 3c (a flush): the odds $5 (one red) win 3 to 2 = $7.50.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from trainer.engine.chips import DEFAULT_CHIPS, Grade, OddCents, Procedure, Rack, RoomChips
from trainer.engine.round import parse_round
from trainer.engine.settlement import Outcome, Settlement, settle
from trainer.skills import Skill
from trainer.training.chip_grading import ChipAnswerError, ChipPayout, grade_chips
from trainer.training.questions import Question, build_questions

D = Decimal
W, P, R, G, B = D(1), D("2.50"), D(5), D(25), D(100)
CONVERT = RoomChips(procedure=Procedure.CONVERT)
BLACK_UP = RoomChips(procedure=Procedure.COLOUR_FOR_COLOUR_BLACK_AND_UP)
NO_PINK_RACK = Rack.of_values([D(v) for v in ("1", "5", "20", "25", "100", "500", "1000")],
                              {D(1): "blue"})
NO_PINK = RoomChips(rack=NO_PINK_RACK)


def table(rules: str = "ny-2018", **chips: Any) -> dict[str, Any]:
    seat6: dict[str, Any] = {"seat": 6, "hole": ["Ah", "Ad"], "ante": "30", "odds": "30",
                             "raise": "30", "trips_plus": "5", "pocket_bonus": "5"}
    seat3: dict[str, Any] = {"seat": 3, "hole": ["Ac", "3c"], "ante": "5", "odds": "5",
                             "raise": "5"}
    if chips.get("seat6") is not None:
        seat6["chips"] = chips["seat6"]
    if chips.get("seat3") is not None:
        seat3["chips"] = chips["seat3"]
    return {"rules": rules, "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
            "seats": [seat6, seat3]}


CHIPPED = table(seat6={"raise": {"5": 6}, "pocket_bonus": {"5": 1}}, seat3={"odds": {"5": 1}})


def asked(data: dict[str, Any], question_id: str) -> tuple[Question, Settlement]:
    settlement = settle(parse_round(data))
    (question,) = [q for q in build_questions(settlement) if q.id == question_id]
    return question, settlement


def paid(*chips: Decimal | tuple[Decimal, int]) -> ChipPayout:
    stack: list[Decimal] = []
    for chip in chips:
        stack.extend([chip[0]] * chip[1] if isinstance(chip, tuple) else [chip])
    return ChipPayout(Outcome.WIN, tuple(stack))


def test_six_reds_paid_six_reds_colour_for_colour_is_right() -> None:
    question, settlement = asked(CHIPPED, "seat-6-raise")
    graded = grade_chips(question, settlement, paid((R, 6)))
    assert graded.grade is Grade.RIGHT and graded.correct
    assert graded.expected_stack == (R,) * 6
    assert graded.reason == "six red $5 for six red $5 at 1 to 1: colour for colour"
    assert graded.skill_results() == ((Skill.RAISE, True), (Skill.CHIP_PROCEDURE, True))


def test_six_reds_paid_a_green_and_a_red_is_right_amount_wrong_chips() -> None:
    question, settlement = asked(CHIPPED, "seat-6-raise")
    graded = grade_chips(question, settlement, paid(G, R))
    assert graded.grade is Grade.WRONG_CHIPS
    assert graded.amount.correct  # the $30 itself is right
    assert graded.reason == ("right amount, wrong chips: colour for colour pays six red $5 at"
                             " 1 to 1 with six red $5, not one green $25 and one red $5")
    assert graded.skill_results() == ((Skill.RAISE, True), (Skill.CHIP_PROCEDURE, False))
    assert graded.paid == (G, R)
    assert graded.expected_stack == (R,) * 6  # drawn beside the stack built


def test_converting_the_six_reds_pays_a_green_and_a_red() -> None:
    question, settlement = asked(CHIPPED, "seat-6-raise")
    assert grade_chips(question, settlement, paid(G, R), CONVERT).grade is Grade.RIGHT
    sized = grade_chips(question, settlement, paid((R, 6)), CONVERT)
    assert sized.grade is Grade.WRONG_CHIPS
    assert sized.reason == ("right amount, wrong chips: the fewest chips for six red $5 at"
                            " 1 to 1 are one green $25 and one red $5, not six red $5")


def test_a_wrong_amount_is_wrong_whatever_the_chips() -> None:
    question, settlement = asked(CHIPPED, "seat-6-raise")
    graded = grade_chips(question, settlement, paid((R, 5)))
    assert graded.grade is Grade.WRONG_AMOUNT
    assert not graded.amount.correct
    assert graded.reason == "five red $5 is $25.00, but six red $5 at 1 to 1 pays $30.00"
    assert graded.skill_results() == ((Skill.RAISE, False),)


def test_thirty_to_one_on_a_red_is_thirty_reds_colour_for_colour_a_black_and_two_green_converted(
) -> None:
    question, settlement = asked(CHIPPED, "seat-6-pocket-bonus")
    assert grade_chips(question, settlement, paid((R, 30))).grade is Grade.RIGHT
    assert grade_chips(question, settlement, paid(B, G, G)).grade is Grade.WRONG_CHIPS
    assert grade_chips(question, settlement, paid(B, G, G), CONVERT).grade is Grade.RIGHT
    # black and up: the bet has no chip of $100 or more, so either way is right
    assert grade_chips(question, settlement, paid(B, G, G), BLACK_UP).grade is Grade.RIGHT
    assert grade_chips(question, settlement, paid((R, 30)), BLACK_UP).grade is Grade.RIGHT


def test_three_to_two_on_a_red_is_a_red_and_a_pink() -> None:
    question, settlement = asked(CHIPPED, "seat-3-odds")
    graded = grade_chips(question, settlement, paid(R, P))
    assert graded.grade is Grade.RIGHT
    assert graded.skill_results() == ((Skill.ODDS_WIN, True), (Skill.CHIP_PROCEDURE, True))
    assert grade_chips(question, settlement, paid(R, W, W, W)).grade is Grade.WRONG_AMOUNT


def test_without_a_pink_seven_fifty_is_seven_rounded_down_or_eight_rounded_up() -> None:
    question, settlement = asked(CHIPPED, "seat-3-odds")
    down = grade_chips(question, settlement, paid(R, W, W), NO_PINK)
    assert down.grade is Grade.RIGHT and down.amount.correct
    assert down.expected is not None and down.expected.amount == D("7.00")
    assert "$0.50 of the $7.50 has no chip in this rack" in down.reason
    assert grade_chips(question, settlement, paid(R, W, W, W), NO_PINK).grade is (
        Grade.WRONG_AMOUNT)
    up = RoomChips(rack=NO_PINK_RACK, odd_cents=OddCents.ROUND_UP)
    assert grade_chips(question, settlement, paid(R, W, W, W), up).grade is Grade.RIGHT
    short = grade_chips(question, settlement, paid(R, W, W), up)
    assert short.grade is Grade.WRONG_AMOUNT
    assert "in this room's chips $8.00" in short.amount.explanation


def test_a_pink_in_a_room_without_pinks_is_refused_by_name() -> None:
    question, settlement = asked(CHIPPED, "seat-3-odds")
    with pytest.raises(ChipAnswerError, match=r"^paid: \$2\.50 is not a chip of the room"):
        grade_chips(question, settlement, paid(R, P), NO_PINK)


def test_a_round_without_chips_is_paid_on_the_fewest_chips_of_the_rack() -> None:
    # the raise of $30 without chips is a green and a red: colour for colour, a green and
    # a red again; six reds are the right amount in the wrong chips
    question, settlement = asked(table(), "seat-6-raise")
    assert grade_chips(question, settlement, paid(G, R)).grade is Grade.RIGHT
    assert grade_chips(question, settlement, paid((R, 6))).grade is Grade.WRONG_CHIPS


def test_a_bet_in_chips_the_room_has_not_is_taken_as_the_rooms_fewest() -> None:
    # the odds bet as two pinks; the room has no pink: its $5 is one red, paid 3 to 2 as a
    # red and (rounded down) two blue
    data = table(seat3={"odds": {"2.50": 2}})
    question, settlement = asked(data, "seat-3-odds")
    assert grade_chips(question, settlement, paid(R, W, W), NO_PINK).grade is Grade.RIGHT


def test_a_push_and_a_take_are_answered_without_chips() -> None:
    push, settlement = asked(CHIPPED, "seat-6-ante")
    graded = grade_chips(push, settlement, ChipPayout(Outcome.PUSH))
    assert graded.grade is Grade.RIGHT and graded.expected is None
    assert graded.skill_results() == ((Skill.ANTE, True),)
    wrong = grade_chips(push, settlement, paid(R))
    assert wrong.grade is Grade.WRONG_AMOUNT
    assert wrong.skill_results() == ((Skill.ANTE, False),)
    take, settlement = asked(CHIPPED, "seat-6-trips-plus")
    assert grade_chips(take, settlement, ChipPayout(Outcome.LOSE)).grade is Grade.RIGHT
    assert grade_chips(take, settlement, ChipPayout(Outcome.PUSH)).grade is Grade.WRONG_AMOUNT


def test_pushing_a_winning_wager_is_the_wrong_amount() -> None:
    question, settlement = asked(CHIPPED, "seat-6-raise")
    graded = grade_chips(question, settlement, ChipPayout(Outcome.PUSH))
    assert graded.grade is Grade.WRONG_AMOUNT
    assert graded.reason.endswith("you said push")


def test_a_capped_seats_total_is_a_fixed_amount_converted() -> None:
    # house rules: ante $10, raise $10 wins $10, Pocket Bonus $5 wins $150: a total of $160
    # (under the $3,000 cap), converted whatever the procedure: a black, two green, two red
    data = {"rules": "house", "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
            "seats": [{"seat": 6, "hole": ["Ah", "Ad"], "ante": "10", "odds": "10",
                       "raise": "10", "pocket_bonus": "5"}]}
    question, settlement = asked(data, "seat-6-capped-total")
    graded = grade_chips(question, settlement, paid(B, G, G, R, R), DEFAULT_CHIPS)
    assert graded.grade is Grade.RIGHT
    assert graded.skill_results() == ((Skill.CAP, True), (Skill.CHIP_PROCEDURE, True))
    sized = grade_chips(question, settlement, paid((R, 32)), DEFAULT_CHIPS)
    assert sized.grade is Grade.WRONG_CHIPS
    assert sized.reason.startswith("right amount, wrong chips: a fixed award is converted")


def test_a_question_that_asks_no_payout_is_refused() -> None:
    settlement = settle(parse_round(CHIPPED))
    dealer = next(q for q in build_questions(settlement) if q.id == "dealer-hand")
    with pytest.raises(ChipAnswerError, match="asks no payout"):
        grade_chips(dealer, settlement, paid(R))
