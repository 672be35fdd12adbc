"""An exam set-up's descriptions and refusals in the trainer's language (issue 24); a
refusal names its field through a structured error, never by splitting its text; English
as before."""

from __future__ import annotations

import pytest

from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup, SetupError, mistakes_problem, parse_exam_setup
from trainer.i18n import set_language


def _setup(**changes: object) -> ExamSetup:
    values: dict[str, object] = {"name": "Final", "rounds": 20, "pass_mark": 90.0,
                                 "time_limit_seconds": 1800, "ruleset_id": "ny-2018",
                                 "seats": 1, "seed": 7, "max_attempts": 3, "wait_hours": 1}
    values.update(changes)
    return ExamSetup(**values)  # type: ignore[arg-type]


def test_a_set_up_described_in_spanish() -> None:
    set_language("es")
    setup = _setup(side_bets=(Wager.TRIPS_PLUS,), chips=True)
    assert setup.described == (
        "20 rondas, ny-2018, 1 asiento ocupado, apuestas laterales Trips Plus, pagos con"
        " fichas, aprobado con 90%, 30 min, las mismas manos para todos, 3 intentos como"
        " máximo, 1 h entre intentos")
    assert setup.attempts_text == "3 como máximo, con 1 hora entre ellos"
    assert setup.hands_text == "las mismas para todos los candidatos (número de manos 7)"
    set_language("en")
    assert setup.described == (
        "20 rounds, ny-2018, 1 occupied seat, side bets Trips Plus, payouts in chips, pass"
        " 90%, 30 min, same hands for everyone, at most 3 attempts, 1 h between attempts")
    assert setup.attempts_text == "at most 3, 1 hour apart"


def test_the_dialogs_refusals_in_spanish() -> None:
    set_language("es")
    with pytest.raises(ValueError) as refused:
        parse_exam_setup("Final", "0", "ny-2018", "80", "")
    assert str(refused.value) == "Número de rondas: 0 no es un número entero de 1 a 1000."
    with pytest.raises(ValueError) as refused:
        parse_exam_setup("Final", "10", "ny-2018", "80", "", attempts="x")
    assert str(refused.value) == (
        "Intentos permitidos: x no es un número entero de 1 a 100 (déjelo vacío para sin"
        " límite).")
    with pytest.raises(ValueError) as refused:
        parse_exam_setup("Final", "10", "ny-2018", "80", "", mistakes=True)
    assert str(refused.value) == (
        "Mismas manos: un examen de errores del crupier reparte los mismos ejercicios a todos"
        " los candidatos: dele un número de manos.")


def test_a_refusal_under_the_dialogs_label_comes_from_the_errors_fields() -> None:
    """The reason is put under the dialog's label from the error's field; a reason that
    holds ': ' itself (the mistakes one does) is kept whole, in either language."""
    with pytest.raises(ValueError) as refused:
        parse_exam_setup("Final", "10", "ny-2018", "80", "", mistakes=True)
    assert str(refused.value) == (
        "Same hands: an exam of dealer's mistakes deals the same exercises to every"
        " candidate: give it a hands number.")
    with pytest.raises(SetupError) as error:
        _setup(side_bets=(Wager.PROGRESSIVE,), ruleset_id="standard").complete()
    assert error.value.field == "side_bets"
    assert error.value.reason == "Progressive is not offered by the rule set 'standard'"
    assert mistakes_problem(_setup(mistakes=True, seed=None)) == (
        "seed: an exam of dealer's mistakes deals the same exercises to every candidate:"
        " give it a hands number")
