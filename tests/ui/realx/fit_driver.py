"""Open the practice, course and progress windows on a real X screen; check they fit.

Run by ``test_realx_screens.py`` as ``python -m tests.ui.realx.fit_driver NAME``
on an Xvfb screen of some size. For each window it checks that every visible
widget lies inside the screen's available area, saves a screenshot
(``screenshots/NAME-<window>.png``) and prints one JSON line: the widgets that
did not fit (none, when all is well) and the answer panel's text size.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QRect, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.realx.realx_support import SCREENSHOTS
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.course import open_course
from trainer.ui.main_window import MainWindow


def outside(window: QWidget, available: QRect) -> list[str]:
    """Visible widgets of ``window`` (itself included) not wholly inside ``available``."""
    bad = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
            continue
        if widget.window() is not window:
            continue
        rect = QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())
        if not available.contains(rect):
            label = widget.objectName() or type(widget).__name__
            text = getattr(widget, "text", None)
            if callable(text) and text():
                label += f" {text()!r}"
            bad.append(f"{label} at {rect.getRect()}")
    return bad


def settle(app: QApplication, window: QWidget) -> None:
    QTest.qWaitForWindowExposed(window)
    for _ in range(20):
        app.processEvents()
        QTest.qWait(25)


def shoot(app: QApplication, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    app.primaryScreen().grabWindow(0).save(str(SCREENSHOTS / f"{name}.png"), "PNG")


def main(name: str) -> int:
    app = QApplication(["fit", "-platform", "xcb"])
    available = app.primaryScreen().availableGeometry()
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    report: dict[str, object] = {"available": available.getRect()}
    window = MainWindow(TrainingSettings(seed=7, sound=False), db=db, trainee_id=trainee)
    window.show()
    window.next_hand()
    settle(app, window)
    report["practice"] = outside(window, available)
    report["panel_text_px"] = window.panel.text_px
    shoot(app, f"{name}-practice")

    course = open_course(window)
    settle(app, course)
    report["course"] = outside(course, available)
    shoot(app, f"{name}-course")
    course.close()

    def check_progress() -> None:
        dialog = app.activeModalWidget()
        assert dialog is not None
        settle(app, dialog)
        report["progress"] = outside(dialog, available)
        shoot(app, f"{name}-progress")
        dialog.close()

    QTimer.singleShot(300, check_progress)
    window.open_progress()
    window.close()
    db.close()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
