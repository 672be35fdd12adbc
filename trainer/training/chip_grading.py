"""Grading a payout answered in chips (issue 22; docs/rules.md §10), without any Qt.

A payout built on the table is graded in two steps:

1. **the amount**, exactly as a typed answer is (:func:`~trainer.training.grading.grade`
   against the engine's settlement): a wrong outcome or amount is wrong, whatever the
   chips. The amount is the engine's payout as the room's chips pay it: where the rack
   has no chip for its odd cents, rounded as the site file says (``[chips] odd_cents``);
2. **the chips**, by the house's procedure (:func:`trainer.engine.chips.grade_stack`),
   against the wager's chips as the player bet them (the round's make-up; a round
   without one, or bet in chips this room does not have, is taken as the fewest chips
   of the room's rack). A fixed award (6-Card Bonus, progressive, a capped seat's
   total) is converted: it has no bet colours to follow.

The right amount in chips the procedure does not take is **right amount, wrong chips**:
right for the question's own skill, wrong for :attr:`Skill.CHIP_PROCEDURE`
(:meth:`ChipGrade.skill_results`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.chips import (
    DEFAULT_CHIPS,
    ChipError,
    Expected,
    Grade,
    RoomChips,
    expected_stack,
    grade_stack,
    payable,
    value_text,
)
from trainer.engine.money import ZERO, Odds
from trainer.engine.settlement import Outcome, Settlement
from trainer.i18n import _, local_dollars
from trainer.skills import QuestionKind, Skill
from trainer.training import grading
from trainer.training.questions import PayoutAnswer, Question

CHIP_QUESTION_KINDS = (QuestionKind.PAYOUT, QuestionKind.CAPPED_TOTAL)
"""The questions a payout built in chips answers (a wager's payout, a capped seat's total)."""


class ChipAnswerError(ValueError):
    """A chip answer that cannot be graded for this question; the message says why."""


@dataclass(frozen=True, slots=True)
class ChipPayout:
    """A payout answered on the table: a stack of chips paid (``Outcome.WIN``), a push,
    or a take (``Outcome.LOSE``; a push and a take have no chips)."""

    outcome: Outcome
    chips: tuple[Decimal, ...] = ()


@dataclass(frozen=True, slots=True)
class ChipGrade:
    """How a chip answer was graded."""

    grade: Grade
    """``right``, ``wrong_amount`` or ``wrong_chips`` (right amount, wrong chips)."""
    amount: grading.Grade
    """The first step: the amount graded as a typed answer of the same amount."""
    reason: str
    """One sentence for a person: why it is right or wrong, naming the procedure."""
    paid: tuple[Decimal, ...]
    """The chips built, largest first."""
    expected: Expected | None
    """What the procedure expects (None for a push or a take: no chips are paid)."""
    question: Question

    @property
    def correct(self) -> bool:
        return self.grade is Grade.RIGHT

    @property
    def expected_stack(self) -> tuple[Decimal, ...]:
        """One stack the procedure takes, largest first (empty for a push or a take)."""
        return self.expected.stack if self.expected is not None else ()

    def skill_results(self) -> tuple[tuple[Skill, bool], ...]:
        """What the answer counts for: the question's skill (right when the amount is),
        and the chip procedure where chips were paid at the right amount."""
        results = [(self.question.skill, self.grade is not Grade.WRONG_AMOUNT)]
        if self.expected is not None and self.grade is not Grade.WRONG_AMOUNT:
            results.append((Skill.CHIP_PROCEDURE, self.grade is Grade.RIGHT))
        return tuple(results)


def _bet_chips(question: Question, settlement: Settlement, room: RoomChips
               ) -> tuple[Decimal, ...]:
    """The wager's chips as bet, in this room's chips; () when the rack makes no stack."""
    assert question.seat is not None and question.wager is not None
    seat = settlement.round.seat(question.seat)
    given = seat.chips.get(question.wager)
    if given is not None and all(chip in room.rack for chip in given):
        return given
    derived = replace(seat, chips={}).chips_of(question.wager, room.rack)
    return derived or ()


def _pays(question: Question, settlement: Settlement, room: RoomChips
          ) -> tuple[tuple[Decimal, ...], Odds | Decimal]:
    """The bet's chips and what the payout is: odds to follow, or a fixed amount."""
    if question.kind is QuestionKind.CAPPED_TOTAL:
        assert isinstance(question.expected, Decimal)
        return (), question.expected
    assert question.seat is not None and question.wager is not None
    seat = next(s for s in settlement.seats if s.seat == question.seat)
    result = seat.wager(question.wager)
    assert result is not None and question.expected == PayoutAnswer(Outcome.WIN, result.amount)
    bet = _bet_chips(question, settlement, room)
    if result.odds is not None and bet:
        return bet, result.odds
    return bet, result.amount


def expected_payout(question: Question, settlement: Settlement,
                    room: RoomChips = DEFAULT_CHIPS) -> Expected | None:
    """What ``room``'s procedure expects for a payout question (or a capped seat's total)
    of ``settlement``: the stack and why; None when the question pays nothing (a push,
    a take, or no payout asked). A ChipAnswerError when the rack cannot stack it."""
    if question.kind not in CHIP_QUESTION_KINDS:
        return None
    if isinstance(question.expected, PayoutAnswer) and question.expected.outcome is not Outcome.WIN:
        return None
    bet, pays = _pays(question, settlement, room)
    try:
        return expected_stack(bet, pays, room.procedure, room.rack, room.odd_cents)
    except ChipError as error:
        raise ChipAnswerError(str(error)) from None


def grade_chips(question: Question, settlement: Settlement, given: ChipPayout,
                room: RoomChips = DEFAULT_CHIPS, seconds: float = 0.0) -> ChipGrade:
    """Grade ``given`` for a payout question (or a capped seat's total) of ``settlement``:
    first the amount, then the chips by ``room``'s procedure. A ChipAnswerError names a
    question that asks no payout, or chips the answer or the rack cannot use."""
    if question.kind not in CHIP_QUESTION_KINDS:
        raise ChipAnswerError(f"question {question.id}: asks no payout ({question.kind})")
    if question.kind is QuestionKind.CAPPED_TOTAL and given.outcome is not Outcome.WIN:
        raise ChipAnswerError(f"question {question.id}: a capped seat's total is paid in"
                              " chips, not pushed or taken")
    if given.outcome is Outcome.PUSH and given.chips:
        raise ChipAnswerError(_("a push has no chips to pay"))
    if given.outcome is Outcome.LOSE and given.chips:
        raise ChipAnswerError(_("a take has no chips to pay"))
    paid = tuple(sorted(given.chips, reverse=True))
    for chip in paid:
        if chip not in room.rack:
            raise ChipAnswerError(_("paid: {chip} is not a chip of the room's rack",
                                    chip=local_dollars(chip)))
    total = sum(paid, ZERO)
    settled_win = isinstance(question.expected, Decimal) or (
        isinstance(question.expected, PayoutAnswer) and question.expected.outcome is Outcome.WIN)
    if not settled_win:  # a push or a take: the amount step is all there is
        typed = PayoutAnswer(given.outcome, total)
        amount = grading.grade(question, typed, seconds)
        verdict = Grade.RIGHT if amount.correct else Grade.WRONG_AMOUNT
        reason = (question.explanation if amount.correct else amount.explanation)
        return ChipGrade(verdict, amount, reason, paid, None, question)
    bet, pays = _pays(question, settlement, room)
    settled = pays if isinstance(pays, Decimal) else None
    if settled is None:
        assert isinstance(question.expected, PayoutAnswer)
        settled = question.expected.amount
    try:
        in_chips = payable(settled, room.rack, room.odd_cents)
    except ChipError as error:
        raise ChipAnswerError(str(error)) from None
    asked = _in_chips(question, in_chips)
    typed_answer: PayoutAnswer | Decimal = (
        total if question.kind is QuestionKind.CAPPED_TOTAL
        else PayoutAnswer(given.outcome, total))
    amount = grading.grade(asked, typed_answer, seconds)
    try:
        graded = grade_stack(bet, pays, room.procedure, paid, room.rack, room.odd_cents)
    except ChipError as error:
        raise ChipAnswerError(str(error)) from None
    if not amount.correct:
        # paid in chips: the engine's sentence (the stack, its total, what the wager pays);
        # pushed or taken: today's explanation of the payout and what was said
        reason = graded.reason if given.outcome is Outcome.WIN else amount.explanation
        return ChipGrade(Grade.WRONG_AMOUNT, amount, reason, paid, graded.expected, question)
    return ChipGrade(graded.grade, amount, graded.reason, paid, graded.expected, question)


def _in_chips(question: Question, amount: Decimal) -> Question:
    """``question`` asking the payout as the room's chips pay it (its odd cents rounded
    where no chip pays them), the explanation saying so."""
    expected = question.expected
    settled = expected if isinstance(expected, Decimal) else (
        expected.amount if isinstance(expected, PayoutAnswer) else None)
    if settled is None or settled == amount:
        return question
    explanation = _("{explanation}; in this room's chips {amount}: no chip pays the odd"
                    " cents", explanation=question.explanation.rstrip("."),
                    amount=local_dollars(amount))
    new: PayoutAnswer | Decimal = (amount if isinstance(expected, Decimal)
                                   else PayoutAnswer(Outcome.WIN, amount))
    return replace(question, expected=new, explanation=explanation)


def chips_text(chips: tuple[Decimal, ...] | list[Decimal]) -> str:
    """A stack as kept with an answer: each value with its count, largest first
    (``1x$25 + 3x$5``); ``no chips`` for an empty stack."""
    counts: dict[Decimal, int] = {}
    for chip in sorted(chips, reverse=True):
        counts[chip] = counts.get(chip, 0) + 1
    if not counts:
        return "no chips"
    return " + ".join(f"{count}x{value_text(value)}" for value, count in counts.items())


def chip_answer(question: Question, settlement: Settlement, given: ChipPayout,
                room: RoomChips = DEFAULT_CHIPS, seconds: float = 0.0) -> grading.Grade:
    """Grade ``given`` (:func:`grade_chips`) as an answer like a typed one: ``correct`` is
    the amount's grade (the question's own skill), ``given_text`` the chips as text (a
    push or a take as typed), the explanation the reason whenever the chips are not the
    procedure's; the chip grade rides along as :attr:`Grade.chips`."""
    result = grade_chips(question, settlement, given, room, seconds)
    given_text = (chips_text(result.paid) if given.outcome is Outcome.WIN
                  else result.amount.given_text)
    explanation = "" if result.grade is Grade.RIGHT else result.reason
    return replace(result.amount, given_text=given_text,
                   explanation=explanation, chips=result)
