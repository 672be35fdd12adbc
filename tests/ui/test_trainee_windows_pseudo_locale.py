"""No text of the trainee's dialogs bypasses the catalogue (issue 24): in the
pseudo-language every translated message is wrapped in [[ ]], so a word outside the
brackets on a label, button, check box, group box, placeholder, tooltip, menu command or
window title was not translated. Walked: the welcome, Who is training?, Settings, the
practice window's menus, status bar and lock page, About, the crash dialog and Spot the
dealer's mistake. Names that are data, not prose, are allowed: a trainee's name, the
rule sets' names, the languages' own names, the wagers' brand names, numbers."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from trainer.engine.rulesets import load_ruleset
from trainer.i18n import LANGUAGE_NAMES
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.session import TrainingSettings
from trainer.ui.about import TITLE, AboutDialog
from trainer.ui.crash import CrashDialog
from trainer.ui.first_run import WelcomeDialog
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import MistakesWindow
from trainer.ui.profile_dialog import ProfileDialog
from trainer.ui.settings_dialog import SettingsDialog

DATA = ("Ana", TITLE, *LANGUAGE_NAMES.values(), "Trips Plus", "Pocket Bonus",
        "6-Card Bonus", "New York 2018", "Casino house rules", "Massachusetts",
        "Game owner standard")
"""Words that are names (people, the program, languages, brands, rule sets), not prose."""
QT_OWN = {"OK", "Cancel", "Close"}
"""Qt's standard buttons: Qt's own translation puts them in the language in force
(trainer.ui.qt_language; tests/ui/test_help_and_felt_in_spanish.py)."""


def texts(window: QWidget) -> list[str]:
    found = [window.windowTitle()]
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisibleTo(window) and widget is not window:
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            found.append(widget.text())
        if isinstance(widget, QGroupBox):
            found.append(widget.title())
        if isinstance(widget, QLineEdit):
            found.append(widget.placeholderText())
        if isinstance(widget, QComboBox) and widget.objectName() != "language":
            found += [widget.itemText(i) for i in range(widget.count())]
        found.append(widget.toolTip())
    found += [act.text() for act in window.findChildren(QAction)]
    return [text for text in found if text]


def unmarked(text: str) -> str:
    """Letters of ``text`` outside [[ ]] and outside the names in DATA."""
    outside, before = re.sub(r"<[^>]+>", " ", text), None
    while outside != before:
        before, outside = outside, re.sub(r"\[\[(?:(?!\[\[|\]\]).)*\]\]", "", outside,
                                          flags=re.S)
    for name in DATA:
        outside = outside.replace(name, "")
    outside = re.sub(r"\b(?:[A-Z]|[A-Za-z]?\d+\w*|Ctrl|Shift|Qt|Python|v)\b", "", outside)
    return "".join(char for char in outside if char.isalpha())


def bare(window: QWidget) -> set[str]:
    return {text for text in texts(window) if unmarked(text) and text not in QT_OWN}


def test_the_walk_finds_an_unmarked_text(qtbot: QtBot, pseudo: None) -> None:
    dialog = SettingsDialog(TrainingSettings())
    qtbot.addWidget(dialog)
    dialog.sound.setText("Sound on a wrong answer")
    assert bare(dialog) == {"Sound on a wrong answer"}


def test_welcome_and_who_is_training(qtbot: QtBot, pseudo: None, db: TrainerDB) -> None:
    welcome = WelcomeDialog(db, policy=PinPolicy.REQUIRED)
    qtbot.addWidget(welcome)
    welcome.start_button.click()  # an error said
    assert bare(welcome) == set()
    db.create_trainee("Ana")
    profile = ProfileDialog(db, policy=PinPolicy.REQUIRED)
    qtbot.addWidget(profile)
    profile.accept()  # no PIN chosen: said
    assert bare(profile) == set()


def test_settings(qtbot: QtBot, pseudo: None) -> None:
    dialog = SettingsDialog(TrainingSettings(rules="house"), rules_fixed=True,
                            exam_fixed=True)
    qtbot.addWidget(dialog)
    assert bare(dialog) == set()


def test_the_practice_window_its_lock_and_about(
        qtbot: QtBot, pseudo: None, db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    db.set_trainee_pin(ana, "471147")
    window = MainWindow(TrainingSettings(seed=3, sound=False), db=db, trainee_id=ana,
                        site=SiteConfig(trainee_pin=PinPolicy.OPTIONAL))
    qtbot.addWidget(window)
    window.next_hand()
    window.submit_answer("zzz")
    menus = {act.text() for act in window.menuBar().findChildren(QAction)
             if unmarked(act.text())}
    assert menus == set()
    assert not unmarked(window.score_label.text())
    window.lock()
    assert bare(window.lock_page) == set()
    about = AboutDialog(load_ruleset("ny-2018"), {})
    qtbot.addWidget(about)
    labels = {label for label, _text in about.shown_lines() if unmarked(label)}
    assert labels == set()
    window.close()


def test_the_crash_dialog_and_spot_the_dealers_mistake(qtbot: QtBot, pseudo: None) -> None:
    crash = CrashDialog("ZeroDivisionError", Path("/tmp/crash.txt"))
    qtbot.addWidget(crash)
    assert {text for text in texts(crash) if unmarked(text.replace("ZeroDivisionError",
                                                                   ""))} == set()
    mistakes = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
    qtbot.addWidget(mistakes)
    assert bare(mistakes) == set()
    mistakes.finish()  # the verdict (the explanations themselves are training's text)
    verdict = mistakes.result.toPlainText().splitlines()[0]
    assert verdict.startswith("[[") and not unmarked(verdict)
    mistakes.close()
