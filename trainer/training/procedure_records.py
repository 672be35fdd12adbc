"""Run the round in the trainee's records (issue 23, item 1; no Qt).

A round run step by step is kept like any round: the round (the engine's, as played once
every refused wager and action was put right) in the session's ``rounds``, and every
graded step as an answer row through the storage interface
(:class:`~trainer.storage.interfaces.SessionStore`), so mastery, the skill grid, the
trainee's page and the reports count the skill ``procedure`` as they count every other.

- a wager, deal, decision or clearing step: a row of kind ``procedure``, skill
  ``procedure``, question id ``procedure.<step id>`` (``procedure.wager-3-ante``,
  ``procedure.deal-5``), expected and given as text (``refuse`` / ``accept``,
  ``seat 3`` / ``the dealer``);
- a settlement question: the row practice keeps for it (its own id, kind and skill).

Each row's seconds are the step's own: a trainee's seconds add up to the round's time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.engine.round import Round, Wager, round_to_json
from trainer.skills import QuestionKind, Skill
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Mode, NewAnswer
from trainer.storage.waiting import Waiting
from trainer.training.procedure import StepGrade, StepKind

QUESTION_PREFIX = "procedure"


@dataclass(frozen=True, slots=True)
class ProcedureAnswer:
    """One answer row of a graded step, before its round's id is known."""

    question_id: str
    kind: QuestionKind
    skill: Skill
    seat: int | None
    wager: Wager | None
    expected: str
    given: str
    correct: bool
    seconds: float

    def new(self, round_id: int) -> NewAnswer:
        return NewAnswer(round_id=round_id, question_id=self.question_id, kind=self.kind,
                         skill=self.skill, seat=self.seat, wager=self.wager,
                         expected=self.expected, given=self.given, correct=self.correct,
                         seconds=self.seconds)

    def record(self) -> dict[str, object]:
        """The row as JSON (for a side file while the database is locked)."""
        return {"question_id": self.question_id, "kind": self.kind.value,
                "skill": self.skill.value, "seat": self.seat,
                "wager": None if self.wager is None else self.wager.value,
                "expected": self.expected, "given": self.given, "correct": self.correct,
                "seconds": self.seconds}


def answer_row(graded: StepGrade) -> ProcedureAnswer:
    """The answer row of one graded step."""
    step = graded.step
    if step.kind is StepKind.SETTLEMENT:
        assert step.question is not None
        question = step.question
        return ProcedureAnswer(question.id, question.kind, question.skill, question.seat,
                               question.wager, graded.expected_text, graded.given_text,
                               graded.correct, graded.seconds)
    return ProcedureAnswer(f"{QUESTION_PREFIX}.{step.id}", QuestionKind.PROCEDURE,
                           Skill.PROCEDURE, step.seat, step.wager, graded.expected_text,
                           graded.given_text, graded.correct, graded.seconds)


class ProcedureRecorder:
    """Keeps a trainee's run rounds in a practice session: each round as it starts and
    each step's row as it is graded (committed when the call returns, or waiting in the
    database's line while another program holds its write lock, as practice's answers
    do)."""

    def __init__(self, db: SessionStore, trainee_id: int, ruleset_id: str, *,
                 committed: Callable[[], None] | None = None) -> None:
        """:class:`~trainer.storage.models.StorageError` when the session cannot start."""
        self.db = db
        self.committed = committed
        self.session_id = db.start_session(trainee_id, Mode.PRACTICE, ruleset_id)
        self._round: Round | None = None
        self._row_id: list[int] = []
        self._closed = False

    def _nudge(self) -> None:
        if self.committed is not None:
            self.committed()

    def round_started(self, round_: Round) -> None:
        """Keep the round now being run."""
        dealt = datetime.now(UTC)
        ruleset = round_.ruleset
        round_json = round_to_json(round_)
        row: list[int] = []

        def write() -> None:
            row.append(self.db.record_round(self.session_id, round_json, ruleset.id,
                                            ruleset.version, at=dealt))

        self._round, self._row_id = round_, row
        self.db.waiting.run(Waiting("round", write, {
            "session_id": self.session_id, "ruleset_id": ruleset.id,
            "ruleset_version": ruleset.version, "dealt_at": dealt.isoformat(),
            "round": round_json}))

    def graded(self, round_: Round, graded: StepGrade) -> None:
        """Keep the row of one graded step of ``round_``."""
        if self._round is not round_:
            self.round_started(round_)
        row = self._row_id
        answer = answer_row(graded)
        given = datetime.now(UTC)

        def write() -> None:
            assert row, "a round is written before its answers"
            self.db.record_answer(answer.new(row[0]), at=given)
            self._nudge()

        self.db.waiting.run(Waiting("answer", write, {
            "answered_at": given.isoformat(), **answer.record(),
            "round_id": row[0] if row else None}))

    def close(self) -> None:
        """End the session; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        ended = datetime.now(UTC)

        def end() -> None:
            self.db.end_session(self.session_id, at=ended)
            self._nudge()

        self.db.waiting.run(Waiting("session end", end, {"session_id": self.session_id,
                                                         "at": ended.isoformat()}))
