"""An instructor's exam of dealer's mistakes (issue 23, item 2 part 3): chosen in Exam
mode, it runs in the Spot the dealer's mistake window, deals every candidate the same
exercises, explains nothing until the last is done, and is scored against its pass mark
from the answer rows kept. Figures as worked by hand in
tests/training/test_mistakes_injected_and_graded.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.training.test_mistakes_injected_and_graded import NOT_QUALIFYING, QUALIFIES
from trainer.engine.round import Wager, parse_round, round_to_json
from trainer.engine.settlement import Outcome, settle
from trainer.exam_setup import ExamSetup
from trainer.storage.database import TrainerDB, open_database
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import Spot, inject, with_mistakes
from trainer.training.questions import PayoutAnswer
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import MistakesWindow
from trainer.ui.progress.exam_setup import ExamSetupDialog

FLOOR_TEST = ExamSetup("Floor test", 2, 60.0, ruleset_id="ny-2018", seats=4, seed=4711,
                       mistakes=True)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "room.sqlite3", backup_on_session=False)
    yield database
    database.close()


def start_exam(qtbot: QtBot, db: TrainerDB, name: str,
               monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, MistakesWindow]:
    """``name`` signs in, chooses Exam mode and the first set-up offered."""
    trainee = db.create_trainee(name)
    main = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(main)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args: (args[3][0], True))
    main.set_mode(Mode.EXAM)
    [window] = main.findChildren(MistakesWindow)
    assert main.mode is Mode.PRACTICE  # the practice window stays as it was
    return main, window


def test_every_candidate_is_dealt_the_same_exercises(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(FLOOR_TEST)
    dealt = []
    for name in ("Ana", "Bo"):
        main, window = start_exam(qtbot, db, name, monkeypatch)
        assert window.exam is not None and window.exam.name == "Floor test"
        assert window.heading.text().startswith("<b>Exam Floor test: exercise 1 of 2.</b>")
        assert window.exercise is not None
        round_ = window.exercise.settlement.round
        assert len(round_.seats) == 4 and round_.ruleset.id == "ny-2018"
        dealt.append((round_to_json(round_), window.exercise.dealer))
        window.close()
        main.close()
    assert dealt[0] == dealt[1]


def test_the_exam_is_scored_against_its_pass_mark_and_explained_at_the_end(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(FLOOR_TEST)
    main, window = start_exam(qtbot, db, "Ana", monkeypatch)
    # Exercise 1: seat 6's $5 Trips Plus on a flush paid $30 (table B); A pays $35.
    # Marked $35: found, and corrected (2 rows right).
    window.show_exercise(inject(settle(parse_round(QUALIFIES)),
                                shipped_catalogue().by_id("trips-plus-table-b"), 6))
    window.marks[Spot(6, Wager.TRIPS_PLUS)] = PayoutAnswer(Outcome.WIN, Decimal(35))
    window.finish()
    assert "Nothing is explained until the exam is over" in window.result.toPlainText()
    assert "Found" not in window.result.toPlainText()
    window.activateWindow()  # as the window system makes it on opening: its keys work
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window.field, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.exam_number == 2
    # Exercise 2: the dealer settled everything right; seat 2's ante (it pushes: the dealer
    # does not qualify) marked "pay $5": invented (1 row wrong). Score 2 of 3 = 66.7%,
    # pass mark 60%: passed.
    window.show_exercise(with_mistakes(settle(parse_round(NOT_QUALIFYING)), ()))
    window.marks[Spot(2, Wager.ANTE)] = PayoutAnswer(Outcome.WIN, Decimal(5))
    window.finish()
    assert window.exam_result is not None
    assert window.exam_result.score == pytest.approx(200 / 3)
    assert window.exam_result.passed is True
    shown = window.result.toPlainText()
    assert "All exercises done. Score 66.7% (pass mark 60%): passed." in shown
    assert "Exercise 1" in shown and "Found: seat 6's Trips Plus" in shown
    assert "Exercise 2" in shown and "seat 2's Ante was settled right" in shown
    window.next_round()  # no exercise after the last
    assert window.exam_number == 2
    [exam] = db.exam_results(main.trainee_id)
    assert (exam.passed, round(exam.score or 0, 1)) == (True, 66.7)
    window.close()
    main.close()


def test_an_exam_closed_before_its_end_is_not_passed(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(FLOOR_TEST)
    main, window = start_exam(qtbot, db, "Cy", monkeypatch)
    window.show_exercise(with_mistakes(settle(parse_round(NOT_QUALIFYING)), ()))
    window.finish()  # all correct: 1 row right, 100% of what was answered
    window.close()
    [exam] = db.exam_results(main.trainee_id)
    assert (exam.score, exam.passed) == (100.0, False)  # 1 of its 2 exercises done
    main.close()


def test_the_set_up_editor_makes_an_exam_of_mistakes(qtbot: QtBot, db: TrainerDB) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    dialog.same_hands_box.setChecked(False)
    dialog.chips_box.setChecked(True)
    dialog.mistakes_box.setChecked(True)  # the same hands ticked, a number shown; no chips
    assert dialog.same_hands_box.isChecked() and dialog.seed_edit.text().isdigit()
    assert not dialog.chips_box.isChecked() and not dialog.chips_box.isEnabled()
    dialog.rounds_edit.setText("5")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.message.text()
    [config] = db.list_exam_configs()
    assert config.setup is not None and config.setup.mistakes
    assert config.setup.seed == int(dialog.seed_edit.text())
    assert config.setup.described.startswith("5 dealer's-mistake exercises, ")
    edit = ExamSetupDialog(db, config=config)  # the editor shows it again
    qtbot.addWidget(edit)
    assert edit.mistakes_box.isChecked() and not edit.chips_box.isEnabled()


def test_an_exam_out_of_time_is_scored_as_it_stands_and_not_passed(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(replace(FLOOR_TEST, time_limit_seconds=5 * 60))
    main, window = start_exam(qtbot, db, "Di", monkeypatch)
    assert window.deadline.isActive()
    assert window.deadline.interval() == 300_000  # 5 minutes, in ms
    window.show_exercise(with_mistakes(settle(parse_round(NOT_QUALIFYING)), ()))
    window.finish()  # all correct: 1 row right
    window.next_round()
    window.time_up()  # the second exercise not done
    assert not window.field.isEnabled() and not window.deadline.isActive()
    assert window.exam_result is not None
    assert (window.exam_result.score, window.exam_result.passed) == (100.0, False)
    assert window.result.toPlainText().startswith(
        "Time is up. Score 100.0% (pass mark 60%): not passed. An exam passes only when"
        " every exercise is done in time.")
    window.close()
    main.close()


@pytest.mark.parametrize("answer", ["No", "Yes"])
def test_quitting_the_practice_window_asks_before_it_ends_an_exam_of_mistakes(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    db.create_exam_setup(FLOOR_TEST)
    main, window = start_exam(qtbot, db, "Ed", monkeypatch)
    main.show()
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return getattr(QMessageBox.StandardButton, answer)

    monkeypatch.setattr(QMessageBox, "question", question)
    closed = main.close()
    assert asked == ["This ends your exam (0 of 2 exercises done). It is recorded as not"
                     " passed: an exam passes only when every exercise is done.\n\nEnd the"
                     " exam?"]
    [exam] = db.exam_results(main.trainee_id)
    if answer == "No":  # both windows stay, the exam goes on
        assert not closed and main.isVisible() and window.isVisible()
        assert exam.finished is None
        window.close()  # a close the program makes: not asked again
        assert len(asked) == 1
    else:
        assert closed and not window.isVisible()
        assert (exam.finished is not None, exam.passed) == (True, False)
