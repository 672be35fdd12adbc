"""Grading: a correct answer is never marked wrong, a wrong one says why."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.evaluator import Category
from trainer.engine.settlement import Outcome, SeatResult
from trainer.training.answers import AnswerError
from trainer.training.grading import grade
from trainer.training.questions import DealerHandAnswer, PayoutAnswer, build_questions


def by_id(settlement):
    return {q.id: q for q in build_questions(settlement)}


def test_all_typed_answers_right_are_all_graded_right(settled, mixed_typed):
    questions = build_questions(settled("mixed"))
    assert [q.id for q in questions] == list(mixed_typed)
    grades = [grade(q, mixed_typed[q.id]) for q in questions]
    assert all(g.correct for g in grades)
    assert all(g.explanation == "" for g in grades)


def test_wrong_odds_payout_names_right_amount_and_pay_line(settled):
    odds = by_id(settled("mixed"))["seat-6-odds"]
    result = grade(odds, "10", seconds=2.5)
    assert not result.correct
    assert result.given == PayoutAnswer(Outcome.WIN, Decimal("10.00"))
    assert result.expected_text == "$15.00"
    assert result.given_text == "$10.00"
    # odds-win table: a winning flush pays 3 to 2; on $10 that is $15
    assert "Odds $10.00 pays 3 to 2" in result.explanation
    assert "$15.00" in result.explanation
    assert result.explanation.endswith("\u2014 you said $10.00")
    assert result.seconds == 2.5


def test_push_when_the_odds_win_is_wrong(settled):
    odds = by_id(settled("mixed"))["seat-6-odds"]
    result = grade(odds, "push")
    assert not result.correct and result.given_text == "push"


def test_take_is_right_whatever_amount_came_with_it(settled):
    ante = by_id(settled("mixed"))["seat-1-ante"]
    typed = grade(ante, "take")
    assert typed.correct
    # grading fills in the stake the take collects
    assert typed.given == PayoutAnswer(Outcome.LOSE, Decimal("5"))
    assert typed.given_text == "take $5.00" == typed.expected_text
    clicked = grade(ante, PayoutAnswer(Outcome.LOSE, Decimal("999")))
    assert clicked.correct


def test_paying_a_losing_wager_is_wrong(settled):
    ante = by_id(settled("mixed"))["seat-3-ante"]
    result = grade(ante, "5")
    assert not result.correct
    assert result.expected_text == "take $5.00"
    assert "loses" in result.explanation and "you said $5.00" in result.explanation


def test_taking_a_winning_wager_is_wrong(settled):
    raise_ = by_id(settled("mixed"))["seat-6-raise"]
    result = grade(raise_, "take")
    assert not result.correct
    assert result.given_text == "take $30.00"


def test_zero_is_a_push_and_right_when_the_ante_pushes(settled):
    ante = by_id(settled("not_qualifying"))["seat-6-ante"]
    assert grade(ante, "0").correct
    assert grade(ante, "push").correct
    assert not grade(ante, "10").correct


def test_bad_beat_grading(settled):
    odds = by_id(settled("bad_beat"))["seat-3-odds"]
    assert grade(odds, "50").correct
    wrong = grade(odds, "take")
    assert not wrong.correct
    assert "5 to 1" in wrong.explanation and "$50.00" in wrong.explanation


def test_dealer_hand_accepts_an_equally_best_five_when_the_board_plays(settled):
    question = by_id(settled("board_plays"))["dealer-hand"]
    # dealer 6c Kd, board 2s 3d 4c 5h 6s: the six-high straight is made with the
    # dealer's 6c or with the board's 6s; both are exactly the best hand
    board_plays = grade(question, "straight 2s 3d 4c 5h 6s")
    with_hole_six = grade(question, "straight 6c 5h 4c 3d 2s")
    assert board_plays.correct and with_hole_six.correct
    assert board_plays.explanation == ""


def test_dealer_hand_accepts_the_cards_in_any_order(settled):
    question = by_id(settled("mixed"))["dealer-hand"]
    assert grade(question, DealerHandAnswer(
        Category.ONE_PAIR, parse_cards(["7s", "Ah", "Kd", "9h", "Kh"]))).correct


def test_dealer_hand_wrong_five_is_wrong_and_says_what_they_make(settled):
    question = by_id(settled("mixed"))["dealer-hand"]
    # a pair of kings, but with the 5h instead of the 7s kicker: not the best five
    result = grade(question, "pair Kh Kd Ah 9h 5h")
    assert not result.correct
    assert "pair of kings" in result.explanation
    assert "less than the dealer's best" in result.explanation
    assert result.expected_text == "one pair: Kh Kd Ah 9h 7s"


def test_dealer_hand_card_not_in_play_is_wrong(settled):
    question = by_id(settled("mixed"))["dealer-hand"]
    result = grade(question, "pair Kh Kd Ah 9h 8c")
    assert not result.correct
    assert "8c is not in the dealer's hand or on the board" in result.explanation


def test_dealer_hand_right_cards_wrong_category_is_wrong(settled):
    question = by_id(settled("mixed"))["dealer-hand"]
    result = grade(question, "two pair Kh Kd Ah 9h 7s")
    assert not result.correct
    assert "one pair, not two pair" in result.explanation


def test_seat_hand_and_result_grading(settled):
    questions = by_id(settled("mixed"))
    assert grade(questions["seat-6-hand"], Category.FLUSH).correct
    wrong = grade(questions["seat-6-hand"], "straight")
    assert not wrong.correct
    assert wrong.expected_text == "flush" and wrong.given_text == "straight"
    assert "flush, ace high" in wrong.explanation
    assert grade(questions["seat-6-result"], SeatResult.WIN).correct
    assert not grade(questions["seat-6-result"], "tie").correct


def test_order_and_qualification_grading(settled):
    questions = by_id(settled("mixed"))
    wrong = grade(questions["next-seat-3"], "3")
    assert not wrong.correct
    assert wrong.expected_text == "seat 6" and "rules §7" in wrong.explanation
    wrong = grade(questions["dealer-qualifies"], "n")
    assert not wrong.correct and "one pair or better" in wrong.explanation


def test_capped_total_grading(settled):
    questions = by_id(settled("capped"))
    assert grade(questions["seat-6-capped-total"], "3,000").correct
    wrong = grade(questions["seat-6-capped-total"], "6240")
    assert not wrong.correct
    assert wrong.expected_text == "$3,000.00"
    assert "$6,240.00" in wrong.explanation and "you said $6,240.00" in wrong.explanation
    assert grade(questions["seat-2-capped-total"], "10").correct


def test_unreadable_answer_is_refused_not_graded(settled):
    odds = by_id(settled("mixed"))["seat-6-odds"]
    with pytest.raises(AnswerError):
        grade(odds, "abc")
