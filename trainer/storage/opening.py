"""Opening the database file: damage detection, recovery, refusal and side files (no Qt).

:func:`open_file` always returns a usable connection and never changes a file
it cannot use: :attr:`Opened.notice` then holds the sentences the UI shows
(None when all went well).

- Damaged (not an SQLite file, failing ``PRAGMA quick_check``, tables not
  those its record of migrations says, or empty while good backups exist):
  moved aside as ``<name>.damaged-<time>`` (never overwritten, never
  deleted) and the newest good backup, or a new database, takes its place.
- Not the trainer's to write (another program's file, a newer trainer's
  schema), read-only here, or kept locked by another program: left untouched,
  and the session goes to a side file in ``side/`` beside it (never the shared
  temporary folder, where other users could read it; when no side file can be
  written the session is kept in memory and the notice says it will be lost).

The database file (and its -wal and -shm, which SQLite makes with the
database's mode) is the user's only, 0600 (:func:`trainer.paths.private_file`).
The open that upgrades a file from before schema 5 also seals every row in it,
in the migration's transaction (:func:`trainer.storage.seal.seal_on_upgrade`); one from
before schema 9 seals its accounts (:func:`trainer.storage.account_seal.seal_all_on_upgrade`).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from trainer.engine.textfile import keep_closed
from trainer.i18n import _, ngettext
from trainer.paths import data_dir, private_file
from trainer.storage import account_seal, schema, seal
from trainer.storage.backups import backups_of, describe, remove_stale_partials
from trainer.storage.connection import MEMORY, SIDE_FILES, SYNCHRONOUS, connect_read_only
from trainer.storage.errors import (
    ACCESS_PROBLEMS,
    SQLITE_NOTADB,
    SQLITE_READONLY,
    code,
    is_damage,
    is_locked,
)
from trainer.storage.salvage import Salvage, salvage

DEFAULT_FILENAME = "trainer.sqlite3"
SIDE_FOLDER = "side"
"""Where side files go, beside the database that could not be used."""
_FIRST_SEALED_SCHEMA = 5
_FIRST_ACCOUNTS_SEALED_SCHEMA = 9
_LOCKED_RETRY_PAUSE = 0.05
_HEADER_BYTES = 100
"""Every SQLite database starts with a header this long."""


@dataclass(frozen=True, slots=True)
class Opened:
    """What :func:`open_file` opened: the database, where it is, and what went wrong."""

    db: Database
    path: Path
    """The file in use: the one asked for, a side file, or :data:`MEMORY`."""
    notice: str | None
    """Sentences for the person when the file asked for was not opened as it was."""


class _Damaged(Exception):
    """The file is not a healthy SQLite database; the message ends "The database <path> ..."."""


class _Refused(Exception):
    """A healthy SQLite file this trainer must not write (see ``schema.examine``)."""

    def __init__(self, refusal: schema.Refusal) -> None:
        super().__init__(refusal.why)
        self.refusal = refusal


class _ReadOnly(Exception):
    """SQLite can read the file but not write it here."""


_CANNOT_USE = (sqlite3.Error, _Damaged, _Refused, _ReadOnly, OSError)
"""Every way a file can fail to open as the trainer's database."""


# --------------------------------------------------------------------------- checks


def _quick_check(conn: sqlite3.Connection) -> None:
    rows = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if rows != ["ok"]:
        raise _Damaged(_("is damaged ({details})",
                         details="; ".join(str(row) for row in rows[:3])))


def _connect(path: Path | str, busy_timeout: float) -> sqlite3.Connection:
    # isolation_level=None: no implicit BEGIN; transactions are explicit.
    # timeout sets SQLite's busy handler (PRAGMA busy_timeout).
    return sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None)


def _migrate(db: Database) -> None:
    """Apply pending migrations under the write lock, so two processes opening
    the same new file do not both try migration 1; a file upgraded from before
    schema 5 has its rows sealed in the same transaction."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        (before,) = db.conn.execute("PRAGMA user_version").fetchone()
        schema.MIGRATIONS.apply(db)
        if int(before) < _FIRST_ACCOUNTS_SEALED_SCHEMA:
            secret = seal.data_folder_secret()
            if 0 < int(before) < _FIRST_SEALED_SCHEMA:
                seal.seal_on_upgrade(db.conn, secret)
            account_seal.seal_all_on_upgrade(db.conn, secret)  # a new file's empty rosters
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
            raise _Damaged(_("is empty (0 bytes) but a write-ahead log lies beside it"))
        if good_backup(path, busy_timeout) is not None:
            raise _Damaged(_("is empty (0 bytes)"))
        return
    if size < _HEADER_BYTES:  # SQLite would take it for a new file and write over it
        raise _Damaged(ngettext("is not an SQLite database (only {count} byte)",
                                "is not an SQLite database (only {count} bytes)", size))
    # Read through SQLite, never with open(): this process may have the file open
    # already, and closing another descriptor of it would drop SQLite's locks.
    with _reading_content():
        conn = connect_read_only(path, busy_timeout)
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
        raise _Damaged(_("is damaged (SQLite cannot read its schema)")) from None
    except sqlite3.Error as error:
        if is_locked(error) or code(error) in ACCESS_PROBLEMS:
            raise
        if code(error) == SQLITE_NOTADB:
            raise _Damaged(_("is damaged: it is not an SQLite database")) from None
        raise _Damaged(_("is damaged ({details})", details=error)) from None


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
        if code(error) == SQLITE_READONLY:
            raise _ReadOnly(str(error)) from None
        raise


def good_backup(path: Path, busy_timeout: float) -> Path | None:
    """The newest backup of ``path`` that is healthy and this trainer's to use (not
    a newer trainer's); None when there is none."""
    for backup in backups_of(path):
        if not _size(backup):
            continue
        try:
            _health_check(backup, busy_timeout)
        except _CANNOT_USE:
            continue
        return backup
    return None


# --------------------------------------------------------------------------- opening


def _make_private(path: Path) -> None:
    """The database and the files SQLite keeps beside it: the user's only (0600),
    changed by path (never opened, which would drop SQLite's locks), and never to be
    read as a person's text file by this process (:func:`keep_closed`)."""
    for suffix in ("", *SIDE_FILES):
        side = Path(f"{path}{suffix}")
        if suffix == "" or side.exists():
            private_file(side)
            keep_closed(side, f"the trainer's open database ({path.name}{suffix})")


def _open_checked(path: Path, busy_timeout: float) -> Database:
    _health_check(path, busy_timeout)
    if not path.exists():
        private_file(path)  # made 0600 before SQLite writes a byte (an empty file is new)
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
            if not is_locked(error) or time.monotonic() >= deadline:
                raise
        time.sleep(_LOCKED_RETRY_PAUSE)


def _local_stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _set_aside(path: Path) -> Path:
    """Rename ``path`` (and its -wal/-shm/-journal) to ``<name>.damaged-<time>``."""
    base = f"{path.name}.damaged-{_local_stamp()}"
    target = path.with_name(base)
    counter = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", *SIDE_FILES)):
        counter += 1
        target = path.with_name(f"{base}-{counter}")
    for suffix in ("", *SIDE_FILES):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.replace(source, f"{target}{suffix}")
    return target


def open_file(path: Path | str | None, busy_timeout: float) -> Opened:
    """Open (creating and upgrading as needed) the trainer's database; never fails.

    ``path`` defaults to ``data_dir() / "trainer.sqlite3"``. When the file was
    damaged, refused, read-only, locked or could not be opened, the notice says
    what happened and where things are.
    """
    try:
        target = Path(path) if path is not None else data_dir() / DEFAULT_FILENAME
    except OSError as error:  # the data folder itself cannot be made
        return _in_memory(_("The data folder could not be used ({error}).", error=error))
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        remove_stale_partials(target)
        db = _open_waiting(target, busy_timeout)
        _make_private(target)
        return Opened(db, target, None)
    except _Damaged as damage:
        problem = str(damage)
    except _Refused as refused:
        what = _("The file {path} {problem}. It was left untouched. {advice}", path=target,
                 problem=refused, advice=refused.refusal.advice)
        return _side_database(target, what, busy_timeout)
    except _ReadOnly as error:
        what = _("The database {path} is read-only here ({error}), so no answer could be"
                 " recorded in it. It was left untouched; ask for it to be made writable.",
                 path=target, error=error)
        return _side_database(target, what, busy_timeout)
    except sqlite3.Error as error:
        if not is_damage(error):
            what = (
                _("The database {path} is locked by another program and could not be"
                  " opened. It was left untouched.", path=target)
                if is_locked(error)
                else _("The database {path} could not be opened ({error}).", path=target,
                       error=error)
            )
            return _side_database(target, what, busy_timeout)
        problem = _("is damaged ({details})", details=error)
    except OSError as error:
        what = _("The database {path} could not be opened ({error}).", path=target,
                 error=error)
        return _side_database(target, what, busy_timeout)
    try:
        return _recover(target, problem, busy_timeout)
    except _CANNOT_USE as error:
        what = _("The database {path} {problem}, and it could not be set aside ({error})."
                 " It was left untouched.", path=target, problem=problem, error=error)
        return _side_database(target, what, busy_timeout)


def _recover(path: Path, problem: str, busy_timeout: float) -> Opened:
    """Set the damaged file aside and open the newest good backup, or a new database."""
    kept = _set_aside(path)
    backup = good_backup(path, busy_timeout)
    if backup is not None:
        shutil.copyfile(backup, path)
        private_file(path)
        try:
            db = _open_checked(path, busy_timeout)
        except (sqlite3.Error, _Damaged, _Refused, _ReadOnly):
            _set_aside(path)  # a copy of the backup; the backup itself stays
            backup = None
    if backup is None:
        db = _open_checked(path, busy_timeout)
    found = _salvaged(kept, db, new_database=backup is None)
    if backup is not None:
        started = _("The backup of {when} was restored.", when=describe(backup, path.stem))
    elif isinstance(found, Salvage) and found.recovered:
        started = _("There is no good backup, so a new database was started.")
    else:
        started = _("There is no good backup, so a new, empty database was started.")
    said = found if isinstance(found, str) else found.sentence()
    return Opened(db, path, _("The database {path} {problem}. It was kept as {kept}."
                              " {started} {said}", path=path, problem=problem, kept=kept,
                              started=started, said=said))


def _salvaged(kept: Path, db: Database, *, new_database: bool) -> Salvage | str:
    """What the damaged file still held, copied in (:mod:`trainer.storage.salvage`), or
    why it could not be read."""
    try:
        return salvage(kept, db.conn, seal.data_folder_secret(), new_database=new_database)
    except (sqlite3.Error, OSError, ValueError) as error:  # ValueError: undecodable text
        return _("What the damaged file held could not be read ({error}); it is kept as it"
                 " is.", error=error)


def _side_database(path: Path, what: str, busy_timeout: float) -> Opened:
    """A database beside the one that cannot be used, so this session is still kept."""
    name = f"{path.stem}.{_local_stamp()}-{uuid.uuid4().hex[:6]}{path.suffix or '.sqlite3'}"
    side = path.parent / SIDE_FOLDER / name
    try:
        side.parent.mkdir(mode=0o700, exist_ok=True)
        db = _open_checked(side, busy_timeout)
    except _CANNOT_USE:
        return _in_memory(what)
    _make_private(side)
    notice = _("{what} This session's results are kept in {side}; export them from there"
               " and merge them into the main database when it is available.", what=what,
               side=side)
    return Opened(db, side, notice)


def _in_memory(what: str) -> Opened:
    """No file could be written: a database in memory, said plainly."""
    db = Database(memory=True)
    db.conn.isolation_level = None
    db.conn.execute("PRAGMA foreign_keys = ON")
    _migrate(db)
    notice = _("{what} No file could be written either: this session's results will NOT be"
               " kept.", what=what)
    return Opened(db, MEMORY, notice)
