"""Two hands of one category with the same named ranks are told apart by the first card
that differs, in every explanation that compares them (issue 19, item 18: "the dealer's
pair of fours beats pair of fours" named no kicker).

Every hand below is worked by hand from docs/rules.md §1 (best five of seven, pairs
before kickers, kickers best first).
"""

from __future__ import annotations

import pytest
from engine_support import make_round, seat

from trainer.engine.cards import parse_card
from trainer.engine.evaluator import Hand, evaluate
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import settle
from trainer.training.questions import build_questions


def hand(cards: str) -> Hand:
    return evaluate([parse_card(text) for text in cards.split()])


@pytest.mark.parametrize(("board", "better", "worse", "better_words", "worse_words"), [
    # 4 4 A 9 7 against 4 4 K 9 7: the first kicker differs.
    ("4c 4d 9s 7h 2c", "As 3d", "Kh 3s",
     "pair of fours with an ace kicker", "pair of fours with a king kicker"),
    # 4 4 A Q 7 against 4 4 A J 7: the ace is shared, the second kicker differs.
    ("4c 4d As 7h 2c", "Qs 3d", "Jh 3s",
     "pair of fours with ace and queen kickers", "pair of fours with ace and jack kickers"),
    # 4 4 A 9 8 against 4 4 A 9 7: the third kicker.
    ("4c 4d As 9h 2c", "8s 3d", "7h 3s",
     "pair of fours with ace, nine and eight kickers",
     "pair of fours with ace, nine and seven kickers"),
    # K K 9 9 A against K K 9 9 Q.
    ("Kc Kd 9s 9h 2c", "As 3d", "Qh 3s",
     "two pair, kings and nines with an ace kicker",
     "two pair, kings and nines with a queen kicker"),
    # 4 4 4 A 9 against 4 4 4 K 9.
    ("4c 4d 4s 9h 2c", "As 3d", "Ks 3h",
     "three fours with an ace kicker", "three fours with a king kicker"),
    # 4 4 4 4 8 against 4 4 4 4 7 (an eight takes "an").
    ("4c 4d 4s 4h 2c", "8s 3d", "7h 3s",
     "four fours with an eight kicker", "four fours with a seven kicker"),
    # A K 9 7 4 against A Q 9 7 4: high card names its cards down to the one that differs.
    ("Ac 9d 7s 4h 2c", "Kd 3s", "Qd 3h", "ace-king high", "ace-queen high"),
    # Flushes A K 9 7 4 and A Q 9 7 4 in hearts.
    ("Ah 9h 7h 4h 2c", "Kh 3s", "Qh 3d", "flush, ace-king high", "flush, ace-queen high"),
])
def test_equal_named_hands_are_told_apart_by_the_first_card_that_differs(
        board: str, better: str, worse: str, better_words: str, worse_words: str) -> None:
    high, low = hand(f"{better} {board}"), hand(f"{worse} {board}")
    assert high.beats(low) and high.describe() == low.describe()
    assert high.describe_against(low) == better_words
    assert low.describe_against(high) == worse_words


@pytest.mark.parametrize(("first", "second"), [
    ("4c 4d 9s 7h 2c As 3d", "5c 5d 9s 7h 2c As 3d"),  # pair of fours, pair of fives
    ("4c 4d 9s 7h 2c As 3d", "4h 4s 9s 7h 2c Ad 3c"),  # a copy: the same five ranks
    ("Kc Qd Js Th 9c 2s 3d", "Kh Qs Jc Td 9h 4s 5d"),  # two king-high straights
])
def test_hands_told_apart_by_their_words_or_equal_keep_their_plain_words(
        first: str, second: str) -> None:
    one, other = hand(first), hand(second)
    assert one.describe_against(other) == one.describe()
    assert other.describe_against(one) == other.describe()


# The dealer's As 3d and seat 2's Kh 3s on 4c 4d 9s 7h 2c: pair of fours with an ace
# kicker beats pair of fours with a king kicker; the dealer qualifies (a pair).
EQUAL_PAIRS = make_round("As 3d", "4c 4d 9s 7h 2c", [seat(2, "Kh 3s", ante="10", raise_="10")])


def test_the_settlement_says_which_kicker_beats_which() -> None:
    settlement = settle(parse_round(EQUAL_PAIRS))
    reasons = {result.wager: result.reason for result in settlement.seat(2).wagers}
    assert reasons[Wager.ANTE] == ("Ante $10.00 loses: the dealer's pair of fours with an ace"
                                   " kicker beats pair of fours with a king kicker")
    assert "with an ace kicker beats pair of fours with a king kicker" in reasons[Wager.RAISE]


def test_the_win_lose_or_tie_explanation_names_both_kickers() -> None:
    settlement = settle(parse_round(EQUAL_PAIRS))
    question = next(q for q in build_questions(settlement) if q.id == "seat-2-result")
    assert question.explanation == (
        "Seat 2: lose \u2014 the dealer's pair of fours with an ace kicker beats the"
        " player's pair of fours with a king kicker.")
