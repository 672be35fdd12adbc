"""Run the round from the practice window (issue 23, item 1): Game > Run the round
(Ctrl+Shift+R) opens the mode for the trainee signed in, at the table of their Settings,
dealt and paced as the site file's [procedure] says; every step is kept in the station's
SQLite file as their answers (the skill procedure beside the settlement's skills); F1
lists the mode's keys; a lock closes it and ends its session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.practice_support import signed_in_practice_window, the_one
from trainer.engine.procedure import DealMethod, RoomProcedure
from trainer.site_config.config import SiteConfig
from trainer.skills import Skill
from trainer.storage.database import TrainerDB, open_database
from trainer.training.procedure import Step, StepKind
from trainer.training.questions import answer_text
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.procedure_window import ProcedureWindow


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3")
    yield database
    database.close()


@pytest.fixture
def main(qtbot: QtBot, db: TrainerDB) -> Iterator[MainWindow]:
    with signed_in_practice_window(
            qtbot, db, TrainingSettings(sound=False, rules="ny-2018", seats=3), ProcedureWindow,
            site=SiteConfig(procedure=RoomProcedure(35, DealMethod.SHOE))) as window:
        yield window


def run_window(main: MainWindow) -> ProcedureWindow:
    return the_one(main, ProcedureWindow)


def right_answer(step: Step) -> object:
    if step.kind is not StepKind.SETTLEMENT:
        return step.expected
    assert step.question is not None
    text = answer_text(step.question.kind, step.question.expected)
    return "take" if text.startswith("take") else text


def test_the_game_menu_opens_the_mode_with_its_key(qtbot: QtBot, main: MainWindow) -> None:
    entry = next(a for a in main.findChildren(QAction) if a.text() == "&Run the round\u2026")
    assert entry.shortcut().toString() == "Ctrl+Shift+R"
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    qtbot.keyClick(main, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window = run_window(main)
    assert window.isVisible() and window.ruleset.id == "ny-2018"
    # the house's deal and pace (the site file), the trainee's table (three seats)
    assert (window.method, window.target, window.seats) == (DealMethod.SHOE, 35, 3)
    assert window.run is not None and len(window.run.round.round.seats) == 3
    main.open_procedure()  # a second time: the same window, raised
    assert run_window(main) is window


def test_every_step_is_kept_as_the_signed_in_trainees_answers(
        qtbot: QtBot, main: MainWindow, db: TrainerDB) -> None:
    main.open_procedure()
    window = run_window(main)
    run = window.run
    assert run is not None
    steps = run.round.steps
    first = steps[0]
    assert first.kind is StepKind.WAGER
    window.give(not first.expected)  # the first wager's step answered wrong
    for step in steps[1:]:
        window.give(right_answer(step))
    assert run.finished
    assert main.trainee_id is not None
    kept = db.trainee_answers(main.trainee_id)
    assert len(kept) == len(steps)
    dealing = [a for a in kept if a.skill is Skill.PROCEDURE]
    assert len(dealing) == sum(1 for s in steps if s.kind is not StepKind.SETTLEMENT)
    assert [a.correct for a in kept].count(False) == 1
    wrong = next(a for a in kept if not a.correct)
    assert (wrong.question_id, wrong.skill) == (f"procedure.{first.id}", Skill.PROCEDURE)
    stats = {s.skill: (s.answers, s.correct) for s in db.skill_stats(main.trainee_id)}
    assert stats[Skill.PROCEDURE] == (len(dealing), len(dealing) - 1)
    # the window's own session, ended when it closes
    [session] = {a.session_id for a in kept}
    window.close()
    with db.conn:
        ended = db.conn.execute("SELECT ended FROM sessions WHERE id = ?",
                                (session,)).fetchone()[0]
    assert ended is not None


def test_f1_lists_the_modes_keys(qtbot: QtBot, main: MainWindow) -> None:
    main.open_procedure()
    window = run_window(main)
    window.open_help()  # F1 in the window: the practice window's sheet
    assert main.help_window is not None
    text = main.help_window.keys.toPlainText()
    assert "Ctrl+Shift+R" in text and "Run the round" in text
    assert "In Run the round: accept / refuse the wager or the player's action shown" in text


def test_a_lock_closes_the_window(qtbot: QtBot, main: MainWindow) -> None:
    main.open_procedure()
    window = run_window(main)
    main.lock()
    assert not window.isVisible()
    QApplication.processEvents()
