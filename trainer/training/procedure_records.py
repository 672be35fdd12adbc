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

An instructor's table test (:attr:`~trainer.exam_setup.ExamSetup.table_test`, issue 23
item 3) is kept the same way in the exam's session (``exam_config_id``): the steps of a
round left when the exam ends are kept as unanswered, so the round does not count as
run whole; :func:`errors_by_kind` reads an exam's rows back by the kind of step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.engine.procedure import Target
from trainer.engine.round import Round, Wager, round_to_json
from trainer.skills import QuestionKind, Skill
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import AnswerRecord, Exam, Mode, NewAnswer
from trainer.storage.waiting import Waiting
from trainer.training.procedure import Step, StepGrade, StepKind, clear_text
from trainer.training.questions import answer_text

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
    given: str | None
    """None: not answered (an exam ended first)."""
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


def unanswered_row(step: Step) -> ProcedureAnswer:
    """The row of a step not answered before the exam ended: nothing given, wrong."""
    if step.kind is StepKind.SETTLEMENT:
        assert step.question is not None
        question = step.question
        return ProcedureAnswer(question.id, question.kind, question.skill, question.seat,
                               question.wager, answer_text(question.kind, question.expected),
                               None, False, 0.0)
    target = step.expected
    if isinstance(target, bool):
        expected = "accept" if target else "refuse"
    else:
        assert isinstance(target, Target)
        expected = clear_text(target) if step.kind is StepKind.CLEAR else str(target)
    return ProcedureAnswer(f"{QUESTION_PREFIX}.{step.id}", QuestionKind.PROCEDURE,
                           Skill.PROCEDURE, step.seat, step.wager, expected, None, False, 0.0)


STEP_KIND_OF_ID = {"wager": StepKind.WAGER, "deal": StepKind.DEAL,
                   "decision": StepKind.DECISION, "clear": StepKind.CLEAR}
"""A kept step's kind by its id's first word (``procedure.wager-3-ante``)."""


def step_kind(question_id: str) -> StepKind:
    """The kind of step a kept row answered: a settlement question has its own id."""
    prefix, dot, rest = question_id.partition(".")
    if prefix != QUESTION_PREFIX or not dot:
        return StepKind.SETTLEMENT
    return STEP_KIND_OF_ID.get(rest.split("-", 1)[0], StepKind.SETTLEMENT)


KINDS_IN_ORDER = (StepKind.WAGER, StepKind.DEAL, StepKind.DECISION, StepKind.SETTLEMENT,
                  StepKind.CLEAR)
"""The kinds of step in the order a round runs them."""


def _counted(results: Sequence[tuple[StepKind, bool]]) -> dict[StepKind, tuple[int, int]]:
    counts = {kind: [0, 0] for kind in StepKind}
    for kind, correct in results:
        counts[kind][0] += 1
        counts[kind][1] += not correct
    return {kind: (counts[kind][0], counts[kind][1]) for kind in KINDS_IN_ORDER}


def errors_by_kind(answers: Sequence[AnswerRecord]) -> dict[StepKind, tuple[int, int]]:
    """(steps, errors) per kind of step of a run round's (or a table test's) kept rows,
    in the order a round runs; an unanswered step counts as an error."""
    return _counted([(step_kind(a.question_id), a.correct) for a in answers])


def errors_by_kind_of_grades(grades: Sequence[StepGrade]) -> dict[StepKind, tuple[int, int]]:
    """The same counts from the grades of the rounds run (before they are kept)."""
    return _counted([(g.step.kind, g.correct) for g in grades])


class ProcedureRecorder:
    """Keeps a trainee's run rounds in a practice session, or an instructor's table test
    (``exam_config_id``): each round as it starts and each step's row as it is graded
    (committed when the call returns, or waiting in the database's line while another
    program holds its write lock, as practice's answers do)."""

    def __init__(self, db: SessionStore, trainee_id: int, ruleset_id: str, *,
                 exam_config_id: int | None = None,
                 committed: Callable[[], None] | None = None) -> None:
        """:class:`~trainer.storage.models.StorageError` (or ExamRefused) when the
        session or the exam cannot start."""
        self.db = db
        self.committed = committed
        self.exam: Exam | None = None
        if exam_config_id is not None:
            self.exam = db.start_exam(trainee_id, exam_config_id)
            assert self.exam.session_id is not None
            self.session_id = self.exam.session_id
        else:
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
        self._keep(row, answer_row(graded))

    def unanswered(self, round_: Round, steps: Sequence[Step]) -> None:
        """Keep ``steps`` of ``round_`` as not answered (an exam ended before them)."""
        if self._round is not round_:
            self.round_started(round_)
        for step in steps:
            self._keep(self._row_id, unanswered_row(step))

    def _keep(self, row: list[int], answer: ProcedureAnswer) -> None:
        given = datetime.now(UTC)

        def write() -> None:
            assert row, "a round is written before its answers"
            self.db.record_answer(answer.new(row[0]), at=given)
            self._nudge()

        self.db.waiting.run(Waiting("answer", write, {
            "answered_at": given.isoformat(), **answer.record(),
            "round_id": row[0] if row else None}))

    def close(self) -> Exam | None:
        """End the session, or score the table test (its result; None while it waits for
        the database, and for a practice session); safe to call twice."""
        if self._closed:
            return self.exam
        self._closed = True
        ended = datetime.now(UTC)
        exam = self.exam
        if exam is not None:
            finished: list[Exam] = []

            def finish() -> None:
                finished.append(self.db.finish_exam(exam.id, at=ended))
                self._nudge()

            if self.db.waiting.run(Waiting("exam end", finish, {"exam_id": exam.id,
                                                              "at": ended.isoformat()})):
                self.exam = finished[0]
                return self.exam
            return None

        def end() -> None:
            self.db.end_session(self.session_id, at=ended)
            self._nudge()

        self.db.waiting.run(Waiting("session end", end, {"session_id": self.session_id,
                                                         "at": ended.isoformat()}))
        return None
