"""One text size for a window and what opens from it, set by the answer panel.

The answer panel sizes its text from its height (1/60 of it: 16 px at 1080p, 35 px
on a 4K screen, never below the desktop's size; see
:mod:`trainer.ui.answer_panel`). On a 4K screen the menus, the status bar, the
Settings dialog and the F1 sheet stayed at the desktop's 96-dpi size beside it
(issue 19, item 17). :func:`scale_window_text` gives the panel's whole window
that size (its menu bar, status bar and every menu: menus are windows of their
own and take no font from the window), and :func:`follow_window_text` gives it
to a dialog opened from that window.

Fonts set explicitly on a widget (the table's print, the panel's larger question)
keep their own size: a window's font reaches only what has none of its own.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QFont, QFontInfo
from PySide6.QtWidgets import QApplication, QMenu, QWidget

TEXT_PX_PROPERTY = "trainerTextPx"
"""The window's text size in pixels, kept on the window for what opens from it."""


def window_text_px(widget: QWidget | None) -> int | None:
    """The text size :func:`scale_window_text` gave ``widget``'s window (None: none)."""
    if widget is None:
        return None
    value = widget.window().property(TEXT_PX_PROPERTY)
    return value if isinstance(value, int) and value > 0 else None


def _with_px(font: QFont, px: int) -> QFont:
    sized = QFont(font)
    sized.setPixelSize(px)
    return sized


def scale_window_text(window: QWidget, px: int) -> None:
    """Give ``window`` (and its menus) text ``px`` pixels high."""
    if window_text_px(window) == px:
        return
    window.setProperty(TEXT_PX_PROPERTY, px)
    window.setFont(_with_px(window.font(), px))
    for menu in window.findChildren(QMenu):
        menu.setFont(_with_px(menu.font(), px))


def follow_window_text(dialog: QWidget, parent: QWidget | None) -> float:
    """Give ``dialog`` the text size of ``parent``'s window, if that window has one.
    Call it once the dialog's own widgets are built, before it is sized. Returns how
    many times the desktop's text size that is (1.0: the desktop's own)."""
    px = window_text_px(parent)
    if px is None:
        return 1.0
    dialog.setFont(_with_px(dialog.font(), px))
    desktop = QFontInfo(QApplication.font()).pixelSize()
    return max(1.0, px / desktop) if desktop > 0 else 1.0


def scaled_size(dialog: QWidget, size: QSize, factor: float) -> QSize:
    """``size`` times ``factor``, kept within nine tenths of the dialog's screen."""
    wanted = QSize(round(size.width() * factor), round(size.height() * factor))
    screen = dialog.screen()
    if screen is None or factor <= 1.0:
        return wanted
    room = screen.availableGeometry().size() * 0.9
    return wanted.boundedTo(room).expandedTo(size.boundedTo(room))
