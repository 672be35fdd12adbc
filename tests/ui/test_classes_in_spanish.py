"""The Classes tab and the assignment dialog read in Spanish from the catalogue (issue
24): a class's title and list entry, its averages with plural forms, the assignments'
columns, what a refusal says; English (the default) as before."""

from __future__ import annotations

from datetime import date

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_ui_classes import LESSONS, TODAY, _add, _create, ids  # noqa: F401
from trainer.storage import TrainerDB
from trainer.ui.progress.assign import AssignDialog
from trainer.ui.progress.classes import ClassesTab


@pytest.fixture
def tab(qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> ClassesTab:  # noqa: F811
    widget = ClassesTab(db, lessons=LESSONS, today=TODAY)
    widget.instructor = "Pat"
    qtbot.addWidget(widget)
    widget.resize(1400, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_classes_tab_reads_in_spanish(
    qtbot: QtBot, spanish: None, db: TrainerDB, ids: dict[str, int]  # noqa: F811
) -> None:
    tab = ClassesTab(db, lessons=LESSONS, today=TODAY)
    qtbot.addWidget(tab)
    tab.show()
    assert tab.title.text() == (
        "A\u00fan no hay grupos: ponga nombre a uno y pulse \u00abCrear grupo\u00bb.")
    _create(qtbot, tab, "Primavera", date(2026, 3, 2))
    assert tab.title.text() == "Primavera \u2014 empieza el 2026-03-02"
    assert tab.class_list.item(0).text() == "Primavera\ndesde el 2026-03-02"
    assert tab.averages.text() == "0 alumnos; ninguno ha respondido todav\u00eda a una pregunta."
    _add(qtbot, tab, "Ana")
    # Ana 1 of 2 right, (2 + 4) s over her one round.
    assert tab.averages.text() == (
        "1 alumno, 1 con pr\u00e1ctica. Acierto medio 50.0 %, 6.0 s por ronda, 1.0 rondas"
        " jugadas cada uno; 0 aprobaron su \u00faltimo examen.")
    assert [tab.assignments.horizontalHeaderItem(c).text() for c in range(5)] == [
        "Qu\u00e9", "Dada a", "Fecha l\u00edmite", "Hecha", "Asignada por"]
    assert [tab.pages.tabText(i) for i in range(3)] == [
        "Alumnos", "Tareas", "Cuadro de destrezas"]
    tab.target.clear()
    assert tab.assign(to_member=False) is None
    assert tab.message.text() == "Elija antes un grupo y una lecci\u00f3n o un examen."


def test_the_assignment_dialog_reads_in_spanish(
    qtbot: QtBot, spanish: None, db: TrainerDB, ids: dict[str, int]  # noqa: F811
) -> None:
    dialog = AssignDialog(db, ids["Ben"], "Pat", lambda: LESSONS, TODAY)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Asignar tarea a Ben"
    assert dialog.choice.kind.itemText(0) == "Lecci\u00f3n"
    dialog.choice.target.clear()
    dialog.accept()
    assert dialog.message.text() == (
        "No asignada: target: elija antes una lecci\u00f3n o un examen")


def test_the_classes_tab_still_reads_in_english(
    qtbot: QtBot, tab: ClassesTab
) -> None:
    _create(qtbot, tab, "Spring", date(2026, 3, 2))
    assert tab.averages.text() == "0 trainees; none has answered a question yet."
    assert tab.assignments.horizontalHeaderItem(1).text() == "Given to"
