"""The trainer window keeps every round and answer in a real SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import create_exam_config
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


def test_a_mistake_reopens_for_review_exactly_as_dealt_and_nothing_is_recorded(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ben")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    type_answer(qtbot, window, "one pair As Kd Qs Jd 9c")  # wrong: the dealer has ace high
    mistakes = db.trainee_mistakes(trainee)
    assert [m.answer.question_id for m in mistakes] == ["dealer-hand"]
    window.next_hand()  # something else is on the table now
    practice_round = window.state
    answers_before = answers_on_disk(db.path)
    window.reopen_round(mistakes[0].round)
    review = window.review
    state = review.state
    assert state is not None
    assert [str(c) for c in state.round.dealer] == SETTLE_MD_EXAMPLE["dealer"]
    assert [str(c) for c in state.round.board] == SETTLE_MD_EXAMPLE["board"]
    assert [seat.seat for seat in state.round.seats] == [2, 6]
    review.rounds.submit("high card As Kd Qs Jd 9c")  # right this time
    assert state.grades[-1].correct
    assert answers_on_disk(db.path) == answers_before  # a review is never recorded
    assert window.state is practice_round  # the practice window's round is untouched
    review.close()
    window.close()


def test_an_instructor_exam_is_scored_against_its_pass_mark(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    trainee = db.create_trainee("Cleo")
    config_id = create_exam_config(db, "Audition", rounds=2, ruleset_id="massachusetts",
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


def any_dealer_hand(window: MainWindow) -> str:
    """An answer to the dealer's-hand question made of five of the dealer's own seven
    cards (a card not among them is a slip, not graded)."""
    state = window.state
    assert state is not None
    seven = [*state.round.dealer, *state.round.board]
    return "high card " + " ".join(str(card) for card in seven[:5])


def test_an_exam_whose_time_runs_out_counts_the_rest_wrong_and_does_not_pass(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two rounds set with a one-second limit: one round answered right, the
    second left half done when the time is up."""
    trainee = db.create_trainee("Dora")
    config_id = create_exam_config(db, "Timed", rounds=2, ruleset_id="ny-2018",
                                      pass_mark=1, time_limit_seconds=1)
    config = next(c for c in db.list_exam_configs() if c.id == config_id)
    monkeypatch.setattr(MainWindow, "_choose_exam_config", lambda self: config)
    window = MainWindow(TrainingSettings(sound=False, seed=7), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    assert window._exam_deadline.isActive()
    window._exam_deadline.stop()  # the test plays at its own pace, then the time is up
    play_all_correct(qtbot, window)
    window.next_hand()
    assert window.state is not None
    asked = len(window.state.questions)
    type_answer(qtbot, window, any_dealer_hand(window))  # any answer to the first question
    window._exam_time_up()
    (exam,) = db.exam_results(trainee)
    with sqlite3.connect(db.path) as other:
        unanswered = other.execute(
            "SELECT COUNT(*) FROM answers WHERE given IS NULL AND correct = 0").fetchone()[0]
    other.close()
    assert unanswered == asked - 1
    assert exam.score is not None and exam.score >= 1  # above the pass mark ...
    assert exam.passed is False  # ... but the second round was not finished in time
    text = window.panel.hint.text()
    assert text.startswith("Time is up.") and "not passed" in text
    assert "all its rounds are answered in time" in text
    window.close()


def test_an_exam_left_in_its_last_round_keeps_the_rest_as_unanswered_and_does_not_pass(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    trainee = db.create_trainee("Eli")
    config_id = create_exam_config(db, "One round", rounds=1, ruleset_id="ny-2018", pass_mark=1)
    config = next(c for c in db.list_exam_configs() if c.id == config_id)
    monkeypatch.setattr(MainWindow, "_choose_exam_config", lambda self: config)
    window = MainWindow(TrainingSettings(sound=False, seed=3), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    assert window.state is not None
    asked = len(window.state.questions)
    type_answer(qtbot, window, any_dealer_hand(window))
    window.close()  # the trainee walks away
    (exam,) = db.exam_results(trainee)
    with sqlite3.connect(db.path) as other:
        unanswered = other.execute("SELECT COUNT(*) FROM answers WHERE given IS NULL").fetchone()
    other.close()
    assert unanswered == (asked - 1,)
    assert exam.passed is False


def test_a_review_from_a_mistake_shows_the_answer_given_then_and_the_right_one(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Fay")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    type_answer(qtbot, window, "one pair As Kd Qs Jd 9c")  # wrong: the dealer has ace high
    (mistake,) = db.trainee_mistakes(trainee)
    window.reopen_round(mistake.round, mistake)
    review = window.review
    assert review.notes[0].startswith("Recorded: one pair")
    assert "right: high card" in review.notes[0]
    assert len(review.notes) == 1  # dealt under the rule-set version in force: no note
    review.close()
    window.close()
