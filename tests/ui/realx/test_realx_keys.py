"""Keys a trainee presses in the real window (Xvfb + openbox, xdotool)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from realx_support import REPO_ROOT, XScreen, start_trainer, stop, wait_until

from trainer.paths import data_dir
from trainer.storage.database import open_database


def rounds_stored() -> int:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT count(*) FROM rounds").fetchone()[0])


def test_ctrl_n_deals_the_next_hand(x_screen: XScreen, tmp_path: Path) -> None:
    """Bound once (the Game menu's Next hand): it was bound twice and did nothing."""
    db = open_database()
    db.create_trainee("Ana Test")
    db.close()
    trainer = start_trainer(x_screen, tmp_path)
    try:
        x_screen.wait_window("Who is training")
        x_screen.key("Return")
        main = x_screen.wait_window("Ana Test")
        wait_until(lambda: rounds_stored() == 1, 20, "the first hand")
        x_screen.activate(main)
        x_screen.key("ctrl+n")
        wait_until(lambda: rounds_stored() == 2, 20, "Ctrl+N to deal the next hand")
        x_screen.key("ctrl+n")
        wait_until(lambda: rounds_stored() == 3, 20, "Ctrl+N to deal again")
        assert trainer.poll() is None
    finally:
        stop(trainer)


def answers_stored() -> list[tuple[str, int]]:
    path = data_dir() / "trainer.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return connection.execute(
            "SELECT question_id, correct FROM answers ORDER BY id").fetchall()


@pytest.fixture
def table(x_screen: XScreen, tmp_path: Path) -> Iterator[tuple[XScreen, dict[str, Any]]]:
    """The practice window with the settle contract's round, and where its cards are."""
    with open(tmp_path / "driver.err", "wb") as errors:
        driver = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.realx.table_driver"], cwd=REPO_ROOT,
            env=x_screen.env(), stdout=subprocess.PIPE, stderr=errors)
    try:
        assert driver.stdout is not None
        places = json.loads(driver.stdout.readline())
        x_screen.activate(x_screen.wait_window("Ana Test"))
        yield x_screen, places
        assert driver.poll() is None, "the trainer window died"
    finally:
        stop(driver)
        if driver.stdout is not None:
            driver.stdout.close()


def test_after_clicking_cards_the_typed_hand_and_enter_answer(
        table: tuple[XScreen, dict[str, Any]]) -> None:
    """Clicks on the table used to keep the focus there: typing and Enter did nothing."""
    screen, places = table
    two_c, seven_c = places["cards"][2], places["cards"][3]  # dealer As Kd, then the board
    screen.xdotool("mousemove", str(two_c[0]), str(two_c[1]), "click", "1")
    screen.xdotool("mousemove", str(seven_c[0]), str(seven_c[1]), "click", "1")
    screen.type("high card")  # the two picked do not play: As Kd Qs Jd 9c do (rules §1)
    screen.key("Return")
    wait_until(lambda: answers_stored() == [("dealer-hand", 1)], 20,
               "the picked hand to be graded right")
    screen.screenshot("cards-picked-then-typed")


def test_escape_from_a_menu_gives_the_keys_back_to_the_answer(
        table: tuple[XScreen, dict[str, Any]]) -> None:
    """After Escape closed a menu, Enter opened the Game menu again instead of answering."""
    screen, places = table
    screen.type("high card As Kd Qs Jd 9c")
    screen.key("Return")
    wait_until(lambda: len(answers_stored()) == 1, 20, "the dealer's hand answer")
    menu = places["game_menu"]
    screen.xdotool("mousemove", str(menu[0]), str(menu[1]), "click", "1")
    time.sleep(0.3)  # the menu pops up asynchronously; nothing to wait on from outside
    screen.key("Escape")
    screen.type("n")  # ace high does not qualify (rules §3)
    screen.key("Return")
    wait_until(lambda: answers_stored() == [("dealer-hand", 1), ("dealer-qualifies", 1)], 20,
               "the qualification answer after Escape")


def test_f1_opens_the_keys_and_rules_beside_the_table(
        table: tuple[XScreen, dict[str, Any]]) -> None:
    screen, places = table
    screen.key("F1")
    sheet = screen.wait_window("Help")
    screen.screenshot("help-keys-and-rules")
    # 1080p: no room beside the 1600-pixel window, so the sheet takes the room right of
    # the board (over the answer panel), narrowed; the board stays in view.
    left, _, width, _ = screen.geometry(sheet)
    assert left > places["board_right"]
    assert left + width <= 1920 + 2  # xdotool gives the client area, inside a 1-px frame
