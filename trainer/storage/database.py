"""One SQLite file per station: trainees, sessions, rounds, answers, course answers, exams.

:func:`open_database` always returns a usable :class:`TrainerDB` and never
changes a file it cannot use: ``TrainerDB.notice`` then holds the sentences
the UI shows (None when all went well).

- Damaged (not an SQLite file, failing ``PRAGMA quick_check``, tables not
  those its record of migrations says, or empty while good backups exist):
  moved aside as ``<name>.damaged-<time>`` (never overwritten, never
  deleted) and the newest good backup, or a new database, takes its place.
- Not the trainer's to write (another program's file, a newer trainer's
  schema), read-only here, or kept locked by another program: left untouched,
  and the session goes to a side file beside it (or in the temporary folder).

Backups: ``backups/<name>-<UTC time>.sqlite3`` at each session start, written
as ``.partial`` and renamed when complete, under a lock
(``backups/<name>.backup-lock``). Every start removes the ``.partial`` copies
a killed process left, unless another process holds that lock (it is writing
one right now; a later start removes them). Rotation keeps this database's
newest five; it never removes a backup of another database (another station
id: what was here before a new database was started) nor one it cannot read,
so a database started afresh never pushes the last copies of the old one out.

Durability: WAL journal, ``synchronous=FULL``. In WAL mode NORMAL already
survives an application crash or SIGKILL (a commit is in the WAL file, in the
operating system's cache, when it returns) but may lose the last commits on
power loss; FULL syncs the WAL on every commit, so an answer survives a power
cut as well. It costs about 0.5 ms per answer here (see benchmarks/storage.py),
far inside the 5 ms budget.

Writes: every write method runs in its own ``BEGIN IMMEDIATE`` transaction and
commits before returning; :meth:`TrainerDB.record_answer` and
:meth:`TrainerDB.record_course_answer` refuse to run inside an open
transaction, so an answer is never held back by a caller.
sqlite-utils' ``db.atomic()`` issues a deferred ``BEGIN``; a deferred
transaction that reads before it writes gets ``SQLITE_BUSY`` at once (the busy
timeout cannot help) when another process committed in between, so the write
methods take the write lock up front instead. The busy timeout (10 s by
default) makes a second process wait for the lock rather than fail.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from trainer.exam_setup import stored_exam_problem
from trainer.paths import data_dir
from trainer.storage import exchange, passwords, schema
from trainer.storage.models import (
    AnswerRecord,
    CourseAnswer,
    CourseAnswerKind,
    DayStat,
    Exam,
    ExamConfig,
    ExamStatus,
    MergeReport,
    Mistake,
    RosterColumn,
    RosterRow,
    SessionMode,
    SkillStat,
    StorageError,
    Streak,
    Trainee,
)

DEFAULT_FILENAME = "trainer.sqlite3"
DEFAULT_BUSY_TIMEOUT = 10.0
SYNCHRONOUS = "FULL"
BACKUP_FOLDER = "backups"
KEEP_BACKUPS = 5
MAX_NAME_LENGTH = 80
BACKUP_LOCK_SUFFIX = ".backup-lock"
PARTIAL_SUFFIX = ".partial"
_SIDE_FILES = ("-wal", "-shm", "-journal")
_LOCKED_RETRY_PAUSE = 0.05
_SQLITE_HEADER = b"SQLite format 3\x00"
_BACKUP_STAMP = "%Y%m%dT%H%M%S%fZ"

# SQLite primary result codes (the low byte of an extended code).
_SQLITE_PERM = 3
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_NOMEM = 7
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_AUTH = 23
_SQLITE_NOTADB = 26
# Failures about reaching a file, not about what is in it.
_ACCESS_PROBLEMS = frozenset(
    {
        _SQLITE_PERM,
        _SQLITE_NOMEM,
        _SQLITE_READONLY,
        _SQLITE_IOERR,
        _SQLITE_FULL,
        _SQLITE_CANTOPEN,
        _SQLITE_AUTH,
    }
)


class _Damaged(Exception):
    """The file is not a healthy SQLite database; the message ends "The database <path> ..."."""


class _Refused(Exception):
    """A healthy SQLite file this trainer must not write (see ``schema.examine``)."""

    def __init__(self, refusal: schema.Refusal) -> None:
        super().__init__(refusal.why)
        self.refusal = refusal


class _ReadOnly(Exception):
    """SQLite can read the file but not write it here."""


# --------------------------------------------------------------------------- helpers


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _stamp(at: datetime | None, field: str = "at") -> str:
    """A UTC ISO-8601 text time; sorting the text sorts the times."""
    if at is None:
        return _now()
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise StorageError(f"{field}: {at!r} must be a timezone-aware datetime")
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _uid() -> str:
    return uuid.uuid4().hex


def _text(value: object, field: str, *, max_length: int | None = None) -> str:
    if not isinstance(value, str):
        raise StorageError(f"{field}: expected text, got {type(value).__name__} {value!r}")
    clean = value.strip()
    if not clean:
        raise StorageError(f"{field}: must not be empty")
    if max_length is not None and len(clean) > max_length:
        raise StorageError(f"{field}: {len(clean)} characters; at most {max_length}")
    return clean


def _integer(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StorageError(f"{field}: expected a whole number, got {value!r}")
    return value


def _optional_text(value: object, field: str) -> str | None:
    return None if value is None else _text(value, field)


def _seconds(value: object) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value < 0
    ):
        raise StorageError(f"seconds: {value!r} is not a time in seconds (0 or more)")
    return float(value)


def _correct(value: object) -> bool:
    if not isinstance(value, bool):
        raise StorageError(f"correct: expected True or False, got {value!r}")
    return value


def _code(error: sqlite3.Error) -> int:
    return (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def _is_locked(error: sqlite3.Error) -> bool:
    return _code(error) in (_SQLITE_BUSY, _SQLITE_LOCKED) or "locked" in str(error)


def _is_damage(error: sqlite3.Error) -> bool:
    if _code(error) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return True
    message = str(error)
    return "not a database" in message or "malformed" in message


def _quick_check(conn: sqlite3.Connection) -> None:
    rows = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if rows != ["ok"]:
        raise _Damaged(f"is damaged ({'; '.join(str(row) for row in rows[:3])})")


def _connect(path: Path | str, busy_timeout: float) -> sqlite3.Connection:
    # isolation_level=None: no implicit BEGIN; transactions are explicit.
    # timeout sets SQLite's busy handler (PRAGMA busy_timeout).
    return sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None)


def _connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection:
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)


def _migrate(db: Database) -> None:
    """Apply pending migrations under the write lock, so two processes opening
    the same new file do not both try migration 1."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        schema.MIGRATIONS.apply(db)
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return None


def _health_check(path: Path, busy_timeout: float) -> None:
    """Raise unless ``path`` is absent, a new empty file or a healthy database this
    trainer may write: :class:`_Damaged` or :class:`_Refused`.

    An empty file is damage when a good backup exists (something emptied the
    database; the backup is what the person wants back) or when a write-ahead
    log lies beside it (SQLite would discard that log). The check reads
    through a read-only connection: closing a read-write one would checkpoint
    a leftover WAL into (that is, write into) a damaged file.
    """
    size = _size(path)
    if size is None:
        return
    if size == 0:
        if _size(Path(f"{path}-wal")):
            raise _Damaged("is empty (0 bytes) but a write-ahead log lies beside it")
        if _good_backup(path, busy_timeout) is not None:
            raise _Damaged("is empty (0 bytes)")
        return
    with open(path, "rb") as file:
        if file.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
            raise _Damaged("is damaged: it is not an SQLite database")
    with _reading_content():
        conn = _connect_read_only(path, busy_timeout)
        # A damaged file's text (in quick_check's report) need not be UTF-8.
        conn.text_factory = _lenient_text
        try:
            _quick_check(conn)
            refused = schema.examine(conn)
        finally:
            conn.close()
    if refused is not None:
        raise _Refused(refused)


@contextmanager
def _reading_content() -> Iterator[None]:
    """Our own reads of a readable SQLite file: a failure is damage (:class:`_Damaged`)
    unless it is about access, not content (locked, permissions, I/O)."""
    try:
        yield
    except schema.SchemaDamage as damage:
        raise _Damaged(str(damage)) from None
    except UnicodeDecodeError:  # SQLite's error message quoted the file's broken text
        raise _Damaged("is damaged (SQLite cannot read its schema)") from None
    except sqlite3.Error as error:
        if _is_locked(error) or _code(error) in _ACCESS_PROBLEMS:
            raise
        raise _Damaged(f"is damaged ({error})") from None


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _write_probe(conn: sqlite3.Connection) -> None:
    """Raise :class:`_ReadOnly` when SQLite cannot write the file here.

    SQLite opens a file it may not write (read-only mode, another owner, a
    read-only mount) read-only without a word, and the first write then fails
    with "attempt to write a readonly database". A header write rolled back
    at once asks the question without changing anything.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            (version,) = conn.execute("PRAGMA user_version").fetchone()
            conn.execute(f"PRAGMA user_version = {int(version)}")
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
    except sqlite3.Error as error:
        if _code(error) == _SQLITE_READONLY:
            raise _ReadOnly(str(error)) from None
        raise


def _open_checked(path: Path, busy_timeout: float) -> Database:
    _health_check(path, busy_timeout)
    conn = _connect(path, busy_timeout)
    try:
        with _reading_content():
            # A read-write connection parses the schema more strictly than the
            # read-only one of the health check (a CHECK naming no column).
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        _write_probe(conn)
        db = Database(conn)
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.enable_wal()  # outside any transaction; persistent in the file
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        _migrate(db)
    except BaseException:
        conn.close()
        raise
    return db


def _open_waiting(path: Path, busy_timeout: float) -> Database:
    """:func:`_open_checked`, retried while another process holds the file.

    Switching a new file to WAL takes an exclusive lock and SQLite reports
    "database is locked" at once, without its busy handler, when a second
    station opens the same new file at that moment. That is a wait, not a
    reason to send the session to a side file: retry until ``busy_timeout``.
    """
    deadline = time.monotonic() + busy_timeout
    while True:
        try:
            return _open_checked(path, busy_timeout)
        except sqlite3.Error as error:
            if not _is_locked(error) or time.monotonic() >= deadline:
                raise
        time.sleep(_LOCKED_RETRY_PAUSE)


def _local_stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _set_aside(path: Path) -> Path:
    """Rename ``path`` (and its -wal/-shm/-journal) to ``<name>.damaged-<time>``."""
    base = f"{path.name}.damaged-{_local_stamp()}"
    target = path.with_name(base)
    counter = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *_SIDE_FILES)):
        counter += 1
        target = path.with_name(f"{base}-{counter}")
    for suffix in ("", *_SIDE_FILES):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.replace(source, f"{target}{suffix}")
    return target


# --------------------------------------------------------------------------- backups


def _backup_time(name: str, stem: str) -> datetime | None:
    """When the backup named ``name`` (``<stem>-<UTC time>.sqlite3``) was taken;
    None for a file that is not one of this database's backups."""
    prefix, suffix = f"{stem}-", ".sqlite3"
    if not (name.startswith(prefix) and name.endswith(suffix)):
        return None
    stamp = name[len(prefix) : -len(suffix)]
    try:
        return datetime.strptime(stamp, _BACKUP_STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def _backups_of(path: Path) -> list[Path]:
    """This database's backups, newest first."""
    folder = path.parent / BACKUP_FOLDER
    if not folder.is_dir():
        return []
    return sorted(
        (
            backup
            for backup in folder.glob(f"{path.stem}-*.sqlite3")
            if _backup_time(backup.name, path.stem) is not None
        ),
        reverse=True,
    )


def _good_backup(path: Path, busy_timeout: float) -> Path | None:
    """The newest backup that is healthy and this trainer's to use (not a newer
    trainer's); None when there is none."""
    for backup in _backups_of(path):
        if not _size(backup):
            continue
        try:
            _health_check(backup, busy_timeout)
        except (sqlite3.Error, _Damaged, _Refused, OSError):
            continue
        return backup
    return None


def _station_of(backup: Path) -> str | None:
    """The station id a backup belongs to; None when it cannot be read."""
    try:
        conn = _connect_read_only(backup, 0)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return None if row is None else str(row[0])


@contextmanager
def _backup_lock(folder: Path, stem: str, timeout: float) -> Iterator[None]:
    """Hold the lock under which this database's backups are written, waiting at
    most ``timeout`` seconds; sqlite3.OperationalError "database is locked" when
    another process keeps it longer.

    An SQLite lock on an empty file: it works the same on every system the
    trainer runs on, and the operating system drops it when a process dies.
    """
    lock = folder / f"{stem}{BACKUP_LOCK_SUFFIX}"
    conn = sqlite3.connect(str(lock), timeout=timeout, isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


def _delete_partials(folder: Path, stem: str) -> None:
    """Delete this database's unfinished backup copies; only under the backup lock."""
    for partial in folder.glob(f"{stem}-*.sqlite3{PARTIAL_SUFFIX}*"):
        name = partial.name
        for suffix in _SIDE_FILES:
            name = name.removesuffix(suffix)
        if _backup_time(name.removesuffix(PARTIAL_SUFFIX), stem) is not None:
            partial.unlink(missing_ok=True)


def _remove_stale_partials(path: Path) -> None:
    """At start: delete the ``.partial`` backup copies a killed process left.

    Done under the backup lock, so no backup is being written and every
    partial is stale. When another process holds the lock (it is writing a
    backup now), nothing is removed: a later start does it. Never fails.
    """
    folder = path.parent / BACKUP_FOLDER
    if not folder.is_dir() or not any(folder.glob(f"{path.stem}-*{PARTIAL_SUFFIX}*")):
        return
    try:
        with _backup_lock(folder, path.stem, 0):
            _delete_partials(folder, path.stem)
    except (sqlite3.Error, OSError):
        return


def _copy_database(conn: sqlite3.Connection, dest: Path) -> Path:
    """Copy with SQLite's online backup API into ``<dest>.partial``, renamed when complete."""
    partial = dest.with_name(dest.name + PARTIAL_SUFFIX)
    for stale in (partial, *(Path(f"{partial}{suffix}") for suffix in _SIDE_FILES)):
        stale.unlink(missing_ok=True)  # our own unfinished copy, never a database in use
    target = sqlite3.connect(str(partial), isolation_level=None)
    try:
        conn.backup(target)
        target.execute("PRAGMA journal_mode = DELETE")
    finally:
        target.close()
    os.replace(partial, dest)
    return dest


def _describe(backup: Path, stem: str) -> str:
    when = _backup_time(backup.name, stem)
    return when.astimezone().strftime("%Y-%m-%d %H:%M") if when else backup.name


# --------------------------------------------------------------------------- opening


def open_database(
    path: Path | str | None = None,
    *,
    busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    backup_on_session: bool = True,
) -> TrainerDB:
    """Open (creating and upgrading as needed) the trainer's database; never fails.

    ``path`` defaults to ``data_dir() / "trainer.sqlite3"``. When the file was
    damaged, refused, read-only, locked or could not be opened, the returned
    database's ``notice`` says what happened and where things are.
    """
    options = {"busy_timeout": busy_timeout, "backup_on_session": backup_on_session}
    try:
        target = Path(path) if path is not None else data_dir() / DEFAULT_FILENAME
    except OSError as error:  # the data folder itself cannot be made
        target = Path(tempfile.gettempdir()) / DEFAULT_FILENAME
        return _side_database(target, f"The data folder could not be used ({error}).", **options)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_partials(target)
        return TrainerDB(_open_waiting(target, busy_timeout), target, **options)
    except _Damaged as damage:
        problem = str(damage)
    except _Refused as refused:
        what = f"The file {target} {refused}. It was left untouched. {refused.refusal.advice}"
        return _side_database(target, what, **options)
    except _ReadOnly as error:
        what = (
            f"The database {target} is read-only here ({error}), so no answer could be"
            " recorded in it. It was left untouched; ask for it to be made writable."
        )
        return _side_database(target, what, **options)
    except sqlite3.Error as error:
        if not _is_damage(error):
            what = (
                f"The database {target} is locked by another program and could not be"
                " opened. It was left untouched."
                if _is_locked(error)
                else f"The database {target} could not be opened ({error})."
            )
            return _side_database(target, what, **options)
        problem = f"is damaged ({error})"
    except OSError as error:
        what = f"The database {target} could not be opened ({error})."
        return _side_database(target, what, **options)
    try:
        return _recover(target, problem, **options)
    except (sqlite3.Error, _Damaged, _Refused, _ReadOnly, OSError) as error:
        what = (
            f"The database {target} {problem}, and it could not be set aside ({error})."
            " It was left untouched."
        )
        return _side_database(target, what, **options)


def _recover(
    path: Path, problem: str, *, busy_timeout: float, backup_on_session: bool
) -> TrainerDB:
    """Set the damaged file aside and open the newest good backup, or a new database."""
    kept = _set_aside(path)
    backup = _good_backup(path, busy_timeout)
    if backup is not None:
        shutil.copyfile(backup, path)
        try:
            db = _open_checked(path, busy_timeout)
        except (sqlite3.Error, _Damaged, _Refused, _ReadOnly):
            _set_aside(path)  # a copy of the backup; the backup itself stays
            backup = None
    if backup is None:
        db = _open_checked(path, busy_timeout)
        started = "There is no good backup, so a new, empty database was started."
    else:
        started = (
            f"The backup of {_describe(backup, path.stem)} was restored; answers given after"
            " that backup are not in it."
        )
    notice = f"The database {path} {problem}. It was kept as {kept}. {started}"
    return TrainerDB(
        db, path, notice=notice, busy_timeout=busy_timeout, backup_on_session=backup_on_session
    )


def _mark_active(conn: sqlite3.Connection, trainee_id: int, when: str) -> None:
    """Move the trainee's last activity forward to ``when`` (never back).

    Answers do this by a trigger (schema); sessions and course answers here.
    """
    conn.execute(
        "UPDATE trainees SET last_active = ?1 WHERE id = ?2"
        " AND (last_active IS NULL OR last_active < ?1)",
        (when, trainee_id),
    )


def _side_database(
    path: Path, what: str, *, busy_timeout: float, backup_on_session: bool
) -> TrainerDB:
    """A database beside the one that cannot be used, so this session is still kept."""
    name = f"{path.stem}.{_local_stamp()}-{uuid.uuid4().hex[:6]}{path.suffix or '.sqlite3'}"
    for folder in (path.parent, Path(tempfile.gettempdir())):
        side = folder / name
        try:
            db = _open_checked(side, busy_timeout)
        except (sqlite3.Error, _Damaged, _Refused, _ReadOnly, OSError):
            continue
        notice = (
            f"{what} This session's results are kept in {side}; export them from there"
            " and merge them into the main database when it is available."
        )
        return TrainerDB(
            db, side, notice=notice, busy_timeout=busy_timeout, backup_on_session=backup_on_session
        )
    db = Database(memory=True)
    db.conn.isolation_level = None
    db.conn.execute("PRAGMA foreign_keys = ON")
    _migrate(db)
    notice = f"{what} No file could be written either: this session's results will NOT be kept."
    return TrainerDB(
        db, Path(":memory:"), notice=notice, busy_timeout=busy_timeout, backup_on_session=False
    )


# --------------------------------------------------------------------------- the database

_ANSWER_COLUMNS = (
    "a.id, a.round_id, r.session_id, a.question_id, a.kind, a.skill, a.seat, a.wager,"
    " a.expected, a.given, a.correct, a.seconds, a.answered_at"
)
_TRAINEE_ANSWERS = (
    "FROM sessions s JOIN rounds r ON r.session_id = s.id JOIN answers a ON a.round_id = r.id"
    " WHERE s.trainee_id = ?"
)
_INSERT_ANSWER = (
    "INSERT INTO answers (uid, round_id, question_id, kind, skill, seat, wager, expected,"
    " given, correct, seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_COURSE_ANSWER_COLUMNS = (
    "id, trainee_id, kind, lesson, scenario, item, correct, seconds, answered_at"
)
_EXAM_COLUMNS = (
    "id, trainee_id, session_id, config_id, rounds, ruleset_id, pass_mark,"
    " time_limit_seconds, started, finished, score, passed"
)
_EXAM_STATUS = (
    "(SELECT CASE WHEN e.finished IS NULL THEN 'in_progress'"
    " WHEN e.passed THEN 'passed' ELSE 'failed' END"
    " FROM exams e WHERE e.trainee_id = t.id ORDER BY e.started DESC, e.id DESC LIMIT 1)"
)
_ROSTER_ORDER = {
    RosterColumn.NAME: "t.name COLLATE NOCASE",
    RosterColumn.ACCURACY: "accuracy",
    RosterColumn.SECONDS_PER_ROUND: "seconds_per_round",
    RosterColumn.ROUNDS_PLAYED: "rounds_played",
    RosterColumn.LAST_ACTIVE: "t.last_active",
    RosterColumn.EXAM_STATUS: (
        "CASE exam_status WHEN 'in_progress' THEN 1 WHEN 'failed' THEN 2"
        " WHEN 'passed' THEN 3 ELSE 0 END"
    ),
}


def _answer(row: Sequence[Any]) -> AnswerRecord:
    return AnswerRecord(
        id=row[0],
        round_id=row[1],
        session_id=row[2],
        question_id=row[3],
        kind=row[4],
        skill=row[5],
        seat=row[6],
        wager=row[7],
        expected=row[8],
        given=row[9],
        correct=bool(row[10]),
        seconds=row[11],
        answered_at=datetime.fromisoformat(row[12]),
    )


def _course_answer(row: Sequence[Any]) -> CourseAnswer:
    return CourseAnswer(
        id=row[0],
        trainee_id=row[1],
        kind=CourseAnswerKind(row[2]),
        lesson=row[3],
        scenario=row[4],
        item=row[5],
        correct=bool(row[6]),
        seconds=row[7],
        answered_at=datetime.fromisoformat(row[8]),
    )


def _exam(row: Sequence[Any]) -> Exam:
    return Exam(
        id=row[0],
        trainee_id=row[1],
        session_id=row[2],
        config_id=row[3],
        rounds=row[4],
        ruleset_id=row[5],
        pass_mark=row[6],
        time_limit_seconds=row[7],
        started=datetime.fromisoformat(row[8]),
        finished=_time(row[9]),
        score=row[10],
        passed=None if row[11] is None else bool(row[11]),
    )


def _trainee(row: Sequence[Any]) -> Trainee:
    return Trainee(
        id=row[0],
        uid=row[1],
        name=row[2],
        created=datetime.fromisoformat(row[3]),
        last_active=_time(row[4]),
    )


class TrainerDB:
    """The trainer's storage: every method is one short transaction or a read."""

    def __init__(
        self,
        db: Database,
        path: Path,
        *,
        notice: str | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        backup_on_session: bool = True,
    ) -> None:
        self.db = db
        self.path = path
        self.notice = notice
        """What went wrong at start, for the UI to show; None when nothing did."""
        self.busy_timeout = busy_timeout
        self.backup_on_session = backup_on_session
        self.backup_problem: str | None = None
        """Why the last automatic backup failed, if it did (the session went on)."""

    # -- plumbing

    @property
    def conn(self) -> sqlite3.Connection:
        return self.db.conn

    @property
    def schema_version(self) -> int:
        """``PRAGMA user_version``: the number of the last migration applied."""
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    @property
    def station(self) -> str:
        """This database's own id (a UUID), named in its station exports."""
        return str(self.conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()[0])

    def close(self) -> None:
        """Close the connection (every write is already committed)."""
        self.db.close()

    def __enter__(self) -> TrainerDB:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction holding the write lock from its start; commits on exit."""
        conn = self.conn
        if conn.in_transaction:
            raise StorageError("a transaction is already open; each write commits on its own")
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # -- backups

    def backup(self, dest: Path | str | None = None) -> Path:
        """Copy the database with SQLite's online backup API; returns the copy's path.

        By default the copy goes to ``backups/<name>-<UTC time>.sqlite3`` beside
        the database, under the backup lock, and only this database's newest
        five are kept (see the module's docstring). The copy is a plain
        (rollback-journal) file, complete or absent: it is written under a
        temporary name and renamed when done.
        """
        if dest is not None:
            return _copy_database(self.conn, Path(dest))
        folder = self.path.parent / BACKUP_FOLDER
        folder.mkdir(parents=True, exist_ok=True)
        with _backup_lock(folder, self.path.stem, self.busy_timeout):
            _delete_partials(folder, self.path.stem)
            stamp = datetime.now(UTC).strftime(_BACKUP_STAMP)
            made = _copy_database(self.conn, folder / f"{self.path.stem}-{stamp}.sqlite3")
            self._rotate_backups()
        return made

    def _rotate_backups(self) -> None:
        """Keep this database's newest KEEP_BACKUPS backups; never remove a backup
        of another database (another station id) or one that cannot be read."""
        station = self.station
        mine = [old for old in _backups_of(self.path) if _station_of(old) == station]
        for old in mine[KEEP_BACKUPS:]:
            old.unlink(missing_ok=True)

    def backups(self) -> list[Path]:
        """This database's automatic backups, newest first."""
        return _backups_of(self.path)

    # -- trainees and instructors

    def create_trainee(self, name: str, *, at: datetime | None = None) -> int:
        """Add a trainee profile; names are unique regardless of case."""
        clean = _text(name, "name", max_length=MAX_NAME_LENGTH)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM trainees WHERE name = ?", (clean,)).fetchone():
                raise StorageError(f"name: a trainee named {clean!r} already exists")
            cursor = conn.execute(
                "INSERT INTO trainees (uid, name, created) VALUES (?, ?, ?)",
                (_uid(), clean, _stamp(at)),
            )
        return int(cursor.lastrowid or 0)

    def list_trainees(self) -> list[Trainee]:
        """Every trainee, by name."""
        rows = self.conn.execute(
            "SELECT id, uid, name, created, last_active FROM trainees ORDER BY name COLLATE NOCASE"
        ).fetchall()
        return [_trainee(row) for row in rows]

    def get_trainee(self, trainee_id: int) -> Trainee | None:
        """One trainee, or None."""
        row = self.conn.execute(
            "SELECT id, uid, name, created, last_active FROM trainees WHERE id = ?", (trainee_id,)
        ).fetchone()
        return None if row is None else _trainee(row)

    def find_trainee(self, name: str) -> Trainee | None:
        """The trainee with this name (any case), or None."""
        row = self.conn.execute(
            "SELECT id, uid, name, created, last_active FROM trainees WHERE name = ?",
            (name.strip(),),
        ).fetchone()
        return None if row is None else _trainee(row)

    def create_instructor(self, name: str, password: str) -> int:
        """Add an instructor; only a salted scrypt hash of the password is stored."""
        clean = _text(name, "name", max_length=MAX_NAME_LENGTH)
        if not isinstance(password, str) or len(password) < passwords.MIN_PASSWORD_LENGTH:
            raise StorageError(
                f"password: at least {passwords.MIN_PASSWORD_LENGTH} characters are required"
            )
        stored = passwords.hash_password(password)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM instructors WHERE name = ?", (clean,)).fetchone():
                raise StorageError(f"name: an instructor named {clean!r} already exists")
            cursor = conn.execute(
                "INSERT INTO instructors (name, password_hash, created) VALUES (?, ?, ?)",
                (clean, stored, _now()),
            )
        return int(cursor.lastrowid or 0)

    def create_first_instructor_from_hash(self, name: str, password_hash: str) -> int | None:
        """Add the first instructor from a stored-form hash (a training room's site
        file carries only the hash); None when the station has an instructor already."""
        clean = _text(name, "name", max_length=MAX_NAME_LENGTH)
        if not passwords.is_password_hash(password_hash):
            raise StorageError("password_hash: not a hash made by 'hhe-trainer site hash-password'")
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM instructors").fetchone() is not None:
                return None
            cursor = conn.execute(
                "INSERT INTO instructors (name, password_hash, created) VALUES (?, ?, ?)",
                (clean, password_hash, _now()),
            )
        return int(cursor.lastrowid or 0)

    def verify_instructor(self, name: str, password: str) -> bool:
        """Whether ``password`` is this instructor's (an unknown name takes as long)."""
        if not isinstance(name, str) or not isinstance(password, str):
            return False
        row = self.conn.execute(
            "SELECT password_hash FROM instructors WHERE name = ?", (name.strip(),)
        ).fetchone()
        if row is None:
            return passwords.dummy_verify(password)
        return passwords.verify_password(password, row[0])

    def list_instructors(self) -> list[str]:
        """Instructor names (the UI offers to create the first one when empty)."""
        rows = self.conn.execute("SELECT name FROM instructors ORDER BY name COLLATE NOCASE")
        return [row[0] for row in rows]

    # -- sessions, rounds, answers

    def _automatic_backup(self) -> None:
        if not self.backup_on_session or self.path == Path(":memory:"):
            return
        try:
            self.backup()
        except (sqlite3.Error, OSError) as error:
            self.backup_problem = f"The automatic backup failed: {error}"
        else:
            self.backup_problem = None

    def _insert_session(
        self,
        conn: sqlite3.Connection,
        trainee_id: int,
        mode: SessionMode,
        ruleset_id: str,
        started: str,
    ) -> int:
        if conn.execute("SELECT 1 FROM trainees WHERE id = ?", (trainee_id,)).fetchone() is None:
            raise StorageError(f"trainee_id: no trainee {trainee_id}")
        cursor = conn.execute(
            "INSERT INTO sessions (uid, trainee_id, mode, ruleset_id, started)"
            " VALUES (?, ?, ?, ?, ?)",
            (_uid(), trainee_id, mode.value, ruleset_id, started),
        )
        _mark_active(conn, trainee_id, started)
        return int(cursor.lastrowid or 0)

    def start_session(
        self,
        trainee_id: int,
        mode: SessionMode | str,
        ruleset_id: str,
        *,
        at: datetime | None = None,
    ) -> int:
        """Begin a practice, speed or exam session (after a backup of the database)."""
        trainee_id = _integer(trainee_id, "trainee_id")
        try:
            chosen = SessionMode(mode)
        except ValueError:
            allowed = ", ".join(m.value for m in SessionMode)
            raise StorageError(f"mode: {mode!r} is not a session mode ({allowed})") from None
        ruleset = _text(ruleset_id, "ruleset_id")
        started = _stamp(at)
        self._automatic_backup()
        with self._write() as conn:
            return self._insert_session(conn, trainee_id, chosen, ruleset, started)

    def end_session(self, session_id: int, *, at: datetime | None = None) -> None:
        """Mark a session ended; ending one twice is refused."""
        ended = _stamp(at)
        with self._write() as conn:
            row = conn.execute("SELECT ended FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise StorageError(f"session_id: no session {session_id}")
            if row[0] is not None:
                raise StorageError(f"session_id: session {session_id} already ended at {row[0]}")
            conn.execute("UPDATE sessions SET ended = ? WHERE id = ?", (ended, session_id))

    def record_round(
        self,
        session_id: int,
        round_json: dict[str, Any],
        ruleset_id: str,
        ruleset_version: int,
        *,
        at: datetime | None = None,
    ) -> int:
        """Keep a dealt round in the settle contract's input form (``round_to_json``).

        The JSON is stored as given (key order included), so the round re-opens
        exactly as dealt. Refused: a non-object, anything JSON cannot hold, a
        ``rules`` entry naming another rule set, an ended or unknown session.
        """
        session_id = _integer(session_id, "session_id")
        if not isinstance(round_json, dict):
            kind = type(round_json).__name__
            raise StorageError(f"round_json: expected a JSON object, got {kind}")
        ruleset = _text(ruleset_id, "ruleset_id")
        version = _integer(ruleset_version, "ruleset_version")
        rules = round_json.get("rules")
        if rules is not None and rules != ruleset:
            raise StorageError(
                f"round_json.rules: {rules!r} is not the rule set recorded ({ruleset!r})"
            )
        try:
            text = json.dumps(
                round_json, ensure_ascii=False, separators=(",", ":"), allow_nan=False
            )
        except (TypeError, ValueError) as error:
            raise StorageError(f"round_json: not storable as JSON ({error})") from None
        dealt = _stamp(at)
        with self._write() as conn:
            row = conn.execute("SELECT ended FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise StorageError(f"session_id: no session {session_id}")
            if row[0] is not None:
                raise StorageError(f"session_id: session {session_id} has ended")
            cursor = conn.execute(
                "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
                " dealt_at) VALUES (?, ?, ?, ?, ?, ?)",
                (_uid(), session_id, ruleset, version, text, dealt),
            )
        return int(cursor.lastrowid or 0)

    def record_answer(
        self,
        round_id: int,
        question_id: str,
        kind: str,
        skill: str,
        seat: int | None,
        wager: str | None,
        expected: str,
        given: str | None,
        correct: bool,
        seconds: float,
        *,
        at: datetime | None = None,
    ) -> int:
        """Keep one answer; it is committed (and on disk) when this returns.

        ``given`` is None for a question left unanswered (time ran out).
        Refused inside an open transaction: each answer is its own.
        """
        round_id = _integer(round_id, "round_id")
        values = (
            _text(question_id, "question_id"),
            _text(kind, "kind"),
            _text(skill, "skill"),
        )
        if seat is not None and (_integer(seat, "seat") < 1 or seat > 6):
            raise StorageError(f"seat: {seat} is not a seat number 1-6")
        if wager is not None:
            wager = _text(wager, "wager")
        if not isinstance(expected, str):
            raise StorageError(f"expected: expected text, got {type(expected).__name__}")
        if given is not None and not isinstance(given, str):
            raise StorageError(f"given: expected text or None, got {type(given).__name__}")
        row = (
            _uid(),
            round_id,
            *values,
            seat,
            wager,
            expected,
            given,
            int(_correct(correct)),
            _seconds(seconds),
            _stamp(at),
        )
        try:
            with self._write() as conn:
                cursor = conn.execute(_INSERT_ANSWER, row)
        except sqlite3.IntegrityError as error:
            if "FOREIGN KEY" in str(error):
                raise StorageError(f"round_id: no round {round_id}") from None
            raise
        return int(cursor.lastrowid or 0)

    def record_course_answer(
        self,
        trainee_id: int,
        kind: CourseAnswerKind | str,
        item: str,
        correct: bool,
        seconds: float,
        *,
        lesson: str | None = None,
        scenario: str | None = None,
        at: datetime | None = None,
    ) -> int:
        """Keep one course answer on no dealt round; committed (and on disk) when this returns.

        ``kind`` ``"ruling"``: a ruling of ``lesson`` (required), ``item`` naming
        the ruling; ``"scenario"``: a finished round of a ``scenario`` (required)
        drill. Refused inside an open transaction: each answer is its own.
        """
        trainee_id = _integer(trainee_id, "trainee_id")
        try:
            chosen = CourseAnswerKind(kind)
        except ValueError:
            allowed = ", ".join(k.value for k in CourseAnswerKind)
            raise StorageError(f"kind: {kind!r} is not a course answer kind ({allowed})") from None
        clean_item = _text(item, "item")
        clean_lesson = _optional_text(lesson, "lesson")
        clean_scenario = _optional_text(scenario, "scenario")
        if chosen is CourseAnswerKind.RULING and clean_lesson is None:
            raise StorageError("lesson: a ruling's answer must name its lesson")
        if chosen is CourseAnswerKind.SCENARIO and clean_scenario is None:
            raise StorageError("scenario: a scenario round's answer must name its scenario")
        row = (
            _uid(),
            trainee_id,
            chosen.value,
            clean_lesson,
            clean_scenario,
            clean_item,
            int(_correct(correct)),
            _seconds(seconds),
            _stamp(at),
        )
        try:
            with self._write() as conn:
                cursor = conn.execute(
                    "INSERT INTO course_answers (uid, trainee_id, kind, lesson, scenario, item,"
                    " correct, seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                _mark_active(conn, trainee_id, row[-1])
        except sqlite3.IntegrityError as error:
            if "FOREIGN KEY" in str(error):
                raise StorageError(f"trainee_id: no trainee {trainee_id}") from None
            raise
        return int(cursor.lastrowid or 0)

    def course_answers(self, trainee_id: int) -> list[CourseAnswer]:
        """A trainee's rulings and scenario rounds, oldest first."""
        rows = self.conn.execute(
            f"SELECT {_COURSE_ANSWER_COLUMNS} FROM course_answers WHERE trainee_id = ?"
            " ORDER BY answered_at, id",
            (trainee_id,),
        ).fetchall()
        return [_course_answer(row) for row in rows]

    # -- progress

    def skill_stats(self, trainee_id: int) -> list[SkillStat]:
        """Accuracy and speed per skill, by skill name."""
        rows = self.conn.execute(
            "SELECT skill, answers, correct, seconds FROM skill_totals WHERE trainee_id = ?"
            " ORDER BY skill",
            (trainee_id,),
        ).fetchall()
        return [SkillStat(*row) for row in rows]

    def roster(
        self,
        sort_by: RosterColumn | str = RosterColumn.NAME,
        *,
        descending: bool = False,
        name_filter: str | None = None,
    ) -> list[RosterRow]:
        """Every trainee's figures for the instructor; sorted by any column
        (empty figures last either way, then by name), optionally only names
        containing ``name_filter`` (any case)."""
        try:
            order = _ROSTER_ORDER[RosterColumn(sort_by)]
        except ValueError:
            allowed = ", ".join(c.value for c in RosterColumn)
            raise StorageError(f"sort_by: {sort_by!r} is not a roster column ({allowed})") from None
        direction = "DESC" if descending else "ASC"
        rows = self.conn.execute(
            "SELECT t.id, t.name,"
            " CAST(tt.correct AS REAL) / NULLIF(tt.answers, 0) AS accuracy,"
            " tt.seconds / NULLIF(tt.rounds, 0) AS seconds_per_round,"
            " COALESCE(tt.rounds, 0) AS rounds_played, COALESCE(tt.answers, 0),"
            f" t.last_active, {_EXAM_STATUS} AS exam_status"
            " FROM trainees t LEFT JOIN trainee_totals tt ON tt.trainee_id = t.id"
            " WHERE ?1 IS NULL OR instr(lower(t.name), lower(?1)) > 0"
            f" ORDER BY {order} {direction} NULLS LAST, t.name COLLATE NOCASE, t.id",
            (name_filter.strip() if name_filter else None,),
        ).fetchall()
        return [
            RosterRow(
                trainee_id=row[0],
                name=row[1],
                accuracy=row[2],
                seconds_per_round=row[3],
                rounds_played=row[4],
                answers=row[5],
                last_active=_time(row[6]),
                exam_status=ExamStatus(row[7] or ExamStatus.NONE),
            )
            for row in rows
        ]

    def trainee_answers(self, trainee_id: int, *, wrong_only: bool = False) -> list[AnswerRecord]:
        """A trainee's answers, oldest first (for the CSV report)."""
        where = " AND a.correct = 0" if wrong_only else ""
        rows = self.conn.execute(
            f"SELECT {_ANSWER_COLUMNS} {_TRAINEE_ANSWERS}{where} ORDER BY a.answered_at, a.id",
            (trainee_id,),
        ).fetchall()
        return [_answer(row) for row in rows]

    def trainee_mistakes(self, trainee_id: int, *, limit: int | None = None) -> list[Mistake]:
        """Wrong answers, newest first, each with its round exactly as dealt."""
        rows = self.conn.execute(
            f"SELECT {_ANSWER_COLUMNS}, r.round_json, r.ruleset_id, r.ruleset_version, r.dealt_at"
            f" {_TRAINEE_ANSWERS} AND a.correct = 0"
            " ORDER BY a.answered_at DESC, a.id DESC LIMIT ?",
            (trainee_id, -1 if limit is None else limit),
        ).fetchall()
        return [
            Mistake(
                answer=_answer(row),
                round=json.loads(row[13]),
                ruleset_id=row[14],
                ruleset_version=row[15],
                dealt_at=datetime.fromisoformat(row[16]),
            )
            for row in rows
        ]

    def history(self, trainee_id: int) -> list[DayStat]:
        """Answers, correct answers and time per local calendar day, oldest first."""
        rows = self.conn.execute(
            "SELECT date(a.answered_at, 'localtime') AS day, COUNT(*), SUM(a.correct),"
            f" SUM(a.seconds) {_TRAINEE_ANSWERS} GROUP BY day ORDER BY day",
            (trainee_id,),
        ).fetchall()
        return [DayStat(date.fromisoformat(row[0]), row[1], row[2], row[3]) for row in rows]

    def streak(self, trainee_id: int) -> Streak:
        """Consecutive correct answers: the current run and the best ever."""
        rows = self.conn.execute(
            f"SELECT a.correct {_TRAINEE_ANSWERS} ORDER BY a.answered_at, a.id", (trainee_id,)
        )
        current = best = 0
        for (correct,) in rows:
            current = current + 1 if correct else 0
            best = max(best, current)
        return Streak(current=current, best=best)

    def rebuild_totals(self) -> None:
        """Recount the roster and skill totals from every answer (a repair tool;
        the trigger keeps them exact in normal use)."""
        with self._write() as conn:
            for statement in schema.REBUILD_TOTALS:
                conn.execute(statement)

    # -- exams

    def create_exam_config(
        self,
        name: str,
        rounds: int,
        ruleset_id: str,
        pass_mark: float,
        time_limit_seconds: int | None = None,
    ) -> int:
        """The instructor's exam set-up; ``pass_mark`` is a percentage (0-100)."""
        clean = _text(name, "name", max_length=MAX_NAME_LENGTH)
        problem = stored_exam_problem(rounds, pass_mark, time_limit_seconds)
        if problem is not None:
            raise StorageError(problem)
        ruleset = _text(ruleset_id, "ruleset_id")
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM exam_configs WHERE name = ?", (clean,)).fetchone():
                raise StorageError(f"name: an exam set-up named {clean!r} already exists")
            cursor = conn.execute(
                "INSERT INTO exam_configs (name, rounds, ruleset_id, pass_mark,"
                " time_limit_seconds, created) VALUES (?, ?, ?, ?, ?, ?)",
                (clean, rounds, ruleset, float(pass_mark), time_limit_seconds, _now()),
            )
        return int(cursor.lastrowid or 0)

    def list_exam_configs(self) -> list[ExamConfig]:
        """Every exam set-up, by name."""
        rows = self.conn.execute(
            "SELECT id, name, rounds, ruleset_id, pass_mark, time_limit_seconds"
            " FROM exam_configs ORDER BY name COLLATE NOCASE"
        ).fetchall()
        return [ExamConfig(*row) for row in rows]

    def start_exam(self, trainee_id: int, config_id: int, *, at: datetime | None = None) -> Exam:
        """Start an exam from a set-up: an exam-mode session plus the exam record
        (the set-up's figures are copied, so later edits do not change it)."""
        trainee_id = _integer(trainee_id, "trainee_id")
        started = _stamp(at)
        self._automatic_backup()
        with self._write() as conn:
            config = conn.execute(
                "SELECT rounds, ruleset_id, pass_mark, time_limit_seconds FROM exam_configs"
                " WHERE id = ?",
                (config_id,),
            ).fetchone()
            if config is None:
                raise StorageError(f"config_id: no exam set-up {config_id}")
            session_id = self._insert_session(
                conn, trainee_id, SessionMode.EXAM, config[1], started
            )
            cursor = conn.execute(
                "INSERT INTO exams (uid, trainee_id, session_id, config_id, rounds, ruleset_id,"
                " pass_mark, time_limit_seconds, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (_uid(), trainee_id, session_id, config_id, *config, started),
            )
            exam_id = int(cursor.lastrowid or 0)
        return self._get_exam(exam_id)

    def finish_exam(self, exam_id: int, *, at: datetime | None = None) -> Exam:
        """Score an exam from its session's answers, decide pass or fail, end the session.

        The score is the share of right answers. Passing also needs every round
        the exam set answered in full: an exam left early (the time limit
        reached, the window closed) keeps its score but does not pass.
        """
        finished = _stamp(at)
        with self._write() as conn:
            row = conn.execute(
                "SELECT session_id, pass_mark, finished, rounds FROM exams WHERE id = ?",
                (exam_id,),
            ).fetchone()
            if row is None:
                raise StorageError(f"exam_id: no exam {exam_id}")
            session_id, pass_mark, already, rounds_set = row
            if already is not None:
                raise StorageError(f"exam_id: exam {exam_id} already finished at {already}")
            answers, correct = conn.execute(
                "SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM rounds r"
                " JOIN answers a ON a.round_id = r.id WHERE r.session_id = ?",
                (session_id,),
            ).fetchone()
            # A round is complete when it has answers and none left unanswered.
            (rounds_complete,) = conn.execute(
                "SELECT COUNT(*) FROM rounds r WHERE r.session_id = ?"
                " AND EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id)"
                " AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id"
                " AND a.given IS NULL)",
                (session_id,),
            ).fetchone()
            score = 100.0 * correct / answers if answers else 0.0
            passed = score >= pass_mark and rounds_complete >= rounds_set
            conn.execute(
                "UPDATE exams SET finished = ?, score = ?, passed = ? WHERE id = ?",
                (finished, score, int(passed), exam_id),
            )
            conn.execute(
                "UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL",
                (finished, session_id),
            )
        return self._get_exam(exam_id)

    def _get_exam(self, exam_id: int) -> Exam:
        row = self.conn.execute(
            f"SELECT {_EXAM_COLUMNS} FROM exams WHERE id = ?", (exam_id,)
        ).fetchone()
        return _exam(row)

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]:
        """Exams, newest first: one trainee's, or everyone's."""
        rows = self.conn.execute(
            f"SELECT {_EXAM_COLUMNS} FROM exams WHERE ?1 IS NULL OR trainee_id = ?1"
            " ORDER BY started DESC, id DESC",
            (trainee_id,),
        ).fetchall()
        return [_exam(row) for row in rows]

    # -- training room

    def export_station(self, path: Path | str, room_key: str | None = None) -> Path:
        """Write this station's results to a signed file (see ``trainer.storage.exchange``)."""
        return exchange.export_station(self, Path(path), room_key)

    def merge_station(self, path: Path | str, room_key: str | None = None) -> MergeReport:
        """Merge a station file; refused if damaged or altered, idempotent otherwise."""
        return exchange.merge_station(self, Path(path), room_key)
