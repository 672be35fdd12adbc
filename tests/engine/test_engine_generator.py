"""Random practice rounds: reproducible from a seed, valid under the rule set,
and accepted by the settle contract."""

from __future__ import annotations

import json
import random

import pytest
from engine_support import parse_lines, run_cli

from trainer.engine.generator import generate_round
from trainer.engine.round import Wager, offered_side_wagers, parse_round, round_to_json
from trainer.engine.rulesets import PRESETS, load_preset
from trainer.engine.settlement import settle, settlement_to_json


def _rounds(seed: int, preset: str, count: int, **kwargs: object) -> list[dict]:
    rng = random.Random(seed)
    ruleset = load_preset(preset)
    return [round_to_json(generate_round(rng, ruleset, **kwargs)) for _ in range(count)]


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_gives_the_same_rounds(preset: str) -> None:
    assert _rounds(2024, preset, 40) == _rounds(2024, preset, 40)


def test_different_seeds_give_different_rounds() -> None:
    assert _rounds(1, "ny-2018", 20) != _rounds(2, "ny-2018", 20)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_generated_round_round_trips_and_settles(preset: str) -> None:
    rng = random.Random(77)
    ruleset = load_preset(preset)
    for _ in range(300):
        generated = generate_round(rng, ruleset)
        data = round_to_json(generated)
        parsed = parse_round(json.loads(json.dumps(data)))
        assert round_to_json(parsed) == data
        direct = settlement_to_json(settle(generated))
        assert settlement_to_json(settle(parsed)) == direct
        assert [entry["seat"] for entry in direct["seats"]] == direct["order"]
        assert sorted(direct["order"]) == [seat["seat"] for seat in data["seats"]]


@pytest.mark.parametrize("preset", PRESETS)
def test_generated_wagers_are_inside_the_rule_sets_limits(preset: str) -> None:
    rng = random.Random(5)
    ruleset = load_preset(preset)
    low, high = ruleset.ante_limits
    seen_side: set[Wager] = set()
    for _ in range(300):
        round_ = generate_round(rng, ruleset)
        assert 1 <= len(round_.seats) <= 6
        cards = [*round_.dealer, *round_.board]
        for seat in round_.seats:
            cards.extend(seat.hole)
            assert low <= seat.ante <= high
            assert seat.odds == seat.ante
            if seat.folded:
                assert seat.raise_amount == 0
            else:
                assert seat.raise_amount in {seat.ante * m for m in ruleset.raise_multiples}
            for side, amount in seat.side_bets.items():
                seen_side.add(side)
                if side.value in ruleset.side_limits:
                    side_low, side_high = ruleset.side_limits[side.value]
                    assert side_low <= amount <= side_high
                elif side is Wager.SIX_CARD_BONUS:
                    assert ruleset.six_card_bonus is not None
                    assert amount in ruleset.six_card_bonus
                else:
                    assert ruleset.progressive is not None
                    assert amount == ruleset.progressive.wager
        if round_.six_card_bonus_cards:
            cards.extend(round_.six_card_bonus_cards)
        assert len(set(cards)) == len(cards)
    assert {Wager.TRIPS_PLUS, Wager.POCKET_BONUS} <= seen_side
    if preset == "house":
        assert Wager.SIX_CARD_BONUS in seen_side
    if preset == "ny-2018":
        assert Wager.PROGRESSIVE in seen_side


@pytest.mark.parametrize("seats", [1, 6, [2, 5]])
def test_generator_occupies_the_seats_asked_for(seats: object) -> None:
    rng = random.Random(3)
    for _ in range(20):
        round_ = generate_round(rng, load_preset("ny-2018"), seats=seats)  # type: ignore[arg-type]
        numbers = [seat.seat for seat in round_.seats]
        if isinstance(seats, int):
            assert len(numbers) == seats
        else:
            assert numbers == seats


@pytest.mark.parametrize("rules", ["ny-2018", "house"])
def test_cli_generate_prints_n_lines_that_settle_accepts(rules: str) -> None:
    generated = run_cli("generate", "--count", "40", "--seed", "9", "--rules", rules)
    assert generated.returncode == 0, generated.stderr
    lines = generated.stdout.splitlines()
    assert len(lines) == 40
    again = run_cli("generate", "--count", "40", "--seed", "9", "--rules", rules)
    assert again.stdout == generated.stdout
    settled = run_cli("settle", stdin=generated.stdout)
    assert settled.returncode == 0, settled.stderr
    outputs = parse_lines(settled.stdout)
    assert len(outputs) == 40
    assert all("error" not in output for output in outputs)
    for line, output in zip(lines, outputs, strict=True):
        assert output["order"] and sorted(output["order"]) == sorted(
            seat["seat"] for seat in json.loads(line)["seats"]
        )


@pytest.mark.parametrize(
    ("preset", "offered"),
    [
        # docs/rules.md §9: Trips Plus and the Pocket Bonus everywhere; the extras column.
        ("ny-2018", (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE)),
        ("massachusetts", (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)),
        ("standard", (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)),
        ("house", (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.SIX_CARD_BONUS)),
    ],
)
def test_each_preset_offers_its_side_wagers_and_no_others(
    preset: str, offered: tuple[Wager, ...]
) -> None:
    assert offered_side_wagers(load_preset(preset)) == offered
