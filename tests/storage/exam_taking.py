"""Taking an exam by hand for the class and certification tests: a set-up, its rounds
and answers, finished; every figure chosen by the test."""

from __future__ import annotations

from storage_support import ROUND, RULES, answer, at, create_exam_config

from trainer.storage import TrainerDB
from trainer.storage.models import Exam


def exam_setup(db: TrainerDB, name: str = "Audition", *, rounds: int = 1,
               pass_mark: float = 80) -> int:
    return create_exam_config(db, name, rounds, RULES, pass_mark)


def take_exam(db: TrainerDB, trainee: int, config: int, right: int, wrong: int, *,
              minutes: float = 0) -> Exam:
    """One exam round with ``right`` right and ``wrong`` wrong answers, all given;
    finished a minute after it started."""
    exam = db.start_exam(trainee, config, at=at(minutes))
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=at(minutes))
    for index in range(right + wrong):
        answer(db, round_id, question_id=f"q{index}", correct=index < right,
               given="10.00" if index < right else "20.00", at=at(minutes + 0.5))
    return db.finish_exam(exam.id, at=at(minutes + 1))
