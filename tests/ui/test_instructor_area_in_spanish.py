"""The instructor area, a review of a recorded round and a trainee's station exams read
in Spanish from the catalogue (issue 24): the bar, the lock and its refusal, the PIN
dialog, the review's banner, captions and note, the station exams' columns and
result; English (the default) as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_review_chip_stacks import FLUSH_ROUND, _mistake
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.ui.instructor_area import InstructorArea
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.review_window import ReviewWindow
from trainer.ui.station_exams import StationExamsModel


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        database.create_instructor("Maria", "correct horse")
        database.create_trainee("Ana")
        yield database


def _area(qtbot: QtBot, db: TrainerDB) -> InstructorArea:
    dashboard = InstructorDashboard(db)
    area = InstructorArea(db, "Maria", dashboard, idle_minutes=15)
    qtbot.addWidget(area)
    return area


def test_the_instructor_area_reads_in_spanish(
    qtbot: QtBot, db: TrainerDB, spanish: None
) -> None:
    area = _area(qtbot, db)
    assert area.who.text() == "Sesi\u00f3n iniciada como <b>Maria</b>"
    assert [b.text() for b in area.bar_buttons] == [
        "PIN del alumno\u2026", "Instructores\u2026", "Cambiar mi contrase\u00f1a\u2026",
        "Bloquear", "Cerrar sesi\u00f3n"]
    area.lock()
    assert area.lock_page.title.text() == "\u00c1rea del instructor bloqueada"
    assert area.lock_page.explanation.text() == (
        "Nadie ha usado el \u00e1rea del instructor en 15 min, o se ha bloqueado. Maria:"
        " escriba su contrase\u00f1a para continuar.")
    dialog = area.trainee_pin_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "PIN de Ana"
    assert dialog.ok_button.text() == "Fijar el PIN"


def test_the_instructor_area_still_reads_in_english(qtbot: QtBot, db: TrainerDB) -> None:
    area = _area(qtbot, db)
    assert area.who.text() == "Signed in as <b>Maria</b>"
    area.lock()
    assert area.lock_page.explanation.text() == (
        "Nobody used the instructor area for 15 min, or it was locked. Maria: type your"
        " password to go on.")


def test_a_review_reads_in_spanish(qtbot: QtBot, spanish: None) -> None:
    typed = ReviewWindow(FLUSH_ROUND, mistake=_mistake("seat-6-odds", Skill.ODDS_WIN,
                                                      "$7.50", "5"))
    qtbot.addWidget(typed)
    assert typed.notes[0] == "Registrado: 5 \u2014 correcto: $7.50."
    assert typed.windowTitle() == "Repasar una ronda registrada \u2014 ny-2018"
    assert typed.panel.next_button.text() == "Cerrar el repaso"
    chips = ReviewWindow(FLUSH_ROUND, mistake=_mistake(
        "seat-6-odds.chips", Skill.CHIP_PROCEDURE, "1x$5 + 1x$2.50", "3x$2.50"))
    qtbot.addWidget(chips)
    assert chips.stacks is not None
    assert [stack.caption for stack in chips.stacks.stacks] == ["FORMADO ENTONCES", "ESPERADO"]


def test_station_exams_read_in_spanish(spanish: None) -> None:
    model = StationExamsModel()
    assert [model.headerData(c, Qt.Orientation.Horizontal)
            for c in range(model.columnCount())] == [
        "Inicio", "Tipo", "Reglas", "Rondas", "Nota de aprobado", "Nota", "Resultado"]
