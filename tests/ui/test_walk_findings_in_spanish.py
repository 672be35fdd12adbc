"""What the walk of every window in the pseudo-language found unmarked, now read in
Spanish (issue 24; tests/ui/test_every_window_pseudo_locale.py): a drill's summary page
(its heading, score with plural forms, buttons, the mastery table's headings, levels and
lesson line), the position line of a course drill or a review, the felt's payout stack
captions and a take paid in chip mode as the history says it; and what the walk could not
reach but the untranslated count showed beside it: a ruling's card found face up in the
deck, a chip task's amount field; English (the default) as before."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_chip_mode_window import make_window
from tests.ui.test_review_chip_stacks import FLUSH_ROUND, _mistake
from trainer.skills import Skill
from trainer.training.course_plan import Change
from trainer.ui.course.summary import SummaryPage, changes_html
from trainer.ui.review_window import ReviewWindow

CHANGES = [Change("Lesson: Ties", 0, "not started", 40, "learning")]
"""A lesson never drilled before, at 40 after the drill (the line's name as training
would have written it in English)."""


def test_a_drills_summary_reads_in_spanish(qtbot: QtBot, spanish: None) -> None:
    page = SummaryPage()
    qtbot.addWidget(page)
    page.show_result("Empates", 3, 4, CHANGES, has_lesson=True, stopped=True)
    assert page.heading.text() == "Ejercicio detenido: Empates"
    assert page.score.text() == "3 de 4 correctas (75%)"  # 3/4 = 75 %
    page.show_result("Empates", 1, 1, CHANGES, has_lesson=True)
    assert page.heading.text() == "Ejercicio terminado: Empates"
    assert page.score.text() == "1 de 1 correcta (100%)"  # the singular form
    assert [page.again_button.text(), page.lesson_button.text(),
            page.course_button.text()] == ["Repetir el ejercicio", "Volver a la lección",
                                           "Volver al curso  (Intro)"]
    table = changes_html(CHANGES)
    for word in ("Dominio", "antes", "después", "cambio", "sin empezar", "aprendiendo"):
        assert word in table, word
    page.show_result("Empates", 0, 0, [], has_lesson=False)
    assert page.score.text() == "Nada respondido"
    assert "Este ejercicio no tiene dominio que mostrar." in page.table.toPlainText()


def test_a_drills_summary_still_reads_in_english(qtbot: QtBot) -> None:
    page = SummaryPage()
    qtbot.addWidget(page)
    page.show_result("Ties", 3, 4, CHANGES, has_lesson=True, stopped=True)
    assert page.heading.text() == "Drill stopped: Ties"
    assert page.score.text() == "3 of 4 right (75%)"
    assert page.course_button.text() == "Back to the course  (Enter)"
    assert "<th align='right'>before</th>" in changes_html(CHANGES)


def test_the_lesson_line_of_the_mastery_changes_in_spanish(spanish: None) -> None:
    from trainer.training.course_plan import Snapshot, mastery_changes
    from trainer.training.lessons import load_course
    from trainer.training.mastery import LessonMastery, Level

    course = load_course()
    lesson = course.by_id("dealer-qualification")
    assert lesson.title == "Calificación del crupier"  # the lesson file's Spanish
    state = LessonMastery(lesson.id, 0, Level.NOT_STARTED, {})
    changes = mastery_changes(Snapshot({lesson.id: state}, {}),
                              Snapshot({lesson.id: state}, {}), course.lessons)
    assert changes[0].name == "Lección: Calificación del crupier"


def test_a_reviews_position_line_in_spanish(qtbot: QtBot, spanish: None) -> None:
    review = ReviewWindow(FLUSH_ROUND, mistake=_mistake("seat-6-odds", Skill.ODDS_WIN,
                                                       "$7.50", "5"))
    qtbot.addWidget(review)
    assert review.panel.status.text() == "Pregunta 1 de 7"  # FLUSH_ROUND asks seven


def test_chip_modes_stack_captions_and_a_take_in_the_history_in_spanish(
        qtbot: QtBot, spanish: None) -> None:
    window = make_window(qtbot)
    table = window.table
    assert [table.building_stack.caption, table.paid_stack.caption,
            table.expected_stack.caption] == ["PAGO", "PAGADO", "ESPERADO"]
    field = window.panel.field
    for text in ("escalera real Ah Kh Qh Jh Th", "s", "escalera", "p"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.keyClicks(field, "c")  # cobrar: seat 3's $10 ante is taken
    history = window.panel.history
    line = history.item(history.count() - 1).text()
    assert line.endswith("\u2192  cobrar $10.00"), line
    window.close()


def test_a_take_in_chip_modes_history_still_reads_in_english(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    field = window.panel.field
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.keyClicks(field, "t")
    history = window.panel.history
    assert history.item(history.count() - 1).text().endswith("\u2192  take $10.00")
    assert window.table.paid_stack.caption == "PAID"
    window.close()


def _shown_captions(view: object) -> list[str]:
    from trainer.ui.table.items import CaptionItem

    return [item.text for item in view.scene().items()  # type: ignore[attr-defined]
            if isinstance(item, CaptionItem) and item.isVisible()]


def test_a_card_found_face_up_in_the_deck_and_a_chip_tasks_field_in_spanish(
        qtbot: QtBot, spanish: None) -> None:
    from trainer.engine.cards import parse_card
    from trainer.training.lessons import RulingTable
    from trainer.ui.course.chip_drill import ChipTaskPanel
    from trainer.ui.course.ruling_table import RulingTableView

    view = RulingTableView()
    qtbot.addWidget(view)
    view.show_ruling_table(RulingTable(exposed=(parse_card("Ah"),)))  # no one holds the A♥
    assert "DESCUBIERTA EN LA BARAJA" in _shown_captions(view)
    panel = ChipTaskPanel()
    qtbot.addWidget(panel)
    assert panel.amount.placeholderText() == "Escriba la cantidad, p. ej. 100, y pulse Intro"


def test_a_card_found_face_up_in_the_deck_still_reads_in_english(qtbot: QtBot) -> None:
    from trainer.engine.cards import parse_card
    from trainer.training.lessons import RulingTable
    from trainer.ui.course.ruling_table import RulingTableView

    view = RulingTableView()
    qtbot.addWidget(view)
    view.show_ruling_table(RulingTable(exposed=(parse_card("Ah"),)))
    assert "FOUND FACE UP IN THE DECK" in _shown_captions(view)
