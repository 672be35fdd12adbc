"""docs/rules.md §2-§4 — wagers and decisions, dealer qualification, and the settlement
of ante, raise and odds (every row of the §4 table, every line of the odds-win
table and of bad-beat tables 1-4).

Expected amounts are worked by hand from docs/rules.md; "X to 1" on a wager W pays
X * W and the player keeps W. Unless a test says otherwise a seat has a $10 ante,
$10 odds and a $30 (3x) raise.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from engine_support import (
    PUSH,
    lose,
    make_round,
    seat,
    seat_out,
    settle_json,
    wager,
    win,
)

from trainer.engine.cards import DECK
from trainer.engine.rulesets import load_preset

# --- §2 wagers and decisions --------------------------------------------------------

PRESET_RAISES = {
    # preset: (pre-flop, flop, river) multiples of the ante, docs/rules.md §2 and §9
    "ny-2018": ({1, 2, 3}, {1, 2}, {1}),
    "massachusetts": ({1, 2, 3}, {1, 2}, {1}),
    "standard": ({3}, {2}, {1}),
    "house": ({3}, {2}, {1}),
}


@pytest.mark.parametrize("preset", sorted(PRESET_RAISES))
def test_raise_options_per_preset_preflop_flop_river(preset: str) -> None:
    ruleset = load_preset(preset)
    preflop, flop, river = PRESET_RAISES[preset]
    assert set(ruleset.raises_preflop) == preflop
    assert set(ruleset.raises_flop) == flop
    assert set(ruleset.raises_river) == river


@pytest.mark.parametrize("preset", sorted(PRESET_RAISES))
@pytest.mark.parametrize("multiple", [1, 2, 3])
def test_raise_of_1x_2x_or_3x_the_ante_is_accepted(preset: str, multiple: int) -> None:
    # Pre-flop 3x, flop 2x (1x-2x in New York) and river 1x exist in every preset.
    ante = 10
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [seat(1, "Ks Ac", ante=str(ante), raise_=str(ante * multiple))],
        rules=preset,
    )
    out = seat_out(settle_json(data), 1)
    # Player K K A 9 6 beats dealer K K 9 6 4; the raise pays 1 to 1.
    assert out["wagers"]["raise"] == win(f"{ante * multiple}.00")


def test_ante_and_odds_are_both_collected_and_settled_on_every_seat() -> None:
    data = make_round("Kd 4c", "Kh 9d 6c 3s 2h", [seat(1, "Qs Jc", ante="10")])
    wagers = seat_out(settle_json(data), 1)["wagers"]
    assert set(wagers) == {"ante", "raise", "odds"}


def test_side_wagers_absent_when_not_placed_present_when_placed() -> None:
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [seat(1, "Qs Jc"), seat(2, "8s 8c", trips_plus="5", pocket_bonus="5", progressive="1")],
        progressive_pool="1000",
    )
    settlement = settle_json(data)
    assert set(seat_out(settlement, 1)["wagers"]) == {"ante", "raise", "odds"}
    assert set(seat_out(settlement, 2)["wagers"]) == {
        "ante",
        "raise",
        "odds",
        "trips_plus",
        "pocket_bonus",
        "progressive",
    }


def test_folded_seat_has_no_raise_wager() -> None:
    data = make_round("Kd 4c", "Kh 9d 6c 3s 2h", [seat(2, "Qs Jc", folded=True)])
    assert "raise" not in seat_out(settle_json(data), 2)["wagers"]


# --- §3 dealer qualification ------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "board", "qualifies", "category"),
    [
        ("2d Qc", "Kh 9d 6c 3s 2h", True, "one pair"),  # the lowest pair qualifies
        ("Qd Jc", "Kh Kd 6c 3s 2h", True, "one pair"),  # a pair on the board counts
        ("Ad Qc", "Kh 9d 6c 3s 2h", False, "high card"),  # ace-king high does not
        ("Qd Qc", "Kh 9d 6c 3s 2h", True, "one pair"),
        ("Qd 6d", "Kh 9d 6c 3s 2h", True, "one pair"),
        ("5d 4c", "Kh 9d 6c 3s 2h", True, "straight"),
    ],
)
def test_dealer_qualifies_with_one_pair_or_better(
    dealer: str, board: str, qualifies: bool, category: str
) -> None:
    data = make_round(dealer, board, [seat(1, "As 8c")])
    settlement = settle_json(data)
    assert settlement["dealer"]["hand"] == category
    assert settlement["dealer"]["qualifies"] is qualifies


def test_dealer_hand_is_best_five_of_hole_cards_and_board() -> None:
    settlement = settle_json(make_round("9c 9s", "Kh 9d 6c 3s 2h", [seat(1, "As 8c")]))
    assert settlement["dealer"]["hand"] == "three of a kind"
    assert sorted(settlement["dealer"]["cards"]) == sorted(["9c", "9s", "9d", "Kh", "6c"])


# --- §4 the settlement table, row by row ----------------------------------------------------

BOARD = "Kh 9d 6c 3s 2h"


def test_player_wins_dealer_qualifies_ante_and_raise_pay_1_to_1_odds_push_below_straight() -> None:
    # Player K K A 9 6 beats the dealer's K K 9 6 4; one pair is less than a straight.
    settlement = settle_json(make_round("Kd 4c", BOARD, [seat(1, "Ks Ac")]))
    out = seat_out(settlement, 1)
    assert settlement["dealer"]["qualifies"] is True
    assert out["result"] == "win"
    assert out["wagers"] == {"ante": win("10.00"), "raise": win("30.00"), "odds": PUSH}
    assert out["total"] == "40.00"


def test_dealer_not_qualifying_pushes_ante_of_a_winning_player() -> None:
    # Dealer K Q J 9 6 high does not qualify; player A K 9 6 4 wins.
    settlement = settle_json(make_round("Qd Jc", BOARD, [seat(1, "Ac 4d")]))
    out = seat_out(settlement, 1)
    assert settlement["dealer"]["qualifies"] is False
    assert out["result"] == "win"
    assert out["wagers"] == {"ante": PUSH, "raise": win("30.00"), "odds": PUSH}
    assert out["total"] == "30.00"


def test_dealer_not_qualifying_still_pays_odds_on_a_winning_straight() -> None:
    # Player 5-4 makes the six-high straight 2-3-4-5-6; dealer K Q J 9 6 high.
    settlement = settle_json(make_round("Qd Jc", BOARD, [seat(1, "5d 4c")]))
    out = seat_out(settlement, 1)
    assert out["hand"] == "straight"
    assert out["wagers"] == {"ante": PUSH, "raise": win("30.00"), "odds": win("10.00")}
    assert out["total"] == "40.00"


def test_tie_with_identical_hands_pushes_ante_raise_and_odds() -> None:
    # Dealer A K 9 8 6 and player A K 9 8 6 in other suits: a copy, dealer not qualified.
    settlement = settle_json(make_round("Ad 8c", BOARD, [seat(1, "Ac 8s")]))
    out = seat_out(settlement, 1)
    assert out["result"] == "tie"
    assert out["wagers"] == {"ante": PUSH, "raise": PUSH, "odds": PUSH}
    assert out["total"] == "0.00"


def test_tie_with_qualified_dealer_pushes_everything() -> None:
    # Both play K K A 9 6: the dealer qualifies, still a copy.
    settlement = settle_json(make_round("Kd Ad", BOARD, [seat(1, "Ks Ac")]))
    out = seat_out(settlement, 1)
    assert settlement["dealer"]["qualifies"] is True
    assert out["result"] == "tie"
    assert out["wagers"] == {"ante": PUSH, "raise": PUSH, "odds": PUSH}


def test_tie_on_a_board_straight_pushes_odds_instead_of_paying_the_straight() -> None:
    settlement = settle_json(make_round("2c 3d", "Ah Kd Qc Js Th", [seat(1, "4c 5d")]))
    out = seat_out(settlement, 1)
    assert out["hand"] == "straight"
    assert out["wagers"] == {"ante": PUSH, "raise": PUSH, "odds": PUSH}


def test_dealer_wins_and_qualifies_player_loses_ante_raise_and_odds_below_straight() -> None:
    # Dealer pair of kings beats player K Q J 9 6 high.
    settlement = settle_json(make_round("Kd 4c", BOARD, [seat(1, "Qs Jc")]))
    out = seat_out(settlement, 1)
    assert out["result"] == "lose"
    assert out["wagers"] == {
        "ante": lose("-10.00"),
        "raise": lose("-30.00"),
        "odds": lose("-10.00"),
    }
    assert out["total"] == "-50.00"


def test_dealer_wins_qualifies_and_player_straight_gets_bad_beat_on_odds() -> None:
    # New York bad beat (500/25/6/5/4): a losing straight pays 4 to 1 on the $10 odds.
    # Player 8-4 makes 4-8; the dealer's 9-8 makes 5-9.
    settlement = settle_json(make_round("8h 9h", "5c 6d 7h Ks 2s", [seat(1, "8c 4d")]))
    out = seat_out(settlement, 1)
    assert out["result"] == "lose"
    assert out["wagers"] == {
        "ante": lose("-10.00"),
        "raise": lose("-30.00"),
        "odds": win("40.00"),
    }
    assert out["total"] == "0.00"


def test_dealer_wins_without_qualifying_pushes_ante_raise_and_odds_lose() -> None:
    # Dealer A K Q 9 6 high beats player K Q J 9 6 high; neither holds a pair.
    settlement = settle_json(make_round("Ad Qc", BOARD, [seat(1, "Qs Jc")]))
    out = seat_out(settlement, 1)
    assert settlement["dealer"]["qualifies"] is False
    assert out["result"] == "lose"
    assert out["wagers"] == {"ante": PUSH, "raise": lose("-30.00"), "odds": lose("-10.00")}
    assert out["total"] == "-40.00"


def test_player_folded_loses_ante_and_odds() -> None:
    # Even holding the winning hand: a fold forfeits ante and odds.
    settlement = settle_json(make_round("Qd Jc", BOARD, [seat(3, "As Ac", folded=True)]))
    out = seat_out(settlement, 3)
    assert out["result"] == "fold"
    assert out["wagers"] == {"ante": lose("-10.00"), "odds": lose("-10.00")}
    assert out["total"] == "-20.00"


def test_player_folded_against_a_qualified_dealer_loses_ante_and_odds() -> None:
    settlement = settle_json(make_round("Kd 4c", BOARD, [seat(3, "Qs Jc", folded=True, ante="5")]))
    out = seat_out(settlement, 3)
    assert out["wagers"] == {"ante": lose("-5.00"), "odds": lose("-5.00")}
    assert out["total"] == "-10.00"


def test_raise_of_1x_wins_even_money() -> None:
    settlement = settle_json(make_round("Kd 4c", BOARD, [seat(1, "Ks Ac", raise_="10")]))
    assert wager(settlement, 1, "raise") == win("10.00")


def test_royal_flush_cannot_lose() -> None:
    # Whatever the dealer holds on Q-J-T of spades with As Ks in the hole, the
    # player never loses (the only other royals would need five more cards).
    board = "Qs Js Ts 4d 4c"
    used = {"As", "Ks", *board.split()}
    rest = [str(card) for card in DECK if str(card) not in used]
    results = set()
    for first, second in combinations(rest, 2):
        data = make_round(f"{first} {second}", board, [seat(1, "As Ks")])
        results.add(seat_out(settle_json(data), 1)["result"])
    assert results == {"win"}


def test_royal_flush_on_the_board_is_a_tie_for_everyone() -> None:
    settlement = settle_json(
        make_round("2c 3d", "Ah Kh Qh Jh Th", [seat(1, "4c 5d"), seat(2, "As Ks")])
    )
    for number in (1, 2):
        out = seat_out(settlement, number)
        assert out["hand"] == "royal flush"
        assert out["result"] == "tie"
        assert out["wagers"]["odds"] == PUSH


# --- §4 odds-win table: the player wins holding a straight or better --------------------------

# (dealer, board, player hole, hand) — the dealer qualifies in each and loses.
WINNING_HANDS = {
    "royal flush": ("5h 6h", "Qs Js Ts 4d 4c", "As Ks"),
    "straight flush": ("Ac Kd", "9h 8h 7h 4d 4c", "6h 5h"),
    "four of a kind": ("Kd 3c", "7c 7d Kh 4s 2c", "7h 7s"),
    "full house": ("Ks 3c", "7c 7d Kh 4s 2c", "7h Kd"),
    "flush": ("Jc 5s", "2h 7h 9h Jh 3c", "4h Td"),
    "straight": ("Kd 3c", "5c 6d 7h Ks 2s", "8c 4d"),
}

ODDS_WIN_NY = {  # docs/rules.md §4, odds on the $10 odds wager
    "royal flush": "5000.00",  # 500 to 1
    "straight flush": "500.00",  # 50 to 1
    "four of a kind": "100.00",  # 10 to 1
    "full house": "30.00",  # 3 to 1
    "flush": "15.00",  # 3 to 2
    "straight": "10.00",  # 1 to 1
}


def _winning_round(name: str, rules: str, ante: str = "10") -> dict[str, object]:
    dealer, board, hole = WINNING_HANDS[name]
    return make_round(dealer, board, [seat(4, hole, ante=ante)], rules=rules)


@pytest.mark.parametrize("name", list(ODDS_WIN_NY))
@pytest.mark.parametrize("rules", ["ny-2018", "massachusetts", "standard"])
def test_odds_win_table_pays_straight_or_better(rules: str, name: str) -> None:
    settlement = settle_json(_winning_round(name, rules))
    out = seat_out(settlement, 4)
    assert settlement["dealer"]["qualifies"] is True
    assert out["hand"] == name
    assert out["result"] == "win"
    assert out["wagers"] == {
        "ante": win("10.00"),
        "raise": win("30.00"),
        "odds": win(ODDS_WIN_NY[name]),
    }
    total = 10 + 30 + float(ODDS_WIN_NY[name])
    assert out["total"] == f"{total:.2f}"


ODDS_WIN_HOUSE = {**ODDS_WIN_NY, "flush": "20.00"}  # the house pays a flush 2 to 1


@pytest.mark.parametrize("name", list(ODDS_WIN_HOUSE))
def test_house_odds_win_table_pays_flush_2_to_1(name: str) -> None:
    out = seat_out(settle_json(_winning_round(name, "house")), 4)
    assert out["wagers"]["odds"] == win(ODDS_WIN_HOUSE[name])


def test_odds_win_flush_3_to_2_on_5_dollars_is_exactly_7_50() -> None:
    out = seat_out(settle_json(_winning_round("flush", "ny-2018", ante="5")), 4)
    assert out["wagers"] == {"ante": win("5.00"), "raise": win("15.00"), "odds": win("7.50")}
    assert out["total"] == "27.50"


def test_odds_win_flush_3_to_2_on_7_dollars_is_10_50() -> None:
    out = seat_out(settle_json(_winning_round("flush", "ny-2018", ante="7")), 4)
    assert out["wagers"]["odds"] == win("10.50")


def test_odds_win_flush_3_to_2_on_a_cents_wager_is_exact() -> None:
    # 3 to 2 on $12.50 is $18.75 exactly: money is cents, never floating point.
    out = seat_out(settle_json(_winning_round("flush", "ny-2018", ante="12.50")), 4)
    assert out["wagers"] == {
        "ante": win("12.50"),
        "raise": win("37.50"),
        "odds": win("18.75"),
    }
    assert out["total"] == "68.75"


def test_odds_win_house_flush_2_to_1_on_5_dollars_is_10() -> None:
    out = seat_out(settle_json(_winning_round("flush", "house", ante="5")), 4)
    assert out["wagers"]["odds"] == win("10.00")


def test_winning_three_of_a_kind_pushes_odds() -> None:
    # Trips is less than a straight: the odds wager pushes when the player wins.
    data = make_round("Kd 3c", "7c 7d Kh 4s 2c", [seat(4, "7h 9s")])
    out = seat_out(settle_json(data), 4)
    assert out["hand"] == "three of a kind"
    assert out["result"] == "win"
    assert out["wagers"]["odds"] == PUSH


# --- §4 bad-beat tables: the player loses holding a straight or better ------------------------

# (dealer, board, player hole): the player's hand loses to the dealer's.
LOSING_HANDS = {
    "straight flush": ("9h Tc", "5h 6h 7h 8h Kd", "4h 2c"),  # 4-8 loses to 5-9 of hearts
    "four of a kind": ("Kh Ks", "9s 9h 9d Kc Kd", "9c 2s"),  # four nines lose to four kings
    "full house": ("Kh 4c", "Ks Kd 7c 7h 2s", "7s 3d"),  # sevens full lose to kings full
    "flush": ("Ah 5d", "2h 7h 9h Jh 3c", "4h Td"),  # jack-high flush loses to ace-high
    "straight": ("8h 9h", "5c 6d 7h Ks 2s", "8c 4d"),  # eight-high loses to nine-high
}

BAD_BEAT_TABLES = {  # docs/rules.md §4 and §9, on a $10 odds wager
    # table: straight flush / four of a kind / full house / flush / straight
    "1": ("5000.00", "500.00", "100.00", "80.00", "50.00"),  # 500/50/10/8/5
    "2": ("5000.00", "500.00", "100.00", "60.00", "50.00"),  # 500/50/10/6/5
    "3": ("5000.00", "500.00", "100.00", "50.00", "40.00"),  # 500/50/10/5/4
    "4": ("5000.00", "250.00", "60.00", "50.00", "40.00"),  # 500/25/6/5/4
}


def _losing_round(name: str, rules: str, options: dict[str, str] | None = None) -> dict:
    dealer, board, hole = LOSING_HANDS[name]
    return make_round(dealer, board, [seat(5, hole)], rules=rules, options=options)


@pytest.mark.parametrize("table", sorted(BAD_BEAT_TABLES))
@pytest.mark.parametrize("index", range(5), ids=list(LOSING_HANDS))
def test_bad_beat_table_pays_each_losing_hand(table: str, index: int) -> None:
    name = list(LOSING_HANDS)[index]
    settlement = settle_json(_losing_round(name, "standard", {"bad_beat_table": table}))
    out = seat_out(settlement, 5)
    assert settlement["dealer"]["qualifies"] is True
    assert out["hand"] == name
    assert out["result"] == "lose"
    paid = BAD_BEAT_TABLES[table][index]
    assert out["wagers"] == {"ante": lose("-10.00"), "raise": lose("-30.00"), "odds": win(paid)}
    assert out["total"] == f"{float(paid) - 40:.2f}"


@pytest.mark.parametrize("rules", ["ny-2018", "massachusetts", "house"])
@pytest.mark.parametrize("index", range(5), ids=list(LOSING_HANDS))
def test_bad_beat_500_25_6_5_4_in_new_york_massachusetts_and_house(rules: str, index: int) -> None:
    name = list(LOSING_HANDS)[index]
    out = seat_out(settle_json(_losing_round(name, rules)), 5)
    assert out["wagers"]["odds"] == win(BAD_BEAT_TABLES["4"][index])


def test_bad_beat_pays_losing_flush_5_to_1() -> None:
    out = seat_out(settle_json(_losing_round("flush", "ny-2018")), 5)
    assert out["wagers"]["odds"] == win("50.00")


def test_standard_bad_beat_default_table_1_pays_losing_flush_8_to_1() -> None:
    out = seat_out(settle_json(_losing_round("flush", "standard")), 5)
    assert out["wagers"]["odds"] == win("80.00")


def test_bad_beat_counts_a_board_straight_the_player_plays() -> None:
    # The board is a straight 4-8; the player plays it and loses to the dealer's 9.
    data = make_round("9c Kh", "4c 5d 6h 7s 8d", [seat(2, "2c 2d")])
    out = seat_out(settle_json(data), 2)
    assert out["hand"] == "straight"
    assert out["result"] == "lose"
    assert out["wagers"]["odds"] == win("40.00")


def test_losing_three_of_a_kind_gets_no_bad_beat() -> None:
    data = make_round("Kh Kc", "7c 7d Ks 4s 2c", [seat(5, "7h 9s")])
    out = seat_out(settle_json(data), 5)
    assert out["hand"] == "three of a kind"
    assert out["result"] == "lose"
    assert out["wagers"]["odds"] == lose("-10.00")
