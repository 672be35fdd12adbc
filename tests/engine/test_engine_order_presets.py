"""docs/rules.md §7 (the order the dealer settles the seats) and §9 (the shipped presets:
raises, flush odds, bad beat, default and allowed tables, extras)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from engine_support import lose, make_round, seat, seat_out, settle_json, wager, win

from trainer.engine.order import settlement_order
from trainer.engine.round import RoundError, parse_round
from trainer.engine.rulesets import PRESETS, load_preset

# --- §7 settlement order -------------------------------------------------------------------


@dataclass
class _Seat:
    seat: int
    folded: bool
    has_side_bet: bool


def test_raised_seats_are_settled_from_seat_6_toward_seat_1() -> None:
    seats = [_Seat(n, False, False) for n in (1, 2, 3, 4, 5, 6)]
    assert settlement_order(seats) == (6, 5, 4, 3, 2, 1)


def test_folded_seats_with_side_bets_settle_before_raised_seats_from_the_right() -> None:
    seats = [
        _Seat(1, False, False),
        _Seat(2, True, True),
        _Seat(3, False, True),
        _Seat(5, True, True),
    ]
    assert settlement_order(seats) == (5, 2, 3, 1)


def test_folded_seats_without_side_bets_come_first_of_all_from_seat_1_up() -> None:
    # The project's decision: they were collected as the decisions went round.
    seats = [
        _Seat(1, True, False),
        _Seat(2, True, True),
        _Seat(3, False, False),
        _Seat(4, True, False),
        _Seat(5, True, True),
        _Seat(6, False, True),
    ]
    assert settlement_order(seats) == (1, 4, 5, 2, 6, 3)


def test_settlement_order_does_not_depend_on_the_order_seats_are_listed() -> None:
    seats = [
        _Seat(6, False, True),
        _Seat(2, True, True),
        _Seat(4, True, False),
        _Seat(1, True, False),
        _Seat(3, False, False),
        _Seat(5, True, True),
    ]
    assert settlement_order(seats) == (1, 4, 5, 2, 6, 3)


def test_settlement_json_lists_seats_in_settlement_order() -> None:
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [
            seat(3, "Ac Qd"),  # raised
            seat(1, "8s 7s", folded=True),  # folded, nothing else: first of all
            seat(6, "Ts 9h"),  # raised
            seat(5, "5d 5c", folded=True, pocket_bonus="5"),  # folded with a side bet
            seat(4, "Jh Th", folded=True),  # folded, nothing else
            seat(2, "Qs Js", folded=True, trips_plus="5"),  # folded with a side bet
        ],
    )
    settlement = settle_json(data)
    assert settlement["order"] == [1, 4, 5, 2, 6, 3]
    assert [entry["seat"] for entry in settlement["seats"]] == [1, 4, 5, 2, 6, 3]


def test_folded_seat_with_only_a_six_card_bonus_counts_as_holding_a_side_bet() -> None:
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [
            seat(1, "8s 7s", ante="5", folded=True, six_card_bonus="2"),
            seat(2, "Ac Qd", ante="5"),
            seat(3, "Jh Th", ante="5", folded=True),
        ],
        rules="house",
        six_card_bonus_cards=["2c", "2d", "5s", "5h"],
    )
    assert settle_json(data)["order"] == [3, 1, 2]


def test_dealer_not_qualifying_returns_antes_of_raised_seats_from_the_dealers_right() -> None:
    data = make_round(
        "Qd Jc",
        "Kh 9d 6c 3s 2h",
        [seat(n, hole) for n, hole in ((1, "As 4s"), (4, "Ac 7d"), (6, "Ah 8h"))],
    )
    settlement = settle_json(data)
    assert settlement["dealer"]["qualifies"] is False
    pushed = [
        entry["seat"]
        for entry in settlement["seats"]
        if entry["wagers"]["ante"]["outcome"] == "push"
    ]
    assert pushed == [6, 4, 1]


# --- §9 the shipped presets ----------------------------------------------------------------------


def test_four_presets_are_shipped() -> None:
    assert set(PRESETS) == {"ny-2018", "massachusetts", "standard", "house"}
    for preset in PRESETS:
        assert load_preset(preset).id == preset


PRESET_TABLES = {
    # preset: (Trips Plus tables, default; Pocket Bonus tables, default; bad beat, default)
    "ny-2018": ("ABCD", "A", "ABC", "A", "4", "4"),
    "massachusetts": ("ABCD", "A", "ABC", "A", "4", "4"),
    "standard": ("ABCD", "C", "ABC", "A", "1234", "1"),
    "house": ("C", "C", "C", "C", "4", "4"),
}


@pytest.mark.parametrize("preset", sorted(PRESET_TABLES))
def test_preset_offers_its_tables_and_defaults(preset: str) -> None:
    trips, trips_default, pocket, pocket_default, bad_beat, bad_beat_default = PRESET_TABLES[preset]
    ruleset = load_preset(preset)
    assert sorted(ruleset.trips_plus_tables) == list(trips)
    assert ruleset.trips_plus_default == trips_default
    assert sorted(ruleset.pocket_bonus_tables) == list(pocket)
    assert ruleset.pocket_bonus_default == pocket_default
    assert sorted(ruleset.bad_beat_tables) == list(bad_beat)
    assert ruleset.bad_beat_default == bad_beat_default


# Amount checks of the defaults (tables told apart by one line each):
# Trips Plus full house A 9, B 8, C 8, D 7; flush A 7, B 6, C 7, D 6.
# Pocket Bonus pair of aces A 30, B 25, C 30; pair 2-K A 5, B 5, C 4.


def _trips_round(hole: str, board: str, rules: str) -> dict:
    return make_round("2c 3d", board, [seat(1, hole, ante="5", trips_plus="10")], rules=rules)


@pytest.mark.parametrize(
    ("preset", "full_house", "flush"),
    [
        ("ny-2018", "90.00", "70.00"),  # A: 9 and 7 to 1
        ("massachusetts", "90.00", "70.00"),  # A
        ("standard", "80.00", "70.00"),  # C: 8 and 7 to 1
        ("house", "80.00", "70.00"),  # C
    ],
)
def test_default_trips_plus_table(preset: str, full_house: str, flush: str) -> None:
    settled = settle_json(_trips_round("7h Kd", "7c 7d Kh 4s 9c", preset))
    assert seat_out(settled, 1)["hand"] == "full house"
    assert wager(settled, 1, "trips_plus") == win(full_house)
    settled = settle_json(_trips_round("4h Td", "2h 7h 9h Jh 5c", preset))
    assert seat_out(settled, 1)["hand"] == "flush"
    assert wager(settled, 1, "trips_plus") == win(flush)


@pytest.mark.parametrize(
    ("preset", "aces", "pair"),
    [
        ("ny-2018", "150.00", "25.00"),  # A: 30 and 5 to 1 on $5
        ("massachusetts", "150.00", "25.00"),  # A
        ("standard", "150.00", "25.00"),  # A
        ("house", "150.00", "20.00"),  # C: 30 and 4 to 1
    ],
)
def test_default_pocket_bonus_table(preset: str, aces: str, pair: str) -> None:
    for hole, expected in (("As Ad", aces), ("Ks Kd", pair)):
        data = make_round(
            "2c 3d", "9c 8d 4h 5s Jc", [seat(1, hole, ante="5", pocket_bonus="5")], rules=preset
        )
        assert wager(settle_json(data), 1, "pocket_bonus") == win(expected)


def test_standard_default_bad_beat_is_table_1_500_50_10_8_5() -> None:
    # Four nines lose to four kings: table 1 pays 50 to 1 on $10.
    data = make_round("Kh Ks", "9s 9h 9d Kc Kd", [seat(1, "9c 2s")], rules="standard")
    assert wager(settle_json(data), 1, "odds") == win("500.00")


@pytest.mark.parametrize(
    ("preset", "flush_pays"),
    [("ny-2018", "15.00"), ("massachusetts", "15.00"), ("standard", "15.00"), ("house", "20.00")],
)
def test_odds_flush_3_to_2_except_house_2_to_1(preset: str, flush_pays: str) -> None:
    data = make_round("Jc 5s", "2h 7h 9h Jh 3c", [seat(1, "4h Td")], rules=preset)
    assert wager(settle_json(data), 1, "odds") == win(flush_pays)


def test_new_york_offers_the_progressive() -> None:
    ruleset = load_preset("ny-2018")
    assert ruleset.progressive is not None
    assert ruleset.progressive.wager == Decimal("1")
    assert sorted(ruleset.progressive.tables) == list("ABCDEFGH")


@pytest.mark.parametrize("preset", ["massachusetts", "standard", "house"])
def test_only_new_york_offers_the_progressive(preset: str) -> None:
    assert load_preset(preset).progressive is None
    data = make_round(
        "2c 3d",
        "9c 8d 4h 5s Jc",
        [seat(1, "As Ad", ante="5", progressive="1")],
        rules=preset,
        progressive_pool="1000",
    )
    with pytest.raises(RoundError, match=r"seat 1\.progressive.*offers no progressive"):
        parse_round(data)


def test_only_the_house_offers_the_six_card_bonus_at_2_or_5_dollars() -> None:
    house = load_preset("house")
    assert house.six_card_bonus is not None
    assert sorted(house.six_card_bonus) == [Decimal("2"), Decimal("5")]
    for preset in ("ny-2018", "massachusetts", "standard"):
        assert load_preset(preset).six_card_bonus is None


@pytest.mark.parametrize("stake", ["1", "3", "10"])
def test_six_card_bonus_wager_other_than_2_or_5_is_refused(stake: str) -> None:
    data = make_round(
        "2c 3d",
        "9c 8d 4h 5s Jc",
        [seat(1, "As Ad", ante="5", six_card_bonus=stake)],
        rules="house",
        six_card_bonus_cards=["Ks", "Kd", "7c", "7d"],
    )
    with pytest.raises(RoundError, match=rf"seat 1\.six_card_bonus: {stake}\.00"):
        parse_round(data)


def test_house_limits_2_to_10_and_cap_3000() -> None:
    house = load_preset("house")
    assert house.ante_limits == (Decimal("2"), Decimal("10"))
    assert house.side_limits["trips_plus"] == (Decimal("2"), Decimal("10"))
    assert house.side_limits["pocket_bonus"] == (Decimal("2"), Decimal("10"))
    assert house.max_aggregate_payout == Decimal("3000")
    for preset in ("ny-2018", "massachusetts", "standard"):
        assert load_preset(preset).max_aggregate_payout is None


@pytest.mark.parametrize("ante", ["2", "10"])
def test_house_accepts_ante_at_its_limits(ante: str) -> None:
    data = make_round("Kd 4c", "Kh 9d 6c 3s 2h", [seat(1, "Qs Jc", ante=ante)], rules="house")
    assert wager(settle_json(data), 1, "ante") == lose(f"-{ante}.00")


@pytest.mark.parametrize(
    ("preset", "option", "letter"),
    [
        ("house", "trips_plus_table", "A"),
        ("house", "trips_plus_table", "B"),
        ("house", "pocket_bonus_table", "A"),
        ("house", "bad_beat_table", "1"),
        ("ny-2018", "bad_beat_table", "1"),
        ("massachusetts", "bad_beat_table", "2"),
        ("ny-2018", "trips_plus_table", "E"),
        ("ny-2018", "pocket_bonus_table", "D"),
        ("standard", "bad_beat_table", "5"),
        ("ny-2018", "progressive_table", "I"),
    ],
)
def test_choosing_a_table_the_preset_does_not_allow_is_refused_naming_the_option(
    preset: str, option: str, letter: str
) -> None:
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [seat(1, "Qs Jc", ante="5")],
        rules=preset,
        options={option: letter},
    )
    with pytest.raises(RoundError) as error:
        parse_round(data)
    message = str(error.value)
    assert f"options.{option}" in message
    assert repr(letter) in message


def test_progressive_table_option_refused_where_there_is_no_progressive() -> None:
    data = make_round(
        "Kd 4c",
        "Kh 9d 6c 3s 2h",
        [seat(1, "Qs Jc", ante="5")],
        rules="massachusetts",
        options={"progressive_table": "A"},
    )
    with pytest.raises(RoundError, match=r"options\.progressive_table"):
        parse_round(data)


def test_massachusetts_trips_plus_table_b_may_be_picked() -> None:
    data = make_round(
        "2c 3d",
        "7c 7d Kh 4s 9c",
        [seat(1, "7h Kd", ante="5", trips_plus="10")],
        rules="massachusetts",
        options={"trips_plus_table": "B"},
    )
    assert wager(settle_json(data), 1, "trips_plus") == win("80.00")  # B: 8 to 1


def test_dealer_states_the_best_five_and_the_two_cards_turned_aside() -> None:
    # House rules: the dealer turns aside the two cards that do not play.
    dealer, board = "Qd Qc", "Kh 9d 6c 3s 2h"
    settlement = settle_json(make_round(dealer, board, [seat(1, "As 8c", ante="5")], rules="house"))
    plays = settlement["dealer"]["cards"]
    aside = set(dealer.split()) | set(board.split())
    aside -= set(plays)
    assert settlement["dealer"]["hand"] == "one pair"
    assert sorted(plays) == sorted(["Qd", "Qc", "Kh", "9d", "6c"])
    assert aside == {"3s", "2h"}
