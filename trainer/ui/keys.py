"""Menu actions and keyboard shortcuts, made the one typed way.

Each key combination is bound once per window: a menu action where the window
has a menu (it shows the key beside the command), otherwise a shortcut. Two
bindings of the same keys in one window are ambiguous and Qt then runs
neither (Ctrl+N did nothing while both the window and the answer panel bound
it, issue 12).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

Keys = str | Qt.Key | QKeySequence.StandardKey


def shortcut(keys: Keys, parent: QWidget, slot: Callable[[], object]) -> QShortcut:
    """A shortcut active while ``parent``'s window is active."""
    bound = QShortcut(QKeySequence(keys), parent)
    bound.activated.connect(slot)
    return bound


def action(text: str, parent: QObject, slot: Callable[[], object], keys: Keys | None = None,
           *, checkable: bool = False) -> QAction:
    """A menu command (``&`` marks its mnemonic), with its keys when it has some."""
    made = QAction(text, parent)
    if keys is not None:
        made.setShortcut(QKeySequence(keys))
    made.setCheckable(checkable)
    made.triggered.connect(lambda _checked=False: slot())
    return made
