"""The chip lesson's drill in the course window: tasks built from the rack with the
keyboard or typed, graded by training, kept in the database, and the lesson's mastery
moved (issue 22, item 5)."""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from trainer.storage.database import TrainerDB, open_database
from trainer.training.chip_drills import AnswerForm, ChipDrillKind
from trainer.training.course_plan import ChipStep
from trainer.training.lessons import Lesson, LessonLoad, load_course
from trainer.training.session import TrainingSettings
from trainer.ui.course import CourseWindow

SETTINGS = TrainingSettings(seed=20260502, sound=False)
D = Decimal


@pytest.fixture
def db(private_data_dir: Path) -> Iterator[TrainerDB]:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    database = open_database(private_data_dir / "station.sqlite3")
    yield database
    database.close()


def chip_lesson(count: int = 1) -> Lesson:
    lesson = load_course().by_id("chips-cut-and-size")
    return dataclasses.replace(lesson, chip_drills=tuple(
        dataclasses.replace(drill, count=count) for drill in lesson.chip_drills))


def open_window(qtbot: QtBot, lesson: Lesson, db: TrainerDB | None = None,
                trainee: int | None = None, size: tuple[int, int] = (1366, 768)
                ) -> CourseWindow:
    window = CourseWindow(SETTINGS, db=db, trainee_id=trainee,
                          course=LessonLoad(lessons=[lesson]))
    qtbot.addWidget(window)
    window.show()
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    window.open_lesson(lesson.id)
    window.start_lesson_drill()
    return window


def build_by_keys(qtbot: QtBot, window: CourseWindow, chips: tuple[Decimal, ...]) -> None:
    """Press each chip's key (1 = the smallest of the rack) once per chip, Space between
    two values, as a trainee would."""
    panel = window.drill.chip_panel
    task = panel.task
    assert task is not None
    smallest_first = task.rack.values[::-1]
    for value in dict.fromkeys(chips):
        qtbot.keyClick(panel, Qt.Key.Key_Space)
        key = str(smallest_first.index(value) + 1)
        for _ in range(chips.count(value)):
            qtbot.keyClick(panel, key)


def answer_right(qtbot: QtBot, window: CourseWindow) -> None:
    panel = window.drill.chip_panel
    task = panel.task
    assert task is not None
    if task.form is AnswerForm.AMOUNT:
        assert task.expected_amount is not None
        assert panel.amount.isVisible() and not panel.rack.isVisible()
        qtbot.keyClicks(panel.amount, f"{task.expected_amount}")
        qtbot.keyClick(panel.amount, Qt.Key.Key_Return)
    else:
        assert panel.rack.isVisible() and not panel.amount.isVisible()
        build_by_keys(qtbot, window, task.expected_chips)
        assert sorted(panel.builder.chips) == sorted(task.expected_chips)
        qtbot.keyClick(panel, Qt.Key.Key_Return)


def test_the_chip_lesson_drilled_from_the_keyboard_is_kept_and_moves_mastery(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    window = open_window(qtbot, chip_lesson(), db, trainee)
    drill = window.drill
    assert drill.plan is not None and drill.plan.chip_tasks == 5
    assert not drill.table.isVisible()  # a chip task has no round
    kinds = []
    for _ in drill.plan.steps:
        step = drill.current_step
        assert isinstance(step, ChipStep)
        kinds.append(step.task.kind)
        answer_right(qtbot, window)
        panel = drill.chip_panel
        assert panel.result is not None and panel.result.correct, (kinds, panel.feedback.text())
        assert panel.feedback.text().startswith("\u2714")
        qtbot.keyClick(panel, Qt.Key.Key_Return)  # on to the next task
    assert kinds == [ChipDrillKind.CUT, ChipDrillKind.BREAK_DOWN, ChipDrillKind.SIZE_INTO,
                     ChipDrillKind.COUNT, ChipDrillKind.RAINBOW]
    with sqlite3.connect(db.path) as other:
        rows = other.execute("SELECT kind, scenario, correct FROM course_answers"
                             " ORDER BY id").fetchall()
    other.close()
    assert rows == [("scenario", kind.item, 1) for kind in kinds]
    summary = window.summary
    assert window.pages.currentWidget() is summary
    assert summary.score.text().startswith("5 of 5 right")
    line = summary.changes[0]
    assert line.name == "Lesson: Chips: cut and size"
    assert (line.before, line.before_level) == (0, "not started")
    assert line.after > 0
    window.close()


def test_escape_brings_the_whole_stack_back_and_a_wrong_cut_shows_the_expected_one(
        qtbot: QtBot) -> None:
    window = open_window(qtbot, chip_lesson())
    panel = window.drill.chip_panel
    task = panel.task
    assert task is not None and task.kind is ChipDrillKind.CUT
    value = task.expected_chips[0]
    key = str(task.rack.values[::-1].index(value) + 1)
    for _ in range(3):
        qtbot.keyClick(panel, key)
    qtbot.keyClick(panel, Qt.Key.Key_Backspace)
    assert panel.builder.chips == [value, value]
    qtbot.keyClick(panel, Qt.Key.Key_Escape)
    assert panel.builder.chips == []
    assert window.isVisible() and window.drill.current_step is not None
    # a cut of 6 is never right: the drills cut 3, 4 or 5
    qtbot.keyClick(panel, "6")
    qtbot.keyClick(panel, key)
    assert panel.builder.chips == [value] * 6
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert panel.result is not None and not panel.result.correct
    assert "Expected:" in panel.feedback.text()
    captions = [stack.caption for stack in panel.stacks.stacks]
    assert captions[-2:] == ["PAID", "EXPECTED"]
    assert panel.stacks.stacks[-1].chips == task.expected_chips
    assert window.drill.summary() == (0, 1)
    window.close()


def test_an_amount_that_cannot_be_read_is_said_not_graded(qtbot: QtBot) -> None:
    window = open_window(qtbot, chip_lesson())
    drill = window.drill
    answer_right(qtbot, window)
    qtbot.keyClick(drill.chip_panel, Qt.Key.Key_Return)
    panel = drill.chip_panel
    assert panel.task is not None and panel.task.kind is ChipDrillKind.BREAK_DOWN
    qtbot.keyClicks(panel.amount, "lots")
    qtbot.keyClick(panel.amount, Qt.Key.Key_Return)
    assert panel.result is None
    assert "lots" in panel.feedback.text()
    assert drill.summary() == (1, 1)
    window.close()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (3840, 2160)])
def test_a_chip_task_fits_the_window(qtbot: QtBot, size: tuple[int, int]) -> None:
    window = open_window(qtbot, chip_lesson(), size=size)
    drill = window.drill
    answer_right(qtbot, window)
    qtbot.keyClick(drill.chip_panel, Qt.Key.Key_Return)
    answer_right(qtbot, window)  # the break-down, answered
    qtbot.keyClick(drill.chip_panel, Qt.Key.Key_Return)
    panel = drill.chip_panel  # sizing into a bet, half built
    assert panel.task is not None and panel.task.kind is ChipDrillKind.SIZE_INTO
    build_by_keys(qtbot, window, panel.task.expected_chips[:2])
    qtbot.waitUntil(lambda: panel.rack.height() > 0
                    and drill.title.width() >= drill.title.sizeHint().width())
    for widget in (panel.prompt, panel.stacks, panel.rack, panel.pay_button):
        assert widget.isVisible()
        bottom = widget.mapTo(window, widget.rect().bottomRight())
        assert 0 < bottom.y() <= window.height() and bottom.x() <= window.width(), widget
    assert panel.stacks.height() >= panel.stacks.minimumSizeHint().height()
    shots = os.environ.get("HHE_SHOTS")
    if shots:
        window.grab().save(str(Path(shots) / f"chip_task_{size[0]}x{size[1]}.png"))
    window.close()


def test_a_cut_is_built_by_clicking_the_rack(qtbot: QtBot) -> None:
    window = open_window(qtbot, chip_lesson())
    panel = window.drill.chip_panel
    task = panel.task
    assert task is not None and task.kind is ChipDrillKind.CUT
    qtbot.waitUntil(lambda: panel.rack.height() > 0)
    value = task.expected_chips[0]
    (rect,) = [rect for chip, rect in panel.rack.chip_rects() if chip == value]
    for _ in task.expected_chips:
        qtbot.mouseClick(panel.rack, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert panel.builder.chips == list(task.expected_chips)
    panel.pay_button.click()
    assert panel.result is not None and panel.result.correct
    window.close()
