"""Keys a trainee presses in the real window (Xvfb + openbox, xdotool)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from realx_support import XScreen, start_trainer, stop, wait_until

from trainer.paths import data_dir
from trainer.storage.database import open_database


def rounds_stored() -> int:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT count(*) FROM rounds").fetchone()[0])


def test_ctrl_n_deals_the_next_hand(x_screen: XScreen, tmp_path: Path) -> None:
    """Bound once (the Game menu's Next hand): it was bound twice and did nothing."""
    db = open_database()
    db.create_trainee("Ana Test")
    db.close()
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.wait_window("Who is training")
        x_screen.key("Return")
        main = x_screen.wait_window("Ana Test")
        wait_until(lambda: rounds_stored() == 1, 20, "the first hand")
        x_screen.activate(main)
        x_screen.key("ctrl+n")
        wait_until(lambda: rounds_stored() == 2, 20, "Ctrl+N to deal the next hand")
        x_screen.key("ctrl+n")
        wait_until(lambda: rounds_stored() == 3, 20, "Ctrl+N to deal again")
        assert trainer.poll() is None
    finally:
        stop(trainer)
