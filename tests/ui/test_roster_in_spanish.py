"""The instructor's dashboard and its roster read in Spanish from the catalogue (issue
24): buttons, tabs, column titles, the count of trainees with its plural, an exam's
status, what a merge added and a refusal; in English (the default) as before."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize, QPainter
from pytestqt.qtbot import QtBot

from tests.ui.test_instructor_dashboard import seed
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import MergeReport
from trainer.ui.progress import pdf
from trainer.ui.progress.dashboard import InstructorDashboard, _describe_merge
from trainer.ui.progress.models import RosterModel


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """Ana, Ben, Cy (with answers) and Dee (none): four trainees."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        seed(database)
        yield database


def _dashboard(qtbot: QtBot, db: TrainerDB) -> InstructorDashboard:
    widget = InstructorDashboard(db)
    qtbot.addWidget(widget)
    return widget


def _headers(dashboard: InstructorDashboard) -> list[str]:
    model = dashboard.roster_model
    return [model.headerData(column, Qt.Orientation.Horizontal)
            for column in range(model.columnCount())]


MERGED = MergeReport("abcd1234", trainees=1, sessions=2, rounds=12, answers=1, exams=0,
                     course_answers=3)


def test_the_roster_reads_in_spanish(qtbot: QtBot, db: TrainerDB, spanish: None) -> None:
    dashboard = _dashboard(qtbot, db)
    assert dashboard.count_label.text() == "4 alumnos"
    dashboard.filter_edit.setText("e")  # Ben and Dee
    assert dashboard.count_label.text() == "2 de 4 alumnos mostrados"
    assert [dashboard.roster_tabs.tabText(i) for i in range(4)] == [
        "Lista de alumnos", "Cuadro de destrezas", "Tendencias", "Grupos"]
    assert _headers(dashboard) == [
        "Nombre", "Acierto", "Tiempo medio / ronda", "Rondas jugadas", "\u00daltima actividad",
        "Examen", "Certificaci\u00f3n"]
    dee = dashboard.roster_model.row_of(next(
        t.id for t in db.list_trainees() if t.name == "Dee"))
    assert dee is not None
    exam = dashboard.roster_model.index(dee, RosterModel.EXAM_STATUS).data()
    assert exam == "sin examen"
    assert dashboard.open_button.text() == "Abrir alumno"
    dashboard.roster_view.clearSelection()
    assert dashboard.export_answers_csv() is None
    assert dashboard.message.text() == "Seleccione antes un alumno."
    assert _describe_merge(MERGED) == (
        "Puesto abcd1234 fusionado: a\u00f1adidos 1 alumno, 2 sesiones, 12 rondas,"
        " 1 respuesta, 0 ex\u00e1menes, 3 respuestas de resoluci\u00f3n o de caso.")


def test_the_roster_still_reads_in_english(qtbot: QtBot, db: TrainerDB) -> None:
    dashboard = _dashboard(qtbot, db)
    assert dashboard.count_label.text() == "4 trainees"
    dashboard.filter_edit.setText("e")
    assert dashboard.count_label.text() == "2 of 4 trainees shown"
    assert _headers(dashboard)[0] == "Name" and _headers(dashboard)[-1] == "Certification"
    assert _describe_merge(MERGED) == (
        "Merged station abcd1234: added 1 trainee, 2 sessions, 12 rounds, 1 answer, 0 exams,"
        " 3 ruling or scenario answers.")


def _first_row(path: Path) -> list[str]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return next(csv.reader(handle))


def test_the_instructor_chooses_the_language_of_the_files_saved(
    qtbot: QtBot, db: TrainerDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An English station saves the roster with Spanish headings when the instructor
    chooses Español (and back); the pages' footers of a PDF follow the same choice."""
    dashboard = _dashboard(qtbot, db)
    combo = dashboard.report_language_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["English", "Espa\u00f1ol"]
    assert dashboard.report_language() == "en"
    target = tmp_path / "roster.csv"
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: target)
    combo.setCurrentIndex(combo.findData("es"))
    assert dashboard.export_roster_csv() == target
    assert _first_row(target)[:3] == ["Nombre", "N.\u00ba de empleado", "Acierto %"]
    assert dashboard.message.text() == f"Roster saved to {target}."  # the station's words
    combo.setCurrentIndex(combo.findData("en"))
    assert dashboard.export_roster_csv() == target
    assert _first_row(target)[:3] == ["Name", "Employee id", "Accuracy %"]


def test_a_pdf_footer_is_in_the_language_asked(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an English station, a report saved in Spanish numbers its pages in Spanish."""
    drawn: list[str] = []
    original = pdf.QPainter.drawText

    def recording(painter: QPainter, *args: Any) -> None:
        if isinstance(args[-1], str):
            drawn.append(args[-1])
        original(painter, *args)

    monkeypatch.setattr(pdf.QPainter, "drawText", recording)
    pdf.write_pdf("<h1>Ana</h1>", tmp_path / "a.pdf", page_size=QPageSize.PageSizeId.A4,
                  language="es")
    pdf.write_pdf("<h1>Ana</h1>", tmp_path / "b.pdf", page_size=QPageSize.PageSizeId.A4)
    assert [text for text in drawn if text.startswith(("page", "p\u00e1gina"))] == [
        "p\u00e1gina 1 de 1", "page 1 of 1"]


def test_the_skill_grid_trends_and_a_trainee_page_read_in_spanish(
    qtbot: QtBot, db: TrainerDB, spanish: None
) -> None:
    dashboard = _dashboard(qtbot, db)
    grid = dashboard.skill_grid
    grid.refresh()
    grid.reload()
    assert grid.count_label.text() == "4 alumnos"
    model = grid.model
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Nombre", "Destreza m\u00e1s d\u00e9bil", "Avisos", "\u00daltima respuesta"]
    assert [grid.flag_filter.itemText(i) for i in range(2)] == [
        "Todos los alumnos", "Con alg\u00fan aviso"]
    dee = next(t.id for t in db.list_trainees() if t.name == "Dee")
    page = dashboard.open_trainee(dee)
    assert [page.tabs.tabText(i) for i in range(page.tabs.count())] == [
        "Progreso", "Errores (0)", "Ex\u00e1menes (0)", "Tendencias"]
    assert page.back_button.text() == "\u2190 Todos los alumnos"
    assert page.trends.missed.headerData(3, Qt.Orientation.Horizontal) == "Preguntadas"
