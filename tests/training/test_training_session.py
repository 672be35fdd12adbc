"""Sessions: rounds asked in order, answers recorded as given, modes and timing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from trainer.engine.evaluator import Category
from trainer.engine.round import SIDE_WAGERS, Wager
from trainer.engine.rulesets import RuleSetError
from trainer.training.answers import AnswerError
from trainer.training.questions import QuestionKind, Skill
from trainer.training.session import (
    Mode,
    RoundState,
    SessionError,
    TrainingSession,
    TrainingSettings,
)


def play_round_as_typed(state: RoundState, typed: dict[str, str]) -> None:
    while state.current is not None:
        state.answer(typed[state.current.id])


def play_round_from_buttons(state: RoundState) -> None:
    """Answer with the engine's own answers: for tests of the flow, not the values."""
    while state.current is not None:
        state.answer(state.current.expected)


def test_all_correct_round_scores_100_percent(hand_built, mixed_typed, clock):
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock)
    state = session.start_round(hand_built("mixed"))
    play_round_as_typed(state, mixed_typed)
    assert state.finished and state.current is None
    assert state.score == 1.0
    assert len(state.grades) == 22
    summary = session.summary()
    assert (summary.rounds, summary.questions, summary.correct, summary.percent) == (
        1, 22, 22, 100.0)


def test_one_wrong_payout_costs_one_answer_and_shows_in_its_skill(hand_built, mixed_typed,
                                                                  clock):
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock)
    state = session.start_round(hand_built("mixed"))
    typed = mixed_typed | {"seat-6-odds": "10"}  # a flush pays 3 to 2: $15.00
    play_round_as_typed(state, typed)
    wrong = [grade for grade in state.grades if not grade.correct]
    assert [grade.question.id for grade in wrong] == ["seat-6-odds"]
    assert wrong[0].expected_text == "$15.00"
    assert "3 to 2" in wrong[0].explanation
    assert state.score == 21 / 22
    summary = session.summary()
    assert summary.per_skill[Skill.ODDS_WIN] == 0.0
    assert summary.per_skill[Skill.ANTE] == 1.0
    assert summary.per_skill_counts[Skill.ANTE] == (4, 4)  # seats 1, 2, 6 and 3
    assert summary.per_skill_counts[Skill.ORDER] == (3, 3)
    assert Skill.BAD_BEAT not in summary.per_skill  # never asked


def test_invalid_answer_is_refused_without_advancing_or_recording(hand_built, clock):
    heard = []
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock,
                              on_grade=lambda state, grade: heard.append(grade))
    state = session.start_round(hand_built("mixed"))
    state.answer("pair Kh Kd Ah 9h 7s")
    state.answer("y")
    state.answer("1")
    assert state.current is not None and state.current.id == "seat-1-ante"
    for text in ("abc", "7.555", "-5", ""):
        with pytest.raises(AnswerError):
            state.answer(text)
    assert state.current.id == "seat-1-ante"
    assert state.index == 3
    assert len(state.grades) == 3 and len(heard) == 3
    assert state.answer("take").correct


def test_each_grade_reaches_the_listener_the_moment_it_is_given(hand_built, clock):
    heard = []
    session = TrainingSession(TrainingSettings(), Mode.EXAM, clock)
    session.listeners.append(lambda state, grade: heard.append((state.index, grade)))
    state = session.start_round(hand_built("bad_beat"))
    first = state.answer("full house Qs Qd Qh 9h 9c")
    assert heard == [(1, first)]
    state.answer("n")  # wrong, still recorded at once
    assert len(heard) == 2 and not heard[1][1].correct


def test_practice_gives_feedback_after_each_answer(hand_built, clock):
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock)
    assert session.feedback_now and session.feedback_after_round
    state = session.start_round(hand_built("mixed"))
    grade = state.answer("pair Kh Kd Ah 9h 7s")
    assert session.visible_grades() == (grade,)


def test_exam_gives_no_feedback_and_finishes_after_n_rounds(clock):
    session = TrainingSession(TrainingSettings(exam_rounds=2, seed=11), Mode.EXAM, clock)
    assert not session.feedback_now and not session.feedback_after_round
    first = session.next_round()
    first.answer(first.current.expected)
    with pytest.raises(SessionError, match="Finish the exam round"):
        session.next_round()
    play_round_from_buttons(first)
    assert session.visible_grades() == ()  # not even after a whole round
    assert not session.exam_finished
    second = session.next_round()
    play_round_from_buttons(second)
    assert session.rounds_played == 2
    assert session.history == (first, second)
    assert session.exam_finished
    with pytest.raises(SessionError, match="exam is over"):
        session.next_round()
    # the end: every grade and the score
    assert len(session.visible_grades()) == len(first.grades) + len(second.grades)
    summary = session.summary()
    assert summary.mode is Mode.EXAM
    assert summary.rounds == 2
    assert summary.percent == 100.0


def test_exam_score_counts_wrong_answers(hand_built, mixed_typed, clock):
    session = TrainingSession(TrainingSettings(exam_rounds=1), Mode.EXAM, clock)
    state = session.start_round(hand_built("mixed"))
    typed = mixed_typed | {"dealer-qualifies": "n", "seat-2-pocket-bonus": "take"}
    play_round_as_typed(state, typed)
    assert session.exam_finished
    summary = session.summary()
    assert (summary.questions, summary.correct) == (22, 20)
    assert summary.percent == pytest.approx(100 * 20 / 22)


def test_speed_mode_times_questions_and_rounds_with_the_clock(hand_built, clock):
    session = TrainingSession(TrainingSettings(), Mode.SPEED, clock)
    assert not session.feedback_now and session.feedback_after_round
    state = session.start_round(hand_built("bad_beat"))  # 8 questions
    typed = ["full house Qs Qd Qh 9h 9c", "y", "flush", "l", "take", "take", "50", "35"]
    for seconds, text in zip([3.0, 1.0, 1.5, 0.5, 1.0, 1.0, 2.0, 2.0], typed, strict=True):
        clock.advance(seconds)
        if text == "flush":
            assert session.visible_grades() == ()  # speed: feedback at the round's end
        state.answer(text)
    assert [grade.seconds for grade in state.grades] == [3.0, 1.0, 1.5, 0.5, 1.0, 1.0, 2.0,
                                                         2.0]
    assert state.finished and state.score == 1.0
    assert state.elapsed == 12.0
    clock.advance(100)  # time after the last answer does not count
    assert state.elapsed == 12.0
    assert len(session.visible_grades()) == 8

    second = session.start_round(hand_built("bad_beat"))
    clock.advance(5)
    assert second.elapsed == 5.0  # an unfinished round runs on
    second.answer("full house Qs Qd Qh 9h 9c")
    clock.advance(30)  # feedback read before the next question is put up
    second.mark_shown()
    clock.advance(2)
    assert second.answer("y").seconds == 2.0
    for text in typed[2:]:
        clock.advance(1)
        second.answer(text)
    assert second.elapsed == 5 + 30 + 2 + 6
    assert session.summary().mean_round_seconds == (12.0 + 43.0) / 2


def test_finished_round_takes_no_more_answers(hand_built, clock):
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock)
    state = session.start_round(hand_built("bad_beat"))
    play_round_from_buttons(state)
    with pytest.raises(SessionError, match="finished"):
        state.answer("y")


def test_random_rounds_follow_the_settings(clock):
    settings = TrainingSettings(rules="house", seats=3, side_bets=(), seed=5)
    session = TrainingSession(settings, Mode.PRACTICE, clock)
    for _ in range(20):
        state = session.next_round()
        assert len(state.round.seats) == 3
        assert all(not seat.side_bets for seat in state.round.seats)
        assert state.round.ruleset.id == "house"
        assert state.questions[0].kind is QuestionKind.DEALER_HAND
    only_trips = TrainingSession(TrainingSettings(side_bets=(Wager.TRIPS_PLUS,), seed=1),
                                 Mode.PRACTICE, clock)
    for _ in range(20):
        state = only_trips.next_round()
        assert all(set(seat.side_bets) <= {Wager.TRIPS_PLUS} for seat in state.round.seats)


def test_same_seed_deals_the_same_rounds(clock):
    def deal(seed):
        session = TrainingSession(TrainingSettings(seed=seed), Mode.PRACTICE, clock)
        return [[q.id for q in session.next_round().questions] for _ in range(5)]

    assert deal(42) == deal(42)


def test_table_letters_choose_the_pay_tables(clock):
    session = TrainingSession(TrainingSettings(options={"trips_plus_table": "B"}),
                              Mode.PRACTICE, clock)
    state = session.next_round()
    assert state.round.tables.trips_plus_letter == "B"
    # docs/rules.md §5 Trips Plus column B: a full house pays 8 to 1 (A pays 9)
    assert str(state.round.tables.trips_plus[Category.FULL_HOUSE]) == "8 to 1"


def test_settings_are_checked():
    assert TrainingSettings().side_bets == SIDE_WAGERS
    with pytest.raises(ValueError, match="seats"):
        TrainingSettings(seats=7)
    with pytest.raises(ValueError, match="exam_rounds"):
        TrainingSettings(exam_rounds=0)
    with pytest.raises(ValueError, match="side_bets"):
        TrainingSettings(side_bets=(Wager.ANTE,))
    with pytest.raises(RuleSetError, match="trips_plus_table"):
        TrainingSession(TrainingSettings(options={"trips_plus_table": "Z"}))


def test_engine_and_training_import_no_qt():
    code = (
        "import importlib, pkgutil, sys\n"
        "import trainer.engine, trainer.training\n"
        "for package in (trainer.engine, trainer.training):\n"
        "    for module in pkgutil.iter_modules(package.__path__):\n"
        "        importlib.import_module(f'{package.__name__}.{module.name}')\n"
        "imported = sorted(m for m in sys.modules if m.startswith('trainer.'))\n"
        "assert 'trainer.training.session' in imported, imported\n"
        "assert 'trainer.engine.settlement' in imported, imported\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "assert not qt, qt\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_a_long_practice_session_keeps_recent_rounds_and_counts_every_answer(
        hand_built, mixed_typed, clock):
    """Memory stays bounded (issue 3: < 20 MB over 500 rounds); the summary stays whole."""
    session = TrainingSession(TrainingSettings(), Mode.PRACTICE, clock)
    played = TrainingSession.KEPT_ROUNDS + 7
    wrong_odds = mixed_typed | {"seat-6-odds": "10"}  # one wrong answer in every round
    for number in range(1, played + 1):
        state = session.start_round(hand_built("mixed"))
        assert state.number == number
        play_round_as_typed(state, wrong_odds)
    assert len(session.rounds) == TrainingSession.KEPT_ROUNDS
    assert session.rounds_played == played
    summary = session.summary()
    assert (summary.rounds, summary.questions, summary.correct) == (
        played, 22 * played, 21 * played)
    assert summary.per_skill_counts[Skill.ODDS_WIN] == (0, played)


def test_an_exam_keeps_every_round(hand_built, mixed_typed, clock):
    rounds = TrainingSession.KEPT_ROUNDS + 3
    session = TrainingSession(TrainingSettings(exam_rounds=rounds), Mode.EXAM, clock)
    for _ in range(rounds):
        play_round_as_typed(session.start_round(hand_built("mixed")), mixed_typed)
    assert len(session.history) == rounds
    assert session.exam_finished
