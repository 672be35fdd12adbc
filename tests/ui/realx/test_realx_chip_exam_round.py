"""A whole round of an exam that requires chips, paid from the keyboard in the real window
(issue 22, items 3 and 6), at a laptop's 1366x768 and at 4K: Xvfb + openbox, keys through
xdotool, one chip dragged from the rack with the real pointer; screenshots saved to
``screenshots/`` to be looked at (the rack readable, the line and the stack beside the
wager, nothing cut off). The station's own Pay with chips is off: the set-up decides.

The round is tests/ui/realx/chip_exam_driver.py's EXAM_ROUND (worked by hand there):
seat 4 loses, its three wagers taken one by one; seat 1 wins, paid as one line: the
result, then two red, a green and a red, two red (the last two reds dragged)."""

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
def test_a_chip_exam_round_is_paid_from_the_keyboard(x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.chip_exam_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        places = json.loads(driver.stdout.readline())
        assert places["rack_visible"], "the exam requires chips: the rack is shown"
        x, y = places["rack_bottom_right"]
        assert x <= x_screen.width and y <= x_screen.height, "the rack runs off the screen"
        x_screen.activate(x_screen.wait_window("Ana Test"))
        size = f"{x_screen.width}x{x_screen.height}"
        for text in ("pair of nines 9d 9c Ah Kh Qh", "y", "4", "ace high", "l"):
            x_screen.type(text)
            x_screen.key("Return")
        wait_until(lambda: len(answers()) == 5, 20, "the five typed answers")
        x_screen.key("t", "t", "t")  # seat 4's ante, raise and odds, each taken
        wait_until(lambda: len(answers()) == 8, 20, "the three takes")
        x_screen.type("straight")
        x_screen.key("Return")
        wait_until(lambda: len(answers()) == 9, 20, "seat 1's hand")
        # Seat 1's line: the result, Space, then each payout a stack.
        x_screen.key("w", "space", "2", "3", "Right", "4", "space", "3", "Right")
        red = places["chips"]["5.00"]
        for _ in range(2):  # the odds' two reds dragged onto the table
            x_screen.pointer_to(*red)
            x_screen.xdotool("mousedown", "1")
            middle = ((red[0] + places["table_centre"][0]) // 2,
                      (red[1] + places["table_centre"][1]) // 2)
            x_screen.pointer_to(*middle)
            x_screen.pointer_to(*places["table_centre"])
            x_screen.xdotool("mouseup", "1")
        x_screen.screenshot(f"chip-exam-line-{size}")
        assert len(answers()) == 9, "nothing of the line is graded before Enter"
        x_screen.key("Return")
        wait_until(lambda: len(answers()) == 9 + 4 + 3, 20, "the line and its chip rows")
        kept = answers()
        assert kept[5:8] == [("seat-4-ante", "ante", "take $5.00", 1),
                             ("seat-4-raise", "raise", "take $10.00", 1),
                             ("seat-4-odds", "odds", "take $5.00", 1)]
        assert kept[9:] == [
            ("seat-1-result", "result", "win", 1),
            ("seat-1-ante", "ante", "2x$5", 1),
            ("seat-1-ante.chips", "chip_procedure", "2x$5", 1),
            ("seat-1-raise", "raise", "1x$25 + 1x$5", 1),
            ("seat-1-raise.chips", "chip_procedure", "1x$25 + 1x$5", 1),
            ("seat-1-odds", "odds_win", "2x$5", 1),
            ("seat-1-odds.chips", "chip_procedure", "2x$5", 1),
        ]
        x_screen.screenshot(f"chip-exam-end-{size}")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
