"""A ``station-secret.key`` holding garbage is never replaced silently: the old file is
kept aside under a new name (never deleted, never over another file), a new secret is
made, the person is told at start (once) and ``verify`` says why records cannot be
checked and names the file kept aside (issue 19, item 2)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import answer, new_round
from trainer.cli import main
from trainer.storage import open_database
from trainer.storage.seal import (
    SECRET_FILENAME,
    kept_aside,
    replacement_notice,
    station_secret,
)
from trainer.ui import app as app_module
from trainer.ui.first_run import WelcomeDialog

GARBAGE = b"this is not a hex secret\n"


def _station_with_an_answer(folder: Path) -> None:
    with open_database(backup_on_session=False) as db:
        answer(db, new_round(db, db.create_trainee("Ana")))
    assert (folder / SECRET_FILENAME).is_file()


def test_a_garbage_secret_is_kept_aside_and_the_replacement_is_told_once(
    tmp_path: Path,
) -> None:
    (tmp_path / SECRET_FILENAME).write_bytes(GARBAGE)
    secret = station_secret(tmp_path)
    assert secret.key is not None and secret.problem is None
    [aside] = kept_aside(tmp_path)
    assert aside.name.startswith(f"{SECRET_FILENAME}.damaged-")
    assert aside.read_bytes() == GARBAGE
    assert (tmp_path / SECRET_FILENAME).read_bytes() != GARBAGE
    told = replacement_notice(secret)
    assert told is not None
    assert "could not be read" in told and aside.name in told
    assert "cannot be checked" in told
    assert replacement_notice(secret) is None  # told once
    again = station_secret(tmp_path)  # the new secret reads: nothing more to tell
    assert again.key == secret.key and replacement_notice(again) is None


def test_a_file_kept_aside_earlier_in_the_same_second_is_never_overwritten(
    tmp_path: Path,
) -> None:
    for number in range(3):
        (tmp_path / SECRET_FILENAME).write_bytes(GARBAGE + bytes([65 + number]))
        station_secret(tmp_path)
    kept = sorted(p.read_bytes() for p in kept_aside(tmp_path))
    assert kept == [GARBAGE + b"A", GARBAGE + b"B", GARBAGE + b"C"]


def test_verify_says_an_unreadable_secret_and_changes_nothing(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    _station_with_an_answer(private_data_dir)
    (private_data_dir / SECRET_FILENAME).write_bytes(GARBAGE)
    assert main(["verify", "--data-folder", str(private_data_dir)]) == 3
    out = capsys.readouterr().out
    assert f"The station secret {private_data_dir / SECRET_FILENAME} is unreadable" in out
    assert (private_data_dir / SECRET_FILENAME).read_bytes() == GARBAGE  # left as it is
    assert kept_aside(private_data_dir) == []


def test_verify_after_a_replacement_names_the_secret_kept_aside(
    private_data_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    _station_with_an_answer(private_data_dir)
    (private_data_dir / SECRET_FILENAME).write_bytes(GARBAGE)
    open_database(backup_on_session=False).close()  # a start: replaced, kept aside
    [aside] = kept_aside(private_data_dir)
    assert main(["verify", "--data-folder", str(private_data_dir)]) == 3
    out = capsys.readouterr().out
    assert "2 records cannot be checked" in out  # the answer and Ana's (sealed) account
    assert aside.name in out


def test_the_window_start_tells_the_person_the_secret_was_replaced(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *a: shown.append((title, text)))
    monkeypatch.setattr(WelcomeDialog, "exec", lambda _d: int(QDialog.DialogCode.Rejected))
    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    private_data_dir.mkdir(parents=True)
    os.chmod(private_data_dir, 0o700)
    (private_data_dir / SECRET_FILENAME).write_bytes(GARBAGE)
    assert app_module.run_app() == 0
    [aside] = kept_aside(private_data_dir)
    [text] = [s for t, s in shown if t == "Station secret"]
    assert "could not be read" in text and aside.name in text
    shown.clear()
    assert app_module.run_app() == 0  # the next start has nothing to say
    assert [t for t, _ in shown if t == "Station secret"] == []
