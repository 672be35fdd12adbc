"""Alt+letter keys of a window: which letter two of its visible controls share.

Qt gives each "&" in a label (with a buddy), a button, a check box, a group box's title,
a tab and a menu bar's title an Alt+letter key active in its window while it is visible.
Two with the same letter make Alt+letter move between them instead of doing what either
says: the trainer's windows should have none, in every language."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMenuBar, QTabBar, QWidget


def mnemonic(text: str) -> str | None:
    """The letter after a single "&" ("&&" is a literal ampersand), in lower case."""
    at = 0
    while (at := text.find("&", at)) != -1 and at + 1 < len(text):
        if text[at + 1] != "&":
            return text[at + 1].casefold()
        at += 2
    return None


def _keys(window: QWidget) -> list[tuple[str, str]]:
    """(text, letter) of every visible control of ``window`` with an Alt+letter key."""
    found: list[tuple[str, str]] = []

    def add(text: str) -> None:
        letter = mnemonic(text)
        if letter is not None:
            found.append((text, letter))

    def shown(widget: QWidget) -> bool:
        return widget.isVisibleTo(window) and widget.window() is window

    for label in window.findChildren(QLabel):
        if shown(label) and label.buddy() is not None:
            add(label.text())
    for button in window.findChildren(QAbstractButton):
        if shown(button):
            add(button.text())
    for box in window.findChildren(QGroupBox):
        if shown(box) and box.isCheckable():
            add(box.title())
    for bar in window.findChildren(QTabBar):
        if shown(bar):
            for index in range(bar.count()):
                if bar.isTabVisible(index):
                    add(bar.tabText(index))
    for menu_bar in window.findChildren(QMenuBar):
        if shown(menu_bar):
            for action in menu_bar.actions():
                if action.isVisible():
                    add(action.text())
    return found


def clashes(window: QWidget) -> dict[str, list[str]]:
    """The letters two or more visible controls of ``window`` share, with their texts."""
    by_letter: dict[str, list[str]] = defaultdict(list)
    for text, letter in _keys(window):
        by_letter[letter].append(text)
    return {letter: texts for letter, texts in by_letter.items() if len(texts) > 1}
