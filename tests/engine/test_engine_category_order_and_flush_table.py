"""docs/rules.md §1: hand categories rank high to low as the rules list them, and a
flush is five or more cards of one suit among the five to seven a hand is made of.

The suit table and the look-up tables are built when the engine is imported; here
they are rebuilt and checked against the rule, so that the check does not rest on a
table computed once before any test ran.
"""

from __future__ import annotations

import itertools

import pytest
from engine_support import cards, hand, ranks

from trainer.engine import evaluator
from trainer.engine.cards import CardError
from trainer.engine.evaluator import (
    Category,
    _flush_suit_table,
    _LazyTable,
    evaluate,
    evaluate_codes,
)

# docs/rules.md §1, high to low.
HIGH_TO_LOW = [
    Category.ROYAL_FLUSH,
    Category.STRAIGHT_FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.ONE_PAIR,
    Category.HIGH_CARD,
]

PAIRS = list(itertools.product(enumerate(HIGH_TO_LOW), repeat=2))


def test_every_category_is_ranked() -> None:
    assert sorted(HIGH_TO_LOW) == sorted(Category)


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=lambda pair: pair[1].key)
def test_categories_compare_by_their_place_in_the_rules(
    first: tuple[int, Category], second: tuple[int, Category]
) -> None:
    (i, a), (j, b) = first, second  # a smaller place in the list is a better hand
    assert (a > b, a >= b, a < b, a <= b) == (i < j, i <= j, i > j, i >= j)


@pytest.mark.parametrize("category", HIGH_TO_LOW)
def test_a_category_is_not_compared_with_a_number(category: Category) -> None:
    for compare in (
        lambda: category > 3,
        lambda: category >= 3,
        lambda: category < 3,
        lambda: category <= 3,
    ):
        with pytest.raises(TypeError):
            compare()


def _suit_counts() -> list[tuple[int, int, int, int]]:
    """Every way five to seven cards can fall into the four suits."""
    return [counts for counts in itertools.product(range(8), repeat=4) if 5 <= sum(counts) <= 7]


def test_the_flush_suit_table_names_the_suit_holding_five_or_more_cards() -> None:
    table = _flush_suit_table()
    for counts in _suit_counts():
        key = sum(count << (4 * suit) for suit, count in enumerate(counts))
        flush_suits = [suit for suit, count in enumerate(counts) if count >= 5]
        expected = flush_suits[0] if flush_suits else -1
        assert table[key] == expected, counts


def test_six_and_seven_card_flushes_are_found_by_the_evaluator() -> None:
    # Six hearts in seven cards, and six clubs in six (the 6-Card Bonus).
    assert hand("2h 5h 9h Jh Kh 3h 4c").category is Category.FLUSH
    assert hand("2c 5c 9c Jc Kc 3c").category is Category.FLUSH


def test_a_lazy_table_computes_a_value_once_on_first_use() -> None:
    calls: list[int] = []

    def square(key: int) -> int:
        calls.append(key)
        return key * key

    table = _LazyTable(square)
    assert (table[7], table[7], table[3]) == (49, 49, 9)
    assert calls == [7, 3]


def test_a_hand_beats_a_lower_one_and_not_its_copy() -> None:
    flush = hand("2h 5h 9h Jh Kh 3c 4d")
    straight = hand("9c Td Jh Qs Ks 2c 3d")
    copy = hand("2h 5h 9h Jh Kh 3d 4c")
    assert flush.beats(straight) and not straight.beats(flush)
    assert not flush.beats(copy) and not copy.beats(flush)


def test_a_hand_given_as_card_codes_is_the_same_hand() -> None:
    seven = cards("As Ks Qs Js Ts 2d 3c")
    assert evaluate_codes([card.code for card in seven]) == evaluate(seven)


def test_a_royal_flush_is_called_by_its_name() -> None:
    assert hand("As Ks Qs Js Ts 2d 3c").describe() == "royal flush"


# Hand, category, the five cards that play (best first), worked by hand from §1;
# listed from the best hand down.
FRESH_HANDS = [
    ("As Ks Qs Js Ts 2d 3c", Category.ROYAL_FLUSH, "As Ks Qs Js Ts"),
    ("9h 8h 7h 6h 5h Kh 2c", Category.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h"),
    ("5d 4d 3d 2d Ad Kd 9s", Category.STRAIGHT_FLUSH, "5d 4d 3d 2d Ad"),  # the steel wheel
    ("7c 7d 7h 7s Kd 2c 3h", Category.FOUR_OF_A_KIND, "7c 7d 7h 7s Kd"),
    ("7h 7d 7c Ks Kd Kc 2s", Category.FULL_HOUSE, "Ks Kd Kc 7h 7d"),  # two trips
    ("Kc Ah Kh 9h 5h 3h 2d", Category.FLUSH, "Ah Kh 9h 5h 3h"),  # Kc is not of the flush
    ("Ks Ac Kc 9c 5c 2c 3d", Category.FLUSH, "Ac Kc 9c 5c 2c"),  # nor Ks here
    ("Tc Jd Qh Ks Ad 2c 3h", Category.STRAIGHT, "Ad Ks Qh Jd Tc"),
    ("Ac 2d 3h 4s 5d Kc Qh", Category.STRAIGHT, "5d 4s 3h 2d Ac"),  # the wheel
    ("9c 9d 9h Ks 4d 2c 7h", Category.THREE_OF_A_KIND, "9c 9d 9h Ks 7h"),
    ("Qs Qd 9c 9h 4s 4d 2c", Category.TWO_PAIR, "Qs Qd 9c 9h 4s"),  # three pairs
    ("Qs Qd 9c 8h 4s 3d 2c", Category.ONE_PAIR, "Qs Qd 9c 8h 4s"),
    ("As Qd 9c 8h 4s 3d 2c", Category.HIGH_CARD, "As Qd 9c 8h 4s"),
]


@pytest.mark.parametrize(("seven", "category", "five"), FRESH_HANDS)
def test_hands_read_with_tables_built_afresh(
    monkeypatch: pytest.MonkeyPatch, seven: str, category: Category, five: str
) -> None:
    # The look-up tables fill on first use; new empty ones make every value computed here.
    monkeypatch.setattr(evaluator, "_FLUSH_TABLE", _LazyTable(evaluator._flush_value))
    monkeypatch.setattr(evaluator, "_RANK_TABLE", _LazyTable(evaluator._rank_value_from_key))
    result = hand(seven)
    assert (result.category, [str(card) for card in result.cards]) == (category, five.split())
    assert ranks(result) == [card.rank for card in cards(five)]


def test_freshly_built_tables_order_the_hands_as_the_rules_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(evaluator, "_FLUSH_TABLE", _LazyTable(evaluator._flush_value))
    monkeypatch.setattr(evaluator, "_RANK_TABLE", _LazyTable(evaluator._rank_value_from_key))
    values = [hand(seven).value for seven, _, _ in FRESH_HANDS]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("count", [4, 8])
def test_a_hand_of_other_than_five_to_seven_cards_is_refused(count: int) -> None:
    eight = cards("As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(CardError) as error:
        evaluate(eight[:count])
    assert str(error.value) == f"a hand is made from 5 to 7 cards, not {count}"


def test_a_hand_holding_a_card_twice_is_refused() -> None:
    with pytest.raises(CardError) as error:
        evaluate(cards("As Ks Qs Js As"))
    assert str(error.value) == "a hand cannot hold the same card twice"
