"""Instructors' public keys pinned on the room server (issue 21; no Qt).

With a room database, IT can pin an instructor's signing key in the room instead of (or
as well as) in each station's site file: ``hhe-trainer room pin-key NAME PUBLIC_KEY
--admin-url URL`` adds a row to the room's ``instructor_keys`` as the owner role, which
only IT's admin account can take; the stations' account may read the table, never write
it (room migration 4). ``room unpin-key`` adds a row saying the key no longer counts:
the table is append-only, and for each instructor (any case) and key the newest row
decides (:func:`room_keys`).

``verify CODE`` on a station whose site file has ``[room]`` counts the keys pinned in
the room beside the site file's (:func:`effective_pins`): a key unpinned in the room no
longer counts, even where a site file still pins it (an unpin is how IT withdraws a key
from every station at once).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import psycopg
from psycopg import sql

from trainer.i18n import _
from trainer.room.admin import RoomError, _first_line
from trainer.room.credentials import Credentials
from trainer.room.schema import OWNER_ROLE
from trainer.storage import signing

MAX_NAME = 80
"""The room's ``instructor_keys.name`` bound (and the trainer's name bound)."""
NEEDS_SCHEMA = 4


@dataclass(frozen=True, slots=True)
class KeyChange:
    """What ``room pin-key`` / ``unpin-key`` wrote."""

    name: str
    public_key: str
    pinned: bool


def key_problem(name: object, public_key: object) -> str | None:
    """Why a name and key cannot be pinned (a sentence naming the argument); None if fine."""
    if not isinstance(name, str) or not name.strip():
        return _("NAME: the instructor's name is empty")
    if len(name.strip()) > MAX_NAME:
        return _("NAME: at most {most} characters", most=MAX_NAME)
    if any(not char.isprintable() for char in name):
        return _("NAME: a name cannot hold control characters")
    problem = signing.public_key_problem(public_key)
    if problem is not None:
        return f"PUBLIC_KEY: {problem}"
    return None


def change_key(admin_url: str, name: str, public_key: str, *, pinned: bool,
               connect_timeout: int = 10) -> KeyChange:
    """Pin (or unpin) ``public_key`` for ``name`` in the room, as the owner role through
    IT's admin URL; :class:`RoomError` when the input, the server or the account refuses."""
    problem = key_problem(name, public_key)
    if problem is not None:
        raise RoomError(problem)
    clean_name, clean_key = name.strip(), public_key.strip()
    try:
        with psycopg.connect(admin_url, autocommit=True,
                             connect_timeout=connect_timeout) as conn, conn.transaction():
            _require_schema(conn)
            conn.execute(sql.SQL("SET LOCAL ROLE {}").format(sql.Identifier(OWNER_ROLE)))
            if not pinned and conn.execute(
                    "SELECT 1 FROM instructor_keys WHERE lower(name) = lower(%s)"
                    " AND public_key = %s", (clean_name, clean_key)).fetchone() is None:
                raise RoomError(_("no key {key} was ever pinned for {name} in this room:"
                                  " nothing to unpin", key=clean_key, name=clean_name))
            conn.execute("INSERT INTO instructor_keys (name, public_key, pinned)"
                         " VALUES (%s, %s, %s)", (clean_name, clean_key, pinned))
    except psycopg.OperationalError as error:
        raise RoomError(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.errors.InsufficientPrivilege as error:
        raise RoomError(_("this account may not pin keys in the room ({error}); use the"
                          " admin URL 'room init' was run with",
                          error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomError(_("the room refused the key ({error})",
                          error=_first_line(error))) from None
    return KeyChange(clean_name, clean_key, pinned)


def _require_schema(conn: psycopg.Connection[tuple[object, ...]]) -> None:
    found = conn.execute("SELECT to_regclass('public.room_schema')").fetchone()
    version = 0
    if found is not None and found[0] is not None:
        row = conn.execute("SELECT version FROM room_schema").fetchone()
        version = 0 if row is None else int(str(row[0]))
    if version < NEEDS_SCHEMA:
        raise RoomError(_("the room is at schema {version}; keys are pinned from schema"
                          " {needed} (run 'hhe-trainer room init' from this trainer)",
                          version=version, needed=NEEDS_SCHEMA))


@dataclass(frozen=True, slots=True)
class RoomKeys:
    """What the room's ``instructor_keys`` say now: for each instructor (any case) and
    key, the newest row."""

    pinned: dict[str, tuple[str, ...]]
    """The keys that count, by instructor (as last spelled)."""
    unpinned: frozenset[str]
    """Keys the room pinned once and has since unpinned."""


def room_keys(url: str, credentials: Credentials | None, *,
              connect_timeout: int = 5) -> RoomKeys:
    """The room's pinned and unpinned keys; :class:`RoomError` when it cannot be read."""
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout,
                             user=credentials.user if credentials else None,
                             password=credentials.password if credentials else None,
                             application_name="hhe-trainer verify") as conn:
            _require_schema(conn)
            rows = conn.execute(
                "SELECT name, public_key, pinned FROM ("
                " SELECT DISTINCT ON (lower(name), public_key) name, public_key, pinned, changed"
                " FROM instructor_keys ORDER BY lower(name), public_key, changed DESC) newest"
                " ORDER BY lower(name), changed").fetchall()
    except psycopg.OperationalError as error:
        raise RoomError(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomError(_("the room could not be read ({error})",
                            error=_first_line(error))) from None
    pins: dict[str, list[str]] = {}
    spelled: dict[str, str] = {}
    unpinned: set[str] = set()
    for name, key, pinned in rows:
        folded = str(name).casefold()
        spelled[folded] = str(name)
        if pinned:
            pins.setdefault(folded, []).append(str(key))
        else:
            unpinned.add(str(key))
    return RoomKeys({spelled[folded]: tuple(keys) for folded, keys in pins.items()},
                    frozenset(unpinned))


@dataclass(frozen=True, slots=True)
class Pins:
    """The keys that count for a certificate on this station, and where each came from."""

    keys: dict[str, tuple[str, ...]]
    site_keys: dict[str, tuple[str, ...]]
    """The part of :attr:`keys` the site file pins (withdrawn ones left out)."""
    room_read: bool
    """Whether the room's pins were read (False: no [room], or it could not be read)."""
    problem: str | None = None
    """Why the room's pins could not be read (a sentence), when they could not."""


def effective_pins(site_keys: Mapping[str, tuple[str, ...]], url: str | None,
                   credentials: Credentials | None) -> Pins:
    """The site file's pins and, with a room (``url``), the room's: a key the room says
    is unpinned is left out of both; a room that cannot be read leaves the site file's
    pins alone and says why."""
    site = {name: tuple(keys) for name, keys in site_keys.items()}
    if url is None:
        return Pins(site, site, room_read=False)
    try:
        found = room_keys(url, credentials)
    except RoomError as error:
        return Pins(site, site, room_read=False, problem=(
            _("the keys pinned in the room could not be read ({error}): only the site"
              " file's pins counted", error=error)))
    site = {name: tuple(k for k in keys if k not in found.unpinned)
            for name, keys in site.items()}
    merged: dict[str, list[str]] = {name: list(keys) for name, keys in site.items()}
    by_fold = {name.casefold(): name for name in merged}
    for name, keys in found.pinned.items():
        target = by_fold.setdefault(name.casefold(), name)
        merged.setdefault(target, [])
        merged[target].extend(k for k in keys if k not in merged[target])
    return Pins({name: tuple(keys) for name, keys in merged.items() if keys},
                {name: keys for name, keys in site.items() if keys}, room_read=True)
