"""A payout paid in chips from the keyboard in the real window (issue 22, item 3), at a
laptop's 1366x768 and at 4K: Xvfb + openbox, keys through xdotool, screenshots saved to
``screenshots/`` to be looked at (the rack readable, nothing cut off)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, XScreen, stop, wait_until

from trainer.paths import data_dir


def answers() -> list[tuple[str, str, str | None, int]]:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return connection.execute(
            "SELECT question_id, skill, given, correct FROM answers ORDER BY id").fetchall()


@pytest.mark.parametrize("x_screen", ["1366x768", "4k"], indirect=True)
def test_the_odds_payout_is_built_and_paid_from_the_keyboard(
        x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.chip_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        places = json.loads(driver.stdout.readline())
        x, y = places["rack_bottom_right"]
        assert x <= x_screen.width and y <= x_screen.height, "the rack runs off the screen"
        x_screen.activate(x_screen.wait_window("Ana Test"))
        for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose"):
            x_screen.type(text)
            x_screen.key("Return")
        wait_until(lambda: len(answers()) == 4, 20, "the four typed answers")
        x_screen.key("t")  # the ante is taken
        x_screen.key("t")  # the raise is taken
        wait_until(lambda: len(answers()) == 6, 20, "the two takes")
        # Eight of the third chip ($5): colour for colour, two reds at 4 to 1 = 8 reds.
        # A slip first: one $1 chip, then Backspace takes it back.
        x_screen.key("1", "BackSpace", "8", "3")
        x_screen.screenshot(f"chip-payout-{x_screen.width}x{x_screen.height}")
        x_screen.key("Return")
        wait_until(lambda: len(answers()) == 8, 20, "the payout and its chip procedure")
        kept = answers()
        assert kept[4:6] == [("seat-3-ante", "ante", "take $10.00", 1),
                             ("seat-3-raise", "raise", "take $10.00", 1)]
        assert kept[6] == ("seat-3-odds", "bad_beat", "8x$5", 1)
        assert kept[7] == ("seat-3-odds.chips", "chip_procedure", "8x$5", 1)
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
