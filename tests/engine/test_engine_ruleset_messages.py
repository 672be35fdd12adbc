"""docs/rules.md §9 last paragraph: a rule set that is incomplete or contradictory is
refused, and the message says where: the file (when there is one), the key, the
value as written and, where there is a choice, what is allowed. The limits on
identity, version, raises and cap are accepted right up to the boundary.

Rule sets are given as parsed TOML (dicts) to ``parse_ruleset`` with the origin
``room.toml``, as a rule-set file would be.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.engine import rulesets
from trainer.engine.money import Odds
from trainer.engine.rulesets import (
    MAX_RULESET_PATH_CHARS,
    Award,
    RuleSet,
    RuleSetError,
    load_preset,
    load_ruleset,
    load_ruleset_file,
    parse_ruleset,
)

ORIGIN = "room.toml"


def _valid() -> dict[str, Any]:
    return {
        "id": "room-7",
        "name": "Training room 7",
        "version": 2,
        "raises": {"preflop": [3], "flop": [2], "river": [1]},
        "limits": {"ante": ["5", "25"], "trips_plus": ["1", "25"], "pocket_bonus": ["1", "25"]},
        "odds": {"win_table": "standard", "bad_beat_tables": ["2", "3"], "bad_beat_default": "2"},
        "trips_plus": {"tables": ["B", "D"], "default": "B"},
        "pocket_bonus": {"tables": ["B"], "default": "B"},
    }


def _with(key: str, value: object) -> dict[str, Any]:
    """The valid rule set with ``key`` (dotted: ``raises.flop``) set to ``value``."""
    data = _valid()
    *sections, last = key.split(".")
    target = data
    for section in sections:
        target = target.setdefault(section, {})
    target[last] = value
    return data


def _accepted(key: str, value: object) -> RuleSet:
    return parse_ruleset(_with(key, value), ORIGIN)


def _refusal(data: dict[str, Any], origin: str = ORIGIN) -> str:
    with pytest.raises(RuleSetError) as error:
        parse_ruleset(data, origin)
    return str(error.value)


# --- where the message points --------------------------------------------------------------------


def test_a_message_starts_with_the_file_then_the_key() -> None:
    assert _refusal(_with("version", 0)).startswith("room.toml: version: ")


def test_without_a_file_the_message_starts_with_the_key() -> None:
    with pytest.raises(RuleSetError) as error:
        parse_ruleset(_with("version", 0))
    assert str(error.value).startswith("version: expected a whole number")
    assert _refusal(_with("version", 0), origin="").startswith("version: expected a whole number")


@pytest.mark.parametrize(
    "section",
    ["raises", "odds", "trips_plus", "pocket_bonus", "six_card_bonus", "progressive", "cap"],
)
def test_a_section_that_is_not_a_table_is_named_with_the_file(section: str) -> None:
    message = _refusal(_with(section, "yes"))
    assert message == f"room.toml: {section}: expected a [{section}] table"


def test_an_unknown_key_in_a_section_lists_the_keys_allowed() -> None:
    message = _refusal(_with("raises.turn", [1]))
    assert message == "room.toml: raises.turn: unknown key (expected flop, preflop, river)"


def test_an_unknown_limit_lists_the_limits_allowed() -> None:
    message = _refusal(_with("limits.progressive", ["1", "1"]))
    assert message == (
        "room.toml: limits.progressive: unknown key (expected ante, trips_plus, pocket_bonus)"
    )


def test_an_unknown_top_level_key_lists_every_key_allowed() -> None:
    message = _refusal(_with("house_edge", "2%"))
    assert message == (
        "room.toml: house_edge: unknown key (expected cap, id, limits, name, odds,"
        " pocket_bonus, progressive, raises, six_card_bonus, trips_plus, version)"
    )


# --- identity ----------------------------------------------------------------------------------


def test_an_id_of_40_characters_is_accepted_and_41_refused_quoting_it() -> None:
    assert _accepted("id", "r" * 40).id == "r" * 40
    message = _refusal(_with("id", "r" * 41))
    assert message.startswith("room.toml: id: ")
    assert "at most 40 characters" in message
    assert message.endswith(f"not {'r' * 41!r}")


@pytest.mark.parametrize("name", ["", "   ", "\t"])
def test_a_blank_name_is_refused(name: str) -> None:
    assert _refusal(_with("name", name)).startswith("room.toml: name: expected the rule set's")


def test_a_name_that_is_not_text_is_refused_quoting_it() -> None:
    message = _refusal(_with("name", 7))
    assert message.startswith("room.toml: name: ") and message.endswith("not 7")


def test_a_name_of_100_characters_is_accepted_and_101_refused_quoting_it() -> None:
    assert _accepted("name", "n" * 100).name == "n" * 100
    message = _refusal(_with("name", "n" * 101))
    assert "at most 100 characters" in message
    # The name is quoted cut to 60 characters: the quote mark, 59 letters, an ellipsis.
    assert message.endswith("not '" + "n" * 59 + "…")


@pytest.mark.parametrize("version", [1, 1_000_000])
def test_versions_1_to_a_million_are_accepted(version: int) -> None:
    assert _accepted("version", version).version == version


@pytest.mark.parametrize("version", [0, 1_000_001, -3])
def test_a_version_outside_1_to_a_million_is_refused_quoting_it(version: int) -> None:
    message = _refusal(_with("version", version))
    assert message == (
        f"room.toml: version: expected a whole number from 1 to 1,000,000, not {version}"
    )


# --- raises and limits -----------------------------------------------------------------------


@pytest.mark.parametrize("street", ["preflop", "flop", "river"])
def test_raises_that_are_not_a_list_are_refused_naming_the_street(street: str) -> None:
    message = _refusal(_with(f"raises.{street}", "3"))
    assert message == (
        f"room.toml: raises.{street}: expected a list of whole multiples of the ante, e.g. [1, 2]"
    )


def test_a_raise_above_100_antes_is_refused_quoting_the_list() -> None:
    message = _refusal(_with("raises.flop", [2, 101]))
    assert message == "room.toml: raises.flop: [2, 101]: a raise is at most 100 times the ante"


@pytest.mark.parametrize("limits", [{"trips_plus": ["1", "25"]}, "5 to 25"])
def test_limits_without_an_ante_are_refused(limits: object) -> None:
    assert _refusal(_with("limits", limits)) == "room.toml: limits.ante: missing"


def test_a_limit_whose_minimum_equals_its_maximum_is_accepted() -> None:
    ruleset = _accepted("limits.ante", ["5", "5"])
    assert ruleset.ante_limits == (Decimal("5"), Decimal("5"))


# --- pay tables ---------------------------------------------------------------------------------


def test_an_unknown_odds_win_table_is_refused_listing_the_known_ones() -> None:
    message = _refusal(_with("odds.win_table", "generous"))
    assert message == (
        "room.toml: odds.win_table: no odds-win table named 'generous' (known: standard, house)"
    )


def test_an_unknown_bad_beat_table_is_refused_listing_the_known_ones() -> None:
    message = _refusal(_with("odds.bad_beat_tables", ["2", "7"]))
    assert message == (
        "room.toml: odds.bad_beat_tables: no bad_beat table named '7' (known: 1, 2, 3, 4)"
    )


def test_a_default_table_not_allowed_is_refused_listing_the_allowed_ones() -> None:
    message = _refusal(_with("trips_plus.default", "A"))
    assert message == "room.toml: trips_plus.default: 'A' is not one of its tables (B, D)"


# --- extras -------------------------------------------------------------------------------------


@pytest.mark.parametrize("wagers", ["2", [], 5])
def test_six_card_bonus_wagers_must_be_a_list_of_amounts(wagers: object) -> None:
    message = _refusal(_with("six_card_bonus.wagers", wagers))
    assert message == 'room.toml: six_card_bonus.wagers: expected a list such as ["2", "5"]'


def test_a_six_card_bonus_wager_without_a_pay_table_is_refused_listing_the_known_ones() -> None:
    message = _refusal(_with("six_card_bonus.wagers", ["2", "3"]))
    assert message == (
        "room.toml: six_card_bonus.wagers: no 6-Card Bonus pay table for a '3' wager"
        " (known: $5, $2)"
    )


def _progressive(**change: object) -> dict[str, Any]:
    section: dict[str, Any] = {"wager": "1", "tables": ["A", "B"], "default": "A"}
    section.update(change)
    return _with("progressive", section)


def test_a_custom_progressive_keeps_its_wager_tables_and_default() -> None:
    progressive = parse_ruleset(_progressive(default="b"), ORIGIN).progressive
    assert progressive is not None
    assert (progressive.wager, sorted(progressive.tables), progressive.default) == (
        Decimal("1.00"),
        ["A", "B"],
        "B",
    )


def test_a_progressive_wager_with_three_decimals_is_refused_naming_the_key() -> None:
    message = _refusal(_progressive(wager="1.005"))
    assert message.startswith("room.toml: progressive.wager: '1.005' ")
    assert "more than two decimals" in message


def test_an_unknown_progressive_table_is_refused_naming_the_key() -> None:
    message = _refusal(_progressive(tables=["A", "Z"]))
    assert message.startswith("room.toml: progressive.tables: no progressive table named 'Z'")


def test_a_progressive_default_not_offered_is_refused_listing_the_tables() -> None:
    message = _refusal(_progressive(default="C"))
    assert message == "room.toml: progressive.default: 'C' is not one of its tables (A, B)"


def test_a_cap_of_one_dollar_is_accepted() -> None:
    assert _accepted("cap.max_aggregate_payout", "1").max_aggregate_payout == Decimal("1.00")


@pytest.mark.parametrize("cap", ["0", "0.00"])
def test_a_cap_of_nothing_is_refused(cap: str) -> None:
    message = _refusal(_with("cap.max_aggregate_payout", cap))
    assert message == "room.toml: cap.max_aggregate_payout: must be above $0"


# --- pay lines (Award.parse) and a broken pay-table file ----------------------------------------


@pytest.mark.parametrize(
    ("text", "award"),
    [
        ("3 to 2", Award(odds=Odds(3, 2))),
        ("$1,000", Award(fixed=Decimal("1000"))),
        ("100% of pool", Award(percent=Decimal("100"))),
        ("1% of jackpot", Award(percent=Decimal("1"))),
        ("0.5% of pool", Award(percent=Decimal("0.5"))),
    ],
)
def test_pay_lines_are_odds_a_fixed_amount_or_a_share(text: str, award: Award) -> None:
    assert Award.parse(text, "table.line") == award


@pytest.mark.parametrize("text", ["0% of pool", "100.5% of pool", "101% of jackpot"])
def test_a_share_outside_0_to_100_percent_is_refused(text: str) -> None:
    with pytest.raises(RuleSetError) as error:
        Award.parse(text, "progressive.A.royal_flush")
    assert str(error.value) == (
        f"progressive.A.royal_flush: {text!r} must be a share from 0% to 100%"
    )


def test_a_pay_line_that_is_not_text_is_refused_naming_the_line() -> None:
    with pytest.raises(RuleSetError) as error:
        Award.parse(5, "trips_plus.A.flush")
    assert str(error.value) == "trips_plus.A.flush: 5 is not a pay line such as '3 to 2'"


def test_an_unreadable_pay_line_is_refused_naming_the_line_and_why() -> None:
    with pytest.raises(RuleSetError) as error:
        Award.parse("three to two", "odds_win.standard.flush")
    message = str(error.value)
    assert message.startswith("odds_win.standard.flush: 'three to two' is not a pay line (")
    assert "is not odds such as '3 to 2'" in message


def test_a_fixed_award_with_three_decimals_is_refused_naming_the_line() -> None:
    with pytest.raises(RuleSetError) as error:
        Award.parse("$1.005", "six_card_bonus.5.flush")
    assert str(error.value) == (
        "six_card_bonus.5.flush: '$1.005' is not a pay line (six_card_bonus.5.flush:"
        " '$1.005' has more than two decimals (cents are the smallest unit))"
    )


@pytest.mark.parametrize(
    ("award", "text"),
    [
        (Award(odds=Odds(3, 2)), "3 to 2"),
        (Award(odds=Odds(1000)), "1,000 to 1"),
        (Award(fixed=Decimal("1000.00")), "$1,000"),
        (Award(fixed=Decimal("12.50")), "$12.50"),
        (Award(percent=Decimal("10")), "10%"),
    ],
)
def test_a_pay_line_is_written_as_a_dealer_reads_it(award: Award, text: str) -> None:
    assert str(award) == text


def _broken_paytables(monkeypatch: pytest.MonkeyPatch, kind: str, table: str, line: dict) -> None:
    """Parse rule sets against a copy of paytables.toml with one table changed."""
    tables = copy.deepcopy(rulesets._paytables())
    tables[kind][table] = {**tables[kind][table], **line}
    monkeypatch.setattr(rulesets, "_paytables", lambda: tables)


@pytest.mark.parametrize(
    ("kind", "table", "key", "data"),
    [
        ("odds_win", "standard", "odds_win.standard", _valid()),
        ("bad_beat", "2", "bad_beat.2", _valid()),
        ("trips_plus", "B", "trips_plus.B", _valid()),
        ("pocket_bonus", "B", "pocket_bonus.B", _valid()),
        ("six_card_bonus", "5", "six_card_bonus.5", _with("six_card_bonus.wagers", ["5"])),
        ("progressive", "A", "progressive.A", _progressive()),
    ],
)
def test_a_pay_table_file_with_an_unknown_hand_is_refused_naming_the_line(
    monkeypatch: pytest.MonkeyPatch, kind: str, table: str, key: str, data: dict[str, Any]
) -> None:
    _broken_paytables(monkeypatch, kind, table, {"five_aces": "3 to 1"})
    assert _refusal(data) == f"{key}.five_aces: not a hand this table can pay"


@pytest.mark.parametrize(
    ("kind", "table", "key", "data"),
    [
        ("odds_win", "standard", "odds_win.standard", _valid()),
        ("bad_beat", "3", "bad_beat.3", _valid()),
        ("trips_plus", "D", "trips_plus.D", _valid()),
        ("pocket_bonus", "B", "pocket_bonus.B", _valid()),
        ("six_card_bonus", "5", "six_card_bonus.5", _with("six_card_bonus.wagers", ["5"])),
        ("progressive", "B", "progressive.B", _progressive()),
    ],
)
def test_a_pay_table_file_with_an_unreadable_line_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, kind: str, table: str, key: str, data: dict[str, Any]
) -> None:
    line = "pair" if kind == "pocket_bonus" else "flush"
    _broken_paytables(monkeypatch, kind, table, {line: "lots"})
    assert _refusal(data).startswith(f"{key}.{line}: 'lots' is not a pay line (")


def test_an_odds_table_holding_a_fixed_award_is_refused_naming_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _broken_paytables(monkeypatch, "trips_plus", "B", {"flush": "$50"})
    assert _refusal(_valid()) == "trips_plus.B.flush: '$50' must be odds such as '3 to 1'"


# --- rule-set files -----------------------------------------------------------------------------


def test_a_file_whose_content_is_refused_is_named_first(tmp_path: Path) -> None:
    path = tmp_path / "room.toml"
    path.write_text('id = "room-7"\n', encoding="utf-8")
    with pytest.raises(RuleSetError) as error:
        load_ruleset_file(path)
    assert str(error.value) == f"{path}: name: missing"


def test_a_folder_is_refused_as_a_rule_set_file_in_one_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "rules.toml"
    folder.mkdir()
    with pytest.raises(RuleSetError) as error:
        load_ruleset_file(folder)
    assert str(error.value) == f"rule-set file {folder}: a folder"


def test_a_path_the_system_refuses_is_quoted_in_the_message() -> None:
    with pytest.raises(RuleSetError) as error:
        load_ruleset_file(Path("room\x00.toml"))
    assert str(error.value).startswith("rule-set file 'room\\x00.toml': not a usable path (")


def test_values_nested_too_deeply_for_the_checks_are_refused_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "room.toml"
    path.write_text('id = "room-7"\n', encoding="utf-8")

    def too_deep(data: object, origin: str = "") -> RuleSet:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(rulesets, "parse_ruleset", too_deep)
    with pytest.raises(RuleSetError) as error:
        load_ruleset_file(path)
    assert str(error.value) == f"{path}: not a rule set (values nested too deeply)"


def test_a_name_with_a_backslash_is_read_as_a_windows_path() -> None:
    with pytest.raises(RuleSetError) as error:
        load_ruleset("rooms\\room7")
    assert str(error.value) == "rule-set file rooms\\room7: no such file"


def test_a_path_of_1024_characters_is_looked_up_and_1025_refused_unread(tmp_path: Path) -> None:
    assert MAX_RULESET_PATH_CHARS == 1024
    stem = str(tmp_path / "r")
    longest = stem + "/" * (1024 - len(stem) - len(".toml")) + ".toml"
    assert len(longest) == 1024
    with pytest.raises(RuleSetError) as error:
        load_ruleset(longest)
    assert str(error.value).endswith(": no such file")
    with pytest.raises(RuleSetError) as error:
        load_ruleset(longest + "x")
    # The path is quoted cut to 60 characters: a quote mark, 59 characters, an ellipsis.
    assert str(error.value) == (
        f"rule-set file '{longest[:59]}…: a path of 1,025 characters (at most 1,024)"
    )


def test_an_unknown_rule_set_name_lists_the_presets() -> None:
    with pytest.raises(RuleSetError) as error:
        load_ruleset("atlantis")
    assert str(error.value) == (
        "unknown rule set 'atlantis'"
        " (presets: ny-2018, massachusetts, standard, house, or a path to a rule-set file)"
    )


# --- a round's options (choose_tables) ----------------------------------------------------------


def _choose(preset: str, options: dict[str, object]) -> str:
    with pytest.raises(RuleSetError) as error:
        load_preset(preset).choose_tables(options)
    return str(error.value)


def test_an_unknown_option_lists_the_options() -> None:
    assert _choose("ny-2018", {"trips": "A"}) == (
        "options.trips: unknown option (expected one of trips_plus_table,"
        " pocket_bonus_table, bad_beat_table, progressive_table)"
    )


@pytest.mark.parametrize(("value", "quoted"), [(True, "True"), ([1], "[1]"), (2.5, "2.5")])
def test_a_table_option_that_is_no_name_is_refused_quoting_it(value: object, quoted: str) -> None:
    assert _choose("ny-2018", {"trips_plus_table": value}) == (
        f"options.trips_plus_table: {quoted} is not a table name"
    )


def test_a_table_the_rule_set_does_not_offer_lists_those_it_does() -> None:
    assert _choose("ny-2018", {"pocket_bonus_table": "D"}) == (
        "options.pocket_bonus_table: table 'D' is not offered by rule set 'ny-2018'"
        " (allowed: A, B, C)"
    )


def test_a_rule_set_without_a_progressive_chooses_no_progressive_table() -> None:
    tables = load_preset("massachusetts").choose_tables({})
    assert (tables.progressive_letter, tables.progressive) == (None, None)
    assert _choose("massachusetts", {"progressive_table": "A"}) == (
        "options.progressive_table: rule set 'massachusetts' offers no progressive"
    )
