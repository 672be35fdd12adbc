"""Keeps a training session in the database as it happens (no Qt).

The recorder subscribes to the session: every dealt round is stored in the
settle contract's form the moment it is dealt, and every answer is committed
the moment it is graded, so a crash loses nothing already answered. A window
never calls it to record; it only closes it (or lets it go when saving fails).
"""

from __future__ import annotations

from trainer.engine.round import round_to_json
from trainer.storage.database import TrainerDB
from trainer.storage.models import Exam, Mode, NewAnswer, StationExam
from trainer.training.grading import Grade
from trainer.training.questions import Question, answer_text
from trainer.training.session import RoundState, TrainingSession


class SessionRecorder:
    """Connect a :class:`TrainingSession` to a trainee's records."""

    def __init__(
        self,
        db: TrainerDB,
        trainee_id: int,
        session: TrainingSession,
        *,
        exam_config_id: int | None = None,
        station_pass_mark: float | None = None,
    ) -> None:
        """An exam-mode session without ``exam_config_id`` is the station's own exam,
        kept with its length and ``station_pass_mark`` (never an instructor's exam)."""
        self.db = db
        self.trainee_id = trainee_id
        self.exam: Exam | None = None
        self.station_exam = False
        """The station's own exam (scored against its pass mark, in My exams)."""
        ruleset = session.ruleset
        self.session_id: int
        if exam_config_id is not None:
            self.exam = db.start_exam(trainee_id, exam_config_id)
            assert self.exam.session_id is not None  # only a merged exam may have none
            self.session_id = self.exam.session_id
        elif session.mode is Mode.EXAM and station_pass_mark is not None:
            self.session_id = db.start_station_exam(
                trainee_id, ruleset.id, session.settings.exam_rounds, station_pass_mark)
            self.station_exam = True
        else:
            self.session_id = db.start_session(trainee_id, session.mode, ruleset.id)
        self._session = session
        self._stored: tuple[RoundState, int] | None = None
        """The round stored last and its row id (answers go to the round being asked)."""
        self._closed = False
        session.round_listeners.append(self.round_dealt)
        session.listeners.append(self.answer_given)

    def detach(self) -> None:
        """Stop recording this session (it was closed, or saving failed)."""
        if self.round_dealt in self._session.round_listeners:
            self._session.round_listeners.remove(self.round_dealt)
        if self.answer_given in self._session.listeners:
            self._session.listeners.remove(self.answer_given)

    def round_dealt(self, state: RoundState) -> None:
        ruleset = state.round.ruleset
        round_id = self.db.record_round(
            self.session_id, round_to_json(state.round), ruleset.id, ruleset.version
        )
        self._stored = (state, round_id)

    def _round_id(self, state: RoundState) -> int:
        """The stored round's id, storing it first if it is not the one stored last."""
        if self._stored is None or self._stored[0] is not state:
            self.round_dealt(state)
        assert self._stored is not None
        return self._stored[1]

    def answer_given(self, state: RoundState, grade: Grade) -> None:
        self.db.record_answer(
            _new_answer(
                self._round_id(state),
                grade.question,
                grade.expected_text,
                grade.given_text,
                grade.correct,
                grade.seconds,
            )
        )

    def record_unanswered(self, state: RoundState) -> None:
        """Questions left when an exam's time ran out: kept as unanswered, wrong."""
        round_id = self._round_id(state)
        for question in state.questions[state.index :]:
            expected = answer_text(question.kind, question.expected)
            self.db.record_answer(_new_answer(round_id, question, expected, None, False, 0.0))

    @property
    def is_exam(self) -> bool:
        """An instructor's exam or the station's own."""
        return self.exam is not None or self.station_exam

    def station_result(self) -> StationExam | None:
        """The station exam as kept (scored once closed); None when this is not one."""
        return self.db.station_exam(self.session_id) if self.station_exam else None

    def close(self) -> Exam | None:
        """End the session (scoring the exam, if this is one); safe to call twice."""
        if self._closed:
            return self.exam
        self._closed = True
        self.detach()
        if self.exam is not None:
            self.exam = self.db.finish_exam(self.exam.id)
            return self.exam
        self.db.end_session(self.session_id)
        return None


def _new_answer(
    round_id: int,
    question: Question,
    expected: str,
    given: str | None,
    correct: bool,
    seconds: float,
) -> NewAnswer:
    """The row to keep for an answer (or a non-answer) to ``question``."""
    return NewAnswer(
        round_id=round_id,
        question_id=question.id,
        kind=question.kind,
        skill=question.skill,
        seat=question.seat,
        wager=question.wager,
        expected=expected,
        given=given,
        correct=correct,
        seconds=seconds,
    )
