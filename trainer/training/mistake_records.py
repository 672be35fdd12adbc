"""Spot the dealer's mistake in the trainee's records (issue 23; no Qt).

Each exercise is kept like any round: its round (the engine's, as dealt) in the session's
``rounds``, and every graded mark as answer rows of kind ``mistake`` through the storage
interface (:class:`~trainer.storage.interfaces.SessionStore`), so mastery, the skill grid,
the trainee's page and the reports count the skills ``spot_mistakes`` and
``correct_mistakes`` as they count every other.

One graded mark (:class:`~trainer.training.mistakes.MarkResult`) gives these rows:

=====================  ======================  ========================
finding                spot_mistakes           correct_mistakes
=====================  ======================  ========================
found                  right                   right
marked, wrong corr.    right                   wrong
missed                 wrong                   (none)
invented               wrong                   (none)
all correct            right                   (none)
=====================  ======================  ========================

The exercise's time is shared evenly by its rows, so a trainee's seconds add up to the
time spent. A missed spot is kept as given ``not marked`` (not as no answer, which is an
exam's question the time ran out on): the exercise was answered whole.
"""

from __future__ import annotations

from trainer.engine.round import Round
from trainer.skills import QuestionKind, Skill
from trainer.training.mistakes import Finding, MarkResult, MistakeGrade
from trainer.training.session_records import PendingAnswer, PracticeRecords

QUESTION_PREFIX = "mistake"
"""Every mistake row's question id starts so: ``mistake.seat-6-trips-plus``,
``mistake.seat-6-trips-plus.correction``, ``mistake.all-correct``."""
NOT_MARKED = "not marked"
ALL_CORRECT = "all correct"


def _rows_of(result: MarkResult) -> list[tuple[str, Skill, str, str, bool]]:
    """(question id, skill, expected, given, right) of one graded mark."""
    if result.spot is None:
        return [(f"{QUESTION_PREFIX}.all-correct", Skill.SPOT_MISTAKES, ALL_CORRECT,
                 ALL_CORRECT, True)]
    question = f"{QUESTION_PREFIX}.{result.spot.id}"
    finding = result.finding
    marked = NOT_MARKED if result.given is None else f"marked: {result.given}"
    if finding is Finding.INVENTED:
        return [(question, Skill.SPOT_MISTAKES, f"right as settled: {result.dealer_did}",
                 marked, False)]
    spotted = (question, Skill.SPOT_MISTAKES, f"wrong: {result.dealer_did}", marked,
               finding is not Finding.MISSED)
    if finding is Finding.MISSED:
        return [spotted]
    assert result.given is not None
    return [spotted, (f"{question}.correction", Skill.CORRECT_MISTAKES, result.right,
                      result.given, finding is Finding.FOUND)]


def answer_rows(grade: MistakeGrade) -> tuple[PendingAnswer, ...]:
    """The answer rows of a graded exercise, in the order of its results."""
    made = [(result, row) for result in grade.results for row in _rows_of(result)]
    share = grade.seconds / len(made) if made else 0.0
    return tuple(PendingAnswer(question, QuestionKind.MISTAKE, skill,
                               None if result.spot is None else result.spot.seat,
                               None if result.spot is None else result.spot.wager,
                               expected, given, right, share)
                 for result, (question, skill, expected, given, right) in made)


class MistakeRecorder(PracticeRecords):
    """Keeps a trainee's exercises: a practice session, or an instructor's exam of
    dealer's mistakes (``exam_config_id``), each round as it is shown and each grade's
    rows as it is given (committed when the call returns, or waiting in the database's
    line while another program holds its write lock, as practice's answers do);
    :meth:`close` ends the session, or scores the exam (its result; None while it waits
    for the database)."""

    def round_shown(self, round_: Round) -> None:
        """Keep the round of an exercise now on the table."""
        self.keep_round(round_, round_)

    def graded(self, round_: Round, grade: MistakeGrade) -> None:
        """Keep every row of ``grade`` (the exercise on ``round_``)."""
        row = self.round_row(round_, round_)
        for answer in answer_rows(grade):
            self.keep_answer(row, answer)
