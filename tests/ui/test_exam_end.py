"""The exam's end screen: the verdict against the pass mark, every mistake with its round
(shown on the table when chosen), the last round's answers marked (issue 12)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import play_all_correct, type_answer
from trainer.engine.evaluator import Category
from trainer.storage.database import TrainerDB, open_database
from trainer.training.questions import DealerHandAnswer
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow


@pytest.fixture
def db() -> TrainerDB:
    database = open_database()
    yield database
    database.close()


def test_a_failed_exam_says_failed_and_lists_its_mistake_by_round(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    trainee = db.create_trainee("Cleo")
    config_id = db.create_exam_config("Audition", rounds=2, ruleset_id="ny-2018",
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


def test_a_practice_exam_says_it_has_no_pass_mark(qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(sound=False, seed=5, exam_rounds=1))
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    play_all_correct(qtbot, window)
    assert "A practice exam: no pass mark" in window.panel.hint.text()
    window.close()
