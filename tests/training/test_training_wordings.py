"""Answers in the trainee's own words: every wording the trainer uses for a hand is
read, and the ranks it names are graded (a pair of fours is not a pair of kings).

Expected hands are worked by hand from docs/rules.md §1; each round is described
in the test that uses it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import DECK, parse_cards
from trainer.engine.evaluator import Category, evaluate, hand_ranks, hand_wording
from trainer.engine.round import parse_round
from trainer.engine.settlement import settle
from trainer.training.answers import (
    AnswerError,
    coerce_answer,
    dealer_hand_from_table,
    parse_category,
    parse_dealer_hand,
    parse_hand_name,
    parse_seat_hand,
)
from trainer.training.grading import grade
from trainer.training.questions import (
    DealerHandAnswer,
    NamedHand,
    QuestionKind,
    build_questions,
)

# Seat 3 holds Kc Kd; the board is 7s 4h 2c 9d 3s: a pair of kings (K K 9 7 4), no
# straight (2 3 4 _ _ 7 9) and no flush. The dealer's Ah Qd make ace high.
PAIR_OF_KINGS_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Ah", "Qd"],
    "board": ["7s", "4h", "2c", "9d", "3s"],
    "seats": [{"seat": 3, "hole": ["Kc", "Kd"], "ante": "5", "odds": "5", "raise": "5"}],
}

# The dealer's Qs Qd on Qh 9h 9c 4h 2s: queens full of nines (Q Q Q 9 9).
QUEENS_FULL_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Qs", "Qd"],
    "board": ["Qh", "9h", "9c", "4h", "2s"],
    "seats": [{"seat": 1, "hole": ["Ah", "6h"], "ante": "10", "odds": "10", "raise": "20"}],
}


def questions_of(round_data: dict[str, object]) -> dict[str, object]:
    return {q.id: q for q in build_questions(settle(parse_round(round_data)))}


@pytest.mark.parametrize(("text", "category", "ranks"), [
    # Hand.describe()'s words
    ("king high", Category.HIGH_CARD, (13,)),
    ("pair of fours", Category.ONE_PAIR, (4,)),
    ("two pair, sixes and fours", Category.TWO_PAIR, (6, 4)),
    ("three kings", Category.THREE_OF_A_KIND, (13,)),
    ("straight, nine high", Category.STRAIGHT, (9,)),
    ("flush, ace high", Category.FLUSH, (14,)),
    ("full house, kings full of nines", Category.FULL_HOUSE, (13, 9)),
    ("four kings", Category.FOUR_OF_A_KIND, (13,)),
    ("straight flush, nine high", Category.STRAIGHT_FLUSH, (9,)),
    ("royal flush", Category.ROYAL_FLUSH, ()),
    # the lessons' words and the common ways round
    ("ace-high flush", Category.FLUSH, (14,)),
    ("nine-high straight", Category.STRAIGHT, (9,)),
    ("Five-High Straight", Category.STRAIGHT, (5,)),
    ("high card, king", Category.HIGH_CARD, (13,)),
    ("a pair of aces", Category.ONE_PAIR, (14,)),
    ("two pair, fours and sixes", Category.TWO_PAIR, (6, 4)),  # the higher pair first
    ("2 pair kings over nines", Category.TWO_PAIR, (13, 9)),
    ("trip sevens", Category.THREE_OF_A_KIND, (7,)),
    ("set of twos", Category.THREE_OF_A_KIND, (2,)),
    ("kings full of nines", Category.FULL_HOUSE, (13, 9)),
    ("kings full", Category.FULL_HOUSE, (13,)),
    ("quad jacks", Category.FOUR_OF_A_KIND, (11,)),
    # an ace-high straight flush is the royal flush (docs/rules.md §1)
    ("straight flush, ace high", Category.ROYAL_FLUSH, ()),
    ("ace-high straight flush", Category.ROYAL_FLUSH, ()),
    # a category alone names no rank
    ("pair", Category.ONE_PAIR, ()),
    ("full house", Category.FULL_HOUSE, ()),
])
def test_hand_wordings_are_read_with_the_ranks_they_name(text, category, ranks):
    assert parse_hand_name(text) == NamedHand(category, ranks)
    assert parse_category(text) is category


@pytest.mark.parametrize(("text", "words"), [
    ("six high", ["no high card is six high", "seven high"]),
    ("flush, six high", ["no flush is six high"]),
    ("straight, four high", ["no straight is four high", "five high"]),
    ("two pair, sixes and sixes", ["sixes twice"]),
    ("kings full of kings", ["kings twice"]),
    ("pair of king", ["not a hand"]),
    ("pair of 4s", ["not a hand"]),
    ("ace high heart flush", ["not a hand"]),
])
def test_wordings_no_hand_has_are_refused_naming_why(text, words):
    with pytest.raises(AnswerError) as error:
        parse_hand_name(text)
    for word in words:
        assert word in str(error.value)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
def test_every_wording_the_trainer_gives_a_hand_reads_back_as_that_hand(cards):
    hand = evaluate(cards)
    wording = hand.describe()
    assert hand_wording(hand.category, hand_ranks(hand)) == wording
    named = parse_hand_name(wording)
    assert named.category is hand.category
    assert named.ranks == hand_ranks(hand)


@pytest.mark.parametrize(("cards", "wording"), [
    ("Ah Kh Qh Jh Th", "royal flush"),
    ("9s 8s 7s 6s 5s", "straight flush, nine high"),
    ("5d 4d 3d 2d Ad", "straight flush, five high"),
    ("Kc Kd Kh Ks 2c", "four kings"),
    ("Kc Kd Kh 9s 9c", "full house, kings full of nines"),
    ("Ah Jh 8h 5h 2h", "flush, ace high"),
    ("9c 8d 7h 6s 5c", "straight, nine high"),
    ("5c 4d 3h 2s Ac", "straight, five high"),
    ("Kc Kd Kh 9s 2c", "three kings"),
    ("6c 6d 4h 4s Ac", "two pair, sixes and fours"),
    ("4c 4d Kh 9s 2c", "pair of fours"),
    ("Kc Jd 8h 5s 2c", "king high"),
])
def test_the_hand_describes_itself_in_the_words_the_parser_reads(cards, wording):
    hand = evaluate(parse_cards(cards.split()))
    assert hand.describe() == wording
    assert parse_hand_name(wording) == NamedHand(hand.category, hand_ranks(hand))


# --- the player's hand --------------------------------------------------------


@pytest.mark.parametrize("text", ["pair of kings", "Pair of Kings", "one pair of kings",
                                  "pair", "one pair"])
def test_naming_the_seats_pair_of_kings_is_right(text):
    question = questions_of(PAIR_OF_KINGS_ROUND)["seat-3-hand"]
    result = grade(question, text)
    assert result.correct
    assert result.explanation == ""


def test_a_pair_of_fours_for_a_pair_of_kings_is_wrong_and_says_the_right_wording():
    question = questions_of(PAIR_OF_KINGS_ROUND)["seat-3-hand"]
    result = grade(question, "pair of fours")
    assert not result.correct
    assert result.given == NamedHand(Category.ONE_PAIR, (4,))
    assert result.given_text == "pair of fours"
    assert "you said pair of fours" in result.explanation
    assert "the hand is pair of kings" in result.explanation


@pytest.mark.parametrize(("text", "said"), [
    ("king high", "king high"),
    ("two pair, kings and fours", "two pair, kings and fours"),
    ("three kings", "three kings"),
])
def test_a_wording_of_another_category_is_wrong(text, said):
    question = questions_of(PAIR_OF_KINGS_ROUND)["seat-3-hand"]
    result = grade(question, text)
    assert not result.correct
    assert result.expected_text == "one pair"
    assert result.explanation.endswith(f"\u2014 you said {said}")
    assert "pair of kings" in result.explanation


def test_a_named_hand_from_a_button_is_graded_like_typed_words():
    question = questions_of(PAIR_OF_KINGS_ROUND)["seat-3-hand"]
    assert grade(question, NamedHand(Category.ONE_PAIR, (13,))).correct
    assert not grade(question, NamedHand(Category.ONE_PAIR, (4,))).correct
    assert coerce_answer(QuestionKind.SEAT_HAND, "pair") is Category.ONE_PAIR
    with pytest.raises(TypeError):
        coerce_answer(QuestionKind.SEAT_HAND, NamedHand(Category.ONE_PAIR, (1,)))
    with pytest.raises(TypeError):
        coerce_answer(QuestionKind.SEAT_HAND, NamedHand(Category.ONE_PAIR, (13, 4)))


def test_a_category_alone_is_still_read_as_a_category():
    assert parse_seat_hand("two pair") is Category.TWO_PAIR
    assert parse_seat_hand("two pair, kings and fours") == NamedHand(Category.TWO_PAIR, (13, 4))


# --- the dealer's hand --------------------------------------------------------


def test_the_dealers_queens_full_of_nines_is_right_in_every_wording():
    question = questions_of(QUEENS_FULL_ROUND)["dealer-hand"]
    for words in ("full house", "queens full", "queens full of nines",
                  "full house, queens full of nines"):
        result = grade(question, parse_dealer_hand(f"{words}: Qs Qd Qh 9h 9c"))
        assert result.correct, words


@pytest.mark.parametrize(("words", "said"), [
    ("nines full of queens", "full house, nines full of queens"),
    ("queens full of fours", "full house, queens full of fours"),
    ("kings full", "full house, kings full"),
])
def test_the_dealers_full_house_with_the_wrong_ranks_is_wrong(words, said):
    question = questions_of(QUEENS_FULL_ROUND)["dealer-hand"]
    result = grade(question, parse_dealer_hand(f"{words} Qs Qd Qh 9h 9c"))
    assert not result.correct
    assert f"You chose {said}" in result.explanation
    assert "those cards make full house, queens full of nines" in result.explanation


def test_the_dealers_hand_named_with_cards_picked_on_the_table_keeps_its_ranks():
    seven = parse_cards(["Qs", "Qd", "Qh", "9h", "9c", "4h", "2s"])
    picked = parse_cards(["4h", "2s"])  # the two that do not play
    answer = dealer_hand_from_table("queens full of nines", picked, seven)
    assert answer == DealerHandAnswer(Category.FULL_HOUSE, tuple(seven[:5]), (12, 9))
    question = questions_of(QUEENS_FULL_ROUND)["dealer-hand"]
    assert grade(question, answer).correct
    wrong = dealer_hand_from_table("nines full of queens", picked, seven)
    assert not grade(question, wrong).correct


def test_the_dealers_ace_high_is_named_king_high_wrongly():
    # settle contract's example: the dealer's As Kd on 2c 7c 9c Jd Qs make ace high.
    from trainer.selfcheck import settle_example
    question = questions_of(settle_example())["dealer-hand"]
    assert grade(question, parse_dealer_hand("ace high As Kd Qs Jd 9c")).correct
    result = grade(question, parse_dealer_hand("king high As Kd Qs Jd 9c"))
    assert not result.correct
    assert "not king high" in result.explanation
