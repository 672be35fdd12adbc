"""A whole round's explanations in Spanish (issue 24): the dealer's reasons for every
wager, the pay-table lines, the questions' explanations, the grading's "usted dijo", the
worked example's settlement, and the hands worded as a Spanish dealer calls them
(*pareja de reyes*, *escalera al ocho*) and read back as answers. English is unchanged,
and the settle contract's JSON carries no reason at all (its own tests are unchanged).

Round (worked by hand): the dealer's Kd 9h on 5c 6d 7h Ks 2s make a pair of kings, which
qualifies; seat 3's 8c 4d make the straight 4-8 and win; ante $10, raise $30, Trips Plus
and Pocket Bonus $5 each, tables A (Trips Plus straight 4 to 1).
"""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import DECK, parse_cards
from trainer.engine.evaluator import Category, evaluate, hand_ranks
from trainer.engine.round import parse_round
from trainer.engine.settlement import Settlement, settle, settlement_to_json
from trainer.i18n import NumberFormat, set_language, set_number_format
from trainer.training.account import settlement_markdown
from trainer.training.answers import NamedHand, parse_hand_name
from trainer.training.grading import grade
from trainer.training.questions import build_questions, questions_by_id

ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kd", "9h"],
    "board": ["5c", "6d", "7h", "Ks", "2s"],
    "seats": [{"seat": 3, "hole": ["8c", "4d"], "ante": "10", "odds": "10", "raise": "30",
               "trips_plus": "5", "pocket_bonus": "5"}],
}


def _settled() -> Settlement:
    return settle(parse_round(ROUND))


def _reasons(settlement: Settlement) -> dict[str, str]:
    return {str(result.wager): result.reason for result in settlement.seat(3).wagers}


def test_the_dealers_reasons_read_in_spanish(spanish: None) -> None:
    beats = "cuando gana el jugador (escalera al ocho gana a pareja de reyes del crupier)"
    assert _reasons(_settled()) == {
        "ante": f"Ante $10.00 paga 1 a 1 {beats}: $10.00",
        "raise": f"Subida $30.00 paga 1 a 1 {beats}: $30.00",
        "odds": "Odds $10.00 paga 1 a 1 cuando el jugador gana con escalera: $10.00",
        "trips_plus": "Trips Plus $5.00 paga 4 a 1 por escalera (tabla A de Trips Plus): $20.00",
        "pocket_bonus": "Pocket Bonus $5.00 pierde: 8c 4d no es ni pareja ni un as con K, Q o J"
        " (tabla A de Pocket Bonus)",
    }
    lines = {str(result.wager): result.pay_line for result in _settled().seat(3).wagers}
    assert lines["odds"] == "Odds, gana: escalera 1 a 1"
    assert lines["trips_plus"] == "Trips Plus A: escalera 4 a 1"


def test_the_reasons_write_amounts_in_the_rooms_format(spanish: None) -> None:
    set_number_format(NumberFormat.COMMA)
    assert _reasons(_settled())["raise"].startswith("Subida $30,00 paga 1 a 1 ")
    assert _reasons(_settled())["raise"].endswith("): $30,00")


def test_the_settle_json_stays_english_whatever_the_language(spanish: None) -> None:
    spanish_json = settlement_to_json(_settled())
    set_language("en")
    assert spanish_json == settlement_to_json(_settled())
    assert spanish_json["dealer"]["hand"] == "one pair"
    assert spanish_json["seats"][0]["result"] == "win"
    assert spanish_json["seats"][0]["wagers"]["pocket_bonus"]["outcome"] == "lose"


def test_the_questions_explanations_read_in_spanish(spanish: None) -> None:
    questions = questions_by_id(build_questions(_settled()))
    assert questions["dealer-hand"].explanation == (
        "La mejor mano de cinco de las siete del crupier es pareja de reyes:"
        " Kd Ks 9h 7h 6d (reglas §1).")
    assert questions["dealer-qualifies"].explanation == (
        "El crupier califica con pareja o mejor (reglas §3): pareja de reyes califica.")
    assert questions["seat-3-result"].explanation == (
        "Asiento 3: gana — escalera al ocho del jugador gana a pareja de reyes del crupier.")
    assert questions["seat-3-odds"].explanation == (
        "Odds $10.00 paga 1 a 1 cuando el jugador gana con escalera: $10.00"
        " (tabla de pagos: Odds, gana: escalera 1 a 1)")


def test_a_wrong_answer_is_explained_in_spanish(spanish: None) -> None:
    questions = questions_by_id(build_questions(_settled()))
    result = grade(questions["seat-3-result"], "p")
    assert not result.correct
    assert result.explanation == (
        "Asiento 3: gana — escalera al ocho del jugador gana a pareja de reyes del crupier"
        " — usted dijo pierde")
    hand = grade(questions["seat-3-hand"], "escalera al nueve")
    assert not hand.correct
    assert hand.explanation == (
        "La mejor mano de cinco de las siete del asiento 3 es escalera al ocho:"
        " 8c 7h 6d 5c 4d (reglas §1) — usted dijo escalera al nueve: la categoría es"
        " correcta, pero la mano es escalera al ocho")
    # what is stored stays the language-neutral English form
    assert hand.given_text == "straight, nine high"
    assert grade(questions["seat-3-hand"], "escalera al ocho").correct


def test_the_worked_example_reads_in_spanish(spanish: None) -> None:
    text = settlement_markdown(_settled())
    assert "**pareja de reyes**" in text
    assert "califica (pareja o mejor)." in text
    assert "**Orden:** asiento 3" in text
    assert "**GANA** • total del asiento $65.00" in text
    assert "- **Pagar $20.00**: Trips Plus $5.00 paga 4 a 1 por escalera" in text
    assert "- **Cobrar $5.00**: Pocket Bonus $5.00 pierde:" in text


def test_english_is_unchanged() -> None:
    assert _reasons(_settled())["odds"] == (
        "Odds $10.00 pays 1 to 1 for a winning straight: $10.00")
    questions = questions_by_id(build_questions(_settled()))
    assert questions["seat-3-result"].explanation == (
        "Seat 3: win — the player's straight, eight high beats the dealer's pair of kings.")
    assert "**WIN** • seat total $65.00" in settlement_markdown(_settled())


@pytest.mark.parametrize(("cards", "words", "category", "ranks"), [
    ("Kh Kd 2c 5s 9h Jd 3c", "pareja de reyes", Category.ONE_PAIR, (13,)),
    ("Ah Ad Ac Kd Ks 2c 3d", "full de ases con reyes", Category.FULL_HOUSE, (14, 13)),
    ("As Ks 9s 5s 2s 3d 4h", "color al as", Category.FLUSH, (14,)),
    ("Th 9d 8c 7s 6h 2c 2d", "escalera al diez", Category.STRAIGHT, (10,)),
    ("Qh Jd Tc 9s 8h 2c 3d", "escalera a la dama", Category.STRAIGHT, (12,)),
    ("Qh Qd Qc 5s 9h Jd 3c", "trío de damas", Category.THREE_OF_A_KIND, (12,)),
    ("Qh Jd 9c 5s 2h 3d 4c", "dama alta", Category.HIGH_CARD, (12,)),
    ("Ah Jd 9c 5s 2h 3d 8c", "as alto", Category.HIGH_CARD, (14,)),
    ("9h 9d 5c 5s 2h 3d Kc", "doble pareja, nueves y cincos", Category.TWO_PAIR, (9, 5)),
    ("Kh Kd Kc Ks 2h 3d 4c", "póker de reyes", Category.FOUR_OF_A_KIND, (13,)),
    ("9h 8h 7h 6h 5h 2c 2d", "escalera de color al nueve", Category.STRAIGHT_FLUSH, (9,)),
    ("Ah Kh Qh Jh Th 2c 2d", "escalera real", Category.ROYAL_FLUSH, ()),
])
def test_hands_are_worded_in_spanish_and_read_back(
        spanish: None, cards: str, words: str, category: Category,
        ranks: tuple[int, ...]) -> None:
    hand = evaluate(parse_cards(cards.split()))
    assert hand.describe() == words
    assert parse_hand_name(words) == NamedHand(category, ranks)
    assert parse_hand_name(words.upper().replace("í", "i").replace("ó", "o")) == (
        NamedHand(category, ranks))


def test_every_spanish_description_reads_back_as_the_same_hand(spanish: None) -> None:
    dealt = random.Random(24)
    for _ in range(3000):
        hand = evaluate(dealt.sample(DECK, 7))
        assert parse_hand_name(hand.describe()) == NamedHand(hand.category, hand_ranks(hand)), (
            hand.describe())


def test_two_hands_with_the_same_pair_are_told_apart_by_the_kicker_in_spanish(
        spanish: None) -> None:
    mine = evaluate(parse_cards(["4h", "4d", "Ac", "9s", "2h", "3d", "7c"]))
    theirs = evaluate(parse_cards(["4c", "4s", "Kc", "9d", "2d", "3s", "7d"]))
    assert mine.describe_against(theirs) == "pareja de cuatros, kicker as"
    assert theirs.describe_against(mine) == "pareja de cuatros, kicker rey"
