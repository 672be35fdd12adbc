"""The real trainer killed by a native crash: the log has the stack, the next start says so."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

from realx_support import XScreen, dealer_hand_typed, start_trainer, stop, wait_until

from trainer.logging_setup import log_path
from trainer.paths import data_dir, reports_dir
from trainer.storage.database import open_database


def answers_stored() -> int:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT count(*) FROM answers").fetchone()[0])


def test_crashed_trainer_is_reported_at_the_next_start_with_its_answers_kept(
        x_screen: XScreen, tmp_path: Path) -> None:
    db = open_database()
    db.create_trainee("Ana Test")
    db.close()
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.wait_window("Who is training")
        x_screen.key("Return")
        x_screen.wait_window("Ana Test")
        x_screen.type(dealer_hand_typed())
        x_screen.key("Return")
        wait_until(lambda: answers_stored() == 1, 20, "the answer to be stored")
        trainer.send_signal(signal.SIGSEGV)  # as a fault inside Qt would
        assert trainer.wait(20) == -signal.SIGSEGV
    finally:
        stop(trainer)
    assert "Fatal Python error: Segmentation fault" in log_path().read_text("utf-8")

    again = start_trainer(x_screen, tmp_path)
    try:
        notice = x_screen.wait_window("stopped unexpectedly")
        x_screen.screenshot("unexpected-stop-notice")
        x_screen.activate(notice)
        x_screen.key("Return")
        x_screen.wait_window("Who is training")
        reports = list(reports_dir().glob("crash-*-unexpected*.txt"))
        assert len(reports) == 1
        assert "Segmentation fault" in reports[0].read_text("utf-8")
        assert answers_stored() == 1
    finally:
        stop(again)
