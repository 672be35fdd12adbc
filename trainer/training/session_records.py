"""What the three recorders share (no Qt): practice's and exams' answers
(:mod:`trainer.training.recorder`), run rounds and table tests
(:mod:`trainer.training.procedure_records`) and the dealer's mistakes
(:mod:`trainer.training.mistake_records`).

Each starts a practice session or an instructor's exam, keeps every round as it is
dealt and every answer row as it is graded, and ends the session or scores the exam on
close (safe to call twice). Each write is committed when the call returns, or waits in
the database's line of waiting writes (:mod:`trainer.storage.waiting`) with the time it
happened while another program holds the write lock; ``committed`` is called after each
answer, session end or exam result is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from enum import Enum

from trainer.engine.round import Round, Wager, round_to_json
from trainer.skills import QuestionKind, Skill
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Exam, Mode, NewAnswer
from trainer.storage.waiting import Waiting
from trainer.training.questions import Question


@dataclass(frozen=True, slots=True)
class PendingAnswer:
    """One answer row, before its round's id is known (the round may wait for the lock):
    a :class:`~trainer.storage.models.NewAnswer` without its ``round_id``."""

    question_id: str
    kind: QuestionKind
    skill: Skill
    seat: int | None
    wager: Wager | None
    expected: str
    given: str | None
    """None: not answered (an exam's time ran out, or it ended first)."""
    correct: bool
    seconds: float

    @classmethod
    def of(cls, question: Question, expected: str, given: str | None, correct: bool,
           seconds: float) -> PendingAnswer:
        """The row answering ``question`` (its id, kind, skill, seat and wager)."""
        return cls(question.id, question.kind, question.skill, question.seat,
                   question.wager, expected, given, correct, seconds)

    def new(self, round_id: int) -> NewAnswer:
        """The row to keep in the round ``round_id``."""
        return NewAnswer(round_id=round_id,
                         **{field.name: getattr(self, field.name) for field in fields(self)})

    def record(self) -> dict[str, object]:
        """The row as JSON (for a side file while the database is locked): each field by
        its name, an enum by its value."""
        return {field.name: value.value if isinstance(value, Enum) else value
                for field in fields(self) for value in (getattr(self, field.name),)}


class RoundRow:
    """A round's row id, known once the round is written (it may wait for the lock)."""

    __slots__ = ("id",)

    def __init__(self) -> None:
        self.id: int | None = None


def start(db: SessionStore, trainee_id: int, mode: Mode, ruleset_id: str,
          exam_config_id: int | None) -> tuple[int, Exam | None]:
    """(session id, exam) of an instructor's exam (``exam_config_id``) or else a session
    in ``mode``: :class:`~trainer.storage.models.StorageError` (or ExamRefused) when it
    cannot start."""
    if exam_config_id is None:
        return db.start_session(trainee_id, mode, ruleset_id), None
    exam = db.start_exam(trainee_id, exam_config_id)
    assert exam.session_id is not None  # only a merged exam may have none
    return exam.session_id, exam


class SessionRecords:
    """A session's (or an exam's) records as they are written: its rounds, its answer
    rows and its end."""

    def __init__(self, db: SessionStore, trainee_id: int, session_id: int,
                 exam: Exam | None, committed: Callable[[], None] | None) -> None:
        self.db = db
        self.trainee_id = trainee_id
        self.session_id = session_id
        self.exam = exam
        self.committed = committed
        self._stored: tuple[object, RoundRow] | None = None
        """What the round stored last (or waiting to be) was dealt for, and its row
        (answers go to the round being asked)."""
        self._closed = False

    def _committed(self) -> None:
        if self.committed is not None:
            self.committed()

    def keep_round(self, dealt_for: object, round_: Round) -> RoundRow:
        """Write ``round_`` now, or after the writes waiting for the database's lock."""
        row = RoundRow()
        dealt = datetime.now(UTC)
        ruleset = round_.ruleset
        round_json = round_to_json(round_)

        def write() -> None:
            row.id = self.db.record_round(self.session_id, round_json, ruleset.id,
                                          ruleset.version, at=dealt)

        self._stored = (dealt_for, row)
        self.db.waiting.run(Waiting("round", write, {
            "session_id": self.session_id, "ruleset_id": ruleset.id,
            "ruleset_version": ruleset.version, "dealt_at": dealt.isoformat(),
            "round": round_json}))
        return row

    def round_row(self, dealt_for: object, round_: Round) -> RoundRow:
        """The stored round's row, storing it first if it is not the one stored last."""
        if self._stored is None or self._stored[0] is not dealt_for:
            return self.keep_round(dealt_for, round_)
        return self._stored[1]

    def keep_answer(self, row: RoundRow, answer: PendingAnswer) -> None:
        """Write an answer now, or after the writes waiting for the database's lock."""
        given = datetime.now(UTC)

        def write() -> None:
            assert row.id is not None, "a round is written before its answers"
            self.db.record_answer(answer.new(row.id), at=given)
            self._committed()

        self.db.waiting.run(Waiting("answer", write, {
            "answered_at": given.isoformat(), **answer.record(),
            "round_id": row.id}))  # None: the round waits too, before it in the line

    def close(self) -> Exam | None:
        """End the session, or score the exam (its result; None while it waits for the
        database, and for a session); safe to call twice."""
        if self._closed:
            return self.exam
        self._closed = True
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


class PracticeRecords(SessionRecords):
    """A practice session's records, or an instructor's exam's (``exam_config_id``),
    started with the recorder: run rounds and the dealer's mistakes."""

    def __init__(self, db: SessionStore, trainee_id: int, ruleset_id: str, *,
                 exam_config_id: int | None = None,
                 committed: Callable[[], None] | None = None) -> None:
        """:class:`~trainer.storage.models.StorageError` (or ExamRefused) when the
        session or the exam cannot start."""
        session_id, exam = start(db, trainee_id, Mode.PRACTICE, ruleset_id, exam_config_id)
        super().__init__(db, trainee_id, session_id, exam, committed)
