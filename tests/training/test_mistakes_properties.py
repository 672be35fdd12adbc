"""Properties of the mistake exercises over dealt rounds (hypothesis; issue 23, item 2):
a round with no mistake made is always the engine's settlement, spot for spot; every spot
the dealer got wrong has one cause in the catalogue; the same seed gives the same
exercise; marking every wrong spot with the engine's settlement is all found."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.generator import generate_round
from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.engine.settlement import Outcome, settle, settlement_to_json
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import (
    ORDER,
    Finding,
    Mark,
    deal_exercise,
    grade_marks,
    make_exercise,
    with_mistakes,
    wrong_spots,
)
from trainer.training.questions import PayoutAnswer

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.sampled_from(PRESETS)


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_a_round_with_no_mistake_made_is_the_engines_settlement(seed: int, rules: str) -> None:
    rng = random.Random(seed)
    settlement = settle(generate_round(rng, load_ruleset(rules)))
    made = make_exercise(settlement, shipped_catalogue(), rng)
    if made.injections:
        made = with_mistakes(settlement, ())
    dealer = made.dealer
    # compared with the engine's own figures, not with a copy of them
    assert dealer.order == settlement.order
    assert [seat.seat for seat in dealer.seats] == list(settlement.order)
    for seat in settlement.seats:
        shown = dealer.seat(seat.seat)
        assert (shown.total, shown.capped) == (seat.total, seat.capped)
        assert [(s.wager, s.stake, s.outcome, s.amount) for s in shown.wagers] == [
            (r.wager, r.stake, r.outcome, r.amount) for r in seat.wagers]
    assert not wrong_spots(settlement, dealer)
    (result,) = grade_marks(made, []).results
    assert result.finding is Finding.ALL_CORRECT


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_every_wrong_spot_has_one_cause_and_is_found_when_marked(seed: int,
                                                                  rules: str) -> None:
    ruleset = load_ruleset(rules)
    made = deal_exercise(seed, shipped_catalogue(), ruleset)
    before = settlement_to_json(made.settlement)
    assert len(made.injections) <= 2
    assert set(wrong_spots(made.settlement, made.dealer)) == set(made.causes)
    assert sum(len(i.spots) for i in made.injections) == len(made.causes)
    assert deal_exercise(seed, shipped_catalogue(), ruleset) == made  # same seed, same one
    marks = []
    for spot in made.causes:
        if spot == ORDER:
            marks.append(Mark(spot, made.settlement.order))
            continue
        assert spot.seat is not None
        seat = made.settlement.seat(spot.seat)
        if spot.wager is None:
            marks.append(Mark(spot, seat.total))
            continue
        result = next(r for r in seat.wagers if r.wager is spot.wager)
        amount = result.stake if result.outcome is Outcome.LOSE else result.amount
        marks.append(Mark(spot, PayoutAnswer(result.outcome, amount)))
    graded = grade_marks(made, marks)
    assert graded.correct
    assert settlement_to_json(made.settlement) == before
