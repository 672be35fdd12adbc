"""Spot the dealer's mistake from the keyboard in the real window at a laptop's 1366x768
(issue 23, item 2): Xvfb + openbox, keys through xdotool; Ctrl+Shift+M opens the mode from
the practice window, Down to seat 6's Trips Plus, its right payout typed and marked, Ctrl+
Enter grades it, and the marks are the signed-in trainee's answers. The screenshot is
saved to ``screenshots/`` to be looked at (the list, the mark and the explanation
readable beside the table, nothing cut off)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, XScreen, stop, wait_until

from trainer.paths import data_dir


def answers() -> list[tuple[str, str, str, str | None, int]]:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return connection.execute(
            "SELECT question_id, kind, skill, given, correct FROM answers ORDER BY id"
        ).fetchall()


@pytest.mark.parametrize("x_screen", ["1366x768"], indirect=True)
def test_a_dealers_mistake_is_found_and_corrected_from_the_keyboard(
        x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.mistakes_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        rows_down = json.loads(driver.stdout.readline())["rows_down"]
        x_screen.activate(x_screen.wait_window("Ana Test"))
        x_screen.key("ctrl+shift+m")
        spot = x_screen.wait_window("Spot the dealer's mistake")
        x_screen.activate(spot)
        # maximized on the laptop's screen, as the practice window is (the fit tests check
        # that one inside the screen; xdotool reports a client area below the title bar)
        assert x_screen.geometry(spot) == x_screen.geometry(x_screen.wait_window("Ana Test"))
        for _ in range(rows_down):
            x_screen.key("Down")
        x_screen.type("seven")  # not an amount: said under the field, nothing marked
        x_screen.key("Return")
        x_screen.key("ctrl+a", "BackSpace")
        x_screen.type("35")
        x_screen.key("Return")
        x_screen.key("ctrl+Return")
        wait_until(lambda: len(answers()) == 2, 20, "the graded marks kept")
        assert answers() == [
            ("mistake.seat-6-trips-plus", "mistake", "spot_mistakes", "marked: $35.00", 1),
            ("mistake.seat-6-trips-plus.correction", "mistake", "correct_mistakes",
             "$35.00", 1)]
        x_screen.screenshot("mistakes-found-1366x768")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()


@pytest.mark.parametrize("x_screen", ["1366x768", "4k"], indirect=True)
def test_with_chips_the_dealers_chips_are_on_the_felt_and_a_missed_one_is_kept_wrong(
        x_screen: XScreen, tmp_path: Path) -> None:
    """Chip mode: the felt shows the dealer's chips (looked at on the screenshots); seat
    4's converted ante chosen from the keyboard (its PAID plate), Done with no mark: the
    mistake is missed, kept as a wrong answer on that spot."""
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.mistakes_driver", "--chips"],
            cwd=REPO_ROOT, env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        rows_down = json.loads(driver.stdout.readline())["rows_down"]
        x_screen.activate(x_screen.wait_window("Ana Test"))
        x_screen.key("ctrl+shift+m")
        spot = x_screen.wait_window("Spot the dealer's mistake")
        x_screen.activate(spot)
        for _ in range(rows_down):
            x_screen.key("Down")
        x_screen.screenshot(f"mistakes-chips-chosen-{x_screen.width}x{x_screen.height}")
        x_screen.key("ctrl+Return")
        wait_until(lambda: any(row[0] == "mistake.seat-4-ante" for row in answers()), 20,
                   "the graded round kept")
        missed = [row for row in answers() if row[0] == "mistake.seat-4-ante"]
        assert [(row[2], row[4]) for row in missed] == [("spot_mistakes", 0)]
        x_screen.screenshot(f"mistakes-chips-done-{x_screen.width}x{x_screen.height}")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
