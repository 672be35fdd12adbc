"""Start the trainer window (``hhe-trainer`` with no command, ``make run``).

Order of a start: open the database (never fails: a damaged one is set aside
and the window says so), ask who is training, then deal the first hand.
"""

from __future__ import annotations

import dataclasses
import sys

from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.preferences import load_settings, save_settings


def run_app(rules: str | None = None) -> int:
    from PySide6.QtWidgets import QApplication, QMessageBox

    from trainer.storage.database import open_database
    from trainer.ui.main_window import MainWindow
    from trainer.ui.profile_dialog import ProfileDialog

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("hhe-trainer")
    app.setApplicationDisplayName("Heads Up Hold'em Dealer Trainer")
    settings, problem = load_settings()
    if rules:
        try:
            load_ruleset(rules)
            settings = dataclasses.replace(settings, rules=rules, options={})
        except RuleSetError as error:
            problem = f"--rules: {error}; using {settings.rules}."
    db = open_database()
    if db.notice:
        QMessageBox.warning(None, "Database", db.notice)
    if problem:
        QMessageBox.warning(None, "Settings", problem)
    profile = ProfileDialog(db)
    chosen = profile.exec()
    trainee_id = profile.trainee_id if chosen else None
    wants_instructor = profile.instructor_requested
    profile.deleteLater()
    if trainee_id is None and not wants_instructor:
        db.close()
        return 0
    window = MainWindow(settings, db=db, trainee_id=trainee_id)
    window.show()
    if wants_instructor:
        window.open_instructor_area()
    window.next_hand()
    code = app.exec()
    save_settings(window.settings)
    db.close()
    return int(code)
