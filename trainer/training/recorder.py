"""Keeps a training session in the database as it happens (no Qt).

The recorder subscribes to the session: every dealt round is stored in the
settle contract's form the moment it is dealt, and every answer is committed
the moment it is graded, so a crash loses nothing already answered. A window
never calls it to record; it only closes it (or lets it go when saving fails).

When another program holds the database's write lock past the busy timeout, a
round, an answer or the session's end waits in the database's line of waiting
writes (:mod:`trainer.storage.waiting`) with the time it happened, and every later
one joins it in order; the window retries the line until the lock is released.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Exam, Mode, StationExam
from trainer.training.chip_grading import chips_text
from trainer.training.grading import Grade
from trainer.training.questions import answer_text
from trainer.training.session import RoundState, TrainingSession
from trainer.training.session_records import PendingAnswer, SessionRecords, start


class SessionRecorder(SessionRecords):
    """Connect a :class:`TrainingSession` to a trainee's records."""

    def __init__(
        self,
        db: SessionStore,
        trainee_id: int,
        session: TrainingSession,
        *,
        exam_config_id: int | None = None,
        station_pass_mark: float | None = None,
        committed: Callable[[], None] | None = None,
    ) -> None:
        """An exam-mode session without ``exam_config_id`` is the station's own exam,
        kept with its length and ``station_pass_mark`` (never an instructor's exam).
        ``committed`` is called after each answer, session end or exam result is
        committed (a waiting one when it is written at last): the room's sender is
        nudged with it. It must return at once and never raise."""
        ruleset = session.ruleset
        exam: Exam | None = None
        self.station_exam = False
        """The station's own exam (scored against its pass mark, in My exams)."""
        if (exam_config_id is None and session.mode is Mode.EXAM
                and station_pass_mark is not None):
            session_id = db.start_station_exam(
                trainee_id, ruleset.id, session.settings.exam_rounds, station_pass_mark)
            self.station_exam = True
        else:
            session_id, exam = start(db, trainee_id, session.mode, ruleset.id,
                                     exam_config_id)
        super().__init__(db, trainee_id, session_id, exam, committed)
        self._session = session
        session.round_listeners.append(self.round_dealt)
        session.listeners.append(self.answer_given)

    def detach(self) -> None:
        """Stop recording this session (it was closed, or saving failed)."""
        if self.round_dealt in self._session.round_listeners:
            self._session.round_listeners.remove(self.round_dealt)
        if self.answer_given in self._session.listeners:
            self._session.listeners.remove(self.answer_given)

    def round_dealt(self, state: RoundState) -> None:
        self.keep_round(state, state.round)

    @property
    def waiting(self) -> int:
        """How many of this database's writes wait for another program's lock."""
        return len(self.db.waiting)

    def answer_given(self, state: RoundState, grade: Grade) -> None:
        row = self.round_row(state, state.round)
        self.keep_answer(row, PendingAnswer.of(
            grade.question, grade.expected_text, grade.given_text, grade.correct,
            grade.seconds))
        chips = grade.chips
        if chips is None:
            return
        # Paid in chips at the right amount: the chip procedure's result is an answer
        # row of its own (question id ``<id>.chips``, skill chip_procedure), the expected
        # and the built stack as text, so mastery, the grid and reports count it.
        for skill, right in chips.skill_results()[1:]:
            question = replace(grade.question, id=f"{grade.question.id}.chips", skill=skill)
            self.keep_answer(row, PendingAnswer.of(
                question, chips_text(chips.expected_stack), chips_text(chips.paid), right,
                grade.seconds))

    def record_unanswered(self, state: RoundState) -> None:
        """Questions left when an exam's time ran out: kept as unanswered, wrong."""
        row = self.round_row(state, state.round)
        for question in state.questions[state.index :]:
            expected = answer_text(question.kind, question.expected)
            self.keep_answer(row, PendingAnswer.of(question, expected, None, False, 0.0))

    @property
    def is_exam(self) -> bool:
        """An instructor's exam or the station's own."""
        return self.exam is not None or self.station_exam

    def station_result(self) -> StationExam | None:
        """The station exam as kept (scored once closed); None when this is not one."""
        return self.db.station_exam(self.session_id) if self.station_exam else None

    def close(self) -> Exam | None:
        """End the session (scoring the exam, if this is one); safe to call twice."""
        self.detach()
        return super().close()
