"""Refuse, never coerce (DESIGN.md; docs/settle-contract.md "A rejected round"): every illegal
round raises a RoundError whose message names the offending field and value."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

import pytest
from engine_support import json_lines, make_round, parse_lines, run_cli, seat

from trainer.engine.round import RoundError, parse_round


def _valid() -> dict[str, Any]:
    return make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [
            seat(6, "Ah Ad", ante="10", raise_="30", trips_plus="5", pocket_bonus="5"),
            seat(2, "8s 3d", ante="5", folded=True, pocket_bonus="2"),
        ],
    )


def _refused(data: object, *fragments: str, rules: str = "ny-2018") -> str:
    with pytest.raises(RoundError) as error:
        parse_round(data, rules)
    message = str(error.value)
    for fragment in fragments:
        assert fragment.lower() in message.lower(), f"{fragment!r} not in {message!r}"
    return message


def test_the_valid_round_used_below_is_accepted() -> None:
    parse_round(_valid())


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "path", "card", "fragments"),
    [
        ("dealer-board", ("board", 0), "As", ("As", "board", "dealer")),
        ("seat-dealer", ("seats", 0, "hole", 0), "Kd", ("Kd", "seat 6", "dealer")),
        ("seat-board", ("seats", 1, "hole", 1), "Qs", ("Qs", "seat 2", "board")),
        ("seat-seat", ("seats", 1, "hole", 0), "Ah", ("Ah", "seat 6", "seat 2")),
        ("same-hole", ("seats", 1, "hole", 0), "3d", ("3d", "seat 2")),
        ("ten-written-two-ways", ("board", 4), "10c", ("Tc",)),
    ],
)
def test_duplicate_card_is_refused_naming_the_card_and_where(
    where: str, path: tuple, card: str, fragments: tuple[str, ...]
) -> None:
    data = _valid()
    if where == "ten-written-two-ways":
        data["board"][3] = "tc"
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = card
    message = _refused(data, *fragments)
    assert "duplicate" in message.lower()


def test_duplicate_between_a_hole_and_the_six_card_bonus_cards_is_refused() -> None:
    data = make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [seat(6, "Ah Ad", ante="5", six_card_bonus="5")],
        rules="house",
        six_card_bonus_cards=["Ks", "Ah", "3h", "4h"],
    )
    _refused(data, "duplicate", "Ah", "six_card_bonus_cards", "seat 6")


def test_duplicate_between_the_board_and_the_six_card_bonus_cards_is_refused() -> None:
    data = make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [seat(6, "Ah Ad", ante="5", six_card_bonus="5")],
        rules="house",
        six_card_bonus_cards=["Ks", "2c", "3h", "4h"],
    )
    _refused(data, "duplicate", "2c", "six_card_bonus_cards")


@pytest.mark.parametrize(
    ("field", "value", "fragments"),
    [
        ("dealer", ["As"], ("dealer", "2", "1")),
        ("dealer", ["As", "Kd", "3h"], ("dealer", "2", "3")),
        ("board", ["2c", "7c", "9c", "Jd"], ("board", "5", "4")),
        ("board", ["2c", "7c", "9c", "Jd", "Qs", "3h"], ("board", "5", "6")),
        ("board", [], ("board", "5", "0")),
        ("board", "2c 7c 9c Jd Qs", ("board",)),
    ],
)
def test_wrong_card_count_is_refused(field: str, value: object, fragments: tuple[str, ...]) -> None:
    data = _valid()
    data[field] = value
    _refused(data, *fragments)


@pytest.mark.parametrize("hole", [["Ah"], ["Ah", "Ad", "Ac"]])
def test_wrong_number_of_hole_cards_is_refused(hole: list[str]) -> None:
    data = _valid()
    data["seats"][0]["hole"] = hole
    _refused(data, "seat 6.hole", "2", str(len(hole)))


def test_wrong_number_of_six_card_bonus_cards_is_refused() -> None:
    data = make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [seat(6, "Ah Ad", ante="5", six_card_bonus="5")],
        rules="house",
        six_card_bonus_cards=["Ks", "3h", "4h"],
    )
    _refused(data, "six_card_bonus_cards", "4", "3")


@pytest.mark.parametrize("text", ["1s", "Ax", "11d", "Tz", "", "AKs", "Joker", "10"])
def test_unknown_card_text_is_refused_naming_the_field_and_text(text: str) -> None:
    data = _valid()
    data["seats"][1]["hole"][0] = text
    _refused(data, "seat 2.hole", repr(text))


@pytest.mark.parametrize("value", [5, None, ["A", "s"]])
def test_card_that_is_not_text_is_refused(value: object) -> None:
    data = _valid()
    data["board"][2] = value
    _refused(data, "board", repr(value))


def test_missing_six_card_bonus_cards_with_a_six_card_bonus_wager_is_refused() -> None:
    data = make_round(
        "As Kd", "2c 7c 9c Jd Qs", [seat(6, "Ah Ad", ante="5", six_card_bonus="5")], rules="house"
    )
    _refused(data, "six_card_bonus_cards", "missing")


# --- wagers and decisions ---------------------------------------------------------------------


def test_unequal_ante_and_odds_are_refused() -> None:
    data = _valid()
    data["seats"][0]["odds"] = "5"
    _refused(data, "seat 6.odds", "5.00", "10.00")


@pytest.mark.parametrize("missing", ["ante", "odds"])
def test_missing_ante_or_odds_is_refused(missing: str) -> None:
    data = _valid()
    del data["seats"][0][missing]
    _refused(data, f"seat 6.{missing}", "missing")


@pytest.mark.parametrize(
    ("rules", "ante", "raise_"),
    [
        ("ny-2018", "10", "40"),  # 4x
        ("ny-2018", "10", "15"),  # 1.5x
        ("ny-2018", "10", "5"),  # 0.5x
        ("ny-2018", "10", "25"),  # 2.5x
        ("standard", "10", "40"),
        ("standard", "10", "15"),
        ("house", "10", "40"),
        ("house", "4", "6"),  # 1.5x
        ("massachusetts", "5", "20"),  # 4x
    ],
)
def test_raise_the_rule_set_forbids_is_refused(rules: str, ante: str, raise_: str) -> None:
    data = make_round("As Kd", "2c 7c 9c Jd Qs", [seat(6, "Ah Ad", ante=ante, raise_=raise_)])
    data["rules"] = rules
    message = _refused(data, "seat 6.raise", f"{raise_}.00")
    assert rules in message


def test_raise_on_a_folded_seat_is_refused() -> None:
    data = _valid()
    data["seats"][1]["raise"] = "5"
    _refused(data, "seat 2.raise", "5.00", "fold")


@pytest.mark.parametrize("raise_", [None, "0", 0])
def test_seat_that_neither_raised_nor_folded_is_refused(raise_: object) -> None:
    data = _valid()
    del data["seats"][0]["raise"]
    if raise_ is not None:
        data["seats"][0]["raise"] = raise_
    _refused(data, "seat 6.raise")


@pytest.mark.parametrize("folded", ["yes", 1, "true"])
def test_folded_that_is_not_true_or_false_is_refused(folded: object) -> None:
    data = _valid()
    data["seats"][1]["folded"] = folded
    _refused(data, "seat 2.folded", repr(folded))


# --- amounts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("abc", "abc"),
        ("7.555", "7.555"),
        (7.555, "7.555"),
        ("-5", "-5"),
        (-5, "-5"),
        (True, "True"),
        (False, "False"),
        (None, "None"),
        ("", "''"),
        ("NaN", "NaN"),
        ([10], "[10]"),
    ],
)
@pytest.mark.parametrize("field", ["ante", "trips_plus", "pocket_bonus"])
def test_malformed_amount_is_refused_naming_field_and_value(
    field: str, value: object, shown: str
) -> None:
    data = _valid()
    data["seats"][0][field] = value
    if field == "ante":
        data["seats"][0]["odds"] = value
    _refused(data, f"seat 6.{field}", shown)


@pytest.mark.parametrize(("value", "shown"), [("abc", "abc"), ("7.555", "7.555"), (True, "True")])
def test_malformed_raise_is_refused(value: object, shown: str) -> None:
    data = _valid()
    data["seats"][0]["raise"] = value
    _refused(data, "seat 6.raise", shown)


@pytest.mark.parametrize(
    ("field", "value"),
    [("progressive_pool", "lots"), ("six_card_bonus_jackpot", "-1")],
)
def test_malformed_meter_is_refused(field: str, value: str) -> None:
    data = _valid()
    data[field] = value
    _refused(data, field, value)


@pytest.mark.parametrize(("value", "expected"), [("7.5", "7.50"), (7.5, "7.50"), ("7.50", "7.50")])
def test_amount_with_up_to_two_decimals_as_string_or_number_is_accepted(
    value: object, expected: str
) -> None:
    data = _valid()
    data["seats"][0]["trips_plus"] = value
    round_ = parse_round(data)
    assert f"{round_.seat(6).side_bets['trips_plus']:.2f}" == expected


# --- fields and seats -------------------------------------------------------------------------


def test_unknown_round_field_is_refused_naming_it() -> None:
    data = _valid()
    data["tip"] = "5"
    _refused(data, "tip", "unknown")


def test_unknown_seat_field_is_refused_naming_it() -> None:
    data = _valid()
    data["seats"][0]["insurance"] = "5"
    _refused(data, "seat 6.insurance", "unknown")


@pytest.mark.parametrize("missing", ["dealer", "board", "seats"])
def test_missing_round_field_is_refused(missing: str) -> None:
    data = _valid()
    del data[missing]
    _refused(data, missing, "missing")


def test_missing_hole_is_refused() -> None:
    data = _valid()
    del data["seats"][1]["hole"]
    _refused(data, "seat 2.hole", "missing")


@pytest.mark.parametrize("number", [0, 7, -1, "3", 2.0, True, None])
def test_seat_number_out_of_range_is_refused(number: object) -> None:
    data = _valid()
    data["seats"][0]["seat"] = number
    _refused(data, "seats[0].seat", repr(number))


def test_repeated_seat_number_is_refused() -> None:
    data = _valid()
    data["seats"][1]["seat"] = 6
    data["seats"][1]["hole"] = ["8s", "3d"]
    _refused(data, "seat 6", "twice")


def test_more_than_six_seats_is_refused() -> None:
    data = _valid()
    data["seats"] = [
        seat(n, h)
        for n, h in enumerate(
            ["2s 3s", "4s 5s", "6s 7s", "8s 9s", "Ts Js", "2h 3h", "4h 5h"], start=1
        )
    ]
    _refused(data, "seats", "7")


@pytest.mark.parametrize("value", [[], {}, "seat 1"])
def test_seats_that_are_not_a_list_of_seats_are_refused(value: object) -> None:
    data = _valid()
    data["seats"] = value
    _refused(data, "seats")


def test_round_that_is_not_an_object_is_refused() -> None:
    _refused([1, 2, 3], "object")


# --- rule sets, options and limits -------------------------------------------------------------


@pytest.mark.parametrize("rules", ["vegas", "ny2018", "new-york", ""])
def test_unknown_rule_set_is_refused_naming_it(rules: str) -> None:
    data = _valid()
    data["rules"] = rules
    _refused(data, "rules", repr(rules))


def test_rule_set_that_is_not_text_is_refused() -> None:
    data = _valid()
    data["rules"] = 2018
    _refused(data, "rules", "2018")


def test_unknown_default_rule_set_is_refused() -> None:
    data = _valid()
    del data["rules"]
    _refused(data, "rules", "'atlantis'", rules="atlantis")


@pytest.mark.parametrize(
    ("option", "letter"),
    [("trips_plus_table", "E"), ("pocket_bonus_table", "D"), ("bad_beat_table", "9")],
)
def test_unknown_options_letter_is_refused(option: str, letter: str) -> None:
    data = _valid()
    data["options"] = {option: letter}
    _refused(data, f"options.{option}", repr(letter))


def test_unknown_option_name_is_refused() -> None:
    data = _valid()
    data["options"] = {"house_edge_table": "A"}
    _refused(data, "options.house_edge_table", "unknown")


def test_options_that_are_not_an_object_are_refused() -> None:
    data = _valid()
    data["options"] = ["A"]
    _refused(data, "options", "['A']")


@pytest.mark.parametrize("ante", ["1", "1.99", "10.01", "11", "100"])
def test_ante_outside_the_house_limits_is_refused(ante: str) -> None:
    data = make_round("As Kd", "2c 7c 9c Jd Qs", [seat(6, "Ah Ad", ante=ante)], rules="house")
    _refused(data, "seat 6.ante", ante, "house")


@pytest.mark.parametrize(("field", "amount"), [("trips_plus", "1"), ("pocket_bonus", "15")])
def test_side_bet_outside_the_house_limits_is_refused(field: str, amount: str) -> None:
    data = make_round(
        "As Kd", "2c 7c 9c Jd Qs", [seat(6, "Ah Ad", ante="5", **{field: amount})], rules="house"
    )
    _refused(data, f"seat 6.{field}", amount)


@pytest.mark.parametrize("rules", ["ny-2018", "massachusetts", "standard"])
def test_six_card_bonus_under_a_preset_without_one_is_refused(rules: str) -> None:
    data = make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [seat(6, "Ah Ad", ante="5", six_card_bonus="5")],
        rules=rules,
        six_card_bonus_cards=["Ks", "3h", "4h", "5h"],
    )
    _refused(data, "seat 6.six_card_bonus", rules)


def test_progressive_other_than_one_dollar_is_refused() -> None:
    data = _valid()
    data["seats"][0]["progressive"] = "2"
    data["progressive_pool"] = "1000"
    _refused(data, "seat 6.progressive", "2.00")


# --- in a settle batch nothing else is lost ----------------------------------------------


def test_settle_batch_writes_an_error_line_per_bad_round_and_settles_the_rest() -> None:
    good = _valid()
    bad_cases: list[object] = []
    for mutate in (
        lambda d: d["board"].__setitem__(0, "As"),  # duplicate
        lambda d: d["seats"][0].__setitem__("odds", "5"),  # unequal odds
        lambda d: d["seats"][0].__setitem__("raise", "40"),  # 4x raise
        lambda d: d.__setitem__("rules", "vegas"),  # unknown rule set
        lambda d: d["seats"][1].__setitem__("ante", "abc"),  # malformed amount
    ):
        case = copy.deepcopy(good)
        mutate(case)
        bad_cases.append(case)
    lines = []
    for bad in [*(json.dumps(case) for case in bad_cases), "{not json"]:
        lines.append(json.dumps(good))
        lines.append(bad)
    lines.append(json.dumps(good))
    result = run_cli("settle", stdin="\n".join(lines) + "\n")
    assert result.returncode == 2
    outputs = parse_lines(result.stdout)
    assert len(outputs) == len(lines)
    expected_good = parse_lines(run_cli("settle", stdin=json_lines([good])).stdout)[0]
    fragments = ["As", "seat 6.odds", "seat 6.raise", "vegas", "abc", "JSON"]
    for index, output in enumerate(outputs):
        if index % 2 == 0:
            assert output == expected_good
        else:
            assert set(output) == {"error"}
            assert fragments[index // 2] in output["error"]


# --- amounts in the contract's plain form, and never beyond $1,000,000,000 ---------------------


@pytest.mark.parametrize(
    "value",
    [
        10**29,  # a 30-digit whole number
        1e300,
        1e26,
        "1" + "0" * 26,  # 27 digits as text
        "9" * 5000,  # 5,000 digits as text
        Decimal("9" * 5000),  # 5,000 digits as a JSON number read exactly
        Decimal("1E+999999999"),
        "1000000000.01",  # one cent over the cap
    ],
    ids=["30-digit", "1e300", "1e26", "27-digit-text", "5000-digit-text", "5000-digit-number",
         "huge-exponent", "cap-plus-a-cent"],
)
@pytest.mark.parametrize("field", ["progressive_pool", "six_card_bonus_jackpot"])
def test_amount_beyond_a_billion_dollars_is_refused_by_name(field: str, value: object) -> None:
    data = _valid()
    data[field] = value
    message = _refused(data, field, "1,000,000,000.00")
    assert len(message) < 200, message  # the value is quoted cut short, never in full


def test_the_largest_amount_a_billion_dollars_is_accepted() -> None:
    data = _valid()
    data["progressive_pool"] = "1000000000"
    assert parse_round(data).progressive_pool == Decimal("1000000000.00")


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("\u0661\u0660", "not an amount"),  # Arabic-Indic 10: Decimal() would accept it
        (" 10 ", "not an amount"),
        ("10 ", "not an amount"),
        ("$1,000.00", "not an amount"),
        ("$5", "not an amount"),
        ("1,000", "not an amount"),
        ("1e3", "not an amount"),
        ("+5", "not an amount"),
        ("5.", "not an amount"),
        (".50", "not an amount"),
        ("0x10", "not an amount"),
        ("Infinity", "not an amount"),
        ("10.000", "more than two decimals"),
        ("-5.00", "negative"),
    ],
)
@pytest.mark.parametrize("field", ["trips_plus", "pocket_bonus"])
def test_side_bet_amount_text_other_than_plain_digits_is_refused_not_coerced(
    field: str, value: str, why: str
) -> None:
    """docs/settle-contract.md: amounts are JSON strings or numbers in dollars, at most two
    decimals; nothing else is read into a number (no $, commas, spaces, other digits, exponents)."""
    data = _valid()
    data["seats"][0][field] = value
    _refused(data, f"seat 6.{field}", why, repr(value))


@pytest.mark.parametrize("value", ["5", "5.5", "5.50", "005", 5, Decimal("5.50"), 5.5])
def test_plain_amounts_as_digits_or_json_numbers_are_accepted(value: object) -> None:
    data = _valid()
    data["seats"][0]["trips_plus"] = value
    assert parse_round(data).seat(6).side_bets["trips_plus"] == Decimal(str(value))


def test_json_number_with_a_third_decimal_far_down_is_refused_not_rounded() -> None:
    # Read exactly (as the command reads numbers), 7.500000000000000001 is not 7.50.
    data = _valid()
    data["seats"][0]["trips_plus"] = Decimal("7.500000000000000001")
    _refused(data, "seat 6.trips_plus", "more than two decimals")


# --- shapes the contract does not allow --------------------------------------------------------


@pytest.mark.parametrize("options", [[], "", 0, False, "A"])
def test_options_that_are_empty_but_not_an_object_are_refused(options: object) -> None:
    data = _valid()
    data["options"] = options
    _refused(data, "options", "expected an object")


@pytest.mark.parametrize("options", [None, {}])
def test_options_null_or_empty_mean_the_rule_set_defaults(options: object) -> None:
    data = _valid()
    data["options"] = options
    assert parse_round(data).tables.trips_plus_letter == "A"  # ny-2018 default, docs/rules.md §9


def test_progressive_wager_without_the_pool_is_refused_naming_the_pool() -> None:
    """docs/settle-contract.md: a seat may wager the progressive "with progressive_pool on the
    round"."""
    data = _valid()
    data["seats"][0]["progressive"] = "1"
    _refused(data, "progressive_pool", "missing", "progressive")


# --- a long bad value is quoted cut short ------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "expected_field"),
    [
        (lambda d, v: d["seats"][0].__setitem__("trips_plus", v), "seat 6.trips_plus"),
        (lambda d, v: d["board"].__setitem__(2, v), "board"),
        (lambda d, v: d.__setitem__("rules", v), "rules"),
        (lambda d, v: d.__setitem__("options", {"trips_plus_table": v}), "options"),
        (lambda d, v: d["seats"][0].__setitem__(v, "5"), "seat 6."),
        (lambda d, v: d.__setitem__(v, "5"), "unknown field"),
        (lambda d, v: d.__setitem__("seats", [v]), "seats[0]"),
    ],
    ids=["amount", "card", "rules", "option", "seat-key", "round-key", "seat"],
)
def test_a_ten_megabyte_bad_value_is_quoted_by_its_first_characters(
    place: Any, expected_field: str
) -> None:
    value = "x" * (10 * 1024 * 1024)
    data = _valid()
    place(data, value)
    message = _refused(data, expected_field)
    assert "x" * 40 in message and "…" in message
    assert len(message) < 400, len(message)
