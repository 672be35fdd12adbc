"""Spot the dealer's mistake, a wrong chip procedure (issue 23, item 2): where the exercise
is dealt with chips shown, the dealer may pay the right amount in chips the house's
procedure does not expect (docs/rules.md §10); the trainee marks the payout with its right
amount (the procedure's chips are then the right payout's), graded found / missed /
invented like every other mistake. Not made where chips are not shown.

The round, worked by hand (New York 2018, default rack: $5 red, $25 green; rules §3, §4,
§10). Dealer Kh Kd on Ah 9h 5h 2c 7s: a pair of kings, qualifies.

- seat 4, 9c 9d, three nines beat the kings: ante $25 bet as five red, paid 1 to 1 = $25;
  raise $25 bet as one green, paid $25; odds $25 push (trips is below a straight).
  Colour for colour: the ante's five red are paid five red ($5 x 5 at 1 to 1), the
  raise's green one green. Converted: $25 in the fewest chips is one green, for both.
  So a dealer who converts changes only the ante's chips; a dealer paying colour for
  colour where the house converts changes only the ante too (five red, not one green).
- seat 6, Qh 3h, an ace-high heart flush beats the kings: ante $10 (two red) paid $10 in
  two red either way; raise $30 bet as a green and a red, paid a green and a red either
  way (the fewest chips for $30 are those two); odds $10 at 3 to 2 (flush) = $15: two red
  at 3 to 2 are three red, and the fewest chips for $15 are three red too. No procedure
  changes a chip of seat 6: the mistake does not apply there.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.chips import DEFAULT_CHIPS, Grade, Procedure, RoomChips, grade_stack
from trainer.engine.money import Odds
from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.engine.settlement import Outcome, Settlement, WagerResult, settle
from trainer.i18n import set_language
from trainer.skills import Skill
from trainer.training.mistake_catalogue import MistakeKind, shipped_catalogue
from trainer.training.mistakes import (
    Finding,
    Mark,
    MistakeError,
    MistakeExercise,
    Settled,
    Spot,
    candidates,
    deal_exercise,
    grade_marks,
    inject,
    wrong_spots,
)
from trainer.training.questions import PayoutAnswer

D = Decimal
RED, GREEN = D("5.00"), D("25.00")
CONVERTING = RoomChips(procedure=Procedure.CONVERT)

ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kh", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "seats": [
        {"seat": 4, "hole": ["9c", "9d"], "ante": "25", "odds": "25", "raise": "25",
         "chips": {"ante": {"5": 5}, "odds": {"5": 5}, "raise": {"25": 1}}},
        {"seat": 6, "hole": ["Qh", "3h"], "ante": "10", "odds": "10", "raise": "30",
         "chips": {"ante": {"5": 2}, "odds": {"5": 2}, "raise": {"25": 1, "5": 1}}},
    ],
}
ANTE_4 = Spot(4, Wager.ANTE)


def settlement() -> Settlement:
    return settle(parse_round(ROUND))


def converted() -> MistakeExercise:
    """The house pays colour for colour; the dealer converted seat 4's payouts."""
    return inject(settlement(), shipped_catalogue().by_id("chips-converted"), 4, DEFAULT_CHIPS)


def test_every_shipped_chip_mistake_is_worked_here() -> None:
    chip_entries = {e.id for e in shipped_catalogue().entries
                    if e.kind is MistakeKind.WRONG_CHIPS}
    assert chip_entries == {"chips-converted", "chips-colour-for-colour"}
    assert shipped_catalogue().by_id("chips-converted").parameters.procedure is Procedure.CONVERT


def test_a_converted_payout_shows_one_green_where_colour_for_colour_pays_five_red() -> None:
    made = converted()
    assert set(made.causes) == {ANTE_4}
    ante = made.dealer.seat(4).wager(Wager.ANTE)
    assert ante == Settled(Wager.ANTE, D("25.00"), Outcome.WIN, D("25.00"), (GREEN,))
    assert ante is not None
    assert ante.shown() == "paid $25.00 in one green $25"
    assert ante.text() == "paid $25.00 in 1x$25"
    # every other payout is shown in the procedure's chips, as a dealer who errs not pays
    raise_ = made.dealer.seat(4).wager(Wager.RAISE)
    assert raise_ is not None and raise_.chips == (GREEN,)
    assert made.dealer.seat(6).wager(Wager.ODDS) == Settled(
        Wager.ODDS, D("10.00"), Outcome.WIN, D("15.00"), (RED, RED, RED))
    assert made.dealer.seat(6).wager(Wager.RAISE) == Settled(
        Wager.RAISE, D("30.00"), Outcome.WIN, D("30.00"), (GREEN, RED))
    # the right payout, for the comparison: five red
    right = inject(settlement(), shipped_catalogue().by_id("chips-colour-for-colour"), 4,
                   CONVERTING).dealer.seat(4).wager(Wager.ANTE)
    assert right is not None and right.chips == (RED,) * 5


def test_the_payout_in_wrong_chips_marked_with_its_right_amount_is_found() -> None:
    graded = grade_marks(converted(), [Mark(ANTE_4, PayoutAnswer(Outcome.WIN, D(25)))])
    (result,) = graded.results
    assert result.finding is Finding.FOUND
    assert graded.correct
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, True),
                                      (Skill.CORRECT_MISTAKES, True))
    assert result.dealer_did == "paid $25.00 in 1x$25"
    assert result.right == "$25.00 in 5x$5"
    # explained with the entry's sentence, its rule, the procedure's name and its stack
    entry = shipped_catalogue().by_id("chips-converted")
    assert result.entry == entry
    assert entry.what in result.explanation
    assert "(rules §10.)" in result.explanation
    assert "The dealer paid $25.00 in one green $25" in result.explanation
    assert "five red $5 for five red $5 at 1 to 1: colour for colour" in result.explanation


def test_the_payout_in_wrong_chips_left_unmarked_is_missed() -> None:
    graded = grade_marks(converted(), [])
    (result,) = graded.results
    assert (result.spot, result.finding) == (ANTE_4, Finding.MISSED)
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, False),)


def test_a_payout_in_the_procedures_chips_marked_is_invented() -> None:
    raise_4 = Spot(4, Wager.RAISE)  # one green for one green: right either way
    graded = grade_marks(converted(), [Mark(ANTE_4, PayoutAnswer(Outcome.WIN, D(25))),
                                       Mark(raise_4, PayoutAnswer(Outcome.WIN, D(25)))])
    assert {r.spot: r.finding for r in graded.results} == {
        ANTE_4: Finding.FOUND, raise_4: Finding.INVENTED}
    assert not graded.correct


def test_the_wrong_chips_marked_with_another_amount_is_a_wrong_correction() -> None:
    graded = grade_marks(converted(), [Mark(ANTE_4, PayoutAnswer(Outcome.WIN, D(50)))])
    (result,) = graded.results
    assert result.finding is Finding.WRONG_CORRECTION
    assert graded.skill_results() == ((Skill.SPOT_MISTAKES, True),
                                      (Skill.CORRECT_MISTAKES, False))


def test_colour_for_colour_where_the_house_converts_shows_five_red() -> None:
    made = inject(settlement(), shipped_catalogue().by_id("chips-colour-for-colour"), 4,
                  CONVERTING)
    assert set(made.causes) == {ANTE_4}
    ante = made.dealer.seat(4).wager(Wager.ANTE)
    assert ante is not None and ante.chips == (RED,) * 5
    (result,) = grade_marks(made, [Mark(ANTE_4, PayoutAnswer(Outcome.WIN, D(25)))]).results
    assert result.finding is Finding.FOUND
    assert result.right == "$25.00 in 1x$25"
    assert "converted to the fewest chips" in result.explanation


def test_no_chip_mistake_where_no_procedure_changes_a_chip() -> None:
    with pytest.raises(MistakeError, match="does not apply to this round at seat 6"):
        inject(settlement(), shipped_catalogue().by_id("chips-converted"), 6, DEFAULT_CHIPS)
    # the house converts already: a dealer converting makes no mistake
    with pytest.raises(MistakeError, match="does not apply"):
        inject(settlement(), shipped_catalogue().by_id("chips-converted"), None, CONVERTING)


def test_no_chip_mistake_and_no_chips_where_chips_are_not_shown() -> None:
    wrong_chips = [i for i in candidates(settlement(), shipped_catalogue())
                   if i.entry.kind is MistakeKind.WRONG_CHIPS]
    assert wrong_chips == []
    with pytest.raises(MistakeError, match="does not apply"):
        inject(settlement(), shipped_catalogue().by_id("chips-converted"), 4)
    shown = [i for i in candidates(settlement(), shipped_catalogue(), DEFAULT_CHIPS)
             if i.entry.kind is MistakeKind.WRONG_CHIPS]
    assert [(i.entry.id, i.seat, i.spots) for i in shown] == [
        ("chips-converted", 4, (ANTE_4,))]
    # amounts only: no payout names chips
    plain = inject(settlement(), shipped_catalogue().by_id("odds-paid-below-straight"), 4)
    odds = plain.dealer.seat(4).wager(Wager.ODDS)
    assert odds is not None and (odds.chips, odds.shown()) == (None, "paid $25.00")


def test_a_wrong_amount_shown_in_chips_is_paid_in_the_fewest_chips() -> None:
    # seat 4's odds push (trips); a dealer paying them 1 to 1 pays $25: one green
    made = inject(settlement(), shipped_catalogue().by_id("odds-paid-below-straight"), 4,
                  DEFAULT_CHIPS)
    assert made.dealer.seat(4).wager(Wager.ODDS) == Settled(
        Wager.ODDS, D("25.00"), Outcome.WIN, D("25.00"), (GREEN,))
    (result,) = grade_marks(made, [Mark(Spot(4, Wager.ODDS),
                                        PayoutAnswer(Outcome.PUSH, D(0)))]).results
    assert result.finding is Finding.FOUND


def test_the_wrong_chips_read_in_spanish_and_are_kept_neutral() -> None:
    set_language("es")
    try:
        made = converted()
        ante = made.dealer.seat(4).wager(Wager.ANTE)
        assert ante is not None
        assert ante.shown() == "pagó $25.00 con una ficha de $25 (verde)"
        (result,) = grade_marks(made, [Mark(ANTE_4, PayoutAnswer(Outcome.WIN, D(25)))]).results
        assert "cinco fichas de $5 (rojo)" in result.explanation
        assert entry_es("chips-converted") in result.explanation
        # what is stored stays the language-neutral form
        assert (result.dealer_did, result.right) == ("paid $25.00 in 1x$25", "$25.00 in 5x$5")
    finally:
        set_language("en")


def entry_es(entry_id: str) -> str:
    return dict(shipped_catalogue().by_id(entry_id).translations)["es"]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rules=st.sampled_from(PRESETS),
       procedure=st.sampled_from(list(Procedure)))
def test_with_chips_shown_every_wrong_spot_has_one_cause_and_is_found_when_marked(
        seed: int, rules: str, procedure: Procedure) -> None:
    room = RoomChips(procedure=procedure)
    made = deal_exercise(seed, shipped_catalogue(), load_ruleset(rules), chips=room)
    assert set(wrong_spots(made.settlement, made.dealer, room)) == set(made.causes)
    marks = []
    for spot, injection in made.causes.items():
        if spot.seat is None or spot.wager is None:
            continue  # the order and a capped total: as without chips
        result = next(r for r in made.settlement.seat(spot.seat).wagers
                      if r.wager is spot.wager)
        amount = result.stake if result.outcome is Outcome.LOSE else result.amount
        marks.append(Mark(spot, PayoutAnswer(result.outcome, amount)))
        if injection.entry.kind is MistakeKind.WRONG_CHIPS:
            # the right amount, in chips the room's procedure refuses
            shown = made.dealer.seat(spot.seat).wager(spot.wager)
            assert shown is not None and shown.chips is not None
            assert (shown.outcome, shown.amount) == (result.outcome, result.amount)
            graded = grade_stack(_bet(made, spot), _pays(result), procedure, shown.chips)
            assert graded.grade is Grade.WRONG_CHIPS
    findings = {r.spot: r.finding for r in grade_marks(made, marks).results}
    assert all(findings[mark.spot] is Finding.FOUND for mark in marks)
    # every payout the dealer got right is in chips the room's procedure takes
    for seat in made.dealer.seats:
        for settled in seat.wagers:
            spot = Spot(seat.seat, settled.wager)
            if spot in made.causes or settled.chips is None:
                continue
            result = next(r for r in made.settlement.seat(seat.seat).wagers
                          if r.wager is settled.wager)
            graded = grade_stack(_bet(made, spot), _pays(result), procedure, settled.chips)
            assert graded.grade is Grade.RIGHT, graded.reason


def _bet(made: MistakeExercise, spot: Spot) -> tuple[Decimal, ...]:
    assert spot.seat is not None and spot.wager is not None
    return made.settlement.round.seat(spot.seat).chips_of(spot.wager) or ()


def _pays(result: WagerResult) -> Odds | Decimal:
    return result.odds if result.odds is not None else result.amount
