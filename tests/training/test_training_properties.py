"""Properties over random rounds: a right answer is never marked wrong."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.evaluator import evaluate
from trainer.engine.generator import generate_round
from trainer.engine.rulesets import PRESETS, load_preset
from trainer.engine.settlement import Outcome, settle
from trainer.training.grading import grade
from trainer.training.questions import (
    DealerHandAnswer,
    PayoutAnswer,
    Question,
    QuestionKind,
    build_questions,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(PRESETS)


def random_questions(preset: str, seed: int) -> list[Question]:
    round_ = generate_round(random.Random(seed), load_preset(preset))
    return build_questions(settle(round_))


def typed(question: Question) -> str:
    """What a trainee who knows the answer types at the keyboard."""
    expected = question.expected
    kind = question.kind
    if kind is QuestionKind.DEALER_HAND:
        assert isinstance(expected, DealerHandAnswer)
        return f"{expected.category} " + " ".join(card.text.lower() for card in expected.cards)
    if kind is QuestionKind.QUALIFIES:
        return "yes" if expected else "no"
    if kind is QuestionKind.NEXT_SEAT:
        return f"seat {expected}"
    if kind is QuestionKind.SEAT_HAND:
        return str(expected).upper()
    if kind is QuestionKind.SEAT_RESULT:
        return str(expected)[0]
    if kind is QuestionKind.PAYOUT:
        assert isinstance(expected, PayoutAnswer)
        if expected.outcome is Outcome.WIN:
            return f"${expected.amount:,}"
        return "push" if expected.outcome is Outcome.PUSH else "take"
    return f"{expected:,}"


@settings(max_examples=150, deadline=None)
@given(presets, seeds)
def test_typing_every_right_answer_scores_every_question_right(preset, seed):
    for question in random_questions(preset, seed):
        result = grade(question, typed(question))
        assert result.correct, (question, result)
        assert result.explanation == ""


@settings(max_examples=150, deadline=None)
@given(presets, seeds)
def test_any_five_of_the_dealers_seven_making_the_best_hand_is_right(preset, seed):
    question = random_questions(preset, seed)[0]
    assert question.kind is QuestionKind.DEALER_HAND
    assert isinstance(question.expected, DealerHandAnswer)
    best = evaluate(question.cards)
    for five in combinations(question.cards, 5):
        made = evaluate(five)
        result = grade(question, DealerHandAnswer(made.category, five))
        assert result.correct == (made.value == best.value), (five, result)


@settings(max_examples=100, deadline=None)
@given(presets, seeds)
def test_every_question_explains_itself_and_every_payout_names_its_stake(preset, seed):
    for question in random_questions(preset, seed):
        assert question.explanation
        if question.kind is QuestionKind.PAYOUT:
            assert question.stake is not None and question.stake > 0
            assert isinstance(question.expected, PayoutAnswer)
            if question.expected.outcome is Outcome.LOSE:
                assert question.expected.amount == question.stake
