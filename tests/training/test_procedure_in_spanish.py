"""Running the round in Spanish (issue 24): each step's prompt, explanation and refusal
from the catalogue, answers typed in Spanish (aceptar/rechazar, a/r; asiento 3, crupier,
mesa), the pace in words; what is kept stays the language-neutral English (accept, seat 3,
the dealer's cards and the board)."""

from __future__ import annotations

import pytest

from trainer.engine.procedure import DEALER, DealMethod, Target, seat_target
from trainer.engine.round import Wager
from trainer.engine.rulesets import load_ruleset
from trainer.training.procedure import (
    ProcedureError,
    Step,
    StepKind,
    deal_run,
    grade_step,
    pace,
    parse_accept,
    parse_target,
)


def _steps(kind: StepKind) -> list[Step]:
    run = deal_run(7, load_ruleset("ny-2018"), method=DealMethod.MANUAL, seats=2)
    return [step for step in run.steps if step.kind is kind]


def test_a_wager_step_reads_and_grades_in_spanish(spanish: None) -> None:
    ante = next(step for step in _steps(StepKind.WAGER) if step.wager is Wager.ANTE)
    assert ante.prompt == (f"El asiento {ante.seat} coloca una apuesta Ante de $"
                           f"{ante.amount:.2f}: ¿aceptar o rechazar?")
    wrong = "rechazar" if ante.expected else "aceptar"
    graded = grade_step(ante, wrong)
    assert not graded.correct
    assert graded.explanation.endswith(f" — usted dijo {wrong}")
    assert graded.explanation.startswith("Aceptar: " if ante.expected else "Rechazar: ")
    assert graded.given_text == ("refuse" if ante.expected else "accept")  # kept in English


def test_the_deal_and_the_clearing_read_in_spanish(spanish: None) -> None:
    first = _steps(StepKind.DEAL)[0]
    assert first.prompt == "Reparto a mano: ¿quién recibe la siguiente carta?"
    assert first.explanation.startswith("Siguiente: asiento ")
    assert "(primera carta). En el reparto a mano se da una carta cada vez" in (
        first.explanation)
    clear = _steps(StepKind.CLEAR)[0]
    assert clear.prompt == "Recoger la mesa: ¿qué recoge a continuación?"
    assert clear.explanation.startswith("Siguiente: las cartas del asiento ")


def test_answers_typed_in_spanish(spanish: None) -> None:
    assert (parse_accept("aceptar"), parse_accept("R"), parse_accept("sí")) == (
        True, False, True)
    choices: tuple[Target, ...] = (seat_target(3), DEALER)
    assert parse_target("asiento 3", choices) == seat_target(3)
    assert parse_target("crupier", choices) == DEALER
    with pytest.raises(ProcedureError) as refused:
        parse_target("asiento 5", choices)
    assert str(refused.value) == (
        "asiento 5 no es una de las opciones aquí (asiento 3, el crupier)")


def test_the_pace_in_spanish(spanish: None) -> None:
    assert pace([60.0, 90.0], 40).text == (
        "48.0 rondas por hora (75 s por ronda): al ritmo de la casa de 40")
    assert pace([], 40).text == (
        "Aún no se ha llevado ninguna ronda (el ritmo de la casa: 40 rondas por hora)")


def test_english_is_unchanged() -> None:
    first = _steps(StepKind.DEAL)[0]
    assert first.prompt == "Manual deal: who receives the next card?"
    assert pace([60.0, 90.0], 40).text == (
        "48.0 rounds an hour (75 s a round): on the house's pace of 40")
