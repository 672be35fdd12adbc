"""The chip lesson's drills: cut and size (issue 22, item 5). Every expected answer is
worked by hand from docs/rules.md §10, never read from the program."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine.chips import (
    STACK_OF,
    ChipError,
    Procedure,
    Rack,
    RoomChips,
    cut,
    cut_size,
    stack_value,
)
from trainer.engine.money import Odds
from trainer.training.chip_drills import (
    AnswerForm,
    ChipDrillKind,
    break_down_task,
    chip_drill_kind,
    count_task,
    cut_task,
    deal_task,
    grade_task,
    rainbow_task,
    size_into_task,
)

D = Decimal
WHITE, PINK, RED, GREEN, BLACK, PURPLE = (D("1.00"), D("2.50"), D("5.00"), D("25.00"),
                                          D("100.00"), D("500.00"))
RACK = Rack.of_values([D(1000), PURPLE, BLACK, GREEN, RED, PINK, WHITE])


@pytest.mark.parametrize(("value", "size"), [
    (D("1"), 5), (D("5"), 5), (D("100"), 5), (D("1000"), 5), (D("20"), 5),
    (D("0.50"), 4), (D("2.50"), 4), (D("25"), 4), (D("500"), 4)])
def test_a_stack_of_twenty_is_cut_in_fives_or_fours(value: Decimal, size: int) -> None:
    assert cut_size(value) == size


def test_a_cut_is_that_many_chips_of_the_stack() -> None:
    assert cut(RED, 3) == (RED, RED, RED)
    assert stack_value(cut(GREEN, 4)) == D("100.00")
    with pytest.raises(ChipError, match="1 to 20"):
        cut(RED, 21)


@pytest.mark.parametrize(("value", "each"), [
    (WHITE, D("5.00")),      # 1 x 5
    (RED, D("25.00")),       # 5 x 5
    (GREEN, D("100.00")),    # 25 x 4
    (BLACK, D("500.00")),    # 100 x 5
    (PURPLE, D("2000.00")),  # 500 x 4
    (PINK, D("10.00")),      # 2.50 x 4
])
def test_breaking_down_twenty_asks_what_each_stack_is_worth(value: Decimal, each: Decimal
                                                            ) -> None:
    task = break_down_task(value, RACK)
    assert task.form is AnswerForm.AMOUNT
    assert task.expected_amount == each
    assert grade_task(task, each).correct
    assert not grade_task(task, each + 1).correct


def test_breaking_down_greens_says_fours() -> None:
    result = grade_task(break_down_task(GREEN, RACK), D("125.00"))
    assert not result.correct
    assert "cut in fours: 5 stacks of 4, each $100.00" in result.reason


def test_a_cut_of_fifteen_in_reds_is_three_reds() -> None:
    task = cut_task(RED, 3, RACK)
    assert "Cut $15.00 in red $5 chips" in task.prompt
    assert grade_task(task, [RED, RED, RED]).correct
    assert not grade_task(task, [RED, RED]).correct
    assert not grade_task(task, [PINK] * 6).correct  # $15 but not a cut of reds


def test_a_cut_of_a_hundred_in_greens_is_four_greens() -> None:
    task = cut_task(GREEN, 4, RACK)
    assert grade_task(task, [GREEN] * 4).correct
    assert not grade_task(task, [BLACK]).correct  # $100, but not cut from the greens


def test_sizing_into_a_bet_pays_the_same_chips_as_tall_as_the_bet() -> None:
    task = size_into_task([GREEN] * 7, RACK)
    assert task.shown[0].counts is False  # matched by height, not by a written count
    assert grade_task(task, [GREEN] * 7).correct
    assert not grade_task(task, [GREEN] * 6).correct
    # $175 in one black, two greens and five reds is the right amount, not sized in
    result = grade_task(task, [BLACK, GREEN, GREEN] + [RED] * 5)
    assert not result.correct
    assert "right amount, wrong chips" in result.reason


def test_counting_a_stack_at_a_glance() -> None:
    # four greens and three reds: 4 x 25 + 3 x 5 = $115
    task = count_task([RED, GREEN, RED, GREEN, GREEN, RED, GREEN], RACK)
    assert task.shown[0].counts is False
    assert task.shown[0].chips == (GREEN,) * 4 + (RED,) * 3  # largest at the bottom
    assert grade_task(task, D("115.00")).correct
    assert not grade_task(task, D("110.00")).correct


def test_a_rainbow_bet_is_paid_colour_for_colour() -> None:
    # one green and two reds ($35) at 3 to 2: the green pays floor(1 x 3 / 2) = one green
    # and leaves $12.50; the two reds pay 2 x 3 / 2 = three reds; the $12.50 the green
    # left is paid in chips smaller than green: two reds and a pink.
    # $52.50 = one green, five reds and one pink.
    room = RoomChips(rack=RACK, procedure=Procedure.COLOUR_FOR_COLOUR)
    task = rainbow_task([RED, GREEN, RED], Odds(3, 2), room)
    assert grade_task(task, [GREEN] + [RED] * 5 + [PINK]).correct
    converted = grade_task(task, [GREEN, GREEN, PINK])  # $52.50 in the fewest chips
    assert not converted.correct
    assert "right amount, wrong chips" in converted.reason


def test_a_rainbow_bet_in_a_converting_room_takes_the_fewest_chips() -> None:
    room = RoomChips(rack=RACK, procedure=Procedure.CONVERT)
    task = rainbow_task([RED, GREEN, RED], Odds(3, 2), room)
    assert grade_task(task, [GREEN, GREEN, PINK]).correct  # 25 + 25 + 2.50 = 52.50


def test_a_chip_drill_is_answered_in_its_own_form() -> None:
    with pytest.raises(TypeError):
        grade_task(count_task([RED], RACK), [RED])
    with pytest.raises(TypeError):
        grade_task(cut_task(RED, 3, RACK), D(15))


@pytest.mark.parametrize("kind", list(ChipDrillKind))
def test_every_dealt_drill_is_right_with_its_own_expected_answer(kind: ChipDrillKind) -> None:
    rng = random.Random(7)
    for _ in range(30):
        task = deal_task(kind, rng)
        answer = (task.expected_amount if task.form is AnswerForm.AMOUNT
                  else task.expected_chips)
        assert answer is not None
        assert grade_task(task, answer).correct
        for shown in task.shown:
            assert all(chip in task.rack for chip in shown.chips)
            assert len(shown.chips) <= STACK_OF


def test_drills_deal_from_the_rooms_own_rack() -> None:
    room = RoomChips(rack=Rack.of_values([D(20), D(5), D(1)], {D(1): "blue"}))
    rng = random.Random(3)
    for kind in ChipDrillKind:
        for _ in range(10):
            task = deal_task(kind, rng, room)
            assert {chip for shown in task.shown for chip in shown.chips} <= {D(20), D(5), D(1)}


def test_a_course_item_names_its_chip_drill() -> None:
    assert chip_drill_kind("chips-cut") is ChipDrillKind.CUT
    assert ChipDrillKind.BREAK_DOWN.item == "chips-break-down"
    assert chip_drill_kind("bad-beat") is None
    assert chip_drill_kind("chips-juggle") is None
