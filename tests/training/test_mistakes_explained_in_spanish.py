"""Spot the dealer's mistake explained in Spanish (issue 24): each catalogue entry's
sentence in Spanish (``what_es`` in trainer/rulesets/mistakes.toml, required for the
shipped catalogue and named when missing), the finding's explanation as whole sentences,
the refusals of a mark; what is stored (what the dealer did, the right settlement, what
was given) stays the language-neutral English form."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.training.test_mistakes_injected_and_graded import TP, exercise
from trainer.engine.settlement import Outcome
from trainer.training.mistake_catalogue import CatalogueError, parse_catalogue, shipped_catalogue
from trainer.training.mistakes import Finding, Mark, MistakeError, Spot, grade_marks
from trainer.training.questions import PayoutAnswer

ENTRY = """
[[mistakes]]
id = "house-odd"
what = "The dealer paid the Odds twice."
rule = "§4"
kind = "bad_beat_missed"
"""


def test_every_shipped_mistake_has_its_spanish_sentence(spanish: None) -> None:
    entries = shipped_catalogue().entries
    assert len(entries) == 21
    for entry in entries:
        assert entry.shown_what.startswith("El crupier "), entry.id
        assert entry.shown_what != entry.what
    assert shipped_catalogue().by_id("tie-paid").shown_what == (
        "El crupier pagó el Ante y la Subida de un asiento que empató con el crupier: un"
        " empate deja en empate todas las apuestas principales.")


def test_a_shipped_entry_without_its_spanish_sentence_is_named() -> None:
    with pytest.raises(CatalogueError) as refused:
        parse_catalogue(ENTRY, "mistakes.toml", languages=("es",))
    assert str(refused.value) == (
        "mistakes.toml:2: mistakes[1] ('house-odd').what_es: missing (every shipped mistake"
        " has its sentence in each language of the trainer: what_es)")


def test_a_house_entry_without_a_spanish_sentence_reads_in_english(spanish: None) -> None:
    (entry,) = parse_catalogue(ENTRY, "house.toml")
    assert entry.shown_what == "The dealer paid the Odds twice."
    (translated,) = parse_catalogue(ENTRY + 'what_es = "El crupier pagó el Odds dos veces."\n',
                                    "house.toml")
    assert translated.shown_what == "El crupier pagó el Odds dos veces."


def test_a_wrong_correction_is_explained_in_spanish(spanish: None) -> None:
    made, _wrong = exercise("trips-plus-table-b")
    # the dealer paid $30 from table B, $35 is right; the trainee marks it and says $30
    (result,) = grade_marks(made, [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN,
                                                                   Decimal(30)))]).results
    assert result.finding is Finding.WRONG_CORRECTION
    assert result.explanation == (
        "Trips Plus del asiento 6 está mal, pero no es $30.00: es $35.00. El crupier pagó el"
        " Trips Plus según la tabla B, no según la tabla que usa este juego. (reglas §5.) El"
        " crupier pagó $30.00; lo correcto: Trips Plus $5.00 paga 7 a 1 por color (tabla A de"
        " Trips Plus): $35.00 (tabla de pagos: Trips Plus A: color 7 a 1).")
    assert (result.dealer_did, result.right, result.given) == ("paid $30.00", "$35.00",
                                                               "$30.00")


def test_a_found_mistake_keeps_the_finding_apart_from_its_detail(spanish: None) -> None:
    made, _wrong = exercise("trips-plus-table-b")
    (result,) = grade_marks(made, [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN,
                                                                   Decimal(35)))]).results
    assert result.finding is Finding.FOUND
    assert result.detail.startswith("Trips Plus del asiento 6. El crupier pagó el Trips Plus")
    assert result.explanation == f"Encontrado: {result.detail}"
    assert grade_marks(made, []).results[0].explanation.startswith(
        "No encontrado: Trips Plus del asiento 6. ")


def test_a_mark_is_refused_in_spanish(spanish: None) -> None:
    made, _wrong = exercise("trips-plus-table-b")
    twice = [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN, Decimal(35)))] * 2
    with pytest.raises(MistakeError) as refused:
        grade_marks(made, twice)
    assert str(refused.value) == (
        "Trips Plus del asiento 6 está marcado dos veces: márquelo una sola vez, con la"
        " liquidación correcta")


def test_english_is_unchanged() -> None:
    made, _wrong = exercise("trips-plus-table-b")
    (result,) = grade_marks(made, [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN,
                                                                   Decimal(35)))]).results
    assert result.explanation == (
        "Found: seat 6's Trips Plus. The dealer paid the Trips Plus from table B, not from the"
        " table this game uses. (rules §5.) The dealer paid $30.00; right: Trips Plus $5.00"
        " pays 7 to 1 for flush (Trips Plus table A): $35.00 (pay table: trips plus A: flush"
        " 7 to 1).")
