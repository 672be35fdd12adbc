"""The settlement on the real table at the end of a round (Xvfb + openbox, xdotool).

The practice window deals the settle contract's round (tests/ui/realx/table_driver.py);
the round is answered through the keyboard as a trainee types it, and the screen is
saved once the table shows the whole settlement (issue 12), at a laptop's 1366x768
and at 1080p, to be looked at: the five that play in gold, seat 2's wagers taken,
seat 6's ante and odds pushed, its raise paid $30 (green plaques) and its Pocket Bonus $150 beside
the stakes.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, XScreen, stop, wait_until

from trainer.paths import data_dir

ANSWERS = [
    "high card As Kd Qs Jd 9c", "n", "2", "t", "t", "t",
    "one pair", "w", "p", "30", "p", "t", "150",
]
"""The round worked by hand from docs/rules.md (see tests/ui/test_table_settlement.py)."""


def answers_stored() -> list[tuple[str, int]]:
    path = data_dir() / "trainer.sqlite3"
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            return connection.execute(
                "SELECT question_id, correct FROM answers ORDER BY id").fetchall()
    except sqlite3.OperationalError:  # the database is not created yet
        return []


@pytest.mark.parametrize("x_screen", ["1366x768", "1080p"], indirect=True)
def test_the_round_ends_with_its_settlement_on_the_table(
        x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.table_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        json.loads(driver.stdout.readline())  # the window is up with the round dealt
        x_screen.activate(x_screen.wait_window("Ana Test"))
        for count, text in enumerate(ANSWERS, start=1):
            x_screen.type(text)
            x_screen.key("Return")
            wait_until(lambda n=count: len(answers_stored()) == n, 20,  # type: ignore[misc]
                       f"answer {count} ({text!r}) to be graded")
        assert all(correct for _, correct in answers_stored()), answers_stored()
        size = "" if x_screen.width == 1920 else f"-{x_screen.width}x{x_screen.height}"
        x_screen.screenshot(f"settlement-shown{size}")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
