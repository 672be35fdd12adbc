"""What the room's worker and the trainer share, defined once (issues 20-24): the
connection of its own to the station's database (the room's cache and the shared
records) and the write transaction (the trainer's and the cache's)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.storage import TrainerDB, open_database
from trainer.storage.connection import connect_station_file, write_transaction
from trainer.storage.models import StorageError
from trainer.storage.room_cache import StationCache
from trainer.storage.shared_records import open_shared


@pytest.mark.parametrize("opener", [lambda p: StationCache.open(p, b"k" * 32).close(),
                                    open_shared], ids=["room cache", "shared records"])
def test_a_station_file_that_is_not_there_is_said_and_never_made(
        tmp_path: Path, opener: object) -> None:
    missing = tmp_path / "gone.sqlite3"
    with pytest.raises(StorageError, match="is not there"):
        opener(missing)  # type: ignore[operator]
    assert not missing.exists()


def test_a_station_file_of_another_schema_is_refused(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as conn:
        conn.execute("PRAGMA user_version = 1")
    with pytest.raises(StorageError, match="is at schema 1, not this trainer's"):
        connect_station_file(old)


def test_the_station_files_connection_checks_foreign_keys_as_the_trainers_does(
        tmp_path: Path) -> None:
    path = tmp_path / "station.sqlite3"
    db: TrainerDB = open_database(path, backup_on_session=False)
    try:
        conn = connect_station_file(path)
        try:
            assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
            assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        finally:
            conn.close()
    finally:
        db.close()


def test_a_write_transaction_commits_or_rolls_back_and_never_nests(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "t.sqlite3", isolation_level=None)
    conn.execute("CREATE TABLE t (n INTEGER)")
    with write_transaction(conn):
        conn.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(ZeroDivisionError), write_transaction(conn):
        conn.execute("INSERT INTO t VALUES (2)")
        raise ZeroDivisionError
    assert [n for (n,) in conn.execute("SELECT n FROM t")] == [1]
    with write_transaction(conn):
        with pytest.raises(StorageError, match="already open"), write_transaction(conn):
            pass
        conn.execute("INSERT INTO t VALUES (3)")
    assert [n for (n,) in conn.execute("SELECT n FROM t ORDER BY n")] == [1, 3]
    conn.close()
