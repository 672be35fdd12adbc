"""The practice window with Spot the dealer's mistake dealing a known exercise, for the
real-window test (issue 23).

Run as ``python -m tests.ui.realx.mistakes_driver`` on an Xvfb screen. It opens the
practice window for a new trainee, maximized; every exercise the mistakes window deals is
:func:`known_exercise` (seat 6's $5 Trips Plus on a flush paid $30 from table B, where
table A pays 7 to 1 = $35: tests/training/test_mistakes_injected_and_graded.py). It prints
one JSON line (how many rows down seat 6's Trips Plus is) once the practice window waits,
then runs until it is closed. With ``--chips``, chip mode: the exercise is seat 4's ante
paid in converted chips (:func:`known_chips_exercise`) and the line says how far down
that row is. The test opens the mode with Ctrl+Shift+M, marks from the
keyboard with xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import settle
from trainer.storage.database import open_database
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import MistakeExercise, Spot, inject
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import MistakesWindow


def known_exercise(_window: object, _seed: int) -> MistakeExercise:
    return inject(settle(parse_round(QUALIFIES)),
                  shipped_catalogue().by_id("trips-plus-table-b"), 6)


def known_chips_exercise(_window: object, _seed: int) -> MistakeExercise:
    """Seat 4's ante converted to one green where the house pays colour for colour
    (tests/training/test_chip_procedure_mistakes.py)."""
    from tests.training.test_chip_procedure_mistakes import converted

    return converted()


def main() -> int:
    chips = "--chips" in sys.argv  # chip mode: the dealer's payouts drawn in chips
    app = QApplication(["mistakes", "-platform", "xcb"])
    known = known_chips_exercise if chips else known_exercise
    MistakesWindow.deal = known  # type: ignore[method-assign]
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    window = MainWindow(TrainingSettings(seed=1, sound=False, rules="ny-2018",
                                         chip_mode=chips), db=db, trainee_id=trainee)
    window.showMaximized()
    QTest.qWaitForWindowExposed(window)
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    spots = known(None, 0).spots
    wanted = Spot(4, Wager.ANTE) if chips else Spot(6, Wager.TRIPS_PLUS)
    print(json.dumps({"rows_down": spots.index(wanted)}), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
