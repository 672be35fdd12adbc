"""Chips in Spanish (issue 24): a stack named as a Spanish dealer says it (*tres fichas de
$5 (rojo) y una ficha de $2.50 (rosa)*: a chip is feminine, its colour named after its
value), the chip drills' prompts and explanations, and a payout's chips graded with the
reason in Spanish; English is unchanged."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.chips import DEFAULT_RACK, Grade, Odds, Procedure, grade_stack, stack_text
from trainer.training.chip_drills import break_down_task, cut_task, grade_task

D = Decimal


def test_a_stack_is_named_in_spanish(spanish: None) -> None:
    assert stack_text([D(5)] * 3 + [D("2.50")], DEFAULT_RACK) == (
        "tres fichas de $5 (rojo) y una ficha de $2.50 (rosa)")
    assert stack_text([], DEFAULT_RACK) == "sin fichas"


def test_the_drills_ask_and_explain_in_spanish(spanish: None) -> None:
    cut = cut_task(D(5), 4, DEFAULT_RACK)
    assert cut.prompt == "Corte $20.00 en fichas de $5 (rojo) de esta pila de 20."
    assert grade_task(cut, (D(5),) * 3).reason == (
        "No es tres fichas de $5 (rojo) ($15.00): $20.00 en fichas de $5 (rojo) es un corte"
        " de 4: cuatro fichas de $5 (rojo).")
    twenty = break_down_task(D(25), DEFAULT_RACK)  # $25 chips are cut in fours: $100 each
    assert twenty.prompt == ("Desglose estas 20 fichas de $25 (verde) como las corta la"
                             " casa. ¿Cuánto vale cada pila?")
    assert grade_task(twenty, D(100)).reason == (
        "Correcto: Las fichas de $25 se cortan de cuatro en cuatro: 5 pilas de 4, cada una de"
        " $100.00.")


def test_wrong_chips_are_explained_in_spanish(spanish: None) -> None:
    # six red $5 at 1 to 1 pays $30: one green $25 and one red $5 is the right amount,
    # but colour for colour pays six red $5
    graded = grade_stack((D(5),) * 6, Odds(1, 1), Procedure.COLOUR_FOR_COLOUR,
                         (D(25), D(5)), DEFAULT_RACK)
    assert graded.grade is Grade.WRONG_CHIPS
    assert graded.reason == (
        "cantidad correcta, fichas equivocadas: color por color, seis fichas de $5 (rojo) a"
        " razón de 1 a 1 se paga con seis fichas de $5 (rojo), no una ficha de $25 (verde) y"
        " una ficha de $5 (rojo)")


def test_english_is_unchanged() -> None:
    assert stack_text([D(5)] * 3 + [D("2.50")], DEFAULT_RACK) == (
        "three red $5 and one pink $2.50")
    assert cut_task(D(5), 4, DEFAULT_RACK).prompt == (
        "Cut $20.00 in red $5 chips from this stack of 20.")


def test_chips_given_with_a_push_are_refused_in_spanish(spanish: None) -> None:
    from tests.training.test_round_explained_in_spanish import ROUND
    from trainer.engine.round import parse_round
    from trainer.engine.settlement import Outcome, settle
    from trainer.training.chip_grading import ChipAnswerError, ChipPayout, grade_chips
    from trainer.training.questions import build_questions, questions_by_id

    settlement = settle(parse_round(ROUND))
    odds = questions_by_id(build_questions(settlement))["seat-3-odds"]
    with pytest.raises(ChipAnswerError) as refused:
        grade_chips(odds, settlement, ChipPayout(Outcome.PUSH, (D(5),)))
    assert str(refused.value) == "un empate no tiene fichas que pagar"
