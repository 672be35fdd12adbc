"""A trainee's window in an instructor's exam that requires chips, for the real-window test.

Run as ``python -m tests.ui.realx.chip_exam_driver`` on an Xvfb screen. The station's
Settings have Pay with chips off; the exam set-up (one round, two seats, no side bets)
requires chips, so every payout is built from the rack. The exam deals
:data:`EXAM_ROUND`. Prints one JSON line when the first question waits (where the rack's
chips and the table are on the screen), then runs until the window is closed. The test
types with xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from trainer.engine.round import parse_round
from trainer.exam_setup import ExamSetup
from trainer.storage.database import open_database
from trainer.training.session import Mode, RoundState, TrainingSession, TrainingSettings
from trainer.ui.main_window import MainWindow

EXAM_ROUND = {
    "rules": "ny-2018", "dealer": ["9d", "4s"], "board": ["Ah", "Kh", "Qh", "7s", "9c"],
    "seats": [
        {"seat": 1, "hole": ["Jc", "Td"], "ante": "10", "odds": "10", "raise": "30",
         "chips": {"ante": {"5": 2}, "odds": {"5": 2}, "raise": {"25": 1, "5": 1}}},
        {"seat": 4, "hole": ["2d", "3s"], "ante": "5", "odds": "5", "raise": "10",
         "chips": {"ante": {"5": 1}, "odds": {"5": 1}, "raise": {"5": 2}}},
    ],
}
"""The dealer's 9d 4s on Ah Kh Qh 7s 9c: a pair of nines, qualifies (docs/rules.md §3).
Seat 4 (2d 3s, ace high) loses: ante, raise and odds are taken. Seat 1 (Jc Td, the
ace-high straight) wins: ante and raise pay 1 to 1, the odds a straight 1 to 1 (§4);
colour for colour (§10) two red, a green and a red, two red."""


def main() -> int:
    app = QApplication(["chips-exam", "-platform", "xcb"])
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    config_id = db.create_exam_setup(
        ExamSetup("Chips audition", 1, 80.0, seats=2, side_bets=(), chips=True))
    config = db.get_exam_config(config_id)
    MainWindow._choose_exam_config = lambda self: config  # type: ignore[method-assign,assignment,return-value]

    def exam_round(session: TrainingSession) -> RoundState:
        return session.start_round(parse_round(EXAM_ROUND))

    TrainingSession.next_round = exam_round  # type: ignore[method-assign]
    window = MainWindow(TrainingSettings(seed=1, sound=False, chip_mode=False), db=db,
                        trainee_id=trainee)
    window.showMaximized()
    QTest.qWaitForWindowExposed(window)
    window.set_mode(Mode.EXAM)
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    rack, table = window.chip_rack, window.table
    corner = rack.mapToGlobal(rack.rect().bottomRight())
    chips = {str(value): (point.x(), point.y()) for value, rect in rack.chip_rects()
             for point in [rack.mapToGlobal(rect.center().toPoint())]}
    centre = table.mapToGlobal(table.rect().center())
    print(json.dumps({"rack_bottom_right": (corner.x(), corner.y()), "chips": chips,
                      "table_centre": (centre.x(), centre.y()),
                      "rack_visible": rack.isVisible()}), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
