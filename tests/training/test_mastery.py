"""Mastery from hand-made answer records; every expected figure is worked by hand
from the formula in trainer/training/mastery.py's docstring:

    score = round_half_up(100 * accuracy * (0.8 + 0.2 * speed)),
    speed = 1 when median seconds <= target, else target / median.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from trainer.training.mastery import (
    Level,
    UnsavedAnswer,
    course_mastery,
    lesson_mastery,
    level_for,
    mastery,
    mastery_by_skill,
    skill_mastery,
    skill_targets,
    target_met,
)
from trainer.training.questions import Skill

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def answers(skill: Skill | None, marks: str, seconds: list[float], *, start: int = 0,
            lesson: str | None = None) -> list[UnsavedAnswer]:
    """One record per mark ("1" right, "0" wrong), a minute apart from ``start`` minutes."""
    assert len(marks) == len(seconds)
    return [UnsavedAnswer(skill, mark == "1", second, START + timedelta(minutes=start + index),
                          lesson=lesson)
            for index, (mark, second) in enumerate(zip(marks, seconds, strict=True))]


@dataclass(frozen=True)
class FakeLesson:
    id: str
    skills: tuple[Skill, ...]
    target_seconds: float


def test_no_answers_is_not_started() -> None:
    result = mastery([], 8)
    assert (result.score, result.level, result.answers, result.median_seconds) == (
        0, Level.NOT_STARTED, 0, None)


def test_ten_right_answers_on_time_are_mastered() -> None:
    result = mastery(answers(Skill.ANTE, "1" * 10, [5.0] * 10), 8)
    assert (result.score, result.level, result.accuracy) == (100, Level.MASTERED, 1.0)


def test_nine_right_answers_are_only_proficient() -> None:
    # score 100, but mastery needs at least ten answers
    result = mastery(answers(Skill.ANTE, "1" * 9, [5.0] * 9), 8)
    assert (result.score, result.level) == (100, Level.PROFICIENT)


def test_the_target_is_met_from_a_score_of_95_over_the_last_twenty_answers() -> None:
    # 19 of 20 right on time: 95, mastered; 18 of 20: 90, proficient.
    met = mastery(answers(Skill.ANTE, "0" + "1" * 19, [5.0] * 20), 8)
    short = mastery(answers(Skill.ANTE, "00" + "1" * 18, [5.0] * 20), 8)
    assert (met.score, met.level, target_met(met)) == (95, Level.MASTERED, True)
    assert (short.score, short.level, target_met(short)) == (90, Level.PROFICIENT, False)
    # Ten wrong answers before the last twenty no longer count.
    older = answers(Skill.ANTE, "0" * 10, [5.0] * 10)
    later = answers(Skill.ANTE, "1" * 20, [5.0] * 20, start=10)
    assert target_met(mastery(older + later, 8))
    # Nine answers all right on time score 100 but are not yet enough.
    assert not target_met(mastery(answers(Skill.ANTE, "1" * 9, [5.0] * 9), 8))


def test_accuracy_counts_eighty_points_and_the_median_decides_speed() -> None:
    # 3 of 4 right; seconds 4, 6, 10, 12: median (6 + 10) / 2 = 8 = target, so speed 1.
    # 100 * 0.75 * 1.0 = 75 -> practising (50-79)
    result = mastery(answers(Skill.ODDS_WIN, "1101", [4, 6, 10, 12]), 8)
    assert (result.score, result.level, result.median_seconds) == (75, Level.PRACTISING, 8.0)


def test_twice_the_target_time_costs_ten_points() -> None:
    # all right, median 16 against 8: speed 0.5 -> 100 * (0.8 + 0.1) = 90
    result = mastery(answers(Skill.BAD_BEAT, "1" * 3, [16, 16, 16]), 8)
    assert (result.score, result.level) == (90, Level.PROFICIENT)


def test_a_half_point_rounds_up() -> None:
    # 5 of 8 right on time: 100 * 5/8 = 62.5 -> 63
    assert mastery(answers(Skill.RESULT, "10101011", [3] * 8), 8).score == 63
    # 3 of 4 right, median 8 against 6: speed 3/4 -> 100 * 3/4 * (0.8 + 0.15) = 71.25 -> 71
    assert mastery(answers(Skill.RESULT, "1110", [8] * 4), 6).score == 71
    # all right, median 9 against 6: speed 2/3 -> 100 * (0.8 + 2/15) = 93.33 -> 93
    assert mastery(answers(Skill.RESULT, "11", [9, 9]), 6).score == 93


def test_only_the_last_twenty_answers_count_by_time_not_by_list_order() -> None:
    old_wrong = answers(Skill.POCKET_BONUS, "0" * 5, [5] * 5)
    recent_right = answers(Skill.POCKET_BONUS, "1" * 20, [5] * 20, start=10)
    shuffled = old_wrong + recent_right
    random.Random(1).shuffle(shuffled)
    result = mastery(shuffled, 6)
    assert (result.answers, result.accuracy, result.score) == (20, 1.0, 100)
    # a window of 25 takes the five wrong answers back in: 20/25 = 0.8 -> 80
    assert mastery(shuffled, 6, window=25).score == 80


def test_levels_follow_the_score() -> None:
    assert [level_for(score, 10) for score in (0, 49, 50, 79, 80, 94, 95)] == [
        Level.LEARNING, Level.LEARNING, Level.PRACTISING, Level.PRACTISING,
        Level.PROFICIENT, Level.PROFICIENT, Level.MASTERED]
    assert level_for(0, 0) is Level.NOT_STARTED


def test_skill_mastery_picks_that_skills_answers() -> None:
    records = answers(Skill.ANTE, "1111", [4] * 4) + answers(Skill.RAISE, "0000", [4] * 4, start=10)
    assert skill_mastery(records, Skill.ANTE, 5).score == 100
    assert skill_mastery(records, Skill.RAISE, 5).score == 0
    by_skill = mastery_by_skill(records, {Skill.ANTE: 5})
    assert by_skill[Skill.ANTE].target_seconds == 5
    assert by_skill[Skill.RAISE].target_seconds == 10.0  # the default target
    assert by_skill[Skill.CAP].level is Level.NOT_STARTED


def test_a_lesson_averages_its_skills_and_an_unanswered_skill_counts_zero() -> None:
    lesson = FakeLesson("ante-and-raise", (Skill.ANTE, Skill.RAISE), 5)
    records = answers(Skill.ANTE, "1" * 10, [4] * 10)
    result = lesson_mastery(records, lesson)
    # ante 100 (mastered), raise 0 (not started): (100 + 0) / 2 = 50 -> practising
    assert result.skills[Skill.ANTE].level is Level.MASTERED
    assert result.skills[Skill.RAISE].level is Level.NOT_STARTED
    assert (result.score, result.level) == (50, Level.PRACTISING)


def test_a_lesson_is_mastered_only_when_every_skill_is() -> None:
    lesson = FakeLesson("ante-and-raise", (Skill.ANTE, Skill.RAISE), 5)
    ante = answers(Skill.ANTE, "1" * 10, [4] * 10)
    # raise: 9 answers, all right: score 100 but only proficient
    raise_ = answers(Skill.RAISE, "1" * 9, [4] * 9, start=20)
    result = lesson_mastery(ante + raise_, lesson)
    assert (result.score, result.level) == (100, Level.PROFICIENT)
    more = answers(Skill.RAISE, "1", [4], start=40)
    assert lesson_mastery(ante + raise_ + more, lesson).level is Level.MASTERED


def test_the_speed_lesson_holds_the_same_answers_to_its_own_target() -> None:
    records = answers(Skill.DEALER_HAND, "1" * 10, [6] * 10)
    first = FakeLesson("hand-rankings", (Skill.DEALER_HAND,), 8)
    speed = FakeLesson("full-table-speed", (Skill.DEALER_HAND,), 4)
    assert lesson_mastery(records, first).score == 100
    # median 6 against 4: speed 2/3 -> 100 * (0.8 + 2/15) = 93.33 -> 93
    assert lesson_mastery(records, speed).score == 93
    assert skill_targets([first, speed]) == {Skill.DEALER_HAND: 8}
    assert set(course_mastery(records, [first, speed])) == {"hand-rankings", "full-table-speed"}


def test_a_lesson_of_rulings_is_scored_from_its_own_records() -> None:
    lesson = FakeLesson("irregularities", (), 20)
    records = (answers(None, "1101", [10, 10, 30, 30], lesson="irregularities")
               + answers(Skill.ANTE, "0000", [1] * 4, start=10)
               + answers(None, "0", [10], start=20, lesson="other"))
    # 3 of 4 right, median (10 + 30) / 2 = 20 = target: 75
    result = lesson_mastery(records, lesson)
    assert (result.score, result.level, result.skills) == (75, Level.PRACTISING, {})


def test_a_target_time_of_zero_is_refused() -> None:
    """(Storage's rows come back typed: tests/storage/test_storage_rows.py.)"""
    record = UnsavedAnswer(Skill.ODDS_WIN, True, 7.0, START)
    with pytest.raises(ValueError, match="target_seconds"):
        mastery([record], 0)
