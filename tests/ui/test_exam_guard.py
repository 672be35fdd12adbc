"""Nothing ends a running exam without asking (issue 12; issue 19, item 21: Ctrl+Q and the
window's close button too); Cancel in the exam picker changes nothing; the speed clock
goes with speed."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import create_exam_config
from tests.ui.test_practice_loop import type_answer, typed_form
from trainer.storage.database import open_database
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow


@pytest.fixture
def exam(qtbot: QtBot) -> MainWindow:
    window = MainWindow(TrainingSettings(seed=4, sound=False, exam_rounds=3))
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    assert window.exam_running()
    return window


def answer_with(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton,
                asked: list[str]) -> None:
    def question(_parent: object, title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return button
    monkeypatch.setattr(QMessageBox, "question", question)


def test_switching_mode_during_an_exam_asks_and_no_keeps_the_exam(
        exam: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    session = exam.session
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    exam.set_mode(Mode.PRACTICE)
    assert len(asked) == 1 and "This ends your exam (0 of 3 rounds answered)" in asked[0]
    assert exam.mode is Mode.EXAM and exam.session is session
    assert exam.mode_actions[Mode.EXAM].isChecked()


def test_yes_ends_the_exam_and_switches(exam: MainWindow,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.Yes, asked)
    exam.set_mode(Mode.PRACTICE)
    assert exam.mode is Mode.PRACTICE and not exam.exam_running()


def test_settings_during_an_exam_ask_first(exam: MainWindow,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    session = exam.session
    exam.open_settings()  # No: the dialog never opens, the exam goes on
    assert len(asked) == 1
    assert exam.session is session


def test_practice_switches_without_asking(qtbot: QtBot,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(TrainingSettings(seed=4, sound=False))
    qtbot.addWidget(window)
    window.next_hand()
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    window.set_mode(Mode.SPEED)
    assert asked == [] and window.mode is Mode.SPEED


def test_the_speed_clock_goes_when_speed_mode_ends(qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(seed=4, sound=False))
    qtbot.addWidget(window)
    window.set_mode(Mode.SPEED)
    window._update_clock()
    assert window.clock_label.text().startswith("Time ")
    window.set_mode(Mode.PRACTICE)
    assert window.clock_label.text() == ""


def test_ctrl_q_in_a_running_exam_asks_the_same_question_and_no_keeps_it(
        exam: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19, item 21: Ctrl+Q asks like Ctrl+Shift+T."""
    exam.show()
    session = exam.session
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    quit_action = next(a for a in exam.findChildren(QAction)
                       if a.shortcut() == QKeySequence("Ctrl+Q"))
    quit_action.trigger()
    assert len(asked) == 1 and "This ends your exam (0 of 3 rounds answered)" in asked[0]
    assert exam.isVisible() and exam.session is session and exam.exam_running()
    answer_with(monkeypatch, QMessageBox.StandardButton.Yes, asked)
    assert exam.quit()
    assert len(asked) == 2 and not exam.isVisible()


class _WindowSystemClose:
    """A close event as the window system sends it (the title bar's close button)."""

    def __init__(self) -> None:
        self.ignored = False

    def spontaneous(self) -> bool:
        return True

    def ignore(self) -> None:
        self.ignored = True


def test_the_windows_close_button_in_a_running_exam_asks_too(
        exam: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    exam.show()
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    event = _WindowSystemClose()
    exam.closeEvent(event)  # type: ignore[arg-type]
    assert event.ignored and len(asked) == 1 and exam.exam_running()


def test_quitting_outside_an_exam_does_not_ask(qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(TrainingSettings(seed=4, sound=False))
    qtbot.addWidget(window)
    window.show()
    window.next_hand()
    asked: list[str] = []
    answer_with(monkeypatch, QMessageBox.StandardButton.No, asked)
    assert window.quit() and asked == []


def test_cancel_in_the_which_exam_picker_changes_nothing(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19, item 21 (major): Cancel neither starts an exam nor throws the round away."""
    db = open_database()
    try:
        create_exam_config(db, "Audition", 10, "ny-2018", 80)
        trainee = db.create_trainee("Ana")
        window = MainWindow(TrainingSettings(seed=4, sound=False, exam_rounds=10), db=db,
                            trainee_id=trainee)
        qtbot.addWidget(window)
        window.next_hand()
        session, state = window.session, window.state
        assert state is not None
        monkeypatch.setattr(QInputDialog, "getItem", lambda *args: (args[3][0], False))
        window.mode_actions[Mode.EXAM].trigger()  # the menu's Exam mode, then Cancel
        assert window.mode is Mode.PRACTICE and window.mode_actions[Mode.PRACTICE].isChecked()
        assert window.session is session and window.state is state
        assert window.table.shown_round is state.round
        assert db.exam_results(trainee) == [] and db.station_exams(trainee) == []
        window.close()
    finally:
        db.close()


def test_cancel_when_starting_a_new_exam_keeps_the_finished_exams_screen(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_database()
    try:
        create_exam_config(db, "Audition", 10, "ny-2018", 80)
        trainee = db.create_trainee("Ana")
        window = MainWindow(TrainingSettings(seed=4, sound=False, exam_rounds=1), db=db,
                            trainee_id=trainee)
        qtbot.addWidget(window)
        monkeypatch.setattr(QInputDialog, "getItem", lambda *args: (args[3][-1], True))
        window.set_mode(Mode.EXAM)  # the station exam, one round
        state = window.state
        assert state is not None
        while state.current is not None:
            type_answer(qtbot, window, typed_form(state.current.kind, state.current.expected))
        session, verdict = window.session, window.panel.hint.text()
        assert session.exam_finished and "Exam over" in verdict
        monkeypatch.setattr(QInputDialog, "getItem", lambda *args: (args[3][0], False))
        window.next_hand()  # Enter on the end screen, then Cancel in "Which exam?"
        assert window.session is session and window.panel.hint.text() == verdict
        assert db.exam_results(trainee) == [] and len(db.station_exams(trainee)) == 1
        window.close()
    finally:
        db.close()
