"""A damaged or locked database at start: kept aside, never overwritten, and the
trainer starts anyway on a backup or a fresh file."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import pytest
from storage_support import answer, integrity, new_round

from trainer.storage import TrainerDB, open_database, opening
from trainer.storage.backups import backups_of
from trainer.storage.connection import MEMORY
from trainer.storage.database import KEEP_BACKUPS


def _garbage(size: int = 20_000) -> bytes:
    return bytes((n * 37 + 11) % 251 for n in range(size))


def _damaged_copies(folder: Path) -> list[Path]:
    copies = folder.glob("trainer.sqlite3.damaged-*")
    return sorted(p for p in copies if not p.name.endswith(("-wal", "-shm")))


def test_a_file_that_is_not_a_database_is_kept_byte_for_byte(db_path: Path) -> None:
    garbage = _garbage()
    db_path.write_bytes(garbage)
    with open_database() as db:
        assert db.notice is not None
        assert "damaged" in db.notice and "a new, empty database was started" in db.notice
        (kept,) = _damaged_copies(db_path.parent)
        assert str(kept) in db.notice
        assert kept.read_bytes() == garbage
        assert db.path == db_path
        assert db.create_trainee("Ana") == 1  # the fresh database works
    assert integrity(db_path) == ["ok"]


def test_corrupted_pages_fail_quick_check_and_are_set_aside(db_path: Path) -> None:
    with open_database() as db:
        trainee = db.create_trainee("Ana")
        for _ in range(20):
            round_id = new_round(db, trainee)
            for _ in range(10):
                answer(db, round_id, given="x" * 200)
    data = bytearray(db_path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    data[3 * page : 6 * page] = _garbage(3 * page)
    db_path.write_bytes(bytes(data))
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None and "damaged" in db.notice and "was restored" in db.notice
        # The newest backup was taken as the 20th session started: 19 rounds of 10; the
        # 20th round's 10 answers lie on pages left intact and are copied from the
        # damaged file (issue 19, item 6).
        assert [(row.name, row.answers) for row in db.roster()] == [("Ana", 200)]
        assert "Copied from the damaged file: 10 answers, 1 round and 1 session." in db.notice
    (kept,) = _damaged_copies(db_path.parent)
    assert kept.read_bytes() == bytes(data)


def test_a_damaged_database_is_replaced_by_the_newest_good_backup(db_path: Path) -> None:
    with open_database() as db:
        trainee = db.create_trainee("Ana")
        answer(db, new_round(db, trainee))  # start_session made a backup before this round
        backup = db.backup()
        db.create_trainee("Ben")  # after the last backup: only in the damaged file
    db_path.write_bytes(_garbage())
    with open_database() as db:
        assert db.notice is not None and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana"]
        assert db.roster()[0].answers == 1
    assert backup.exists()  # restoring copies the backup; it stays


def test_a_damaged_backup_is_skipped_for_an_older_good_one(db_path: Path) -> None:
    with open_database() as db:
        db.create_trainee("Ana")
        older = db.backup()
        db.create_trainee("Ben")
        newer = db.backup()
    newer.write_bytes(_garbage())
    db_path.write_bytes(_garbage())
    with open_database() as db:
        assert db.notice is not None and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana"]
    assert older.exists() and newer.exists()


def test_setting_aside_twice_never_overwrites_an_earlier_damaged_file(db_path: Path) -> None:
    first, second = _garbage(10_000), _garbage(12_000)
    db_path.write_bytes(first)
    open_database(backup_on_session=False).close()
    db_path.write_bytes(second)
    open_database(backup_on_session=False).close()
    kept = _damaged_copies(db_path.parent)
    assert sorted(p.read_bytes() for p in kept) == sorted([first, second])


def test_a_stale_wal_file_moves_aside_with_its_database(db_path: Path) -> None:
    db_path.write_bytes(_garbage())
    wal = Path(f"{db_path}-wal")
    wal.write_bytes(b"old write-ahead log")
    with open_database() as db:
        assert db.notice is not None
        (kept,) = _damaged_copies(db_path.parent)
    assert Path(f"{kept}-wal").read_bytes() == b"old write-ahead log"
    assert integrity(db_path) == ["ok"]


def test_a_locked_database_is_left_untouched_and_a_side_file_keeps_the_session(
    db_path: Path,
) -> None:
    with open_database() as db:
        db.create_trainee("Ana")
    before = db_path.read_bytes()
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program keeps the write lock
    try:
        with open_database(busy_timeout=0.2) as db:
            assert db.notice is not None and "locked" in db.notice
            assert db.path != db_path and db.path.parent == db_path.parent / "side"
            assert str(db.path) in db.notice
            answer(db, new_round(db, db.create_trainee("Ana")))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert db_path.read_bytes() == before
    assert not _damaged_copies(db_path.parent)


def test_a_lock_reported_at_once_while_opening_is_waited_out_not_sent_to_a_side_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second station opening the same new file while the first switches it
    to WAL gets "database is locked" at once, without SQLite's busy handler
    (the two-process test in test_storage_durability meets it for real, now
    and then). Opening retries instead of starting a side file."""
    real_open = opening._open_checked
    refusals = []

    def locked_twice(path: Path, busy_timeout: float) -> object:
        if len(refusals) < 2:
            refusals.append(path)
            raise sqlite3.OperationalError("database is locked")
        return real_open(path, busy_timeout)

    monkeypatch.setattr(opening, "_open_checked", locked_twice)
    with open_database(busy_timeout=5.0) as db:
        assert db.notice is None
        assert db.path == db_path
        db.create_trainee("Ana")
    assert refusals == [db_path, db_path]
    assert sorted(p.name for p in db_path.parent.glob("*.sqlite3")) == ["trainer.sqlite3"]


def test_a_path_that_cannot_be_a_database_still_starts(tmp_path: Path) -> None:
    folder = tmp_path / "is-a-folder.sqlite3"
    folder.mkdir()
    with open_database(folder) as db:
        assert db.notice is not None and "could not be opened" in db.notice
        db.create_trainee("Ana")
    assert folder.is_dir()


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root ignores permissions")
def test_an_unwritable_folder_still_starts(tmp_path: Path) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with open_database(folder / "trainer.sqlite3") as db:
            assert db.notice is not None
            db.create_trainee("Ana")
    finally:
        folder.chmod(0o700)


def test_backup_is_a_complete_plain_file_and_only_the_newest_are_kept(db: TrainerDB) -> None:
    db.create_trainee("Ana")
    made = [db.backup() for _ in range(KEEP_BACKUPS + 2)]
    assert backups_of(db.path) == sorted(made[-KEEP_BACKUPS:], reverse=True)
    newest = backups_of(db.path)[0]
    assert integrity(newest) == ["ok"]
    conn = sqlite3.connect(newest)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("SELECT name FROM trainees").fetchall() == [("Ana",)]
    finally:
        conn.close()
    assert not list(newest.parent.glob("*.partial*"))


def test_each_session_starts_with_a_backup(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    assert backups_of(db.path) == []
    db.start_session(trainee, "practice", "ny-2018")
    assert len(backups_of(db.path)) == 1
    assert db.backup_problem is None


def test_when_no_file_can_be_opened_the_trainer_still_starts_in_memory(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, busy_timeout: float) -> None:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(opening, "_open_checked", refuse)
    with open_database() as db:
        assert db.notice is not None and "will NOT be kept" in db.notice
        answer(db, new_round(db, db.create_trainee("Ana")))
        assert db.roster()[0].answers == 1


def test_when_the_data_folder_refuses_files_its_side_folder_keeps_the_session(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = opening._open_checked

    def refuse_data_folder(path: Path, busy_timeout: float) -> object:
        if path.parent == db_path.parent:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real(path, busy_timeout)

    monkeypatch.setattr(opening, "_open_checked", refuse_data_folder)
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None and "could not be opened" in db.notice
        assert db.path.parent == db_path.parent / "side"
        assert str(db.path) in db.notice
        answer(db, new_round(db, db.create_trainee("Ana")))


def test_a_side_file_never_goes_to_the_shared_temporary_folder(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other users of the computer can read the temporary folder: when neither the
    data folder nor its side folder takes a file, the session is kept in memory and
    the notice says it will be lost."""
    real = opening._open_checked
    before = set(Path(tempfile.gettempdir()).glob("trainer.*.sqlite3"))

    def refuse_files(path: Path, busy_timeout: float) -> object:
        if path.parent in (db_path.parent, db_path.parent / "side"):
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real(path, busy_timeout)

    monkeypatch.setattr(opening, "_open_checked", refuse_files)
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None and "will NOT be kept" in db.notice
        assert db.path == MEMORY
        answer(db, new_round(db, db.create_trainee("Ana")))
    assert set(Path(tempfile.gettempdir()).glob("trainer.*.sqlite3")) == before


def test_a_damaged_file_that_cannot_be_moved_is_left_alone_and_the_trainer_starts(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    garbage = _garbage()
    db_path.write_bytes(garbage)

    def cannot_move(path: Path) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(opening, "_set_aside", cannot_move)
    with open_database(backup_on_session=False) as db:
        assert db.notice is not None and "could not be set aside" in db.notice
        assert db.path != db_path
        db.create_trainee("Ana")
    assert db_path.read_bytes() == garbage


def test_pruning_backups_leaves_another_databases_backups_alone(db: TrainerDB) -> None:
    folder = db.path.parent / "backups"
    folder.mkdir()
    other = folder / "trainer-old-20250101T000000000000Z.sqlite3"
    other.write_bytes(b"someone else's backup")
    for _ in range(KEEP_BACKUPS + 1):
        db.backup()
    assert other.exists()
    assert other not in backups_of(db.path) and len(backups_of(db.path)) == KEEP_BACKUPS
