"""docs/rules.md §1 — cards and hands: ranks, categories, the wheel, best five of seven,
kickers, copies; and the exhaustive counts of all five-card and two-card hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest
from engine_support import cards, hand, make_round, ranks, seat, seat_out, settle_json

from trainer.engine.cards import DECK, CardError, parse_card
from trainer.engine.evaluator import Category, evaluate, hand_value, value_category
from trainer.engine.settlement import pocket_hand

# --- the deck -------------------------------------------------------------------


def test_one_deck_of_52_distinct_cards_without_jokers() -> None:
    assert len(DECK) == 52
    assert len({str(card) for card in DECK}) == 52
    assert {card.rank for card in DECK} == set(range(2, 15))
    assert Counter(card.suit.value for card in DECK) == {"s": 13, "h": 13, "d": 13, "c": 13}
    for joker in ("Jk", "JK", "X", "Joker"):
        with pytest.raises(CardError):
            parse_card(joker)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Td", "Td"), ("10d", "Td"), ("td", "Td"), ("TD", "Td"), ("as", "As"), ("2C", "2c")],
)
def test_card_text_is_case_insensitive_and_ten_may_be_written_10(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


RANK_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]


@pytest.mark.parametrize(("higher", "lower"), list(pairwise(RANK_ORDER)))
def test_ranks_order_ace_king_down_to_deuce(higher: str, lower: str) -> None:
    # A pair of each rank with the same three kickers: only the rank differs.
    kickers = [r for r in RANK_ORDER if r not in (higher, lower)][:3]
    tail = f"{kickers[0]}c {kickers[1]}d {kickers[2]}h"
    high = hand(f"{higher}s {higher}h {tail}")
    low = hand(f"{lower}s {lower}h {tail}")
    assert high.category is low.category is Category.ONE_PAIR
    assert high.value > low.value


def test_suits_are_equal_same_flush_ranks_in_two_suits_is_a_copy() -> None:
    spades = hand("As Js 8s 6s 3s")
    hearts = hand("Ah Jh 8h 6h 3h")
    assert spades.category is hearts.category is Category.FLUSH
    assert spades.value == hearts.value


# --- categories -------------------------------------------------------------------

CATEGORY_EXAMPLES = [
    ("Ah Kh Qh Jh Th", Category.ROYAL_FLUSH),
    ("9c 8c 7c 6c 5c", Category.STRAIGHT_FLUSH),
    ("7s 7h 7d 7c 2s", Category.FOUR_OF_A_KIND),
    ("7s 7h 7d Kc Ks", Category.FULL_HOUSE),
    ("Ad Jd 8d 6d 3d", Category.FLUSH),
    ("8c 7d 6h 5s 4c", Category.STRAIGHT),
    ("7s 7h 7d Kc 2s", Category.THREE_OF_A_KIND),
    ("7s 7h Kd Kc 2s", Category.TWO_PAIR),
    ("7s 7h Kd Qc 2s", Category.ONE_PAIR),
    ("As Jh 8d 6c 3s", Category.HIGH_CARD),
]


@pytest.mark.parametrize(("text", "category"), CATEGORY_EXAMPLES)
def test_each_category_is_recognised(text: str, category: Category) -> None:
    assert hand(text).category is category


def test_categories_rank_royal_flush_down_to_high_card() -> None:
    values = [hand(text).value for text, _ in CATEGORY_EXAMPLES]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    names = [str(category) for _, category in CATEGORY_EXAMPLES]
    assert names == [
        "royal flush",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
        "two pair",
        "one pair",
        "high card",
    ]


def test_royal_flush_is_the_ace_high_straight_flush_named_separately() -> None:
    royal = hand("As Ks Qs Js Ts")
    king_high = hand("Ks Qs Js Ts 9s")
    assert royal.category is Category.ROYAL_FLUSH
    assert king_high.category is Category.STRAIGHT_FLUSH
    assert royal.value > king_high.value


def test_ace_high_straight_unsuited_is_a_straight_not_a_royal() -> None:
    assert hand("As Kh Qs Js Ts").category is Category.STRAIGHT


# --- the ace and the wheel ---------------------------------------------------------


def test_wheel_a_2_3_4_5_is_a_straight_with_the_ace_low() -> None:
    wheel = hand("Ah 2c 3d 4s 5h")
    assert wheel.category is Category.STRAIGHT
    assert ranks(wheel) == [5, 4, 3, 2, 14]  # best first: the five tops the wheel


def test_wheel_is_the_lowest_straight() -> None:
    wheel = hand("Ah 2c 3d 4s 5h")
    six_high = hand("2c 3d 4s 5h 6c")
    broadway = hand("As Kh Qd Jc Th")
    assert wheel.value < six_high.value < broadway.value
    # ...but still above every three of a kind.
    assert wheel.value > hand("As Ah Ad Kc Qs").value


def test_wheel_is_the_lowest_straight_flush_and_not_a_royal() -> None:
    steel_wheel = hand("Ah 2h 3h 4h 5h")
    six_high = hand("2h 3h 4h 5h 6h")
    assert steel_wheel.category is Category.STRAIGHT_FLUSH
    assert steel_wheel.value < six_high.value
    assert steel_wheel.value > hand("As Ad Ah Ac Ks").value  # above four aces


@pytest.mark.parametrize(
    "text", ["Qs Kh Ad 2c 3h", "Kc Ad 2h 3s 4d", "Jd Qc Kh As 2d", "Qh Kh Ah 2h 3h"]
)
def test_no_wrap_around_straight(text: str) -> None:
    result = hand(text)
    assert result.category in (Category.HIGH_CARD, Category.FLUSH)
    assert result.category not in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)


def test_ace_is_high_outside_the_wheel() -> None:
    # A-2-3-4-6: not a straight; the ace counts high, so it beats K-Q-J-9-7.
    ace_high = hand("As 2h 3d 4c 6s")
    assert ace_high.category is Category.HIGH_CARD
    assert ace_high.value > hand("Ks Qh Jd 9c 7s").value
    # A pair of aces is the best pair.
    assert hand("As Ah 2c 3d 4h").value > hand("Ks Kh Qc Jd 9h").value


def test_wheel_in_seven_cards_loses_to_six_high_straight() -> None:
    assert hand("Ah 2c 3d 4s 5h 6c Kd").value == hand("2c 3d 4s 5h 6c").value


# --- best five of seven --------------------------------------------------------------


def test_best_five_of_seven_picks_the_highest_hand() -> None:
    # Two pair, a straight and a flush are all there; the flush is best.
    best = hand("9h 8h 7c 6h 5d 2h Kh")
    assert best.category is Category.FLUSH
    assert {str(card) for card in best.cards} == {"Kh", "9h", "8h", "6h", "2h"}


def test_best_five_of_seven_uses_the_higher_straight() -> None:
    best = hand("4c 5d 6h 7s 8d 9c Ts")
    assert best.category is Category.STRAIGHT
    assert ranks(best) == [10, 9, 8, 7, 6]


def test_full_house_from_two_trips_uses_the_higher_as_trips() -> None:
    best = hand("7s 7h 7d 9c 9s 9h 2c")
    assert best.category is Category.FULL_HOUSE
    assert ranks(best) == [9, 9, 9, 7, 7]


def test_full_house_takes_the_highest_pair_available() -> None:
    best = hand("7s 7h 7d 2c 2s Kh Kd")
    assert ranks(best) == [7, 7, 7, 13, 13]


def test_board_may_play_all_five_community_cards() -> None:
    # Hole cards 2-3 do not improve a board straight: the player plays the board.
    board = "Ts Jh Qd Kc 9s"
    best = hand(f"2c 3d {board}")
    assert best.category is Category.STRAIGHT
    assert {str(card) for card in best.cards} == set(board.split())


def test_board_playing_for_both_dealer_and_player_is_a_tie() -> None:
    data = make_round(
        "2c 3d",
        "Ah Kd Qc Js Th",
        [seat(1, "4c 5d")],
    )
    out = seat_out(settle_json(data), 1)
    assert out["result"] == "tie"
    assert out["hand"] == "straight"


# --- kickers and copies --------------------------------------------------------------


def test_pair_beats_lower_pair_regardless_of_kickers() -> None:
    assert hand("Ks Kh 2c 3d 4h").value > hand("Qs Qh Ac Jd 9h").value


def test_same_pair_decided_by_first_kicker() -> None:
    assert hand("Ks Kh Ac 3d 2h").value > hand("Kc Kd Qc Jd 9h").value


def test_same_pair_decided_by_third_kicker() -> None:
    assert hand("Ks Kh Ac Qd 4h").value > hand("Kc Kd Ah Qc 3h").value


def test_two_pair_compares_high_pair_then_low_pair_then_kicker() -> None:
    assert hand("As Ah 2c 2d 3h").value > hand("Ks Kh Qc Qd Jh").value
    assert hand("Ks Kh 8c 8d 2h").value > hand("Kc Kd 7c 7d Ah").value
    assert hand("Ks Kh 8c 8d Ah").value > hand("Kc Kd 8h 8s Qh").value


def test_three_of_a_kind_compares_trips_then_kickers() -> None:
    assert hand("8s 8h 8c 2d 3h").value > hand("7s 7h 7c Ad Kh").value
    assert hand("8s 8h 8c Ad 3h").value > hand("8s 8h 8c Kd Qh").value


def test_flush_compares_all_five_cards() -> None:
    assert hand("Ah Jh 8h 6h 3h").value > hand("As Js 8s 6s 2s").value
    assert hand("Ah Jh 8h 6h 3h").value < hand("As Js 8s 7s 2s").value


def test_high_card_compares_down_to_the_fifth_card() -> None:
    assert hand("As Jh 8d 6c 3s").value > hand("Ah Jd 8c 6s 2h").value


def test_full_house_compares_trips_first_then_pair() -> None:
    assert hand("3s 3h 3d 2c 2s").value > hand("2d 2h 2c As Ah").value
    assert hand("9s 9h 9d Kc Ks").value > hand("9s 9h 9d Qc Qs").value


def test_four_of_a_kind_compares_quads_then_kicker() -> None:
    assert hand("3s 3h 3d 3c 2s").value > hand("2s 2h 2d 2c As").value
    assert hand("9s 9h 9d 9c Ks").value > hand("9s 9h 9d 9c Qs").value


def test_straights_compare_by_top_card() -> None:
    assert hand("9c 8d 7h 6s 5c").value > hand("8c 7d 6h 5s 4c").value


def test_identical_five_card_ranks_are_a_copy() -> None:
    assert hand("As Kh 9d 8c 6s").value == hand("Ad Kc 9s 8h 6d").value
    # Cards outside the best five do not break a tie.
    assert hand("Ks Kh Qd Jc 9s 3h 2c").value == hand("Kd Kc Qs Jh 9d 4h 2d").value


def test_kicker_outside_the_best_five_does_not_count_in_seven() -> None:
    # Board K K Q Q J: a hole 9 or an 8 plays no part; both players hold K K Q Q J.
    board = "Ks Kh Qd Qc Js"
    assert hand(f"9c 2d {board}").value == hand(f"8c 3d {board}").value


# --- split and counterfeited two pair -------------------------------------------------


def test_split_two_pair_beats_an_overpair() -> None:
    board = "Kd 7c 2h 9s 4d"
    split = hand(f"Kh 7s {board}")
    overpair = hand(f"Qs Qh {board}")
    assert split.category is Category.TWO_PAIR
    assert overpair.category is Category.ONE_PAIR
    assert split.value > overpair.value


def test_pocket_pair_counterfeited_by_two_higher_board_pairs_plays_as_a_kicker() -> None:
    board = "Kh Kd Qc Qs 2h"
    pocket_sixes = hand(f"6c 6d {board}")
    assert pocket_sixes.category is Category.TWO_PAIR
    assert ranks(pocket_sixes) == [13, 13, 12, 12, 6]
    # An eight kicker in the hole beats the counterfeited pocket sixes.
    assert hand(f"8c 3d {board}").value > pocket_sixes.value
    # A five kicker loses to them.
    assert hand(f"5c 3d {board}").value < pocket_sixes.value


def test_counterfeited_pocket_pair_loses_the_round_to_a_higher_kicker() -> None:
    data = make_round("As 3c", "Kh Kd Qc Qs 2h", [seat(6, "6c 6d")])
    settlement = settle_json(data)
    out = seat_out(settlement, 6)
    assert settlement["dealer"]["hand"] == "two pair"
    assert out["hand"] == "two pair"
    assert [card[0] for card in out["cards"]] == ["K", "K", "Q", "Q", "6"]
    assert out["result"] == "lose"


def test_two_pair_with_three_pairs_available_uses_the_two_highest() -> None:
    best = hand("9s 9h 5c 5d 3h 3s 2c")
    assert ranks(best) == [9, 9, 5, 5, 3]
    # The third pair's card may serve as the kicker: 9 9 5 5 + K beats 9 9 5 5 3.
    assert hand("9s 9h 5c 5d 3h 3s Kc").value > best.value


def test_counterfeited_two_pair_board_pair_makes_a_higher_two_pair() -> None:
    # Hole 9-8 makes two pair on 9-8-2, but the board pairs queens twice:
    # the player's best becomes Q Q 9 9 8 — his eights are counterfeited.
    best = hand("9c 8d 9h 8s 2c Qd Qh")
    assert best.category is Category.TWO_PAIR
    assert ranks(best) == [12, 12, 9, 9, 8]


# --- the five cards that make the hand --------------------------------------------------


def test_hand_cards_are_five_of_the_seven_best_first() -> None:
    seven = cards("7s Kd 7h 2c Kh 7d 4s")
    best = evaluate(seven)
    assert len(best.cards) == 5
    assert set(best.cards) <= set(seven)
    assert ranks(best) == [7, 7, 7, 13, 13]


# --- exhaustive counts ------------------------------------------------------------------

FIVE_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@pytest.mark.slow
def test_all_2598960_five_card_hands_fall_into_the_standard_category_counts() -> None:
    by_top_bits = Counter(hand_value(codes) >> 20 for codes in combinations(range(52), 5))
    counts = {value_category(bits << 20): n for bits, n in by_top_bits.items()}
    assert sum(counts.values()) == 2_598_960
    assert counts == FIVE_CARD_COUNTS


@pytest.mark.slow
def test_all_2598960_five_card_hands_have_7462_distinct_values() -> None:
    # 7,462 distinct five-card hand ranks is the classic count: one value per
    # distinct rank pattern, so copies compare equal and nothing else does.
    values = {hand_value(codes) for codes in combinations(range(52), 5)}
    assert len(values) == 7_462


POCKET_COUNTS = {
    "pair_of_aces": 6,
    "ace_face_suited": 12,
    "ace_face_unsuited": 36,
    "pair": 72,
    None: 1_200,
}


def test_all_1326_starting_hands_fall_into_the_pocket_bonus_classes() -> None:
    counts: Counter[str | None] = Counter()
    for first, second in combinations(DECK, 2):
        forward = pocket_hand((first, second))
        assert pocket_hand((second, first)) == forward
        counts[None if forward is None else str(forward)] += 1
    assert sum(counts.values()) == 1_326
    assert dict(counts) == POCKET_COUNTS
