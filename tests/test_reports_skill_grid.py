"""The class's skill grid: each cell the course's mastery, the weakest skill, the flags.

Answers are written into a real SQLite file through the storage API at chosen
times; every expected figure is worked by hand from mastery's formula
(score = round_half_up(100 x accuracy x (0.8 + 0.2 x speed)), speed = target / median
when the median is over the target time).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import give_answers
from trainer import reports
from trainer.engine.rulesets import load_ruleset
from trainer.reports.skill_grid import (
    NOT_PRACTISED_DAYS,
    Flag,
    cell_tooltip,
    flags_text,
    ruleset_skills,
    skill_grid,
)
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.schema import SKILL_RECENT_KEPT
from trainer.training.mastery import WINDOW, Level

T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Lesson:
    """What the grid reads of a lesson: its skills and its target time."""

    id: str
    skills: tuple[Skill, ...]
    target_seconds: float


LESSONS = (
    Lesson("main", (Skill.ANTE, Skill.RAISE), 6.0),
    Lesson("bonus", (Skill.POCKET_BONUS,), 6.0),
)


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "grid.sqlite3", backup_on_session=False) as database:
        yield database


def trainee(db: TrainerDB, name: str, *, added: float = -24) -> int:
    return db.create_trainee(name, at=at(added))


def give(db: TrainerDB, who: int, skill: Skill, results: Sequence[bool], seconds: float,
         *, start: float = 0, rules: str = "ny-2018") -> None:
    """Answers on ``skill``, one a minute from ``start`` hours, each taking ``seconds``."""
    give_answers(db, who, skill, results, seconds, at(start), rules=rules)


def test_the_store_keeps_the_window_mastery_reads() -> None:
    assert SKILL_RECENT_KEPT == WINDOW


def test_a_trainee_weak_at_the_pocket_bonus_shows_it(db: TrainerDB) -> None:
    ana = trainee(db, "Ana")
    give(db, ana, Skill.ANTE, [True] * 10, 4.0)
    give(db, ana, Skill.POCKET_BONUS, [True, False, False] * 4, 3.0, start=1)
    grid = skill_grid(db, lessons=LESSONS, now=at(48))
    (row,) = grid.rows
    ante, bonus = row.cells[Skill.ANTE], row.cells[Skill.POCKET_BONUS]
    # Ante: 10 of 10 right, median 4 s within 6 s: 100, mastered (10 answers).
    assert (ante.mastery.score, ante.mastery.level, ante.right) == (100, Level.MASTERED, 10)
    # Pocket Bonus: 4 of 12 right on time: 100 x 1/3 = 33.3 -> 33, learning.
    assert (bonus.mastery.score, bonus.mastery.level, bonus.right) == (33, Level.LEARNING, 4)
    assert bonus.mastery.answers == 12 and bonus.mean_seconds == 3.0
    assert bonus.last_practised == at(1 + 11 / 60)
    assert row.cells[Skill.RAISE].mastery.level is Level.NOT_STARTED
    assert row.weakest is Skill.POCKET_BONUS
    assert row.flags == {Flag.BELOW_TARGET}
    assert (row.practised, row.mastered) == (2, 1)


def test_a_slow_trainee_is_flagged_and_scored_for_speed(db: TrainerDB) -> None:
    ben = trainee(db, "Ben")
    # 19 of 20 right at 12 s against 6 s: speed 1/2, 100 x 0.95 x 0.9 = 85.5 -> 86.
    give(db, ben, Skill.ANTE, [False] + [True] * 19, 12.0)
    # Raise: 2 of 2 right at 1 s: a score of 100, but 2 answers are not enough to master.
    give(db, ben, Skill.RAISE, [True, True], 1.0, start=2)
    (row,) = skill_grid(db, lessons=LESSONS, now=at(30)).rows
    ante, raised = row.cells[Skill.ANTE], row.cells[Skill.RAISE]
    assert (ante.mastery.score, ante.mastery.level, ante.slow) == (86, Level.PROFICIENT, True)
    assert (raised.mastery.score, raised.mastery.level, raised.slow) == (
        100, Level.PROFICIENT, False)
    assert row.weakest is Skill.ANTE
    assert row.flags == {Flag.BELOW_TARGET, Flag.SLOW}


def test_only_the_latest_twenty_answers_count(db: TrainerDB) -> None:
    cy = trainee(db, "Cy")
    # Ten wrong answers, then twenty right: the wrong ones fall out of the window.
    give(db, cy, Skill.ANTE, [False] * 10 + [True] * 20, 2.0)
    (row,) = skill_grid(db, lessons=LESSONS, now=at(1)).rows
    cell = row.cells[Skill.ANTE]
    assert (cell.mastery.answers, cell.right, cell.mastery.score) == (20, 20, 100)
    assert row.flags == frozenset()
    assert row.weakest is Skill.ANTE  # the only practised skill, even when mastered


def test_a_tie_for_weakest_goes_to_the_skill_settled_first(db: TrainerDB) -> None:
    dee = trainee(db, "Dee")
    give(db, dee, Skill.RAISE, [True, False] * 5, 2.0)  # 50, practising
    give(db, dee, Skill.ANTE, [False, True] * 5, 2.0, start=1)  # 50 too
    (row,) = skill_grid(db, lessons=LESSONS, now=at(2)).rows
    assert row.cells[Skill.ANTE].mastery.score == row.cells[Skill.RAISE].mastery.score == 50
    assert row.weakest is Skill.ANTE  # the ante is settled before the raise


def test_not_practised_counts_days_since_the_last_answer_or_since_added(db: TrainerDB) -> None:
    eve = trainee(db, "Eve")
    give(db, eve, Skill.ANTE, [True], 2.0)  # last answer at T0
    fay = trainee(db, "Fay", added=24)  # added a day after T0, never answered
    days = timedelta(days=NOT_PRACTISED_DAYS)
    grid = skill_grid(db, lessons=LESSONS, now=T0 + days - timedelta(seconds=1))
    rows = {row.name: row for row in grid.rows}
    assert Flag.NOT_PRACTISED not in rows["Eve"].flags
    assert rows["Eve"].idle_days == NOT_PRACTISED_DAYS - 1
    grid = skill_grid(db, lessons=LESSONS, now=T0 + days)
    rows = {row.name: row for row in grid.rows}
    assert Flag.NOT_PRACTISED in rows["Eve"].flags and rows["Eve"].idle_days == 7
    assert rows["Fay"].flags == frozenset() and rows["Fay"].idle_days == 6
    assert rows["Fay"].weakest is None
    assert [row.name for row in grid.flagged(Flag.NOT_PRACTISED)] == ["Eve"]
    # The number of days is the caller's to choose.
    grid = skill_grid(db, [fay], lessons=LESSONS, now=T0 + days, not_practised_days=3)
    assert grid.rows[0].flags == {Flag.NOT_PRACTISED}
    with pytest.raises(ValueError, match="not_practised_days: 0 must be at least 1"):
        skill_grid(db, lessons=LESSONS, not_practised_days=0)


def test_the_grid_shows_only_the_trainees_asked_for_by_name(db: TrainerDB) -> None:
    ids = {name: trainee(db, name) for name in ("Zoe", "amy", "Bob")}
    grid = skill_grid(db, [ids["Zoe"], ids["amy"], 999], lessons=LESSONS, now=at(1))
    assert [row.name for row in grid.rows] == ["amy", "Zoe"]
    assert [row.name for row in skill_grid(db, [], lessons=LESSONS, now=at(1)).rows] == []


def test_the_skills_shown_are_those_of_the_rule_sets_played(db: TrainerDB) -> None:
    ana, ben = trainee(db, "Ana"), trainee(db, "Ben")
    assert skill_grid(db, lessons=LESSONS).skills == tuple(Skill)  # nothing played yet
    give(db, ana, Skill.ANTE, [True], 2.0, rules="standard")
    standard = skill_grid(db, [ana], lessons=LESSONS).skills
    # The standard game offers Trips Plus and the Pocket Bonus, no 6-Card Bonus,
    # progressive or cap.
    assert Skill.POCKET_BONUS in standard and Skill.TRIPS_PLUS in standard
    assert not {Skill.SIX_CARD_BONUS, Skill.PROGRESSIVE, Skill.CAP} & set(standard)
    assert list(standard) == sorted(standard, key=list(Skill).index)
    give(db, ben, Skill.CAP, [True], 2.0, rules="house")
    both = skill_grid(db, lessons=LESSONS).skills
    assert {Skill.SIX_CARD_BONUS, Skill.CAP} <= set(both) and Skill.PROGRESSIVE not in both
    assert ruleset_skills(load_ruleset("ny-2018")) == set(Skill) - {
        Skill.SIX_CARD_BONUS, Skill.CAP, Skill.CHIP_PROCEDURE,  # chip mode's, no rule set's
        Skill.SPOT_MISTAKES, Skill.CORRECT_MISTAKES,  # the mistake exercise's
        Skill.PROCEDURE}  # running the round's


def test_each_cell_is_the_courses_own_verdict(db: TrainerDB) -> None:
    ana = trainee(db, "Ana")
    give(db, ana, Skill.ANTE, [True, True, False] * 9, 5.5)
    give(db, ana, Skill.RAISE, [True] * 12, 9.0, start=1)
    lessons = reports.course_lessons()
    course = reports.skill_mastery(db, ana, lessons)
    (row,) = skill_grid(db, lessons=lessons).rows
    for skill, cell in row.cells.items():
        assert cell.mastery == course[skill], skill


def test_a_skills_summary_counts_who_practised_and_mastered_it(db: TrainerDB) -> None:
    ana, ben = trainee(db, "Ana"), trainee(db, "Ben")
    trainee(db, "Cy")
    give(db, ana, Skill.ANTE, [True] * 10, 2.0)  # 100, mastered
    give(db, ben, Skill.ANTE, [True, False] * 5, 2.0)  # 50
    summary = skill_grid(db, lessons=LESSONS).summary(Skill.ANTE)
    assert (summary.practised, summary.mastered, summary.mean_score) == (2, 1, 75.0)
    assert skill_grid(db, lessons=LESSONS).summary(Skill.RAISE).mean_score is None


def test_the_tooltip_gives_the_counts_behind_a_cell(db: TrainerDB) -> None:
    ana = trainee(db, "Ana")
    give(db, ana, Skill.POCKET_BONUS, [True, False, False] * 4, 7.0)
    (row,) = skill_grid(db, lessons=LESSONS).rows
    text = cell_tooltip(row.cells[Skill.POCKET_BONUS])
    # 4 of 12 right at 7 s against 6 s: 100 x 1/3 x (0.8 + 0.2 x 6/7) = 32.38 -> 32.
    assert text.startswith("Settling the Pocket Bonus: 32 (learning)\n")
    assert "Last 12 answers: 4 right (33%)" in text
    assert "Median 7.0 s, mean 7.0 s; target 6 s (slower than the target)" in text
    assert f"Last practised {at(11 / 60).astimezone():%Y-%m-%d}" in text
    assert cell_tooltip(row.cells[Skill.ANTE]) == (
        "Settling the ante: not practised yet (target time 6 s).")
    assert flags_text({Flag.SLOW, Flag.BELOW_TARGET}) == "below target, slower than target time"


def test_the_roster_csv_has_the_weakest_skill_flags_and_a_score_and_level_per_skill(
        db: TrainerDB, tmp_path: Path) -> None:
    ana = trainee(db, "Ana")
    trainee(db, "Ben")
    give(db, ana, Skill.ANTE, [True] * 10, 4.0)
    give(db, ana, Skill.POCKET_BONUS, [True, False, False] * 4, 7.0, start=1)
    path = reports.roster_csv(db, tmp_path / "roster.csv", LESSONS, now=at(48))
    with path.open(encoding="utf-8-sig", newline="") as file:
        header, *rows = list(csv.reader(file))
    assert header == list(reports.ROSTER_HEADER)
    assert len(header) == 11 + 2 * len(Skill)  # 11: the roster's figures, weakest, flags
    column = {title: number for number, title in enumerate(header)}
    by_name = {row[0]: row for row in rows}
    ana_row, ben_row = by_name["Ana"], by_name["Ben"]
    assert ana_row[column["Weakest skill"]] == "Settling the Pocket Bonus"
    assert ana_row[column["Flags"]] == "below target, slower than target time"
    assert ana_row[column["Settling the ante score"]] == "100"
    assert ana_row[column["Settling the ante level"]] == "mastered"
    # 4 of 12 right at 7 s against 6 s: 100 x 1/3 x (0.8 + 0.2 x 6/7) = 32.38 -> 32.
    assert ana_row[column["Settling the Pocket Bonus score"]] == "32"
    assert ana_row[column["Settling the Pocket Bonus level"]] == "learning"
    assert ana_row[column["Settling the raise score"]] == ""
    assert ana_row[column["Settling the raise level"]] == "not started"
    # The 6-Card Bonus is not in ny-2018: no score, not started, the column still there.
    assert ana_row[column["Settling the 6-Card Bonus level"]] == "not started"
    # Ben: added two days before, never answered: not practised only from day 7.
    assert ben_row[column["Weakest skill"]] == "" and ben_row[column["Flags"]] == ""
    assert header.index("Settling the ante score") < header.index("Settling the raise score")
