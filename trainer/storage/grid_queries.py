"""Reading for the instructor's class view: the skill grid, weekly trends, most-missed (no Qt).

The grid reads ``skill_recent`` (each trainee's latest answers on each skill,
kept by the schema's trigger), a few thousand rows for a whole room instead
of every answer. The weekly figures and the most-missed questions count the
answers of the trainees asked for, in SQL.

A set of trainees is a sequence of ids (a class's members, or anyone);
None reads every trainee.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import TypeVar

from trainer.engine.round import Wager
from trainer.skills import QuestionKind, Skill
from trainer.storage import schema
from trainer.storage.models import StorageError
from trainer.storage.writes import Area

_CHOSEN = "(?1 IS NULL OR {column} IN (SELECT value FROM json_each(?1)))"
"""A WHERE clause keeping the trainees of parameter 1 (a JSON list of ids, or NULL)."""

_ANSWERS_OF_TRAINEES = (
    "FROM answers a JOIN rounds r ON r.id = a.round_id JOIN sessions s ON s.id = r.session_id"
    f" WHERE {_CHOSEN.format(column='s.trainee_id')}"
)

LOCAL_WEEK = "date(a.answered_at, 'localtime', 'weekday 0', '-6 days')"
"""The Monday (local calendar) starting the ISO week an answer was given in: the next
Sunday on or after the day, less six days."""


@dataclass(frozen=True, slots=True)
class RecentAnswers:
    """A trainee's latest answers on one skill (at most :data:`SKILL_RECENT_KEPT`),
    oldest first, as three equal-length columns."""

    trainee_id: int
    skill: Skill
    correct: tuple[bool, ...]
    seconds: tuple[float, ...]
    answered_at: tuple[datetime, ...]
    """Timezone-aware (UTC)."""


@dataclass(frozen=True, slots=True)
class WeekStat:
    """One skill's answers in one local ISO week (Monday to Sunday)."""

    skill: Skill
    week: date
    """The Monday the week starts on (local calendar)."""
    answers: int
    correct: int
    seconds: float


@dataclass(frozen=True, slots=True)
class MissedGroup:
    """Answers to one kind of question: skill, question kind and wager (None for a
    question on no wager), how many were asked and how many were wrong."""

    skill: Skill
    kind: QuestionKind
    wager: Wager | None
    answers: int
    wrong: int


SKILL_RECENT_KEPT = schema.SKILL_RECENT_KEPT
E = TypeVar("E", bound=StrEnum)


def _ids(trainee_ids: Sequence[int] | None) -> str | None:
    if trainee_ids is None:
        return None
    ids = list(trainee_ids)
    for value in ids:
        if not isinstance(value, int) or isinstance(value, bool):
            raise StorageError(f"trainee_ids: {value!r} is not a trainee id")
    return json.dumps(ids)


def _enum(kind: type[E], value: str, where: str, what: str) -> E:
    try:
        return kind(value)
    except ValueError:
        raise StorageError(f"{where}: {value!r} is not {what} this trainer knows") from None


class GridQueries(Area):
    """What the class view reads: latest answers per skill, weekly figures, most missed."""

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        """Each trainee's latest answers on each skill practised, by trainee and skill."""
        found = self.conn.execute(
            "SELECT trainee_id, skill, correct, seconds, answered_at FROM skill_recent"
            f" WHERE {_CHOSEN.format(column='trainee_id')}"
            " ORDER BY trainee_id, skill, answered_at, answer_id",
            (_ids(trainee_ids),),
        ).fetchall()
        cells: list[RecentAnswers] = []
        start = 0
        for end in range(1, len(found) + 1):
            if end < len(found) and found[end][:2] == found[start][:2]:
                continue
            trainee_id, skill_text = found[start][:2]
            chunk = found[start:end]
            where = f"skill_recent of trainee {trainee_id}"
            try:
                moments = tuple(datetime.fromisoformat(row[4]) for row in chunk)
            except (TypeError, ValueError):
                raise StorageError(f"{where}: answered_at is not a date and time") from None
            cells.append(RecentAnswers(
                trainee_id,
                _enum(Skill, skill_text, where, "a skill"),
                tuple(bool(row[2]) for row in chunk),
                tuple(float(row[3]) for row in chunk),
                moments,
            ))
            start = end
        return cells

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        """Answers, right answers and seconds per skill and local ISO week (Monday
        start), over the trainees' answers together; oldest week first."""
        found = self.conn.execute(
            f"SELECT a.skill, {LOCAL_WEEK} AS week, COUNT(*), SUM(a.correct), SUM(a.seconds)"
            f" {_ANSWERS_OF_TRAINEES} GROUP BY week, a.skill ORDER BY week, a.skill",
            (_ids(trainee_ids),),
        ).fetchall()
        stats = []
        for skill, week, answers, correct, seconds in found:
            where = f"answers of week {week}"
            try:
                monday = date.fromisoformat(week)
            except (TypeError, ValueError):
                raise StorageError(f"{where}: an answered_at is not a date and time") from None
            stats.append(WeekStat(_enum(Skill, skill, where, "a skill"), monday, int(answers),
                                  int(correct), float(seconds)))
        return stats

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        """Every kind of question the trainees answered wrong at least once (skill,
        question kind, wager), with answers and wrong answers; most wrong first."""
        found = self.conn.execute(
            "SELECT a.skill, a.kind, a.wager, COUNT(*) AS answers, SUM(1 - a.correct) AS wrong"
            f" {_ANSWERS_OF_TRAINEES} GROUP BY a.skill, a.kind, a.wager HAVING wrong > 0"
            " ORDER BY wrong DESC, answers, a.skill, a.kind, a.wager",
            (_ids(trainee_ids),),
        ).fetchall()
        groups = []
        for skill, kind, wager, answers, wrong in found:
            where = f"answers on skill {skill!r}"
            groups.append(MissedGroup(
                _enum(Skill, skill, where, "a skill"),
                _enum(QuestionKind, kind, where, "a question kind"),
                None if wager is None else _enum(Wager, wager, where, "a wager"),
                int(answers),
                int(wrong),
            ))
        return groups

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        """The rule sets the trainees' sessions used, by id."""
        found = self.conn.execute(
            "SELECT DISTINCT ruleset_id FROM sessions"
            f" WHERE {_CHOSEN.format(column='trainee_id')} ORDER BY ruleset_id",
            (_ids(trainee_ids),),
        ).fetchall()
        return [str(row[0]) for row in found]
