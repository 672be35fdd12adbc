"""The start of the app: site file applied, a bad one reported, logging in the data folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from trainer.storage import open_database
from trainer.storage.passwords import hash_password
from trainer.ui import app as app_module
from trainer.ui.first_run import WelcomeDialog


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "warning", lambda _parent, title, text, *a: shown.append((title, text))
    )
    return shown


@pytest.fixture
def welcomed(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The welcome is shown and cancelled; each time, whether it asked for an instructor."""
    seen: list[bool] = []

    def cancel(dialog: WelcomeDialog) -> int:
        seen.append(dialog.needs_instructor)
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(WelcomeDialog, "exec", cancel)
    return seen


def test_a_first_start_applies_the_site_file_and_logs_in_the_data_folder(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    private_data_dir: Path,
    warnings: list[tuple[str, str]],
    welcomed: list[bool],
) -> None:
    site = tmp_path / "site.toml"
    site.write_text(
        "[exam]\nname = 'Audition'\nrounds = 12\npass_mark = 85\n\n"
        f"[instructor]\nname = 'Pat Lee'\npassword_hash = '{hash_password('correct horse')}'\n",
        "utf-8",
    )
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    assert app_module.run_app() == 0
    assert warnings == []
    assert welcomed == [False]  # the site's instructor exists: not asked for
    with open_database() as db:
        assert db.list_instructors() == ["Pat Lee"]
        assert [c.name for c in db.list_exam_configs()] == ["Audition"]
    log = (private_data_dir / "logs" / "hhe-trainer.log").read_text("utf-8")
    assert f"Site file {site}" in log


def test_a_bad_site_file_is_shown_by_key_and_the_app_still_starts(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    warnings: list[tuple[str, str]],
    welcomed: list[bool],
) -> None:
    site = tmp_path / "site.toml"
    site.write_text("[exam]\nrounds = 'twenty'\npass_mark = 85\n", "utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    assert app_module.run_app() == 0
    ((title, text),) = warnings
    assert title == "Training-room site file"
    assert "line 2, exam.rounds" in text and "defaults are in force" in text
    assert len(welcomed) == 1  # it went on to the welcome
