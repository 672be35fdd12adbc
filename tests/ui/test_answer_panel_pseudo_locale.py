"""No text of the answer panel bypasses the catalogue (issue 24): in the pseudo-language
every translated message is wrapped in [[ ]], so a word outside the brackets on any of
its widgets (labels, buttons, the field's placeholder, the history) was not translated.
Walked for every kind of question, an error, a right answer's feedback and its history
line. Also: the quick-answer buttons type the trainee's language's keys."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from trainer.engine.round import parse_round
from trainer.engine.settlement import settle
from trainer.i18n import set_language
from trainer.training.answers import AnswerError, parse_answer
from trainer.training.grading import grade
from trainer.training.questions import build_questions
from trainer.ui.answer_panel import AnswerPanel

ROUND = {
    "rules": "house",
    "dealer": ["4c", "4d"],
    "board": ["Qh", "Jh", "Th", "2c", "3d"],
    "seats": [
        {"seat": 2, "hole": ["5c", "5s"], "ante": "5", "odds": "5", "raise": "5"},
        {"seat": 6, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "10"},
    ],
}
"""Two seats (a next-seat question), a royal flush over the cap (a capped total)."""


def _visible_texts(panel: QWidget) -> list[str]:
    texts: list[str] = []
    for label in panel.findChildren(QLabel):
        texts.append(label.text())
    for button in panel.findChildren(QPushButton):
        texts.append(button.text())
    for field in panel.findChildren(QLineEdit):
        texts.append(field.placeholderText())
    for history in panel.findChildren(QListWidget):
        texts.extend(history.item(row).text() for row in range(history.count()))
    return texts


def _unmarked(text: str) -> str:
    """What of ``text`` is outside [[ ]]: no letter may be (symbols and figures may)."""
    outside, before = text, None
    while outside != before:  # innermost first: a message may hold a translated name
        before, outside = outside, re.sub(r"\[\[(?:(?!\[\[|\]\]).)*\]\]", "", outside,
                                          flags=re.S)
    return "".join(char for char in outside if char.isalpha())


def test_every_visible_text_of_the_answer_panel_is_from_the_catalogue(
        qtbot: QtBot, pseudo: None) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    seen = _visible_texts(panel)  # before the first hand
    questions = build_questions(settle(parse_round(ROUND)))
    kinds = {question.kind for question in questions}
    for question in questions:
        panel.show_question(question, "")
        seen += _visible_texts(panel)
        try:
            parse_answer(question.kind, "zzz 999 zzz")
        except AnswerError as error:
            panel.show_error(str(error))
            seen += _visible_texts(panel)
    assert len(kinds) == 7  # every kind of question the panel asks was shown
    qualifies = next(q for q in questions if q.id == "dealer-qualifies")
    right = grade(qualifies, "yes")
    assert right.correct
    panel.show_feedback(right)
    panel.add_history(right, reveal=True, round_number=3)
    panel.show_picked(["4c", "4d"])
    seen += _visible_texts(panel)
    panel.show_round_over("")
    seen += _visible_texts(panel)
    unmarked = {text for text in seen if _unmarked(text)}
    assert unmarked == set()


def test_the_walk_finds_an_unmarked_text(qtbot: QtBot, pseudo: None) -> None:
    """The check itself: a text set without the catalogue is caught."""
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.hint.setText("Type the amount")
    assert "Type the amount" in {text for text in _visible_texts(panel) if _unmarked(text)}


def test_the_quick_answers_type_the_spanish_keys(qtbot: QtBot) -> None:
    set_language("es")
    try:
        panel = AnswerPanel()
        qtbot.addWidget(panel)
        questions = build_questions(settle(parse_round(ROUND)))
        panel.show_question(next(q for q in questions if q.id == "seat-6-result"), "")
        buttons = [panel.quick_row.itemAt(i).widget() for i in range(panel.quick_row.count())]
        assert [button.text() for button in buttons] == ["Gana", "Pierde", "Empate"]
        typed: list[str] = []
        panel.submitted.connect(typed.append)
        for button in buttons:
            button.click()
        assert typed == ["g", "p", "e"]
        assert panel.prompt.text() == "Asiento 6: ¿gana, pierde o empate?"
    finally:
        set_language("en")
