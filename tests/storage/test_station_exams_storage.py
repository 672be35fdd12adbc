"""A trainee's own exam of the station's Settings (issue 19, item 14): kept with its
length and pass mark, scored from its answers, and never an instructor's exam."""

from __future__ import annotations

from datetime import timedelta

import pytest
from storage_support import create_exam_config

from tests.storage.storage_support import ROUND, RULES, answer, at
from trainer.storage import TrainerDB
from trainer.storage.models import AssignmentKind, StorageError


def _station_exam(db: TrainerDB, trainee: int, rounds: list[list[bool | None]],
                  *, set_rounds: int, pass_mark: float, finish: bool = True) -> int:
    """A station exam: each inner list one round's answers (True right, False wrong,
    None left unanswered); the session's id."""
    session = db.start_station_exam(trainee, RULES, set_rounds, pass_mark, at=at(0))
    for number, results in enumerate(rounds):
        round_id = db.record_round(session, ROUND, RULES, 1, at=at(number))
        for index, result in enumerate(results):
            answer(db, round_id, question_id=f"q{index}", correct=bool(result),
                   given=None if result is None else "10.00" if result else "5.00",
                   at=at(number) + timedelta(seconds=index))
    if finish:
        db.end_session(session, at=at(30))
    return session


def test_a_station_exam_passes_at_the_pass_mark_with_every_round_answered(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    # 9 of 10 right = 90% >= 80%, both rounds of 2 answered in full.
    _station_exam(db, trainee, [[True] * 5, [True] * 4 + [False]], set_rounds=2, pass_mark=80)
    (exam,) = db.station_exams(trainee)
    assert (exam.answers, exam.correct, exam.rounds_complete) == (10, 9, 2)
    assert exam.score == 90.0 and exam.passed is True and exam.pass_mark == 80.0


def test_a_station_exam_below_its_pass_mark_fails(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    # 7 of 10 right = 70% < 80%.
    _station_exam(db, trainee, [[True] * 5, [True, True, False, False, False]],
                  set_rounds=2, pass_mark=80)
    (exam,) = db.station_exams(trainee)
    assert exam.score == 70.0 and exam.passed is False


def test_a_station_exam_left_early_keeps_its_score_but_does_not_pass(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    # Round 2 of 3 left with one question unanswered: 5 of 6 right (83.3% >= 80%),
    # but only 1 of the 3 rounds set is complete.
    _station_exam(db, trainee, [[True] * 4, [True, None]], set_rounds=3, pass_mark=80)
    (exam,) = db.station_exams(trainee)
    assert exam.rounds_complete == 1 and exam.correct == 5 and exam.answers == 6
    assert exam.passed is False


def test_a_running_station_exam_has_no_score_yet(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    _station_exam(db, trainee, [[True]], set_rounds=2, pass_mark=80, finish=False)
    (exam,) = db.station_exams(trainee)
    assert exam.finished is None and exam.score is None and exam.passed is None


def test_a_station_exam_is_never_an_instructors_exam(db: TrainerDB) -> None:
    """Nothing to sign off, and an exam assignment stays undone after a passed one."""
    trainee = db.create_trainee("Ana")
    db.create_instructor("Ines", "secret-password")
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    db.assign(AssignmentKind.EXAM, config, trainee_id=trainee, assigned_by="Ines",
              at=at(-60))
    (assignment,) = db.assignments_for(trainee)
    _station_exam(db, trainee, [[True] * 5], set_rounds=1, pass_mark=80)
    assert db.station_exams(trainee)[0].passed is True
    assert db.exam_results(trainee) == []  # only exams rows can be signed off
    assert not db.exam_assignment_done(trainee, assignment)


def test_a_station_exam_refuses_a_pass_mark_outside_0_to_100(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    with pytest.raises(StorageError, match="pass_mark: 101"):
        db.start_station_exam(trainee, RULES, 10, 101)
    with pytest.raises(StorageError, match="rounds: 0 must be at least 1"):
        db.start_station_exam(trainee, RULES, 0, 80)
