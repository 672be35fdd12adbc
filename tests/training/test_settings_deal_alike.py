"""Issue 19, item 16: which Settings changes shape a round (deals_alike)."""

from __future__ import annotations

from dataclasses import replace

from trainer.engine.round import Wager
from trainer.training.session import TrainingSettings, deals_alike

NY = TrainingSettings(rules="ny-2018", seats=3, seed=8)


def test_table_letters_spelled_out_as_the_defaults_deal_alike() -> None:
    # ny-2018's defaults, as the Settings dialog spells them out.
    spelled = replace(NY, options={"trips_plus_table": "A", "pocket_bonus_table": "A",
                                   "bad_beat_table": "4", "progressive_table": "A"})
    assert deals_alike(NY, spelled)


def test_the_deck_colours_and_the_sound_do_not_shape_a_round() -> None:
    assert deals_alike(NY, replace(NY, four_colour=True, sound=False))


def test_seats_tables_side_bets_rule_set_and_exam_length_do() -> None:
    assert not deals_alike(NY, replace(NY, seats=4))
    assert not deals_alike(NY, replace(NY, options={"trips_plus_table": "B"}))
    assert not deals_alike(NY, replace(NY, side_bets=(Wager.TRIPS_PLUS,)))
    assert not deals_alike(NY, replace(NY, rules="standard"))
    assert not deals_alike(NY, replace(NY, exam_rounds=5))


def test_a_rule_set_that_cannot_be_read_counts_as_a_change() -> None:
    assert not deals_alike(NY, replace(NY, rules="/nowhere/rules.toml"))
