"""Spot the dealer's mistake in Spanish (issue 24): its title, buttons, column heads, the
heading, the rows, a refused order, the verdict with its plural and the finding's name come from
the catalogue; a push typed in Spanish (empate) marks the spot; English is unchanged
(tests/ui/test_mistakes_window.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import settle
from trainer.i18n import set_language
from trainer.training.answers import AnswerError
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import ORDER, Spot, inject
from trainer.ui.mistakes_window import MistakesWindow, parse_correction

TP = Wager.TRIPS_PLUS


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MistakesWindow]:
    set_language("es")
    made = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
    qtbot.addWidget(made)
    settlement = settle(parse_round(QUALIFIES))
    made.show_exercise(inject(settlement, shipped_catalogue().by_id("trips-plus-table-b"), 6))
    try:
        yield made
    finally:
        made.close()
        set_language("en")


def test_the_window_speaks_spanish(window: MistakesWindow) -> None:
    assert window.windowTitle() == "Encuentre el error del crupier"
    assert [window.mark_button.text(), window.done_button.text()] == [
        "Marcar (Intro)", "Terminado (Ctrl+Intro)"]
    assert "El crupier ha liquidado esta ronda (asientos 1, 6, 4, 3)." in (
        window.heading.text())
    order = next(row for row in window.model.rows() if row.spot == ORDER)
    assert order.wager == "Orden"
    with pytest.raises(AnswerError) as refused:
        parse_correction(ORDER, "seis")
    assert str(refused.value) == (
        "Escriba los asientos en el orden en que se liquidan, p. ej. 1 6 4 3")


def test_a_missed_mistake_is_explained_in_spanish(window: MistakesWindow) -> None:
    window.finish()  # no marks: the one wrong Trips Plus is missed
    html = window.result.toPlainText()
    assert html.startswith("\u2718 Todavía no: 0 de 1 liquidación equivocada encontrada,"
                           " 0 inventadas.")
    assert "\u2718 No encontrado:" in html


def test_a_push_typed_in_spanish_marks_the_spot(window: MistakesWindow) -> None:
    assert parse_correction(Spot(6, TP), "empate") == parse_correction(Spot(6, TP), "e")
    window.select_spot(Spot(6, TP))
    window.field.setText("empate")
    window.mark_selected()
    assert window.error.text() == ""
    assert Spot(6, TP) in window.marks
