"""The instructor area: closes with the main window, locks when idle (the same password
opens it), Sign out, instructors added and removed, one's own password, a trainee's PIN
reset, and the growing delay in the sign-in dialog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from sign_in_support import FakeClock

from tests.storage.storage_support import verify_instructor
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB, open_database
from trainer.training.session import TrainingSettings
from trainer.ui.instructor_area import InstructorArea
from trainer.ui.main_window import MainWindow
from trainer.ui.progress.sign_in import WRONG_SIGN_IN, InstructorSignInDialog


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        database.create_instructor("Maria", "correct horse")
        ana = database.create_trainee("Ana")
        database.set_trainee_pin(ana, "471147")
        yield database


@pytest.fixture
def window(qtbot: QtBot, db: TrainerDB) -> MainWindow:
    main = MainWindow(TrainingSettings(seed=3, sound=False), db=db,
                      trainee_id=db.list_trainees()[0].id, site=SiteConfig())
    main.clock = FakeClock()
    qtbot.addWidget(main)
    main.show()
    return main


def signs_in_as(name: str, password: str):  # type: ignore[no-untyped-def]
    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, InstructorSignInDialog)
        dialog.name_edit.setText(name)
        dialog.password_edit.setText(password)
        dialog.accept()
        return dialog.result() == QDialog.DialogCode.Accepted
    return run


def open_area(window: MainWindow) -> InstructorArea:
    window._run_sign_in = signs_in_as("Maria", "correct horse")  # type: ignore[method-assign]
    window.open_instructor_area()
    area = window.instructor_area
    assert area is not None and area.isVisible()
    return area


def test_a_wrong_password_opens_no_instructor_area(window: MainWindow) -> None:
    window._run_sign_in = signs_in_as("Maria", "wrong horse")  # type: ignore[method-assign]
    window.open_instructor_area()
    assert window.instructor_area is None


def test_the_instructor_area_closes_with_the_main_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    area = open_area(window)
    assert area.windowTitle() == "Instructor area \u2014 Maria"
    window.close()
    assert not area.isVisible()
    assert window.instructor_area is None


def test_sign_out_closes_the_instructor_area(qtbot: QtBot, window: MainWindow) -> None:
    area = open_area(window)
    qtbot.mouseClick(area.sign_out_button, Qt.MouseButton.LeftButton)
    assert not area.isVisible() and window.instructor_area is None
    assert window.isVisible()  # the trainee's window goes on


def test_the_instructor_area_locks_when_idle_and_only_that_password_opens_it(
    qtbot: QtBot, window: MainWindow, db: TrainerDB
) -> None:
    db.create_instructor("Pat", "battery staple")
    area = open_area(window)
    area.idle.set_interval_ms(30)
    qtbot.waitUntil(lambda: area.locked, timeout=5000)
    assert not area.dashboard.isVisible()
    assert not area.instructors_button.isEnabled()
    window.open_instructor_area()  # the menu again: the locked area is raised, not bypassed
    assert window.instructor_area is area and area.locked
    area.lock_page.secret_edit.setText("battery staple")  # another instructor's password
    area.lock_page.try_unlock()
    assert area.locked and area.lock_page.message.text() == "Wrong password"
    area.lock_page.secret_edit.setText("correct horse")
    area.lock_page.try_unlock()
    assert not area.locked and area.dashboard.isVisible()


def test_the_locked_area_can_be_signed_out(qtbot: QtBot, window: MainWindow) -> None:
    area = open_area(window)
    area.lock()
    sign_out = area.lock_page.findChild(type(area.sign_out_button), "lock_sign_out")
    qtbot.mouseClick(sign_out, Qt.MouseButton.LeftButton)
    assert window.instructor_area is None


def test_instructors_are_added_and_removed_in_the_area(
    qtbot: QtBot, window: MainWindow, db: TrainerDB
) -> None:
    area = open_area(window)
    dialog = area.instructors_dialog()
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Pat")
    dialog.password_edit.setText("battery staple")
    dialog.repeat_edit.setText("battery stapel")
    assert not dialog.add()
    assert "differ" in dialog.message.text()
    dialog.repeat_edit.setText("battery staple")
    assert dialog.add()
    assert db.list_instructors() == ["Maria", "Pat"]
    dialog.names.setCurrentRow(0)  # Maria: oneself
    assert not dialog.remove_selected()
    assert "cannot remove yourself" in dialog.message.text()
    dialog.names.setCurrentRow(1)
    assert dialog.remove_selected()
    assert db.list_instructors() == ["Maria"]


def test_an_instructor_changes_their_own_password(
    qtbot: QtBot, window: MainWindow, db: TrainerDB
) -> None:
    area = open_area(window)
    dialog = area.change_password_dialog()
    qtbot.addWidget(dialog)
    dialog.current_edit.setText("wrong")
    dialog.new_edit.setText("battery staple")
    dialog.repeat_edit.setText("battery staple")
    dialog.accept()
    assert dialog.message.text() == "Wrong current password"
    dialog.current_edit.setText("correct horse")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert verify_instructor(db, "Maria", "battery staple")


def test_an_instructor_sets_a_new_pin_for_a_trainee_who_forgot_it(
    qtbot: QtBot, window: MainWindow, db: TrainerDB
) -> None:
    area = open_area(window)
    ana = db.list_trainees()[0].id
    assert area.dashboard.select_trainee(ana)
    dialog = area.trainee_pin_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.pin_edit.setText("864213")
    dialog.repeat_edit.setText("864213")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert db.check_trainee_pin(ana, "864213").accepted
    assert not db.check_trainee_pin(ana, "471147").accepted


def test_under_required_the_pin_cannot_be_removed(
    qtbot: QtBot, db: TrainerDB
) -> None:
    from trainer.ui.instructor_area import TraineePinDialog

    ana = db.list_trainees()[0].id
    required = TraineePinDialog(db, ana, policy=PinPolicy.REQUIRED)
    optional = TraineePinDialog(db, ana, policy=PinPolicy.OPTIONAL)
    for dialog in (required, optional):
        qtbot.addWidget(dialog)
    assert required.remove_button.isHidden()
    assert not optional.remove_button.isHidden()
    optional.remove_pin()
    assert not db.trainee_has_pin(ana)


def test_wrong_instructor_passwords_make_the_dialog_say_how_long_to_wait(
    qtbot: QtBot, db: TrainerDB
) -> None:
    clock = FakeClock()
    dialog = InstructorSignInDialog(db, clock=clock)
    qtbot.addWidget(dialog)
    dialog.show()

    def attempt(password: str) -> str:
        dialog.name_edit.setText("Maria")
        dialog.password_edit.setText(password)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        return dialog.message.text()

    assert [attempt("guess") for _ in range(3)] == [WRONG_SIGN_IN] * 3
    assert attempt("guess") == "Wrong name or password. Wait 1 s before the next try."
    assert attempt("correct horse") == "Too many wrong tries: wait 1 s, then try again."
    assert dialog.isVisible()
    clock.advance(1.0)
    attempt("correct horse")
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_with_a_broken_site_file_no_instructor_can_be_created(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from trainer.site_config import load_site_config
    from trainer.ui.first_run import WelcomeDialog

    site_file = tmp_path / "site.toml"
    site_file.write_text("[security]\ntrainee_pin = 'sometimes'\n", "utf-8")
    site = load_site_config(site_file)
    with open_database(tmp_path / "empty.sqlite3", backup_on_session=False) as empty:
        main = MainWindow(TrainingSettings(seed=3, sound=False), db=empty, site=site)
        qtbot.addWidget(main)
        made: list[InstructorSignInDialog] = []

        def run(dialog: QDialog) -> bool:
            assert isinstance(dialog, InstructorSignInDialog)
            made.append(dialog)
            dialog.name_edit.setText("Walk-up")
            dialog.password_edit.setText("mine now")
            dialog.repeat_edit.setText("mine now")
            dialog.accept()
            return dialog.result() == QDialog.DialogCode.Accepted

        main._run_sign_in = run  # type: ignore[method-assign]
        main.open_instructor_area()
        assert main.instructor_area is None and empty.list_instructors() == []
        assert str(site_file) in made[0].message.text()
        assert "IT must fix" in made[0].message.text()
        welcome = WelcomeDialog(empty, refusal=made[0].refusal)
        qtbot.addWidget(welcome)
        welcome.show()
        assert not welcome.offers_instructor_setup
        assert not welcome.instructor_button.isVisible()
        assert str(site_file) in welcome.instructor_status.text()
