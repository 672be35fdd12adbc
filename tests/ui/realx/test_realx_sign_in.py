"""Signing in and the station lock as a trainee meets them, in the real window at
1366x768 (Xvfb + openbox, xdotool): the PIN typed in "Who is training?" (a wrong one
refused), Ctrl+Shift+L locks the station, keys reach nothing behind the lock, the PIN
unlocks it and Ctrl+N deals again (issue 14)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from realx_support import XScreen, start_trainer, stop, wait_until

from trainer.paths import data_dir
from trainer.storage.database import open_database

PIN = "246813"


def _read(query: str) -> int:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute(query).fetchone()[0])


def rounds_stored() -> int:
    return _read("SELECT count(*) FROM rounds")


def wrong_tries() -> int:
    """Wrong PINs in a row the trainer counted (a right one clears them)."""
    return _read("SELECT COALESCE(SUM(failures), 0) FROM sign_in_failures")


@pytest.mark.parametrize("x_screen", ["1366x768", "4k"], indirect=True)
def test_the_pin_signs_in_and_unlocks_and_nothing_is_answered_behind_the_lock(
        x_screen: XScreen, tmp_path: Path) -> None:
    db = open_database()
    ana = db.create_trainee("Ana Test")
    db.set_trainee_pin(ana, PIN)
    db.create_trainee("Ben Ode")
    db.close()
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.activate(x_screen.wait_window("Who is training"))
        x_screen.key("alt+p")  # the PIN field's mnemonic; Ana is selected first
        x_screen.type("1111")
        x_screen.key("Return")
        wait_until(lambda: wrong_tries() == 1, 20, "the wrong PIN to be counted")
        assert rounds_stored() == 0  # still at "Who is training?"
        x_screen.screenshot(f"who-is-training-wrong-pin-{x_screen.width}x{x_screen.height}")
        x_screen.type(PIN)  # the field is emptied and keeps the focus after a wrong try
        x_screen.key("Return")
        main = x_screen.wait_window("Ana Test")
        wait_until(lambda: rounds_stored() == 1 and wrong_tries() == 0, 20,
                   "the first hand, the wrong try forgotten")

        x_screen.activate(main)
        x_screen.key("ctrl+shift+l")
        x_screen.key("ctrl+n")  # behind the lock: deals nothing
        x_screen.type("9999")
        x_screen.key("Return")
        wait_until(lambda: wrong_tries() == 1, 20, "the lock page to take the PIN")
        assert rounds_stored() == 1
        x_screen.screenshot(f"station-locked-{x_screen.width}x{x_screen.height}")
        x_screen.type(PIN)
        x_screen.key("Return")
        wait_until(lambda: wrong_tries() == 0, 20, "the right PIN to unlock")
        x_screen.key("ctrl+n")
        wait_until(lambda: rounds_stored() == 2, 20, "Ctrl+N to deal once unlocked")
        assert trainer.poll() is None
    finally:
        stop(trainer)


@pytest.mark.parametrize("x_screen", ["1366x768"], indirect=True)
def test_a_first_trainee_types_name_and_pin_with_the_keyboard_alone(
        x_screen: XScreen, tmp_path: Path) -> None:
    """First start: the focus is in "Your name", Tab goes to the PIN and its repeat, Enter
    creates the profile with its PIN and deals the first hand."""
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.activate(x_screen.wait_window("Welcome"))
        x_screen.type("Cleo Diaz")
        x_screen.key("Tab")
        x_screen.type("432100")
        x_screen.key("Tab")
        x_screen.type("432100")
        x_screen.screenshot("welcome-name-and-pin-1366x768")
        x_screen.key("Return")
        x_screen.wait_window("Cleo Diaz")
        wait_until(lambda: rounds_stored() == 1, 20, "the first hand")
        assert _read("SELECT count(*) FROM trainees WHERE name = 'Cleo Diaz'"
                     " AND pin_hash LIKE 'scrypt$%'") == 1
        assert trainer.poll() is None
    finally:
        stop(trainer)
