"""Every dealt wager is bet in chips as a player would bet it (issue 22, item 1): mostly one
colour, sometimes a rainbow, from the room's rack, the same chips from the same seed, and
without changing the cards or wagers a seed dealt before rounds had chips."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from decimal import Decimal

import pytest

from trainer.engine.chips import DEFAULT_RACK, Rack
from trainer.engine.generator import bet_chips, bet_choices, generate_round
from trainer.engine.round import Round, Wager, parse_round, round_to_json
from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.engine.scenarios import SCENARIOS, generate_scenario

D = Decimal
W, P, R, G = D(1), D("2.50"), D(5), D(25)


def test_fifteen_dollars_is_bet_as_three_red_or_a_red_and_ten_white() -> None:
    singles, rainbows = bet_choices(D(15), DEFAULT_RACK)
    # one colour of at most 20 chips: three red, fifteen white (never six pink: whole dollars)
    assert singles == [(R,) * 3, (W,) * 15]
    # a colour and one smaller colour: one red and ten white, two red and five white
    assert rainbows == [(R,) + (W,) * 10, (R, R) + (W,) * 5]


def test_thirty_dollars_is_six_red_or_a_rainbow_such_as_a_green_and_a_red() -> None:
    singles, rainbows = bet_choices(D(30), DEFAULT_RACK)
    assert singles == [(R,) * 6]  # thirty white would be more than a stack of 20
    assert rainbows == [
        (G, R), (G,) + (W,) * 5,
        (R,) * 3 + (W,) * 15, (R,) * 4 + (W,) * 10, (R,) * 5 + (W,) * 5,
    ]


def test_seven_fifty_uses_a_pink_because_it_has_cents() -> None:
    singles, rainbows = bet_choices(D("7.50"), DEFAULT_RACK)
    assert singles == [(P,) * 3]
    assert rainbows == [(R, P), (P,) + (W,) * 5]


def test_a_rack_without_the_amounts_cents_bets_nothing() -> None:
    no_pink = Rack.of_values([W, R, G])
    assert bet_choices(D("7.50"), no_pink) == ([], [])
    assert bet_chips(random.Random(1), D("7.50"), no_pink) is None


def test_a_bet_of_many_chips_falls_back_to_the_fewest() -> None:
    # $2,345 has no one-colour or two-colour stack of 20 chips or fewer; the fewest chips:
    # two orange, three black, a green and four red (2,000 + 300 + 25 + 20 = 2,345)
    stack = bet_chips(random.Random(3), D(2345), DEFAULT_RACK)
    assert stack == (D(1000), D(1000), D(100), D(100), D(100), G, R, R, R, R)


def _wagers(rounds: list[Round]) -> list[tuple[Decimal, tuple[Decimal, ...]]]:
    found = []
    for round_ in rounds:
        for seat in round_.seats:
            for wager in Wager:
                stake = seat.stake(wager)
                if stake:
                    stack = seat.chips.get(wager)
                    assert stack is not None, f"seat {seat.seat} {wager} has no chips"
                    found.append((stake, stack))
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_every_generated_wager_is_chips_of_the_rack_making_its_stake(preset: str) -> None:
    rng = random.Random(5)
    rounds = [generate_round(rng, load_ruleset(preset)) for _ in range(200)]
    for stake, stack in _wagers(rounds):
        assert sum(stack) == stake
        assert all(chip in DEFAULT_RACK for chip in stack)
        assert len(stack) <= 20


def test_bets_are_mostly_one_colour_and_sometimes_a_rainbow() -> None:
    rng = random.Random(11)
    rounds = [generate_round(rng, load_ruleset("house"), seats=6) for _ in range(300)]
    colours = Counter(len(set(stack)) == 1 for _, stack in _wagers(rounds))
    one_colour, rainbow = colours[True], colours[False]
    assert rainbow > 0.1 * (one_colour + rainbow)
    assert one_colour > 0.6 * (one_colour + rainbow)


def test_the_rooms_rack_is_the_one_bet_with() -> None:
    room = Rack.of_values([W, R, D(20), D(100), D(500)], {W: "blue"})
    rng = random.Random(8)
    rounds = [generate_round(rng, load_ruleset("ny-2018"), rack=room) for _ in range(100)]
    stacks = [stack for _, stack in _wagers(rounds)]
    assert all(chip in room for stack in stacks for chip in stack)
    assert any(D(20) in stack for stack in stacks)


def _without_chips(round_: Round) -> Round:
    return replace(round_, seats=tuple(replace(seat, chips={}) for seat in round_.seats))


def test_chips_change_no_card_or_wager_a_seed_deals() -> None:
    ruleset = load_ruleset("house")
    plain, chipped = random.Random(2026), random.Random(2026)
    for _ in range(50):
        before = generate_round(plain, ruleset, rack=None)
        after = generate_round(chipped, ruleset)
        assert after.seats[0].chips  # chips were made
        assert _without_chips(after) == before


def test_the_same_seed_deals_the_same_chips_and_they_survive_the_json_form() -> None:
    ruleset = load_ruleset("ny-2018")
    first = [generate_round(random.Random(44), ruleset, seats=6) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    again = parse_round(round_to_json(first[0]))
    assert again == first[0]


def test_a_scenario_round_bets_its_own_wagers_in_chips() -> None:
    for kind in list(SCENARIOS)[:6]:
        round_ = generate_scenario(kind, random.Random(3))
        for seat in round_.seats:
            for wager in Wager:
                stake = seat.stake(wager)
                if stake:
                    assert sum(seat.chips[wager]) == stake
