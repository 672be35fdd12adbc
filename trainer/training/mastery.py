"""Mastery per skill and per lesson: pure functions over answer records.

An answer (:data:`Scored`) is one of storage's typed records, read as it is
(:class:`~trainer.storage.models.AnswerRecord` for a question on a dealt
round, :class:`~trainer.storage.models.CourseAnswer` for a ruling or a
scenario round, which has no skill: see :func:`skill_of`), or an
:class:`UnsavedAnswer` the course counts for this run only.

For one skill (RECENT = the last ``window`` answers, by ``answered_at``)::

    accuracy = right answers / answers                  (over RECENT)
    speed    = 1                    when median seconds <= target
               target / median      otherwise           (0 < speed <= 1)
    score    = round_half_up(100 * accuracy * (0.8 + 0.2 * speed))   (0-100)

so accuracy counts for 80 points and speed scales the other 20: all right
on time is 100, all right at twice the target is 90, half right on time 50.
The level follows the score: ``learning`` below :data:`PRACTISING_SCORE` (50),
``practising`` below :data:`PROFICIENT_SCORE` (80), ``proficient`` from 80,
``mastered`` from :data:`MASTERED_SCORE` (95) with at least
:data:`MASTERY_MIN_ANSWERS` (10) answers (a lucky streak of three is not
mastery); ``not started`` without an answer.

**The target** a trainee works towards, for a skill, is that skill's level
being ``mastered`` (:func:`target_met`): every screen, report and the course
give that one verdict, from these numbers alone. A skill's target time is
that of the first lesson teaching it (:func:`skill_targets`), else
:data:`DEFAULT_TARGET_SECONDS`.

A lesson's score is the mean of its skills' scores (a skill never answered
counts 0), each computed from *all* the answers on that skill but against
the lesson's own target time (so the speed-round lesson holds the same
answers to a tighter clock); it is ``mastered`` only when every one of its
skills is. A lesson without skills (the rulings of the irregularities
lesson) is scored from the records that name it in ``lesson``. A lesson's chip drills
(cut and size, ``chip_items``: their answers name the drill as a scenario) count as
its answers when it has no skills, and as one more part of the mean when it has.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import Protocol, TypeAlias

from trainer.storage.models import AnswerRecord, CourseAnswer
from trainer.training.questions import Skill

WINDOW = 20
"""Answers (the most recent) that mastery is computed from."""

MASTERY_MIN_ANSWERS = 10
"""Answers (within the window) a skill needs before it can be mastered."""

MASTERED_SCORE = 95
"""The score (of 100) from which a skill is mastered: the target."""
PROFICIENT_SCORE = 80
PRACTISING_SCORE = 50

MASTERED_MIN_ACCURACY = MASTERED_SCORE / 100
"""The least accuracy over the window that can be mastered (all answers on time):
the score is at most 100 x accuracy. The history chart draws it as the target line."""

DEFAULT_TARGET_SECONDS = 10.0
"""Target time for a skill no lesson sets one for."""


class Level(StrEnum):
    NOT_STARTED = "not started"
    LEARNING = "learning"
    PRACTISING = "practising"
    PROFICIENT = "proficient"
    MASTERED = "mastered"


@dataclass(frozen=True, slots=True)
class UnsavedAnswer:
    """An answer counted for this run of the program only: there is no trainee's
    database, or saving it failed (``CourseProgress.extra``)."""

    skill: Skill | None
    """None for a ruling or a scenario round (``lesson`` or ``scenario`` names it)."""
    correct: bool
    seconds: float
    answered_at: datetime
    """Timezone-aware."""
    scenario: str | None = None
    lesson: str | None = None


Scored: TypeAlias = AnswerRecord | CourseAnswer | UnsavedAnswer
"""An answer as mastery and the practice schedule read it."""


def skill_of(record: Scored) -> Skill | None:
    """The skill an answer trains; None for a ruling or a scenario round."""
    return None if isinstance(record, CourseAnswer) else record.skill


@dataclass(frozen=True, slots=True)
class Mastery:
    score: int
    """0-100."""
    level: Level
    answers: int
    """Answers the figures are computed from (at most the window)."""
    accuracy: float
    """0.0-1.0; 0.0 without answers."""
    median_seconds: float | None
    target_seconds: float


@dataclass(frozen=True, slots=True)
class LessonMastery:
    lesson: str
    score: int
    level: Level
    skills: Mapping[Skill, Mastery]
    """Per skill of the lesson (empty for a lesson of rulings)."""


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def level_for(score: int, answers: int) -> Level:
    if answers == 0:
        return Level.NOT_STARTED
    if score >= MASTERED_SCORE and answers >= MASTERY_MIN_ANSWERS:
        return Level.MASTERED
    if score >= PROFICIENT_SCORE:
        return Level.PROFICIENT
    if score >= PRACTISING_SCORE:
        return Level.PRACTISING
    return Level.LEARNING


def target_met(figures: Mastery) -> bool:
    """Whether a skill meets the training target: its level is ``mastered``."""
    return figures.level is Level.MASTERED


def recent(records: Iterable[Scored], window: int = WINDOW) -> list[Scored]:
    """The last ``window`` records by ``answered_at`` (ties keep their given order)."""
    ordered = sorted(records, key=lambda r: r.answered_at)
    return ordered[-window:] if window > 0 else []


def mastery(records: Iterable[Scored], target_seconds: float, window: int = WINDOW) -> Mastery:
    """Mastery from already-chosen records (e.g. one skill's)."""
    if target_seconds <= 0:
        raise ValueError(f"target_seconds: {target_seconds} must be above 0")
    chosen = recent(records, window)
    return chosen_mastery([record.correct for record in chosen],
                          [record.seconds for record in chosen], target_seconds)


def chosen_mastery(correct: Sequence[bool], seconds: Sequence[float],
                   target_seconds: float) -> Mastery:
    """Mastery from the answers already chosen (the last of the window, as columns): the
    one formula :func:`mastery` uses, for a caller that holds columns (the class grid's
    thousands of cells) rather than records."""
    if target_seconds <= 0:
        raise ValueError(f"target_seconds: {target_seconds} must be above 0")
    if not correct:
        return Mastery(0, Level.NOT_STARTED, 0, 0.0, None, target_seconds)
    accuracy = Fraction(sum(correct), len(correct))
    median = float(statistics.median(seconds))
    speed = Fraction(1) if median <= target_seconds else Fraction(target_seconds) / Fraction(median)
    score = _round_half_up(100 * accuracy * (Fraction(4, 5) + speed / 5))  # exact: no 84.4999...
    return Mastery(score, level_for(score, len(correct)), len(correct), float(accuracy), median,
                   target_seconds)


def skill_mastery(records: Iterable[Scored], skill: Skill, target_seconds: float,
                  window: int = WINDOW) -> Mastery:
    return mastery((r for r in records if skill_of(r) is skill), target_seconds, window)


def mastery_by_skill(records: Iterable[Scored], targets: Mapping[Skill, float] | None = None,
                     window: int = WINDOW) -> dict[Skill, Mastery]:
    """Every skill's mastery (targets default to :data:`DEFAULT_TARGET_SECONDS`)."""
    rows = list(records)
    targets = targets or {}
    return {skill: skill_mastery(rows, skill, targets.get(skill, DEFAULT_TARGET_SECONDS),
                                 window)
            for skill in Skill}


class LessonLike(Protocol):
    """What mastery needs of a :class:`trainer.training.lessons.Lesson`."""

    @property
    def id(self) -> str: ...
    @property
    def skills(self) -> Sequence[Skill]: ...
    @property
    def target_seconds(self) -> float: ...


def lesson_mastery(records: Iterable[Scored], lesson: LessonLike,
                   window: int = WINDOW) -> LessonMastery:
    rows = list(records)
    chip_items = frozenset(getattr(lesson, "chip_items", ()))
    if not lesson.skills:
        own = mastery((r for r in rows if r.lesson == lesson.id or r.scenario in chip_items),
                      lesson.target_seconds, window)
        return LessonMastery(lesson.id, own.score, own.level, {})
    per_skill = {skill: skill_mastery(rows, skill, lesson.target_seconds, window)
                 for skill in lesson.skills}
    parts = list(per_skill.values())
    if chip_items:  # its chip drills count as one more part, like a skill
        parts.append(mastery((r for r in rows if r.scenario in chip_items),
                             lesson.target_seconds, window))
    score = _round_half_up(Fraction(sum(m.score for m in parts), len(parts)))
    levels = {m.level for m in parts}
    if levels == {Level.NOT_STARTED}:
        level = Level.NOT_STARTED
    elif levels == {Level.MASTERED}:
        level = Level.MASTERED
    else:  # never mastered while one skill is not: level_for with 1 answer stops short of it
        level = level_for(score, 1)
    return LessonMastery(lesson.id, score, level, per_skill)


def course_mastery(records: Iterable[Scored], lessons: Iterable[LessonLike],
                   window: int = WINDOW) -> dict[str, LessonMastery]:
    """Every lesson's mastery, by lesson id (in the order given)."""
    rows = list(records)
    return {lesson.id: lesson_mastery(rows, lesson, window) for lesson in lessons}


def skill_targets(lessons: Iterable[LessonLike]) -> dict[Skill, float]:
    """Each skill's target time: that of the first lesson (in the given order) teaching it.

    Pass the lessons sorted by ``order`` (as :func:`~.lessons.load_lessons`
    returns them): the per-skill view holds a skill to the target of the
    lesson that teaches it first (a later speed-round lesson's tighter target
    applies only to that lesson's own mastery, see :func:`lesson_mastery`).
    """
    targets: dict[Skill, float] = {}
    for lesson in lessons:
        for skill in lesson.skills:
            targets.setdefault(skill, lesson.target_seconds)
    return targets
