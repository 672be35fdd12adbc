"""On Linux and macOS the data folder is the user's only (0700) and every file the trainer
keeps there (database, -wal, -shm, backups, station secret, side databases, log) is 0600,
whatever the umask; a folder an older trainer left 0755 is tightened at start."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import answer, new_round

from trainer import paths
from trainer.logging_setup import setup_logging, stop_logging
from trainer.storage import SCHEMA_VERSION, open_database
from trainer.storage.seal import SECRET_FILENAME

pytestmark = pytest.mark.skipif(os.name != "posix", reason="modes are POSIX (Windows: ACLs)")


@pytest.fixture(autouse=True)
def permissive_umask() -> Iterator[None]:
    """The usual 022: without the trainer's care files would be 0644 and folders 0755."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _modes(folder: Path) -> dict[str, int]:
    """Every file and folder under ``folder`` (relative name) with its mode."""
    found = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root) / name
            found[str(path.relative_to(folder))] = _mode(path)
    return found


def test_a_new_data_folder_is_made_0700(private_data_dir: Path) -> None:
    assert not private_data_dir.exists()
    assert paths.data_dir() == private_data_dir
    assert _mode(private_data_dir) == 0o700


def test_the_database_wal_shm_backups_and_secret_are_0600_in_0700_folders(
    private_data_dir: Path,
) -> None:
    with open_database() as db:  # backup_on_session: a session start makes a backup
        answer(db, new_round(db, db.create_trainee("Ana")))
        found = _modes(private_data_dir)
    for name in ("trainer.sqlite3", "trainer.sqlite3-wal", "trainer.sqlite3-shm",
                 SECRET_FILENAME, "backups"):
        assert name in found
    assert any(name.startswith("backups/trainer-") for name in found)
    for name, mode in found.items():
        expected = 0o700 if (private_data_dir / name).is_dir() else 0o600
        assert (name, oct(mode)) == (name, oct(expected))
    assert _mode(private_data_dir) == 0o700


def test_the_log_file_is_0600(private_data_dir: Path) -> None:
    path = setup_logging()
    try:
        assert path is not None and _mode(path) == 0o600
        assert _mode(path.parent) == 0o700
    finally:
        stop_logging()


def test_an_existing_open_folder_is_tightened_when_the_trainer_starts(
    private_data_dir: Path,
) -> None:
    """What a trainer before this one left: 0755 folders, 0644 files."""
    (private_data_dir / "backups").mkdir(parents=True)
    private_data_dir.chmod(0o755)
    (private_data_dir / "backups").chmod(0o755)
    for name in ("trainer.sqlite3", "settings.json", "backups/trainer-old.sqlite3"):
        (private_data_dir / name).write_bytes(b"")
        (private_data_dir / name).chmod(0o644)
    paths.data_dir()
    assert _mode(private_data_dir) == 0o700
    assert _modes(private_data_dir) == {
        "backups": 0o700,
        "trainer.sqlite3": 0o600,
        "settings.json": 0o600,
        "backups/trainer-old.sqlite3": 0o600,
    }


def test_a_side_database_goes_into_the_data_folders_side_folder_0600(
    private_data_dir: Path,
) -> None:
    """A newer trainer's file is left alone; the session is kept beside it, in side/,
    never in the shared temporary folder."""
    with open_database() as db:
        db.conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
                        " VALUES ('hhe-trainer', 'm999_coming_later', '2030-01-01')")
        db.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with open_database() as db:
        assert db.notice is not None and "newer version" in db.notice
        side = db.path
        answer(db, new_round(db, db.create_trainee("Ana")))
    assert side.parent == private_data_dir / "side"
    assert _mode(side.parent) == 0o700 and _mode(side) == 0o600
