"""One SQLite file per station: trainees, sessions, rounds, answers, course answers, exams.

:func:`open_database` always returns a usable :class:`TrainerDB` and never
changes a file it cannot use: ``TrainerDB.notice`` then holds the sentences
the UI shows (None when all went well). :class:`TrainerDB` is the one object
the rest of the trainer uses; each of its parts is a module with one job:

- :mod:`~trainer.storage.opening`: opening the file, damage detection and
  recovery, refusing a file that is read-only, another program's or a newer
  trainer's, and side files;
- :mod:`~trainer.storage.backups`: taking, rotating and finding backups;
- :mod:`~trainer.storage.writes`: the write transaction and every ``create_*``
  and ``record_*`` (durability is described there);
- :mod:`~trainer.storage.queries`: the reads for progress, the roster,
  mistakes and skill totals;
- :mod:`~trainer.storage.exams`: exam set-ups, starting and finishing exams;
- :mod:`~trainer.storage.grid_queries`: the class view's reads (skill grid,
  weekly trends, most-missed questions);
- :mod:`~trainer.storage.classes`: classes, their members and averages, assignments;
- :mod:`~trainer.storage.certificates`: sign-offs, verification codes, expiry, revoking;
- :mod:`~trainer.storage.rows` turns rows into the models of
  :mod:`~trainer.storage.models`, :mod:`~trainer.storage.fields` checks what
  callers hand in, :mod:`~trainer.storage.exchange` moves results between stations.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlite_utils import Database

from trainer.exam_setup import ExamSetup
from trainer.i18n import _
from trainer.storage import account_seal, evidence, exchange, schema, seal, side_files
from trainer.storage.accounts import Accounts, SignIn
from trainer.storage.backups import KEEP_BACKUPS
from trainer.storage.certificates import Certificates
from trainer.storage.classes import Classes, MembersAdded, NewMember
from trainer.storage.connection import DEFAULT_BUSY_TIMEOUT, MEMORY, SYNCHRONOUS
from trainer.storage.errors import driver_errors_wrapped
from trainer.storage.exams import Exams
from trainer.storage.fields import MAX_NAME_LENGTH
from trainer.storage.grid_queries import GridQueries, MissedGroup, RecentAnswers, WeekStat
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
    StorageError,
    Streak,
    Trainee,
    TrainingClass,
)
from trainer.storage.opening import DEFAULT_FILENAME, open_file
from trainer.storage.queries import Queries
from trainer.storage.schema import SCHEMA_VERSION
from trainer.storage.trainee_language import TraineeLanguages
from trainer.storage.writes import Core, Writes

if TYPE_CHECKING:
    from trainer.storage.interfaces import Storage

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "DEFAULT_FILENAME",
    "KEEP_BACKUPS",
    "MAX_NAME_LENGTH",
    "SYNCHRONOUS",
    "StorageError",
    "TrainerDB",
    "open_database",
]


@driver_errors_wrapped
class TrainerDB(Core):
    """The trainer's storage: every method is one short transaction or a read.

    Composed of one area per module, each working through this database's core
    (:class:`~trainer.storage.writes.Core`: the connection, file, backups, station
    secret and write transaction), never through another area: writes, accounts,
    exams, reads (queries), the class view (grid_queries), classes, certificates. Each
    method here is its area's (documented there); callers take the protocols of
    :mod:`trainer.storage.interfaces`, which this class satisfies.
    A public method raises :class:`~trainer.storage.models.StorageError` (a refusal,
    or a :class:`~trainer.storage.models.StorageFailure` of the database), never the
    driver's ``sqlite3.Error`` (:func:`~trainer.storage.errors.driver_errors_wrapped`).
    """

    room_required: bool = False
    """A room database is the record (the site file's ``[room]``): an exam with an
    attempt limit or a wait needs the trainee's records received from it lately
    (:mod:`trainer.storage.exams`). Set where the room's worker is started."""

    def __init__(
        self,
        db: Database,
        path: Path,
        *,
        notice: str | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        backup_on_session: bool = True,
    ) -> None:
        super().__init__(db, path, notice=notice, busy_timeout=busy_timeout,
                         backup_on_session=backup_on_session)
        self._writes = Writes(self)
        self._accounts = Accounts(self)
        self._reads = Queries(self)
        self._exams = Exams(self, self._reads.with_seal_states,
                            room_required=lambda: self.room_required)
        self._grid = GridQueries(self)
        self._classes = Classes(self)
        self._certificates = Certificates(self)
        self._languages = TraineeLanguages(self)
        self.waiting.sealer = lambda: (self.secret, self.station)  # a side file's seal

    # -- checking every record, and the training room's station files

    def check_records(self) -> seal.DatabaseCheck:
        """Every sealed record and each chain's end, and every account (instructors,
        trainees, sign-in failures), checked (``hhe-trainer verify``)."""
        checked = seal.check_database(self.conn, self.secret)
        counts, findings = account_seal.check_accounts(self.conn, self.secret)
        checked.checked.update(counts)
        checked.findings.extend(seal.Finding(found.table, None, found.state, found.what)
                                for found in findings)
        return checked

    def export_station(self, path: Path | str, room_key: str | None = None) -> Path:
        """Write this station's results to a signed file (see ``trainer.storage.exchange``)."""
        return exchange.export_station(self, Path(path), room_key)

    def merge_station(self, path: Path | str, room_key: str | None = None, *,
                      allow_default_key: bool = False) -> MergeReport:
        """Merge a station file; refused if damaged, altered or holding a value the
        trainer would not write, idempotent otherwise; merged rows are sealed here."""
        return exchange.merge_station(self, Path(path), room_key,
                                      allow_default_key=allow_default_key)

    def merge_side_file(self, path: Path | str) -> side_files.SideFileMerge:
        """Add a side file's waiting writes to the records, exactly once, in one
        transaction; refused whole (the file left where it is) when its seal, station or
        any record does not check (:mod:`trainer.storage.side_files`)."""
        return side_files.merge_side_file(self.conn, self._write, self.secret, self.station,
                                          Path(path))

    # -- writes (trainer.storage.writes): trainees, instructors, sessions, rounds, answers

    def create_trainee(self, name: str, *, at: datetime | None = None) -> int:
        return self._writes.create_trainee(name, at=at)

    def create_instructor(self, name: str, password: str) -> int:
        return self._writes.create_instructor(name, password)

    def start_session(
        self, trainee_id: int, mode: Mode | str, ruleset_id: str, *, at: datetime | None = None
    ) -> int:
        return self._writes.start_session(trainee_id, mode, ruleset_id, at=at)

    def end_session(self, session_id: int, *, at: datetime | None = None) -> None:
        return self._writes.end_session(session_id, at=at)

    def record_round(
        self, session_id: int, round_json: dict[str, Any], ruleset_id: str, ruleset_version: int,
        *, at: datetime | None = None
    ) -> int:
        return self._writes.record_round(session_id, round_json, ruleset_id, ruleset_version, at=at)

    def record_answer(self, answer: NewAnswer, *, at: datetime | None = None) -> int:
        return self._writes.record_answer(answer, at=at)

    def record_course_answer(
        self, trainee_id: int, kind: CourseAnswerKind | str, item: str, correct: bool,
        seconds: float, *, lesson: str | None = None, scenario: str | None = None,
        at: datetime | None = None
    ) -> int:
        return self._writes.record_course_answer(
            trainee_id, kind, item, correct, seconds, lesson=lesson, scenario=scenario, at=at)

    # -- accounts (trainer.storage.accounts): PINs, instructors, sign-in

    def check_instructor(self, name: str, password: str, *, at: datetime | None = None) -> SignIn:
        return self._accounts.check_instructor(name, password, at=at)

    def known_instructor(self, name: str) -> str:
        return self._accounts.known_instructor(name)

    def change_instructor_password(
        self, name: str, current: str, new: str, *, at: datetime | None = None
    ) -> SignIn:
        return self._accounts.change_instructor_password(name, current, new, at=at)

    def reset_instructor_password(self, name: str, new: str) -> str:
        return self._accounts.reset_instructor_password(name, new)

    def remove_instructor(self, name: str, *, signed_in: str) -> None:
        return self._accounts.remove_instructor(name, signed_in=signed_in)

    def ensure_site_instructor(self, name: str, password_hash: str) -> bool:
        return self._accounts.ensure_site_instructor(name, password_hash)

    def instructor_public_key(self, name: str, password: str) -> tuple[str, str]:
        return self._accounts.instructor_public_key(name, password)

    def trainee_has_pin(self, trainee_id: int) -> bool:
        return self._accounts.trainee_has_pin(trainee_id)

    def trainees_with_pin(self) -> set[int]:
        return self._accounts.trainees_with_pin()

    def set_trainee_pin(self, trainee_id: int, secret: str, *,
                        by_instructor: bool = False) -> None:
        return self._accounts.set_trainee_pin(trainee_id, secret, by_instructor=by_instructor)

    def trainee_account_problem(self, trainee_id: int) -> str | None:
        return self._accounts.trainee_account_problem(trainee_id)

    def remove_trainee_pin(self, trainee_id: int) -> None:
        return self._accounts.remove_trainee_pin(trainee_id)

    def check_trainee_pin(
        self, trainee_id: int, secret: str, *, at: datetime | None = None
    ) -> SignIn:
        return self._accounts.check_trainee_pin(trainee_id, secret, at=at)

    # -- exams (trainer.storage.exams): set-ups, exams, station exams

    def create_exam_setup(self, setup: ExamSetup) -> int:
        return self._exams.create_exam_setup(setup)

    def edit_exam_config(self, config_id: int, setup: ExamSetup) -> ExamConfig:
        return self._exams.edit_exam_config(config_id, setup)

    def retire_exam_config(self, config_id: int, *, at: datetime | None = None) -> ExamConfig:
        return self._exams.retire_exam_config(config_id, at=at)

    def get_exam_config(self, config_id: int) -> ExamConfig | None:
        return self._exams.get_exam_config(config_id)

    def list_exam_configs(self, *, retired: bool = False) -> list[ExamConfig]:
        return self._exams.list_exam_configs(retired=retired)

    def exam_refusal(
        self, trainee_id: int, config_id: int, *, at: datetime | None = None
    ) -> ExamRefused | None:
        return self._exams.exam_refusal(trainee_id, config_id, at=at)

    def start_exam(self, trainee_id: int, config_id: int, *, at: datetime | None = None) -> Exam:
        return self._exams.start_exam(trainee_id, config_id, at=at)

    def finish_exam(self, exam_id: int, *, at: datetime | None = None) -> Exam:
        return self._exams.finish_exam(exam_id, at=at)

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]:
        return self._exams.exam_results(trainee_id)

    def start_station_exam(
        self, trainee_id: int, ruleset_id: str, rounds: int, pass_mark: float, *,
        at: datetime | None = None
    ) -> int:
        return self._exams.start_station_exam(trainee_id, ruleset_id, rounds, pass_mark, at=at)

    def station_exams(self, trainee_id: int) -> list[StationExam]:
        return self._exams.station_exams(trainee_id)

    def station_exam(self, session_id: int) -> StationExam | None:
        return self._exams.station_exam(session_id)

    # -- reads (trainer.storage.queries): trainees, progress, roster, mistakes, seals

    def chain_ends_altered(self) -> list[str]:
        return self._reads.chain_ends_altered()

    def seal_states(self, table: str, trainee_id: int) -> dict[int, SealState]:
        return self._reads.seal_states(table, trainee_id)

    def record_seals(self, trainee_id: int) -> SealSummary:
        return self._reads.record_seals(trainee_id)

    def session_answers_state(self, session_id: int) -> SealState:
        return self._reads.session_answers_state(session_id)

    def find_exam_by_code(self, code: str) -> int | None:
        return self._reads.find_exam_by_code(code)

    def list_trainees(self) -> list[Trainee]:
        return self._reads.list_trainees()

    def get_trainee(self, trainee_id: int) -> Trainee | None:
        return self._reads.get_trainee(trainee_id)

    # -- each trainee's language (trainer.storage.trainee_language)

    def trainee_language(self, trainee_id: int) -> str | None:
        return self._languages.trainee_language(trainee_id)

    def set_trainee_language(self, trainee_id: int, language: str | None) -> None:
        return self._languages.set_trainee_language(trainee_id, language)

    def list_instructors(self) -> list[str]:
        return self._reads.list_instructors()

    def course_answers(self, trainee_id: int) -> list[CourseAnswer]:
        return self._reads.course_answers(trainee_id)

    def trainee_answers(self, trainee_id: int, *, wrong_only: bool = False) -> list[AnswerRecord]:
        return self._reads.trainee_answers(trainee_id, wrong_only=wrong_only)

    def recent_answers(self, trainee_id: int, per_skill: int) -> list[AnswerRecord]:
        return self._reads.recent_answers(trainee_id, per_skill)

    def trainee_mistakes(self, trainee_id: int, *, limit: int | None = None) -> list[Mistake]:
        return self._reads.trainee_mistakes(trainee_id, limit=limit)

    def skill_stats(self, trainee_id: int) -> list[SkillStat]:
        return self._reads.skill_stats(trainee_id)

    def roster(
        self, sort_by: RosterColumn | str = RosterColumn.NAME, *, descending: bool = False,
        name_filter: str | None = None
    ) -> list[RosterRow]:
        return self._reads.roster(sort_by, descending=descending, name_filter=name_filter)

    def history(self, trainee_id: int) -> list[DayStat]:
        return self._reads.history(trainee_id)

    def streak(self, trainee_id: int) -> Streak:
        return self._reads.streak(trainee_id)

    def rulesets_used(self, trainee_id: int) -> list[tuple[str, int]]:
        return self._reads.rulesets_used(trainee_id)

    def session_modes(self, trainee_id: int) -> dict[int, str]:
        return self._reads.session_modes(trainee_id)

    # -- the class view (trainer.storage.grid_queries)

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        return self._grid.recent_by_skill(trainee_ids)

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        return self._grid.weekly_skill_stats(trainee_ids)

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        return self._grid.missed_groups(trainee_ids)

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        return self._grid.rulesets_of(trainee_ids)

    # -- classes and assignments (trainer.storage.classes)

    def set_employee_id(self, trainee_id: int, employee_id: str | None) -> None:
        return self._classes.set_employee_id(trainee_id, employee_id)

    def create_class(self, name: str, starts: date, *, at: datetime | None = None) -> int:
        return self._classes.create_class(name, starts, at=at)

    def list_classes(self, *, archived: bool = False) -> list[TrainingClass]:
        return self._classes.list_classes(archived=archived)

    def get_class(self, class_id: int) -> TrainingClass | None:
        return self._classes.get_class(class_id)

    def archive_class(self, class_id: int, *, at: datetime | None = None) -> None:
        return self._classes.archive_class(class_id, at=at)

    def add_class_member(
        self, class_id: int, trainee_id: int, *, at: datetime | None = None
    ) -> bool:
        return self._classes.add_class_member(class_id, trainee_id, at=at)

    def add_class_members(
        self, class_id: int, people: Sequence[NewMember], *, at: datetime | None = None
    ) -> MembersAdded:
        return self._classes.add_class_members(class_id, people, at=at)

    def remove_class_member(self, class_id: int, trainee_id: int) -> bool:
        return self._classes.remove_class_member(class_id, trainee_id)

    def class_members(self, class_id: int) -> list[Trainee]:
        return self._classes.class_members(class_id)

    def classes_of(self, trainee_id: int) -> list[TrainingClass]:
        return self._classes.classes_of(trainee_id)

    def class_averages(self, class_id: int) -> ClassAverages:
        return self._classes.class_averages(class_id)

    def assign(
        self, kind: AssignmentKind | str, target: str | int, *, assigned_by: str,
        class_id: int | None = None, trainee_id: int | None = None, due: date | None = None,
        at: datetime | None = None
    ) -> int:
        return self._classes.assign(
            kind, target, assigned_by=assigned_by, class_id=class_id, trainee_id=trainee_id,
            due=due, at=at)

    def remove_assignment(self, assignment_id: int) -> bool:
        return self._classes.remove_assignment(assignment_id)

    def class_assignments(self, class_id: int) -> list[Assignment]:
        return self._classes.class_assignments(class_id)

    def assignments_for(self, trainee_id: int) -> list[Assignment]:
        return self._classes.assignments_for(trainee_id)

    def exam_assignment_done(self, trainee_id: int, assignment: Assignment) -> bool:
        return self._classes.exam_assignment_done(trainee_id, assignment)

    # -- certifications (trainer.storage.certificates)

    def certification_seal(self, certification_id: int) -> SealState:
        return self._certificates.certification_seal(certification_id)

    def certification_problem(self, trainee_id: int, exam_id: int) -> str | None:
        return self._certificates.certification_problem(trainee_id, exam_id)

    def exam_evidence(self, exam_id: int) -> evidence.ExamEvidence:
        """What the sign-off shows of an exam (:func:`trainer.storage.evidence.exam_evidence`)."""
        return evidence.exam_evidence(self.conn, exam_id, self.station,
                                      self._reads.with_seal_states)

    def certify(
        self, trainee_id: int, exam_id: int, signed_by: str, *, password: str,
        expires: date | None = None, at: datetime | None = None
    ) -> Certification:
        """Sign off, signed with ``signed_by``'s key, unlocked by ``password`` for this
        one signature (never kept)."""
        signer = self._accounts.signer(signed_by, password)
        return self._certificates.certify(trainee_id, exam_id, signer, expires=expires, at=at)

    def check_signature(self, certification_id: int,
                        pinned: Mapping[str, Iterable[str]]) -> SignatureCheck:
        return self._certificates.check_signature(certification_id, pinned)

    def certifications(self, trainee_id: int | None = None) -> list[Certification]:
        return self._certificates.certifications(trainee_id)

    def find_certification(self, code: str) -> Certification | None:
        return self._certificates.find_certification(code)

    def revoke_certification(
        self, certification_id: int, *, revoked_by: str, password: str,
        at: datetime | None = None
    ) -> Certification:
        """Revoke, the revocation signed with ``revoked_by``'s key (``password``)."""
        signer = self._accounts.signer(revoked_by, password, field="revoked_by")
        return self._certificates.revoke_certification(certification_id, signer, at=at)

    def certification_statuses(self, today: date) -> dict[int, CertificationStatus]:
        return self._certificates.certification_statuses(today)


if TYPE_CHECKING:
    def _satisfies_every_protocol(db: TrainerDB) -> Storage:
        """Never called: mypy checks here that TrainerDB has all of
        :mod:`~trainer.storage.interfaces`, signatures and all."""
        return db


def open_database(
    path: Path | str | None = None,
    *,
    busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    backup_on_session: bool = True,
    create_secret: bool = True,
) -> TrainerDB:
    """Open (creating and upgrading as needed) the trainer's database; never fails.

    ``path`` defaults to ``data_dir() / "trainer.sqlite3"``. When the file was
    damaged, refused, read-only, locked or could not be opened, the returned
    database's ``notice`` says what happened and where things are (see
    :mod:`trainer.storage.opening`). The station secret seals are made with is
    the data folder's (:mod:`trainer.storage.seal`), made when missing unless
    ``create_secret`` is False (checking must not make one).
    """
    opened = open_file(path, busy_timeout)
    db = TrainerDB(
        opened.db,
        opened.path,
        notice=opened.notice,
        busy_timeout=busy_timeout,
        backup_on_session=backup_on_session and opened.path != MEMORY,
    )
    db.secret = seal.data_folder_secret(create=create_secret)
    if create_secret and db.secret.problem is not None:
        unsealed = _("{problem} New answers and exams cannot be sealed, so they will read as"
                     " altered; ask IT to make the data folder writable.",
                     problem=db.secret.problem)
        db.notice = f"{db.notice} {unsealed}" if db.notice else unsealed
    return db


class CannotCheck(Exception):
    """Why a file cannot be checked as it is: a sentence for the person. ``readable`` is
    False when it is no SQLite database at all (damaged, empty, unreadable)."""

    def __init__(self, sentence: str, *, readable: bool) -> None:
        super().__init__(sentence)
        self.readable = readable


def open_for_checking(path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> TrainerDB:
    """``path`` opened read-only for a check (``hhe-trainer verify``): nothing is written
    in its folder, no side file, no backup, no upgrade, no station secret, no WAL or
    shared-memory file made. :class:`CannotCheck` when it is not a trainer database of
    this version.

    With a write-ahead log beside it the file is read through SQLite's read-only mode
    (which reads the log and leaves it where it is). Without one no trainer has it open
    in WAL mode, and it is read as immutable: a read-only open would leave an empty
    ``-wal`` and ``-shm`` behind.
    """
    wal = Path(f"{path}-wal").exists()
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("" if wal else "&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)
    except sqlite3.Error as error:
        raise CannotCheck(_("The database {path} cannot be read ({error}).", path=path,
                            error=error), readable=False) from error
    try:
        try:
            refused = schema.examine(conn)
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        except schema.SchemaDamage as damage:
            raise CannotCheck(_("The database {path} {problem}.", path=path,
                                problem=damage), readable=False) from damage
        except sqlite3.Error as error:
            raise CannotCheck(_("The database {path} cannot be read ({error}).", path=path,
                                error=error), readable=False) from error
        if refused is not None:
            raise CannotCheck(_("The file {path} {problem}: it cannot be checked here.",
                                path=path, problem=refused.why), readable=True)
        if version == 0:
            raise CannotCheck(_("The database {path} holds no records yet.", path=path),
                              readable=False)
        if version < SCHEMA_VERSION:
            raise CannotCheck(_(
                "The database {path} was written by an earlier version of the trainer"
                " (schema {version}; this version checks schema {known}). Open it once with"
                " this trainer, which upgrades it, then check it again.", path=path,
                version=version, known=SCHEMA_VERSION), readable=True)
    except BaseException:
        conn.close()
        raise
    db = TrainerDB(Database(conn), path, backup_on_session=False, busy_timeout=busy_timeout)
    db.secret = seal.data_folder_secret(create=False)
    return db
