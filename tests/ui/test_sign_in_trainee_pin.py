"""Who is training? A trainee's PIN under the room's policy (required, optional, off),
and the growing delay after wrong PINs, said in the dialog instead of freezing it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from sign_in_support import FakeClock

from tests.storage.storage_support import find_trainee
from trainer.site_config import PinPolicy
from trainer.storage import TrainerDB, open_database
from trainer.ui.profile_dialog import WRONG_PIN, ProfileDialog

MakeDialog = Callable[..., ProfileDialog]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        ana = database.create_trainee("Ana")
        database.create_trainee("Bob")
        database.set_trainee_pin(ana, "471147")
        yield database


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def dialog_for(qtbot: QtBot, db: TrainerDB, clock: FakeClock) -> MakeDialog:
    def make(policy: PinPolicy = PinPolicy.OPTIONAL) -> ProfileDialog:
        dialog = ProfileDialog(db, policy=policy, clock=clock)
        qtbot.addWidget(dialog)
        dialog.show()
        return dialog

    return make


def pick(qtbot: QtBot, dialog: ProfileDialog, name: str, pin: str = "") -> None:
    assert dialog.select(name)
    if pin:
        qtbot.keyClicks(dialog.pin_edit, pin)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def test_a_trainee_without_a_pin_signs_in_by_picking_the_name(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for()
    assert dialog.select("Bob")
    assert not dialog.secret_box.isVisible()
    pick(qtbot, dialog, "Bob")
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.trainee_id == find_trainee(db, "Bob").id  # type: ignore[union-attr]


def test_picking_a_trainee_with_a_pin_asks_for_it_and_refuses_a_wrong_one(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for()
    pick(qtbot, dialog, "Ana")
    assert dialog.secret_box.isVisible()
    assert dialog.isVisible() and dialog.trainee_id is None
    assert dialog.error.text() == "Type your PIN or password."
    pick(qtbot, dialog, "Ana", "123456")
    assert dialog.isVisible() and dialog.trainee_id is None
    assert dialog.error.text() == WRONG_PIN == "Wrong PIN or password"
    assert dialog.pin_edit.text() == ""
    pick(qtbot, dialog, "Ana", "471147")
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.trainee_id == find_trainee(db, "Ana").id  # type: ignore[union-attr]


def test_double_clicking_a_name_with_a_pin_still_asks_for_the_pin(
    qtbot: QtBot, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for()
    assert dialog.select("Ana")
    dialog.names.itemActivated.emit(dialog.names.currentItem())
    assert dialog.isVisible() and dialog.trainee_id is None


def test_wrong_pins_make_the_next_try_wait_and_the_dialog_says_how_long(
    qtbot: QtBot, dialog_for: MakeDialog, clock: FakeClock
) -> None:
    dialog = dialog_for()
    for _ in range(3):
        pick(qtbot, dialog, "Ana", "0000")
        assert dialog.error.text() == WRONG_PIN
        clock.advance(5)
    pick(qtbot, dialog, "Ana", "0000")  # the 4th wrong one in a row
    assert dialog.error.text() == "Wrong PIN or password. Wait 1 s before the next try."
    pick(qtbot, dialog, "Ana", "471147")  # right, but too early: not even checked
    assert dialog.error.text() == "Too many wrong tries: wait 1 s, then try again."
    assert dialog.isVisible()
    clock.advance(1)
    pick(qtbot, dialog, "Ana", "471147")
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_under_required_a_trainee_without_a_pin_chooses_one_before_training(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(PinPolicy.REQUIRED)
    assert dialog.select("Bob")
    assert dialog.secret_mode == "choose" and dialog.repeat_edit.isVisible()
    pick(qtbot, dialog, "Bob")
    assert dialog.trainee_id is None
    assert dialog.error.text() == "Type a PIN or password."
    qtbot.keyClicks(dialog.pin_edit, "123")
    qtbot.keyClicks(dialog.repeat_edit, "123")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.error.text() == "A PIN needs at least 6 digits."
    dialog.pin_edit.clear()
    dialog.repeat_edit.clear()
    qtbot.keyClicks(dialog.pin_edit, "246813")
    qtbot.keyClicks(dialog.repeat_edit, "2460")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.error.text() == "The two differ: type the same PIN or password twice."
    bob = find_trainee(db, "Bob")
    assert bob is not None and not db.trainee_has_pin(bob.id)
    dialog.pin_edit.clear()
    dialog.repeat_edit.clear()
    qtbot.keyClicks(dialog.pin_edit, "246813")
    qtbot.keyClicks(dialog.repeat_edit, "246813")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.trainee_id == bob.id
    assert db.check_trainee_pin(bob.id, "246813").accepted


def test_under_required_a_new_profile_needs_a_pin(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(PinPolicy.REQUIRED)
    qtbot.keyClicks(dialog.new_name, "Cy")
    qtbot.keyClick(dialog.new_name, Qt.Key.Key_Return)
    assert "The training room requires a PIN" in dialog.error.text()
    assert find_trainee(db, "Cy") is None
    qtbot.keyClicks(dialog.new_pin, "975310")
    qtbot.keyClicks(dialog.new_repeat, "975310")
    qtbot.keyClick(dialog.new_name, Qt.Key.Key_Return)
    cy = find_trainee(db, "Cy")
    assert cy is not None and dialog.trainee_id == cy.id
    assert db.check_trainee_pin(cy.id, "975310").accepted


def test_under_optional_a_new_profile_may_have_a_pin_or_none(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for()
    assert dialog.new_pin.placeholderText() == "PIN or password (optional)"
    qtbot.keyClicks(dialog.new_name, "Cy")
    qtbot.keyClick(dialog.new_name, Qt.Key.Key_Return)
    cy = find_trainee(db, "Cy")
    assert cy is not None and not db.trainee_has_pin(cy.id) and dialog.trainee_id == cy.id
    second = dialog_for()
    qtbot.keyClicks(second.new_name, "Dee")
    qtbot.keyClicks(second.new_pin, "dealer pass")
    qtbot.keyClicks(second.new_repeat, "dealer pass")
    qtbot.keyClick(second.new_name, Qt.Key.Key_Return)
    dee = find_trainee(db, "Dee")
    assert dee is not None and db.check_trainee_pin(dee.id, "dealer pass").accepted


def test_under_off_no_pin_is_offered_nor_asked(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog
) -> None:
    dialog = dialog_for(PinPolicy.OFF)
    assert not dialog.new_pin.isVisible()
    pick(qtbot, dialog, "Ana")
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert db.trainee_has_pin(dialog.trainee_id)  # kept for when the room turns it back on


def test_a_preselected_trainee_with_a_pin_gets_the_pin_field_focused(
    qtbot: QtBot, dialog_for: MakeDialog
) -> None:
    """Issue 19, item 24: Ana (first in the list, with a PIN) types it straight away."""
    dialog = dialog_for()
    assert dialog.names.currentItem().text() == "Ana"
    assert dialog.focusWidget() is dialog.pin_edit
    qtbot.keyClicks(dialog.focusWidget(), "471147")
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.trainee_id is not None


def test_a_preselected_trainee_without_a_pin_leaves_the_focus_on_the_names(
    qtbot: QtBot, db: TrainerDB, clock: FakeClock
) -> None:
    db.create_trainee("Abe")  # first in the list, no PIN
    dialog = ProfileDialog(db, policy=PinPolicy.OPTIONAL, clock=clock)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.names.currentItem().text() == "Abe"
    assert dialog.focusWidget() is not dialog.pin_edit


@pytest.mark.parametrize("policy", [PinPolicy.OPTIONAL, PinPolicy.REQUIRED])
def test_a_pin_cleared_outside_the_trainer_does_not_let_anyone_in_as_that_trainee(
    qtbot: QtBot, db: TrainerDB, dialog_for: MakeDialog, policy: PinPolicy
) -> None:
    """Issue 21, attack 6: ``pin_hash = NULL`` with sqlite3 made Ana a trainee without a
    PIN (optional) or one who chooses a new PIN (required); her sealed account is refused."""
    conn = sqlite3.connect(db.path)
    with conn:
        conn.execute("UPDATE trainees SET pin_hash = NULL WHERE name = 'Ana'")
    conn.close()
    dialog = dialog_for(policy)
    if policy is PinPolicy.REQUIRED:
        assert dialog.select("Ana")
        qtbot.keyClicks(dialog.pin_edit, "123456")
        qtbot.keyClicks(dialog.repeat_edit, "123456")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    else:
        pick(qtbot, dialog, "Ana")
    assert dialog.isVisible() and dialog.trainee_id is None
    assert dialog.error.text() == (
        "The account of Ana was changed outside the trainer (its PIN or its count of wrong"
        " tries): it cannot be used until an instructor sets a new PIN for Ana in the"
        " instructor area.")
    assert not db.trainee_has_pin(find_trainee(db, "Ana").id)  # type: ignore[union-attr]
