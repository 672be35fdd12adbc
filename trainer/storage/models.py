"""What the storage layer takes and hands back: frozen dataclasses and StrEnums, no SQL rows.

Times are timezone-aware ``datetime``s in UTC; the UI converts them for display.
A value kept as text (a mode, a skill, a question kind, a wager) comes back as
its enum, made once by the row readers (:mod:`trainer.storage.rows`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup
from trainer.skills import QuestionKind, Skill


class StorageError(ValueError):
    """What a call into storage raises that a person is told about in words, never
    shown as a traceback: a request refused (the message names the field and why), or
    the database failing (:class:`StorageFailure`). The database driver's own errors
    never reach a caller (:mod:`trainer.storage.errors` wraps them).

    A refusal's message leads with the field's name, which is code and the same in every
    language (``exam_id: exam 3 was not passed``, ``exam_id: el examen 3 no está
    aprobado``): :attr:`field` and :attr:`reason` give the two parts, so no caller splits
    the (translated) text itself."""

    @property
    def field(self) -> str | None:
        """The field the message names first (``exam_id``; ``class_id, trainee_id``), or
        None when the message names none."""
        match = _FIELD_PREFIX.match(str(self))
        return match.group(1) if match else None

    @property
    def reason(self) -> str:
        """The message without its leading field name: what is wrong, for a sentence that
        names the field its own way ("Not signed off: ...")."""
        match = _FIELD_PREFIX.match(str(self))
        return str(self)[match.end():] if match else str(self)


_FIELD_PREFIX = re.compile(r"^([a-z][a-z0-9_.]*(?:, [a-z][a-z0-9_.]*)*): ")
"""A field's name (or several) leading a refusal: lower-case code, never a word of prose
with a capital, a space or an accent."""


class StorageFailure(StorageError):
    """The database failed to do what was asked (not a refusal of what was asked); the
    message is the database's own, the driver's error is the ``__cause__``."""


class StorageBusy(StorageFailure):
    """Another program holds the database's lock (SQLite's "database is locked")."""


class StorageUnavailable(StorageFailure):
    """The file cannot be read or written: an I/O error, a full disk, a read-only file
    or folder, no permission, no memory, or a database already closed."""


class StorageDamaged(StorageFailure):
    """The file is damaged or is no database."""


FILE_OR_STORAGE_ERRORS: tuple[type[Exception], ...] = (StorageError, OSError)
"""What work that also reads or writes a person's file (an export, a report) may raise
that a person is told about in words: storage's errors and the file's."""


class ExamRefused(StorageError):
    """An exam its set-up does not allow now (retired, attempts used, or the wait
    between attempts not over); the message is a sentence for the trainee."""

    def __init__(self, message: str, next_allowed: datetime | None = None) -> None:
        super().__init__(message)
        self.next_allowed = next_allowed
        """When the next attempt is allowed (None: not at all)."""


class MergeError(StorageError):
    """A station file that cannot be merged (damaged, altered, or not a station file)."""


class Mode(StrEnum):
    """How a session asks and answers (the sessions table's CHECK allows these three).

    The one definition: :mod:`trainer.training.session` re-exports it.
    """

    PRACTICE = "practice"
    """Feedback after each answer."""
    SPEED = "speed"
    """Timed; feedback at the end of each round, with the time the round took."""
    EXAM = "exam"
    """A fixed number of rounds; no feedback until the end, then a score."""


class CourseAnswerKind(StrEnum):
    """What a course answer is an answer to (see :class:`CourseAnswer`)."""

    RULING = "ruling"
    SCENARIO = "scenario"


class ExamStatus(StrEnum):
    """A trainee's latest exam, in the order the roster sorts them."""

    NONE = "none"
    IN_PROGRESS = "in_progress"
    FAILED = "failed"
    PASSED = "passed"
    ALTERED = "altered"
    """Its record was changed outside the trainer (:mod:`trainer.storage.seal`): its
    score and verdict are not to be believed."""
    UNCHECKABLE = "uncheckable"
    """Sealed with a station secret this station no longer has: neither confirmed nor
    shown as altered."""

    @property
    def label(self) -> str:
        return {
            "none": "no exam",
            "in_progress": "in progress",
            "failed": "failed",
            "passed": "passed",
            "altered": "ALTERED",
            "uncheckable": "cannot be checked",
        }[self.value]


class SealState(StrEnum):
    """What a record's seal says (:mod:`trainer.storage.seal`)."""

    VALID = "valid"
    """As the trainer recorded it."""
    ALTERED = "altered"
    """Changed, added or had a record before it removed outside the trainer."""
    UNCHECKABLE = "cannot be checked"
    """Sealed with a station secret this station no longer has."""


class RosterColumn(StrEnum):
    """The roster's sortable columns."""

    NAME = "name"
    ACCURACY = "accuracy"
    SECONDS_PER_ROUND = "seconds_per_round"
    ROUNDS_PLAYED = "rounds_played"
    LAST_ACTIVE = "last_active"
    EXAM_STATUS = "exam_status"


@dataclass(frozen=True, slots=True)
class Trainee:
    id: int
    uid: str
    name: str
    created: datetime
    last_active: datetime | None
    employee_id: str | None = None
    """The employer's number for the trainee, printed on reports; None when not given."""


@dataclass(frozen=True, slots=True)
class SkillStat:
    skill: Skill
    answers: int
    correct: int
    seconds: float
    """Total seconds spent on this skill's questions."""

    @property
    def accuracy(self) -> float:
        """Fraction correct, 0.0 to 1.0."""
        return self.correct / self.answers if self.answers else 0.0

    @property
    def mean_seconds(self) -> float:
        return self.seconds / self.answers if self.answers else 0.0


@dataclass(frozen=True, slots=True)
class SealSummary:
    """One trainee's records as their seals say (:meth:`~trainer.storage.queries.Queries.
    record_seals`): how many were checked, and which are altered or cannot be checked."""

    checked: int
    altered: tuple[str, ...]
    """Each altered record named (``answer #12``), oldest first."""
    uncheckable: int
    uncheckable_why: str | None = None
    kinds: tuple[tuple[str, int], ...] = ()
    """What was checked, kind by kind: ``(("answers", 2957), ("course answers", 0),
    ("exams", 1))`` (the kinds add up to ``checked``)."""

    @property
    def all_valid(self) -> bool:
        return not self.altered and not self.uncheckable


@dataclass(frozen=True, slots=True)
class RosterRow:
    trainee_id: int
    name: str
    accuracy: float | None
    """Fraction correct over every answer; None before the first answer."""
    seconds_per_round: float | None
    """Answering time summed over a round, averaged over rounds played."""
    rounds_played: int
    """Rounds with at least one answer."""
    answers: int
    last_active: datetime | None
    exam_status: ExamStatus


@dataclass(frozen=True, slots=True)
class DayStat:
    day: date
    """The local calendar day the answers were given."""
    answers: int
    correct: int
    seconds: float

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0

    @property
    def mean_seconds(self) -> float:
        return self.seconds / self.answers if self.answers else 0.0


@dataclass(frozen=True, slots=True)
class Streak:
    current: int
    """Consecutive correct answers ending with the latest answer."""
    best: int


@dataclass(frozen=True, slots=True)
class NewAnswer:
    """One answer to keep (:meth:`~trainer.storage.database.TrainerDB.record_answer`):
    a question asked on a stored round, and how it was answered."""

    round_id: int
    question_id: str
    kind: QuestionKind
    skill: Skill
    seat: int | None
    """The seat asked about (1-6); None for the dealer and for "which seat next?"."""
    wager: Wager | None
    expected: str
    """The expected answer as the trainee reads it."""
    given: str | None
    """What the trainee answered; None when the time ran out first."""
    correct: bool
    seconds: float


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """A kept answer to a question on a dealt round, as read back; mastery and the
    practice schedule count it as it is (:mod:`trainer.training.mastery`)."""

    id: int
    round_id: int
    session_id: int
    question_id: str
    kind: QuestionKind
    skill: Skill
    seat: int | None
    wager: Wager | None
    expected: str
    given: str | None
    correct: bool
    seconds: float
    answered_at: datetime

    @property
    def scenario(self) -> None:
        """A question on a dealt round names no scenario drill (a drill's finished
        round is a :class:`CourseAnswer`)."""
        return None

    @property
    def lesson(self) -> None:
        """A question on a dealt round counts for its skill, not for a lesson's rulings."""
        return None


@dataclass(frozen=True, slots=True)
class CourseAnswer:
    """A course answer that is no question on a dealt round: a ruling picked, or a
    finished round of a scenario drill (right only if every question was).

    It has no ``skill``: :func:`trainer.training.mastery.skill_of` is None for it,
    and mastery and the practice schedule count it as it is, by ``lesson`` or
    ``scenario``.
    """

    id: int
    trainee_id: int
    kind: CourseAnswerKind
    lesson: str | None
    """The lesson of a ruling; None for a scenario round."""
    scenario: str | None
    """The scenario kind of a scenario round; None for a ruling."""
    item: str
    """What the course finds the ruling (or scenario) by again."""
    correct: bool
    seconds: float
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class Mistake:
    """A wrong answer with the round it was given on, exactly as dealt."""

    answer: AnswerRecord
    round: dict[str, Any]
    """The round in the settle contract's input form (``parse_round`` reads it)."""
    ruleset_id: str
    ruleset_version: int | None
    """The version of the rule set the round was dealt (and graded) under; None for
    rounds recorded before schema version 2 kept it. Reopening the round settles it
    under the rule set loaded now: :mod:`trainer.training.review` says so when that
    is another version."""
    dealt_at: datetime


@dataclass(frozen=True, slots=True)
class ExamConfig:
    id: int
    name: str
    rounds: int
    ruleset_id: str
    pass_mark: float
    """Percentage of answers correct needed to pass, 0 to 100."""
    time_limit_seconds: int | None
    version: int = 1
    """1 when created; each edit adds one (exams keep the version they ran under)."""
    setup: ExamSetup | None = None
    """Everything the set-up fixes; None for one stored before schema 5 and not edited
    since (:data:`~trainer.exam_setup.BEFORE_SETUPS`): see :attr:`for_new_exams`."""
    retired: datetime | None = None
    """When it was retired (no longer offered for new exams); None: offered."""

    @property
    def for_new_exams(self) -> ExamSetup:
        """What a new exam from this set-up runs under: its set-up, or for one stored
        before set-ups fixed seats and side bets, its figures on a full table with every
        side bet and the rule set's default tables (never a station's Settings)."""
        if self.setup is not None:
            return self.setup
        return ExamSetup(self.name, self.rounds, self.pass_mark, self.time_limit_seconds,
                         self.ruleset_id)


@dataclass(frozen=True, slots=True)
class Exam:
    id: int
    trainee_id: int
    session_id: int | None
    config_id: int | None
    rounds: int
    ruleset_id: str
    pass_mark: float
    time_limit_seconds: int | None
    started: datetime
    finished: datetime | None
    score: float | None
    """Percentage of answers correct, set when the exam is finished."""
    passed: bool | None
    setup: ExamSetup | None = None
    """What the exam ran under, copied at its start; None for an exam recorded before
    schema 5 (:data:`~trainer.exam_setup.BEFORE_SETUPS`)."""
    setup_version: int | None = None
    """The version of the set-up it was copied from."""
    ruleset_version: int | None = None
    """The rule set's version at the start."""
    attempt: int | None = None
    """The trainee's n-th attempt at this set-up (None: recorded before attempts were)."""
    seal_state: SealState = SealState.VALID
    """Whether the record (and its answers, when they were checked) is as recorded."""
    verification_code: str | None = None
    """What the exam's report prints for ``hhe-trainer verify`` (None: not sealed)."""

    @property
    def status(self) -> ExamStatus:
        if self.seal_state is SealState.ALTERED:
            return ExamStatus.ALTERED
        if self.seal_state is SealState.UNCHECKABLE:
            return ExamStatus.UNCHECKABLE
        if self.finished is None:
            return ExamStatus.IN_PROGRESS
        return ExamStatus.PASSED if self.passed else ExamStatus.FAILED


@dataclass(frozen=True, slots=True)
class StationExam:
    """A trainee's own exam of the station's Settings (no instructor's set-up): scored
    against the station's pass mark, listed in My exams, never signed off and never
    counted for an assignment (it is not a row of ``exams``)."""

    session_id: int
    trainee_id: int
    ruleset_id: str
    rounds: int
    """Rounds the exam set (the station's Settings at its start)."""
    pass_mark: float
    started: datetime
    finished: datetime | None
    answers: int
    correct: int
    rounds_complete: int
    """Rounds answered in full (a round left unfinished counts as not complete)."""

    @property
    def score(self) -> float | None:
        """Percentage right once finished; None while it runs."""
        if self.finished is None:
            return None
        return 100.0 * self.correct / self.answers if self.answers else 0.0

    @property
    def passed(self) -> bool | None:
        """The score reaches the pass mark and every round was answered; None while it runs."""
        score = self.score
        if score is None:
            return None
        return score >= self.pass_mark and self.rounds_complete >= self.rounds


@dataclass(frozen=True, slots=True)
class MergeReport:
    """Rows a merge added; a second merge of the same file adds none."""

    station: str
    trainees: int
    sessions: int
    rounds: int
    answers: int
    exams: int
    course_answers: int = 0
    """Rulings and scenario rounds of the course (files from before schema 4 have none)."""
    warning: str | None = None
    """A sentence to show beside the counts (a file signed with the public default room
    key); None when there is nothing to warn of."""

    @property
    def added_anything(self) -> bool:
        return any(
            (
                self.trainees,
                self.sessions,
                self.rounds,
                self.answers,
                self.exams,
                self.course_answers,
            )
        )


# --------------------------------------------------------------------------- classes (issue 15)


@dataclass(frozen=True, slots=True)
class TrainingClass:
    """A cohort of trainees who start together (:mod:`trainer.storage.classes`)."""

    id: int
    uid: str
    name: str
    starts: date
    created: datetime
    archived: datetime | None


class AssignmentKind(StrEnum):
    """What an assignment asks for: a lesson of the course, or an exam set-up."""

    LESSON = "lesson"
    EXAM = "exam"


@dataclass(frozen=True, slots=True)
class Assignment:
    """A lesson (``target``: the lesson's id) or an exam (``target``: the exam set-up's
    id, as text) given to a whole class or to one trainee."""

    id: int
    uid: str
    class_id: int | None
    trainee_id: int | None
    kind: AssignmentKind
    target: str
    due: date | None
    """The last day to do it (local calendar); None for no due date."""
    assigned_by: str
    created: datetime


@dataclass(frozen=True, slots=True)
class ClassAverages:
    """A class's figures: each trainee counts once, whatever the number of answers."""

    members: int
    practised: int
    """Members with at least one answer (the averages are over these)."""
    accuracy: float | None
    """Mean of the practised members' accuracies (0.0 to 1.0); None when none practised."""
    seconds_per_round: float | None
    """Mean of the practised members' average seconds per round."""
    rounds_played: float
    """Mean rounds played over every member (0 for a member who has not played)."""
    answers: int
    """Every member's answers together."""
    exams_passed: int
    """Members whose latest exam is passed."""


# --------------------------------------------------------------------------- certification


class CertificationStatus(StrEnum):
    """A certification (or a trainee's best one) as the roster shows it."""

    NONE = "none"
    CERTIFIED = "certified"
    EXPIRING = "expiring"
    EXPIRED = "expired"
    REVOKED = "revoked"

    @property
    def label(self) -> str:
        return {
            "none": "not certified",
            "certified": "certified",
            "expiring": "expiring",
            "expired": "expired",
            "revoked": "revoked",
        }[self.value]


@dataclass(frozen=True, slots=True)
class Certification:
    """An instructor's sign-off of a trainee on a passed exam
    (:mod:`trainer.storage.certificates`)."""

    id: int
    uid: str
    trainee_id: int
    exam_id: int
    signed_by: str
    signed_at: datetime
    expires: date | None
    """The last day it is valid (local calendar); None: it does not expire."""
    code: str
    """The verification code printed on the certificate."""
    revoked: datetime | None
    seal: str | None


class SignatureState(StrEnum):
    """What a certification's signature says, against the keys the site file pins
    (:meth:`~trainer.storage.certificates.Certificates.check_signature`)."""

    SIGNED = "signed by a pinned key"
    """Signed by the key the site file pins for an instructor, and the exam, its answers
    and the certification are still what was signed."""
    NOT_PINNED = "not signed by a pinned key"
    """No signature, or one no pinned key made: it proves nothing."""
    ALTERED = "altered after signing"
    """The signature is good, but the record or its exam no longer says what was signed."""


@dataclass(frozen=True, slots=True)
class SignatureCheck:
    """A certification's signature checked: the state, who signed, and why."""

    state: SignatureState
    signer: str | None
    """The pinned instructor whose key signed (None unless SIGNED or ALTERED)."""
    problems: tuple[str, ...] = ()
    """Sentences: what is not as signed (a revocation with no good signature too)."""
    revoked_by: str | None = None
    """The pinned instructor whose key signed the revocation, if any."""
