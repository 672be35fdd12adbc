"""Run the round from the practice window's menu in the real window at a laptop's
1366x768 (issue 23, item 1): Xvfb + openbox, keys through xdotool; Ctrl+Shift+R opens the
mode for the signed-in trainee, whose whole round is run from the keyboard (A/R, the seat
keys, D, B, X and each settlement answer typed then Enter) from the first wager to the
cleared table, every step kept right as their answers. The screenshots are saved to
``screenshots/`` to be looked at (the window inside the screen, the table, the step's
prompt and buttons, the pace at the end readable, nothing cut off)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, XScreen, stop

from tests.ui.realx.test_realx_procedure_keys import run_the_round_by_keys


@pytest.mark.parametrize("x_screen", ["1366x768"], indirect=True)
def test_a_whole_round_is_run_from_the_game_menu(x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.procedure_menu_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        presses = json.loads(driver.stdout.readline())
        practice = x_screen.wait_window("Ana Test")
        x_screen.activate(practice)
        x_screen.key("ctrl+shift+r")
        window = x_screen.wait_window("Run the round")
        x_screen.activate(window)
        # maximized on the laptop's screen, as the practice window is (the fit tests check
        # that one inside the screen; xdotool reports a client area below the title bar)
        assert x_screen.geometry(window) == x_screen.geometry(practice), (
            x_screen.geometry(window), x_screen.geometry(practice))
        run_the_round_by_keys(x_screen, presses, "procedure-menu")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
