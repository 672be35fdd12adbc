"""Marking an answer against the engine's, with the reason when it is wrong.

A trainer that marks a correct answer wrong is worse than none, so the
dealer's hand is graded by what the chosen cards *make*, not by comparing
them with the engine's pick: any five of the dealer's seven that evaluate to
exactly the best hand are right (the board plays; a kicker of the same rank
in the hole or on the board).

A hand named with its ranks ("pair of fours", "two pair, sixes and fours") is
right only when the category and every rank it names are the hand's: the named
ranks are compared with those :meth:`~trainer.engine.evaluator.Hand.describe`
names (:func:`~trainer.engine.evaluator.hand_ranks`; "kings full" names the
three only and is compared on it). A hand named by its category alone is graded
on the category (and, for the dealer, the five cards), as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from trainer.engine.cards import cards_text
from trainer.engine.evaluator import Hand, evaluate, hand_display, hand_ranks
from trainer.engine.settlement import Outcome
from trainer.i18n import _, ngettext
from trainer.training.answers import coerce_answer
from trainer.training.questions import (
    Answer,
    DealerHandAnswer,
    NamedHand,
    PayoutAnswer,
    Question,
    QuestionKind,
    answer_shown,
    answer_text,
)

if TYPE_CHECKING:
    from trainer.training.chip_grading import ChipGrade


@dataclass(frozen=True, slots=True)
class Grade:
    question: Question
    given: Answer
    """The parsed answer (a take carries the stake it collects)."""
    correct: bool
    expected_text: str
    given_text: str
    explanation: str
    """Empty when correct (but for chips of the right amount the procedure does not take:
    why); otherwise what was right and why, and what was said."""
    seconds: float
    chips: ChipGrade | None = None
    """A payout answered in chips (chip mode): how its chips were graded. ``correct`` is
    then the amount's grade; right amount, wrong chips counts against the chip procedure
    only (:meth:`~trainer.training.chip_grading.ChipGrade.skill_results`)."""


def _dealer_hand_problem(question: Question, given: DealerHandAnswer) -> str | None:
    """Why a dealer-hand answer is wrong, or None when it is right."""
    expected = question.expected
    assert isinstance(expected, DealerHandAnswer)
    seven = question.cards or expected.cards
    strangers = [card for card in given.cards if card not in seven]
    if strangers:
        return ngettext("{cards} is not in the dealer's hand or on the board",
                        "{cards} are not in the dealer's hand or on the board",
                        len(strangers), cards=cards_text(strangers))
    best = evaluate(seven) if len(seven) >= 5 else evaluate(expected.cards)
    made = evaluate(given.cards)
    if made.value != best.value:
        return _("those cards make {hand}, less than the dealer's best",
                 hand=made.describe_against(best))
    if given.category != expected.category:
        return _("those cards make {hand}, not {named}", hand=made.category.display_name,
                 named=given.category.display_name)
    if not _ranks_match(given.ranks, made):
        return _("those cards make {hand}, not {named}", hand=made.describe(),
                 named=hand_display(given.category, given.ranks))
    return None


def _ranks_match(named: tuple[int, ...], hand: Hand) -> bool:
    """Whether the ranks a wording names are the hand's (none named: nothing to compare)."""
    return named == hand_ranks(hand)[:len(named)]


def _seat_hand_problem(question: Question, given: NamedHand) -> str | None:
    """Why a seat hand named with its ranks is wrong, or None when it is right."""
    hand = evaluate(question.cards)
    if given.category is not hand.category:
        return None  # the wrong category says it all
    if not _ranks_match(given.ranks, hand):
        return _("the hand is {hand}", hand=hand.describe())
    return None


def _given_payout(question: Question, given: PayoutAnswer) -> PayoutAnswer:
    """A take collects the stake, whatever amount (if any) came with it."""
    if given.outcome is Outcome.LOSE and question.stake is not None:
        return PayoutAnswer(Outcome.LOSE, question.stake)
    return given


def grade(question: Question, given: object, seconds: float = 0.0) -> Grade:
    """Grade one answer (typed text or an answer object) to ``question``.

    Raises :class:`~trainer.training.answers.AnswerError` for text that cannot
    be read; nothing is graded then.
    """
    answer = coerce_answer(question.kind, given)
    expected = question.expected
    problem: str | None = None
    if question.kind is QuestionKind.DEALER_HAND:
        assert isinstance(answer, DealerHandAnswer)
        problem = _dealer_hand_problem(question, answer)
        correct = problem is None
    elif question.kind is QuestionKind.PAYOUT:
        assert isinstance(answer, PayoutAnswer) and isinstance(expected, PayoutAnswer)
        answer = _given_payout(question, answer)
        if answer.outcome is not expected.outcome:
            correct = False
        else:
            # A take is right whatever amount came with it: the dealer takes the spot.
            correct = answer.outcome is Outcome.LOSE or answer.amount == expected.amount
    elif question.kind is QuestionKind.SEAT_HAND and isinstance(answer, NamedHand):
        problem = _seat_hand_problem(question, answer)
        correct = answer.category is expected and problem is None
    elif question.kind is QuestionKind.CAPPED_TOTAL:
        assert isinstance(answer, Decimal)
        correct = answer == expected
    else:
        correct = answer == expected and type(answer) is type(expected)
    expected_text = answer_text(question.kind, expected)
    given_text = answer_text(question.kind, answer)
    explanation = ""
    if not correct:
        explanation = question.explanation
        said = answer_shown(question.kind, answer)
        if problem and isinstance(answer, DealerHandAnswer):
            explanation = _("{explanation} You chose {hand} ({cards}): {problem}.",
                            explanation=explanation,
                            hand=hand_display(answer.category, answer.ranks),
                            cards=cards_text(answer.cards), problem=problem)
        elif problem:
            explanation = _("{explanation} \u2014 you said {given}: the right category, but"
                            " {problem}", explanation=explanation.rstrip("."), given=said,
                            problem=problem)
        else:
            explanation = _("{explanation} \u2014 you said {given}",
                            explanation=explanation.rstrip("."), given=said)
    return Grade(question, answer, correct, expected_text, given_text, explanation,
                 float(seconds))
