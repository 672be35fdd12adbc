"""Windows open inside the screen and come back where the trainee left them (issue 12).

Qt's offscreen screen is small (800x800); the real screen sizes (1366x768, 1080p,
4K) are checked in a real window by tests/ui/realx/test_realx_screens.py.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from trainer.paths import data_dir
from trainer.ui.window_fit import GEOMETRY_FILE, fit_window, remember_window


def available() -> QRect:
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    return screen.availableGeometry()


def test_a_window_larger_than_the_screen_opens_maximized(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    fit_window(window, "practice", QSize(1600, 900))
    assert window.isMaximized() or available().contains(window.geometry())
    assert window.windowState() & window.windowState().WindowMaximized


def test_a_window_that_fits_opens_at_its_size_centred(qtbot: QtBot) -> None:
    preferred = available().size() * 0.8
    window = QMainWindow()
    qtbot.addWidget(window)
    fit_window(window, "small", preferred)
    assert not window.isMaximized()
    assert window.size() == preferred
    assert available().contains(window.geometry())
    assert abs(window.geometry().center().x() - available().center().x()) <= 1


def test_a_screen_far_larger_than_the_window_gets_it_maximized(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    fit_window(window, "small", available().size() * 0.4)
    assert window.windowState() & window.windowState().WindowMaximized


def test_the_geometry_left_is_the_geometry_found_next_time(qtbot: QtBot) -> None:
    first = QMainWindow()
    qtbot.addWidget(first)
    fit_window(first, "small", QSize(500, 400))
    first.setGeometry(QRect(60, 70, 420, 300))
    remember_window(first, "small")
    assert (data_dir() / GEOMETRY_FILE).is_file()
    again = QMainWindow()
    qtbot.addWidget(again)
    fit_window(again, "small", QSize(500, 400))
    assert again.geometry() == QRect(60, 70, 420, 300)


def test_a_remembered_place_off_every_screen_is_not_used(qtbot: QtBot) -> None:
    first = QMainWindow()
    qtbot.addWidget(first)
    first.setGeometry(QRect(5000, 4000, 420, 300))  # a screen this station no longer has
    remember_window(first, "small")
    again = QMainWindow()
    qtbot.addWidget(again)
    fit_window(again, "small", QSize(500, 400))
    assert available().contains(again.geometry())
