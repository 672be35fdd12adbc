"""docs/rules.md §9: each shipped preset file, read afresh (not through the preset cache),
holds the raises, tables, defaults, limits and extras that docs/rules.md gives it.

The tables are typed here from docs/rules.md §4-§5 and the New York text (k)(4); the
preset cache is bypassed so that the file and the parser are what is checked.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from importlib import resources

import pytest
from engine_support import BAD_BEAT, ODDS_WIN, POCKET_BONUS, TRIPS_PLUS

from trainer.engine.evaluator import Category
from trainer.engine.money import Odds
from trainer.engine.rulesets import (
    PRESETS,
    Award,
    PocketHand,
    ProgressiveHand,
    RuleSet,
    parse_ruleset,
)


def _fresh(preset: str) -> RuleSet:
    text = resources.files("trainer.rulesets").joinpath(f"{preset}.toml").read_text("utf-8")
    return parse_ruleset(tomllib.loads(text), f"{preset}.toml")


def _odds(table: dict[str, tuple[int, int]]) -> dict[Category, Odds]:
    return {Category(hand): Odds(*odds) for hand, odds in table.items()}


_POCKET_KEYS = {
    "aces": PocketHand.PAIR_OF_ACES,
    "suited": PocketHand.ACE_FACE_SUITED,
    "unsuited": PocketHand.ACE_FACE_UNSUITED,
    "pair": PocketHand.PAIR,
}


def _pocket(letter: str) -> dict[PocketHand, Odds]:
    return {_POCKET_KEYS[k]: Odds(*odds) for k, odds in POCKET_BONUS[letter].items()}


# name; pre-flop and flop raises; odds-win table; bad-beat tables and default;
# Trips Plus tables and default; Pocket Bonus tables and default (docs/rules.md §9).
EXPECTED = {
    "ny-2018": ("New York 2018", {1, 2, 3}, {1, 2}, "standard", "4/4", "ABCD/A", "ABC/A"),
    "massachusetts": ("Massachusetts", {1, 2, 3}, {1, 2}, "standard", "4/4", "ABCD/A", "ABC/A"),
    "standard": ("Game owner standard", {3}, {2}, "standard", "1234/1", "ABCD/C", "ABC/A"),
    "house": ("Casino house rules", {3}, {2}, "house", "4/4", "C/C", "C/C"),
}


def test_every_preset_is_checked_here() -> None:
    assert set(EXPECTED) == set(PRESETS)


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_preset_file_holds_the_rules_tables(preset: str) -> None:
    name, preflop, flop, win, bad_beat, trips, pocket = EXPECTED[preset]
    ruleset = _fresh(preset)
    assert (ruleset.id, ruleset.name, ruleset.version) == (preset, name, 1)
    assert (set(ruleset.raises_preflop), set(ruleset.raises_flop)) == (preflop, flop)
    assert ruleset.raises_river == (1,)
    assert ruleset.odds_win == _odds(ODDS_WIN[win])
    tables, default = bad_beat.split("/")
    assert ruleset.bad_beat_tables == {table: _odds(BAD_BEAT[table]) for table in tables}
    assert ruleset.bad_beat_default == default
    tables, default = trips.split("/")
    assert ruleset.trips_plus_tables == {table: _odds(TRIPS_PLUS[table]) for table in tables}
    assert ruleset.trips_plus_default == default
    tables, default = pocket.split("/")
    assert ruleset.pocket_bonus_tables == {table: _pocket(table) for table in tables}
    assert ruleset.pocket_bonus_default == default


@pytest.mark.parametrize("preset", ["ny-2018", "massachusetts", "standard"])
def test_only_the_house_rules_cap_the_payout_and_offer_the_six_card_bonus(preset: str) -> None:
    ruleset = _fresh(preset)
    assert ruleset.max_aggregate_payout is None
    assert ruleset.six_card_bonus is None


def test_house_rules_limits_cap_and_six_card_bonus() -> None:
    ruleset = _fresh("house")
    two, ten = Decimal("2"), Decimal("10")
    assert ruleset.ante_limits == (two, ten)
    assert ruleset.side_limits == {"trips_plus": (two, ten), "pocket_bonus": (two, ten)}
    assert ruleset.max_aggregate_payout == Decimal("3000")
    assert ruleset.progressive is None
    jackpot = Award(percent=Decimal("100"))
    lines = "straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind"
    fixed = {  # docs/rules.md §5, 6-Card Bonus: the $5 and the $2 wager
        Decimal("5"): (1000, 250, 100, 75, 50, 25),
        Decimal("2"): (400, 100, 40, 30, 20, 10),
    }
    expected = {
        stake: {
            Category.ROYAL_FLUSH: jackpot,
            **{
                Category(hand): Award(fixed=Decimal(amount))
                for hand, amount in zip(lines, amounts, strict=True)
            },
        }
        for stake, amounts in fixed.items()
    }
    assert ruleset.six_card_bonus == expected


# New York 2018 (k)(4), columns A-H: "P" 100% of the pool, "10%"/"5%" of the pool,
# a number: odds to 1; None: the wager loses.
NY_PROGRESSIVE: dict[ProgressiveHand, tuple[object, ...]] = {
    ProgressiveHand.FLOPPED_ROYAL_FLUSH_SPADES: ("P", "P", "P", "P", "P", "P", "P", "P"),
    ProgressiveHand.FLOPPED_ROYAL_FLUSH: ("10%", 1000, "10%", "P", "P", "P", "P", "P"),
    ProgressiveHand.ROYAL_FLUSH: ("10%", 1000, "10%", 1000, 3000, "5%", "P", "P"),
    ProgressiveHand.COMMUNITY_ROYAL_FLUSH: ("10%", 1000, "10%", 1000, 3000, 3000, 1000, 1000),
    ProgressiveHand.STRAIGHT_FLUSH: (200, 200, 500, 500, 250, 250, 250, 300),
    ProgressiveHand.FOUR_OF_A_KIND: (50, 50, 100, 100, 100, 100, 75, 100),
    ProgressiveHand.FULL_HOUSE: (10, 10, 10, 10, 10, 10, 11, 10),
    ProgressiveHand.FLUSH: (5, 5, None, None, None, None, None, None),
}


def _award(line: object) -> Award | None:
    if line is None:
        return None
    if isinstance(line, int):
        return Award(odds=Odds(line))
    return Award(percent=Decimal({"P": "100", "10%": "10", "5%": "5"}[str(line)]))


def test_new_york_progressive_is_a_one_dollar_wager_on_tables_a_to_h() -> None:
    progressive = _fresh("ny-2018").progressive
    assert progressive is not None
    assert progressive.wager == Decimal("1")
    assert sorted(progressive.tables) == list("ABCDEFGH")
    for index, letter in enumerate("ABCDEFGH"):
        expected = {
            hand: award
            for hand, row in NY_PROGRESSIVE.items()
            if (award := _award(row[index])) is not None
        }
        assert progressive.tables[letter] == expected, letter
