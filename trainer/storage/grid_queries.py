"""Reading for the instructor's class view: the skill grid, weekly trends, most-missed (no Qt).

The grid reads ``skill_recent`` (each trainee's latest answers on each skill,
kept by the schema's trigger), a few thousand rows for a whole room instead
of every answer. The weekly figures and the most-missed questions count the
answers of the trainees asked for, in SQL.

A set of trainees is a sequence of ids (a class's members, or anyone);
None reads every trainee.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.storage import schema
from trainer.storage.class_sql import (
    SQLITE,
    MissedGroup,
    RecentAnswers,
    WeekStat,
    missed,
    missed_sql,
    recent_cells,
    recent_sql,
    rulesets_sql,
    week_stats,
    weekly_sql,
)
from trainer.storage.writes import Area

__all__ = ["SKILL_RECENT_KEPT", "GridQueries", "MissedGroup", "RecentAnswers", "WeekStat"]

SKILL_RECENT_KEPT = schema.SKILL_RECENT_KEPT


class GridQueries(Area):
    """What the class view reads: latest answers per skill, weekly figures, most missed
    (the SQL is :mod:`trainer.storage.class_sql`'s, shared with the room)."""

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        """Each trainee's latest answers on each skill practised, by trainee and skill."""
        return recent_cells(self.conn.execute(
            recent_sql(SQLITE), SQLITE.ids_param(trainee_ids)).fetchall())

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        """Answers, right answers and seconds per skill and local ISO week (Monday
        start), over the trainees' answers together; oldest week first."""
        return week_stats(self.conn.execute(
            weekly_sql(SQLITE), SQLITE.ids_param(trainee_ids)).fetchall())

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        """Every kind of question the trainees answered wrong at least once (skill,
        question kind, wager), with answers and wrong answers; most wrong first."""
        return missed(self.conn.execute(
            missed_sql(SQLITE), SQLITE.ids_param(trainee_ids)).fetchall())

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        """The rule sets the trainees' sessions used, by id."""
        found = self.conn.execute(
            rulesets_sql(SQLITE), SQLITE.ids_param(trainee_ids)).fetchall()
        return [str(row[0]) for row in found]
