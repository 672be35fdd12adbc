"""Run the round from the keyboard in the real window at a laptop's 1366x768 (issue 23,
item 1): Xvfb + openbox, keys through xdotool; a whole round from the first wager to the
cleared table (A/R, the seat keys, D, B, X, and each settlement answer typed then Enter),
every step kept right as the signed-in trainee's answers, and the round's pace said at the
end. The screenshots are saved to ``screenshots/`` to be looked at (the table, the step's
prompt and buttons, the feedback readable, nothing cut off)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from realx_support import REPO_ROOT, XScreen, stop, wait_until

from trainer.paths import data_dir


def answers() -> list[tuple[str, str, int]]:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return connection.execute(
            "SELECT question_id, skill, correct FROM answers ORDER BY id").fetchall()


def run_the_round_by_keys(x_screen: XScreen, presses: list[list[str]], shots: str) -> None:
    """Press ``presses`` (``["key", name]`` or ``["type", text]`` then Enter) in the
    focused Run the round window, waiting for each step's answer to be kept before the
    next key; then every step is kept, right, under the skill "procedure". Screenshots
    ``<shots>-mid-round-1366x768`` and ``<shots>-round-over-1366x768``."""
    for index, (how, what) in enumerate(presses):
        if how == "key":
            x_screen.key(what)
        else:
            x_screen.type(what)
            x_screen.key("Return")
        # each answer is kept as it is given: wait for it before the next key
        wait_until(lambda n=index + 1: len(answers()) >= n, 20,
                   f"step {index + 1}'s answer kept")
        if index == 20:
            x_screen.screenshot(f"{shots}-mid-round-1366x768")
    kept = answers()
    assert len(kept) == len(presses)
    assert [row for row in kept if not row[2]] == []  # every step right
    steps = [row for row in kept if row[0].startswith("procedure.")]
    assert steps and {row[1] for row in steps} == {"procedure"}
    x_screen.screenshot(f"{shots}-round-over-1366x768")


@pytest.mark.parametrize("x_screen", ["1366x768"], indirect=True)
def test_a_whole_round_is_run_from_the_keyboard(x_screen: XScreen, tmp_path: Path) -> None:
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.procedure_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        presses = json.loads(driver.stdout.readline())
        window = x_screen.wait_window("Run the round")
        x_screen.activate(window)
        run_the_round_by_keys(x_screen, presses, "procedure")
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()
