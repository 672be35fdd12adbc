"""The class view's SQL, written once for the station's SQLite and the room's PostgreSQL (no Qt).

The skill grid, the weekly trends, the most-missed questions, the rule sets played,
the trainees and the roster are the same queries on both databases; what the two
databases spell differently is one :class:`Dialect`: the trainee set's parameter (a
JSON list read with ``json_each`` against an array), the local ISO week, a boolean
counted as a number, case-blind ordering (``COLLATE NOCASE`` against ``lower()``), and
how an answer reaches its trainee (SQLite's integer keys against the room's uids).
The rows the queries return become models here too, once
(:func:`recent_cells`, :func:`week_stats`, :func:`missed`), so the same records give
the same figures whichever database holds them (tests/room/test_room_class_view.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from itertools import groupby
from typing import Any, TypeVar

from trainer.engine.round import Wager
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import StorageError


@dataclass(frozen=True, slots=True)
class RecentAnswers:
    """A trainee's latest answers on one skill (at most ``SKILL_RECENT_KEPT``),
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


@dataclass(frozen=True, slots=True)
class Dialect:
    """What the class view's SQL spells differently on one database."""

    name: str
    ids: str
    """The trainee set's parameter (a list of ids, or NULL for every trainee)."""
    chosen: str
    """A WHERE clause keeping the trainees of :attr:`ids`; ``{column}`` is the column."""
    answers_to_sessions: str
    """FROM answers ``a`` joined to their rounds ``r`` and sessions ``s``."""
    session_trainee: str
    """A session ``s``'s trainee id (joined by :attr:`trainee_join`)."""
    trainee_join: str
    """What joins a session ``s`` to its trainee's id."""
    local_week: str
    """The Monday (local calendar, as text YYYY-MM-DD) of the week ``a.answered_at`` is in."""
    number: str
    """A boolean ``{0}`` as 0 or 1."""
    nocase: str
    """``{0}`` ordered without regard to case."""

    def where_chosen(self, column: str) -> str:
        return self.chosen.format(column=column)

    @property
    def answers_of_trainees(self) -> str:
        """FROM answers ``a`` (rounds ``r``, sessions ``s``) of the trainees chosen."""
        return (f"{self.answers_to_sessions}{self.trainee_join}"
                f" WHERE {self.where_chosen(self.session_trainee)}")

    @property
    def sessions_of_trainees(self) -> str:
        """FROM sessions ``s`` of the trainees chosen."""
        return f"FROM sessions s{self.trainee_join} WHERE {self.where_chosen(self.session_trainee)}"

    def ids_param(self, trainee_ids: Sequence[int] | None) -> dict[str, Any]:
        """The parameters for :attr:`ids` (each id checked to be a trainee id)."""
        if trainee_ids is None:
            return {"ids": None}
        ids = list(trainee_ids)
        for value in ids:
            if not isinstance(value, int) or isinstance(value, bool):
                raise StorageError(f"trainee_ids: {value!r} is not a trainee id")
        return {"ids": json.dumps(ids) if self.name == "sqlite" else ids}


SQLITE = Dialect(
    name="sqlite",
    ids=":ids",
    chosen="(:ids IS NULL OR {column} IN (SELECT value FROM json_each(:ids)))",
    answers_to_sessions=(
        "FROM answers a JOIN rounds r ON r.id = a.round_id JOIN sessions s ON s.id = r.session_id"),
    session_trainee="s.trainee_id",
    trainee_join="",
    local_week="date(a.answered_at, 'localtime', 'weekday 0', '-6 days')",
    number="{0}",
    nocase="{0} COLLATE NOCASE",
)
"""The station's SQLite (named parameters, the process's local time)."""

POSTGRES = Dialect(
    name="postgresql",
    ids="%(ids)s",
    chosen="(%(ids)s::bigint[] IS NULL OR {column} = ANY(%(ids)s::bigint[]))",
    answers_to_sessions=(
        "FROM answers a JOIN rounds r ON r.uid = a.round JOIN sessions s ON s.uid = r.session"),
    session_trainee="t.id",
    trainee_join=" JOIN trainees t ON t.uid = s.trainee",
    local_week="to_char(date_trunc('week', a.answered_at::timestamptz), 'YYYY-MM-DD')",
    number="{0}::int",
    nocase="lower({0})",
)
"""The room's PostgreSQL (the session's TimeZone set to this computer's local zone by
:mod:`trainer.room.reads`)."""


def recent_sql(d: Dialect) -> str:
    return ("SELECT trainee_id, skill, correct, seconds, answered_at FROM skill_recent"
            f" WHERE {d.where_chosen('trainee_id')}"
            " ORDER BY trainee_id, skill, answered_at, answer_id")


def weekly_sql(d: Dialect) -> str:
    return (f"SELECT a.skill, {d.local_week} AS week, COUNT(*),"
            f" SUM({d.number.format('a.correct')}), SUM(a.seconds)"
            f" {d.answers_of_trainees} GROUP BY 2, a.skill ORDER BY 2, a.skill")


def missed_sql(d: Dialect) -> str:
    wrong = f"SUM(1 - {d.number.format('a.correct')})"
    return (f"SELECT a.skill, a.kind, a.wager, COUNT(*) AS answers, {wrong} AS wrong"
            f" {d.answers_of_trainees} GROUP BY a.skill, a.kind, a.wager HAVING {wrong} > 0"
            " ORDER BY 5 DESC, 4, a.skill, a.kind, a.wager")


def rulesets_sql(d: Dialect) -> str:
    return f"SELECT DISTINCT s.ruleset_id {d.sessions_of_trainees} ORDER BY s.ruleset_id"


E = TypeVar("E", bound=StrEnum)


def _enum(kind: type[E], value: str, where: str, what: str) -> E:
    try:
        return kind(value)
    except ValueError:
        raise StorageError(f"{where}: {value!r} is not {what} this trainer knows") from None


def _moment(value: object, where: str) -> datetime:
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(value if isinstance(value, str) else str(value))
    except (TypeError, ValueError):
        raise StorageError(f"{where}: answered_at is not a date and time") from None


def recent_cells(found: Sequence[Sequence[Any]]) -> list[RecentAnswers]:
    """:func:`recent_sql`'s rows as one :class:`RecentAnswers` per trainee and skill (the
    rows come grouped: ordered by trainee and skill)."""
    cells: list[RecentAnswers] = []
    for (trainee_id, skill_text), group in groupby(found, key=lambda row: (row[0], row[1])):
        where = f"skill_recent of trainee {trainee_id}"
        _, _, correct, seconds, answered_at = zip(*group, strict=True)
        cells.append(RecentAnswers(
            int(trainee_id),
            _enum(Skill, skill_text, where, "a skill"),
            tuple(map(bool, correct)),
            tuple(map(float, seconds)),
            tuple(_moment(value, where) for value in answered_at),
        ))
    return cells


def week_stats(found: Sequence[Sequence[Any]]) -> list[WeekStat]:
    """:func:`weekly_sql`'s rows as :class:`WeekStat`."""
    stats = []
    for skill, week, answers, correct, seconds in found:
        where = f"answers of week {week}"
        try:
            monday = date.fromisoformat(str(week))
        except (TypeError, ValueError):
            raise StorageError(f"{where}: an answered_at is not a date and time") from None
        stats.append(WeekStat(_enum(Skill, skill, where, "a skill"), monday, int(answers),
                              int(correct), float(seconds)))
    return stats


def missed(found: Sequence[Sequence[Any]]) -> list[MissedGroup]:
    """:func:`missed_sql`'s rows as :class:`MissedGroup`."""
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
