"""The practice scheduler: a miss comes back sooner than a right answer, "work my
mistakes" is built from the mistakes, and the state survives JSON."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Rating

from trainer.training.questions import Skill
from trainer.training.scheduler import (
    PracticeScheduler,
    default_items,
    mistake_items,
    rating_for,
    ruling_item,
    scenario_item,
    skill_item,
    split_item,
)

NOW = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
ITEMS = ["skill:ante", "skill:odds_win", "scenario:bad-beat", "ruling:irregularities"]


def test_ratings_from_correctness_and_time() -> None:
    assert rating_for(False, 1, 8) is Rating.Again
    assert rating_for(True, 9, 8) is Rating.Hard  # slower than the target
    assert rating_for(True, 8, 8) is Rating.Good
    assert rating_for(True, 4, 8) is Rating.Good  # half the target is not under half
    assert rating_for(True, 3.9, 8) is Rating.Easy


def test_a_missed_item_comes_back_sooner_than_a_right_one() -> None:
    scheduler = PracticeScheduler(ITEMS)
    scheduler.record("skill:ante", False, 5, 8, NOW)
    scheduler.record("skill:odds_win", True, 5, 8, NOW)
    missed, right = scheduler.due("skill:ante"), scheduler.due("skill:odds_win")
    assert missed is not None and right is not None
    assert NOW < missed < right
    later = max(missed, right) + timedelta(minutes=1)
    # both overdue: the most overdue (the miss) first
    assert scheduler.next_drill(later, ITEMS[:2]) == "skill:ante"


def test_the_first_new_item_in_course_order_comes_before_items_not_yet_due() -> None:
    scheduler = PracticeScheduler(ITEMS)
    assert scheduler.next_drill(NOW) == "skill:ante"
    scheduler.record("skill:ante", True, 2, 8, NOW)  # easy: due in days
    assert scheduler.next_drill(NOW + timedelta(minutes=1)) == "skill:odds_win"
    scheduler.record("skill:ante", False, 2, 8, NOW + timedelta(minutes=2))
    # missed now: overdue a few minutes later, so it comes before the new items
    assert scheduler.next_drill(NOW + timedelta(hours=1)) == "skill:ante"


def test_with_nothing_due_and_nothing_new_the_soonest_due_comes_next() -> None:
    scheduler = PracticeScheduler(["skill:ante", "skill:raise"])
    scheduler.record("skill:ante", True, 5, 8, NOW)  # good: ten minutes
    scheduler.record("skill:raise", True, 1, 8, NOW)  # easy: days
    assert scheduler.next_drill(NOW) == "skill:ante"


def test_recording_an_answer_reviews_its_skill_and_scenario_or_its_rulings() -> None:
    scheduler = PracticeScheduler(ITEMS)
    assert scheduler.record_answer(Skill.BAD_BEAT, True, 5, 8, NOW, scenario="bad-beat") == [
        "skill:bad_beat", "scenario:bad-beat"]
    assert scheduler.record_answer(None, False, 5, 8, NOW, lesson="irregularities") == [
        "ruling:irregularities"]
    assert "skill:bad_beat" in scheduler.items  # an item answered is added
    assert scheduler.due("skill:odds_win") is None


def test_work_my_mistakes_ranks_the_items_of_the_wrong_answers() -> None:
    scheduler = PracticeScheduler(ITEMS)
    mistakes = [
        {"skill": "pocket_bonus", "correct": False},
        {"skill": "odds_win", "correct": False, "scenario": "bad-beat"},
        {"skill": "ante", "correct": True},  # right: not a mistake
        {"skill": "odds_win", "correct": False},
        {"skill": None, "correct": False, "lesson": "irregularities"},
        "scenario:cap-applies",
    ]
    # odds_win missed twice first; then the rest once each, in the order first missed
    # (none has been practised, so none is due before another)
    assert scheduler.work_my_mistakes(mistakes) == [
        "skill:odds_win", "skill:pocket_bonus", "scenario:bad-beat",
        "ruling:irregularities", "scenario:cap-applies"]
    assert scheduler.work_my_mistakes([{"skill": "ante", "correct": True}]) == []


def test_among_mistakes_missed_as_often_the_most_overdue_comes_first() -> None:
    scheduler = PracticeScheduler(ITEMS)
    scheduler.record("skill:raise", False, 5, 8, NOW)
    scheduler.record("skill:ante", False, 5, 8, NOW - timedelta(days=1))
    mistakes = [{"skill": "raise", "correct": False}, {"skill": "ante", "correct": False}]
    assert scheduler.work_my_mistakes(mistakes) == ["skill:ante", "skill:raise"]


def test_the_schedule_survives_a_json_round_trip() -> None:
    scheduler = PracticeScheduler(ITEMS)
    scheduler.record("skill:ante", False, 5, 8, NOW)
    scheduler.record("scenario:bad-beat", True, 3, 8, NOW + timedelta(minutes=1))
    scheduler.record("skill:cap", True, 12, 8, NOW + timedelta(minutes=2))
    text = scheduler.to_json()
    json.loads(text)  # plain JSON
    again = PracticeScheduler.from_json(text)
    assert again.items == scheduler.items
    for item in scheduler.items:
        assert again.due(item) == scheduler.due(item)
    later = NOW + timedelta(hours=2)
    assert again.next_drill(later) == scheduler.next_drill(later)
    # and it goes on scheduling the same way
    scheduler.record("skill:ante", True, 5, 8, later)
    again.record("skill:ante", True, 5, 8, later)
    assert again.due("skill:ante") == scheduler.due("skill:ante")
    assert again.to_json() == scheduler.to_json()


def test_a_schedule_of_another_version_or_shape_is_refused() -> None:
    data = json.loads(PracticeScheduler(ITEMS).to_json())
    with pytest.raises(ValueError, match="version"):
        PracticeScheduler.from_dict({**data, "version": 99})
    with pytest.raises(ValueError, match="not a practice schedule"):
        PracticeScheduler.from_json("{")
    with pytest.raises(ValueError, match="not a practice schedule"):
        PracticeScheduler.from_dict({**data, "items": ["nonsense"]})


def test_a_time_without_a_zone_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        PracticeScheduler(ITEMS).record("skill:ante", True, 5, 8, datetime(2025, 3, 1, 9))


def test_items_name_what_is_practised() -> None:
    assert skill_item(Skill.ODDS_WIN) == "skill:odds_win"
    assert scenario_item("bad-beat") == "scenario:bad-beat"
    assert ruling_item("irregularities") == "ruling:irregularities"
    assert split_item("scenario:bad-beat") == ("scenario", "bad-beat")
    with pytest.raises(ValueError):
        split_item("lesson:ties")
    assert mistake_items({"skill": "ante", "correct": False, "scenario": "full-table"}) == [
        "skill:ante", "scenario:full-table"]
    assert "skill:cap" in default_items() and "scenario:royal-flush" in default_items()
