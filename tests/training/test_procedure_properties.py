"""Run the round, as a property (issue 23, item 1): whatever round is dealt, under any
shipped rule set, dealt by hand or from a shoe, a trainee who accepts every wager and
action the rules allow, refuses every one they do not, names the deal and the clearing in
the order of docs/rules.md §7 and answers the settlement as the engine settles it is
graded right on every step.

The rules here are written out from docs/rules.md §2, §5, §7 and the rule-set files, not
read from the trainer: the test is an independent dealer."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.procedure import (
    BOARD,
    DEALER,
    SIX_CARD_BONUS,
    Action,
    ActionKind,
    DealMethod,
    Street,
    Target,
    seat_target,
)
from trainer.engine.round import Round, Wager
from trainer.engine.rulesets import load_ruleset
from trainer.training.procedure import ProcedureRun, Step, StepKind, deal_run

D = Decimal
NY_RAISES = {Street.PREFLOP: {1, 2, 3}, Street.FLOP: {1, 2}, Street.RIVER: {1}}
OWNER_RAISES = {Street.PREFLOP: {3}, Street.FLOP: {2}, Street.RIVER: {1}}
RAISES = {"ny-2018": NY_RAISES, "massachusetts": NY_RAISES, "standard": OWNER_RAISES,
          "house": OWNER_RAISES}
ANTE_LIMITS = {"ny-2018": (1, 10000), "massachusetts": (1, 10000), "standard": (1, 10000),
               "house": (2, 10)}
SIDE_LIMITS = {"ny-2018": (1, 1000), "massachusetts": (1, 1000), "standard": (1, 1000),
               "house": (2, 10)}
SIX_CARD_AMOUNTS = {"house": {D(2), D(5)}}
PROGRESSIVE = {"ny-2018": D(1)}


def action_stands(rules: str, street: Street, ante: Decimal, action: Action) -> bool:
    if action.kind is ActionKind.FOLD:
        return street is Street.RIVER
    if action.kind is ActionKind.CHECK:
        return street is not Street.RIVER
    return any(action.amount == ante * m for m in RAISES[rules][street])


def wager_stands(rules: str, wager: Wager, amount: Decimal, ante: Decimal | None) -> bool:
    low, high = ANTE_LIMITS[rules]
    if wager is Wager.ANTE:
        return low <= amount <= high
    if ante is None:
        return False
    if wager is Wager.ODDS:
        return amount == ante and low <= amount <= high
    if wager is Wager.SIX_CARD_BONUS:
        return amount in SIX_CARD_AMOUNTS.get(rules, set())
    if wager is Wager.PROGRESSIVE:
        return amount == PROGRESSIVE.get(rules)
    side_low, side_high = SIDE_LIMITS[rules]
    return side_low <= amount <= side_high


def deal_order(round_: Round, method: DealMethod) -> list[Target]:
    seats = [seat_target(seat.seat) for seat in sorted(round_.seats, key=lambda s: s.seat)]
    if method is DealMethod.MANUAL:
        order = [*seats, DEALER, *seats, DEALER, BOARD, BOARD]
    else:
        order = [BOARD, *seats, DEALER]
    return order + ([SIX_CARD_BONUS] if round_.six_card_bonus_cards else [])


def clearing_order(round_: Round) -> list[Target]:
    folded_side = [s.seat for s in round_.seats if s.folded and s.side_bets]
    raised = [s.seat for s in round_.seats if not s.folded]
    order = [seat_target(n) for n in sorted(folded_side, reverse=True)]
    order += [seat_target(n) for n in sorted(raised, reverse=True)]
    return order + [DEALER] + ([SIX_CARD_BONUS] if round_.six_card_bonus_cards else [])


class IndependentDealer:
    """Answers each step from the rules above, as the steps come."""

    def __init__(self, round_: Round, method: DealMethod) -> None:
        self.round = round_
        self.rules = round_.ruleset.id
        self.deal = iter(deal_order(round_, method))
        self.clearing = iter(clearing_order(round_))
        self.ante: dict[int, Decimal] = {}
        self.accepted: dict[tuple[int, Wager], Decimal] = {}
        self.refused = 0

    def answer(self, step: Step) -> object:
        if step.kind is StepKind.WAGER:
            assert step.seat is not None and step.wager is not None and step.amount is not None
            if step.wager is Wager.ANTE:
                self.ante[step.seat] = step.amount
            stands = wager_stands(self.rules, step.wager, step.amount,
                                  self.ante.get(step.seat))
            if stands:
                self.accepted[step.seat, step.wager] = step.amount
            self.refused += not stands
            return stands
        if step.kind is StepKind.DECISION:
            assert step.seat is not None and step.street is not None and step.action
            stands = action_stands(self.rules, step.street,
                                   self.round.seat(step.seat).ante, step.action)
            self.refused += not stands
            return stands
        if step.kind is StepKind.DEAL:
            return next(self.deal)
        if step.kind is StepKind.CLEAR:
            return next(self.clearing)
        assert step.question is not None
        return step.question.expected


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9),
       rules=st.sampled_from(["ny-2018", "massachusetts", "standard", "house"]),
       method=st.sampled_from(list(DealMethod)),
       seats=st.none() | st.integers(1, 6))
def test_accepting_what_stands_and_refusing_what_does_not_grades_the_round_right(
        seed: int, rules: str, method: DealMethod, seats: int | None) -> None:
    procedure = deal_run(seed, load_ruleset(rules), method=method, seats=seats)
    dealer = IndependentDealer(procedure.round, method)
    run = ProcedureRun(procedure, clock=lambda: 0.0)
    while not run.finished:
        step = run.current
        assert step is not None
        graded = run.answer(dealer.answer(step))
        assert graded.correct, (step.prompt, graded.explanation)
    assert run.correct
    # the wagers that stood are the round's, as the engine settles it
    for seat in procedure.round.seats:
        for wager in (Wager.ANTE, Wager.ODDS, *seat.side_bets):
            assert dealer.accepted[seat.seat, wager] == seat.stake(wager)
    # every refusal names its rule
    for step in procedure.steps:
        if step.kind in (StepKind.WAGER, StepKind.DECISION) and step.expected is False:
            assert step.explanation.startswith("Refuse: ") and "rules §" in step.explanation


def test_players_try_faults_often_enough_to_train_on() -> None:
    refused = steps = 0
    for seed in range(100):
        procedure = deal_run(seed, load_ruleset("house"), seats=6)
        steps += 1
        refused += sum(1 for s in procedure.steps
                       if s.kind in (StepKind.WAGER, StepKind.DECISION) and s.expected is False)
    # six seats a round: about 1.2 wagers and 2 actions that may not stand (20% and 15%)
    assert 1.5 <= refused / steps <= 5.0
