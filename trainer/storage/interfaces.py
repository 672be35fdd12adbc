"""What the rest of the trainer asks of storage, cut by what each caller uses (no Qt).

Each protocol is one area: a caller takes the narrowest that covers what it calls,
not :class:`~trainer.storage.database.TrainerDB`, which satisfies every one of them
structurally (``tests/storage/test_storage_interfaces.py`` checks that each method is
TrainerDB's, signature and all). Another store (the room's) can then stand behind the
same calls. Where a screen genuinely needs many areas it takes :class:`Storage`, all
of them.

Errors: a call raises :class:`~trainer.storage.models.StorageError`, a refusal naming
the field or a :class:`~trainer.storage.models.StorageFailure` of the database (busy,
unavailable, damaged), never the driver's own error; exporting a file may also raise
``OSError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol

from trainer.exam_setup import ExamSetup
from trainer.storage.accounts import SignIn
from trainer.storage.classes import MembersAdded, NewMember
from trainer.storage.evidence import ExamEvidence
from trainer.storage.grid_queries import MissedGroup, RecentAnswers, WeekStat
from trainer.storage.models import (
    AnswerRecord,
    Assignment,
    AssignmentKind,
    Certification,
    CertificationStatus,
    ClassAverages,
    CourseAnswer,
    CourseAnswerKind,
    DayStat,
    Exam,
    ExamConfig,
    ExamRefused,
    MergeReport,
    Mistake,
    Mode,
    NewAnswer,
    RosterColumn,
    RosterRow,
    SealState,
    SealSummary,
    SignatureCheck,
    SkillStat,
    StationExam,
    Streak,
    Trainee,
    TrainingClass,
)
from trainer.storage.seal import DatabaseCheck, StationSecret
from trainer.storage.side_files import SideFileMerge
from trainer.storage.waiting import WaitingWrites

__all__ = [
    "AccountStore",
    "CertificateStore",
    "ClassStore",
    "ClassViewReads",
    "CourseAnswerStore",
    "CourseStore",
    "ExamResults",
    "ExamSetups",
    "InstructorAccounts",
    "Maintenance",
    "ProgressReads",
    "RosterReads",
    "SessionStore",
    "StationFiles",
    "Storage",
    "TraineeAccounts",
    "TraineeDirectory",
    "TraineeLanguages",
    "TraineePins",
    "WaitingQueue",
]


class TraineeDirectory(Protocol):
    """The trainees: who there is, and adding one."""

    def list_trainees(self) -> list[Trainee]: ...

    def get_trainee(self, trainee_id: int) -> Trainee | None: ...

    def create_trainee(self, name: str, *, at: datetime | None = None) -> int: ...


class TraineePins(Protocol):
    """A trainee's PIN: set, removed, checked (a wrong one makes the next try wait)."""

    def trainee_has_pin(self, trainee_id: int) -> bool: ...

    def trainees_with_pin(self) -> set[int]: ...

    def set_trainee_pin(self, trainee_id: int, secret: str, *,
                        by_instructor: bool = False) -> None: ...

    def trainee_account_problem(self, trainee_id: int) -> str | None: ...

    def remove_trainee_pin(self, trainee_id: int) -> None: ...

    def check_trainee_pin(self, trainee_id: int, secret: str, *,
                          at: datetime | None = None) -> SignIn: ...


class InstructorAccounts(Protocol):
    """Instructors: their accounts, passwords and signing in."""

    def create_instructor(self, name: str, password: str) -> int: ...

    def list_instructors(self) -> list[str]: ...

    def check_instructor(self, name: str, password: str, *,
                         at: datetime | None = None) -> SignIn: ...

    def known_instructor(self, name: str) -> str: ...

    def change_instructor_password(self, name: str, current: str, new: str, *,
                                   at: datetime | None = None) -> SignIn: ...

    def reset_instructor_password(self, name: str, new: str) -> str: ...

    def remove_instructor(self, name: str, *, signed_in: str) -> None: ...

    def ensure_site_instructor(self, name: str, password_hash: str) -> bool: ...

    def instructor_public_key(self, name: str, password: str) -> tuple[str, str]: ...


class TraineeLanguages(Protocol):
    """Each trainee's own language (None: the room's), kept per trainee on the station
    (:mod:`trainer.storage.trainee_language`), not in the station's settings file."""

    def trainee_language(self, trainee_id: int) -> str | None: ...

    def set_trainee_language(self, trainee_id: int, language: str | None) -> None: ...


class TraineeAccounts(TraineeDirectory, TraineePins, TraineeLanguages, Protocol):
    """Trainees, their PINs and languages (choosing a profile, adding one)."""


class AccountStore(TraineeAccounts, InstructorAccounts, Protocol):
    """Every account: trainees, their PINs, instructors."""


class WaitingQueue(Protocol):
    """The writes waiting while another program holds the write lock."""

    waiting: WaitingWrites


class SessionStore(WaitingQueue, Protocol):
    """A session as it is played: started, each round and answer recorded (committed
    when the call returns, or queued in ``waiting`` while another program holds the
    write lock), exams started and finished, the session ended."""

    room_required: bool
    """A room database is the record (set where the room's sender starts): an exam with
    an attempt limit or a wait then needs the trainee's records received from it lately."""

    def start_session(self, trainee_id: int, mode: Mode | str, ruleset_id: str, *,
                      at: datetime | None = None) -> int: ...

    def end_session(self, session_id: int, *, at: datetime | None = None) -> None: ...

    def record_round(self, session_id: int, round_json: dict[str, Any], ruleset_id: str,
                     ruleset_version: int, *, at: datetime | None = None) -> int: ...

    def record_answer(self, answer: NewAnswer, *, at: datetime | None = None) -> int: ...

    def start_exam(self, trainee_id: int, config_id: int, *,
                   at: datetime | None = None) -> Exam: ...

    def finish_exam(self, exam_id: int, *, at: datetime | None = None) -> Exam: ...

    def start_station_exam(self, trainee_id: int, ruleset_id: str, rounds: int,
                           pass_mark: float, *, at: datetime | None = None) -> int: ...

    def station_exam(self, session_id: int) -> StationExam | None: ...


class CourseAnswerStore(Protocol):
    """What the course needs: rulings and scenario rounds answered, and read back."""

    def record_course_answer(self, trainee_id: int, kind: CourseAnswerKind | str, item: str,
                             correct: bool, seconds: float, *, lesson: str | None = None,
                             scenario: str | None = None,
                             at: datetime | None = None) -> int: ...

    def course_answers(self, trainee_id: int) -> Sequence[CourseAnswer]: ...


class ProgressReads(Protocol):
    """One trainee's history: answers, mastery inputs, mistakes, days, streaks, the
    rule sets played and each record's seal."""

    def get_trainee(self, trainee_id: int) -> Trainee | None: ...

    def course_answers(self, trainee_id: int) -> list[CourseAnswer]: ...

    def trainee_answers(self, trainee_id: int, *,
                        wrong_only: bool = False) -> list[AnswerRecord]: ...

    def recent_answers(self, trainee_id: int, per_skill: int) -> list[AnswerRecord]: ...

    def trainee_mistakes(self, trainee_id: int, *, limit: int | None = None) -> list[Mistake]: ...

    def skill_stats(self, trainee_id: int) -> list[SkillStat]: ...

    def history(self, trainee_id: int) -> list[DayStat]: ...

    def streak(self, trainee_id: int) -> Streak: ...

    def rulesets_used(self, trainee_id: int) -> list[tuple[str, int]]: ...

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]: ...

    def session_modes(self, trainee_id: int) -> dict[int, str]: ...

    def record_seals(self, trainee_id: int) -> SealSummary: ...

    def seal_states(self, table: str, trainee_id: int) -> dict[int, SealState]: ...

    def session_answers_state(self, session_id: int) -> SealState: ...


class RosterReads(Protocol):
    """The roster: every trainee's figures, sorted and filtered."""

    def roster(self, sort_by: RosterColumn | str = RosterColumn.NAME, *,
               descending: bool = False, name_filter: str | None = None) -> list[RosterRow]: ...

    def list_trainees(self) -> list[Trainee]: ...

    def get_trainee(self, trainee_id: int) -> Trainee | None: ...


class CourseStore(SessionStore, ProgressReads, CourseAnswerStore, Protocol):
    """What the course window needs: drills played as sessions, the trainee's answers
    and mistakes read, rulings and scenarios kept."""


class ClassViewReads(Protocol):
    """The class view: skill grid, weekly trends, most-missed questions."""

    def list_trainees(self) -> list[Trainee]: ...

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]: ...

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]: ...

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]: ...

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]: ...


class ExamSetups(Protocol):
    """Exam set-ups: made, edited (a new version), retired, read."""

    def create_exam_setup(self, setup: ExamSetup) -> int: ...

    def edit_exam_config(self, config_id: int, setup: ExamSetup) -> ExamConfig: ...

    def retire_exam_config(self, config_id: int, *,
                           at: datetime | None = None) -> ExamConfig: ...

    def get_exam_config(self, config_id: int) -> ExamConfig | None: ...

    def list_exam_configs(self, *, retired: bool = False) -> list[ExamConfig]: ...


class ExamResults(Protocol):
    """Exams taken: results with their seals, whether one may start, station exams."""

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]: ...

    def exam_refusal(self, trainee_id: int, config_id: int, *,
                     at: datetime | None = None) -> ExamRefused | None: ...

    def station_exams(self, trainee_id: int) -> list[StationExam]: ...


class ClassStore(Protocol):
    """Classes, their members, averages and assignments (and a trainee's employee id)."""

    def set_employee_id(self, trainee_id: int, employee_id: str | None) -> None: ...

    def create_class(self, name: str, starts: date, *, at: datetime | None = None) -> int: ...

    def list_classes(self, *, archived: bool = False) -> list[TrainingClass]: ...

    def get_class(self, class_id: int) -> TrainingClass | None: ...

    def archive_class(self, class_id: int, *, at: datetime | None = None) -> None: ...

    def add_class_member(self, class_id: int, trainee_id: int, *,
                         at: datetime | None = None) -> bool: ...

    def add_class_members(self, class_id: int, people: Sequence[NewMember], *,
                          at: datetime | None = None) -> MembersAdded: ...

    def remove_class_member(self, class_id: int, trainee_id: int) -> bool: ...

    def class_members(self, class_id: int) -> list[Trainee]: ...

    def classes_of(self, trainee_id: int) -> list[TrainingClass]: ...

    def class_averages(self, class_id: int) -> ClassAverages: ...

    def assign(self, kind: AssignmentKind | str, target: str | int, *, assigned_by: str,
               class_id: int | None = None, trainee_id: int | None = None,
               due: date | None = None, at: datetime | None = None) -> int: ...

    def remove_assignment(self, assignment_id: int) -> bool: ...

    def class_assignments(self, class_id: int) -> list[Assignment]: ...

    def assignments_for(self, trainee_id: int) -> list[Assignment]: ...

    def exam_assignment_done(self, trainee_id: int, assignment: Assignment) -> bool: ...


class CertificateStore(Protocol):
    """Certifications: signed off, read, found by code, revoked, each seal checked."""

    def certification_seal(self, certification_id: int) -> SealState: ...

    def certification_problem(self, trainee_id: int, exam_id: int) -> str | None: ...

    def exam_evidence(self, exam_id: int) -> ExamEvidence: ...

    def certify(self, trainee_id: int, exam_id: int, signed_by: str, *, password: str,
                expires: date | None = None, at: datetime | None = None) -> Certification: ...

    def check_signature(self, certification_id: int,
                        pinned: Mapping[str, Iterable[str]]) -> SignatureCheck: ...

    def certifications(self, trainee_id: int | None = None) -> list[Certification]: ...

    def find_certification(self, code: str) -> Certification | None: ...

    def revoke_certification(self, certification_id: int, *, revoked_by: str, password: str,
                             at: datetime | None = None) -> Certification: ...

    def certification_statuses(self, today: date) -> dict[int, CertificationStatus]: ...


class StationFiles(Protocol):
    """Station files: this station's results exported, another's merged."""

    @property
    def station(self) -> str: ...

    def export_station(self, path: Path | str, room_key: str | None = None) -> Path: ...

    def merge_station(self, path: Path | str, room_key: str | None = None, *,
                      allow_default_key: bool = False) -> MergeReport: ...


class Maintenance(Protocol):
    """The database itself: where it is, what went wrong opening it, checking every
    record, finding an exam by its code, closing."""

    path: Path
    notice: str | None
    secret: StationSecret

    @property
    def schema_version(self) -> int: ...

    def check_records(self) -> DatabaseCheck: ...

    def chain_ends_altered(self) -> list[str]: ...

    def find_exam_by_code(self, code: str) -> int | None: ...

    def merge_side_file(self, path: Path | str) -> SideFileMerge: ...

    def close(self) -> None: ...


class Storage(AccountStore, SessionStore, ProgressReads, CourseAnswerStore, RosterReads,
              ClassViewReads, ExamSetups, ExamResults, ClassStore, CertificateStore,
              StationFiles, Maintenance, Protocol):
    """Every area at once, for a window that reaches most of them (and passes the
    store on to the screens it opens)."""
