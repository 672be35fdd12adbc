"""The class's skill grid: one row per trainee, one cell per skill, with flags (no Qt).

Each cell is the trainee's mastery of the skill exactly as the course works it
out (:mod:`trainer.training.mastery`, over the latest
:data:`~trainer.training.mastery.WINDOW` answers, against the skill's target
time from the course's lessons), read from storage's ``skill_recent`` (the
latest answers per skill, kept by a trigger) so a room of 200 trainees reads a
few thousand rows, not every answer.

Per trainee:

* **weakest skill**: the practised skill with the lowest score; a tie goes to
  the skill that comes first in the dealer's order of work (it is settled
  first, and a mistake there carries into the rest of the round);
* **flags** (:class:`Flag`): *below target* (some practised skill is not
  mastered), *not practised* for :data:`NOT_PRACTISED_DAYS` days or more (since
  the trainee's last answer of any kind, or since the trainee was added when
  there is none), *slower than the target time* (some practised skill's median
  seconds over the window above that skill's target time).

The skills shown are those the trainees' rule sets ask (:func:`ruleset_skills`:
the 6-Card Bonus, the progressive and the maximum aggregate payout only under a
rule set that has them), plus any skill a trainee has answered; every skill
when no trainee has played a session yet.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from trainer.engine.round import Wager, offered_side_wagers
from trainer.engine.rulesets import RuleSet, RuleSetError, load_ruleset
from trainer.i18n import N_, _, ngettext
from trainer.reports.queries import course_lessons
from trainer.reports.text import mastery_text, percent, seconds_text, skill_label, skill_order
from trainer.skills import Skill
from trainer.storage.grid_queries import RecentAnswers
from trainer.storage.interfaces import ClassViewReads
from trainer.storage.models import Trainee
from trainer.training.mastery import (
    DEFAULT_TARGET_SECONDS,
    WINDOW,
    LessonLike,
    Level,
    Mastery,
    chosen_mastery,
    mastery,
    skill_targets,
    target_met,
)

NOT_PRACTISED_DAYS = 7
"""Days without an answer after which a trainee is flagged *not practised*."""

LEVELS: tuple[Level, ...] = (
    Level.NOT_STARTED,
    Level.LEARNING,
    Level.PRACTISING,
    Level.PROFICIENT,
    Level.MASTERED,
)
"""The levels from none to the target, as the grid's legend lists them."""


class Flag(StrEnum):
    """What the instructor may want to act on, per trainee."""

    BELOW_TARGET = N_("below target")
    NOT_PRACTISED = N_("not practised")
    SLOW = N_("slower than target time")

    @property
    def display_name(self) -> str:
        """The flag in the current language (its value is what the CSV files carry)."""
        return _(self.value)

    def description(self, days: int = NOT_PRACTISED_DAYS) -> str:
        """What the flag means (``days``: the grid's days for *not practised*)."""
        return {
            Flag.BELOW_TARGET: _("some practised skill is not mastered yet"),
            Flag.NOT_PRACTISED: ngettext("no answer for {count} day or more",
                                         "no answer for {count} days or more", days),
            Flag.SLOW: _("some practised skill's median time is above its target time"),
        }[self]


# The side wagers and the skill their payouts train (trainer.training.questions asks a
# payout question of each wager on the table).
_SIDE_WAGER_SKILLS: dict[Wager, Skill] = {
    Wager.TRIPS_PLUS: Skill.TRIPS_PLUS,
    Wager.POCKET_BONUS: Skill.POCKET_BONUS,
    Wager.SIX_CARD_BONUS: Skill.SIX_CARD_BONUS,
    Wager.PROGRESSIVE: Skill.PROGRESSIVE,
}


_OWN_MODE_SKILLS = (Skill.CAP, Skill.CHIP_PROCEDURE, Skill.SPOT_MISTAKES,
                    Skill.CORRECT_MISTAKES, Skill.PROCEDURE)
"""Skills no rule set asks by itself (the cap is added where a rule set has one)."""


def ruleset_skills(ruleset: RuleSet) -> frozenset[Skill]:
    """The skills a rule set's rounds ask: the main game's always, each side wager's
    when the rule set offers it, the maximum aggregate payout when it has a cap. The
    chip procedure is chip mode's, not a rule set's, and spotting and correcting a dealer's
    mistakes are their exercise's, as running the round is: each shown once someone
    answers it."""
    side = set(_SIDE_WAGER_SKILLS.values())
    skills: set[Skill] = {s for s in Skill if s not in side and s not in _OWN_MODE_SKILLS}
    skills.update(_SIDE_WAGER_SKILLS[wager] for wager in offered_side_wagers(ruleset))
    if ruleset.max_aggregate_payout is not None:
        skills.add(Skill.CAP)
    return frozenset(skills)


@dataclass(frozen=True, slots=True)
class GridCell:
    """One trainee's mastery of one skill, and the counts behind it."""

    skill: Skill
    mastery: Mastery
    right: int
    """Right answers over the window (of ``mastery.answers``)."""
    mean_seconds: float | None
    """Mean seconds over the window; None when not started."""
    last_practised: datetime | None
    """The latest answer on the skill (UTC); None when not started."""

    @property
    def started(self) -> bool:
        return self.mastery.level is not Level.NOT_STARTED

    @property
    def slow(self) -> bool:
        """Whether the median time over the window is above the skill's target time."""
        median = self.mastery.median_seconds
        return median is not None and median > self.mastery.target_seconds


@dataclass(frozen=True, slots=True)
class GridRow:
    """One trainee across the skills shown."""

    trainee_id: int
    name: str
    cells: Mapping[Skill, GridCell]
    """Every skill shown, not-started ones included."""
    last_active: datetime | None
    """The trainee's latest answer of any kind (UTC)."""
    idle_days: int
    """Whole days since ``last_active`` (since the trainee was added, without one)."""
    weakest: Skill | None
    """The lowest-scoring practised skill (ties: the earlier in the dealer's order)."""
    flags: frozenset[Flag]

    @property
    def practised(self) -> int:
        return sum(cell.started for cell in self.cells.values())

    @property
    def mastered(self) -> int:
        return sum(target_met(cell.mastery) for cell in self.cells.values())


@dataclass(frozen=True, slots=True)
class SkillSummary:
    """One skill across the grid's trainees."""

    skill: Skill
    practised: int
    """Trainees who have answered it."""
    mastered: int
    mean_score: float | None
    """The mean score of those who practised it; None when nobody has."""


@dataclass(frozen=True, slots=True)
class SkillGrid:
    skills: tuple[Skill, ...]
    """The skills shown, in the dealer's order of work."""
    rows: tuple[GridRow, ...]
    """By name."""
    now: datetime
    not_practised_days: int = NOT_PRACTISED_DAYS
    targets: Mapping[Skill, float] = field(default_factory=dict)

    def summary(self, skill: Skill) -> SkillSummary:
        cells = [row.cells[skill] for row in self.rows if skill in row.cells]
        practised = [cell for cell in cells if cell.started]
        return SkillSummary(
            skill,
            len(practised),
            sum(target_met(cell.mastery) for cell in practised),
            statistics.fmean(cell.mastery.score for cell in practised) if practised else None,
        )

    def flagged(self, flag: Flag) -> list[GridRow]:
        return [row for row in self.rows if flag in row.flags]


def shown_skills(rulesets: Iterable[str], practised: Iterable[Skill]) -> tuple[Skill, ...]:
    """The grid's columns: the skills of the rule sets played (a rule set that cannot be
    read adds none) and the skills answered; every skill when both are empty."""
    chosen: set[Skill] = set(practised)
    names = list(rulesets)
    for name in names:
        try:
            chosen |= ruleset_skills(load_ruleset(name))
        except (RuleSetError, OSError, ValueError):
            continue
    if not names and not chosen:
        chosen = set(Skill)
    return tuple(sorted(chosen, key=skill_order))


def grid_cell(skill: Skill, recent: RecentAnswers | None, target_seconds: float) -> GridCell:
    """A cell from a trainee's latest answers on ``skill`` (None: never answered)."""
    if recent is None or not recent.correct:
        return GridCell(skill, mastery((), target_seconds), 0, None, None)
    # The answers come oldest first (answered_at, then id): the window is the last ones.
    correct, seconds = recent.correct[-WINDOW:], recent.seconds[-WINDOW:]
    figures = chosen_mastery(correct, seconds, target_seconds)
    return GridCell(skill, figures, sum(correct), math.fsum(seconds) / len(seconds),
                    max(recent.answered_at))


def _weakest(cells: Mapping[Skill, GridCell]) -> Skill | None:
    practised = [cell for cell in cells.values() if cell.started]
    if not practised:
        return None
    return min(practised, key=lambda cell: (cell.mastery.score, skill_order(cell.skill))).skill


def grid_row(trainee: Trainee, cells: Mapping[Skill, GridCell], now: datetime,
             not_practised_days: int = NOT_PRACTISED_DAYS) -> GridRow:
    """A trainee's row: the cells given, the weakest skill and the flags."""
    since = trainee.last_active or trainee.created
    idle = max(0, (now - since) // timedelta(days=1))
    flags = set()
    practised = [cell for cell in cells.values() if cell.started]
    if any(not target_met(cell.mastery) for cell in practised):
        flags.add(Flag.BELOW_TARGET)
    if now - since >= timedelta(days=not_practised_days):
        flags.add(Flag.NOT_PRACTISED)
    if any(cell.slow for cell in practised):
        flags.add(Flag.SLOW)
    return GridRow(trainee.id, trainee.name, dict(cells), trainee.last_active, idle,
                   _weakest(cells), frozenset(flags))


def skill_grid(
    db: ClassViewReads,
    trainee_ids: Sequence[int] | None = None,
    *,
    lessons: Sequence[LessonLike] | None = None,
    now: datetime | None = None,
    not_practised_days: int = NOT_PRACTISED_DAYS,
) -> SkillGrid:
    """The grid for ``trainee_ids`` (None: every trainee; an id of no trainee is left
    out), held to the target times of ``lessons`` (default: the course's)."""
    if not_practised_days < 1:
        raise ValueError(f"not_practised_days: {not_practised_days} must be at least 1")
    moment = now or datetime.now(UTC)
    wanted = None if trainee_ids is None else set(trainee_ids)
    trainees = [t for t in db.list_trainees() if wanted is None or t.id in wanted]
    ids = [t.id for t in trainees]
    recent = db.recent_by_skill(ids)
    skills = shown_skills(db.rulesets_of(ids), (cell.skill for cell in recent))
    targets = skill_targets(course_lessons() if lessons is None else lessons)
    by_trainee: dict[int, dict[Skill, RecentAnswers]] = {}
    for cell in recent:
        by_trainee.setdefault(cell.trainee_id, {})[cell.skill] = cell
    rows = []
    for trainee in trainees:
        answered = by_trainee.get(trainee.id, {})
        cells = {
            skill: grid_cell(skill, answered.get(skill),
                             targets.get(skill, DEFAULT_TARGET_SECONDS))
            for skill in skills
        }
        rows.append(grid_row(trainee, cells, moment, not_practised_days))
    return SkillGrid(tuple(skills), tuple(rows), moment, not_practised_days, targets)


def cell_tooltip(cell: GridCell) -> str:
    """The counts behind a cell, in words (the grid's tooltip)."""
    figures = cell.mastery
    title = skill_label(cell.skill)
    target = f"{figures.target_seconds:g}"
    if not cell.started:
        return _("{skill}: not practised yet (target time {target} s).", skill=title,
                 target=target)
    when = cell.last_practised.astimezone().strftime("%Y-%m-%d") if cell.last_practised else ""
    median, mean = seconds_text(figures.median_seconds), seconds_text(cell.mean_seconds)
    times = (
        _("Median {median} s, mean {mean} s; target {target} s (slower than the target)",
          median=median, mean=mean, target=target) if cell.slow
        else _("Median {median} s, mean {mean} s; target {target} s", median=median,
               mean=mean, target=target)
    )
    return "\n".join((
        _("{skill}: {mastery}", skill=title, mastery=mastery_text(figures)),
        ngettext("Last {count} answer: {right} right ({accuracy}%)",
                 "Last {count} answers: {right} right ({accuracy}%)", figures.answers,
                 right=cell.right, accuracy=percent(figures.accuracy, 0)),
        times,
        _("Last practised {day}", day=when),
    ))


def flags_text(flags: Iterable[Flag]) -> str:
    """``below target, slower than target time``, in :class:`Flag` order; empty for none."""
    chosen = set(flags)
    return ", ".join(flag.display_name for flag in Flag if flag in chosen)
