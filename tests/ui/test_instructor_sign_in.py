"""The instructor area is behind a password; the first instructor is created on the spot."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import verify_instructor
from trainer.storage import TrainerDB
from trainer.ui.progress.sign_in import WRONG_SIGN_IN, InstructorSignInDialog

MakeDialog = Callable[[TrainerDB], InstructorSignInDialog]


@pytest.fixture
def with_instructor(db: TrainerDB) -> TrainerDB:
    db.create_instructor("Maria", "correct horse")
    db.create_trainee("Ana")
    return db


@pytest.fixture
def dialog_for(qtbot: QtBot) -> Iterator[MakeDialog]:
    """Make sign-in dialogs that are closed and deleted after the test."""
    made: list[InstructorSignInDialog] = []

    def make(db: TrainerDB) -> InstructorSignInDialog:
        dialog = InstructorSignInDialog(db)
        qtbot.addWidget(dialog)
        dialog.show()
        made.append(dialog)
        return dialog

    yield make
    for dialog in made:
        dialog.close()


def sign_in(qtbot: QtBot, dialog: InstructorSignInDialog, name: str, password: str) -> None:
    dialog.name_edit.clear()
    qtbot.keyClicks(dialog.name_edit, name)
    dialog.password_edit.clear()
    qtbot.keyClicks(dialog.password_edit, password)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def test_a_wrong_password_is_refused_and_the_dialog_stays_open(
    qtbot: QtBot, with_instructor: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(with_instructor)
    assert not dialog.creating
    sign_in(qtbot, dialog, "Maria", "wrong horse")
    assert dialog.isVisible()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.message.text() == WRONG_SIGN_IN == "Wrong name or password"
    assert dialog.signed_in_name is None
    assert dialog.password_edit.text() == ""  # typed again, not left in the field


@pytest.mark.parametrize("name", ["Nobody", "Ana"], ids=["unknown name", "a trainee's name"])
def test_an_unknown_name_or_a_trainee_is_refused_the_same_way(
    qtbot: QtBot,
    with_instructor: TrainerDB,
    dialog_for: MakeDialog,
    name: str,
) -> None:
    dialog = dialog_for(with_instructor)
    sign_in(qtbot, dialog, name, "correct horse")
    assert dialog.isVisible()
    assert dialog.message.text() == WRONG_SIGN_IN
    assert dialog.signed_in_name is None


def test_the_right_name_and_password_sign_in(
    qtbot: QtBot, with_instructor: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(with_instructor)
    sign_in(qtbot, dialog, "Maria", "wrong")
    sign_in(qtbot, dialog, "  Maria ", "correct horse")
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.isVisible()
    assert dialog.signed_in_name == "Maria"


def test_with_no_instructor_yet_the_dialog_creates_the_first_one(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(db)
    assert dialog.creating
    assert dialog.windowTitle() == "Create the first instructor"
    assert dialog.repeat_edit.isVisible()

    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.message.text() == "Type the instructor's name."

    qtbot.keyClicks(dialog.name_edit, "Maria")
    qtbot.keyClicks(dialog.password_edit, "secret one")
    qtbot.keyClicks(dialog.repeat_edit, "secret two")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert "differ" in dialog.message.text()
    assert db.list_instructors() == []

    dialog.password_edit.clear()
    qtbot.keyClicks(dialog.password_edit, "abc")
    qtbot.keyClicks(dialog.repeat_edit, "abc")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.message.text() == "password: at least 6 characters are required"  # storage's
    assert dialog.isVisible()
    assert db.list_instructors() == []

    dialog.password_edit.clear()
    dialog.repeat_edit.clear()
    qtbot.keyClicks(dialog.password_edit, "secret one")
    qtbot.keyClicks(dialog.repeat_edit, "secret one")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.signed_in_name == "Maria"
    assert db.list_instructors() == ["Maria"]
    assert verify_instructor(db, "Maria", "secret one")


def test_once_an_instructor_exists_the_dialog_asks_to_sign_in(
    with_instructor: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(with_instructor)
    assert dialog.windowTitle() == "Instructor sign-in"
    assert not dialog.repeat_edit.isVisible()
