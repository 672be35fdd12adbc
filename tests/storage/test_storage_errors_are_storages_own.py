"""Storage raises its own errors, never the driver's (issue 20): a caller catches
``StorageError`` (``StorageBusy``, ``StorageUnavailable``, ``StorageDamaged``, or a
``StorageFailure`` otherwise) and needs no ``import sqlite3``."""

from __future__ import annotations

import inspect
import sqlite3
from pathlib import Path

import pytest
from storage_support import RULES

from trainer.storage import TrainerDB, backups, open_database
from trainer.storage.errors import translated
from trainer.storage.models import (
    StorageBusy,
    StorageDamaged,
    StorageError,
    StorageFailure,
    StorageUnavailable,
)
from trainer.storage.waiting import Waiting, WaitingWrites


def test_a_write_while_another_program_holds_the_lock_raises_storage_busy(
        db_path: Path) -> None:
    with open_database(busy_timeout=0.05) as db:
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StorageBusy, match="database is locked") as raised:
                db.create_trainee("Ana")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert isinstance(raised.value.__cause__, sqlite3.OperationalError)
        assert isinstance(raised.value, StorageError)
        assert db.create_trainee("Ana") > 0  # the lock released, the same call works


def test_a_closed_database_raises_storage_unavailable_on_reads_and_properties(
        db: TrainerDB) -> None:
    db.close()
    with pytest.raises(StorageUnavailable, match="closed database"):
        db.list_trainees()
    with pytest.raises(StorageUnavailable):
        db.station  # noqa: B018  (a property that reads the database)


@pytest.mark.parametrize(("error", "kind"), [
    (sqlite3.OperationalError("database is locked"), StorageBusy),
    (sqlite3.OperationalError("database table is locked"), StorageBusy),
    (sqlite3.OperationalError("disk I/O error"), StorageUnavailable),
    (sqlite3.OperationalError("database or disk is full"), StorageUnavailable),
    (sqlite3.OperationalError("attempt to write a readonly database"), StorageUnavailable),
    (sqlite3.OperationalError("unable to open database file"), StorageUnavailable),
    (sqlite3.ProgrammingError("Cannot operate on a closed database."), StorageUnavailable),
    (sqlite3.DatabaseError("file is not a database"), StorageDamaged),
    (sqlite3.DatabaseError("database disk image is malformed"), StorageDamaged),
    (sqlite3.OperationalError("no such table: answers"), StorageFailure),
    (sqlite3.IntegrityError("UNIQUE constraint failed: trainees.uid"), StorageFailure),
])
def test_each_driver_error_becomes_the_storage_error_of_its_kind(
        error: sqlite3.Error, kind: type[StorageFailure]) -> None:
    made = translated(error)
    assert type(made) is kind
    assert str(made) == str(error)  # the sentence a person reads is SQLite's, as before


def test_every_public_method_and_property_of_trainerdb_is_wrapped() -> None:
    unwrapped = []
    for name in dir(TrainerDB):
        if name.startswith("_") or name == "conn":
            continue
        member = inspect.getattr_static(TrainerDB, name)
        function = member.fget if isinstance(member, property) else member
        if callable(function) and not hasattr(function, "__wrapped__"):
            unwrapped.append(name)
    assert unwrapped == []


def test_an_automatic_backup_failing_still_starts_the_session(
        db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """``backup`` now raises storage's error; the session's own backup still catches it
    and says why in ``backup_problem``."""
    def failing(conn: sqlite3.Connection, dest: Path) -> Path:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(backups, "_copy_database", failing)
    trainee = db.create_trainee("Ana")
    with pytest.raises(StorageUnavailable, match="disk I/O error"):
        db.backup()
    session = db.start_session(trainee, "practice", RULES)
    assert session > 0
    assert db.backup_problem == "The automatic backup failed: disk I/O error"


def test_a_write_refused_as_busy_waits_in_the_line_and_another_failure_is_raised(
        tmp_path: Path) -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    line = WaitingWrites(lambda: conn, tmp_path / "trainer.sqlite3", 1.0)

    def busy() -> None:
        raise StorageBusy("database is locked")

    def full() -> None:
        raise StorageUnavailable("database or disk is full")

    assert line.run(Waiting("answer", busy, {})) is False
    assert len(line) == 1
    line._line.clear()
    with pytest.raises(StorageUnavailable):
        line.run(Waiting("answer", full, {}))
    assert len(line) == 0
    conn.close()
