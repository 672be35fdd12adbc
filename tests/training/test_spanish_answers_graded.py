"""Answers typed in Spanish are graded exactly as their English counterparts (issue 24):
each hand name, win/lose/tie, yes/no, push/take, and amounts in the room's number format
(``1.000,50`` or ``1,000.50``); what is stored stays the language-neutral English form."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.evaluator import Category
from trainer.engine.settlement import Outcome, SeatResult
from trainer.i18n import NumberFormat, set_language, set_number_format
from trainer.reports.csv import _payout, amount_paid
from trainer.training.answers import (
    AnswerError,
    parse_amount_answer,
    parse_payout,
    parse_seat_hand,
    parse_seat_result,
    parse_yes_no,
)
from trainer.training.grading import grade
from trainer.training.questions import PayoutAnswer, QuestionKind, build_questions


@pytest.fixture
def comma_room(spanish: None) -> None:
    set_number_format(NumberFormat.COMMA)


# The words, each with the category a dealer means by it.
SPANISH_HANDS = [
    ("carta alta", Category.HIGH_CARD),
    ("pareja", Category.ONE_PAIR),
    ("doble pareja", Category.TWO_PAIR),
    ("trío", Category.THREE_OF_A_KIND),
    ("escalera", Category.STRAIGHT),
    ("color", Category.FLUSH),
    ("full", Category.FULL_HOUSE),
    ("póker", Category.FOUR_OF_A_KIND),
    ("escalera de color", Category.STRAIGHT_FLUSH),
    ("escalera real", Category.ROYAL_FLUSH),
]


@pytest.mark.parametrize(("typed", "category"), SPANISH_HANDS)
def test_each_spanish_hand_name_reads_as_its_category(spanish: None, typed: str,
                                                      category: Category) -> None:
    assert parse_seat_hand(typed) is category
    assert parse_seat_hand(typed.upper()) is category  # Escalera Real, as typed in caps


@pytest.mark.parametrize(("typed", "category"), [("trio", Category.THREE_OF_A_KIND),
                                                 ("poker", Category.FOUR_OF_A_KIND)])
def test_a_hand_name_without_its_accent_is_read(spanish: None, typed: str,
                                                category: Category) -> None:
    assert parse_seat_hand(typed) is category


def test_spanish_hand_names_are_not_read_in_english() -> None:
    with pytest.raises(AnswerError, match="'color' is not a hand"):
        parse_seat_hand("color")


def test_a_word_that_is_no_hand_is_refused_in_spanish(spanish: None) -> None:
    with pytest.raises(AnswerError, match="'escalerilla' no es una mano"):
        parse_seat_hand("escalerilla")


@pytest.mark.parametrize(("typed", "result"), [
    ("g", SeatResult.WIN), ("ganar", SeatResult.WIN), ("gana", SeatResult.WIN),
    ("p", SeatResult.LOSE), ("perder", SeatResult.LOSE), ("pierde", SeatResult.LOSE),
    ("e", SeatResult.TIE), ("empate", SeatResult.TIE),
])
def test_spanish_results(spanish: None, typed: str, result: SeatResult) -> None:
    assert parse_seat_result(typed) is result


def test_english_result_keys_are_refused_in_spanish_naming_the_spanish_ones(
        spanish: None) -> None:
    # 'w' and 'l' mean nothing in Spanish; 't' is not 'tie' there.
    for typed in ("w", "l", "t"):
        with pytest.raises(AnswerError) as refused:
            parse_seat_result(typed)
        assert str(refused.value) == (
            f"'{typed}' no es un resultado: escriba 'g' (ganar), 'p' (perder) o 'e' (empate)")


@pytest.mark.parametrize(("typed", "meant"), [
    ("s", True), ("sí", True), ("si", True), ("SÍ", True), ("califica", True),
    ("n", False), ("no", False), ("no califica", False),
])
def test_spanish_yes_and_no(spanish: None, typed: str, meant: bool) -> None:
    assert parse_yes_no(typed) is meant


def test_english_yes_is_refused_in_spanish(spanish: None) -> None:
    with pytest.raises(AnswerError, match="'y' no es ni sí ni no: escriba 's' o 'n'"):
        parse_yes_no("y")


@pytest.mark.parametrize(("typed", "outcome"), [
    ("e", Outcome.PUSH), ("empate", Outcome.PUSH),
    ("c", Outcome.LOSE), ("cobrar", Outcome.LOSE), ("recoger", Outcome.LOSE),
])
def test_spanish_push_and_take(spanish: None, typed: str, outcome: Outcome) -> None:
    assert parse_payout(typed) == PayoutAnswer(outcome, Decimal(0))


@pytest.mark.parametrize(("typed", "parse", "meant"), [
    ("win", parse_seat_result, SeatResult.WIN), ("tie", parse_seat_result, SeatResult.TIE),
    ("yes", parse_yes_no, True),
    ("take", parse_payout, PayoutAnswer(Outcome.LOSE, Decimal(0))),
    ("push", parse_payout, PayoutAnswer(Outcome.PUSH, Decimal(0))),
])
def test_english_whole_words_are_read_in_spanish(spanish: None, typed: str, parse: object,
                                                  meant: object) -> None:
    assert callable(parse) and parse(typed) == meant


def test_p_is_no_push_in_spanish_where_it_means_perder(spanish: None) -> None:
    with pytest.raises(AnswerError, match="'p' no es una cantidad"):
        parse_payout("p")


# --- amounts in the room's number format ------------------------------------------

@pytest.mark.parametrize(("typed", "amount"), [
    ("1.000,50", "1000.50"), ("$1.000,50", "1000.50"), ("7,50", "7.50"), ("7,5", "7.50"),
    ("1.000", "1000"), ("15", "15"), ("2.500.000", "2500000"),
])
def test_amounts_in_a_room_writing_1000_comma_50(comma_room: None, typed: str,
                                                 amount: str) -> None:
    assert parse_payout(typed) == PayoutAnswer(Outcome.WIN, Decimal(amount))
    assert parse_amount_answer(typed) == Decimal(amount)


@pytest.mark.parametrize(("typed", "amount"), [
    ("1,000.50", "1000.50"), ("$1,000.50", "1000.50"), ("7.50", "7.50"), ("1,000", "1000"),
])
def test_amounts_in_a_room_writing_1000_point_50(spanish: None, typed: str,
                                                 amount: str) -> None:
    assert parse_payout(typed) == PayoutAnswer(Outcome.WIN, Decimal(amount))


def test_one_comma_then_three_digits_is_refused_where_the_comma_marks_cents(
        comma_room: None) -> None:
    # '1,000' is a thousand where the point marks cents, one dollar here: refused, not guessed.
    with pytest.raises(AnswerError) as refused:
        parse_payout("1,000")
    assert str(refused.value) == (
        "'1,000' es ambiguo en esta sala, donde las cantidades se escriben 1.000,50"
        " (',' marca los céntimos, dos cifras como máximo); escriba 1.000 para los miles")


def test_a_point_then_cents_is_refused_where_the_point_groups_thousands(
        comma_room: None) -> None:
    with pytest.raises(AnswerError) as refused:
        parse_amount_answer("7.50")
    assert str(refused.value) == (
        "'7.50' no es una cantidad en esta sala, donde las cantidades se escriben 1.000,50"
        " ('.' separa los miles, ',' marca los céntimos); escriba 7,50 para los céntimos")


def test_a_comma_then_cents_is_refused_where_the_comma_groups_thousands() -> None:
    with pytest.raises(AnswerError) as refused:
        parse_payout("7,50")
    assert str(refused.value) == (
        "'7,50' is not an amount in this room, where amounts are written 1,000.50"
        " (',' groups thousands, '.' marks the cents); type 7.50 for the cents")


# --- graded and stored as in English ----------------------------------------------

MIXED_TYPED_IN_SPANISH = {
    "dealer-hand": "pareja Kh Kd Ah 9h 7s",
    "dealer-qualifies": "s",
    "next-seat-1": "1", "seat-1-ante": "cobrar", "seat-1-odds": "c",
    "next-seat-2": "2", "seat-2-ante": "recoger", "seat-2-odds": "c",
    "seat-2-pocket-bonus": "25",
    "next-seat-3": "6", "seat-6-hand": "color", "seat-6-result": "g",
    "seat-6-ante": "10", "seat-6-raise": "$30", "seat-6-odds": "15,00",
    "seat-6-trips-plus": "35",
    "seat-3-hand": "carta alta", "seat-3-result": "p", "seat-3-ante": "c",
    "seat-3-raise": "c", "seat-3-odds": "c", "seat-3-pocket-bonus": "c",
}


def test_the_mixed_round_answered_in_spanish_is_all_right_and_stored_as_in_english(
        settled, mixed_typed, comma_room: None) -> None:
    questions = build_questions(settled("mixed"))
    spanish = [grade(q, MIXED_TYPED_IN_SPANISH[q.id]) for q in questions]
    assert [g.question.id for g in spanish if not g.correct] == []
    set_language("en")
    set_number_format(NumberFormat.POINT)
    english = [grade(q, mixed_typed[q.id]) for q in build_questions(settled("mixed"))]
    # What the database keeps (the recorder stores these) is the same, word for word.
    assert [(g.expected_text, g.given_text) for g in spanish] == [
        (g.expected_text, g.given_text) for g in english]
    assert spanish[1].given_text == "yes"  # 's' is kept as the neutral 'yes'


def test_a_wrong_spanish_answer_is_wrong_as_in_english(settled, spanish: None) -> None:
    result = {q.id: q for q in build_questions(settled("mixed"))}["seat-6-result"]
    graded = grade(result, "p")  # perder: the flush wins
    assert not graded.correct
    assert graded.given == SeatResult.LOSE and graded.given_text == "lose"


def test_stored_amounts_read_back_the_same_in_a_comma_room(comma_room: None) -> None:
    # The reports read the stored neutral text ('$1,000.00', 'take $10.00'), not the
    # trainee's words or the room's format.
    assert amount_paid(QuestionKind.CAPPED_TOTAL, "$1,000.00") == "1000.00"
    assert amount_paid(QuestionKind.PAYOUT, "push") == "0.00"
    assert _payout("take $10.00") == PayoutAnswer(Outcome.LOSE, Decimal(0))
