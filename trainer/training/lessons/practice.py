"""Rounds to practise: a drill's rounds, and the course's practice items (no Qt).

:func:`drill_rounds` / :func:`practice_rounds` deal rounds to ask;
:func:`course_items` gives the practice scheduler's items
(:mod:`trainer.training.scheduler`) and their target times.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from trainer.engine.generator import generate_round
from trainer.engine.procedure import DealMethod
from trainer.engine.round import Round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.scenarios import generate_scenario
from trainer.training.chip_drills import chip_drill_kind
from trainer.training.lessons.model import DEFAULT_RULES, RANDOM, Drill, Lesson, ProcedureDrill
from trainer.training.procedure import ProcedureRound, run_of_round
from trainer.training.questions import Skill
from trainer.training.scheduler import (
    RULING,
    SCENARIO,
    SKILL,
    ruling_item,
    scenario_item,
    skill_item,
    split_item,
)


def drill_rounds(drill: Drill, rng: random.Random) -> list[Round]:
    """``drill.count`` rounds dealt for a drill (raises ValueError if they cannot be)."""
    ruleset = load_ruleset(drill.rules) if drill.rules else None
    rounds = []
    for _ in range(drill.count):
        if drill.scenario == RANDOM:
            round_ = generate_round(rng, ruleset or load_ruleset(DEFAULT_RULES),
                                    seats=drill.seats, options=dict(drill.options))
        else:
            round_ = generate_scenario(drill.scenario, rng, ruleset, seats=drill.seats)
            if drill.options:
                round_ = replace(round_, options=dict(drill.options),
                                 tables=round_.ruleset.choose_tables(drill.options))
        rounds.append(round_)
    return rounds


def procedure_drill_runs(drill: ProcedureDrill, rng: random.Random,
                         deal: DealMethod = DealMethod.MANUAL,
                         rules: str = DEFAULT_RULES) -> list[ProcedureRound]:
    """``drill.count`` rounds to run step by step (:mod:`trainer.training.procedure`),
    under the drill's rule set or else ``rules`` (the room's, or the lesson's), dealt by
    the drill's method or else ``deal`` (the room's). Raises ValueError if they cannot be
    dealt."""
    ruleset = load_ruleset(drill.rules or rules)
    method = drill.deal or deal
    return [run_of_round(generate_round(rng, ruleset, seats=drill.seats,
                                        options=dict(drill.options)), rng, method)
            for _ in range(drill.count)]


def lesson_rounds(lesson: Lesson, rng: random.Random) -> list[tuple[Drill, Round]]:
    """Every drill round of a lesson, drill by drill in the file's order."""
    return [(drill, round_) for drill in lesson.drills for round_ in drill_rounds(drill, rng)]



def lessons_for_skill(lessons: Iterable[Lesson], skill: Skill) -> list[Lesson]:
    return [lesson for lesson in lessons if skill in lesson.skills]


def course_items(lessons: Iterable[Lesson]) -> dict[str, float]:
    """Every practice item of the course, in course order, with its target seconds.

    Lesson by lesson (pass them sorted, as :func:`load_lessons` returns them):
    its skills (``skill:...``), its drills' scenario kinds (``scenario:...``), its
    chip drills (``scenario:chips-cut`` ...) and, if it has rulings, its
    ``ruling:<lesson id>``. An item is held to the
    target time of the first lesson that brings it in. Give the keys to
    :class:`~trainer.training.scheduler.PracticeScheduler` so new items are
    taken in the order the course teaches them.
    """
    items: dict[str, float] = {}
    for lesson in lessons:
        for item in (*map(skill_item, lesson.skills), *map(scenario_item, lesson.scenarios),
                     *map(scenario_item, lesson.chip_items)):
            items.setdefault(item, lesson.target_seconds)
        if lesson.rulings:
            items.setdefault(ruling_item(lesson.id), lesson.target_seconds)
    return items


def practice_rounds(item: str, lessons: Sequence[Lesson], rng: random.Random,
                    count: int = 5) -> list[Round]:
    """``count`` fresh rounds that practise one scheduler item (e.g. from "work my mistakes").

    A scenario item is dealt as the first drill of that kind in the course
    deals it (its rule set, seats and tables); a skill item from the drills of
    the first lesson teaching the skill, chosen at random. A ruling item has
    no rounds (ask the lesson's :attr:`Lesson.rulings`), nor has a chip drill's item:
    the list is empty.
    Raises KeyError for an item no lesson practises.
    """
    kind, name = split_item(item)
    if kind == RULING or chip_drill_kind(name) is not None:
        return []  # asked without rounds: the lesson's rulings, or chip tasks
    if kind == SCENARIO:
        drill = next((d for lesson in lessons for d in lesson.drills if d.scenario == name),
                     Drill(name))
        return drill_rounds(replace(drill, count=count), rng)
    assert kind == SKILL
    teaching = [lesson for lesson in lessons_for_skill(lessons, Skill(name)) if lesson.drills]
    if not teaching:
        raise KeyError(f"{item}: no lesson has drills for this skill")
    drills = teaching[0].drills
    return [drill_rounds(replace(rng.choice(drills), count=1), rng)[0] for _ in range(count)]
