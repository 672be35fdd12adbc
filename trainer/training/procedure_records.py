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

from collections.abc import Sequence

from trainer.engine.procedure import Target
from trainer.engine.round import Round
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import AnswerRecord
from trainer.training.procedure import Step, StepGrade, StepKind, clear_text
from trainer.training.questions import answer_text
from trainer.training.session_records import PendingAnswer, PracticeRecords

QUESTION_PREFIX = "procedure"


def answer_row(graded: StepGrade) -> PendingAnswer:
    """The answer row of one graded step."""
    step = graded.step
    if step.kind is StepKind.SETTLEMENT:
        assert step.question is not None
        return PendingAnswer.of(step.question, graded.expected_text, graded.given_text,
                                graded.correct, graded.seconds)
    return PendingAnswer(f"{QUESTION_PREFIX}.{step.id}", QuestionKind.PROCEDURE,
                         Skill.PROCEDURE, step.seat, step.wager, graded.expected_text,
                         graded.given_text, graded.correct, graded.seconds)


def unanswered_row(step: Step) -> PendingAnswer:
    """The row of a step not answered before the exam ended: nothing given, wrong."""
    if step.kind is StepKind.SETTLEMENT:
        assert step.question is not None
        question = step.question
        return PendingAnswer.of(question, answer_text(question.kind, question.expected),
                                None, False, 0.0)
    target = step.expected
    if isinstance(target, bool):
        expected = "accept" if target else "refuse"
    else:
        assert isinstance(target, Target)
        expected = clear_text(target) if step.kind is StepKind.CLEAR else str(target)
    return PendingAnswer(f"{QUESTION_PREFIX}.{step.id}", QuestionKind.PROCEDURE,
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


class ProcedureRecorder(PracticeRecords):
    """Keeps a trainee's run rounds in a practice session, or an instructor's table test
    (``exam_config_id``): each round as it starts and each step's row as it is graded
    (committed when the call returns, or waiting in the database's line while another
    program holds its write lock, as practice's answers do); :meth:`close` ends the
    session, or scores the table test (its result; None while it waits for the
    database, and for a practice session)."""

    def round_started(self, round_: Round) -> None:
        """Keep the round now being run."""
        self.keep_round(round_, round_)

    def graded(self, round_: Round, graded: StepGrade) -> None:
        """Keep the row of one graded step of ``round_``."""
        self.keep_answer(self.round_row(round_, round_), answer_row(graded))

    def unanswered(self, round_: Round, steps: Sequence[Step]) -> None:
        """Keep ``steps`` of ``round_`` as not answered (an exam ended before them)."""
        row = self.round_row(round_, round_)
        for step in steps:
            self.keep_answer(row, unanswered_row(step))
