"""Issue 19, items 19 and 20: the two cards that do not play may be typed, as they may be
clicked, and graded the same; an answer too long to be one is refused in one short line."""

from __future__ import annotations

import pytest

from trainer.engine.cards import parse_card
from trainer.engine.evaluator import Category
from trainer.training.answers import (
    MAX_ANSWER_LENGTH,
    AnswerError,
    dealer_hand_from_table,
    parse_answer,
    split_seat_line,
)
from trainer.training.questions import DealerHandAnswer, QuestionKind

# The settle example: the dealer holds As Kd, the board is 2c 7c 9c Jd Qs; the dealer's
# best five are As Kd Qs Jd 9c (ace high), so 2c and 7c do not play.
SEVEN = [parse_card(c) for c in ("As", "Kd", "2c", "7c", "9c", "Jd", "Qs")]
PLAYING = tuple(parse_card(c) for c in ("As", "Kd", "9c", "Jd", "Qs"))


def test_typing_the_two_cards_that_do_not_play_names_the_other_five() -> None:
    typed = dealer_hand_from_table("high card 2c 7c", [], SEVEN)
    assert typed == DealerHandAnswer(Category.HIGH_CARD, PLAYING, ())


def test_typed_and_clicked_non_playing_cards_give_the_same_answer() -> None:
    clicked = dealer_hand_from_table("ace high", [parse_card("7c"), parse_card("2c")], SEVEN)
    typed = dealer_hand_from_table("ace high 7c 2c", [], SEVEN)
    assert typed == clicked == DealerHandAnswer(Category.HIGH_CARD, PLAYING, (14,))


def test_two_typed_cards_must_be_two_of_the_dealers_seven() -> None:
    with pytest.raises(AnswerError, match="3\u2666 is not among the dealer's seven cards"):
        dealer_hand_from_table("high card 2c 3d", [], SEVEN)
    with pytest.raises(AnswerError, match="Choose the five cards that play: 2 cards chosen"):
        dealer_hand_from_table("high card 2c 2c", [], SEVEN)


def test_three_typed_cards_are_still_refused() -> None:
    with pytest.raises(AnswerError, match="3 cards chosen"):
        dealer_hand_from_table("high card 2c 7c 9c", [], SEVEN)


# A dealer's mistake (kind "mistake") is marked spot by spot in its own window, never
# parsed as a typed answer to a question (trainer/ui/mistakes_window.py).
# Nor is a step of running the round (kind "procedure": trainer/training/procedure.py).
@pytest.mark.parametrize("kind", [k for k in QuestionKind
                                  if k not in (QuestionKind.MISTAKE, QuestionKind.PROCEDURE)])
def test_a_pasted_page_is_refused_in_one_short_line(kind: QuestionKind) -> None:
    pasted = "king high 2c 6d " * 625  # 10,000 characters
    assert len(pasted) == 10_000
    with pytest.raises(AnswerError) as refused:
        parse_answer(kind, pasted)
    message = str(refused.value)
    assert message.startswith("The answer is too long: an answer is at most 100 characters")
    assert len(message) < 120 and "king" not in message


def test_an_answer_of_exactly_the_limit_is_read() -> None:
    assert MAX_ANSWER_LENGTH == 100
    assert parse_answer(QuestionKind.QUALIFIES, "yes" + " " * 97) is True
    with pytest.raises(AnswerError, match="too long"):
        parse_answer(QuestionKind.QUALIFIES, "yes" + " " * 97 + "!")


def test_a_long_seat_line_is_refused_as_too_long() -> None:
    with pytest.raises(AnswerError, match="too long"):
        split_seat_line("w " + "20 " * 60, [])
