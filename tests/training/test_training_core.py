"""The training core: the session announces rounds and grades, the recorder listens.

A window only deals and passes answers; what is kept in the database comes
from the recorder subscribed to the session (issue 11): each round stored
once, when dealt, and each answer under the round it answers, even after
many rounds (rounds used to be keyed by ``id(state)``, which Python reuses
once a practice session lets old rounds go).
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from trainer.engine.cards import Card, parse_cards
from trainer.engine.evaluator import Category
from trainer.engine.round import round_to_json
from trainer.paths import data_dir
from trainer.storage.database import open_database
from trainer.training.answers import AnswerError, dealer_hand_from_table
from trainer.training.recorder import SessionRecorder
from trainer.training.session import RoundState, TrainingSession, TrainingSettings


def stored(query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(data_dir() / "trainer.sqlite3") as connection:
        return connection.execute(query).fetchall()


def answer_all(state: RoundState) -> None:
    while state.current is not None:
        state.answer(state.current.expected)


def test_session_announces_each_round_dealt_to_its_listeners() -> None:
    session = TrainingSession(TrainingSettings(seed=3))
    heard: list[RoundState] = []
    session.round_listeners.append(heard.append)
    first = session.next_round()
    answer_all(first)
    second = session.next_round()
    assert heard == [first, second]


def test_recorder_stores_every_round_once_and_each_answer_under_its_own_round() -> None:
    db = open_database()
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=11))
    recorder = SessionRecorder(db, trainee, session)
    dealt = []
    for _ in range(TrainingSession.KEPT_ROUNDS + 15):  # old rounds are let go, ids reused
        state = session.next_round()
        dealt.append((round_to_json(state.round), len(state.questions)))
        answer_all(state)
    recorder.close()
    db.close()
    rounds = stored("SELECT id, round_json FROM rounds ORDER BY id")
    assert [json.loads(text) for _, text in rounds] == [round_json for round_json, _ in dealt]
    per_round = dict(stored("SELECT round_id, count(*) FROM answers GROUP BY round_id"))
    assert [per_round[round_id] for round_id, _ in rounds] == [count for _, count in dealt]


def test_closed_recorder_stops_listening() -> None:
    db = open_database()
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=5))
    recorder = SessionRecorder(db, trainee, session)
    recorder.close()
    assert session.listeners == [] and session.round_listeners == []
    answer_all(session.next_round())
    db.close()
    assert stored("SELECT count(*) FROM rounds") == [(0,)]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


SEVEN = cards("As Kd 2c 7c 9c Jd Qs")  # dealer's two, then the board


def test_five_cards_picked_are_the_five_that_play() -> None:
    answer = dealer_hand_from_table("high card", cards("As Kd Qs Jd 9c"), SEVEN)
    assert answer.category is Category.HIGH_CARD
    assert answer.cards == tuple(cards("As Kd Qs Jd 9c"))


def test_two_cards_picked_are_the_two_that_do_not_play() -> None:
    answer = dealer_hand_from_table("high card", cards("2c 7c"), SEVEN)
    assert answer.cards == tuple(cards("As Kd 9c Jd Qs"))


def test_nothing_picked_reads_the_cards_from_the_text() -> None:
    answer = dealer_hand_from_table("high card As Kd Qs Jd 9c", [], SEVEN)
    assert set(answer.cards) == set(cards("As Kd Qs Jd 9c"))


@pytest.mark.parametrize("picked", ["As", "As Kd Qs", "As Kd Qs Jd"])
def test_other_numbers_of_picked_cards_are_an_input_slip(picked: str) -> None:
    count = len(picked.split())
    with pytest.raises(AnswerError, match=f"{count} selected"):
        dealer_hand_from_table("high card", cards(picked), SEVEN)


def test_a_typed_card_not_among_the_seven_is_a_slip_not_a_wrong_answer() -> None:
    with pytest.raises(AnswerError, match=r"10♣ is not among the dealer's seven cards"):
        dealer_hand_from_table("high card As Kd Qs Jd Tc", [], SEVEN)


def test_two_strangers_are_both_named() -> None:
    with pytest.raises(AnswerError, match=r"10♣ 3♥ are not among"):
        dealer_hand_from_table("high card As Kd Qs Tc 3h", [], SEVEN)


# --- drills that train the lesson's skill (issue 12) -----------------------------------------


def test_a_round_asked_for_some_skills_asks_only_their_questions_in_order() -> None:
    from trainer.engine.round import parse_round
    from trainer.engine.settlement import settle
    from trainer.training.questions import Skill, build_questions

    round_ = parse_round({
        "rules": "ny-2018", "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
        "seats": [{"seat": 6, "hole": ["Ah", "Ad"], "ante": "10", "odds": "10", "raise": "30"}],
    })
    every = build_questions(settle(round_))
    session = TrainingSession(TrainingSettings(seed=1))
    state = session.start_round(round_, (Skill.RAISE,))
    assert [q.id for q in state.questions] == [q.id for q in every if q.skill is Skill.RAISE]
    assert len(state.questions) == 1  # seat 6's raise, and nothing else of the round


def test_a_lesson_drill_asks_the_lessons_skills_and_fits_about_ten_minutes() -> None:
    import random

    from trainer.engine.settlement import settle
    from trainer.training.course_plan import DRILL_SECONDS, RoundStep, lesson_plan
    from trainer.training.lessons import load_course
    from trainer.training.session import focused_questions

    course = load_course()
    odds = next(lesson for lesson in course.lessons if "odds" in lesson.title.lower())
    plan = lesson_plan(odds, random.Random(3))
    rounds = [step for step in plan.steps if isinstance(step, RoundStep)]
    assert rounds
    seconds = 0.0
    for step in rounds:
        assert step.skills == odds.skills
        asked = focused_questions(settle(step.round), step.skills)
        assert asked and all(question.skill in odds.skills for question in asked)
        seconds += len(asked) * odds.target_seconds
    assert seconds <= DRILL_SECONDS or len(rounds) == 1
    whole = lesson_plan(odds, random.Random(3), whole_rounds=True)
    whole_rounds = [step for step in whole.steps if isinstance(step, RoundStep)]
    assert all(step.skills == () for step in whole_rounds)
    assert len(whole_rounds) >= len(rounds)


def test_a_drill_shows_mastery_only_for_the_skills_its_rule_sets_ask() -> None:
    """A lesson naming the capped total whose rounds are dealt under New York 2018 (no
    cap) never asks it, so its mastery is not shown before -> after (issue 12: "maximum
    aggregate payout 17% - learning" appeared under ny-2018)."""
    import dataclasses
    import random

    from trainer.training.course_plan import RoundStep, lesson_plan
    from trainer.training.lessons import Lesson, load_course
    from trainer.training.questions import Skill

    def uncapped(lesson: Lesson) -> bool:
        plan = lesson_plan(lesson, random.Random(5), whole_rounds=True)
        rounds = [step for step in plan.steps if isinstance(step, RoundStep)]
        return bool(rounds) and all(step.round.ruleset.max_aggregate_payout is None
                                    for step in rounds)

    lesson = next(lesson for lesson in load_course().lessons
                  if Skill.CAP not in lesson.skills and uncapped(lesson))
    claims_cap = dataclasses.replace(lesson, skills=(*lesson.skills, Skill.CAP))
    plan = lesson_plan(claims_cap, random.Random(5), whole_rounds=True)
    assert Skill.CAP not in plan.skills
    assert set(plan.skills) <= set(lesson.skills)
