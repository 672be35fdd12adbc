"""Reading typed answers: keyboard-first, refusing what is unclear, never coercing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Outcome, SeatResult
from trainer.training.answers import (
    AnswerError,
    coerce_answer,
    parse_amount_answer,
    parse_category,
    parse_dealer_hand,
    parse_payout,
    parse_seat_number,
    parse_seat_result,
    parse_yes_no,
)
from trainer.training.questions import DealerHandAnswer, PayoutAnswer, QuestionKind


@pytest.mark.parametrize(("text", "amount"), [
    ("15", "15.00"), ("$15", "15.00"), ("15.00", "15.00"), ("1,000", "1000.00"),
    ("7.5", "7.50"), ("$1,000.50", "1000.50"), ("  25 ", "25.00"), (".5", "0.50"),
])
def test_payout_amount_pays_that_amount(text, amount):
    assert parse_payout(text) == PayoutAnswer(Outcome.WIN, Decimal(amount))


@pytest.mark.parametrize("text", ["push", "p", "P", "Push", "0", "$0.00", "0.00"])
def test_payout_push_words_and_zero_are_a_push(text):
    assert parse_payout(text) == PayoutAnswer(Outcome.PUSH, Decimal("0"))


@pytest.mark.parametrize("text", ["take", "t", "lose", "x", "TAKE", " X "])
def test_payout_take_words_collect_the_wager_amount_filled_in_by_grading(text):
    # The stake is not typed: a parsed take carries 0.00 until grading fills it in.
    assert parse_payout(text) == PayoutAnswer(Outcome.LOSE, Decimal("0"))


@pytest.mark.parametrize(("text", "words"), [
    ("abc", ["'abc'", "not an amount"]),
    ("7.555", ["'7.555'", "more than two decimals"]),
    ("-5", ["'-5'", "negative", "type 'take'"]),
    ("$-5", ["negative", "type 'take'"]),
    ("", ["Nothing typed"]),
    ("   ", ["Nothing typed"]),
    ("1,00", ["not an amount"]),
    ("15 dollars", ["not an amount"]),
    ("take 5", ["just"]),
    ("pay 15", ["just"]),
])
def test_payout_refuses_unclear_input_naming_what_is_wrong(text, words):
    with pytest.raises(AnswerError) as error:
        parse_payout(text)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize(("text", "category"), [
    ("high card", Category.HIGH_CARD), ("nothing", Category.HIGH_CARD),
    ("no pair", Category.HIGH_CARD),
    ("pair", Category.ONE_PAIR), ("one pair", Category.ONE_PAIR),
    ("2 pair", Category.TWO_PAIR), ("two pair", Category.TWO_PAIR),
    ("Two-Pair", Category.TWO_PAIR),
    ("trips", Category.THREE_OF_A_KIND), ("set", Category.THREE_OF_A_KIND),
    ("three of a kind", Category.THREE_OF_A_KIND),
    ("straight", Category.STRAIGHT), ("flush", Category.FLUSH),
    ("boat", Category.FULL_HOUSE), ("full", Category.FULL_HOUSE),
    ("full house", Category.FULL_HOUSE), ("full_house", Category.FULL_HOUSE),
    ("quads", Category.FOUR_OF_A_KIND), ("four of a kind", Category.FOUR_OF_A_KIND),
    ("straight flush", Category.STRAIGHT_FLUSH), ("royal", Category.ROYAL_FLUSH),
    ("Royal Flush", Category.ROYAL_FLUSH),
])
def test_category_accepts_contract_names_and_dealer_words(text, category):
    assert parse_category(text) is category


def test_category_accepts_every_contract_name():
    for category in Category:
        assert parse_category(category.value) is category


@pytest.mark.parametrize("text", ["", "pear", "flushh", "ace higher", "straight royal", "7",
                                  "pair of king", "ace high heart flush"])
def test_category_refuses_what_is_not_a_hand(text):
    with pytest.raises(AnswerError, match="hand"):
        parse_category(text)


def test_dealer_hand_reads_category_and_five_cards():
    assert parse_dealer_hand("two pair: Kd Kc 9h 9s As") == DealerHandAnswer(
        Category.TWO_PAIR, parse_cards(["Kd", "Kc", "9h", "9s", "As"]))
    assert parse_dealer_hand("As, Ks, 9s, 7s, 10s flush") == DealerHandAnswer(
        Category.FLUSH, parse_cards(["As", "Ks", "9s", "7s", "Ts"]))


@pytest.mark.parametrize(("text", "message"), [
    ("flush As Ks 9s 7s", "five cards"),
    ("flush As Ks 9s 7s 2s 3s", "five cards"),
    ("flush As As 9s 7s 2s", "twice"),
    ("As Ks 9s 7s 2s", "name the hand"),
    ("flush As Kx 9s 7s 2s", "'kx' is not a card"),
    ("flosh As Ks 9s 7s 2s", "not a hand"),
])
def test_dealer_hand_refuses_incomplete_or_unclear_answers(text, message):
    with pytest.raises(AnswerError, match=message):
        parse_dealer_hand(text)


@pytest.mark.parametrize(("text", "value"), [
    ("y", True), ("yes", True), ("Y", True), ("n", False), ("no", False), ("NO", False),
])
def test_yes_no(text, value):
    assert parse_yes_no(text) is value


@pytest.mark.parametrize("text", ["", "maybe", "yess", "1"])
def test_yes_no_refuses_anything_else(text):
    with pytest.raises(AnswerError, match="'y'"):
        parse_yes_no(text)


@pytest.mark.parametrize(("text", "seat"), [("3", 3), ("seat 3", 3), ("s6", 6), ("Seat 1", 1)])
def test_seat_number(text, seat):
    assert parse_seat_number(text) == seat


@pytest.mark.parametrize(("text", "message"), [
    ("7", "numbered 1 to 6"), ("0", "numbered 1 to 6"), ("three", "not a seat"),
    ("", "Nothing typed"), ("3.5", "not a seat"),
])
def test_seat_number_refuses_what_is_not_a_seat(text, message):
    with pytest.raises(AnswerError, match=message):
        parse_seat_number(text)


@pytest.mark.parametrize(("text", "result"), [
    ("w", SeatResult.WIN), ("win", SeatResult.WIN), ("l", SeatResult.LOSE),
    ("lose", SeatResult.LOSE), ("t", SeatResult.TIE), ("tie", SeatResult.TIE),
    ("push", SeatResult.TIE), ("W", SeatResult.WIN),
])
def test_seat_result(text, result):
    assert parse_seat_result(text) is result


@pytest.mark.parametrize("text", ["", "fold", "x", "winner"])
def test_seat_result_refuses_anything_else(text):
    with pytest.raises(AnswerError, match="'w'"):
        parse_seat_result(text)


def test_capped_total_reads_an_amount_and_refuses_payout_words():
    assert parse_amount_answer("$3,000") == Decimal("3000.00")
    assert parse_amount_answer("250.5") == Decimal("250.50")
    for text, message in [("take", "asks for an amount"), ("push", "asks for an amount"),
                          ("-3000", "negative"), ("3000.001", "two decimals"),
                          ("lots", "not an amount"), ("", "Nothing typed")]:
        with pytest.raises(AnswerError, match=message):
            parse_amount_answer(text)


def test_answer_objects_from_buttons_are_checked_not_coerced():
    assert coerce_answer(QuestionKind.SEAT_HAND, Category.FLUSH) is Category.FLUSH
    assert coerce_answer(QuestionKind.SEAT_RESULT, SeatResult.TIE) is SeatResult.TIE
    assert coerce_answer(QuestionKind.QUALIFIES, False) is False
    assert coerce_answer(QuestionKind.NEXT_SEAT, 4) == 4
    with pytest.raises(AnswerError, match="did not fold"):
        coerce_answer(QuestionKind.SEAT_RESULT, SeatResult.FOLD)
    with pytest.raises(AnswerError, match=r"more than \$0\.00"):
        coerce_answer(QuestionKind.PAYOUT, PayoutAnswer(Outcome.WIN, Decimal("0")))
    with pytest.raises(AnswerError, match="two decimals"):
        coerce_answer(QuestionKind.PAYOUT, PayoutAnswer(Outcome.WIN, Decimal("1.005")))
    with pytest.raises(AnswerError, match="five cards"):
        coerce_answer(QuestionKind.DEALER_HAND, DealerHandAnswer(Category.FLUSH, ()))
    # the wrong kind of object is a programming error, not the trainee's
    with pytest.raises(TypeError):
        coerce_answer(QuestionKind.NEXT_SEAT, True)
    with pytest.raises(TypeError):
        coerce_answer(QuestionKind.SEAT_HAND, SeatResult.WIN)
    with pytest.raises(TypeError):
        coerce_answer(QuestionKind.PAYOUT, Decimal("5"))
