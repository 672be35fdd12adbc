"""Switch trainee and Sign out without quitting, and the idle lock over the practice window.

The lock is driven by a watcher interval of a few milliseconds (never real minutes);
the PIN delay by a clock the test moves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from sign_in_support import FakeClock

from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB, open_database
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.course.window import CourseWindow, open_course
from trainer.ui.main_window import MainWindow
from trainer.ui.profile_dialog import ProfileDialog

SignIn = Callable[[ProfileDialog], bool]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        ana = database.create_trainee("Ana")
        database.create_trainee("Bob")
        database.set_trainee_pin(ana, "471147")
        yield database


def ids(db: TrainerDB) -> dict[str, int]:
    return {trainee.name: trainee.id for trainee in db.list_trainees()}


def open_sessions(db: TrainerDB) -> list[int]:
    """The trainees whose sessions are still open (not ended)."""
    return [row[0] for row in db.conn.execute(
        "SELECT trainee_id FROM sessions WHERE ended IS NULL ORDER BY id")]


def window_for(qtbot: QtBot, db: TrainerDB, name: str, *,
               policy: PinPolicy = PinPolicy.OPTIONAL) -> MainWindow:
    window = MainWindow(TrainingSettings(seed=3, sound=False, exam_rounds=2), db=db,
                        trainee_id=ids(db)[name], site=SiteConfig(trainee_pin=policy))
    window.clock = FakeClock()
    qtbot.addWidget(window)
    window.show()
    window.next_hand()
    return window


def signs_in(name: str, pin: str = "") -> Callable[[QDialog], bool]:
    """A stand-in for the modal Who is training?: picks ``name``, types ``pin``, OK."""
    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, ProfileDialog)
        assert dialog.select(name)
        dialog.pin_edit.setText(pin)
        dialog.accept()
        return dialog.result() == QDialog.DialogCode.Accepted
    return run


def cancels(dialog: QDialog) -> bool:
    dialog.reject()
    return False


def test_switch_trainee_ends_the_session_and_the_next_trainee_signs_in_with_a_pin(
    qtbot: QtBot, db: TrainerDB
) -> None:
    window = window_for(qtbot, db, "Bob")
    assert open_sessions(db) == [ids(db)["Bob"]]
    window._run_sign_in = signs_in("Ana", "0000")  # type: ignore[method-assign]
    assert not window.switch_trainee()  # a wrong PIN: nothing changes
    assert window.trainee_id == ids(db)["Bob"]
    window._run_sign_in = signs_in("Ana", "471147")  # type: ignore[method-assign]
    assert window.switch_trainee()
    assert window.trainee_id == ids(db)["Ana"]
    assert window.windowTitle().startswith("Ana \u2014 ")
    assert open_sessions(db) == [ids(db)["Ana"]]  # Bob's ended cleanly, Ana's started
    assert window.recorder is not None and window.recorder.trainee_id == ids(db)["Ana"]


def test_switching_is_a_menu_command_with_its_keys(qtbot: QtBot, db: TrainerDB) -> None:
    window = window_for(qtbot, db, "Bob")
    keys = {a.text(): a.shortcut().toString() for a in window.findChildren(QAction)}
    assert keys["S&witch trainee\u2026"] == "Ctrl+Shift+T"
    assert keys["Sign &out"] == "Ctrl+Shift+Q"
    assert keys["&Lock the station"] == "Ctrl+Shift+L"


def test_switching_during_an_exam_asks_first_and_no_keeps_the_exam(
    qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = window_for(qtbot, db, "Bob")
    window.set_mode(Mode.EXAM)
    assert window.exam_running()
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _t, text, *_a: asked.append(text)
                        or QMessageBox.StandardButton.No)
    shown: list[QDialog] = []
    window._run_sign_in = lambda d: shown.append(d) or False  # type: ignore[method-assign]
    assert not window.switch_trainee()
    assert len(asked) == 1 and "This ends your exam" in asked[0]
    assert shown == [] and window.exam_running()  # never asked who is training


def test_sign_out_leaves_nobody_signed_in_until_the_next_trainee_signs_in(
    qtbot: QtBot, db: TrainerDB
) -> None:
    window = window_for(qtbot, db, "Ana")
    window.sign_out()
    assert window.trainee_id is None and window.locked
    assert window.lock_page.title.text() == "Nobody is signed in"
    assert open_sessions(db) == []
    assert not window.panel.isVisible()
    window._run_sign_in = cancels  # type: ignore[method-assign]
    qtbot.mouseClick(window.lock_page.unlock_button, Qt.MouseButton.LeftButton)
    assert window.locked and window.trainee_id is None  # still nobody
    window._run_sign_in = signs_in("Bob")  # type: ignore[method-assign]
    qtbot.mouseClick(window.lock_page.unlock_button, Qt.MouseButton.LeftButton)
    assert not window.locked and window.trainee_id == ids(db)["Bob"]
    assert window.panel.isVisible()
    assert open_sessions(db) == [ids(db)["Bob"]]


def test_the_idle_lock_covers_the_window_and_only_the_pin_opens_it(
    qtbot: QtBot, db: TrainerDB
) -> None:
    window = window_for(qtbot, db, "Ana")
    answers_before = db.conn.execute("SELECT count(*) FROM answers").fetchone()[0]
    window.idle.set_interval_ms(30)
    qtbot.waitUntil(lambda: window.locked, timeout=5000)
    assert not window.panel.isVisible() and not window.table.isVisible()
    assert not window.menuBar().isEnabled()
    next_hand = next(a for a in window.findChildren(QAction) if a.text() == "&Next hand")
    assert not next_hand.isEnabled()  # Ctrl+N deals nothing while locked
    assert "Ana: type your PIN or password to go on." in window.lock_page.explanation.text()
    qtbot.keyClicks(window.lock_page.secret_edit, "123456")
    qtbot.keyClick(window.lock_page.secret_edit, Qt.Key.Key_Return)
    assert window.locked
    assert window.lock_page.message.text() == "Wrong PIN or password"
    qtbot.keyClicks(window.lock_page.secret_edit, "471147")
    qtbot.keyClick(window.lock_page.secret_edit, Qt.Key.Key_Return)
    assert not window.locked and window.panel.isVisible() and next_hand.isEnabled()
    assert window.trainee_id == ids(db)["Ana"]
    assert db.conn.execute("SELECT count(*) FROM answers").fetchone()[0] == answers_before
    assert window.idle.watching  # and it watches again


def test_wrong_pins_at_the_lock_make_the_next_try_wait(qtbot: QtBot, db: TrainerDB) -> None:
    window = window_for(qtbot, db, "Ana")
    window.lock()
    for _ in range(4):
        window.lock_page.secret_edit.setText("0000")
        window.lock_page.try_unlock()
    assert window.lock_page.message.text() == (
        "Wrong PIN or password. Wait 1 s before the next try.")
    window.lock_page.secret_edit.setText("471147")
    window.lock_page.try_unlock()
    assert window.locked
    assert window.lock_page.message.text() == "Too many wrong tries: wait 1 s, then try again."
    window.clock.advance(1)  # type: ignore[attr-defined]
    window.lock_page.secret_edit.setText("471147")
    window.lock_page.try_unlock()
    assert not window.locked


def test_the_lock_closes_the_trainees_other_windows(qtbot: QtBot, db: TrainerDB) -> None:
    window = window_for(qtbot, db, "Ana")
    course = open_course(window)
    assert course.isVisible()
    window.lock()
    qtbot.waitUntil(lambda: not any(w.isVisible() for w in window.findChildren(CourseWindow)))


def test_a_trainee_without_a_pin_goes_on_from_the_lock_or_another_switches(
    qtbot: QtBot, db: TrainerDB
) -> None:
    window = window_for(qtbot, db, "Bob")
    window.lock()
    assert not window.lock_page.secret_edit.isVisible()
    assert window.lock_page.unlock_button.text() == "Go on as Bob"
    window._run_sign_in = signs_in("Ana", "471147")  # type: ignore[method-assign]
    switch = window.lock_page.findChild(type(window.lock_page.unlock_button), "lock_switch")
    qtbot.mouseClick(switch, Qt.MouseButton.LeftButton)
    assert not window.locked and window.trainee_id == ids(db)["Ana"]


def test_under_off_the_lock_asks_no_pin(qtbot: QtBot, db: TrainerDB) -> None:
    window = window_for(qtbot, db, "Ana", policy=PinPolicy.OFF)
    window.lock()
    qtbot.mouseClick(window.lock_page.unlock_button, Qt.MouseButton.LeftButton)
    assert not window.locked


def test_a_running_exam_keeps_its_clock_while_locked(qtbot: QtBot, db: TrainerDB) -> None:
    window = window_for(qtbot, db, "Ana")
    window.set_mode(Mode.EXAM)
    session = window.session
    window.lock()
    assert "The exam waits." in window.lock_page.explanation.text()  # no time limit here
    window.lock_page.secret_edit.setText("471147")
    window.lock_page.try_unlock()
    assert window.session is session and window.exam_running()


def test_the_lock_closes_a_review_window_too(qtbot: QtBot, db: TrainerDB) -> None:
    import random

    from trainer.engine.generator import generate_round
    from trainer.engine.round import round_to_json
    from trainer.engine.rulesets import load_ruleset

    window = window_for(qtbot, db, "Ana")
    window.reopen_round(round_to_json(generate_round(random.Random(5), load_ruleset("ny-2018"))))
    review = window.review
    assert review.isVisible()
    window.lock()
    assert not review.isVisible()
