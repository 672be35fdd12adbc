"""The trainer window keeps every round and answer in a real SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE, play_all_correct, type_answer
from trainer.engine.round import parse_round
from trainer.storage.database import TrainerDB, open_database
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3")
    yield database
    database.close()


def answers_on_disk(path: Path) -> int:
    """Read with a separate connection: only committed rows are visible."""
    with sqlite3.connect(path) as other:
        count = other.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    other.close()
    return int(count)


def test_each_answer_is_on_disk_before_the_next_question_appears(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    for answered, text in enumerate(["high card As Kd Qs Jd 9c", "n", "2", "t", "t"], start=1):
        type_answer(qtbot, window, text)
        assert answers_on_disk(db.path) == answered
    with sqlite3.connect(db.path) as other:
        stored = other.execute("SELECT round_json FROM rounds").fetchall()
    other.close()
    assert len(stored) == 1
    window.close()


def test_a_mistake_reopens_on_the_table_exactly_as_dealt(qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ben")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    type_answer(qtbot, window, "one pair As Kd Qs Jd 9c")  # wrong: the dealer has ace high
    mistakes = db.trainee_mistakes(trainee)
    assert [m.answer.question_id for m in mistakes] == ["dealer-hand"]
    window.next_hand()  # something else is on the table now
    window.reopen_round(mistakes[0].round)
    state = window.state
    assert state is not None
    assert [str(c) for c in state.round.dealer] == SETTLE_MD_EXAMPLE["dealer"]
    assert [str(c) for c in state.round.board] == SETTLE_MD_EXAMPLE["board"]
    assert [seat.seat for seat in state.round.seats] == [2, 6]
    window.close()


def test_an_instructor_exam_is_scored_against_its_pass_mark(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    trainee = db.create_trainee("Cleo")
    config_id = db.create_exam_config("Audition", rounds=2, ruleset_id="massachusetts",
                                      pass_mark=80)
    config = next(c for c in db.list_exam_configs() if c.id == config_id)
    monkeypatch.setattr(MainWindow, "_choose_exam_config", lambda self: config)
    window = MainWindow(TrainingSettings(sound=False, seed=5), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    for number in (1, 2):
        assert window.state is not None
        assert window.state.round.ruleset.id == "massachusetts"
        play_all_correct(qtbot, window)
        if number == 1:
            window.next_hand()
    results = db.exam_results(trainee)
    assert len(results) == 1
    assert results[0].score == 100
    assert results[0].passed is True
    assert "PASSED" in window.panel.hint.text()
    window.close()
