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
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from trainer.engine.round import round_to_json
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Exam, Mode, NewAnswer, StationExam
from trainer.storage.waiting import Waiting
from trainer.training.chip_grading import chips_text
from trainer.training.grading import Grade
from trainer.training.questions import Question, answer_text
from trainer.training.session import RoundState, TrainingSession


class SessionRecorder:
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
        self.db = db
        self.committed = committed
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
        self._stored: tuple[RoundState, _Row] | None = None
        """The round stored last (or waiting to be) and its row (answers go to the round
        being asked)."""
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
        row = _Row()
        dealt = datetime.now(UTC)
        round_json = round_to_json(state.round)

        def write() -> None:
            row.id = self.db.record_round(
                self.session_id, round_json, ruleset.id, ruleset.version, at=dealt)

        self._stored = (state, row)
        self.db.waiting.run(Waiting("round", write, {
            "session_id": self.session_id, "ruleset_id": ruleset.id,
            "ruleset_version": ruleset.version, "dealt_at": dealt.isoformat(),
            "round": round_json}))

    def _round_row(self, state: RoundState) -> _Row:
        """The stored round's row, storing it first if it is not the one stored last."""
        if self._stored is None or self._stored[0] is not state:
            self.round_dealt(state)
        assert self._stored is not None
        return self._stored[1]

    def _keep(self, row: _Row, answer: _Answer) -> None:
        """Write an answer now, or after the writes waiting for the database's lock."""
        given = datetime.now(UTC)

        def write() -> None:
            assert row.id is not None, "a round is written before its answers"
            self.db.record_answer(answer.new(row.id), at=given)
            self._committed()

        self.db.waiting.run(Waiting("answer", write, {
            "answered_at": given.isoformat(), **answer.record(),
            "round_id": row.id}))  # None: the round waits too, before it in the line

    def _committed(self) -> None:
        if self.committed is not None:
            self.committed()

    @property
    def waiting(self) -> int:
        """How many of this database's writes wait for another program's lock."""
        return len(self.db.waiting)

    def answer_given(self, state: RoundState, grade: Grade) -> None:
        row = self._round_row(state)
        self._keep(row, _Answer(
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
            self._keep(row, _Answer(question, chips_text(chips.expected_stack),
                                    chips_text(chips.paid), right, grade.seconds))

    def record_unanswered(self, state: RoundState) -> None:
        """Questions left when an exam's time ran out: kept as unanswered, wrong."""
        row = self._round_row(state)
        for question in state.questions[state.index :]:
            expected = answer_text(question.kind, question.expected)
            self._keep(row, _Answer(question, expected, None, False, 0.0))

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
        ended = datetime.now(UTC)
        exam = self.exam
        if exam is not None:
            finished: list[Exam] = []

            def finish() -> None:
                finished.append(self.db.finish_exam(exam.id, at=ended))
                self._committed()

            if self.db.waiting.run(Waiting("exam end", finish, {"exam_id": exam.id,
                                                              "at": ended.isoformat()})):
                self.exam = finished[0]
                return self.exam
            return None  # scored when the database is free again

        def end() -> None:
            self.db.end_session(self.session_id, at=ended)
            self._committed()

        self.db.waiting.run(Waiting("session end", end, {"session_id": self.session_id,
                                                         "at": ended.isoformat()}))
        return None


class _Row:
    """A round's row id, known once the round is written (it may wait for the lock)."""

    __slots__ = ("id",)

    def __init__(self) -> None:
        self.id: int | None = None


@dataclass(frozen=True, slots=True)
class _Answer:
    """An answer (or a non-answer) to ``question``, as it will be kept."""

    question: Question
    expected: str
    given: str | None
    correct: bool
    seconds: float

    def new(self, round_id: int) -> NewAnswer:
        """The row to keep for it in the round ``round_id``."""
        question = self.question
        return NewAnswer(
            round_id=round_id,
            question_id=question.id,
            kind=question.kind,
            skill=question.skill,
            seat=question.seat,
            wager=question.wager,
            expected=self.expected,
            given=self.given,
            correct=self.correct,
            seconds=self.seconds,
        )

    def record(self) -> dict[str, object]:
        """The answer as JSON (for a side file)."""
        question = self.question
        return {"question_id": question.id, "kind": str(question.kind),
                "skill": str(question.skill), "seat": question.seat,
                "wager": None if question.wager is None else str(question.wager),
                "expected": self.expected, "given": self.given, "correct": self.correct,
                "seconds": self.seconds}
