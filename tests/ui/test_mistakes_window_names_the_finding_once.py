"""The mistakes window names each finding once, in the language in use (issue 24): it shows
the training's explanation without the finding's name (MarkResult.detail) beside the
name from the catalogue, rather than cutting an English prefix off the text (in Spanish
the explanation's own "No encontrado:" was shown twice)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from trainer.engine.round import parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import settle
from trainer.i18n import set_language
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import inject
from trainer.ui.mistakes_window import MistakesWindow


def _finished(qtbot: QtBot) -> str:
    made = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
    qtbot.addWidget(made)
    settlement = settle(parse_round(QUALIFIES))
    made.show_exercise(inject(settlement, shipped_catalogue().by_id("trips-plus-table-b"), 6))
    try:
        made.finish()  # no marks: the one wrong Trips Plus is missed
        return made.result.toPlainText()
    finally:
        made.close()


@pytest.mark.parametrize(("language", "line"), [
    ("es", "\u2718 No encontrado: Trips Plus del asiento 6. El crupier pagó el Trips Plus"
           " según la tabla B, no según la tabla que usa este juego. (reglas §5.)"),
    ("en", "\u2718 Missed: seat 6's Trips Plus. The dealer paid the Trips Plus from table B,"
           " not from the table this game uses. (rules §5.)"),
])
def test_a_missed_mistake_is_named_once(qtbot: QtBot, language: str, line: str) -> None:
    set_language(language)
    try:
        text = _finished(qtbot)
    finally:
        set_language("en")
    assert line in text
    assert text.count("No encontrado:") + text.count("Missed:") == 1


def test_what_the_dealer_did_reads_in_spanish(qtbot: QtBot) -> None:
    set_language("es")
    try:
        made = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
        qtbot.addWidget(made)
        made.show_exercise(inject(settle(parse_round(QUALIFIES)),
                                  shipped_catalogue().by_id("trips-plus-table-b"), 6))
        did = {(row.spot.seat, row.wager): row.dealer for row in made.model.rows()}
        made.close()
    finally:
        set_language("en")
    # seat 1 folded: its Ante taken, its Pocket Bonus on a pair of sixes paid 5 to 1
    assert did[(1, "Ante")] == "cobró $5.00"
    assert did[(1, "Pocket Bonus")] == "pagó $25.00"
