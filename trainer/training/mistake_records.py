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

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.engine.round import Round, Wager, round_to_json
from trainer.skills import QuestionKind, Skill
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Exam, Mode, NewAnswer
from trainer.storage.waiting import Waiting
from trainer.training.mistakes import Finding, MarkResult, MistakeGrade

QUESTION_PREFIX = "mistake"
"""Every mistake row's question id starts so: ``mistake.seat-6-trips-plus``,
``mistake.seat-6-trips-plus.correction``, ``mistake.all-correct``."""
NOT_MARKED = "not marked"
ALL_CORRECT = "all correct"


@dataclass(frozen=True, slots=True)
class MistakeAnswer:
    """One answer row of a graded exercise, before its round's id is known."""

    question_id: str
    skill: Skill
    seat: int | None
    wager: Wager | None
    expected: str
    given: str
    correct: bool
    seconds: float

    def new(self, round_id: int) -> NewAnswer:
        return NewAnswer(round_id=round_id, question_id=self.question_id,
                         kind=QuestionKind.MISTAKE, skill=self.skill, seat=self.seat,
                         wager=self.wager, expected=self.expected, given=self.given,
                         correct=self.correct, seconds=self.seconds)

    def record(self) -> dict[str, object]:
        """The row as JSON (for a side file while the database is locked)."""
        return {"question_id": self.question_id, "kind": QuestionKind.MISTAKE.value,
                "skill": self.skill.value, "seat": self.seat,
                "wager": None if self.wager is None else self.wager.value,
                "expected": self.expected, "given": self.given, "correct": self.correct,
                "seconds": self.seconds}


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


def answer_rows(grade: MistakeGrade) -> tuple[MistakeAnswer, ...]:
    """The answer rows of a graded exercise, in the order of its results."""
    made = [(result, row) for result in grade.results for row in _rows_of(result)]
    share = grade.seconds / len(made) if made else 0.0
    return tuple(MistakeAnswer(question, skill, None if result.spot is None
                               else result.spot.seat,
                               None if result.spot is None else result.spot.wager,
                               expected, given, right, share)
                 for result, (question, skill, expected, given, right) in made)


class _Row:
    __slots__ = ("id",)

    def __init__(self) -> None:
        self.id: int | None = None


class MistakeRecorder:
    """Keeps a trainee's exercises: a practice session, or an instructor's exam of
    dealer's mistakes (``exam_config_id``), each round as it is shown and each grade's
    rows as it is given (committed when the call returns, or waiting in the database's
    line while another program holds its write lock, as practice's answers do)."""

    def __init__(self, db: SessionStore, trainee_id: int, ruleset_id: str, *,
                 exam_config_id: int | None = None,
                 committed: Callable[[], None] | None = None) -> None:
        """:class:`~trainer.storage.models.StorageError` (or ExamRefused) when the
        session or the exam cannot start."""
        self.db = db
        self.trainee_id = trainee_id
        self.committed = committed
        self.exam: Exam | None = None
        if exam_config_id is not None:
            self.exam = db.start_exam(trainee_id, exam_config_id)
            assert self.exam.session_id is not None
            self.session_id = self.exam.session_id
        else:
            self.session_id = db.start_session(trainee_id, Mode.PRACTICE, ruleset_id)
        self._round: tuple[Round, _Row] | None = None
        self._closed = False

    def _nudge(self) -> None:
        if self.committed is not None:
            self.committed()

    def round_shown(self, round_: Round) -> None:
        """Keep the round of an exercise now on the table."""
        row = _Row()
        dealt = datetime.now(UTC)
        ruleset = round_.ruleset
        round_json = round_to_json(round_)

        def write() -> None:
            row.id = self.db.record_round(self.session_id, round_json, ruleset.id,
                                          ruleset.version, at=dealt)

        self._round = (round_, row)
        self.db.waiting.run(Waiting("round", write, {
            "session_id": self.session_id, "ruleset_id": ruleset.id,
            "ruleset_version": ruleset.version, "dealt_at": dealt.isoformat(),
            "round": round_json}))

    def graded(self, round_: Round, grade: MistakeGrade) -> None:
        """Keep every row of ``grade`` (the exercise on ``round_``)."""
        if self._round is None or self._round[0] is not round_:
            self.round_shown(round_)
        assert self._round is not None
        row = self._round[1]
        for answer in answer_rows(grade):
            given = datetime.now(UTC)

            def write(answer: MistakeAnswer = answer, given: datetime = given) -> None:
                assert row.id is not None, "a round is written before its answers"
                self.db.record_answer(answer.new(row.id), at=given)
                self._nudge()

            self.db.waiting.run(Waiting("answer", write, {
                "answered_at": given.isoformat(), **answer.record(), "round_id": row.id}))

    def close(self) -> Exam | None:
        """End the session, or score the exam (its result; None while it waits for the
        database); safe to call twice."""
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
