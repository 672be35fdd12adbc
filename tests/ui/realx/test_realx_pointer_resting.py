"""The real ``hhe-trainer`` on a real X server, with the pointer resting over a card.

The trainer died (segfault in libQt6Gui, exit 139) right after the dealer's
hand was answered from the keyboard whenever the pointer came onto the table
over a card without moving there: the window opened under it, or a dialog
closed over it. Offscreen tests never hover, so these run on Xvfb + openbox and
drive the trainer with xdotool, exactly as the issue's steps.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PIL import Image
from realx_support import XScreen, dealer_hand_typed, start_trainer, stop, wait_until

from trainer.paths import data_dir
from trainer.storage.database import open_database

MAIN_TITLE = "Ana Test \u2014 Heads Up"


def answers_stored() -> int:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT count(*) FROM answers").fetchone()[0])


def one_trainee() -> None:
    db = open_database()
    db.create_trainee("Ana Test")
    db.close()


def _around_pointer(screen: XScreen, name: str) -> list[bytes]:
    x, y = screen.pointer()
    with Image.open(screen.screenshot(name)) as picture:
        box = picture.convert("RGB").crop((x - 15, y - 15, x + 16, y + 16))
        data = box.tobytes()
    return [data[i:i + 3] for i in range(0, len(data), 3)]


def assert_pointer_rests_on_a_card(screen: XScreen, name: str) -> None:
    """Around the pointer the screenshot shows card stock (white or cream), not felt.

    A window mapped but not yet painted shows black on Xvfb: the picture is taken
    again until something is drawn there (at most 10 s), then judged."""
    pixels = wait_until(lambda: (found := _around_pointer(screen, name))
                        and any(pixel != b"\x00\x00\x00" for pixel in found) and found,
                        10, "the window to be painted under the pointer")
    assert isinstance(pixels, list)
    light = sum(1 for pixel in pixels if min(pixel) > 180)
    x, y = screen.pointer()
    assert light > len(pixels) // 4, f"pointer at {x},{y} is not over a card"


def test_window_opening_under_a_resting_pointer_then_a_keyboard_answer(
        x_screen: XScreen, tmp_path: Path) -> None:
    one_trainee()
    centre = (x_screen.width // 2, x_screen.height // 2)
    x_screen.pointer_to(*centre)
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.wait_window("Who is training")
        x_screen.key("Return")
        x_screen.wait_window(MAIN_TITLE)
        assert x_screen.pointer() == centre
        assert_pointer_rests_on_a_card(x_screen, "resting-pointer-window-opened")
        x_screen.type(dealer_hand_typed())
        x_screen.key("Return")
        wait_until(lambda: answers_stored() == 1 or trainer.poll() is not None, 20,
                   "the dealer's hand answer to be stored")
        x_screen.type("y")
        x_screen.key("Return")
        wait_until(lambda: answers_stored() == 2 or trainer.poll() is not None, 20,
                   "the qualification answer to be stored")
        assert trainer.poll() is None, f"the trainer died (exit {trainer.returncode})"
        assert x_screen.pointer() == centre
    finally:
        stop(trainer)


def test_dialog_closing_over_a_card_then_a_keyboard_answer(
        x_screen: XScreen, tmp_path: Path) -> None:
    one_trainee()
    centre = (x_screen.width // 2, x_screen.height // 2)
    x_screen.pointer_to(40, 40)
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.wait_window("Who is training")
        x_screen.key("Return")
        main = x_screen.wait_window(MAIN_TITLE)
        x_screen.activate(main)
        x_screen.key("ctrl+comma")
        x_screen.wait_window("Settings")
        x_screen.pointer_to(*centre)  # over the dialog, which hides the table
        x_screen.key("Escape")
        x_screen.wait_window_gone("Settings")
        assert_pointer_rests_on_a_card(x_screen, "resting-pointer-dialog-closed")
        x_screen.type(dealer_hand_typed())
        x_screen.key("Return")
        wait_until(lambda: answers_stored() == 1 or trainer.poll() is not None, 20,
                   "the dealer's hand answer to be stored")
        assert trainer.poll() is None, f"the trainer died (exit {trainer.returncode})"
    finally:
        stop(trainer)
