"""Qt's own words (OK, Cancel, Yes, No, a line edit's menu) in the trainer's language.

The trainer's messages come from its catalogue (:mod:`trainer.i18n`); the standard
buttons and menus Qt draws itself come from Qt's translations (``qtbase_<language>.qm``,
shipped with PySide6). :func:`follow_language` puts the one of the language in force on
the application, replacing the one before: a dialog's standard buttons follow at once
(Qt sends them a language change). A language Qt has no translation for keeps Qt's
English words, and the log says so.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

from trainer.i18n import ENGLISH, PSEUDO, current_language

log = logging.getLogger("trainer.ui")

_installed: dict[str, QTranslator] = {}


def follow_language(language: str | None = None) -> bool:
    """Qt's own words in ``language`` (the trainer's current one by default); True when
    Qt has them (English always), False when they stay English."""
    app = QCoreApplication.instance()
    chosen = language or current_language()
    if app is None:
        return False
    before = _installed.pop("qtbase", None)
    if before is not None:
        app.removeTranslator(before)
    if chosen in (ENGLISH, PSEUDO):
        return chosen == ENGLISH
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{chosen}", folder):
        log.warning("Qt has no translation of its own buttons for %s in %s: they stay in"
                    " English", chosen, folder)
        return False
    app.installTranslator(translator)
    _installed["qtbase"] = translator
    return True
