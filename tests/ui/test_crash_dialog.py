"""An unexpected error saves a report, says so plainly, and the app keeps running."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from trainer import __version__
from trainer.ui.crash import CrashDialog, CrashHandler


class Broken(QObject):
    poked = Signal()


@pytest.fixture
def handler() -> Iterator[CrashHandler]:
    installed = CrashHandler(lambda: {"rule set": "New York 2018 (ny-2018 v1)"}).install()
    yield installed
    installed.uninstall()
    for dialog in list(installed.dialogs):
        dialog.close()
        dialog.deleteLater()


def _fail() -> None:
    raise ZeroDivisionError("the payout divided by nothing")


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_writes_a_report_and_the_app_keeps_running(
    qtbot: QtBot, handler: CrashHandler, private_data_dir: Path
) -> None:
    button = QPushButton("deal")
    qtbot.addWidget(button)
    button.clicked.connect(_fail)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    assert len(handler.reports) == 1
    report = handler.reports[0]
    assert report.parent == private_data_dir / "reports"
    text = report.read_text("utf-8")
    assert "ZeroDivisionError: the payout divided by nothing" in text
    assert f"version: {__version__}" in text
    assert "rule set: New York 2018 (ny-2018 v1)" in text
    assert "Traceback" in text

    (dialog,) = handler.dialogs
    assert dialog.isVisible()
    message = dialog.message.text()
    assert "Traceback" not in message and "line " not in message  # no traceback for a person
    assert str(report) in message and "answers so far are saved" in message

    qtbot.mouseClick(dialog.keep_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not handler.dialogs)
    # still running: the same button works and reports again
    button.clicked.disconnect(_fail)
    clicks: list[bool] = []
    button.clicked.connect(lambda: clicks.append(True))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert clicks == [True]


@pytest.mark.qt_no_exception_capture
def test_an_error_outside_qt_goes_through_sys_excepthook(
    qtbot: QtBot, handler: CrashHandler
) -> None:
    try:
        raise KeyError("seat 7")
    except KeyError:
        sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
    assert len(handler.reports) == 1
    assert "KeyError: 'seat 7'" in handler.dialogs[0].message.text()


@pytest.mark.qt_no_exception_capture
def test_one_dialog_at_a_time_but_every_error_reported(
    qtbot: QtBot, handler: CrashHandler
) -> None:
    thing = Broken()
    thing.poked.connect(_fail)
    thing.poked.emit()
    thing.poked.emit()
    assert len(handler.reports) == 2
    assert len(handler.dialogs) == 1
    assert handler.reports[0] != handler.reports[1]


def test_save_and_quit_closes_the_windows(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    quits: list[bool] = []
    monkeypatch.setattr(QApplication, "quit", lambda: quits.append(True))
    other = QPushButton("a window")
    qtbot.addWidget(other)
    other.show()
    handler = CrashHandler()
    dialog = CrashDialog("ValueError: x", tmp_path / "crash.txt")
    qtbot.addWidget(dialog)
    handler.dialogs.append(dialog)
    dialog.finished.connect(lambda _r: handler._finished(dialog))
    dialog.open()
    qtbot.mouseClick(dialog.quit_button, Qt.MouseButton.LeftButton)
    assert quits == [True]
    assert not other.isVisible()
