"""docs/rules.md §9 last paragraph — a training room may define its own rule set; the
engine validates it and refuses one that is incomplete or contradictory, with a
RuleSetError naming the bad key."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from engine_support import make_round, run_cli, seat, seat_out, settle_json, wager, win

from trainer.engine.round import RoundError, parse_round
from trainer.engine.rulesets import (
    MAX_RULESET_FILE_BYTES,
    RuleSetError,
    load_ruleset,
    load_ruleset_file,
)

VALID = """\
id = "room-7"
name = "Training room 7"
version = 2

[raises]
preflop = [3]
flop = [2]
river = [1]

[limits]
ante = ["5", "25"]
trips_plus = ["1", "25"]
pocket_bonus = ["1", "25"]

[odds]
win_table = "standard"
bad_beat_tables = ["2", "3"]
bad_beat_default = "2"

[trips_plus]
tables = ["B", "D"]
default = "B"

[pocket_bonus]
tables = ["B"]
default = "B"
"""


def _write(tmp_path: Path, text: str, name: str = "room.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refused(tmp_path: Path, text: str, *fragments: str) -> str:
    path = _write(tmp_path, text)
    with pytest.raises(RuleSetError) as error:
        load_ruleset_file(path)
    message = str(error.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def test_valid_custom_rule_set_file_loads(tmp_path: Path) -> None:
    ruleset = load_ruleset_file(_write(tmp_path, VALID))
    assert ruleset.id == "room-7"
    assert ruleset.name == "Training room 7"
    assert ruleset.version == 2
    assert set(ruleset.raises_preflop) == {3}
    assert sorted(ruleset.trips_plus_tables) == ["B", "D"]
    assert ruleset.bad_beat_default == "2"
    assert ruleset.six_card_bonus is None
    assert ruleset.progressive is None
    assert ruleset.max_aggregate_payout is None


def test_round_naming_a_rule_set_file_settles_with_its_tables(tmp_path: Path) -> None:
    path = _write(tmp_path, VALID)
    # Sevens full lose to kings full: bad beat table 2 (500/50/10/6/5) pays 10 to 1 on $10.
    data = make_round(
        "Kh 4c",
        "Ks Kd 7c 7h 2s",
        [seat(1, "7s 3d", trips_plus="10"), seat(2, "As Ad", pocket_bonus="5")],
        rules=str(path),
    )
    settlement = settle_json(data)
    assert wager(settlement, 1, "odds") == win("100.00")
    assert wager(settlement, 1, "trips_plus") == win("80.00")  # Trips Plus B: 8 to 1
    assert wager(settlement, 2, "pocket_bonus") == win("125.00")  # Pocket B: 25 to 1
    # Bad beat table 3 may be picked; table 1 is not offered by this room.
    data["options"] = {"bad_beat_table": "3"}
    assert wager(settle_json(data), 1, "odds") == win("100.00")
    data["options"] = {"bad_beat_table": "1"}
    with pytest.raises(RoundError, match=r"options\.bad_beat_table.*'1'"):
        parse_round(data)


def test_custom_rule_set_limits_are_enforced(tmp_path: Path) -> None:
    path = _write(tmp_path, VALID)
    data = make_round("Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d", ante="4")], rules=str(path))
    with pytest.raises(RoundError, match=r"seat 1\.ante: 4\.00"):
        parse_round(data)


def test_custom_rule_set_raises_are_enforced(tmp_path: Path) -> None:
    text = VALID.replace("preflop = [3]", "preflop = [4]")
    path = _write(tmp_path, text)
    ok = make_round(
        "Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d", ante="5", raise_="20")], rules=str(path)
    )
    parse_round(ok)
    bad = make_round(
        "Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d", ante="5", raise_="15")], rules=str(path)
    )
    with pytest.raises(RoundError, match=r"seat 1\.raise: 15\.00"):
        parse_round(bad)


def test_custom_cap_applies_only_when_winnings_exceed_it(tmp_path: Path) -> None:
    # Player K K A 9 6 beats K K 9 6 4: ante 10 + raise 30 = 40 won.
    data = make_round("Kd 4c", "Kh 9d 6c 3s 2h", [seat(1, "Ks Ac", ante="10")])
    at_cap = _write(tmp_path, VALID + '\n[cap]\nmax_aggregate_payout = "40"\n', "at.toml")
    data["rules"] = str(at_cap)
    out = seat_out(settle_json(data), 1)
    assert (out["total"], out["capped"]) == ("40.00", False)
    below = _write(tmp_path, VALID + '\n[cap]\nmax_aggregate_payout = "39"\n', "below.toml")
    data["rules"] = str(below)
    out = seat_out(settle_json(data), 1)
    assert (out["total"], out["capped"]) == ("39.00", True)
    assert out["wagers"]["raise"] == win("30.00")  # each wager at its own odds


def test_shipped_preset_files_are_valid_rule_set_files() -> None:
    for preset in ("ny-2018", "massachusetts", "standard", "house"):
        assert load_ruleset(preset).id == preset


# --- refusals ----------------------------------------------------------------------------------


def test_unknown_top_level_key_is_refused(tmp_path: Path) -> None:
    _refused(tmp_path, 'house_edge = "2%"\n' + VALID, "house_edge", "unknown")


def test_unknown_key_in_a_section_is_refused(tmp_path: Path) -> None:
    text = VALID.replace("river = [1]", "river = [1]\nturn = [1]")
    _refused(tmp_path, text, "raises.turn")


def test_unknown_limit_is_refused(tmp_path: Path) -> None:
    text = VALID.replace('ante = ["5", "25"]', 'ante = ["5", "25"]\nprogressive = ["1", "1"]')
    _refused(tmp_path, text, "limits.progressive")


@pytest.mark.parametrize(
    ("remove", "key"),
    [
        ('id = "room-7"\n', "id"),
        ('name = "Training room 7"\n', "name"),
        ("version = 2\n", "version"),
        ("flop = [2]\n", "raises.flop"),
        ('trips_plus = ["1", "25"]\n', "limits.trips_plus"),
        ('bad_beat_default = "2"\n', "odds.bad_beat_default"),
        ('[pocket_bonus]\ntables = ["B"]\ndefault = "B"\n', "pocket_bonus"),
    ],
)
def test_missing_key_is_refused_naming_it(tmp_path: Path, remove: str, key: str) -> None:
    assert remove in VALID
    _refused(tmp_path, VALID.replace(remove, ""), f"{key}: missing")


def test_missing_default_is_refused(tmp_path: Path) -> None:
    text = VALID.replace('tables = ["B", "D"]\ndefault = "B"\n', 'tables = ["B", "D"]\n')
    _refused(tmp_path, text, "trips_plus.default: missing")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        (
            'tables = ["B", "D"]\ndefault = "B"',
            'tables = ["B", "D"]\ndefault = "C"',
            "trips_plus.default",
        ),
        ('tables = ["B"]\ndefault = "B"', 'tables = ["B"]\ndefault = "A"', "pocket_bonus.default"),
        ('bad_beat_default = "2"', 'bad_beat_default = "4"', "odds.bad_beat"),
    ],
)
def test_default_not_among_the_allowed_tables_is_refused(
    tmp_path: Path, old: str, new: str, key: str
) -> None:
    assert old in VALID
    _refused(tmp_path, VALID.replace(old, new), key)


@pytest.mark.parametrize("river", ["[2]", "[1, 2]", "[3]"])
def test_river_raise_other_than_exactly_1x_is_refused(tmp_path: Path, river: str) -> None:
    _refused(tmp_path, VALID.replace("river = [1]", f"river = {river}"), "raises.river")


@pytest.mark.parametrize("value", ["[]", "[0]", "[-1]", '["3"]', "[1.5]", "[3, 3]", "3"])
def test_malformed_raise_multiples_are_refused(tmp_path: Path, value: str) -> None:
    _refused(tmp_path, VALID.replace("preflop = [3]", f"preflop = {value}"), "raises.preflop")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('ante = ["5", "25"]', 'ante = ["25", "5"]', "limits.ante"),
        ('trips_plus = ["1", "25"]', 'trips_plus = ["30", "25"]', "limits.trips_plus"),
        ('ante = ["5", "25"]', 'ante = ["0", "25"]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["5"]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["five", "25"]', "limits.ante"),
    ],
)
def test_bad_limits_are_refused(tmp_path: Path, old: str, new: str, key: str) -> None:
    _refused(tmp_path, VALID.replace(old, new), key)


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('tables = ["B", "D"]', 'tables = ["B", "Z"]', "trips_plus.tables"),
        ('tables = ["B"]\n', 'tables = ["D"]\n', "pocket_bonus.tables"),
        ('bad_beat_tables = ["2", "3"]', 'bad_beat_tables = ["2", "7"]', "odds.bad_beat_tables"),
        ('win_table = "standard"', 'win_table = "generous"', "odds.win_table"),
        ('tables = ["B", "D"]', "tables = []", "trips_plus.tables"),
    ],
)
def test_unknown_table_names_are_refused(tmp_path: Path, old: str, new: str, key: str) -> None:
    assert old in VALID
    _refused(tmp_path, VALID.replace(old, new), key)


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("version = 2", "version = 0", "version"),
        ("version = 2", 'version = "2"', "version"),
        ('id = "room-7"', 'id = ""', "id"),
    ],
)
def test_bad_identity_is_refused(tmp_path: Path, old: str, new: str, key: str) -> None:
    _refused(tmp_path, VALID.replace(old, new), key)


def test_bad_cap_is_refused(tmp_path: Path) -> None:
    _refused(tmp_path, VALID + '\n[cap]\nmax_aggregate_payout = "0"\n', "cap.max_aggregate_payout")
    _refused(tmp_path, VALID + '\n[cap]\nmax_aggregate_payout = "x"\n', "cap.max_aggregate_payout")


def test_six_card_bonus_without_a_pay_table_for_the_wager_is_refused(tmp_path: Path) -> None:
    _refused(tmp_path, VALID + '\n[six_card_bonus]\nwagers = ["3"]\n', "six_card_bonus.wagers")


def test_invalid_toml_is_refused_naming_the_file(tmp_path: Path) -> None:
    message = _refused(tmp_path, VALID.replace("version = 2", "version = = 2"), "room.toml")
    assert "TOML" in message


def test_missing_file_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(RuleSetError, match=r"nowhere\.toml"):
        load_ruleset_file(tmp_path / "nowhere.toml")


def test_round_naming_a_bad_rule_set_file_gets_an_error_line(tmp_path: Path) -> None:
    bad = _write(tmp_path, VALID.replace("river = [1]", "river = [2]"), "bad.toml")
    good = _write(tmp_path, VALID, "good.toml")
    rounds = [
        make_round("Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d")], rules=str(path))
        for path in (bad, good)
    ]
    result = run_cli("settle", stdin="".join(json.dumps(r) + "\n" for r in rounds))
    assert result.returncode == 2
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert "raises.river" in first["error"]
    assert "error" not in second


def test_custom_rule_set_may_add_the_extras(tmp_path: Path) -> None:
    text = (
        VALID
        + '\n[six_card_bonus]\nwagers = ["5"]\n'
        + '\n[progressive]\nwager = "1"\ntables = ["B", "H"]\ndefault = "H"\n'
        + '\n[cap]\nmax_aggregate_payout = "5000"\n'
    )
    path = _write(tmp_path, text)
    ruleset = load_ruleset_file(path)
    assert ruleset.six_card_bonus is not None and ruleset.progressive is not None
    assert ruleset.max_aggregate_payout == 5000
    # Pocket sevens plus 7h in the four extra cards: three sevens, $25 on a $5
    # 6-Card Bonus; with the board, sevens full of kings: table H full house 10 to 1 on $1.
    data = make_round(
        "Kh 4c",
        "Ks Kd 7c 2h 2s",
        [seat(1, "7s 7d", six_card_bonus="5", progressive="1")],
        rules=str(path),
        six_card_bonus_cards=["7h", "Tc", "9c", "3c"],
        progressive_pool="5000",
    )
    settlement = settle_json(data)
    assert wager(settlement, 1, "six_card_bonus") == win("25.00")
    assert wager(settlement, 1, "progressive") == win("10.00")


# --- files that are not rule sets: refused by name, never read whole ----------------------------


def test_a_device_is_refused_without_reading_it() -> None:
    # /dev/zero never ends: reading it whole grew memory until MemoryError.
    with pytest.raises(RuleSetError, match=r"/dev/zero: not a regular file"):
        load_ruleset("/dev/zero")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "room.toml"
    os.mkfifo(fifo)
    with pytest.raises(RuleSetError, match=r"room\.toml: not a regular file"):
        load_ruleset(str(fifo))


def test_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "rules.toml"
    folder.mkdir()
    with pytest.raises(RuleSetError, match=r"rules\.toml: a folder"):
        load_ruleset(str(folder))


def test_a_file_over_the_size_limit_is_refused_naming_the_limit(tmp_path: Path) -> None:
    path = _write(tmp_path, VALID + "#" * MAX_RULESET_FILE_BYTES)
    with pytest.raises(RuleSetError, match=f"more than the {MAX_RULESET_FILE_BYTES:,} allowed"):
        load_ruleset_file(path)


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "room.toml"
    path.write_bytes(b"\xff\xfe" + VALID.encode("utf-16-le"))
    with pytest.raises(RuleSetError, match=r"room\.toml: not UTF-8"):
        load_ruleset_file(path)


def test_a_path_longer_than_any_real_one_is_refused_cut_short() -> None:
    name = "/tmp/" + "a" * 100_000 + ".toml"
    with pytest.raises(RuleSetError) as error:
        load_ruleset(name)
    assert "100,010 characters" in str(error.value) and len(str(error.value)) < 300


def test_a_path_with_a_nul_byte_is_refused() -> None:
    with pytest.raises(RuleSetError, match="not a usable path"):
        load_ruleset("room\x00.toml")


def test_a_round_naming_dev_zero_gets_an_error_line_and_the_next_round_settles() -> None:
    rounds = [
        make_round("Kh 4c", "Ks Kd 7c 7h 2s", [seat(1, "7s 3d")], rules=rules)
        for rules in ("/dev/zero", "ny-2018")
    ]
    result = run_cli("settle", "--jobs", "1", stdin="".join(json.dumps(r) + "\n" for r in rounds))
    assert result.returncode == 2
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first == {"error": "rules: rule-set file /dev/zero: not a regular file"}
    assert second["order"] == [1]


# --- absurd TOML: refused as a rule set, never a traceback -------------------------------------


@pytest.mark.parametrize("where", ["before", "after"])
def test_toml_nested_thousands_deep_is_refused(tmp_path: Path, where: str) -> None:
    deep = "deep = " + "[" * 5000 + "]" * 5000 + "\n"
    text = deep + VALID if where == "before" else VALID + deep
    _refused(tmp_path, text, "room.toml", "nested too deeply")


def test_version_of_five_thousand_digits_is_refused(tmp_path: Path) -> None:
    _refused(tmp_path, VALID.replace("version = 2", "version = " + "9" * 5000), "room.toml")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("version = 2", "version = 1000001", "version"),
        ("preflop = [3]", "preflop = [1000000000000000000000000000000]", "raises.preflop"),
        ("preflop = [3]", "preflop = [101]", "raises.preflop"),
        ('ante = ["5", "25"]', 'ante = ["5", 100000000000000000000000000000]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["5", "1e30"]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["5", inf]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["5", nan]', "limits.ante"),
        ('ante = ["5", "25"]', 'ante = ["5", "$1,000,000,000.01"]', "limits.ante"),
        ('id = "room-7"', 'id = "' + "r" * 41 + '"', "id"),
        ('name = "Training room 7"', 'name = "' + "n" * 101 + '"', "name"),
        ('default = "B"\n\n[pocket', 'default = [[["B"]]]\n\n[pocket', "trips_plus.default"),
        ('tables = ["B", "D"]', 'tables = [["B"], "D"]', "trips_plus.tables"),
        ('win_table = "standard"', "win_table = [1, 2]", "odds.win_table"),
    ],
)
def test_absurd_values_in_a_rule_set_are_refused_naming_the_key(
    tmp_path: Path, old: str, new: str, key: str
) -> None:
    assert old in VALID
    message = _refused(tmp_path, VALID.replace(old, new), key)
    assert len(message) < 400, message


def test_cap_above_a_billion_dollars_is_refused(tmp_path: Path) -> None:
    text = VALID + '\n[cap]\nmax_aggregate_payout = "1000000000000"\n'
    _refused(tmp_path, text, "cap.max_aggregate_payout", "1,000,000,000.00")


def test_largest_raise_multiple_a_hundred_is_accepted(tmp_path: Path) -> None:
    ruleset = load_ruleset_file(_write(tmp_path, VALID.replace("preflop = [3]", "preflop = [100]")))
    assert ruleset.raises_preflop == (100,)
