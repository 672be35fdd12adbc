"""The instructor's class views read from the room's PostgreSQL (no Qt).

:class:`RoomReads` answers what the class views ask of storage
(:class:`~trainer.storage.interfaces.ClassViewReads`: the trainees, the skill grid's
latest answers, weekly trends, most-missed; and
:class:`~trainer.storage.interfaces.RosterReads`' roster) from the room's tables, with
the SQL the station's SQLite runs (:mod:`trainer.storage.class_sql`, one
:class:`~trainer.storage.class_sql.Dialect` apart). A trainee's id here is the
room's own number for them (``trainees.id``, migration 3), not a station's; their
``uid`` is the same everywhere.

It signs in with the stations' credentials (the site file's ``[room] credentials``):
the station role may read every record, so the instructor's area needs no account of
its own on the server (docs/installing.md says what that means for privacy). The
session's time zone is this computer's, so a week is the local calendar's week, as
on the station. Every driver error becomes a
:class:`~trainer.storage.models.StorageFailure` whose sentence says the room could not
be read; callers run these reads off the GUI thread (:mod:`trainer.ui.progress.room_view`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from trainer.i18n import _
from trainer.room.schema import ARRIVAL_SETTLES
from trainer.room.target import RoomTarget
from trainer.storage.class_sql import (
    POSTGRES,
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
from trainer.storage.models import (
    ExamStatus,
    RosterColumn,
    RosterRow,
    StorageError,
    StorageUnavailable,
    Trainee,
)

CONNECT_TIMEOUT = 3
"""Seconds to wait for the room server to answer a connection."""
_OPTIONS = "-c statement_timeout=20000 -c work_mem=64MB"
"""The class view sorts every trainee's kept answers at once (80,000 rows for 200
trainees over 20 skills, about 12 MB): with the server's default 4 MB the sort spilled
to disk. One to three instructors' read connections: 64 MB each is the server's to spare."""

_LAST_ACTIVE = "(SELECT max(k.answered_at) FROM skill_recent k WHERE k.trainee_id = t.id)"
"""A trainee's latest answer (the latest of each skill's kept answers)."""

_TRAINEES = (f"SELECT t.id, t.uid, t.name, t.created, {_LAST_ACTIVE} FROM trainees t")

_EXAM_STATUS = (
    "(SELECT CASE WHEN f.exam IS NULL THEN 'in_progress' WHEN f.passed THEN 'passed'"
    " ELSE 'failed' END FROM exams e LEFT JOIN exam_finishes f ON f.exam = e.uid"
    " WHERE e.trainee = t.uid ORDER BY e.started DESC, e.uid DESC LIMIT 1)"
)
_ROSTER_ORDER = {
    RosterColumn.NAME: "lower(t.name)",
    RosterColumn.ACCURACY: "accuracy",
    RosterColumn.SECONDS_PER_ROUND: "seconds_per_round",
    RosterColumn.ROUNDS_PLAYED: "rounds_played",
    RosterColumn.LAST_ACTIVE: "last_active",
    RosterColumn.EXAM_STATUS: (
        "CASE exam_status WHEN 'in_progress' THEN 1 WHEN 'failed' THEN 2"
        " WHEN 'passed' THEN 3 ELSE 0 END"
    ),
}


_ZONE_NAME = re.compile(r"[A-Za-z0-9_+\-]{1,30}(/[A-Za-z0-9_+\-]{1,30}){0,2}")


def local_zone_name() -> str | None:
    """This computer's time zone's IANA name (``TZ``, or what ``/etc/localtime``
    links to); None when neither names one."""
    named = os.environ.get("TZ", "").lstrip(":")
    if named and _ZONE_NAME.fullmatch(named):
        return named
    try:
        link = str(Path("/etc/localtime").readlink())
    except OSError:
        return None
    name = link.split("zoneinfo/", 1)[1] if "zoneinfo/" in link else ""
    return name if _ZONE_NAME.fullmatch(name) else None


def local_utc_offset() -> str:
    """Today's offset of local time from UTC, ``+HH:MM`` (ISO sign)."""
    offset = datetime.now().astimezone().utcoffset()
    minutes = round(offset.total_seconds() / 60) if offset is not None else 0
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _set_local_zone(conn: psycopg.Connection[Any]) -> None:
    """The session's TimeZone: this computer's zone by name, else today's offset."""
    name = local_zone_name()
    if name is not None:
        try:
            conn.execute("SELECT set_config('TimeZone', %s, false)", (name,))
            return
        except psycopg.DataError:
            pass  # a name this server does not know
    offset = local_utc_offset()  # checked: +HH:MM
    conn.execute(f"SET TIME ZONE INTERVAL '{offset}' HOUR TO MINUTE".encode())


def _moment(value: object) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise StorageError(f"the room's trainees: {value!r} is not a date and time") from None


def _trainee(row: Sequence[Any]) -> Trainee:
    created = _moment(row[3])
    assert created is not None  # NOT NULL in the room
    return Trainee(id=int(row[0]), uid=str(row[1]), name=str(row[2]), created=created,
                   last_active=_moment(row[4]), employee_id=None)


class RoomReads:
    """The class views (roster, skill grid, trends, most-missed) read from the room.

    One connection, opened on the first read and again after a failure; not shared
    between threads (each reading thread makes its own).
    """

    def __init__(self, target: RoomTarget, *, connect_timeout: float = CONNECT_TIMEOUT,
                 settles: timedelta = ARRIVAL_SETTLES) -> None:
        self.target = target
        self.connect_timeout = connect_timeout
        self.settles = settles
        """How far back :meth:`latest_arrival` counts what arrived."""
        self._conn: psycopg.Connection[Any] | None = None

    # -- the connection

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self.close()
            credentials = self.target.credentials
            conn = psycopg.connect(
                self.target.url, autocommit=True,
                connect_timeout=max(2, round(self.connect_timeout)),
                user=credentials.user if credentials else None,
                password=credentials.password if credentials else None,
                application_name="hhe-trainer instructor", options=_OPTIONS)
            _set_local_zone(conn)
            self._conn = conn
        return self._conn

    def _fetch(self, query: str, params: dict[str, Any] | tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self._connection().execute(query.encode(), params, binary=True).fetchall()
        except psycopg.Error as error:
            self.close()
            text = str(error).strip().splitlines()[0] if str(error).strip() else type(
                error).__name__
            raise StorageUnavailable(_("the room could not be read ({error})", error=text)
                                     ) from error

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    def latest_arrival(self) -> tuple[object, ...]:
        """What changes when anything the class views show arrives: the latest answer's
        and exam result's arrival, the number of trainees, and how many answers and results
        arrived within ``settles`` of now (cheap: indexes and counts). The counts catch an
        answer stamped before the latest one that commits after it (the server stamps a
        send's start), which does not move the latest arrival."""
        (row,) = self._fetch(
            "SELECT (SELECT max(arrived) FROM answers), (SELECT count(*) FROM trainees),"
            " (SELECT max(arrived) FROM exam_finishes),"
            " (SELECT count(*) FROM answers WHERE arrived > now() - %(settles)s),"
            " (SELECT count(*) FROM exam_finishes WHERE arrived > now() - %(settles)s)",
            {"settles": self.settles})
        return tuple(row)

    # -- ClassViewReads

    def list_trainees(self) -> list[Trainee]:
        """Every trainee in the room, by name (any case)."""
        return [_trainee(row) for row in self._fetch(f"{_TRAINEES} ORDER BY lower(t.name), t.id")]

    def get_trainee(self, trainee_id: int) -> Trainee | None:
        found = self._fetch(f"{_TRAINEES} WHERE t.id = %s", (trainee_id,))
        return _trainee(found[0]) if found else None

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        return recent_cells(self._fetch(recent_sql(POSTGRES), POSTGRES.ids_param(trainee_ids)))

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        return week_stats(self._fetch(weekly_sql(POSTGRES), POSTGRES.ids_param(trainee_ids)))

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        return missed(self._fetch(missed_sql(POSTGRES), POSTGRES.ids_param(trainee_ids)))

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        found = self._fetch(rulesets_sql(POSTGRES), POSTGRES.ids_param(trainee_ids))
        return [str(row[0]) for row in found]

    # -- RosterReads

    def roster(self, sort_by: RosterColumn | str = RosterColumn.NAME, *,
               descending: bool = False, name_filter: str | None = None) -> list[RosterRow]:
        """Every trainee's figures, as the station's roster gives them (sorted by any
        column, empty figures last, then by name; ``name_filter`` any case), from the
        room's ``trainee_totals`` (kept by a trigger as answers arrive, room migration 5):
        no answer is counted here. The room's records cannot be altered, so no seal is
        checked here."""
        try:
            order = _ROSTER_ORDER[RosterColumn(sort_by)]
        except ValueError:
            allowed = ", ".join(c.value for c in RosterColumn)
            raise StorageError(f"sort_by: {sort_by!r} is not a roster column ({allowed})") from None
        direction = "DESC" if descending else "ASC"
        found = self._fetch(
            "SELECT t.id, t.name, tt.correct::float8 / NULLIF(tt.answers, 0) AS accuracy,"
            " tt.seconds / NULLIF(tt.rounds, 0) AS seconds_per_round,"
            " COALESCE(tt.rounds, 0) AS rounds_played, COALESCE(tt.answers, 0),"
            f" tt.last_answered AS last_active, {_EXAM_STATUS} AS exam_status"
            " FROM trainees t LEFT JOIN trainee_totals tt ON tt.trainee_id = t.id"
            " WHERE %(filter)s::text IS NULL OR strpos(lower(t.name), lower(%(filter)s)) > 0"
            f" ORDER BY {order} {direction} NULLS LAST, lower(t.name), t.id",
            {"filter": name_filter.strip() if name_filter and name_filter.strip() else None})
        return [RosterRow(
            trainee_id=int(row[0]), name=str(row[1]),
            accuracy=None if row[2] is None else float(row[2]),
            seconds_per_round=None if row[3] is None else float(row[3]),
            rounds_played=int(row[4]), answers=int(row[5]), last_active=_moment(row[6]),
            exam_status=ExamStatus(row[7] or ExamStatus.NONE)) for row in found]

