"""The end of a session: each step is tried whatever the others did (issue 10, item 13)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from trainer.site_config import SiteConfig
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.app import finish_session
from trainer.ui.main_window import MainWindow


def test_failed_settings_save_still_exports_results_and_closes_the_database(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """save_settings never raises (its own tests make it fail for real); here it reports a
    failure as it would on a full disk, and the end of the session carries on."""
    db = open_database()
    trainee = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(seed=1, sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    monkeypatch.setattr("trainer.ui.app.save_settings",
                        lambda _settings: "Your settings could not be saved (disk full).")
    results = tmp_path / "results"
    results.mkdir()
    window.close()  # as at the end of run_app: the window has closed
    problems = finish_session(window, db, SiteConfig(results_folder=results))
    assert [title for title, _ in problems] == ["Settings"]
    assert problems[0][1] == "Your settings could not be saved (disk full)."
    assert list(results.iterdir()), "the station's results were not exported"
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        db.conn.execute("SELECT 1")
