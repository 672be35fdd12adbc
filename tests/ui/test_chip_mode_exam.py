"""An exam whose set-up requires chips (issue 22, items 3 and 6): the Exam set-up dialog's
Payouts box, the list and the saved message saying it, and the exam asking every payout in
chips whatever the station's Pay with chips (and typed amounts under a set-up that does
not require chips, whatever the station's setting).

The round (tests/ui/realx/chip_driver.py): dealer royal flush over seat 3's straight; the
ante and raise ($10 each, two red $5) are taken; the odds wager, two red $5, is paid 4 to 1
by the bad-beat table (docs/rules.md §4, §9): $40, colour for colour eight red $5
(docs/rules.md §10). Worked by hand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.ui.realx.chip_driver import CHIP_ROUND
from tests.ui.test_chip_mode_window import keys
from trainer.engine.round import parse_round
from trainer.exam_setup import ExamSetup
from trainer.storage import TrainerDB, open_database
from trainer.training.session import Mode, RoundState, TrainingSession, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog

TYPED_TO_THE_ANTE = ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "room.sqlite3", backup_on_session=False)
    yield database
    database.close()


def exam_window(qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch, *,
                requires_chips: bool, station_chips: bool) -> MainWindow:
    """A trainee's window in an instructor's one-round exam dealt :data:`CHIP_ROUND`."""
    config_id = db.create_exam_setup(
        ExamSetup("Chips audition", 1, 80.0, seats=1, side_bets=(), chips=requires_chips))
    config = db.get_exam_config(config_id)
    monkeypatch.setattr(MainWindow, "_choose_exam_config", lambda self: config)

    def chip_round(session: TrainingSession) -> RoundState:
        return session.start_round(parse_round(CHIP_ROUND))

    monkeypatch.setattr(TrainingSession, "next_round", chip_round)
    trainee = db.create_trainee("Ana Test")
    window = MainWindow(TrainingSettings(seed=1, sound=False, chip_mode=station_chips,
                                         chip_total=True), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.resize(1400, 800)
    window.show()
    window.set_mode(Mode.EXAM)
    for text in TYPED_TO_THE_ANTE:
        window.panel.field.clear()
        qtbot.keyClicks(window.panel.field, text)
        qtbot.keyClick(window.panel.field, Qt.Key.Key_Return)
    state = window.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-3-ante"
    return window


def test_a_set_up_requiring_chips_asks_every_payout_in_chips_though_the_station_types(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    window = exam_window(qtbot, db, monkeypatch, requires_chips=True, station_chips=False)
    assert window.chip_rack.isVisible() and window.rounds.builder is not None
    qtbot.keyClicks(window.panel.field, "10")  # a typed amount is not an answer here
    assert window.panel.field.text() == "1x$1"  # key 1 is the $1 chip; 0 is no key
    keys(qtbot, window, "Escape", "t", "t", "8", "3")
    assert "$" not in window.chip_rack.status  # never the total in an exam, though asked
    keys(qtbot, window, "Enter")
    state = window.state
    assert state is not None and state.finished
    assert [g.given_text for g in state.grades[4:]] == ["take $10.00", "take $10.00", "8x$5"]
    assert all(g.correct for g in state.grades)
    assert not window.table.expected_stack.isVisible()  # no feedback during an exam
    with sqlite3.connect(db.path) as connection:
        kept = connection.execute(
            "SELECT question_id, skill, given, correct FROM answers ORDER BY id").fetchall()
    assert kept[-2:] == [("seat-3-odds", "bad_beat", "8x$5", 1),
                         ("seat-3-odds.chips", "chip_procedure", "8x$5", 1)]
    window.close()


def test_a_set_up_not_requiring_chips_asks_typed_amounts_though_the_station_pays_chips(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    window = exam_window(qtbot, db, monkeypatch, requires_chips=False, station_chips=True)
    assert window.rounds.builder is None and not window.chip_rack.isVisible()
    for text in ("t", "t", "40"):
        window.panel.field.clear()
        qtbot.keyClicks(window.panel.field, text)
        qtbot.keyClick(window.panel.field, Qt.Key.Key_Return)
    state = window.state
    assert state is not None and state.finished and all(g.correct for g in state.grades)
    assert not any(g.question.id.endswith(".chips") for g in state.grades)
    window.close()


def test_the_set_up_dialog_ticks_chips_and_the_list_and_an_edit_show_it(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    assert not dialog.chips_box.isChecked()  # typed amounts unless the instructor ticks it
    dialog.chips_box.setChecked(True)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.message.text()
    [config] = db.list_exam_configs()
    assert config.setup is not None and config.setup.chips

    setups = ExamSetupsDialog(db)
    qtbot.addWidget(setups)
    assert "payouts in chips" in setups.table.item(0, setups.FIXES).text()

    def edit(shown: QDialog) -> bool:
        assert isinstance(shown, ExamSetupDialog)
        assert shown.chips_box.isChecked()  # the set-up as it is
        shown.chips_box.setChecked(False)
        shown.accept()
        return shown.result() == QDialog.DialogCode.Accepted

    monkeypatch.setattr(setups, "_run_dialog", edit)
    setups.edit_selected()
    edited = db.get_exam_config(config.id)
    assert edited is not None and edited.version == 2
    assert edited.setup is not None and not edited.setup.chips
    assert "chips" not in setups.table.item(0, setups.FIXES).text()
