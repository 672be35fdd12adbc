"""Running the round's rule facts in Spanish (issue 24): a refused wager or action names
the rule in the trainer's language, amounts in the room's format; the streets, the deal's
parts and the deal's rule from the catalogue; the name a kept answer holds (a target's
``str()``) stays English. English is unchanged (tests/engine/test_engine_procedure_rules.py)."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.procedure import (
    DEALER,
    Action,
    ActionKind,
    DealMethod,
    Street,
    action_problem,
    bet_problem,
    deal_rule,
    seat_target,
)
from trainer.engine.round import Wager
from trainer.engine.rulesets import load_ruleset
from trainer.i18n import NumberFormat, set_number_format

NY, HOUSE = load_ruleset("ny-2018"), load_ruleset("house")
D = Decimal


def test_a_raise_refused_names_the_rule_in_spanish(spanish: None) -> None:
    problem = action_problem(HOUSE, Street.FLOP, D(5), Action(ActionKind.RAISE, D(15)))
    assert problem == (
        "Después del flop la subida es de solo 2x el Ante (2x = $10.00 con un Ante de $5.00),"
        " no $15.00 (3x el Ante) (reglas §2; reglamento 'house' (Casino house rules):"
        ' raises.flop = solo 2x; reglas de la casa, "Round of Play").')


def test_a_check_after_the_river_is_refused_in_spanish(spanish: None) -> None:
    assert action_problem(NY, Street.RIVER, D(10), Action(ActionKind.CHECK)) == (
        "Después del river el jugador sube exactamente 1x el Ante o se retira: no puede"
        " pasar (reglas §2).")


def test_wagers_refused_in_spanish_in_the_rooms_format(spanish: None) -> None:
    set_number_format(NumberFormat.COMMA)
    assert bet_problem(NY, {Wager.ANTE: D(10), Wager.ODDS: D(20)}, Wager.ODDS) == (
        "El Odds de $20,00 debe ser igual al Ante de $10,00 (reglas §2).")
    over = bet_problem(HOUSE, {Wager.ANTE: D(15), Wager.ODDS: D(15)}, Wager.ANTE)
    assert over == (
        "La apuesta Ante de $15,00 supera el máximo de la mesa, $10,00 (reglas §2: los"
        " límites de la mesa son los del reglamento; reglamento 'house' (Casino house rules):"
        ' limits.ante = de $2,00 a $10,00; reglas de la casa, "Game and Bonus wagers").')


def test_the_deal_is_worded_in_spanish_and_kept_in_english(spanish: None) -> None:
    assert Street.PREFLOP.label == "antes del flop"
    assert DealMethod.SHOE.label == "zapato automático"
    assert (seat_target(3).shown, DEALER.shown) == ("asiento 3", "el crupier")
    assert (str(seat_target(3)), str(DEALER)) == ("seat 3", "the dealer")
    assert deal_rule(DealMethod.SHOE, DEALER).startswith(
        "Con un zapato automático salen primero las cinco cartas comunitarias")
    assert Action(ActionKind.RAISE, D(30)).text(D(10)) == "sube $30.00 (3x el Ante)"


def test_english_is_unchanged() -> None:
    assert Action(ActionKind.RAISE, D(30)).text(D(10)) == "raises $30.00 (3x the ante)"
    assert Street.RIVER.label == "after the river"
