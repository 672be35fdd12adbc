"""An exam set-up: its fields, limits and checks, defined once (no Qt).

Every exam set-up is held to these limits, whoever writes it: the
instructor's Exam set-up dialog (typed text: :func:`parse_exam_setup`), the
site file's ``[exam]`` (TOML values: :func:`exam_value_problems`), the length
of a station's exam (settings.json and the Settings dialog:
:data:`MIN_EXAM_ROUNDS` to :data:`MAX_EXAM_ROUNDS`). It imports nothing of
the trainer but the engine, so storage can hold a stored set-up to it too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from trainer.engine.money import shown
from trainer.engine.rulesets import DEFAULT_RULES, PRESETS
from trainer.ranges import in_range

MIN_EXAM_ROUNDS = 1
MAX_EXAM_ROUNDS = 1000
"""Rounds of an exam: an instructor's set-up, the site's, or a station's practice exam."""
MIN_PASS_MARK = 0
MAX_PASS_MARK = 100
"""A pass mark is a percentage of answers right."""
MIN_TIME_LIMIT_MINUTES = 1
MAX_TIME_LIMIT_MINUTES = 600
"""An exam's time limit, in minutes (a file may give fractions: 22.5)."""


@dataclass(frozen=True)
class ExamSetup:
    """A checked exam set-up, ready for ``db.create_exam_config``."""

    name: str
    rounds: int
    pass_mark: float
    """Percent of answers right needed to pass."""
    time_limit_seconds: int | None = None
    ruleset_id: str = DEFAULT_RULES
    """The rule set of the exam (the default rule set when the set-up names none)."""

    @property
    def time_limit_minutes(self) -> float | None:
        return None if self.time_limit_seconds is None else self.time_limit_seconds / 60

    @property
    def figures(self) -> str:
        """``20 rounds, pass 90%, 30 min``."""
        limit = self.time_limit_minutes
        return f"{self.rounds} rounds, pass {self.pass_mark:g}%" + (
            f", {limit:g} min" if limit else ""
        )


@dataclass(frozen=True)
class _Limit:
    low: int
    high: int
    whole: bool
    what: str

    def holds(self, value: object) -> bool:
        return in_range(value, self.low, self.high, whole=self.whole)

    @property
    def expected(self) -> str:
        kind = "whole number" if self.whole else "number"
        return f"a {kind} of {self.what} from {self.low:,} to {self.high:,}"


ROUNDS = _Limit(MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS, True, "rounds")
PASS_MARK = _Limit(MIN_PASS_MARK, MAX_PASS_MARK, False, "percent (answers right)")
TIME_LIMIT_MINUTES = _Limit(MIN_TIME_LIMIT_MINUTES, MAX_TIME_LIMIT_MINUTES, False, "minutes")
_FILE_KEYS = {"rounds": ROUNDS, "pass_mark": PASS_MARK, "time_limit_minutes": TIME_LIMIT_MINUTES}
_OPTIONAL = ("time_limit_minutes",)


def exam_value_problems(values: Mapping[str, object]) -> list[str]:
    """One sentence per bad figure of a file's exam (``rounds``, ``pass_mark``,
    optional ``time_limit_minutes``), each starting with its key."""
    problems = []
    for key, limit in _FILE_KEYS.items():
        if key not in values:
            if key not in _OPTIONAL:
                problems.append(f"{key}: missing ({limit.expected})")
        elif not limit.holds(values[key]):
            problems.append(f"{key}: {shown(values[key])} is not {limit.expected}")
    return problems


def exam_from_values(name: str, values: Mapping[str, object], ruleset_id: str) -> ExamSetup:
    """The set-up of figures :func:`exam_value_problems` found no fault in."""
    minutes = values.get("time_limit_minutes")
    assert isinstance(minutes, int | float | None)
    rounds, pass_mark = values["rounds"], values["pass_mark"]
    assert isinstance(rounds, int) and isinstance(pass_mark, int | float)
    seconds = None if minutes is None else round(minutes * 60)
    return ExamSetup(name, rounds, float(pass_mark), seconds, ruleset_id)


def parse_exam_setup(
    name: str, rounds: str, ruleset_id: str, pass_mark: str, minutes: str
) -> ExamSetup:
    """Check a set-up typed in the Exam set-up dialog (whole minutes, a preset rule set);
    raise ``ValueError`` with a sentence naming the field as the dialog labels it."""
    clean_name = name.strip()
    if not clean_name:
        raise ValueError("Name: give the exam set-up a name, e.g. \u201cFinal exam\u201d.")
    text = rounds.strip()
    if not re.fullmatch(r"\d{1,9}", text) or not ROUNDS.holds(int(text)):
        raise ValueError(
            f"Number of rounds: {text or 'nothing'} is not a whole number from"
            f" {MIN_EXAM_ROUNDS} to {MAX_EXAM_ROUNDS}."
        )
    if ruleset_id not in PRESETS:
        raise ValueError(f"Rule set: {ruleset_id!r} is not one of {', '.join(PRESETS)}.")
    mark_text = pass_mark.strip().removesuffix("%").strip()
    try:
        mark = float(mark_text)
    except ValueError:
        mark = math.nan
    if not PASS_MARK.holds(mark):
        raise ValueError(
            f"Pass mark: {pass_mark.strip() or 'nothing'} is not a percentage from"
            f" {MIN_PASS_MARK} to {MAX_PASS_MARK}."
        )
    limit_text = minutes.strip()
    limit: int | None = None
    if limit_text:
        whole = re.fullmatch(r"\d{1,9}", limit_text)
        if not whole or not TIME_LIMIT_MINUTES.holds(int(limit_text)):
            raise ValueError(
                f"Time limit: {limit_text} is not a whole number of minutes from"
                f" {MIN_TIME_LIMIT_MINUTES} to {MAX_TIME_LIMIT_MINUTES} (leave it empty for"
                " no limit)."
            )
        limit = int(limit_text) * 60
    return ExamSetup(clean_name, int(text), mark, limit, ruleset_id)


def stored_exam_problem(rounds: object, pass_mark: object,
                        time_limit_seconds: object) -> str | None:
    """What is wrong with a set-up about to be stored (None: nothing), naming the field:
    the same limits, with the time limit in whole seconds (any from 1: what a person
    types is whole minutes, but a short limit is the stored form's to hold)."""
    if not ROUNDS.holds(rounds):
        return f"rounds: {shown(rounds)} is not {ROUNDS.expected}"
    if not PASS_MARK.holds(pass_mark):
        return f"pass_mark: {shown(pass_mark)} is not {PASS_MARK.expected}"
    low, high = 1, MAX_TIME_LIMIT_MINUTES * 60
    if time_limit_seconds is not None and not in_range(time_limit_seconds, low, high,
                                                       whole=True):
        return (f"time_limit_seconds: {shown(time_limit_seconds)} is not a whole number of"
                f" seconds from {low:,} to {high:,} (or none)")
    return None
