"""Windows that open inside the screen and come back where the trainee left them.

Each window has a preferred size (the practice window 1600x900). On a screen
whose available area holds it, the window opens at that size, centred; on a
smaller one (a 1366x768 laptop) it opens maximized, so the question and the
answer field are never off-screen; on a much larger one (4K) it opens
maximized too, rather than as a small window in the middle. A window's last geometry is kept per
station in ``<data folder>/windows.ini`` and used again when it still lies on
a screen of this station.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

GEOMETRY_FILE = "windows.ini"
FRAME_ALLOWANCE = QSize(16, 48)
"""Room a window manager's title bar and borders take around a window."""
LARGE_SCREEN = 1.5
"""A screen this many times the preferred size (both ways) gets the window maximized."""


def _settings() -> QSettings:
    """The geometry file, made 0600 before Qt first writes it (Qt's atomic save keeps
    the mode of a file that exists; a new one would get the umask's 0644)."""
    from trainer.paths import data_dir, private_file

    path = private_file(data_dir() / GEOMETRY_FILE)
    return QSettings(str(path), QSettings.Format.IniFormat)


def _available(window: QWidget) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def _on_a_screen(rect: QRect) -> bool:
    """The whole rect (and its frame) lies inside one screen's available area."""
    framed = rect.adjusted(-FRAME_ALLOWANCE.width() // 2, -FRAME_ALLOWANCE.height() + 8,
                           FRAME_ALLOWANCE.width() // 2, 8)
    return any(screen.availableGeometry().contains(framed)
               for screen in QGuiApplication.screens())


def fit_window(window: QWidget, name: str, preferred: QSize) -> None:
    """Before the window is shown: its remembered geometry, or ``preferred`` if it fits,
    or maximized. Call :func:`remember_window` when it closes."""
    saved = _settings().value(name)
    if (isinstance(saved, QByteArray) and window.restoreGeometry(saved)
            and (window.isMaximized() or _on_a_screen(window.geometry()))):
        return
    available = _available(window)
    room = available.size() - FRAME_ALLOWANCE
    fits = preferred.width() <= room.width() and preferred.height() <= room.height()
    large = (room.width() >= preferred.width() * LARGE_SCREEN
             and room.height() >= preferred.height() * LARGE_SCREEN)
    if fits and not large:
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMaximized)
        window.resize(preferred)
        frame = QRect(0, 0, preferred.width(), preferred.height())
        frame.moveCenter(available.center())
        window.move(frame.topLeft())
    else:
        window.resize(room.boundedTo(preferred))
        window.move(available.topLeft())
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def remember_window(window: QWidget, name: str) -> None:
    """Keep the window's geometry for the next time it opens on this station."""
    settings = _settings()
    settings.setValue(name, window.saveGeometry())
    settings.sync()
