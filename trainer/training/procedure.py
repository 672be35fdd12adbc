"""Run the round (issue 23, item 1): a round dealt step by step, each step graded (no Qt).

A round is run as the dealer runs it (docs/rules.md §2, §5, §7; "Running the round"):

1. **the wagers before the deal** — each wager each player put down, seat by seat from
   seat 1; the trainee accepts or refuses it (:func:`~trainer.engine.procedure.bet_problem`:
   the table's limits, ante and odds equal, the 6-Card Bonus at its amounts, no side wager
   without an ante). A player sometimes puts down a wager that may not stand, and a player
   at an empty seat sometimes puts down a side wager with no ante: refused, and that
   wager is then put right (or the player leaves the empty seat);
2. **the deal** in the order of the deal method (manual or automated shoe, §7): who
   receives the next card(s), the board, the 6-Card Bonus cards where a seat bet one;
3. **the decisions** — before the flop, after the flop, after the river, each seat still
   to decide from seat 1 up: a player's action shown, the trainee accepts or refuses it
   (:func:`~trainer.engine.procedure.action_problem`); a refused action is followed by the
   player's action that stands. In a manual deal the flop, and the turn and river, are
   dealt between the decisions;
4. **the settlement** — the existing questions (:func:`~trainer.training.questions.
   build_questions`), graded as in every other mode (:func:`~trainer.training.grading.grade`);
5. **clearing the table** — what the dealer clears next, in the order of §7
   (:func:`~trainer.engine.procedure.clearing_order`).

Steps 1-3 and 5 train the skill :attr:`Skill.PROCEDURE`; each settlement question its
own skill. Every expected answer and every reason comes from the engine: the round
played is a round the engine validated and settles. Each step's time runs from the
previous answer (the round's start for the first); :func:`pace` gives rounds per hour
against the house's target (the site file's ``[procedure] rounds_per_hour``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from trainer.engine.generator import SIDE_BET_UNITS, generate_round, raise_street
from trainer.engine.money import CENT
from trainer.engine.procedure import (
    BOARD,
    CLEARING_RULE,
    DEALER,
    DEFAULT_ROUNDS_PER_HOUR,
    SIX_CARD_BONUS,
    STREETS,
    Action,
    ActionKind,
    DealMethod,
    DealStep,
    Street,
    Target,
    TargetKind,
    action_problem,
    bet_problem,
    clearing_order,
    deal_rule,
    deal_sequence,
    legal_actions,
    raise_multiples,
    seat_target,
)
from trainer.engine.round import SEAT_NUMBERS, Round, Seat, Wager, offered_side_wagers
from trainer.engine.rulesets import RuleSet
from trainer.engine.settlement import Settlement, settle
from trainer.i18n import _, in_room_format, local_dollars
from trainer.skills import Skill
from trainer.training.answers import AnswerError
from trainer.training.grading import Grade, grade
from trainer.training.questions import Question, answer_shown, build_questions

BET_FAULT_RATE = 0.2
"""How often a seat puts down one wager that may not stand."""
EMPTY_SEAT_SIDE_BET_RATE = 0.1
"""How often a player at an empty seat puts down a side wager without an ante."""
ACTION_FAULT_RATE = 0.15
"""How often a player first tries an action that may not stand at a decision point."""


class ProcedureError(AnswerError):
    """An answer to a step that cannot be read; the message is for the person."""


class StepKind(StrEnum):
    WAGER = "wager"
    DEAL = "deal"
    DECISION = "decision"
    SETTLEMENT = "settlement"
    CLEAR = "clear"


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the trainee does while running the round, with the right answer and
    the rule behind it."""

    id: str
    """Stable within a round: ``wager-3-ante``, ``deal-5``, ``decision-flop-2-1``,
    ``clear-2`` or a settlement question's id."""
    kind: StepKind
    skill: Skill
    prompt: str
    expected: object
    """WAGER and DECISION: True to accept, False to refuse; DEAL and CLEAR: a
    :class:`~trainer.engine.procedure.Target`; SETTLEMENT: the question's."""
    explanation: str
    """The rule behind the expected answer (shown when the answer is wrong)."""
    seat: int | None = None
    wager: Wager | None = None
    amount: Decimal | None = None
    """WAGER: the amount put down."""
    street: Street | None = None
    action: Action | None = None
    deal: DealStep | None = None
    choices: tuple[Target, ...] = ()
    """DEAL and CLEAR: what the trainee picks from."""
    question: Question | None = None
    """SETTLEMENT: the question asked, graded by :func:`~trainer.training.grading.grade`."""


@dataclass(frozen=True, slots=True)
class ProcedureRound:
    round: Round
    """The round as played once every refused wager and action was put right: the engine
    validated it, and settles it."""
    settlement: Settlement
    method: DealMethod
    steps: tuple[Step, ...]


# --- the wagers ---------------------------------------------------------------------------


def _placed(seat: Seat) -> dict[Wager, Decimal]:
    bets = {Wager.ANTE: seat.ante, Wager.ODDS: seat.odds}
    bets.update(seat.side_bets)
    return bets


def _over(limit: Decimal) -> Decimal:
    return limit + 5 if limit < 100 else limit * 2


def _bet_faults(ruleset: RuleSet, bets: dict[Wager, Decimal]) -> list[tuple[Wager, Decimal]]:
    """Wagers a player might put down instead of one of ``bets``, each one that may not
    stand: (which wager, the amount put down)."""
    ante = bets[Wager.ANTE]
    low, high = ruleset.ante_limits
    faults: list[tuple[Wager, Decimal]] = [(Wager.ANTE, _over(high)),
                                          (Wager.ODDS, ante * 2)]
    if low > 1:
        faults.append((Wager.ANTE, low - 1))
    for wager in (Wager.TRIPS_PLUS, Wager.POCKET_BONUS):
        if wager in bets:
            side_low, side_high = ruleset.side_limits[wager.value]
            faults.append((wager, _over(side_high)))
            if side_low > 1:
                faults.append((wager, side_low - 1))
    if Wager.SIX_CARD_BONUS in bets and ruleset.six_card_bonus:
        wrong = [a for a in (Decimal(1), Decimal(3), Decimal(10), Decimal(25))
                 if a not in ruleset.six_card_bonus]
        faults.extend((Wager.SIX_CARD_BONUS, a) for a in wrong)
    if Wager.PROGRESSIVE in bets and ruleset.progressive:
        faults.append((Wager.PROGRESSIVE, ruleset.progressive.wager * 5))
    return faults


def _bet_step(ruleset: RuleSet, number: int, bets: dict[Wager, Decimal], wager: Wager,
              index: int) -> Step:
    amount = bets[wager]
    problem = bet_problem(ruleset, bets, wager)
    if problem is None:
        explanation = _("Accept: the {wager} of {amount} is a wager this table takes (rules"
                        " §2, §5).", wager=wager.display_name, amount=local_dollars(amount))
    else:
        explanation = _("Refuse: {problem}", problem=problem)
    if wager in (Wager.ANTE, Wager.ODDS):
        prompt = _("Seat {seat} puts down an {wager} of {amount}: accept or refuse?",
                   seat=number, wager=wager.display_name, amount=local_dollars(amount))
    else:
        prompt = _("Seat {seat} puts down a {wager} of {amount}: accept or refuse?",
                   seat=number, wager=wager.display_name, amount=local_dollars(amount))
    return Step(
        id=f"wager-{number}-{wager.value.replace('_', '-')}" + (f"-{index}" if index else ""),
        kind=StepKind.WAGER,
        skill=Skill.PROCEDURE,
        prompt=prompt,
        expected=problem is None,
        explanation=explanation,
        seat=number,
        wager=wager,
        amount=amount,
    )


def _wager_steps(round_: Round, rng: random.Random) -> list[Step]:
    ruleset = round_.ruleset
    steps: list[Step] = []
    occupied = {seat.seat: seat for seat in round_.seats}
    empty = [n for n in SEAT_NUMBERS if n not in occupied]
    stray = None
    if empty and rng.random() < EMPTY_SEAT_SIDE_BET_RATE:
        stray = rng.choice(empty)
    for number in SEAT_NUMBERS:
        if number == stray:
            side: Wager = rng.choice([w for w in offered_side_wagers(ruleset)
                                      if w in (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)])
            low, high = ruleset.side_limits[side.value]
            amount = next((u for u in SIDE_BET_UNITS if low <= u <= high), low).quantize(CENT)
            steps.append(_bet_step(ruleset, number, {side: amount}, side, 0))
            continue
        if number not in occupied:
            continue
        bets = _placed(occupied[number])
        fault = None
        if rng.random() < BET_FAULT_RATE:
            fault = rng.choice(_bet_faults(ruleset, bets))
        for wager in bets:
            if fault is not None and fault[0] is wager:
                shown = dict(bets)
                shown[wager] = fault[1]
                if wager is Wager.ANTE:
                    shown[Wager.ODDS] = fault[1]  # a player puts down ante and odds alike
                steps.append(_bet_step(ruleset, number, shown, wager, 0))
                if wager is Wager.ANTE:
                    steps.append(_bet_step(ruleset, number, shown, Wager.ODDS, 0))
                # the player puts it right: the wager as the round has it
                steps.append(_bet_step(ruleset, number, bets, wager, 1))
                if wager is Wager.ANTE:
                    steps.append(_bet_step(ruleset, number, bets, Wager.ODDS, 1))
            elif not (fault is not None and fault[0] is Wager.ANTE and wager is Wager.ODDS):
                steps.append(_bet_step(ruleset, number, bets, wager, 0))
    return steps


# --- the deal -----------------------------------------------------------------------------


def _deal_choices(round_: Round) -> tuple[Target, ...]:
    targets = [seat_target(seat.seat) for seat in round_.seats]
    targets += [DEALER, BOARD]
    if round_.six_card_bonus_cards:
        targets.append(SIX_CARD_BONUS)
    return tuple(targets)


def _deal_step(round_: Round, method: DealMethod, part: DealStep, index: int) -> Step:
    count = len(part.cards)
    method_name = method.label[:1].upper() + method.label[1:]
    return Step(
        id=f"deal-{index}",
        kind=StepKind.DEAL,
        skill=Skill.PROCEDURE,
        # one card, or a stack of two to five (never one): a template for each
        prompt=(_("{method}: who receives the next card?", method=method_name) if count == 1
                else _("{method}: who receives the next {count} cards?", method=method_name,
                       count=count)),
        expected=part.target,
        explanation=_("Next: {target} ({what}). {rule}", target=part.target.shown,
                      what=part.what, rule=deal_rule(method, part.target)),
        deal=part,
        choices=_deal_choices(round_),
    )


# --- the decisions ------------------------------------------------------------------------


def decision_street(round_: Round, seat: Seat) -> Street:
    """When the seat made its one decision: the street of its raise, or after the river
    for a fold. A raise allowed at more than one street is put where a basic-strategy
    player makes it (:func:`~trainer.engine.generator.raise_street`) when it is allowed
    there, else at the first street that allows it."""
    if seat.folded:
        return Street.RIVER
    multiple = seat.raise_amount / seat.ante
    streets = [s for s in STREETS if multiple in raise_multiples(round_.ruleset, s)]
    preferred = STREETS[raise_street(seat.hole, round_.board)]
    return preferred if preferred in streets else streets[0]


def _final_action(round_: Round, seat: Seat, street: Street) -> Action:
    if decision_street(round_, seat) is not street:
        return Action(ActionKind.CHECK)
    if seat.folded:
        return Action(ActionKind.FOLD)
    return Action(ActionKind.RAISE, seat.raise_amount)


def _action_faults(ruleset: RuleSet, street: Street, ante: Decimal) -> list[Action]:
    allowed = raise_multiples(ruleset, street)
    faults = [Action(ActionKind.RAISE, ante * m) for m in (1, 2, 3, 4) if m not in allowed]
    faults.append(Action(ActionKind.CHECK if street is Street.RIVER else ActionKind.FOLD))
    return faults


def _action_step(round_: Round, seat: Seat, street: Street, action: Action,
                 attempt: int) -> Step:
    problem = action_problem(round_.ruleset, street, seat.ante, action)
    if problem is None:
        options = ", ".join(a.text(seat.ante)
                            for a in legal_actions(round_.ruleset, street, seat.ante))
        explanation = _("Accept: {street} a player may do one of: {options} (rules §2).",
                        street=street.label, options=options)
    else:
        explanation = _("Refuse: {problem}", problem=problem)
    return Step(
        id=f"decision-{street.value}-{seat.seat}-{attempt}",
        kind=StepKind.DECISION,
        skill=Skill.PROCEDURE,
        prompt=_("{street}, seat {seat} (ante {ante}) {action}: accept or refuse?",
                 street=street.label[:1].upper() + street.label[1:], seat=seat.seat,
                 ante=local_dollars(seat.ante), action=action.text(seat.ante)),
        expected=problem is None,
        explanation=explanation,
        seat=seat.seat,
        street=street,
        action=action,
    )


def _decision_steps(round_: Round, street: Street, rng: random.Random) -> list[Step]:
    steps: list[Step] = []
    for seat in round_.seats:
        decided = decision_street(round_, seat)
        if STREETS.index(decided) < STREETS.index(street):
            continue  # raised earlier: no further decision (rules §2)
        attempt = 1
        if rng.random() < ACTION_FAULT_RATE:
            wrong = rng.choice(_action_faults(round_.ruleset, street, seat.ante))
            steps.append(_action_step(round_, seat, street, wrong, attempt))
            attempt += 1
        steps.append(_action_step(round_, seat, street, _final_action(round_, seat, street),
                                  attempt))
    return steps


# --- settlement and clearing --------------------------------------------------------------


def _settlement_step(question: Question) -> Step:
    return Step(
        id=question.id,
        kind=StepKind.SETTLEMENT,
        skill=question.skill,
        prompt=question.prompt,
        expected=question.expected,
        explanation=question.explanation,
        seat=question.seat,
        wager=question.wager,
        question=question,
    )


def clear_text(target: Target) -> str:
    """What is cleared: ``seat 3's cards``, ``the dealer's cards and the board`` ...: the
    language-neutral form a kept answer holds (:func:`clear_shown` is for people)."""
    if target.kind is TargetKind.SEAT:
        return f"seat {target.seat}'s cards"
    if target.kind is TargetKind.DEALER:
        return "the dealer's cards and the board"
    return str(target)


def clear_shown(target: Target) -> str:
    """:func:`clear_text` in the trainer's language."""
    if target.kind is TargetKind.SEAT:
        return _("seat {seat}'s cards", seat=target.seat)
    if target.kind is TargetKind.DEALER:
        return _("the dealer's cards and the board")
    return target.shown


def _table_order(targets: Sequence[Target]) -> tuple[Target, ...]:
    """Seats from seat 1 up, then the dealer (and board), then the 6-Card Bonus cards: as
    the choices are laid out for the trainee, whatever the right order."""
    kinds = (TargetKind.SEAT, TargetKind.DEALER, TargetKind.BOARD, TargetKind.SIX_CARD_BONUS)
    return tuple(sorted(targets, key=lambda t: (kinds.index(t.kind), t.seat or 0)))


def _clear_steps(settlement: Settlement) -> list[Step]:
    order = clearing_order(settlement)
    steps = []
    for index, target in enumerate(order, start=1):
        if len(order) - index + 1 < 2:
            break  # the last is no choice
        steps.append(Step(
            id=f"clear-{index}",
            kind=StepKind.CLEAR,
            skill=Skill.PROCEDURE,
            prompt=_("Clearing the table: what do you clear next?"),
            expected=target,
            explanation=_("Next: {target}. {rule}", target=clear_shown(target),
                          rule=_(CLEARING_RULE)),
            choices=_table_order(order[index - 1:]),
        ))
    return steps


# --- the whole round ----------------------------------------------------------------------


def run_of_round(round_: Round, rng: random.Random,
                 method: DealMethod = DealMethod.MANUAL) -> ProcedureRound:
    """The steps of running ``round_`` (a round the engine validated: the wagers and
    decisions as they finally stand), with wagers and actions that may not stand drawn
    from ``rng`` before them: the same ``rng`` state gives the same steps."""
    settlement = settle(round_)
    steps = _wager_steps(round_, rng)
    deal = deal_sequence(round_, method)
    index = 0
    for street in STREETS:
        for part in deal:
            if part.before is street:
                index += 1
                steps.append(_deal_step(round_, method, part, index))
        steps.extend(_decision_steps(round_, street, rng))
    for part in deal:
        if part.before is None:
            index += 1
            steps.append(_deal_step(round_, method, part, index))
    steps.extend(_settlement_step(q) for q in build_questions(settlement))
    steps.extend(_clear_steps(settlement))
    return ProcedureRound(round_, settlement, method, tuple(steps))


def deal_run(seed: int, ruleset: RuleSet, *, method: DealMethod = DealMethod.MANUAL,
             seats: int | Sequence[int] | None = None,
             options: dict[str, str] | None = None,
             side_bets: Sequence[Wager] | None = None) -> ProcedureRound:
    """A round dealt from ``seed`` (:func:`~trainer.engine.generator.generate_round`) and
    run: the same seed, rule set, method, seats, table letters and side bets give the same
    steps (``side_bets`` None: every side bet the rule set offers)."""
    rng = random.Random(seed)
    round_ = generate_round(rng, ruleset, seats=seats, side_bets=side_bets, options=options)
    return run_of_round(round_, rng, method)


# --- answers and grades -------------------------------------------------------------------

_ACCEPT = {"accept": True, "a": True, "yes": True, "y": True,
           "refuse": False, "r": False, "no": False, "n": False,
           # Spanish (docs/glossary-es.md): aceptar (a), rechazar (r), sí / no
           "aceptar": True, "acepto": True, "si": True, "sí": True, "s": True,
           "rechazar": False, "rechazo": False}


def parse_accept(given: object) -> bool:
    """True (accept) or False (refuse), from a bool or the text ``accept``/``refuse``
    (``a``/``r``, ``yes``/``no``)."""
    if isinstance(given, bool):
        return given
    if isinstance(given, str) and given.strip().lower() in _ACCEPT:
        return _ACCEPT[given.strip().lower()]
    raise ProcedureError(_("'{typed}': answer accept (a) or refuse (r)",
                           typed=str(given)[:30]))


def parse_target(given: object, choices: Sequence[Target]) -> Target:
    """A :class:`Target` among ``choices``, or the text ``seat 3`` (or ``3``), ``dealer``,
    ``board``, ``bonus``."""
    target: Target | None = None
    if isinstance(given, Target):
        target = given
    elif isinstance(given, str):
        text = given.strip().lower().removeprefix("seat").removeprefix("asiento").strip()
        if text.isdigit() and len(text) == 1:
            target = seat_target(int(text))
        else:
            target = {"dealer": DEALER, "d": DEALER, "board": BOARD, "b": BOARD,
                      "bonus": SIX_CARD_BONUS, "6-card bonus": SIX_CARD_BONUS,
                      # Spanish: crupier, mesa, bono
                      "crupier": DEALER, "c": DEALER, "mesa": BOARD, "m": BOARD,
                      "bono": SIX_CARD_BONUS}.get(text)
    names = ", ".join(c.shown for c in choices)
    if target is None:
        raise ProcedureError(_("'{typed}': answer one of {names}", typed=str(given)[:30],
                               names=names))
    if target not in choices:
        raise ProcedureError(_("{target} is not one of the choices here ({names})",
                               target=target.shown, names=names))
    return target


@dataclass(frozen=True, slots=True)
class StepGrade:
    step: Step
    correct: bool
    expected_text: str
    given_text: str
    explanation: str
    """Empty when correct; otherwise the rule, and what was said."""
    seconds: float
    grade: Grade | None = None
    """SETTLEMENT: the question's own grade."""

    @property
    def skill(self) -> Skill:
        return self.step.skill

    @property
    def expected_shown(self) -> str:
        """The right answer in the trainer's language (:attr:`expected_text` is the
        language-neutral form a kept answer holds)."""
        if self.grade is not None:
            return answer_shown(self.grade.question.kind, self.grade.question.expected)
        expected = self.step.expected
        if isinstance(expected, bool):
            return _accept_shown(expected)
        assert isinstance(expected, Target)
        return clear_shown(expected) if self.step.kind is StepKind.CLEAR else expected.shown


def _accept_text(accept: bool) -> str:
    return "accept" if accept else "refuse"


def _accept_shown(accept: bool) -> str:
    return _("accept") if accept else _("refuse")


def _target_text(step: Step, target: Target) -> str:
    return clear_text(target) if step.kind is StepKind.CLEAR else str(target)


def grade_step(step: Step, given: object, seconds: float = 0.0) -> StepGrade:
    """Grade one answer to ``step``. :class:`ProcedureError` (or, for a settlement
    question, :class:`~trainer.training.answers.AnswerError`) for an answer that cannot
    be read: nothing is graded then."""
    if step.kind is StepKind.SETTLEMENT:
        assert step.question is not None
        result = grade(step.question, given, seconds)
        return StepGrade(step, result.correct, result.expected_text, result.given_text,
                         result.explanation, result.seconds, result)
    if step.kind in (StepKind.WAGER, StepKind.DECISION):
        answer: object = parse_accept(given)
        assert isinstance(step.expected, bool) and isinstance(answer, bool)
        expected_text, given_text = _accept_text(step.expected), _accept_text(answer)
    else:
        answer = parse_target(given, step.choices)
        assert isinstance(step.expected, Target) and isinstance(answer, Target)
        expected_text = _target_text(step, step.expected)
        given_text = _target_text(step, answer)
    correct = answer == step.expected
    said = _accept_shown(answer) if isinstance(answer, bool) else (
        clear_shown(answer) if step.kind is StepKind.CLEAR else answer.shown)
    explanation = "" if correct else _("{explanation} \u2014 you said {given}",
                                       explanation=step.explanation, given=said)
    return StepGrade(step, correct, expected_text, given_text, explanation, float(seconds))


Clock = Callable[[], float]


@dataclass
class ProcedureRun:
    """A round being run: the current step, answered one at a time and timed."""

    round: ProcedureRound
    clock: Clock = time.monotonic
    grades: list[StepGrade] = field(default_factory=list)
    started: float = field(init=False)
    _last: float = field(init=False)

    def __post_init__(self) -> None:
        self.started = self._last = self.clock()

    @property
    def current(self) -> Step | None:
        steps = self.round.steps
        return steps[len(self.grades)] if len(self.grades) < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.current is None

    def answer(self, given: object) -> StepGrade:
        """Grade ``given`` for the current step, timed from the previous answer."""
        step = self.current
        if step is None:
            raise ProcedureError("The round is over: every step is answered")
        now = self.clock()
        result = grade_step(step, given, now - self._last)
        self._last = now
        self.grades.append(result)
        return result

    @property
    def seconds(self) -> float:
        """The round's time so far: the sum of its steps'."""
        return sum(g.seconds for g in self.grades)

    @property
    def correct(self) -> bool:
        return self.finished and all(g.correct for g in self.grades)

    @property
    def dealing_seconds(self) -> float:
        """The time on the dealing steps (the wagers, the deal, the decisions, clearing):
        the settlement's questions left out, since typing an answer is slower than paying
        at the table. The pace against the house's is counted on these."""
        return sum(g.seconds for g in self.grades if g.step.kind is not StepKind.SETTLEMENT)

    def seconds_by_kind(self) -> dict[StepKind, float]:
        """The time spent on each kind of step (wagers, deal, ...)."""
        spent: dict[StepKind, float] = {}
        for g in self.grades:
            spent[g.step.kind] = spent.get(g.step.kind, 0.0) + g.seconds
        return spent

    def skill_results(self) -> tuple[tuple[Skill, bool], ...]:
        """One (skill, right) row per step answered, as the answers are kept."""
        return tuple((g.skill, g.correct) for g in self.grades)


# --- pace ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pace:
    rounds: int
    seconds: float
    target: int
    """The house's rounds per hour."""

    @property
    def rounds_per_hour(self) -> float:
        return 3600 * self.rounds / self.seconds if self.seconds > 0 else 0.0

    @property
    def on_pace(self) -> bool:
        return self.rounds > 0 and self.rounds_per_hour >= self.target

    @property
    def text(self) -> str:
        """``40.0 rounds an hour (90 s a round): on the house's pace of 40``."""
        if not self.rounds:
            return _("No round run yet (the house's pace: {target} rounds an hour)",
                     target=self.target)
        rate = in_room_format(f"{self.rounds_per_hour:.1f}")
        each = f"{self.seconds / self.rounds:.0f}"
        if self.on_pace:
            return _("{rate} rounds an hour ({each} s a round): on the house's pace of"
                     " {target}", rate=rate, each=each, target=self.target)
        return _("{rate} rounds an hour ({each} s a round): below the house's pace of"
                 " {target}", rate=rate, each=each, target=self.target)


def pace(round_seconds: Sequence[float], target: int = DEFAULT_ROUNDS_PER_HOUR) -> Pace:
    """Rounds an hour at the time the rounds took, against the house's ``target``."""
    return Pace(len(round_seconds), float(sum(round_seconds)), target)
