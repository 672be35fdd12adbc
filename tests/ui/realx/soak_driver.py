"""Answer many rounds in the real trainer window on a real X server, pointer over the table.

Run by ``test_realx_soak.py`` as ``python -m tests.ui.realx.soak_driver ROUNDS``
on an Xvfb screen. The pointer rests over a board card when the window opens;
after the first rounds it moves (a real X pointer warp, so X delivers the
motion, enter and leave events a person's mouse would) to the next card, chip
stack, betting spot or seat area in turn at every question, and rests there
while the answer is typed into the field and Enter pressed; every 25 rounds a
dialog opens over the pointer and closes again. One seat is occupied (a
different one each deal), so a round is about eight answers and 500 rounds
take about a minute; the items are looked up again every round, so the chips
and cards of each deal are visited.
It prints one JSON line: rounds and answers given and stored.
"""

from __future__ import annotations

import json
import sqlite3
import sys

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QVBoxLayout

from tests.ui.test_practice_loop import typed_form
from trainer.paths import data_dir
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.table.items import CardItem, ChipStackItem, SeatItem, SpotItem

CALM_ROUNDS = 3
"""Rounds answered before the pointer first moves: the view has stored no mouse event."""
DIALOG_EVERY = 25
SEATS = 1


def targets(window: MainWindow) -> list[QPoint]:
    """Screen points over every card, chip stack, betting spot and seat area of the table."""
    view = window.table
    points = []
    for item in view.scene().items():
        if isinstance(item, CardItem | ChipStackItem | SpotItem | SeatItem) and item.isVisible():
            centre = item.mapToScene(item.boundingRect().center())
            point = view.viewport().mapToGlobal(view.mapFromScene(centre))
            if view.viewport().rect().contains(view.viewport().mapFromGlobal(point)):
                points.append(point)
    return points


def rest_pointer(app: QApplication, point: QPoint) -> None:
    QCursor.setPos(point)
    app.processEvents()


def dialog_over_pointer(app: QApplication, window: MainWindow) -> None:
    """A modal dialog opens under the resting pointer and closes: the table gets it back."""
    dialog = QDialog(window)
    dialog.setWindowTitle("Soak pause")
    QVBoxLayout(dialog).addWidget(QLabel("A dialog over the table."))
    dialog.resize(360, 160)
    dialog.move(QCursor.pos() - QPoint(180, 80))
    dialog.show()
    QTest.qWaitForWindowExposed(dialog)
    dialog.reject()
    dialog.deleteLater()
    app.processEvents()


def main(rounds: int) -> int:
    app = QApplication(["soak", "-platform", "xcb"])
    db = open_database()
    trainee = db.create_trainee("Soak")
    window = MainWindow(TrainingSettings(seed=20261125, sound=False, seats=SEATS), db=db,
                        trainee_id=trainee)
    screen = app.primaryScreen().availableGeometry()
    window.setGeometry(screen.adjusted(0, 30, 0, 0))
    rest_pointer(app, screen.center())
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.next_hand()
    field = window.panel.field
    given = visited = 0
    for number in range(1, rounds + 1):
        places = targets(window)
        if number % DIALOG_EVERY == 0:
            dialog_over_pointer(app, window)
        state = window.state
        assert state is not None
        while state.current is not None:
            if number > CALM_ROUNDS:
                rest_pointer(app, places[visited % len(places)])
                visited += 1
            field.setText(typed_form(state.current.kind, state.current.expected))
            QTest.keyClick(field, Qt.Key.Key_Return)
            given += 1
            app.processEvents()
        window.next_hand()
    window.close()
    db.close()
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(path) as connection:
        stored = connection.execute("SELECT count(*) FROM answers").fetchone()[0]
        correct = connection.execute(
            "SELECT count(*) FROM answers WHERE correct = 1").fetchone()[0]
    print(json.dumps({"rounds": rounds, "given": given, "stored": stored, "correct": correct}))
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
