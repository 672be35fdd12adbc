"""Keeps a training session in the database as it happens (no Qt).

Every dealt round is stored in the settle contract's form the moment it is
dealt, and every answer is committed the moment it is graded, so a crash
loses nothing already answered.
"""

from __future__ import annotations

from trainer.engine.round import round_to_json
from trainer.storage.database import TrainerDB
from trainer.storage.models import Exam, SessionMode
from trainer.training.grading import Grade
from trainer.training.questions import answer_text
from trainer.training.session import Mode, RoundState, TrainingSession


class SessionRecorder:
    """Connect a :class:`TrainingSession` to a trainee's records."""

    def __init__(
        self,
        db: TrainerDB,
        trainee_id: int,
        session: TrainingSession,
        *,
        exam_config_id: int | None = None,
    ) -> None:
        self.db = db
        self.trainee_id = trainee_id
        self.exam: Exam | None = None
        ruleset = session.ruleset
        if exam_config_id is not None:
            self.exam = db.start_exam(trainee_id, exam_config_id)
            self.session_id = self.exam.session_id
        else:
            mode = {
                Mode.PRACTICE: SessionMode.PRACTICE,
                Mode.SPEED: SessionMode.SPEED,
                Mode.EXAM: SessionMode.EXAM,
            }[session.mode]
            self.session_id = db.start_session(trainee_id, mode, ruleset.id)
        self._round_ids: dict[int, int] = {}
        self._closed = False
        session.listeners.append(self.answer_given)

    def round_dealt(self, state: RoundState) -> None:
        ruleset = state.round.ruleset
        self._round_ids[id(state)] = self.db.record_round(
            self.session_id, round_to_json(state.round), ruleset.id, ruleset.version
        )

    def answer_given(self, state: RoundState, grade: Grade) -> None:
        if id(state) not in self._round_ids:
            self.round_dealt(state)
        question = grade.question
        self.db.record_answer(
            self._round_ids[id(state)],
            question.id,
            question.kind.value,
            question.skill.value,
            question.seat,
            question.wager.value if question.wager is not None else None,
            grade.expected_text,
            grade.given_text,
            grade.correct,
            grade.seconds,
        )

    def record_unanswered(self, state: RoundState) -> None:
        """Questions left when an exam's time ran out: kept as unanswered, wrong."""
        if id(state) not in self._round_ids:
            self.round_dealt(state)
        for question in state.questions[state.index :]:
            self.db.record_answer(
                self._round_ids[id(state)],
                question.id,
                question.kind.value,
                question.skill.value,
                question.seat,
                question.wager.value if question.wager is not None else None,
                answer_text(question.kind, question.expected),
                None,
                False,
                0.0,
            )

    def close(self) -> Exam | None:
        """End the session (scoring the exam, if this is one); safe to call twice."""
        if self._closed:
            return self.exam
        self._closed = True
        if self.exam is not None:
            self.exam = self.db.finish_exam(self.exam.id)
            return self.exam
        self.db.end_session(self.session_id)
        return None
