"""500 rounds answered in a real window on Xvfb, the pointer over every card, chip and spot.

The driver (``soak_driver.py``) opens the trainer window under a pointer
resting over a board card, answers three rounds without moving it, then rests
the pointer over the next card, chip stack, betting spot or seat area at every
question (one seat occupied, a different one each deal), and opens and closes
a dialog over it every 25 rounds. Before the cursor fix this died on the first
answer (issue 10). Every answer typed must be stored, and all were right, since
the driver types the expected answers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from realx_support import REPO_ROOT, XScreen

ROUNDS = 500


def test_500_rounds_answered_with_the_pointer_resting_over_the_table(
        x_screen: XScreen, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-m", "tests.ui.realx.soak_driver", str(ROUNDS)],
        cwd=REPO_ROOT, env=x_screen.env(), capture_output=True, text=True, timeout=900,
        check=False)
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stderr[-3000:]}"
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["rounds"] == ROUNDS
    assert figures["given"] >= ROUNDS * 4  # dealer hand, qualifies, a seat's hand and result
    assert figures["stored"] == figures["given"]
    assert figures["correct"] == figures["given"]
