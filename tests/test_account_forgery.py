"""Issue 21's attack 6 (a PIN cleared or swapped, a sign-in failures row deleted) and
attack 1 (an instructor's password hash swapped), made as a trainee with the station's
account makes them: sqlite3 on the data folder, the trainer's own ``hash_password`` and
``hash_pin``. Accounts are sealed, so each reads ALTERED in ``hhe-trainer verify`` and
the account is refused at sign-in with a sentence."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.storage.storage_support import T0
from trainer.cli import VERIFY_ALTERED, VERIFY_VALID, main
from trainer.storage import StorageError, open_database
from trainer.storage.accounts import FREE_TRIES, delay_after
from trainer.storage.database import DEFAULT_FILENAME
from trainer.storage.passwords import hash_password, hash_pin
from trainer.storage.schema import MIGRATION_NAMES, MIGRATIONS

PASSWORD = "correct horse battery"
CHOSEN = "the trainee's own choice"
ANA_PIN = "471147"
BEN_PIN = "902211"


@pytest.fixture
def station(private_data_dir: Path) -> dict[str, int]:
    """Pat the instructor; Ana and Ben, each with a PIN of their own."""
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Pat", PASSWORD)
        ana = db.create_trainee("Ana", at=T0)
        ben = db.create_trainee("Ben", at=T0)
        db.set_trainee_pin(ana, ANA_PIN)
        db.set_trainee_pin(ben, BEN_PIN)
    return {"ana": ana, "ben": ben}


def _sql(folder: Path, *statements: str) -> None:
    """What the trainee types into sqlite3."""
    conn = sqlite3.connect(folder / DEFAULT_FILENAME)
    with conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()


def _verify_all(capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    result = main(["verify"])
    return result, capsys.readouterr().out


def test_untouched_accounts_verify_valid(
    station: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    result, out = _verify_all(capsys)
    assert result == VERIFY_VALID
    assert "1 instructors, 2 trainees, 0 sign in failures" in out


def test_attack_1_an_instructors_password_hash_swapped_reads_altered_and_cannot_sign_in(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir,
         f"UPDATE instructors SET password_hash = '{hash_password(CHOSEN)}' WHERE name = 'Pat'")
    with open_database() as db:
        attempt = db.check_instructor("Pat", CHOSEN)
        assert not attempt.accepted and not attempt.checked
        assert attempt.refusal is not None
        assert attempt.refusal.startswith(
            "The account of instructor Pat was changed outside the trainer")
        assert "hhe-trainer instructor reset" in attempt.refusal
        with pytest.raises(StorageError, match="password: The account of instructor Pat"):
            db.instructor_public_key("Pat", CHOSEN)
    result, out = _verify_all(capsys)
    assert result == VERIFY_ALTERED
    assert ("ALTERED: instructor 'Pat' was changed, added or removed outside the trainer"
            in out)


def test_its_reset_puts_an_altered_instructor_right(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir,
         f"UPDATE instructors SET password_hash = '{hash_password(CHOSEN)}'")
    with open_database() as db:
        db.reset_instructor_password("Pat", "a new one from IT")
        assert db.check_instructor("Pat", "a new one from IT").accepted
        assert not db.check_instructor("Pat", CHOSEN).accepted
    assert _verify_all(capsys)[0] == VERIFY_VALID


def test_an_instructor_added_with_sqlite_reads_altered(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir,
         "INSERT INTO instructors (name, password_hash, created) VALUES"
         f" ('Eve', '{hash_password(CHOSEN)}', '2026-03-02T15:00:00+00:00')")
    with open_database() as db:
        attempt = db.check_instructor("Eve", CHOSEN)
        assert not attempt.accepted and attempt.refusal is not None
        assert db.check_instructor("Pat", PASSWORD).accepted  # Pat is untouched
    result, out = _verify_all(capsys)
    assert result == VERIFY_ALTERED
    assert "ALTERED: instructor 'Eve' was changed, added or removed" in out


def test_attack_6_a_pin_cleared_reads_altered_and_the_trainee_cannot_go_on_without_it(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir, "UPDATE trainees SET pin_hash = NULL WHERE name = 'Ana'")
    ana = station["ana"]
    with open_database() as db:
        problem = db.trainee_account_problem(ana)
        assert problem is not None and problem.startswith(
            "The account of Ana was changed outside the trainer")
        assert db.trainee_account_problem(station["ben"]) is None
        # choosing a new PIN for the cleared account (the sign-in's "choose" step) is refused
        with pytest.raises(StorageError, match="pin: The account of Ana was changed"):
            db.set_trainee_pin(ana, "123456")
    result, out = _verify_all(capsys)
    assert result == VERIFY_ALTERED
    assert "ALTERED: trainee 'Ana' was changed, added or removed outside the trainer" in out


def test_an_instructors_pin_reset_puts_an_altered_trainee_right(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir, "UPDATE trainees SET pin_hash = NULL WHERE name = 'Ana'")
    ana = station["ana"]
    with open_database() as db:
        db.set_trainee_pin(ana, "654321", by_instructor=True)
        assert db.trainee_account_problem(ana) is None
        assert db.check_trainee_pin(ana, "654321", at=T0).accepted
    assert _verify_all(capsys)[0] == VERIFY_VALID


def test_attack_6_a_pin_hash_swapped_for_a_known_one_is_refused(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ben gives Ana's account his own PIN's hash (copied, and made anew with hash_pin)."""
    for stolen in ("(SELECT pin_hash FROM trainees WHERE name = 'Ben')",
                   f"'{hash_pin(BEN_PIN)}'"):
        _sql(private_data_dir, f"UPDATE trainees SET pin_hash = {stolen} WHERE name = 'Ana'")
        with open_database() as db:
            attempt = db.check_trainee_pin(station["ana"], BEN_PIN, at=T0)
            assert not attempt.accepted and not attempt.checked
            assert attempt.refusal is not None and "Ana" in attempt.refusal
            assert db.check_trainee_pin(station["ben"], BEN_PIN, at=T0).accepted
        result, out = _verify_all(capsys)
        assert result == VERIFY_ALTERED
        assert "ALTERED: trainee 'Ana'" in out
        assert "trainee 'Ben'" not in out


def test_attack_6_deleting_the_failures_row_does_not_reset_the_wait(
    station: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ana = station["ana"]
    tries = FREE_TRIES + 3
    with open_database() as db:
        for minute in range(tries):  # a minute apart: each wait is over, each try counts
            db.check_trainee_pin(ana, "000000", at=T0 + timedelta(minutes=minute))
        last = T0 + timedelta(minutes=tries - 1)
        assert delay_after(tries) == 4  # 3 free tries, then 1, 2, 4 s
        assert db.check_trainee_pin(ana, ANA_PIN, at=last).wait_seconds == 4
    _sql(private_data_dir, "DELETE FROM sign_in_failures")
    with open_database() as db:
        attempt = db.check_trainee_pin(ana, ANA_PIN, at=last + timedelta(seconds=1))
        assert not attempt.accepted and attempt.refusal is not None
        assert "count of wrong tries" in attempt.refusal
    result, out = _verify_all(capsys)
    assert result == VERIFY_ALTERED
    assert ("ALTERED: the record of wrong sign-in tries of trainee 'Ana' was changed, added"
            " or removed outside the trainer") in out


def test_lowering_the_failures_count_reads_altered_for_an_instructor_too(
    station: dict[str, int], private_data_dir: Path
) -> None:
    with open_database() as db:
        for _ in range(FREE_TRIES + 2):
            db.check_instructor("Pat", "not the password", at=T0)
    _sql(private_data_dir, "UPDATE sign_in_failures SET failures = 1")
    with open_database() as db:
        attempt = db.check_instructor("Pat", PASSWORD, at=T0)
        assert not attempt.accepted and attempt.refusal is not None
        assert attempt.refusal.startswith("The account of instructor Pat")


def test_the_trainers_own_changes_keep_accounts_valid(
    station: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    """Wrong tries counted and cleared, a PIN changed, removed, a password changed, an
    instructor added and removed, an employee id: all through the trainer, all valid."""
    ana, ben = station["ana"], station["ben"]
    with open_database() as db:
        for _ in range(FREE_TRIES + 1):
            db.check_trainee_pin(ana, "000000", at=T0)
            db.check_instructor("Pat", "wrong password", at=T0)
            db.check_instructor("Nobody", "wrong password", at=T0)
        later = T0 + timedelta(minutes=5)
        assert db.check_trainee_pin(ana, ANA_PIN, at=later).accepted
        assert db.check_instructor("Pat", PASSWORD, at=later).accepted
        db.set_trainee_pin(ben, "111222")
        db.remove_trainee_pin(ana)
        assert db.change_instructor_password("Pat", PASSWORD, "another password", at=later
                                             ).accepted
        db.create_instructor("Sam", "sams password")
        db.remove_instructor("Sam", signed_in="Pat")
        db.set_employee_id(ben, "E-104")
        assert db.check_trainee_pin(ben, "111222", at=later).accepted
    result, out = _verify_all(capsys)
    assert result == VERIFY_VALID, out


def _schema_8_file(path: Path) -> None:
    """A file as the trainer before accounts were sealed wrote it."""
    conn = sqlite3.connect(path, isolation_level=None)
    database = Database(conn)
    MIGRATIONS.apply(database, stop_before=MIGRATION_NAMES[8])
    conn.execute("INSERT INTO instructors (name, password_hash, created) VALUES"
                 " ('Pat', ?, '2026-03-01T09:00:00+00:00')", (hash_password(PASSWORD),))
    conn.execute("INSERT INTO trainees (uid, name, created, pin_hash) VALUES"
                 " ('t1', 'Ana', '2026-03-01T09:00:00+00:00', ?)", (hash_pin(ANA_PIN),))
    conn.execute("INSERT INTO sign_in_failures (who, failures, last_failure) VALUES"
                 " ('trainee:t1', 2, '2026-03-01T09:05:00+00:00')")
    database.close()


def test_accounts_of_an_older_file_are_sealed_when_it_is_upgraded(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    private_data_dir.mkdir(parents=True)
    path = private_data_dir / DEFAULT_FILENAME
    _schema_8_file(path)
    with open_database() as db:
        assert db.schema_version == 9
        ana = db.list_trainees()[0].id
        assert db.check_instructor("Pat", PASSWORD, at=T0).accepted
        assert db.check_trainee_pin(ana, ANA_PIN, at=T0).accepted
    assert _verify_all(capsys)[0] == VERIFY_VALID
    _sql(private_data_dir, "UPDATE trainees SET pin_hash = NULL")
    result, out = _verify_all(capsys)
    assert result == VERIFY_ALTERED and "ALTERED: trainee 'Ana'" in out


def test_a_whole_data_folder_put_back_from_a_copy_is_not_seen_by_the_station_itself(
    station: dict[str, int], private_data_dir: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """The limit of one station (docs/installing.md's trust table): the database and its
    secret copied before six wrong PINs and put back after read valid, and the wait is
    gone. Seals and sealed accounts roll back with the folder; only a room database, which
    holds what the station sent, can tell (its exams_one_attempt index and the outbox's
    marks)."""
    copy = tmp_path / "copy"
    shutil.copytree(private_data_dir, copy)
    ana = station["ana"]
    with open_database() as db:
        for minute in range(FREE_TRIES + 3):
            db.check_trainee_pin(ana, "000000", at=T0 + timedelta(minutes=minute))
        assert db.check_trainee_pin(ana, ANA_PIN, at=T0 + timedelta(minutes=5)).wait_seconds
    shutil.rmtree(private_data_dir)
    shutil.copytree(copy, private_data_dir)
    assert _verify_all(capsys)[0] == VERIFY_VALID
    with open_database() as db:
        assert db.check_trainee_pin(ana, ANA_PIN, at=T0 + timedelta(minutes=5)).accepted


def test_a_table_of_accounts_put_back_with_its_sealed_roster_from_an_earlier_copy_reads_valid(
    station: dict[str, int], private_data_dir: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """A rollback of part of the database (docs/installing.md's trust table): the
    ``sign_in_failures`` rows and their sealed roster (``meta``'s
    ``account_seal:sign_in_failures``) copied from before six wrong PINs and put back,
    with sqlite3 alone (no secret needed). The roster's stamp covers its own entries,
    not the moment, so the older table and roster agree: valid, and the wait is gone."""
    copy = tmp_path / "earlier.sqlite3"
    shutil.copyfile(private_data_dir / DEFAULT_FILENAME, copy)
    ana = station["ana"]
    with open_database() as db:
        for minute in range(FREE_TRIES + 3):
            db.check_trainee_pin(ana, "000000", at=T0 + timedelta(minutes=minute))
        assert db.check_trainee_pin(ana, ANA_PIN, at=T0 + timedelta(minutes=5)).wait_seconds
    conn = sqlite3.connect(private_data_dir / DEFAULT_FILENAME)
    conn.execute("ATTACH DATABASE ? AS earlier", (str(copy),))
    assert conn.execute("SELECT count(*) FROM earlier.meta"
                        " WHERE key = 'account_seal:sign_in_failures'").fetchone() == (1,)
    with conn:
        conn.execute("DELETE FROM sign_in_failures")
        conn.execute("INSERT INTO sign_in_failures SELECT * FROM earlier.sign_in_failures")
        conn.execute("DELETE FROM meta WHERE key = 'account_seal:sign_in_failures'")
        conn.execute("INSERT INTO meta SELECT * FROM earlier.meta"
                     " WHERE key = 'account_seal:sign_in_failures'")
    conn.execute("DETACH DATABASE earlier")
    conn.close()
    assert _verify_all(capsys)[0] == VERIFY_VALID
    with open_database() as db:
        assert db.check_trainee_pin(ana, ANA_PIN, at=T0 + timedelta(minutes=5)).accepted
