"""The practice window in chip mode with a known round, for the real-window chip test.

Run as ``python -m tests.ui.realx.chip_driver`` on an Xvfb screen. It opens the practice
window (Pay with chips on) for a new trainee, maximized, and deals :data:`CHIP_ROUND`
(seat 3's odds wager is two red $5 chips; the bad-beat table pays it 4 to 1), prints one
JSON line when the first question waits, then runs until the window is closed. The test
types with xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from trainer.engine.round import parse_round
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow

CHIP_ROUND = {
    "rules": "ny-2018", "dealer": ["Ah", "Kh"], "board": ["Th", "Jh", "Qh", "2c", "3d"],
    "seats": [{"seat": 3, "hole": ["9c", "8d"], "ante": "10", "odds": "10", "raise": "10",
               "chips": {"ante": {"5": 2}, "odds": {"5": 2}, "raise": {"5": 2}}}],
}
"""Dealer royal flush over seat 3's straight: ante and raise are taken, the odds wager (two
red $5) is paid 4 to 1 by the bad-beat table, $40 (docs/rules.md §4, §9)."""


def main() -> int:
    app = QApplication(["chips", "-platform", "xcb"])
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    window = MainWindow(TrainingSettings(seed=1, sound=False, chip_mode=True), db=db,
                        trainee_id=trainee)
    window.showMaximized()
    QTest.qWaitForWindowExposed(window)
    window.play_round(parse_round(CHIP_ROUND))
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    rack = window.chip_rack
    corner = rack.mapToGlobal(rack.rect().bottomRight())
    print(json.dumps({"rack_bottom_right": (corner.x(), corner.y()),
                      "rack_height": rack.height()}), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
