"""docs/rules.md §5 and §6 — Trips Plus A-D, Pocket Bonus A-C, the 6-Card Bonus, the
New York progressive (tables A-H of sources/new-york-2018.txt (k)(4)), and the
$3,000 maximum aggregate payout of the house rules.

Every pay line below is typed from docs/rules.md / the New York text, and every
amount is worked by hand.
"""

from __future__ import annotations

import dataclasses

import pytest
from engine_support import (
    lose,
    make_round,
    seat,
    seat_out,
    settle_json,
    spare_cards,
    wager,
    win,
)

from trainer.engine.round import parse_round
from trainer.engine.settlement import settle, settlement_to_json

# --- Trips Plus ------------------------------------------------------------------------------

# hand: (board, hole) giving that hand as the player's best five of seven
TRIPS_HANDS = {
    "royal flush": ("Qs Js Ts 2d 3c", "As Ks"),
    "straight flush": ("9h 8h 7h 2d 3c", "6h 5h"),
    "four of a kind": ("7c 7d Kh 2s 4c", "7h 7s"),
    "full house": ("7c 7d Kh 2s 4c", "7h Kd"),
    "flush": ("2h 7h 9h Jh 3c", "4h Td"),
    "straight": ("5c 6d 7h Ks 2s", "8c 4d"),
    "three of a kind": ("7c 7d Kh 2s 4c", "7h 9d"),
}

TRIPS_PLUS = {  # docs/rules.md §5: odds "to 1" per table A, B, C, D
    "royal flush": (100, 100, 100, 100),
    "straight flush": (40, 40, 40, 40),
    "four of a kind": (30, 30, 30, 30),
    "full house": (9, 8, 8, 7),
    "flush": (7, 6, 7, 6),
    "straight": (4, 5, 4, 5),
    "three of a kind": (3, 3, 3, 3),
}


def _side_round(
    board: str,
    hole: str,
    *,
    rules: str = "ny-2018",
    options: dict[str, str] | None = None,
    folded: bool = False,
    progressive_pool: str | None = None,
    **wagers: str,
) -> dict:
    """One seat (seat 1, $10 ante, 3x raise or folded) holding ``wagers``; the
    dealer gets two spare cards, since side wagers do not depend on them."""
    extra = {} if progressive_pool is None else {"progressive_pool": progressive_pool}
    return make_round(
        spare_cards([*board.split(), *hole.split()], 2),
        board,
        [seat(1, hole, folded=folded, **wagers)],
        rules=rules,
        options=options,
        **extra,
    )


@pytest.mark.parametrize("letter_index", range(4), ids=list("ABCD"))
@pytest.mark.parametrize("name", list(TRIPS_PLUS))
def test_trips_plus_table_pays_each_line(name: str, letter_index: int) -> None:
    letter = "ABCD"[letter_index]
    board, hole = TRIPS_HANDS[name]
    data = _side_round(board, hole, options={"trips_plus_table": letter}, trips_plus="5")
    out = seat_out(settle_json(data), 1)
    assert out["hand"] == name
    odds = TRIPS_PLUS[name][letter_index]
    assert out["wagers"]["trips_plus"] == win(f"{5 * odds}.00")


@pytest.mark.parametrize("letter", list("ABCD"))
@pytest.mark.parametrize(
    ("board", "hole", "name"),
    [
        ("7c 7d Kh 2s 4c", "Kd 9s", "two pair"),
        ("7c Jd Kh 2s 4c", "7h 9d", "one pair"),
        ("7c Jd Kh 2s 4c", "Ah 9d", "high card"),
    ],
)
def test_trips_plus_loses_below_three_of_a_kind(
    letter: str, board: str, hole: str, name: str
) -> None:
    data = _side_round(board, hole, options={"trips_plus_table": letter}, trips_plus="5")
    out = seat_out(settle_json(data), 1)
    assert out["hand"] == name
    assert out["wagers"]["trips_plus"] == lose("-5.00")


def test_trips_plus_counts_three_of_a_kind_on_the_board_alone() -> None:
    data = _side_round("7c 7d 7h 2s 4c", "Kd 9s", trips_plus="5")
    out = seat_out(settle_json(data), 1)
    assert out["hand"] == "three of a kind"
    assert out["wagers"]["trips_plus"] == win("15.00")  # table A 3 to 1


def test_trips_plus_counts_a_flush_on_the_board_best_five_of_seven() -> None:
    # The hole 3c 4d plays no part: under the New York "two hole cards and three
    # community cards" wording this would be nothing; the trainer pays the flush.
    data = _side_round("2h 5h 8h Jh Kh", "3c 4d", trips_plus="5")
    out = seat_out(settle_json(data), 1)
    assert out["hand"] == "flush"
    assert out["wagers"]["trips_plus"] == win("35.00")  # table A 7 to 1


def test_trips_plus_settles_for_a_folded_player() -> None:
    data = _side_round("7c 7d Kh 2s 4c", "7h Kd", folded=True, trips_plus="5")
    out = seat_out(settle_json(data), 1)
    assert out["result"] == "fold"
    assert out["wagers"]["trips_plus"] == win("45.00")  # full house, table A 9 to 1
    assert out["total"] == "25.00"  # -10 ante -10 odds +45


def test_trips_plus_pays_whatever_happens_to_the_main_wagers() -> None:
    # Sevens full lose to kings full: main wagers lose (odds get the bad beat),
    # Trips Plus still pays the full house.
    data = make_round("Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d", trips_plus="10")])
    out = seat_out(settle_json(data), 1)
    assert out["result"] == "lose"
    assert out["wagers"]["trips_plus"] == win("90.00")


# --- Pocket Bonus -----------------------------------------------------------------------------

POCKET = {  # docs/rules.md §5, per table A, B, C
    "As Ad": (30, 25, 30),  # pair of aces
    "Ah Kh": (20, 20, 20),  # ace-king suited
    "Qc Ac": (20, 20, 20),  # ace-queen suited, queen first
    "Ad Jd": (20, 20, 20),
    "As Kd": (10, 10, 10),  # ace-king unsuited
    "Ah Qs": (10, 10, 10),
    "Jc Ad": (10, 10, 10),
    "Ks Kd": (5, 5, 4),  # pair, 2s through Ks
    "2s 2d": (5, 5, 4),
    "7h 7c": (5, 5, 4),
}


@pytest.mark.parametrize("letter_index", range(3), ids=list("ABC"))
@pytest.mark.parametrize("hole", list(POCKET))
def test_pocket_bonus_table_pays_each_line(hole: str, letter_index: int) -> None:
    letter = "ABC"[letter_index]
    data = _side_round(
        "9c 8d 3h 4s 6c", hole, options={"pocket_bonus_table": letter}, pocket_bonus="5"
    )
    paid = POCKET[hole][letter_index] * 5
    assert wager(settle_json(data), 1, "pocket_bonus") == win(f"{paid}.00")


@pytest.mark.parametrize("letter", list("ABC"))
@pytest.mark.parametrize("hole", ["Ah Th", "As 2s", "Kh Qh", "Ks Jd", "7c 2d", "Qd Jd"])
def test_pocket_bonus_anything_else_loses(letter: str, hole: str) -> None:
    data = _side_round(
        "9c 8d 3h 4s 6c", hole, options={"pocket_bonus_table": letter}, pocket_bonus="5"
    )
    assert wager(settle_json(data), 1, "pocket_bonus") == lose("-5.00")


def test_pocket_bonus_uses_the_two_hole_cards_only() -> None:
    # 7-2 makes three sevens with the board, but the two hole cards are no pair.
    data = _side_round("7s 7h Kd 4c 9s", "7c 2d", pocket_bonus="5")
    out = seat_out(settle_json(data), 1)
    assert out["hand"] == "three of a kind"
    assert out["wagers"]["pocket_bonus"] == lose("-5.00")


def test_pocket_bonus_settles_for_a_folded_player() -> None:
    data = _side_round("9c 8d 3h 4s 6c", "As Ad", folded=True, pocket_bonus="2")
    out = seat_out(settle_json(data), 1)
    assert out["result"] == "fold"
    assert out["wagers"]["pocket_bonus"] == win("60.00")  # 30 to 1 on $2
    assert out["total"] == "40.00"


# --- 6-Card Bonus (house rules) ----------------------------------------------------------------

# hand: (hole, the four extra cards)
SIX_CARD_HANDS = {
    "royal flush": ("As Ks", "Qs Js Ts 2d"),
    "straight flush": ("9h 8h", "7h 6h 5h 2c"),
    "four of a kind": ("7h 7s", "7c 7d 2s 3d"),
    "full house": ("7h 7s", "7c Kd Ks 2d"),
    "flush": ("2h 7h", "9h Jh 4h 3c"),
    "straight": ("8c 4d", "5c 6d 7h Ks"),
    "three of a kind": ("7h 7s", "7c Kd 2s 4c"),
}

SIX_CARD_AWARDS = {  # docs/rules.md §5: fixed awards for a $5 and a $2 wager
    "straight flush": ("1000.00", "400.00"),
    "four of a kind": ("250.00", "100.00"),
    "full house": ("100.00", "40.00"),
    "flush": ("75.00", "30.00"),
    "straight": ("50.00", "20.00"),
    "three of a kind": ("25.00", "10.00"),
}

HOUSE_BOARD = "Ac Qd 8d 5s 3h"


def _six_card_round(
    hole: str, extra: str, stake: str, *, folded: bool = False, board: str = HOUSE_BOARD
) -> dict:
    used = [*board.split(), *hole.split(), *extra.split()]
    dealer = spare_cards(used, 2)
    return make_round(
        dealer,
        board,
        [seat(6, hole, ante="5", folded=folded, six_card_bonus=stake)],
        rules="house",
        six_card_bonus_cards=extra.split(),
        six_card_bonus_jackpot="12345.67",
    )


@pytest.mark.parametrize("stake_index", range(2), ids=["$5", "$2"])
@pytest.mark.parametrize("name", list(SIX_CARD_AWARDS))
def test_six_card_bonus_pays_fixed_award(name: str, stake_index: int) -> None:
    stake = ("5", "2")[stake_index]
    hole, extra = SIX_CARD_HANDS[name]
    data = _six_card_round(hole, extra, stake)
    paid = SIX_CARD_AWARDS[name][stake_index]
    assert wager(settle_json(data), 6, "six_card_bonus") == win(paid)


@pytest.mark.parametrize("stake", ["5", "2"])
def test_six_card_bonus_royal_flush_pays_the_jackpot_meter(stake: str) -> None:
    hole, extra = SIX_CARD_HANDS["royal flush"]
    data = _six_card_round(hole, extra, stake)
    assert wager(settle_json(data), 6, "six_card_bonus") == win("12345.67")


@pytest.mark.parametrize("stake", ["5", "2"])
def test_six_card_bonus_loses_below_three_of_a_kind(stake: str) -> None:
    data = _six_card_round("7h 7s", "Kd Ks 2d 4c", stake)  # two pair
    assert wager(settle_json(data), 6, "six_card_bonus") == lose(f"-{stake}.00")


def test_six_card_bonus_uses_hole_cards_and_the_four_extra_cards_not_the_board() -> None:
    # Aces in the hole make four aces with the board, but with the four extra
    # cards only a pair of aces: the 6-Card Bonus loses.
    data = _six_card_round("As Ad", "Kc Qh 9s 4c", "5", board="Ac Ah 2d 3d 7d")
    settlement = settle_json(data)
    assert seat_out(settlement, 6)["hand"] == "four of a kind"
    assert wager(settlement, 6, "six_card_bonus") == lose("-5.00")


def test_six_card_bonus_folded_player_stays_eligible() -> None:
    hole, extra = SIX_CARD_HANDS["full house"]
    data = _six_card_round(hole, extra, "5", folded=True)
    out = seat_out(settle_json(data), 6)
    assert out["result"] == "fold"
    assert out["wagers"]["six_card_bonus"] == win("100.00")
    assert out["total"] == "90.00"  # -5 ante, -5 odds, +100


def test_six_card_bonus_is_settled_last_of_the_seats_wagers() -> None:
    hole, extra = SIX_CARD_HANDS["flush"]
    data = _six_card_round(hole, extra, "5")
    data["seats"][0].update(trips_plus="5", pocket_bonus="5")
    assert list(seat_out(settle_json(data), 6)["wagers"])[-1] == "six_card_bonus"


# --- the New York progressive, tables A-H of (k)(4) -------------------------------------------

POOL = "100000.00"

# outcome: (board, hole); the first three board cards are the flop.
PROGRESSIVE_HANDS = {
    "flopped royal flush in spades": ("As Ks Qs 2d 3c", "Js Ts"),
    "flopped royal flush": ("Ah Kh Qh 2d 3c", "Jh Th"),
    "royal flush": ("Ah Kh 2d Qh 3c", "Jh Th"),  # completed on the turn
    "community royal flush": ("Ah Kh Qh Jh Th", "2d 3c"),
    "straight flush": ("9h 8h 7h 2d 3c", "6h 5h"),
    "four of a kind": ("7c 7d Kh 2s 4c", "7h 7s"),
    "full house": ("7c 7d Kh 2s 4c", "7h Kd"),
    "flush": ("2h 7h 9h Jh 3c", "4h Td"),
}

# Typed from sources/new-york-2018.txt (k)(4), one row per hand, columns A-H.
# "P" = 100% of pool, "10%" / "5%" of pool, an int = odds to 1 on the $1
# wager, None = "Player loses wager".
NY_PROGRESSIVE: dict[str, tuple[object, ...]] = {
    #                                 A      B      C      D      E      F      G      H
    "flopped royal flush in spades": ("P",   "P",   "P",   "P",   "P",   "P",   "P",   "P"),
    "flopped royal flush":           ("10%", 1000,  "10%", "P",   "P",   "P",   "P",   "P"),
    "royal flush":                   ("10%", 1000,  "10%", 1000,  3000,  "5%",  "P",   "P"),
    "community royal flush":         ("10%", 1000,  "10%", 1000,  3000,  3000,  1000,  1000),
    "straight flush":                (200,   200,   500,   500,   250,   250,   250,   300),
    "four of a kind":                (50,    50,    100,   100,   100,   100,   75,    100),
    "full house":                    (10,    10,    10,    10,    10,    10,    11,    10),
    "flush":                         (5,     5,     None,  None,  None,  None,  None,  None),
}  # fmt: skip
LETTERS = "ABCDEFGH"


def _expected_progressive(line: object) -> dict[str, str]:
    # Pool $100,000.00: 100% = 100000.00, 10% = 10000.00, 5% = 5000.00.
    amounts = {"P": "100000.00", "10%": "10000.00", "5%": "5000.00"}
    if line is None:
        return lose("-1.00")
    if isinstance(line, str):
        return win(amounts[line])
    assert isinstance(line, int)
    return win(f"{line}.00")  # odds to 1 on a $1 wager


@pytest.mark.parametrize("letter", list(LETTERS))
@pytest.mark.parametrize("outcome", list(PROGRESSIVE_HANDS))
def test_progressive_table_pays_each_line(outcome: str, letter: str) -> None:
    board, hole = PROGRESSIVE_HANDS[outcome]
    data = _side_round(
        board,
        hole,
        options={"progressive_table": letter},
        progressive="1",
        progressive_pool=POOL,
    )
    expected = _expected_progressive(NY_PROGRESSIVE[outcome][LETTERS.index(letter)])
    assert wager(settle_json(data), 1, "progressive") == expected


@pytest.mark.parametrize("letter", list(LETTERS))
@pytest.mark.parametrize(
    ("board", "hole"),
    [
        ("5c 6d 7h Ks 2s", "8c 4d"),  # straight
        ("7c 7d Kh 2s 4c", "7h 9d"),  # three of a kind
        ("7c Jd Kh 2s 4c", "Ah 9d"),  # high card
    ],
)
def test_progressive_loses_below_the_table(letter: str, board: str, hole: str) -> None:
    data = _side_round(
        board, hole, options={"progressive_table": letter}, progressive="1", progressive_pool=POOL
    )
    assert wager(settle_json(data), 1, "progressive") == lose("-1.00")


def test_progressive_default_table_is_a_and_pays_a_flush_5_to_1() -> None:
    board, hole = PROGRESSIVE_HANDS["flush"]
    data = _side_round(board, hole, progressive="1", progressive_pool=POOL)
    assert wager(settle_json(data), 1, "progressive") == win("5.00")


def test_progressive_royal_made_on_the_river_is_not_flopped() -> None:
    # Flop 2d Kh Ah, turn Qh... the royal needs the turn: table D pays 1,000 to 1,
    # not the flopped royal's 100% of the pool.
    data = _side_round(
        "2d Kh Ah Qh 3c",
        "Jh Th",
        options={"progressive_table": "D"},
        progressive="1",
        progressive_pool=POOL,
    )
    assert wager(settle_json(data), 1, "progressive") == win("1000.00")


def test_progressive_settles_for_a_folded_player() -> None:
    board, hole = PROGRESSIVE_HANDS["full house"]
    data = _side_round(board, hole, folded=True, progressive="1", progressive_pool=POOL)
    out = seat_out(settle_json(data), 1)
    assert out["result"] == "fold"
    assert out["wagers"]["progressive"] == win("10.00")


def test_progressive_pool_shared_equally_by_two_winners_of_100_percent() -> None:
    """(k)(4): two or more players winning 100% of the pool on one deal share it.

    One 52-card deck cannot deal two flopped royals, so the second winner is
    made by handing seat 2 the same hole cards after the round is validated
    (settle itself does not re-check the deck).
    """
    data = make_round(
        "4h 5h",
        "As Ks Qs 2d 3c",
        [seat(1, "Js Ts", progressive="1"), seat(2, "8c 9c", progressive="1")],
        progressive_pool="1000.00",
    )
    round_ = parse_round(data)
    twin = dataclasses.replace(round_.seat(2), hole=round_.seat(1).hole)
    round_ = dataclasses.replace(round_, seats=(round_.seat(1), twin))
    settlement = settlement_to_json(settle(round_))
    for number in (1, 2):
        assert wager(settlement, number, "progressive") == win("500.00")


def test_progressive_pool_shared_by_three_winners() -> None:
    data = make_round(
        "4h 5h",
        "As Ks Qs 2d 3c",
        [
            seat(1, "Js Ts", progressive="1"),
            seat(2, "8c 9c", progressive="1"),
            seat(3, "8d 9d", progressive="1"),
        ],
        progressive_pool="900.00",
    )
    round_ = parse_round(data)
    royal = round_.seat(1).hole
    seats = tuple(dataclasses.replace(s, hole=royal) for s in round_.seats)
    settlement = settlement_to_json(settle(dataclasses.replace(round_, seats=seats)))
    for number in (1, 2, 3):
        assert wager(settlement, number, "progressive") == win("300.00")


def test_single_flopped_royal_in_spades_takes_the_whole_pool_beside_other_winners() -> None:
    # Seat 2's flush wins 5 to 1 on table A; it does not share the pool.
    data = make_round(
        "4h 5h",
        "As Ks Qs 2d 3s",
        [seat(1, "Js Ts", progressive="1"), seat(2, "8s 9s", progressive="1")],
        progressive_pool="1000.00",
    )
    settlement = settle_json(data)
    assert wager(settlement, 1, "progressive") == win("1000.00")
    assert seat_out(settlement, 2)["hand"] == "flush"
    assert wager(settlement, 2, "progressive") == win("5.00")


# --- §6 maximum aggregate payout (house rules $3,000) -------------------------------------------


def _royal_house_round(**side: str) -> dict:
    # Seat 6 As Ks on Qs Js Ts 4d 4c: a royal flush; the dealer's pair of fours qualifies.
    return make_round(
        "5h 6h",
        "Qs Js Ts 4d 4c",
        [seat(6, "As Ks", ante="10", raise_="30", **side)],
        rules="house",
        six_card_bonus_cards=["Ad", "Ac", "2h", "3d"],
        six_card_bonus_jackpot="20000",
    )


def test_house_cap_3000_limits_total_but_each_wager_keeps_its_own_odds() -> None:
    settlement = settle_json(_royal_house_round(trips_plus="10", pocket_bonus="10"))
    out = seat_out(settlement, 6)
    assert out["hand"] == "royal flush"
    assert out["wagers"] == {
        "ante": win("10.00"),  # 1 to 1
        "raise": win("30.00"),  # 1 to 1
        "odds": win("5000.00"),  # 500 to 1
        "trips_plus": win("1000.00"),  # table C royal 100 to 1
        "pocket_bonus": win("200.00"),  # table C ace-king suited 20 to 1
    }
    # 10 + 30 + 5000 + 1000 + 200 = 6240 > 3000: the seat is paid the cap.
    assert out["total"] == "3000.00"
    assert out["capped"] is True


def test_house_cap_leaves_the_six_card_bonus_award_outside() -> None:
    settlement = settle_json(
        _royal_house_round(trips_plus="10", pocket_bonus="10", six_card_bonus="5")
    )
    out = seat_out(settlement, 6)
    # As Ks + Ad Ac 2h 3d: three aces, $25 on the $5 6-Card Bonus, on top of the cap.
    assert out["wagers"]["six_card_bonus"] == win("25.00")
    assert out["total"] == "3025.00"
    assert out["capped"] is True


def test_house_cap_applies_to_the_main_wagers_alone_over_3000() -> None:
    out = seat_out(settle_json(_royal_house_round()), 6)
    assert out["wagers"]["odds"] == win("5000.00")
    assert out["total"] == "3000.00"
    assert out["capped"] is True


def test_house_cap_not_applied_below_3000() -> None:
    # Straight flush 9-high: 10 + 30 + 50 to 1 on $10 (500) + Trips C 40 to 1 on $10 (400).
    data = make_round(
        "Ac Kd",
        "9h 8h 7h 4d 4c",
        [seat(2, "6h 5h", trips_plus="10")],
        rules="house",
    )
    out = seat_out(settle_json(data), 2)
    assert out["total"] == "940.00"
    assert out["capped"] is False


def test_presets_without_a_cap_pay_the_full_sum() -> None:
    data = make_round(
        "5h 6h",
        "Qs Js Ts 4d 4c",
        [seat(6, "As Ks", ante="10", raise_="30", trips_plus="10", pocket_bonus="10")],
        rules="ny-2018",
    )
    out = seat_out(settle_json(data), 6)
    # Table A royal 100 to 1 = 1000; Pocket A A-K suited 20 to 1 = 200.
    assert out["total"] == "6240.00"
    assert out["capped"] is False


def test_capped_flag_false_on_every_uncapped_seat_of_a_capped_round() -> None:
    data = _royal_house_round(trips_plus="10")
    data["seats"].append(seat(1, "7c 2c", ante="5", folded=True))
    settlement = settle_json(data)
    assert seat_out(settlement, 6)["capped"] is True
    assert seat_out(settlement, 1)["capped"] is False
    assert seat_out(settlement, 1)["total"] == "-10.00"
