"""``hhe-trainer verify`` only reads: on a newer trainer's database, another program's
SQLite file, an earlier trainer's or a good one, the data folder is left byte for byte
with the same files in it (no ``side/`` database, no upgrade, no secret, no -wal/-shm),
and a file that cannot be checked exits 3, its documented code (issue 19, item 3)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.storage.storage_support import answer, new_round
from trainer.cli import VERIFY_UNCHECKABLE, VERIFY_VALID, main
from trainer.storage import SCHEMA_VERSION, open_database
from trainer.storage.seal import SECRET_FILENAME


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative name) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def folder(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A station's data folder holding Ana's answer (closed: no -wal beside it)."""
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    with open_database(backup_on_session=False) as db:
        answer(db, new_round(db, db.create_trainee("Ana")))
    assert (private_data_dir / "trainer.sqlite3").is_file()
    assert (private_data_dir / SECRET_FILENAME).is_file()
    return private_data_dir


def _sql(folder: Path, *statements: str) -> None:
    conn = sqlite3.connect(folder / "trainer.sqlite3", isolation_level=None)
    for statement in statements:
        conn.execute(statement)
    conn.close()


def _verify_twice(folder: Path) -> list[int]:
    before = _snapshot(folder)
    codes = [main(["verify", "--data-folder", str(folder)]) for _ in range(2)]
    assert _snapshot(folder) == before  # same names, same bytes
    assert not (folder / "side").exists()
    return codes


def test_verify_of_a_newer_trainers_database_writes_nothing_and_exits_3(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(folder, "BEGIN",
         "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
         " VALUES ('hhe-trainer', 'm999_coming_later', '2030-01-01')",
         f"PRAGMA user_version = {SCHEMA_VERSION + 1}", "COMMIT")
    assert _verify_twice(folder) == [VERIFY_UNCHECKABLE] * 2 == [3, 3]
    err = capsys.readouterr().err
    assert "was written by a newer version of the trainer" in err
    assert f"schema {SCHEMA_VERSION + 1}" in err and "cannot be checked here" in err


def test_verify_of_another_programs_sqlite_file_writes_nothing_and_exits_3(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    private_data_dir.mkdir(parents=True)
    conn = sqlite3.connect(private_data_dir / "trainer.sqlite3", isolation_level=None)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total TEXT)")
    conn.execute("INSERT INTO invoices (total) VALUES ('12.50')")
    conn.close()
    assert _verify_twice(private_data_dir) == [3, 3]
    err = capsys.readouterr().err
    assert "is not a trainer database: it holds another program's tables (invoices)" in err
    assert not (private_data_dir / SECRET_FILENAME).exists()  # no secret made either


def test_verify_of_a_good_database_writes_nothing_and_exits_0(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _verify_twice(folder) == [VERIFY_VALID] * 2 == [0, 0]
    assert "Record: valid" in capsys.readouterr().out


def test_verify_while_the_trainer_has_it_open_reads_the_wal_and_leaves_it(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_database(backup_on_session=False) as db:
        answer(db, new_round(db, db.create_trainee("Bea")))  # in the WAL only
        wal = Path(f"{db.path}-wal")
        assert wal.stat().st_size > 0
        assert main(["verify", "--data-folder", str(folder)]) == 0
        assert wal.exists() and wal.stat().st_size > 0
        assert "Checked 2 answers" in capsys.readouterr().out
