"""Chip mode in the window (issue 22, item 3): a payout built from the rack by click and by
keys, graded by training (never the UI), feedback naming right amount, wrong chips with the
expected stack drawn beside the one built, and the running total only in practice when asked.

The round (tests/ui/realx/chip_driver.py): dealer royal flush over seat 3's straight; the
ante and raise ($10 each, two red $5) are taken; the odds wager, two red $5, is paid 4 to 1
by the bad-beat table (docs/rules.md §4, §9): $40. Colour for colour (the default house
procedure, docs/rules.md §10) pays each red 4 to 1 in reds: eight red $5. Worked by hand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.ui.realx.chip_driver import CHIP_ROUND
from trainer.engine.chips import Grade as ChipGradeKind
from trainer.engine.round import parse_round
from trainer.paths import data_dir
from trainer.preferences import settings_from_json, settings_to_json
from trainer.skills import Skill
from trainer.storage.database import open_database
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.settings_dialog import SettingsDialog
from trainer.ui.table.rack import StackBuilder

FIVE, ONE, TWENTY_FIVE = Decimal("5.00"), Decimal("1.00"), Decimal("25.00")


def make_window(qtbot: QtBot, mode: Mode = Mode.PRACTICE, **settings: object) -> MainWindow:
    main = MainWindow(TrainingSettings(seed=1, sound=False, chip_mode=True, **settings),  # type: ignore[arg-type]
                      mode)
    qtbot.addWidget(main)
    main.resize(1400, 800)
    main.show()
    main.play_round(parse_round(CHIP_ROUND))
    return main


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = make_window(qtbot)
    yield main
    main.close()


def keys(qtbot: QtBot, main: MainWindow, *presses: str) -> None:
    """Press each key in the answer field, as a trainee does."""
    names = {"Enter": Qt.Key.Key_Return, "Backspace": Qt.Key.Key_Backspace,
             "Escape": Qt.Key.Key_Escape, "Space": Qt.Key.Key_Space}
    for press in presses:
        if press in names:
            qtbot.keyClick(main.panel.field, names[press])
        else:
            qtbot.keyClicks(main.panel.field, press)


def to_the_odds(qtbot: QtBot, main: MainWindow) -> None:
    """Answer the first four questions (typed) and take the ante and raise (t, t)."""
    field = main.panel.field
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    keys(qtbot, main, "t", "t")
    state = main.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-3-odds"


def built(main: MainWindow) -> list[Decimal]:
    assert main.rounds.builder is not None
    return list(main.rounds.builder.chips)


# --- the keys, without a window -------------------------------------------------------------

def test_chip_keys_repeat_count_and_separate() -> None:
    builder = StackBuilder()  # $1, $2.50, $5, $25, $100, $500, $1,000: keys 1-7
    builder.key(3)
    builder.key(3)
    assert builder.chips == [FIVE, FIVE]  # repeated presses: one chip each
    builder.separate()
    builder.key(4)
    builder.key(3)
    assert builder.chips == [FIVE, FIVE, *[FIVE] * 4]  # 4 then 3: four of the third chip
    builder.clear()
    builder.key(8)  # no eighth chip: only a count
    assert builder.chips == [] and builder.count == 8
    builder.key(1)
    assert builder.chips == [ONE] * 8
    builder.clear()
    builder.key(1)
    builder.separate()
    builder.key(4)
    assert builder.chips == [ONE, TWENTY_FIVE]  # Space: a $1, then a $25
    builder.take_back()
    assert builder.chips == [ONE]


# --- building in the window --------------------------------------------------------------------

def test_keys_build_the_stack_backspace_takes_the_top_chip_escape_brings_all_back(
        qtbot: QtBot, window: MainWindow) -> None:
    to_the_odds(qtbot, window)
    keys(qtbot, window, "3", "3", "3")
    assert built(window) == [FIVE] * 3
    assert window.table.building_stack.isVisible()
    assert window.table.building_stack.chips == (FIVE,) * 3
    assert window.panel.field.text() == "3x$5"
    keys(qtbot, window, "Backspace")
    assert built(window) == [FIVE] * 2
    keys(qtbot, window, "Space", "4", "1")  # four of the first chip
    assert built(window) == [FIVE, FIVE, ONE, ONE, ONE, ONE]
    keys(qtbot, window, "Escape")
    assert built(window) == []
    assert window.state is not None and window.state.current is not None
    assert window.state.current.id == "seat-3-odds"  # nothing was paid


def rack_point(main: MainWindow, value: Decimal) -> QPoint:
    rack = main.chip_rack
    rect = dict(rack.chip_rects())[value]
    return rect.center().toPoint()


def test_clicks_on_the_rack_build_the_payout_and_a_click_on_it_takes_one_back(
        qtbot: QtBot, window: MainWindow) -> None:
    to_the_odds(qtbot, window)
    rack = window.chip_rack
    assert rack.isVisible() and rack.active
    for _ in range(9):
        qtbot.mouseClick(rack, Qt.MouseButton.LeftButton, pos=rack_point(window, FIVE))
    assert built(window) == [FIVE] * 9
    item = window.table.building_stack
    view = window.table
    centre = view.mapFromScene(item.mapToScene(item.boundingRect().center()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert built(window) == [FIVE] * 8
    keys(qtbot, window, "Enter")
    state = window.state
    assert state is not None and state.finished
    grade = state.grades[-1]
    assert grade.correct and grade.chips is not None
    assert grade.chips.grade is ChipGradeKind.RIGHT
    assert grade.given_text == "8x$5"
    assert window.panel.feedback.text().startswith("\u2714 Correct")


# --- grading through the window -----------------------------------------------------------------

def test_the_right_amount_in_other_chips_is_right_amount_wrong_chips_with_the_expected_stack(
        qtbot: QtBot, window: MainWindow) -> None:
    to_the_odds(qtbot, window)
    keys(qtbot, window, "1", "4", "3", "Space", "3", "3", "Enter")  # $25 + 3 x $5 = $40
    state = window.state
    assert state is not None and state.finished
    grade = state.grades[-1]
    assert grade.correct  # the amount: the bad-beat skill is right
    assert grade.chips is not None and grade.chips.grade is ChipGradeKind.WRONG_CHIPS
    assert grade.given_text == "1x$25 + 3x$5"
    feedback = window.panel.feedback.text()
    assert feedback.startswith("\u25d1 Right amount, wrong chips")
    assert "colour for colour" in feedback and "eight red $5" in feedback
    table = window.table
    assert table.paid_stack.isVisible() and table.expected_stack.isVisible()
    assert sorted(table.paid_stack.chips) == [FIVE, FIVE, FIVE, TWENTY_FIVE]
    assert table.expected_stack.chips == (FIVE,) * 8
    summary = window.session.summary()
    assert summary.per_skill_counts[grade.chips.question.skill] == (1, 1)
    assert summary.per_skill_counts[Skill.CHIP_PROCEDURE] == (0, 1)


def test_a_wrong_amount_is_wrong_whatever_the_chips(qtbot: QtBot, window: MainWindow) -> None:
    to_the_odds(qtbot, window)
    keys(qtbot, window, "7", "3", "Enter")  # seven reds: $35, not $40
    state = window.state
    assert state is not None
    grade = state.grades[-1]
    assert not grade.correct
    assert grade.chips is not None and grade.chips.grade is ChipGradeKind.WRONG_AMOUNT
    assert "$35.00" in grade.explanation and "$40.00" in grade.explanation
    assert window.panel.feedback.text().startswith("\u2718")


def test_enter_with_nothing_built_pays_nothing(qtbot: QtBot, window: MainWindow) -> None:
    to_the_odds(qtbot, window)
    keys(qtbot, window, "Enter")
    assert "Nothing is built" in window.panel.error.text()
    assert window.state is not None and len(window.state.grades) == 6


def test_p_pushes_and_is_graded_against_the_take(qtbot: QtBot, window: MainWindow) -> None:
    field = window.panel.field
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    keys(qtbot, window, "p")
    state = window.state
    assert state is not None
    grade = state.grades[-1]
    assert grade.question.id == "seat-3-ante" and not grade.correct
    assert grade.given_text == "push"


# --- the running total ------------------------------------------------------------------------

def test_the_total_shows_in_practice_only_when_asked(qtbot: QtBot) -> None:
    asked = make_window(qtbot, chip_total=True)
    to_the_odds(qtbot, asked)
    keys(qtbot, asked, "4", "3")
    assert asked.chip_rack.status == "Total $20.00"
    asked.close()
    not_asked = make_window(qtbot)
    to_the_odds(qtbot, not_asked)
    keys(qtbot, not_asked, "4", "3")
    assert "$" not in not_asked.chip_rack.status
    not_asked.close()


def test_an_exam_asks_typed_amounts_whatever_the_stations_chip_setting(qtbot: QtBot) -> None:
    """An exam is the same for every candidate: the station's own exam (no instructor's
    set-up) asks typed amounts, so a station's Pay with chips does not change its questions
    (nor add Chip procedure rows); a set-up decides for its exams
    (tests/ui/test_chip_mode_exam.py)."""
    main = make_window(qtbot, Mode.EXAM, chip_total=True)
    field = main.panel.field
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    state = main.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-3-ante"  # a payout question, asked as a typed amount
    assert main.rounds.builder is None
    assert not main.chip_rack.isVisible()
    main.close()


def test_the_total_never_shows_in_speed_mode(qtbot: QtBot) -> None:
    main = make_window(qtbot, Mode.SPEED, chip_total=True)
    to_the_odds(qtbot, main)
    keys(qtbot, main, "4", "3")
    assert built(main) == [FIVE] * 4
    assert "$" not in main.chip_rack.status
    assert "$" not in main.panel.field.text().replace("x$5", "")
    keys(qtbot, main, "Enter")
    # no feedback during the round in speed or exam mode, and no stacks compared
    assert not main.table.expected_stack.isVisible()
    main.close()


# --- kept like a typed answer ---------------------------------------------------------------------

def test_the_answer_and_the_chip_procedure_are_kept(qtbot: QtBot) -> None:
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    main = MainWindow(TrainingSettings(seed=1, sound=False, chip_mode=True), db=db,
                      trainee_id=trainee)
    qtbot.addWidget(main)
    main.show()
    main.play_round(parse_round(CHIP_ROUND))
    to_the_odds(qtbot, main)
    keys(qtbot, main, "1", "4", "3", "Space", "3", "3", "Enter")
    main.close()
    with sqlite3.connect(data_dir() / "trainer.sqlite3") as connection:
        kept = connection.execute(
            "SELECT question_id, skill, expected, given, correct FROM answers"
            " ORDER BY id").fetchall()
    db.close()
    assert kept[-2:] == [
        ("seat-3-odds", "bad_beat", "$40.00", "1x$25 + 3x$5", 1),
        ("seat-3-odds.chips", "chip_procedure", "8x$5", "1x$25 + 3x$5", 0),
    ]


# --- the setting ---------------------------------------------------------------------------

def test_pay_with_chips_is_off_by_default_and_kept_when_chosen(qtbot: QtBot) -> None:
    assert not TrainingSettings().chip_mode  # typed amounts stay the default
    dialog = SettingsDialog(TrainingSettings())
    qtbot.addWidget(dialog)
    assert not dialog.chip_mode.isChecked() and not dialog.chip_total.isEnabled()
    dialog.chip_mode.setChecked(True)
    assert dialog.chip_total.isEnabled()
    dialog.chip_total.setChecked(True)
    chosen = dialog.result_settings()
    assert chosen.chip_mode and chosen.chip_total
    again = settings_from_json(settings_to_json(chosen))
    assert again.chip_mode and again.chip_total


def test_choosing_chip_mode_in_settings_shows_the_rack_at_once(
        qtbot: QtBot) -> None:
    main = MainWindow(TrainingSettings(seed=1, sound=False))
    qtbot.addWidget(main)
    main.show()
    main.play_round(parse_round(CHIP_ROUND))
    assert not main.chip_rack.isVisible()
    to_typed_odds = ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose", "t", "t")
    for text in to_typed_odds:
        main.panel.field.clear()
        qtbot.keyClicks(main.panel.field, text)
        qtbot.keyClick(main.panel.field, Qt.Key.Key_Return)
    main.apply_settings(TrainingSettings(seed=1, sound=False, chip_mode=True))
    assert main.chip_rack.isVisible() and main.rounds.builder is not None
    keys(qtbot, main, "8", "3", "Enter")
    assert main.state is not None and main.state.finished
    assert main.state.grades[-1].given_text == "8x$5" and main.state.grades[-1].correct
    main.apply_settings(TrainingSettings(seed=1, sound=False))
    assert not main.chip_rack.isVisible()
    main.close()
