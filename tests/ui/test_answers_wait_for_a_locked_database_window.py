"""Issue 19, item 5, in the window: answers given while another program keeps the
database locked are counted in the status bar, retried by a timer and written in order
when the lock goes; no "Progress not saved", and the session goes on being recorded.
At the end, what still waits is kept in a side file and said."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE, type_answer
from trainer.engine.round import parse_round
from trainer.site_config import SiteConfig
from trainer.storage.database import TrainerDB, open_database
from trainer.training.session import TrainingSettings
from trainer.ui.app import finish_session
from trainer.ui.main_window import MainWindow

ANSWERS = ["high card As Kd Qs Jd 9c", "n", "2", "t", "t"]
"""The settle contract's example round, answered rightly (tests/ui/test_progress_recording)."""
STORED = ["high card: As Kd Qs Jd 9c", "no", "seat 2", "take $5.00", "take $5.00"]
"""The same answers as the database keeps them: seat 2 folded, its $5 ante and $5 blind
are taken."""


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3", busy_timeout=0.2)
    yield database
    database.close()


def given_on_disk(path: Path) -> list[str]:
    with sqlite3.connect(path) as other:
        rows = other.execute("SELECT given FROM answers ORDER BY id").fetchall()
    other.close()
    return [row[0] for row in rows]


def hold_the_lock(path: Path) -> sqlite3.Connection:
    """Another connection (as another program would) holding BEGIN EXCLUSIVE."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_answers_wait_said_in_the_status_bar_and_are_written_when_the_lock_goes(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    refused: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: refused.append(str(args[1])))
    trainee = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    notice = window.waiting_notice
    assert notice is not None and not notice.label.isVisible()
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    type_answer(qtbot, window, ANSWERS[0])
    holder = hold_the_lock(db.path)
    try:
        for text in ANSWERS[1:4]:
            type_answer(qtbot, window, text)
        assert refused == []  # no "Progress not saved"
        assert window.recorder is not None  # still recording
        notice.tick()  # what the timer does each second: a retry, still locked
        assert notice.label.isVisible()
        assert notice.label.text().startswith(
            "The database is busy (locked by another program): 3 answers waiting, retrying.")
        window.grab().save("/tmp/waiting-notice-1366.png")
        assert given_on_disk(db.path) == STORED[:1]
    finally:
        holder.execute("COMMIT")
        holder.close()
    qtbot.waitUntil(lambda: not notice.label.isVisible(), timeout=5000)  # the timer's retry
    assert "3 waiting writes written, in order" in window.statusBar().currentMessage()
    type_answer(qtbot, window, ANSWERS[4])  # written at once again
    assert given_on_disk(db.path) == STORED
    window.close()


def test_answers_still_waiting_at_the_end_are_kept_in_a_side_file_and_said(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("trainer.storage.waiting.FINISH_WAIT", 0.3)
    monkeypatch.setattr("trainer.ui.app.save_settings", lambda _settings: None)
    trainee = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    holder = hold_the_lock(db.path)
    try:
        type_answer(qtbot, window, ANSWERS[0])
        type_answer(qtbot, window, ANSWERS[1])
        window.close()  # the session's end waits behind the two answers
        problems = finish_session(window, db, SiteConfig())
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert [title for title, _ in problems] == ["Answers waiting"]
    sentence = problems[0][1]
    (side,) = (db.path.parent / "side").glob("station.waiting-*.json")
    assert sentence.startswith("2 answers and 1 session end could not be written")
    assert str(side) in sentence
    assert given_on_disk(db.path) == []
