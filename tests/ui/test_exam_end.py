"""The exam's end screen: the verdict against the pass mark, every mistake with its round
(shown on the table when chosen), the last round's answers marked (issue 12)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QTabWidget
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import create_exam_config
from tests.ui.test_practice_loop import play_all_correct, type_answer
from trainer.engine.evaluator import Category
from trainer.exam_setup import ExamSetup
from trainer.reports.text import score_text
from trainer.site_config import SiteConfig
from trainer.storage.database import TrainerDB, open_database
from trainer.training.questions import DealerHandAnswer
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.progress.trainee_page import ExamsTable
from trainer.ui.station_exams import StationExamsView


@pytest.fixture
def db() -> TrainerDB:
    database = open_database()
    yield database
    database.close()


def test_a_failed_exam_says_failed_and_lists_its_mistake_by_round(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    trainee = db.create_trainee("Cleo")
    config_id = create_exam_config(db, "Audition", rounds=2, ruleset_id="ny-2018",
                                      pass_mark=100)
    config = next(c for c in db.list_exam_configs() if c.id == config_id)
    monkeypatch.setattr(MainWindow, "_choose_exam_config", lambda self: config)
    window = MainWindow(TrainingSettings(sound=False, seed=5), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    first = window.state
    assert first is not None
    expected = first.current.expected if first.current is not None else None
    assert isinstance(expected, DealerHandAnswer)
    wrong = "royal flush" if expected.category is not Category.ROYAL_FLUSH else "high card"
    type_answer(qtbot, window, f"{wrong} " + " ".join(str(c) for c in expected.cards))
    play_all_correct(qtbot, window)
    window.next_hand()
    last = window.state
    assert last is not None
    play_all_correct(qtbot, window)
    hint = window.panel.hint.text()
    assert "FAILED" in hint and "the pass mark is 100%" in hint  # one wrong of all: < 100%
    lines = [window.panel.history.item(i).text() for i in range(window.panel.history.count())]
    assert lines[0].startswith("\u2718 Round 1: Dealer")  # the mistake, with its round
    assert sum(line.startswith("\u2714 Round 2:") for line in lines) == len(last.grades)
    window.panel.history.itemClicked.emit(window.panel.history.item(0))
    assert window.table.shown_round is first.round  # the mistake's round on the table
    window.close()


def test_a_station_exam_with_nobody_signed_in_ends_passed_against_80_percent(
        qtbot: QtBot) -> None:
    """Issue 19, item 14: the station's own exam has a pass mark (80% with no site file)."""
    window = MainWindow(TrainingSettings(sound=False, seed=5, exam_rounds=1))
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    play_all_correct(qtbot, window)
    hint = window.panel.hint.text()
    assert "Exam over \u2014 PASSED" in hint and "the pass mark is 80%" in hint
    assert "A station exam, not recorded (nobody is signed in)" in hint
    assert "not an instructor's exam" in hint
    window.close()


def test_a_station_exam_takes_the_site_files_pass_mark_and_is_kept_in_my_exams(
        qtbot: QtBot, db: TrainerDB) -> None:
    """One wrong answer of a round is below the site's 100%: FAILED, kept in My exams as
    a station exam, and never among the instructor's exams."""
    trainee = db.create_trainee("Cleo")
    site = SiteConfig(exam=ExamSetup("Site exam", 5, 100.0))
    window = MainWindow(TrainingSettings(sound=False, seed=5, exam_rounds=1), db=db,
                        trainee_id=trainee, site=site)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)  # no instructor's set-up here: the station's exam
    state = window.state
    assert state is not None and state.current is not None
    expected = state.current.expected
    assert isinstance(expected, DealerHandAnswer)
    wrong = "royal flush" if expected.category is not Category.ROYAL_FLUSH else "high card"
    type_answer(qtbot, window, f"{wrong} " + " ".join(str(c) for c in expected.cards))
    play_all_correct(qtbot, window)
    hint = window.panel.hint.text()
    assert "Exam over \u2014 FAILED" in hint and "the pass mark is 100%" in hint
    assert "A station exam, kept in My exams" in hint
    assert db.exam_results(trainee) == []  # not an instructor's exam
    (kept,) = db.station_exams(trainee)
    assert (kept.rounds, kept.pass_mark, kept.passed) == (1, 100.0, False)
    assert kept.answers == len(state.grades) and kept.correct == len(state.grades) - 1
    dialog = window.progress_dialog()
    assert dialog is not None
    tabs = dialog.findChild(QTabWidget)
    assert tabs is not None and tabs.tabText(1) == "My exams (1)"
    instructors = dialog.findChild(ExamsTable)
    assert instructors is not None and instructors.isHidden()  # none: "none yet" instead
    assert any(label.text() == "Exams set by an instructor: none yet."
               for label in dialog.findChildren(QLabel))
    view = dialog.findChild(StationExamsView)
    assert view is not None and "Not an instructor's exam" in view.note.text()
    row = [str(view.model.index(0, c).data()) for c in range(view.model.columnCount())]
    assert row[1] == "Station exam (not an instructor's)"
    asked = len(state.grades)
    assert row[3:] == ["1 of 1", "100%", score_text(100.0 * (asked - 1) / asked), "FAIL"]
    dialog.deleteLater()
    window.close()
