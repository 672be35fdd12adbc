"""A lesson page in Spanish (issue 24, item 5): the course window opened with Spanish chosen
shows the lesson's Spanish text and the page's own words from the catalogue; in English
(the default) the same page is unchanged."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from trainer.training.lessons import load_course
from trainer.training.session import TrainingSettings
from trainer.ui.course import CourseWindow

SETTINGS = TrainingSettings(seed=20260501, sound=False)


def _window(qtbot: QtBot, width: int = 1366, height: int = 768) -> CourseWindow:
    window = CourseWindow(SETTINGS, course=load_course())
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    return window


def test_a_lesson_page_reads_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = _window(qtbot)
    window.open_lesson("dealer-qualification")
    page = window.lesson_page
    assert page.title.text() == "3. Calificaci\u00f3n del crupier"
    assert "El crupier califica con pareja o mejor" in page.explanation.toPlainText()
    assert page.example_title.text() == "Ejemplo resuelto 1 de 2: As-rey alto no califica"
    assert page.account.toPlainText().startswith("El A\u2660 K\u2666 del crupier")
    assert "La liquidaci\u00f3n, paso a paso" in page.account.toPlainText()
    # 5 + 10 rounds of the lesson's two drills, in Spanish plural forms
    assert page.drill_button.text().strip() == "Empezar ejercicio (15 rondas)"
    assert page.mastery.text() == "Dominio: sin empezar"
    assert page.facts.text().startswith("Entrena: ")
    assert "objetivo 5 s por pregunta \u2022 reglamento ny-2018" in page.facts.text()
    assert page.next_button.text() == "Ejemplo siguiente \u25b6"
    path = os.environ.get("HHE_LESSON_PAGE_PNG")  # a screenshot to look at, when asked
    if path:
        qtbot.waitExposed(window)
        window.grab().save(str(Path(path)))


def test_a_lesson_of_rulings_says_what_its_drill_asks_in_spanish(
        qtbot: QtBot, spanish: None) -> None:
    window = _window(qtbot)
    window.open_lesson("irregularities")
    page = window.lesson_page
    assert page.title.text() == "14. Irregularidades"
    assert page.drill_button.text().strip() == "Empezar ejercicio (14 resoluciones)"
    assert page.no_examples.text() == (
        "Esta lecci\u00f3n no tiene ejemplos resueltos.\n\nLea la explicaci\u00f3n y pulse"
        " \u00abEmpezar ejercicio\u00bb: 14 resoluciones.")


def test_the_lesson_page_is_unchanged_in_english(qtbot: QtBot) -> None:
    window = _window(qtbot)
    window.open_lesson("dealer-qualification")
    page = window.lesson_page
    assert page.title.text() == "3. Dealer qualification"
    assert page.example_title.text() == "Worked example 1 of 2: Ace-king high does not qualify"
    assert page.drill_button.text().strip() == "Start drill (15 rounds)"
    assert page.mastery.text() == "Mastery: not started"
    assert "target 5 s a question \u2022 rule set ny-2018" in page.facts.text()
    assert "The settlement, step by step" in page.account.toPlainText()


def _type(qtbot: QtBot, field: object, text: str) -> None:
    field.clear()  # type: ignore[attr-defined]
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_ruling_is_asked_and_explained_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = _window(qtbot)
    window.open_lesson("irregularities")
    window.start_lesson_drill()
    drill, panel = window.drill, window.drill.ruling_panel
    assert drill.position.text() == "Paso 1 de 14 \u2022 Resoluci\u00f3n 1 de 14"
    assert drill.stop_button.text() == "Detener ejercicio"
    assert panel.prompt.text() == "\u00bfCu\u00e1l es la resoluci\u00f3n?"
    assert panel.situation.text().startswith("**Nueva York.** Repartiendo a mano")
    assert panel.choices.item(0).text() == "1.  Todas las manos son nulas."
    _type(qtbot, panel.field, "9")  # not a choice: said in Spanish, nothing graded
    assert panel.error.text() == (
        "'9' no es ninguna de las resoluciones: escriba un n\u00famero del 1 al 4.")
    _type(qtbot, panel.field, "4")  # the English file's answer is 1: so is the Spanish one
    assert panel.verdict.text() == (
        "\u2718 No es as\u00ed. La resoluci\u00f3n es la 1: Todas las manos son nulas.")
    assert panel.explanation.text().endswith("*Nueva York 2018 (j)(1); reglas \u00a78*")
    path = os.environ.get("HHE_RULING_PNG")
    if path:
        window.grab().save(str(Path(path)))


def test_the_course_list_reads_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = _window(qtbot)
    view = window.course_view
    model = view.model
    assert view.heading.text() == "Curso"
    assert [model.headerData(column, Qt.Orientation.Horizontal) for column in range(6)] == [
        "#", "Lecci\u00f3n", "Entrena", "Pr\u00e1ctica", "Dominio", "Nivel"]
    row = next(index for index, lesson in enumerate(model.lessons)
               if lesson.id == "dealer-qualification")
    assert model.data(model.index(row, 1)) == "Calificaci\u00f3n del crupier"
    assert model.data(model.index(row, 3)) == "2 ejemplos \u2022 15 rondas"
    assert view.due_button.text() == "Practicar lo pendiente"
    assert view.mistakes_button.text() == "Repasar mis errores"
    assert view.open_button.text() == "Abrir lecci\u00f3n"
