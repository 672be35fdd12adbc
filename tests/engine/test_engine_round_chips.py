"""A wager's chips are data of the round (issue 22, item 1): read and written with the round's
JSON form, refused by name when they do not make the wager, and derived (the fewest chips
of the rack) for a round that gives none, such as one stored before rounds had chips."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

import pytest

from trainer.engine.chips import Rack
from trainer.engine.round import RoundError, Wager, parse_round, round_to_json
from trainer.engine.settlement import settle, settlement_to_json

D = Decimal


def base() -> dict[str, Any]:
    return {
        "rules": "ny-2018",
        "dealer": ["As", "Kd"],
        "board": ["2c", "7c", "9c", "Jd", "Qs"],
        "seats": [
            {"seat": 6, "hole": ["Ah", "Ad"], "ante": "30", "odds": "30", "raise": "90",
             "trips_plus": "15", "pocket_bonus": "7.50"},
            {"seat": 2, "hole": ["8s", "3d"], "ante": "5", "odds": "5", "folded": True},
        ],
    }


def with_chips(chips: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    data = base()
    data["seats"][seat]["chips"] = chips
    return data


def test_a_rainbow_ante_is_kept_as_the_player_bet_it() -> None:
    seat = parse_round(with_chips({"ante": {"5": 1, "25": 1},
                                   "trips_plus": {"5": 1, "1.00": 10}})).seat(6)
    assert seat.chips_of(Wager.ANTE) == (D("25.00"), D("5.00"))  # largest first
    assert seat.chips_of(Wager.TRIPS_PLUS) == (D("5.00"),) + (D("1.00"),) * 10


def test_chips_survive_the_json_form_both_ways() -> None:
    round_ = parse_round(with_chips({"ante": {"5": 6}, "raise": {"5": 3, "25": 3}}))
    again = parse_round(json.loads(json.dumps(round_to_json(round_))))
    assert again == round_
    assert round_to_json(round_)["seats"][1]["chips"] == {
        "ante": {"5.00": 6}, "raise": {"25.00": 3, "5.00": 3}}


def test_a_round_without_chips_is_written_without_them() -> None:
    data = base()
    written = round_to_json(parse_round(data))
    assert all("chips" not in seat for seat in written["seats"])


def test_a_round_without_chips_takes_the_fewest_chips_of_the_default_rack() -> None:
    seat6 = parse_round(base()).seat(6)
    # $30: one green and one red; the $90 raise: three green, three red; $15: three red;
    # $7.50: one red and one pink.
    assert seat6.chips_of(Wager.ANTE) == (D(25), D(5))
    assert seat6.chips_of(Wager.RAISE) == (D(25), D(25), D(25), D(5), D(5), D(5))
    assert seat6.chips_of(Wager.TRIPS_PLUS) == (D(5), D(5), D(5))
    assert seat6.chips_of(Wager.POCKET_BONUS) == (D(5), D("2.50"))
    assert seat6.chips_of(Wager.SIX_CARD_BONUS) is None  # nothing on the spot


def test_a_round_without_chips_takes_the_fewest_chips_of_the_rooms_rack() -> None:
    rack = Rack.of_values([D(v) for v in ("1", "5", "20", "25", "100")])
    seat6 = parse_round(base()).seat(6)
    assert seat6.chips_of(Wager.ANTE, rack) == (D(25), D(5))
    assert seat6.chips_of(Wager.TRIPS_PLUS, rack) == (D(5), D(5), D(5))
    assert seat6.chips_of(Wager.POCKET_BONUS, rack) is None  # $7.50: no chip makes 50 cents


def test_a_folded_seat_has_no_raise_chips_but_keeps_its_ante_chips() -> None:
    seat2 = parse_round(base()).seat(2)
    assert seat2.chips_of(Wager.RAISE) is None
    assert seat2.chips_of(Wager.ANTE) == (D(5),)


def test_settling_a_round_with_chips_gives_the_same_settlement() -> None:
    plain = settlement_to_json(settle(parse_round(base())))
    chipped = settlement_to_json(settle(parse_round(with_chips({"ante": {"5": 6}}))))
    assert chipped == plain


@pytest.mark.parametrize(("chips", "message"), [
    ("5", "seat 6.chips: expected an object of wagers' chips"),
    ({"tip": {"5": 1}}, "seat 6.chips.tip: not a wager"),
    ({"six_card_bonus": {"5": 1}}, "seat 6.chips.six_card_bonus: the seat has no 6-Card Bonus"),
    ({"ante": {}}, "seat 6.chips.ante: expected chip values and how many of each"),
    ({"ante": ["25", "5"]}, "seat 6.chips.ante: expected chip values and how many of each"),
    ({"ante": {"25": 1, "$5": 1}}, "seat 6.chips.ante: '$5' is not"),
    ({"ante": {"25": 1, "5": 1, "0": 2}}, "seat 6.chips.ante: a chip of $0.00 is no chip"),
    ({"ante": {"25": 1, "5.00": 1, "5": 0}}, "seat 6.chips.ante: the chip 5.00 is given twice"),
    ({"ante": {"25": 1, "5": 0}}, "seat 6.chips.ante.5: 0 is not a number of chips"),
    ({"ante": {"25": 1, "5": True}}, "seat 6.chips.ante.5: True is not a number of chips"),
    ({"ante": {"25": 1, "5": 1.0}}, "seat 6.chips.ante.5: 1.0 is not a number of chips"),
    ({"ante": {"25": 1, "1": 1}}, "seat 6.chips.ante: the chips make 26.00, but the Ante is"
     " 30.00"),
    ({"ante": {"25": 1, "5.001": 1}}, "seat 6.chips.ante: '5.001'"),
    ({"ante": {"0.01": 10_001}}, "seat 6.chips.ante: 10,001 chips; a wager is at most 10,000"),
])
def test_chips_that_do_not_make_the_wager_are_refused_by_name(chips: object,
                                                              message: str) -> None:
    with pytest.raises(RoundError) as caught:
        parse_round(with_chips(chips))  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_raise_chips_on_a_folded_seat_are_refused() -> None:
    with pytest.raises(RoundError, match=r"^seat 2\.chips\.raise: the seat has no Raise"):
        parse_round(with_chips({"raise": {"5": 1}}, seat=1))


def test_parsing_leaves_the_input_untouched() -> None:
    data = with_chips({"ante": {"25": 1, "5": 1}})
    kept = copy.deepcopy(data)
    parse_round(data)
    assert data == kept
