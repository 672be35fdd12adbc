"""Bad database files at start (issue 10): each gives a notice, nothing saved is lost.

A damaged or emptied file is set aside and the newest good backup restored; a
file the trainer must not write (read-only, another program's, a newer
trainer's) is left byte for byte as it was and the session goes to a side file;
an unfinished backup a killed process left is removed; and a database started
afresh never rotates the old database's backups away.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from storage_support import answer, child_env, integrity, new_round, python, query

from trainer.storage import SCHEMA_VERSION, TrainerDB, backups, open_database, opening
from trainer.storage.database import KEEP_BACKUPS


def _kept_copies(folder: Path) -> list[Path]:
    """The files set aside as damaged (without their -wal/-shm)."""
    copies = folder.glob("trainer.sqlite3.damaged-*")
    return sorted(p for p in copies if not p.name.endswith(("-wal", "-shm", "-journal")))


def _side_files(folder: Path) -> list[Path]:
    """Side databases ``side/trainer.<time>-<id>.sqlite3`` started beside the main one."""
    return sorted(
        p for p in (folder / "side").glob("trainer.*.sqlite3") if "damaged" not in p.name
    )


def _with_trainees(path: Path, *names: str, sessions: int = 1) -> None:
    """A database with these trainees, each with ``sessions`` answered rounds
    (every session start makes a backup)."""
    with open_database(path) as db:
        for name in names:
            trainee = db.create_trainee(name)
            for _ in range(sessions):
                answer(db, new_round(db, trainee))


def _names(path: Path) -> list[str]:
    return [row[0] for row in query(path, "SELECT name FROM trainees ORDER BY name")]


def _read_only_connect(target: Path) -> object:
    """``opening._connect`` opening ``target`` read-only by URI: SQLite then refuses
    every write with "attempt to write a readonly database", exactly as for a
    file of mode 0444 or another owner; unlike chmod it also holds for root."""
    real = opening._connect

    def connect(path: Path | str, busy_timeout: float) -> sqlite3.Connection:
        if Path(path) == target:
            uri = f"{target.resolve().as_uri()}?mode=ro"
            return sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)
        return real(path, busy_timeout)

    return connect


# --------------------------------------------------------------------------- case 4


def test_a_read_only_database_is_left_untouched_and_the_session_kept_in_a_side_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Case 4: noticed at start (not at the first answer); runs as root too."""
    _with_trainees(db_path, "Ana")
    before = db_path.read_bytes()
    monkeypatch.setattr(opening, "_connect", _read_only_connect(db_path))
    with open_database() as db:
        assert db.notice is not None
        assert f"The database {db_path} is read-only here" in db.notice
        assert "left untouched" in db.notice and str(db.path) in db.notice
        assert db.path.parent == db_path.parent / "side" and db.path != db_path
        answer(db, new_round(db, db.create_trainee("Ana")))  # the session is kept
        assert db.roster()[0].answers == 1
    assert db_path.read_bytes() == before
    assert _names(db_path) == ["Ana"] and not _kept_copies(db_path.parent)


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root ignores permissions")
def test_a_database_file_of_mode_0444_is_noticed_at_start(db_path: Path) -> None:
    """Case 4 with a real read-only file (only meaningful when not root)."""
    _with_trainees(db_path, "Ana")
    db_path.chmod(0o444)
    before = db_path.read_bytes()
    try:
        with open_database() as db:
            assert db.notice is not None and "read-only" in db.notice
            assert db.path != db_path
            db.create_trainee("Ana")
    finally:
        db_path.chmod(0o644)
    assert db_path.read_bytes() == before


# --------------------------------------------------------------------------- case 5


def test_an_emptied_database_gets_the_newest_good_backup_back_with_a_notice(
    db_path: Path,
) -> None:
    """Case 5: a zero-length file while good backups exist is damage, not a new start."""
    _with_trainees(db_path, "Ana", "Ben")  # Ben's session start backed Ana and Ben up
    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    db_path.write_bytes(b"")
    with open_database() as db:
        assert db.notice is not None
        assert f"The database {db_path} is empty (0 bytes)" in db.notice
        assert "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]
        assert db.path == db_path
    (kept,) = _kept_copies(db_path.parent)
    assert kept.read_bytes() == b"" and str(kept) in db.notice


def test_an_empty_file_with_a_write_ahead_log_beside_it_is_set_aside_with_its_log(
    db_path: Path,
) -> None:
    """SQLite would discard the log of an empty main file: keep both instead."""
    db_path.write_bytes(b"")
    Path(f"{db_path}-wal").write_bytes(b"frames of a log " * 64)
    with open_database() as db:
        assert db.notice is not None and "write-ahead log" in db.notice
    (kept,) = _kept_copies(db_path.parent)
    assert Path(f"{kept}-wal").read_bytes() == b"frames of a log " * 64


# --------------------------------------------------------------------------- damaged files


def test_a_truncated_header_is_damage_and_the_backup_comes_back(db_path: Path) -> None:
    _with_trainees(db_path, "Ana", "Ben")
    data = db_path.read_bytes()[:60]  # the magic string and part of the header
    db_path.write_bytes(data)
    with open_database() as db:
        assert db.notice is not None and "damaged" in db.notice and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]
    (kept,) = _kept_copies(db_path.parent)
    assert kept.read_bytes() == data


def test_a_valid_header_over_garbage_pages_is_damage_and_the_backup_comes_back(
    db_path: Path,
) -> None:
    _with_trainees(db_path, "Ana", "Ben")
    data = db_path.read_bytes()[:100] + bytes((n * 89 + 7) % 256 for n in range(30_000))
    db_path.write_bytes(data)
    with open_database() as db:
        assert db.notice is not None and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]
    (kept,) = _kept_copies(db_path.parent)
    assert kept.read_bytes() == data


def test_a_schema_only_a_writing_connection_rejects_is_damage(db_path: Path) -> None:
    """A CHECK naming no column: the read-only health check accepts the file,
    a read-write connection does not; either way it is damage, not a traceback."""
    _with_trainees(db_path, "Ana", "Ben")
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute(
        "UPDATE sqlite_master SET sql = replace(sql, 'pass_mark BETWEEN', 'pas_mark BETWEEN')"
        " WHERE name = 'exam_configs'"
    )
    conn.close()
    with open_database() as db:
        assert db.notice is not None and "damaged" in db.notice and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]


def test_a_missing_column_is_damage_even_when_the_file_passes_quick_check(
    db_path: Path,
) -> None:
    _with_trainees(db_path, "Ana", "Ben")
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("ALTER TABLE trainees RENAME COLUMN last_active TO last_activu")
    conn.close()
    assert integrity(db_path) == ["ok"]
    with open_database() as db:
        assert db.notice is not None
        assert "table trainees of schema" in db.notice and "was restored" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]


def test_a_record_of_migrations_that_disagrees_with_the_schema_version_is_damage(
    db_path: Path,
) -> None:
    _with_trainees(db_path, "Ana")
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm003_progress_totals'")
    conn.close()
    with open_database() as db:
        assert db.notice is not None and "record of migrations" in db.notice
        assert [t.name for t in db.list_trainees()] == ["Ana"]  # from the backup


# --------------------------------------------------------------------------- case 11

# A session in a child process whose automatic backup stops after the copy is
# complete but before it is renamed; the parent kills it there with SIGKILL.
BACKUP_CHILD = """
import sys
from trainer.storage import backups, open_database

def stop_here(source, dest):
    print("partial written", flush=True)
    sys.stdin.readline()  # the parent kills the process meanwhile

db = open_database(sys.argv[1])
trainee = db.create_trainee("Ana")
backups.os.replace = stop_here
db.start_session(trainee, "practice", "ny-2018")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_backup_left_unfinished_by_a_killed_process_is_removed_at_the_next_start(
    db_path: Path,
) -> None:
    """Case 11: a full-size ``.partial`` from a SIGKILL during the backup."""
    with subprocess.Popen(
        [*python(), BACKUP_CHILD, str(db_path)],
        cwd=Path(__file__).resolve().parents[2],
        env=child_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line == "partial written\n", child.stderr.read() if child.stderr else line
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
    folder = db_path.parent / "backups"
    (partial,) = folder.glob("*.partial")
    assert integrity(partial) == ["ok"]  # a complete copy: the full size a kill leaves
    with open_database() as db:
        assert db.notice is None
        assert [t.name for t in db.list_trainees()] == ["Ana"]
    assert not list(folder.glob("*.partial*"))


def test_a_backup_being_written_by_another_process_is_not_removed(db_path: Path) -> None:
    """Case 11: while another process holds the backup lock its partial is live."""
    _with_trainees(db_path, "Ana")
    folder = db_path.parent / "backups"
    (backup,) = folder.glob("trainer-*.sqlite3")
    partial = folder / "trainer-20300101T000000000000Z.sqlite3.partial"
    partial.write_bytes(backup.read_bytes())
    with backups._backup_lock(folder, "trainer", 0):  # another backup is running
        open_database().close()
        assert partial.exists()
    open_database().close()
    assert not partial.exists()
    assert backup.exists()


# --------------------------------------------------------------------------- case 12


def test_a_database_started_afresh_never_rotates_the_old_databases_backups_away(
    db_path: Path,
) -> None:
    """Case 12: the old database's backups survive any number of new sessions."""
    _with_trainees(db_path, "Ana", sessions=2)
    folder = db_path.parent / "backups"
    old = sorted(folder.glob("trainer-*.sqlite3"))
    assert len(old) == 2
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)  # the database is gone
    with open_database() as db:
        assert db.notice is None and db.list_trainees() == []
        trainee = db.create_trainee("Ben")
        for _ in range(KEEP_BACKUPS + 2):
            db.start_session(trainee, "practice", "ny-2018")
        mine = [b for b in backups.backups_of(db.path) if b not in old]
        assert len(mine) == KEEP_BACKUPS
    assert all(_names(backup) == ["Ana"] for backup in old)


def test_an_emptied_database_and_five_sessions_later_everything_saved_is_still_there(
    db_path: Path,
) -> None:
    """Case 12 as it was measured: the emptied file used to start afresh and its
    first five sessions rotated every good backup away."""
    _with_trainees(db_path, "Ana", "Ben")
    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    db_path.write_bytes(b"")
    with open_database() as db:
        assert db.notice is not None
        for _ in range(KEEP_BACKUPS):
            db.start_session(db.create_trainee(f"New {_}"), "practice", "ny-2018")
    with open_database() as db:
        assert {"Ana", "Ben"} <= {t.name for t in db.list_trainees()}
        assert all({"Ana", "Ben"} <= set(_names(b)) for b in backups.backups_of(db.path))


def test_a_backup_that_cannot_be_read_is_never_rotated_away(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    folder = db.path.parent / "backups"
    folder.mkdir()
    unreadable = folder / "trainer-20250101T000000000000Z.sqlite3"
    unreadable.write_bytes(b"a backup damaged on disk")
    for _ in range(KEEP_BACKUPS + 1):
        db.start_session(trainee, "practice", "ny-2018")
    assert unreadable.exists()
    assert len([b for b in backups.backups_of(db.path) if b != unreadable]) == KEEP_BACKUPS


# --------------------------------------------------------------------------- case 14


def test_another_programs_sqlite_file_is_refused_and_left_byte_for_byte(db_path: Path) -> None:
    """Case 14: no trainer table is added to it, it is not switched to WAL."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO customers (name) VALUES ('Acme')")
    conn.close()
    before = db_path.read_bytes()
    with open_database() as db:
        assert db.notice is not None
        assert f"The file {db_path} is not a trainer database" in db.notice
        assert "customers" in db.notice and "left untouched" in db.notice
        assert db.path != db_path and str(db.path) in db.notice
        db.create_trainee("Ana")
    assert db_path.read_bytes() == before
    assert query(db_path, "PRAGMA journal_mode") == [("delete",)]
    assert not _kept_copies(db_path.parent)


def test_a_newer_trainers_database_is_refused_and_left_byte_for_byte(db_path: Path) -> None:
    """Case 14: a schema this version does not know is never written by it."""
    _with_trainees(db_path, "Ana")
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("BEGIN")
    conn.execute("CREATE TABLE coming_later (id INTEGER PRIMARY KEY)")
    conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
        " VALUES ('hhe-trainer', 'm999_coming_later', '2030-01-01')"
    )
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = db_path.read_bytes()
    with open_database() as db:
        assert db.notice is not None
        assert f"The file {db_path} was written by a newer version of the trainer" in db.notice
        assert f"schema {SCHEMA_VERSION + 1}" in db.notice and "left untouched" in db.notice
        assert db.path != db_path
        db.create_trainee("Ana")
    assert db_path.read_bytes() == before
    assert _names(db_path) == ["Ana"] and len(_side_files(db_path.parent)) == 1
    assert not _kept_copies(db_path.parent)
