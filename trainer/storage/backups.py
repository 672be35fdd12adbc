"""Backups of the database: taking, rotating, finding, and removing the unfinished (no Qt).

``backups/<name>-<UTC time>.sqlite3`` at each session start, written as
``.partial`` and renamed when complete, under a lock
(``backups/<name>.backup-lock``). Every start removes the ``.partial`` copies
a killed process left, unless another process holds that lock (it is writing
one right now; a later start removes them). Rotation keeps this database's
newest five; it never removes a backup of another database (another station
id: what was here before a new database was started) nor one it cannot read,
so a database started afresh never pushes the last copies of the old one out.
Restoring one is part of opening (:mod:`trainer.storage.opening`).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from trainer.paths import private_file, private_folder
from trainer.storage.connection import MEMORY, SIDE_FILES, Connected, connect_read_only
from trainer.storage.models import StorageError

BACKUP_FOLDER = "backups"
KEEP_BACKUPS = 5
BACKUP_LOCK_SUFFIX = ".backup-lock"
PARTIAL_SUFFIX = ".partial"
_BACKUP_STAMP = "%Y%m%dT%H%M%S%fZ"


def backup_time(name: str, stem: str) -> datetime | None:
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


def backups_of(path: Path) -> list[Path]:
    """The backups of the database at ``path``, newest first."""
    folder = path.parent / BACKUP_FOLDER
    if not folder.is_dir():
        return []
    return sorted(
        (
            backup
            for backup in folder.glob(f"{path.stem}-*.sqlite3")
            if backup_time(backup.name, path.stem) is not None
        ),
        reverse=True,
    )


def describe(backup: Path, stem: str) -> str:
    """A backup as a person reads it: its local time (``2026-03-02 15:00``)."""
    when = backup_time(backup.name, stem)
    return when.astimezone().strftime("%Y-%m-%d %H:%M") if when else backup.name


def _station_of(backup: Path) -> str | None:
    """The station id a backup belongs to; None when it cannot be read."""
    try:
        conn = connect_read_only(backup, 0)
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
    lock = private_file(folder / f"{stem}{BACKUP_LOCK_SUFFIX}")
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
        for suffix in SIDE_FILES:
            name = name.removesuffix(suffix)
        if backup_time(name.removesuffix(PARTIAL_SUFFIX), stem) is not None:
            partial.unlink(missing_ok=True)


def remove_stale_partials(path: Path) -> None:
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
    for stale in (partial, *(Path(f"{partial}{suffix}") for suffix in SIDE_FILES)):
        stale.unlink(missing_ok=True)  # our own unfinished copy, never a database in use
    private_file(partial)  # 0600 before SQLite writes it (trainer.paths)
    target = sqlite3.connect(str(partial), isolation_level=None)
    try:
        conn.backup(target)
        target.execute("PRAGMA journal_mode = DELETE")
    finally:
        target.close()
    os.replace(partial, dest)
    return dest


class Backups(Connected):
    """Copies of this database: one at each session start, the newest five kept."""

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
        folder = private_folder(self.path.parent / BACKUP_FOLDER)
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
        mine = [old for old in backups_of(self.path) if _station_of(old) == station]
        for old in mine[KEEP_BACKUPS:]:
            old.unlink(missing_ok=True)

    def _automatic_backup(self) -> None:
        """The backup taken as a session starts; a failure is kept in
        ``backup_problem`` for the UI, and the session goes on."""
        if not self.backup_on_session or self.path == MEMORY:
            return
        try:
            self.backup()
        except (StorageError, sqlite3.Error, OSError) as error:
            self.backup_problem = f"The automatic backup failed: {error}"
        else:
            self.backup_problem = None
