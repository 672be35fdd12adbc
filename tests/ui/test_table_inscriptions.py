"""The felt's inscriptions come from the round's rule set (New York 2018 (a)(2)(vi)-(vii))."""

from __future__ import annotations

import random

from trainer.engine.generator import generate_round
from trainer.engine.rulesets import load_preset
from trainer.ui.table.inscriptions import multiples_text, pay_tables, raise_text, rule_lines


def test_permissible_raises_new_york() -> None:
    assert raise_text(load_preset("ny-2018")) == (
        "Raise 1x-3x before the flop, 1x-2x on the flop, 1x after the river"
    )


def test_permissible_raises_house_rules() -> None:
    assert raise_text(load_preset("house")) == (
        "Raise 3x before the flop, 2x on the flop, 1x after the river"
    )


def test_raise_multiples_that_are_not_a_range_are_listed() -> None:
    assert multiples_text((3, 1)) == "1x or 3x"


def test_house_rules_print_the_cap_and_the_two_to_one_flush() -> None:
    round_ = generate_round(random.Random(3), load_preset("house"), seats=6)
    lines = rule_lines(round_.ruleset)
    assert lines[0] == "Dealer qualifies with a pair or better"
    assert lines[-1] == "Maximum aggregate payout $3,000 to a player per round"
    tables = {table.key: table for table in pay_tables(round_)}
    assert ("Flush", "2 to 1") in tables["odds_win"].rows
    assert "table C" in tables["trips_plus"].subtitle
    assert ("Pair, 2s through Ks", "4 to 1") in tables["pocket_bonus"].rows
    assert ("Straight flush", "$1,000", "$400") in tables["six_card_bonus"].rows


def test_new_york_prints_the_chosen_tables_and_no_cap() -> None:
    round_ = generate_round(random.Random(3), load_preset("ny-2018"), seats=6,
                            options={"trips_plus_table": "B", "pocket_bonus_table": "C"})
    assert len(rule_lines(round_.ruleset)) == 2
    tables = {table.key: table for table in pay_tables(round_)}
    assert set(tables) == {"odds_win", "bad_beat", "trips_plus", "pocket_bonus"}
    assert ("Flush", "3 to 2") in tables["odds_win"].rows
    # Trips Plus table B pays a straight 5 to 1 (docs/rules.md §5)
    assert ("Straight", "5 to 1") in tables["trips_plus"].rows
    assert tables["bad_beat"].rows[0] == ("Straight flush", "500 to 1")
    assert tables["pocket_bonus"].rows[0] == ("Pair of aces", "30 to 1")
