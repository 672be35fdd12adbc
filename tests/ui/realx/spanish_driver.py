"""The trainee's windows in Spanish on a real X screen; check they fit (issue 24).

Run by ``test_realx_spanish_screens.py`` as ``python -m tests.ui.realx.spanish_driver
NAME`` on an Xvfb screen of some size. Spanish text is about a third longer than the
English: the practice window (with F1's sheet beside it), Settings, the welcome, Who is
training?, the lock page and Spot the dealer's mistake are opened in Spanish, every
visible widget checked inside the screen's available area, each window's text checked to
be Spanish, and a screenshot of each saved (``screenshots/NAME-es-<window>.png``). One
JSON line: per window, the widgets that did not fit.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from tests.ui.realx.fit_driver import outside, settle, shoot
from trainer.i18n import set_language
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.first_run import WelcomeDialog
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import open_mistakes
from trainer.ui.profile_dialog import ProfileDialog
from trainer.ui.qt_language import follow_language
from trainer.ui.settings_dialog import SettingsDialog
from trainer.ui.window_fit import fit_window


def check(app: QApplication, report: dict[str, object], name: str, window: QWidget,
          available: QRect, screen: str) -> None:
    settle(app, window)
    report[name] = outside(window, available)
    report[f"{name}_title"] = window.windowTitle()
    shoot(app, f"{screen}-es-{name}")


def dialog_shown(app: QApplication, dialog: QDialog) -> None:
    """A dialog as it opens over the practice window: at its own size, inside the screen."""
    dialog.show()
    dialog.adjustSize()
    available = app.primaryScreen().availableGeometry()
    frame = dialog.frameGeometry()
    dialog.move(available.center() - frame.center() + frame.topLeft())


def main(screen: str) -> int:
    app = QApplication(["spanish", "-platform", "xcb"])
    set_language("es")
    follow_language("es")
    available = app.primaryScreen().availableGeometry()
    report: dict[str, object] = {"available": available.getRect()}
    db = open_database()

    welcome = WelcomeDialog(db)
    dialog_shown(app, welcome)
    check(app, report, "welcome", welcome, available, screen)
    welcome.close()

    ana = db.create_trainee("Ana Test")
    db.set_trainee_pin(ana, "471147")
    profile = ProfileDialog(db, policy=PinPolicy.REQUIRED)
    dialog_shown(app, profile)
    check(app, report, "profile", profile, available, screen)
    profile.close()

    window = MainWindow(TrainingSettings(seed=7, sound=False, rules="house"), db=db,
                       trainee_id=ana, site=SiteConfig(trainee_pin=PinPolicy.OPTIONAL))
    window.show()
    window.next_hand()
    check(app, report, "practice", window, available, screen)
    window.open_help()
    assert window.help_window is not None
    check(app, report, "help", window.help_window, available, screen)
    window.help_window.tabs.setCurrentIndex(1)
    check(app, report, "help_rules", window.help_window, available, screen)
    window.help_window.close()

    settings = SettingsDialog(window.settings, window)
    dialog_shown(app, settings)
    check(app, report, "settings", settings, available, screen)
    settings.close()

    mistakes = open_mistakes(window, window.settings, db=db, trainee_id=ana)
    assert mistakes is not None
    fit_window(mistakes, "mistakes-es", mistakes.size())
    check(app, report, "mistakes", mistakes, available, screen)
    mistakes.close()

    window.lock()
    check(app, report, "lock", window, available, screen)
    window.close()
    db.close()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
