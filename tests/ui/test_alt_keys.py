"""No two visible controls of a window share an Alt+letter key, in English and in Spanish
(Qt's own standard buttons in the same language): Alt+letter does what its control says.

The walk of every window in the pseudo-language checks the English letters on each window
it opens (tests/ui/test_every_window_pseudo_locale.py); here the windows with the most
keys, in each shipped language."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from PySide6.QtWidgets import QDialog, QGroupBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from tests.ui.mnemonics import clashes, mnemonic
from trainer.engine.rulesets import load_ruleset
from trainer.i18n import set_language
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB
from trainer.training.lessons import load_course
from trainer.training.session import TrainingSettings
from trainer.ui.qt_language import follow_language


@pytest.fixture(params=["en", "es"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    follow_language()
    try:
        yield request.param
    finally:
        set_language("en")
        follow_language()


def _shared(qtbot: QtBot, *windows: QWidget) -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {}
    for window in windows:
        qtbot.addWidget(window)
        shared = clashes(window)
        if shared:
            found[type(window).__name__] = shared
    return found


def test_the_check_finds_two_controls_sharing_a_letter(qtbot: QtBot) -> None:
    dialog = QDialog()
    buddy = QPushButton("&Save")
    label = QLabel("Rule &set")
    label.setBuddy(buddy)
    literal = QGroupBox("Salt && &pepper")
    literal.setCheckable(True)
    for widget in (buddy, label, literal):
        widget.setParent(dialog)
    assert (mnemonic("Salt && &pepper"), mnemonic("a && b"), mnemonic("end&")) == ("p", None,
                                                                                    None)
    assert _shared(qtbot, dialog) == {"QDialog": {"s": ["Rule &set", "&Save"]}}


def test_the_practice_window_and_its_menus(qtbot: QtBot, language: str, db: TrainerDB) -> None:
    from trainer.ui.main_window import MainWindow

    ana = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(seed=3, sound=False, rules="house"), db=db,
                        trainee_id=ana, site=SiteConfig(trainee_pin=PinPolicy.OPTIONAL))
    window.next_hand()
    assert _shared(qtbot, window) == {}


def test_settings_first_start_and_profile(qtbot: QtBot, language: str, db: TrainerDB) -> None:
    from trainer.ui.first_run import WelcomeDialog
    from trainer.ui.profile_dialog import ProfileDialog
    from trainer.ui.settings_dialog import SettingsDialog

    welcome = WelcomeDialog(db, policy=PinPolicy.REQUIRED)
    db.create_trainee("Ana")
    assert _shared(qtbot, SettingsDialog(TrainingSettings(rules="house")), welcome,
                   ProfileDialog(db, policy=PinPolicy.REQUIRED)) == {}


def test_the_instructor_area_and_its_dialogs(qtbot: QtBot, language: str,
                                             db: TrainerDB) -> None:
    from trainer.ui.instructor_area import InstructorArea
    from trainer.ui.progress.assign import AssignDialog
    from trainer.ui.progress.certify import CertifyDialog
    from trainer.ui.progress.dashboard import InstructorDashboard
    from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog
    from trainer.ui.progress.sign_in import InstructorSignInDialog

    db.create_instructor("Maria", "correct horse")
    ana = db.create_trainee("Ana")
    dashboard = InstructorDashboard(db)
    area = InstructorArea(db, "Maria", dashboard, idle_minutes=15)
    qtbot.addWidget(area)
    found: dict[str, dict[str, list[str]]] = {}
    for index in range(dashboard.roster_tabs.count()):
        dashboard.roster_tabs.setCurrentIndex(index)
        found |= _shared(qtbot, area)
    page = dashboard.open_trainee(ana)
    for index in range(page.tabs.count()):
        page.tabs.setCurrentIndex(index)
        found |= _shared(qtbot, area)
    dialogs: list[QWidget] = [
        CertifyDialog(db, ana, "Maria"), ExamSetupDialog(db), ExamSetupsDialog(db),
        AssignDialog(db, ana, "Maria", lambda: load_course().lessons, date(2026, 3, 2)),
        InstructorSignInDialog(db)]
    for made in (area.instructors_dialog(), area.change_password_dialog(),
                 area.trainee_pin_dialog()):
        assert made is not None
        dialogs.append(made)
    found |= _shared(qtbot, *dialogs)
    assert found == {}


def test_the_course_run_the_round_and_spot_the_mistake(qtbot: QtBot, language: str) -> None:
    from trainer.engine.procedure import DealMethod
    from trainer.training.mistake_catalogue import shipped_catalogue
    from trainer.ui.course import CourseWindow
    from trainer.ui.mistakes_window import MistakesWindow
    from trainer.ui.procedure_window import ProcedureWindow

    course = CourseWindow(TrainingSettings(seed=20260501, sound=False), course=load_course())
    qtbot.addWidget(course)
    found = _shared(qtbot, course)
    course.open_lesson("dealer-qualification")
    found |= _shared(qtbot, course)
    course.start_lesson_drill()
    found |= _shared(qtbot, course)
    found |= _shared(
        qtbot, ProcedureWindow(load_ruleset("house"), method=DealMethod.SHOE, seats=4, seed=5),
        MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1))
    assert found == {}
