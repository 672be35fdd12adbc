"""First run: the welcome creates the first trainee, and asks for the instructor's set-up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import verify_instructor
from trainer.storage import TrainerDB, open_database
from trainer.ui.first_run import WelcomeDialog, is_first_run


@pytest.fixture
def welcome(qtbot: QtBot, db: TrainerDB) -> Iterator[WelcomeDialog]:
    dialog = WelcomeDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    yield dialog
    dialog.close()


def test_an_empty_station_is_a_first_run(db: TrainerDB) -> None:
    assert is_first_run(db)
    db.create_trainee("Ana")
    assert not is_first_run(db)


def test_the_welcome_creates_the_first_trainee(
    qtbot: QtBot, db: TrainerDB, welcome: WelcomeDialog
) -> None:
    qtbot.keyClicks(welcome.name_edit, "Ana Costa")
    qtbot.mouseClick(welcome.start_button, Qt.MouseButton.LeftButton)
    assert welcome.result() == QDialog.DialogCode.Accepted
    (trainee,) = db.list_trainees()
    assert trainee.name == "Ana Costa"
    assert welcome.trainee_id == trainee.id


def test_no_name_is_refused_with_a_message(
    qtbot: QtBot, db: TrainerDB, welcome: WelcomeDialog
) -> None:
    qtbot.mouseClick(welcome.start_button, Qt.MouseButton.LeftButton)
    assert welcome.isVisible()
    assert welcome.error.text() == "Type your name first."
    assert db.list_trainees() == []


def test_with_no_instructor_the_welcome_asks_for_the_set_up(
    qtbot: QtBot, db: TrainerDB, welcome: WelcomeDialog
) -> None:
    assert welcome.needs_instructor
    assert welcome.instructor_button.isVisible()
    assert "No instructor" in welcome.instructor_status.text()

    qtbot.mouseClick(welcome.instructor_button, Qt.MouseButton.LeftButton)
    setup = welcome.instructor_dialog
    assert setup is not None and setup.creating and setup.isVisible()
    qtbot.keyClicks(setup.name_edit, "Maria")
    qtbot.keyClicks(setup.password_edit, "correct horse")
    qtbot.keyClicks(setup.repeat_edit, "correct horse")
    qtbot.mouseClick(setup.ok_button, Qt.MouseButton.LeftButton)

    assert db.list_instructors() == ["Maria"]
    assert verify_instructor(db, "Maria", "correct horse")
    assert not welcome.instructor_button.isVisible()
    assert "Instructor: Maria" in welcome.instructor_status.text()
    assert welcome.isVisible()  # the trainee is still to be created


def test_an_existing_instructor_is_not_asked_for_again(qtbot: QtBot, db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    dialog = WelcomeDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.needs_instructor
    assert not dialog.instructor_button.isVisible()
    dialog.close()


def test_the_instructor_may_skip_to_the_instructor_area(
    qtbot: QtBot, welcome: WelcomeDialog
) -> None:
    qtbot.mouseClick(welcome.instructor_area_button, Qt.MouseButton.LeftButton)
    assert welcome.instructor_requested
    assert welcome.trainee_id is None


def test_the_four_colour_deck_is_offered_at_the_first_start(qtbot: QtBot) -> None:
    db = open_database()
    welcome = WelcomeDialog(db)
    qtbot.addWidget(welcome)
    assert welcome.four_colour_box.isVisibleTo(welcome) and not welcome.four_colour
    welcome.show()
    qtbot.waitExposed(welcome)
    assert welcome.focusWidget() is welcome.name_edit  # a trainee types their name first
    welcome.four_colour_box.setChecked(True)
    assert welcome.four_colour
    db.close()


def test_enter_in_the_name_creates_the_profile_once(
    qtbot: QtBot, db: TrainerDB, welcome: WelcomeDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter in the name goes through the default button alone: one profile, no error."""
    calls: list[str] = []
    create = db.create_trainee
    monkeypatch.setattr(db, "create_trainee", lambda name: calls.append(name) or create(name))
    qtbot.keyClicks(welcome.name_edit, "Ana Costa")
    qtbot.keyClick(welcome.name_edit, Qt.Key.Key_Return)
    assert calls == ["Ana Costa"]
    assert welcome.result() == QDialog.DialogCode.Accepted and welcome.error.text() == ""
