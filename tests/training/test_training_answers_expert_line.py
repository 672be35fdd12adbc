"""The expert line: a whole seat typed at once (``w 10 30 15 35``), split into the
seat's result and each of its wagers as asked, refused whole when any part is not an
answer. Expected answers are worked by hand from docs/rules.md in conftest.py's
rounds (restated where used)."""

from __future__ import annotations

import pytest

from trainer.training.answers import AnswerError, seat_line_questions, split_seat_line
from trainer.training.session import RoundState


@pytest.fixture
def mixed_at(settled, mixed_typed, clock):
    """``mixed_at(question_id)``: MIXED_ROUND answered right up to ``question_id``."""
    def at(question_id: str) -> RoundState:
        state = RoundState(settled("mixed"), clock=clock)
        while state.current is not None and state.current.id != question_id:
            state.answer(mixed_typed[state.current.id])
        assert state.current is not None
        return state
    return at


def remaining(state: RoundState):
    return state.questions[state.index:]


def test_the_line_answers_the_seats_result_then_its_wagers_as_asked(mixed_at, clock):
    # Seat 6's ace-high heart flush beats the dealer's kings, who qualify (rules §4):
    # ante $10 and raise $30 pay 1 to 1, odds $10 pay 3 to 2 = $15, Trips Plus $5
    # on a flush pays 7 to 1 on table A = $35.
    state = mixed_at("seat-6-result")
    parts = split_seat_line("w 10 30 15 35", remaining(state))
    assert parts == ["w", "10", "30", "15", "35"]
    assert [q.id for q in seat_line_questions(remaining(state))] == [
        "seat-6-result", "seat-6-ante", "seat-6-raise", "seat-6-odds", "seat-6-trips-plus"]
    clock.advance(10.0)
    share = state.waiting / len(parts)
    grades = [state.answer(part, seconds=share) for part in parts]
    assert all(grade.correct for grade in grades)
    assert [grade.seconds for grade in grades] == [2.0] * 5
    assert state.current is not None and state.current.id == "seat-3-hand"


def test_each_part_is_graded_on_its_own(mixed_at, clock):
    # Seat 3's ace high loses to the kings: "w" is wrong, the takes are right.
    state = mixed_at("seat-3-result")
    parts = split_seat_line("w t t t t", remaining(state))
    assert parts is not None
    grades = [state.answer(part, seconds=0.0) for part in parts]
    assert [grade.correct for grade in grades] == [False, True, True, True, True]
    assert state.finished


def test_a_shorter_line_answers_the_first_questions_and_the_rest_are_asked(mixed_at, clock):
    state = mixed_at("seat-6-result")
    assert split_seat_line("w 10", remaining(state)) == ["w", "10"]


def test_the_line_covers_the_capped_total_but_not_the_six_card_bonus(settled, clock):
    # Casino house rules, seat 6 Ah Kh on Qh Jh Th: a royal flush. Ante $10 and raise
    # $30 pay 1 to 1; odds $10 at 500 to 1 = $5,000; Trips Plus $10 at 100 to 1 (C) =
    # $1,000; Pocket Bonus $10, A-K suited, 20 to 1 = $200; $6,240 is capped at $3,000.
    state = RoundState(settled("capped"), clock=clock)
    for answer in ["pair 4c 4d Qh Jh Th", "y", "6", "royal"]:
        state.answer(answer)
    parts = split_seat_line("w 10 30 5,000 1000 $ 200 3,000", remaining(state))
    assert parts == ["w", "10", "30", "5,000", "1000", "$200", "3,000"]
    assert all(state.answer(part).correct for part in parts)
    # Seat 2 settles last; its 6-Card Bonus is asked straight after its capped total
    # but is settled apart (rules §5), so the line stops before it.
    while state.current is not None and state.current.id != "seat-2-result":
        state.answer(str(state.current.expected) if state.current.kind.value == "next_seat"
                     else {"seat-3-hand": "high card", "seat-3-result": "l",
                           "seat-2-hand": "pair"}.get(state.current.id, "t"))
    assert [q.id for q in seat_line_questions(remaining(state))] == [
        "seat-2-result", "seat-2-ante", "seat-2-raise", "seat-2-odds", "seat-2-capped-total"]


@pytest.mark.parametrize("text", ["w", " w ", "win", "push"])
def test_one_word_is_an_ordinary_answer_not_a_line(mixed_at, clock, text):
    state = mixed_at("seat-6-result")
    assert split_seat_line(text, remaining(state)) is None


def test_a_line_only_starts_at_a_seats_result(mixed_at, clock):
    state = mixed_at("seat-6-hand")
    assert split_seat_line("flush w 10 30 15 35", remaining(state)) is None
    state = mixed_at("seat-6-ante")
    assert split_seat_line("10 30 15 35", remaining(state)) is None


def test_more_parts_than_the_seats_questions_are_refused_whole(mixed_at, clock):
    state = mixed_at("seat-6-result")
    with pytest.raises(AnswerError) as error:
        split_seat_line("w 10 30 15 35 6", remaining(state))
    message = str(error.value)
    assert "6 answers" in message and "seat 6 has 5" in message
    assert "nothing was graded" in message
    assert state.grades[-1].question.id == "seat-6-hand"  # nothing more graded
    assert state.current is not None and state.current.id == "seat-6-result"


@pytest.mark.parametrize(("text", "words"), [
    ("x 10 30 15 35", ["Answer 1", "the result", "'x' is not a result"]),
    ("w 10 30 15x 35", ["Answer 4", "the Odds $10.00", "'15x' is not an amount"]),
    ("w 10 30 -15 35", ["Answer 4", "negative"]),
    ("w 10 30 15 7.555", ["Answer 5", "the Trips Plus $5.00", "more than two decimals"]),
])
def test_a_part_that_is_not_an_answer_refuses_the_whole_line(mixed_at, clock, text, words):
    state = mixed_at("seat-6-result")
    graded = len(state.grades)
    with pytest.raises(AnswerError) as error:
        split_seat_line(text, remaining(state))
    for word in words:
        assert word in str(error.value)
    assert "Nothing was graded" in str(error.value)
    assert len(state.grades) == graded
