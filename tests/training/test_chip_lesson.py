"""The chip lesson in the course: its file, its drills' steps, a target time per payout,
and mastery from its answers like every other lesson's (issue 22, item 5)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from trainer.engine.chips import Rack, RoomChips
from trainer.training.chip_drills import AnswerForm, ChipDrillKind, grade_task
from trainer.training.course_plan import (
    ChipStep,
    CourseProgress,
    describe_item,
    item_plan,
    lesson_plan,
)
from trainer.training.lessons import load_course, parse_lesson
from trainer.training.mastery import Level, UnsavedAnswer, lesson_mastery
from trainer.training.scheduler import scenario_item

COURSE = load_course()
LESSON = COURSE.by_id("chips-cut-and-size")
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)

CHIP_LESSON = '''\
id = "my-chips"
title = "Chips"
order = 40
skills = []
target_seconds = 4
explanation = "Cut."

[[chip_drills]]
kind = "{kind}"
count = {count}
'''


def test_the_shipped_chip_lesson_has_every_drill_and_a_payout_target_of_5_seconds() -> None:
    assert "chip" in Path(str(LESSON.source)).name
    assert [drill.kind for drill in LESSON.chip_drills] == [
        ChipDrillKind.CUT, ChipDrillKind.BREAK_DOWN, ChipDrillKind.SIZE_INTO,
        ChipDrillKind.COUNT, ChipDrillKind.RAINBOW]
    assert LESSON.target_seconds == 5
    assert "**5 seconds** a payout" in LESSON.explanation


def test_a_chip_drill_in_a_lesson_file_is_read() -> None:
    lesson, problems = parse_lesson(CHIP_LESSON.format(kind="count", count=3), Path("c.toml"))
    assert problems == []
    assert lesson is not None
    assert [(d.kind, d.count) for d in lesson.chip_drills] == [(ChipDrillKind.COUNT, 3)]
    assert lesson.chip_items == ("chips-count",)


def test_an_unknown_chip_drill_is_named_with_its_line() -> None:
    lesson, problems = parse_lesson(CHIP_LESSON.format(kind="juggle", count=3), Path("c.toml"))
    assert lesson is None
    assert [problem.line for problem in problems] == [9]
    assert "unknown chip drill 'juggle'" in problems[0].message
    assert "size-into, cut, break-down, count, rainbow" in problems[0].message


def test_a_chip_drill_count_out_of_range_is_refused() -> None:
    _, problems = parse_lesson(CHIP_LESSON.format(kind="cut", count=0), Path("c.toml"))
    assert "0 is not a number of tasks from 1 to 100" in problems[0].message


def test_the_lessons_drill_deals_every_task_at_the_lessons_target() -> None:
    plan = lesson_plan(LESSON, random.Random(1))
    steps = [step for step in plan.steps if isinstance(step, ChipStep)]
    assert len(steps) == plan.chip_tasks == 5 + 4 + 4 + 4 + 4
    assert all(step.target_seconds == 5 for step in steps)
    assert steps[0].label == "Cut 3, 4 or 5 from a stack (1 of 5)"
    assert steps[5].task.form is AnswerForm.AMOUNT  # break down: an amount typed
    assert steps[-1].item == "chips-rainbow"


def test_the_drill_deals_from_the_rooms_rack() -> None:
    room = RoomChips(rack=Rack.of_values([Decimal(20), Decimal(5), Decimal(1)]))
    plan = lesson_plan(LESSON, random.Random(2), room=room)
    for step in plan.steps:
        assert isinstance(step, ChipStep)
        assert step.task.rack == room.rack


def test_each_chip_drill_is_an_item_of_the_course_schedule() -> None:
    progress = CourseProgress(COURSE.lessons)
    for kind in ChipDrillKind:
        assert scenario_item(kind.item) in progress.items()
    assert describe_item("scenario:chips-break-down", COURSE.lessons) == (
        "Break down twenty into fives or fours")
    plan = item_plan("scenario:chips-count", COURSE.lessons, random.Random(3))
    assert plan.chip_tasks == 5 and plan.lessons == (LESSON,)
    assert {step.task.kind for step in plan.steps if isinstance(step, ChipStep)} == {
        ChipDrillKind.COUNT}


def test_chip_tasks_answered_move_the_lessons_mastery() -> None:
    progress = CourseProgress(COURSE.lessons)
    plan = lesson_plan(LESSON, random.Random(4))
    before = progress.lesson_mastery(LESSON)
    assert before.level is Level.NOT_STARTED
    for index, step in enumerate(plan.steps[:10]):
        assert isinstance(step, ChipStep)
        task = step.task
        right = task.expected_amount if task.form is AnswerForm.AMOUNT else task.expected_chips
        assert right is not None
        assert grade_task(task, right).correct
        progress.record_chip_task(step, True, 4.0, when=T0 + timedelta(seconds=index))
    after = progress.lesson_mastery(LESSON)
    # ten answers, all right, each within the 5 s target: 100 x 1 x (0.8 + 0.2) = 100
    assert (after.score, after.level) == (100, Level.MASTERED)
    assert {answer.scenario for answer in progress.extra} == {"chips-cut", "chips-break-down",
                                                              "chips-size-into"}


def test_slow_payouts_cost_the_speed_part_of_mastery() -> None:
    # all right at 10 s against the 5 s target: speed 5/10, score 100 x (0.8 + 0.2 x 0.5) = 90
    answers = [UnsavedAnswer(None, True, 10.0, T0 + timedelta(seconds=i), "chips-cut")
               for i in range(10)]
    assert lesson_mastery(answers, LESSON).score == 90


def test_another_lessons_drill_rounds_do_not_count_for_the_chip_lesson() -> None:
    answers = [UnsavedAnswer(None, True, 2.0, T0, "bad-beat")]
    assert lesson_mastery(answers, LESSON).level is Level.NOT_STARTED
