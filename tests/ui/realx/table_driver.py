"""The practice window with a known round, for real-window tests that click and type.

Run as ``python -m tests.ui.realx.table_driver`` on an Xvfb screen. It opens
the practice window for a new trainee, deals the settle contract's example
round (dealer As Kd; board 2c 7c 9c Jd Qs), prints one JSON line with the
screen positions of the dealer's and the board's cards (in that order) and of
the Game menu's title, then runs until the window is closed. The test clicks
and types with xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE
from trainer.engine.round import parse_round
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow


def main() -> int:
    app = QApplication(["table", "-platform", "xcb"])
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    window = MainWindow(TrainingSettings(seed=1, sound=False), db=db, trainee_id=trainee)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    view = window.table
    cards = []
    for item in view.pickable_card_items():
        centre = item.mapToScene(item.face_rect().center())
        point = view.viewport().mapToGlobal(view.mapFromScene(centre))
        cards.append((point.x(), point.y()))
    bar = window.menuBar()
    game = bar.actionGeometry(bar.actions()[0]).center()
    menu = bar.mapToGlobal(QPoint(game.x(), game.y()))
    board_right = view.mapToGlobal(view.rect().topRight()).x()
    print(json.dumps({"cards": cards, "game_menu": (menu.x(), menu.y()),
                      "board_right": board_right}), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
