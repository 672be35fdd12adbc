"""Spot the dealer's mistake in the practice window (issue 23, item 2 part 2): Game > Spot
the dealer's mistake (Ctrl+Shift+M) opens the mode for the trainee signed in, whose marks
are kept in the station's SQLite file; F1 lists the mode's keys; a lock closes it and
ends its session. Figures as worked by hand in
tests/training/test_mistakes_injected_and_graded.py (the round QUALIFIES)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from tests.ui.practice_support import signed_in_practice_window, the_one
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import settle
from trainer.skills import Skill
from trainer.storage.database import TrainerDB, open_database
from trainer.training.mistake_catalogue import MISTAKES_ENV, shipped_catalogue
from trainer.training.mistakes import Spot, inject
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import MistakesWindow


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3")
    yield database
    database.close()


@pytest.fixture
def main(qtbot: QtBot, db: TrainerDB) -> Iterator[MainWindow]:
    with signed_in_practice_window(qtbot, db, TrainingSettings(sound=False, rules="ny-2018"),
                                   MistakesWindow) as window:
        yield window


def spot_window(main: MainWindow) -> MistakesWindow:
    return the_one(main, MistakesWindow)


def active(qtbot: QtBot, window: MistakesWindow) -> MistakesWindow:
    """The window's own keys need it active (as the window system makes it on opening)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def test_the_game_menu_opens_the_mode_with_its_key(qtbot: QtBot, main: MainWindow) -> None:
    entry = next(a for a in main.findChildren(type(main.mode_actions[main.mode]))
                 if a.text() == "Spot the &dealer's mistake\u2026")
    assert entry.shortcut().toString() == "Ctrl+Shift+M"
    main.activateWindow()
    qtbot.keyClick(main, Qt.Key.Key_M,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window = spot_window(main)
    assert window.isVisible() and window.ruleset.id == "ny-2018"
    main.open_mistakes()  # a second time: the same window, raised
    assert spot_window(main) is window


def test_marks_are_kept_as_the_signed_in_trainees_answers(
        qtbot: QtBot, main: MainWindow, db: TrainerDB) -> None:
    main.open_mistakes()
    window = active(qtbot, spot_window(main))
    # seat 6's $5 Trips Plus on a flush paid $30 (table B); table A pays 7 to 1 = $35
    window.show_exercise(inject(settle(parse_round(QUALIFIES)),
                                shipped_catalogue().by_id("trips-plus-table-b"), 6))
    window.select_spot(Spot(6, Wager.TRIPS_PLUS))
    window.field.setFocus()
    qtbot.keyClicks(window.field, "35")
    qtbot.keyClick(window.field, Qt.Key.Key_Return)
    qtbot.keyClick(window.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert main.trainee_id is not None
    kept = db.trainee_answers(main.trainee_id)
    assert sorted((a.skill, a.correct, a.given) for a in kept) == [
        (Skill.CORRECT_MISTAKES, True, "$35.00"),
        (Skill.SPOT_MISTAKES, True, "marked: $35.00")]
    # every exercise shown is kept as a round: the one dealt on opening (not answered)
    # and the one answered, in the window's own session
    [session] = {a.session_id for a in kept}
    with db.conn:
        rounds = db.conn.execute("SELECT COUNT(*) FROM rounds WHERE session_id = ?",
                                 (session,)).fetchone()[0]
    assert rounds == 2
    window.close()  # the session ends with the window
    with db.conn:
        ended = db.conn.execute("SELECT ended FROM sessions").fetchall()
    assert len(ended) == 2 and ended[1][0] is not None  # the main window's, then this one's


def test_f1_lists_the_modes_keys(qtbot: QtBot, main: MainWindow) -> None:
    main.open_mistakes()
    window = active(qtbot, spot_window(main))
    qtbot.keyClick(window.field, Qt.Key.Key_F1)
    assert main.help_window is not None
    text = main.help_window.keys.toPlainText()
    assert "Ctrl+Shift+M" in text and "Spot the dealer's mistake" in text
    assert "There: unmark the chosen spot" in text


def test_a_lock_closes_the_window(qtbot: QtBot, main: MainWindow) -> None:
    main.open_mistakes()
    window = spot_window(main)
    main.lock()
    assert not window.isVisible()
    QApplication.processEvents()


def test_a_bad_house_catalogue_is_said_and_opens_nothing(
        qtbot: QtBot, main: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    house = tmp_path / "house"
    house.mkdir()
    (house / "ours.toml").write_text('[[mistakes]]\nid = "ours"\n', encoding="utf-8")
    monkeypatch.setenv(MISTAKES_ENV, str(house))
    said: list[str] = []
    monkeypatch.setattr("trainer.ui.mistakes_window.QMessageBox.warning",
                        lambda _parent, _title, text: said.append(text))
    main.open_mistakes()
    assert not main.findChildren(MistakesWindow)
    assert len(said) == 1 and str(house / "ours.toml") in said[0]
    assert said[0].startswith("The dealer's mistakes cannot be dealt: ")
