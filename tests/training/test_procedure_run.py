"""Run the round (issue 23, item 1): a round run step by step, each step graded as it is
taken, with the rule cited when it is wrong: the wagers before the deal, the deal in the
order of the deal method, each decision point, the settlement questions (the existing
ones) and clearing the table; each step timed, the round's pace against the house's.

Every expected value is worked by hand from docs/rules.md §2, §5 and §7."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.training.conftest import FakeClock
from trainer.engine.procedure import (
    BOARD,
    DEALER,
    SIX_CARD_BONUS,
    ActionKind,
    DealMethod,
    Street,
    seat_target,
)
from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import settle
from trainer.skills import Skill
from trainer.training.procedure import (
    ProcedureError,
    ProcedureRun,
    StepKind,
    deal_run,
    decision_street,
    grade_step,
    pace,
    parse_accept,
    run_of_round,
)
from trainer.training.questions import build_questions

D = Decimal


class NoFaults(random.Random):
    """A player who never puts down a wager or makes an action that may not stand."""

    def random(self) -> float:
        return 0.999


class AlwaysFaults(random.Random):
    """A player who always tries one first (which one: the seeded choice)."""

    def random(self) -> float:
        return 0.0


# New York: seat 1 raises 3x before the flop (pocket aces), seat 3 raises 2x after the
# flop (a pair of nines with the flop's 9h), seat 5 folds after the river.
NY_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kc", "Kd"],
    "board": ["9h", "5h", "2c", "7s", "Jd"],
    "seats": [
        {"seat": 1, "hole": ["As", "Ad"], "ante": "10", "odds": "10", "raise": "30"},
        {"seat": 3, "hole": ["9c", "4d"], "ante": "5", "odds": "5", "raise": "10",
         "trips_plus": "5"},
        {"seat": 5, "hole": ["3c", "8d"], "ante": "5", "odds": "5", "folded": True},
    ],
}


def test_a_round_with_no_fault_runs_wagers_deal_decisions_settlement_clearing() -> None:
    run = run_of_round(parse_round(NY_ROUND), NoFaults(1), DealMethod.MANUAL)
    steps = run.steps
    wagers = [(s.seat, s.wager, s.amount, s.expected) for s in steps
              if s.kind is StepKind.WAGER]
    assert wagers == [(1, Wager.ANTE, D(10), True), (1, Wager.ODDS, D(10), True),
                      (3, Wager.ANTE, D(5), True), (3, Wager.ODDS, D(5), True),
                      (3, Wager.TRIPS_PLUS, D(5), True),
                      (5, Wager.ANTE, D(5), True), (5, Wager.ODDS, D(5), True)]
    # the manual deal (rules §7): 1, 3, 5, dealer, twice; the flop after the decisions
    # before it, the turn and river after the flop's
    shown = [(s.kind, s.expected if s.kind is StepKind.DEAL else (s.seat, s.street,
                                                                    s.action))
             for s in steps if s.kind in (StepKind.DEAL, StepKind.DECISION)]
    seats = [seat_target(1), seat_target(3), seat_target(5), DEALER]
    deal = StepKind.DEAL
    assert [what for kind, what in shown if kind is deal][:8] == seats * 2
    kinds = [kind for kind, _ in shown]
    assert kinds == [deal] * 8 + [StepKind.DECISION] * 3 + [deal] + [StepKind.DECISION] * 2 \
        + [deal] + [StepKind.DECISION]
    decisions = [what for kind, what in shown if kind is StepKind.DECISION]
    assert [(seat, street, action.kind, action.amount) for seat, street, action in decisions
            ] == [(1, Street.PREFLOP, ActionKind.RAISE, D(30)),
                  (3, Street.PREFLOP, ActionKind.CHECK, D(0)),
                  (5, Street.PREFLOP, ActionKind.CHECK, D(0)),
                  (3, Street.FLOP, ActionKind.RAISE, D(10)),
                  (5, Street.FLOP, ActionKind.CHECK, D(0)),
                  (5, Street.RIVER, ActionKind.FOLD, D(0))]
    assert all(s.expected is True for s in steps if s.kind is StepKind.DECISION)
    # then the settlement questions as in every mode, unchanged
    settlement_ids = [s.id for s in steps if s.kind is StepKind.SETTLEMENT]
    assert settlement_ids == [q.id for q in build_questions(settle(parse_round(NY_ROUND)))]
    # then clearing: seat 5 (no side bet) was collected when it folded; raised seats
    # from seat 6 toward seat 1, then the dealer's cards and the board (the last asked
    # only while there is a choice)
    clears = [s.expected for s in steps if s.kind is StepKind.CLEAR]
    assert clears == [seat_target(3), seat_target(1)]
    assert steps[-1].choices == (seat_target(1), DEALER)
    assert [s.kind for s in steps].index(StepKind.SETTLEMENT) > max(
        i for i, s in enumerate(steps) if s.kind is StepKind.DECISION)


def test_the_shoe_deals_everything_before_the_first_decision() -> None:
    steps = run_of_round(parse_round(NY_ROUND), NoFaults(1), DealMethod.SHOE).steps
    deal = [s.expected for s in steps if s.kind is StepKind.DEAL]
    assert deal == [BOARD, seat_target(1), seat_target(3), seat_target(5), DEALER]
    first_decision = [s.kind for s in steps].index(StepKind.DECISION)
    assert all(s.kind is not StepKind.DEAL for s in steps[first_decision:])
    assert "automated shoe" in steps[first_decision - 1].explanation.lower()


def test_the_house_deals_the_6_card_bonus_cards_after_the_board() -> None:
    data = {
        "rules": "house", "dealer": ["Kc", "Kd"], "board": ["9h", "5h", "2c", "7s", "Jd"],
        "six_card_bonus_cards": ["3d", "4d", "8c", "Jc"], "six_card_bonus_jackpot": "25000",
        "seats": [{"seat": 2, "hole": ["As", "Ad"], "ante": "5", "odds": "5", "raise": "15",
                   "six_card_bonus": "5"}],
    }
    steps = run_of_round(parse_round(data), NoFaults(1), DealMethod.MANUAL).steps
    deal = [s for s in steps if s.kind is StepKind.DEAL]
    assert [s.expected for s in deal][-3:] == [BOARD, BOARD, SIX_CARD_BONUS]
    assert SIX_CARD_BONUS in deal[0].choices
    assert "(rules §5)" in deal[-1].explanation
    # clearing: the seat, then the dealer's cards and the board, then the bonus cards
    clears = [s.expected for s in steps if s.kind is StepKind.CLEAR]
    assert clears == [seat_target(2), DEALER]


def test_a_raise_allowed_at_two_streets_is_made_where_a_player_makes_it() -> None:
    round_ = parse_round(NY_ROUND)
    # 2x: allowed before and after the flop in New York; a nine paired on the flop
    assert decision_street(round_, round_.seat(3)) is Street.FLOP
    assert decision_street(round_, round_.seat(1)) is Street.PREFLOP  # pocket aces
    assert decision_street(round_, round_.seat(5)) is Street.RIVER  # a fold


# --- grading each step ---------------------------------------------------------------------


def test_a_wager_accepted_that_breaks_the_limit_is_graded_wrong_naming_the_rule() -> None:
    data = {**NY_ROUND, "rules": "house",
            "seats": [{"seat": 2, "hole": ["As", "Ad"], "ante": "5", "odds": "5",
                       "raise": "15", "trips_plus": "5"}]}
    steps = run_of_round(parse_round(data), AlwaysFaults(4), DealMethod.MANUAL).steps
    refused = [s for s in steps if s.kind is StepKind.WAGER and s.expected is False]
    # a player at an empty seat puts down a side wager with no ante: refused
    stray = refused[0]
    assert stray.seat == 1 and stray.wager in (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)
    assert "without an Ante" in stray.explanation
    # seat 2 always tries one wager that may not stand
    step = next(s for s in refused if s.seat == 2)
    graded = grade_step(step, "accept", 3.0)
    assert not graded.correct and graded.expected_text == "refuse"
    assert "rules §" in graded.explanation and graded.explanation.endswith("you said accept")
    assert grade_step(step, "r").correct and grade_step(step, False).correct
    # put right, the wager the round has stands
    put_right = steps[steps.index(step) + (2 if step.wager is Wager.ANTE else 1)]
    assert put_right.wager is step.wager and put_right.expected is True


def test_every_shipped_rule_set_refuses_the_faults_its_players_try() -> None:
    for name in ("ny-2018", "massachusetts", "standard", "house"):
        for seed in range(12):
            run = deal_run(seed, load_ruleset(name), seats=6)
            for step in run.steps:
                if step.kind in (StepKind.WAGER, StepKind.DECISION) and step.expected is False:
                    assert step.explanation.startswith("Refuse: ")
                    assert "rules §" in step.explanation


def test_a_fold_before_the_river_accepted_is_wrong_citing_the_rule() -> None:
    for seed in range(200):
        run = deal_run(seed, load_ruleset("standard"), seats=6)
        folds = [s for s in run.steps if s.kind is StepKind.DECISION and s.action is not None
                 and s.action.kind is ActionKind.FOLD and s.street is not Street.RIVER]
        if folds:
            break
    graded = grade_step(folds[0], True)
    assert not graded.correct
    assert "No fold is possible" in graded.explanation
    assert "(rules §2; the game owner's standard rules)" in graded.explanation


def test_a_deal_step_answered_with_the_wrong_seat_cites_section_7() -> None:
    steps = run_of_round(parse_round(NY_ROUND), NoFaults(1), DealMethod.MANUAL).steps
    first = next(s for s in steps if s.kind is StepKind.DEAL)
    assert grade_step(first, "seat 1").correct and grade_step(first, "1").correct
    graded = grade_step(first, "dealer")
    assert not graded.correct and graded.expected_text == "seat 1"
    assert graded.given_text == "the dealer"
    assert "from seat 1 (the dealer's left) up" in graded.explanation
    assert "(rules §7)" in graded.explanation


def test_answers_that_cannot_be_read_are_refused_with_a_sentence() -> None:
    steps = run_of_round(parse_round(NY_ROUND), NoFaults(1), DealMethod.MANUAL).steps
    with pytest.raises(ProcedureError, match="answer accept"):
        parse_accept("maybe")
    first = next(s for s in steps if s.kind is StepKind.DEAL)
    with pytest.raises(ProcedureError, match="seat 1, seat 3, seat 5, the dealer, the board"):
        grade_step(first, "the floor")
    with pytest.raises(ProcedureError, match="seat 2 is not one of the choices"):
        grade_step(first, "seat 2")


# --- timing and pace -----------------------------------------------------------------------


def test_each_step_is_timed_from_the_previous_answer(clock: FakeClock) -> None:
    run = ProcedureRun(run_of_round(parse_round(NY_ROUND), NoFaults(1)), clock=clock)
    clock.advance(2.0)
    run.answer(True)  # seat 1's ante
    clock.advance(1.5)
    graded = run.answer("refuse")  # seat 1's odds stands: wrong
    assert not graded.correct and graded.seconds == 1.5
    assert run.seconds == 3.5
    assert run.seconds_by_kind() == {StepKind.WAGER: 3.5}
    assert run.skill_results() == ((Skill.PROCEDURE, True), (Skill.PROCEDURE, False))


def test_the_pace_is_rounds_an_hour_against_the_house_s_target() -> None:
    on = pace([80.0, 100.0], target=40)  # 180 s for two rounds: 40 an hour
    assert on.rounds_per_hour == 40.0 and on.on_pace
    assert on.text == "40.0 rounds an hour (90 s a round): on the house's pace of 40"
    below = pace([100.0, 100.0], target=40)  # 36 an hour
    assert below.rounds_per_hour == 36.0 and not below.on_pace
    assert "below the house's pace of 40" in below.text
    assert not pace([], 40).on_pace
