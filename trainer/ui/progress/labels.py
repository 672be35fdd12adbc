"""Labels the instructor area shares: a heading, and the red line that says what is wrong."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel

ERROR_STYLE = "color: #b3261e; font-weight: bold;"


def error_label() -> QLabel:
    """An empty label (object name ``message``) for a sentence saying what is wrong."""
    label = QLabel()
    label.setObjectName("message")
    label.setStyleSheet(ERROR_STYLE)
    label.setWordWrap(True)
    return label


def heading(text: str, scale: float = 1.35) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label
