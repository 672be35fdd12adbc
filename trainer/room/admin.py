"""IT's commands on the room database: ``room init`` and ``room status`` (no Qt).

``init_room`` is run once (and again after an upgrade of the trainer) with the
server's admin account: it creates the three roles when missing, sets the
station role's password, and applies the pending migrations of
:mod:`trainer.room.schema` in one transaction under an advisory lock, as the
owner role, so two IT people running it at once cannot both migrate. Running it
on an up-to-date room changes nothing but the station password it is given.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg import sql

from trainer.i18n import _
from trainer.room.credentials import Credentials
from trainer.room.schema import (
    INSTRUCTOR_ROLE,
    MIGRATIONS,
    OWNER_ROLE,
    ROOM_SCHEMA_VERSION,
    STATION_ROLE,
    Migrated,
)

_MIGRATION_LOCK = 0x68686501
"""The advisory lock ``room init`` holds while it migrates ("hhe" 01)."""


class RoomError(Exception):
    """A room database that cannot be used as asked: the message says why, for a person."""


def new_station_password() -> str:
    return secrets.token_urlsafe(24)


def _role_exists(conn: psycopg.Connection[tuple[object, ...]], role: str) -> bool:
    return conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is not None


def _schema_version(conn: psycopg.Connection[tuple[object, ...]]) -> int | None:
    """The room's schema version; None when the database holds no room."""
    found = conn.execute("SELECT to_regclass('public.room_schema')").fetchone()
    if found is None or found[0] is None:
        return None
    row = conn.execute("SELECT version FROM room_schema").fetchone()
    return 0 if row is None else int(str(row[0]))


def init_room(admin_url: str, station_password: str) -> Migrated:
    """Create the roles and apply pending migrations; :class:`RoomError` when the
    server cannot be reached, the account may not do it, or the room is newer."""
    try:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
            _ensure_roles(conn, station_password)
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
                before = _schema_version(conn)
                if before is None:
                    conn.execute("CREATE TABLE room_schema (version integer NOT NULL)")
                    conn.execute("INSERT INTO room_schema VALUES (0)")
                    conn.execute(sql.SQL("ALTER TABLE room_schema OWNER TO {}").format(
                        sql.Identifier(OWNER_ROLE)))
                    conn.execute(sql.SQL("GRANT SELECT ON room_schema TO {}, {}").format(
                        sql.Identifier(STATION_ROLE), sql.Identifier(INSTRUCTOR_ROLE)))
                    before = 0
                if before > ROOM_SCHEMA_VERSION:
                    raise RoomError(_(
                        "the room database is at schema {version}, newer than this trainer's"
                        " {known}: run room init from the newer trainer", version=before,
                        known=ROOM_SCHEMA_VERSION))
                conn.execute(sql.SQL("SET LOCAL ROLE {}").format(sql.Identifier(OWNER_ROLE)))
                for number in range(before + 1, ROOM_SCHEMA_VERSION + 1):
                    conn.execute(MIGRATIONS[number - 1].encode("utf-8"))
                conn.execute("UPDATE room_schema SET version = %s", (ROOM_SCHEMA_VERSION,))
    except psycopg.OperationalError as error:
        raise RoomError(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomError(_("the room could not be set up ({error})",
                            error=_first_line(error))) from None
    return Migrated(before, ROOM_SCHEMA_VERSION)


def _ensure_roles(conn: psycopg.Connection[tuple[object, ...]], station_password: str) -> None:
    """The owner, station and instructor roles, and what each may reach."""
    database = conn.execute("SELECT current_database()").fetchone()
    assert database is not None
    for role, login in ((OWNER_ROLE, False), (STATION_ROLE, True), (INSTRUCTOR_ROLE, False)):
        if not _role_exists(conn, role):
            conn.execute(sql.SQL("CREATE ROLE {} " + ("LOGIN" if login else "NOLOGIN")).format(
                sql.Identifier(role)))
    conn.execute(sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(
        sql.Identifier(STATION_ROLE), sql.Literal(station_password)))
    owner, station, instructor = (sql.Identifier(role) for role in
                                  (OWNER_ROLE, STATION_ROLE, INSTRUCTOR_ROLE))
    if not conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone():
        conn.execute(sql.SQL("GRANT {} TO current_user").format(owner))
    conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}, {}").format(
        sql.Identifier(str(database[0])), station, instructor))
    conn.execute(sql.SQL("GRANT USAGE, CREATE ON SCHEMA public TO {}").format(owner))
    conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}, {}").format(station, instructor))


@dataclass(frozen=True, slots=True)
class StationSeen:
    station: str
    last_seen: datetime
    waiting: int
    answers: int
    refused: int = 0
    """Rows the station did not send because they failed the checks (``refused_records``)."""


@dataclass(frozen=True, slots=True)
class RoomStatus:
    """What ``room status`` says: the server, the schema, the stations."""

    server_version: str
    schema_version: int | None
    stations: tuple[StationSeen, ...]


def room_status(url: str, credentials: Credentials | None) -> RoomStatus:
    """The room as the station role sees it; :class:`RoomError` when unreachable."""
    try:
        user = credentials.user if credentials else None
        password = credentials.password if credentials else None
        with psycopg.connect(url, autocommit=True, connect_timeout=10, user=user,
                             password=password) as conn:
            version = conn.execute("SHOW server_version").fetchone()
            schema = _schema_version(conn)
            stations: tuple[StationSeen, ...] = ()
            if schema:
                refused = ("(SELECT COUNT(*) FROM refused_records r WHERE r.station = s.station)"
                           if schema >= 2 else "0")
                stations = tuple(
                    StationSeen(str(name), seen, int(waiting), int(answers), int(refusals))
                    for name, seen, waiting, answers, refusals in conn.execute(
                        "SELECT s.station, s.last_seen, s.waiting,"
                        " (SELECT COUNT(*) FROM answers a WHERE a.station = s.station),"
                        f" {refused} FROM stations s ORDER BY s.station"))
    except psycopg.OperationalError as error:
        raise RoomError(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomError(_("the room could not be read ({error})",
                            error=_first_line(error))) from None
    return RoomStatus(str(version[0]) if version else "?", schema, stations)


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


QUIET_MINUTES = 10
"""A station not heard from for this long is listed in the instructor area."""
QUIET_WITHIN_HOURS = 12
"""...when it was heard from within this many hours (a station switched off for the
night or for good is not news)."""


@dataclass(frozen=True, slots=True)
class QuietStation:
    """A station that sent today but not lately, by the server's clock."""

    station: str
    minutes: int
    """Whole minutes since the room last heard from it."""
    waiting: int
    """Answers it said were waiting when last heard from."""


def quiet_stations(url: str, credentials: Credentials | None, *,
                   quiet_minutes: int = QUIET_MINUTES, within_hours: int = QUIET_WITHIN_HOURS,
                   connect_timeout: int = 3) -> tuple[QuietStation, ...]:
    """Stations last heard from more than ``quiet_minutes`` and less than
    ``within_hours`` ago (the server's ``now()`` against its own stamps, so no station's
    clock matters), longest quiet last; :class:`RoomError` when the room cannot be read."""
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=max(2, connect_timeout),
                             user=credentials.user if credentials else None,
                             password=credentials.password if credentials else None,
                             application_name="hhe-trainer instructor area",
                             options="-c statement_timeout=10000") as conn:
            rows = conn.execute(
                "SELECT station, floor(extract(epoch FROM now() - last_seen) / 60), waiting"
                " FROM stations WHERE last_seen < now() - make_interval(mins => %s)"
                " AND last_seen > now() - make_interval(hours => %s)"
                " ORDER BY last_seen DESC, station",
                (quiet_minutes, within_hours)).fetchall()
    except psycopg.OperationalError as error:
        raise RoomError(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomError(_("the room could not be read ({error})",
                            error=_first_line(error))) from None
    return tuple(QuietStation(str(station), int(minutes), int(waiting))
                 for station, minutes, waiting in rows)
