"""The station's SQLite as the room's receiver writes it: a cache of the room (no Qt, no network).

With a room database the room is the record and the station's file is a cache and an
outbox. :mod:`trainer.room.inbox` fetches what the room holds that this station lacks
and merges it here through :func:`trainer.storage.exchange.merge_tables` (every row held
to a station file's checks, sealed into this station's chains); this module is the
SQLite side of that: its own read-write connection for the worker's thread
(:meth:`StationCache.open`, never the GUI's), how far each table has been received
(``meta``), when a trainee's records were last received (which an exam with an attempt
limit or a wait needs, :mod:`trainer.storage.exams`), and trainees' PINs and employee
ids as the room last agreed them.

**PINs.** A trainee's PIN hash and employee id travel as rows of the room's
``trainee_pins``, the newest arrived counting. ``meta`` keeps, per trainee, the digest
of the PIN and employee id last agreed with the room (:func:`pin_content`). A local
value that differs from the agreed one was changed here: it is sent as a row whose uid
is :func:`pin_row_uid` (the trainee, the new value and the value it replaces: sending
it twice stores it once, and setting a value back is a new row). The receiver applies
the room's newest value unless a local change is not in the room yet, and then
records it as agreed.

**Languages.** A trainee's language travels as rows of the room's ``trainee_languages``
(:mod:`trainer.room.languages`), the newest ``chosen_at`` counting (then the greater
uid). ``meta`` keeps, per trainee, the digest of the choice (language and time) last
agreed with the room (:data:`LANGUAGE_AGREED_KEY`). A choice here that differs from it
was made here: it is sent as a row whose uid is :func:`language_row_uid` (the trainee,
the language and the time: sent twice, stored once). The receiver applies the room's
newest choice unless this station holds a newer one not agreed yet, and records the
room's as agreed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from trainer.i18n import _
from trainer.storage import account_seal, seal
from trainer.storage.connection import (
    DEFAULT_BUSY_TIMEOUT,
    connect_station_file,
    write_transaction,
)
from trainer.storage.models import StorageError
from trainer.storage.trainee_language import (
    LanguageChoice,
    keep_choice,
    moment_text,
    read_choices,
)

RECEIVED_KEY = "room_received:"
"""``meta`` key prefix, then a trainee's uid: when the receiver last had that trainee's
records from the room (ISO-8601, UTC)."""
CURSOR_KEY = "room_cursor:"
"""``meta`` key prefix, then what is received (``exams``, or ``<trainee uid>:answers``):
how far it has been received (the room's ``arrived`` and the uid of the last row)."""
PIN_KEY = "room_pin:"
"""``meta`` key prefix, then a trainee's uid: the digest of the PIN hash and employee
id last agreed with the room."""

LANGUAGE_AGREED_KEY = "room_language:"
"""``meta`` key prefix, then a trainee's uid: the digest of the language choice last
agreed with the room."""


def pin_content(pin_hash: str | None, employee_id: str | None) -> str:
    """A digest of a trainee's PIN hash and employee id (no PIN, no id: a digest too)."""
    text = json.dumps([pin_hash, employee_id], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


NO_PIN = pin_content(None, None)
"""What a trainee without PIN or employee id is agreed to hold."""


def pin_row_uid(trainee_uid: str, content: str, replaces: str) -> str:
    """The uid of the room row setting ``trainee_uid``'s PIN and id to ``content`` in
    place of ``replaces``: the same change sent twice is one row."""
    text = f"{trainee_uid}\n{content}\n{replaces}"
    return "pin-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


def language_content(choice: LanguageChoice) -> str:
    """A digest of a language choice: the language (None included) and its time."""
    text = json.dumps([choice.language, moment_text(choice.chosen_at)],
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


def language_row_uid(trainee_uid: str, choice: LanguageChoice) -> str:
    """The uid of the room row saying ``trainee_uid`` chose ``choice``: the same choice
    sent twice is one row."""
    text = f"{trainee_uid}\n{language_content(choice)}"
    return "lang-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


@dataclass(frozen=True, slots=True)
class LocalLanguage:
    """A trainee's language choice here, and the digest of the one last agreed with the
    room (None: none agreed yet)."""

    uid: str
    choice: LanguageChoice
    agreed: str | None

    @property
    def row_uid(self) -> str:
        return language_row_uid(self.uid, self.choice)

    @property
    def pending(self) -> bool:
        """Made here and not agreed with the room yet."""
        return language_content(self.choice) != self.agreed


@dataclass(frozen=True, slots=True)
class RoomLanguage:
    """The newest ``trainee_languages`` row of a trainee (already checked)."""

    uid: str
    choice: LanguageChoice


def read_languages(conn: sqlite3.Connection) -> list[LocalLanguage]:
    """Every trainee's language choice kept here (trainees who never chose are not
    listed), with the digest agreed with the room."""
    agreed = {str(key).removeprefix(LANGUAGE_AGREED_KEY): str(value)
              for key, value in conn.execute("SELECT key, value FROM meta WHERE key LIKE ?",
                                             (LANGUAGE_AGREED_KEY + "%",))}
    trainees = {str(uid) for (uid,) in conn.execute("SELECT uid FROM trainees")}
    return [LocalLanguage(uid, choice, agreed.get(uid))
            for uid, choice in read_choices(conn).items() if uid in trainees]


@dataclass(frozen=True, slots=True)
class Cursor:
    """How far one kind of record has been received from the room."""

    arrived: datetime
    """The room's ``arrived`` of the last row received."""
    uid: str


@dataclass(frozen=True, slots=True)
class LocalTrainee:
    id: int
    uid: str
    name: str


@dataclass(frozen=True, slots=True)
class LocalAccount:
    """A trainee's PIN and employee id here, and what was last agreed with the room."""

    uid: str
    pin_hash: str | None
    employee_id: str | None
    agreed: str

    @property
    def content(self) -> str:
        return pin_content(self.pin_hash, self.employee_id)

    @property
    def pending_uid(self) -> str | None:
        """The room row of a change made here (None: nothing changed here)."""
        if self.content == self.agreed:
            return None
        return pin_row_uid(self.uid, self.content, self.agreed)


@dataclass(frozen=True, slots=True)
class RoomPin:
    """The newest ``trainee_pins`` row for a trainee of this station (already checked)."""

    pin_hash: str | None
    employee_id: str | None


def read_accounts(conn: sqlite3.Connection) -> list[LocalAccount]:
    """Every trainee's PIN hash and employee id, with the digest agreed with the room."""
    agreed = {str(key).removeprefix(PIN_KEY): str(value) for key, value in conn.execute(
        "SELECT key, value FROM meta WHERE key LIKE ?", (PIN_KEY + "%",))}
    return [LocalAccount(str(uid), pin_hash, employee_id, agreed.get(str(uid), NO_PIN))
            for uid, pin_hash, employee_id in conn.execute(
                "SELECT uid, pin_hash, employee_id FROM trainees ORDER BY id")]


def received_at(conn: sqlite3.Connection, trainee_uid: str) -> datetime | None:
    """When the receiver last had this trainee's records from the room (None: never)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?",
                       (RECEIVED_KEY + trainee_uid,)).fetchone()
    if row is None:
        return None
    try:
        moment = datetime.fromisoformat(str(row[0]))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                 " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))


class StationCache:
    """The receiver's connection to the station's database (read and write), on the
    worker's thread. Satisfies :class:`trainer.storage.exchange.StationDatabase`."""

    def __init__(self, conn: sqlite3.Connection, secret: seal.StationSecret) -> None:
        self._conn = conn
        self.secret = secret

    @classmethod
    def open(cls, path: Path, secret: seal.StationSecret,
             busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> StationCache:
        """A connection of its own to the station's database at ``path``, which the
        trainer has opened (and upgraded) already: StorageError when it cannot be."""
        return cls(connect_station_file(path, busy_timeout, check_same_thread=False), secret)

    def close(self) -> None:
        self._conn.close()

    @property
    def conn(self) -> sqlite3.Connection:
        return self._conn

    @property
    def station(self) -> str:
        return str(self._conn.execute(
            "SELECT value FROM meta WHERE key = 'station'").fetchone()[0])

    @property
    def schema_version(self) -> int:
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One transaction holding the write lock from its start; commits on exit
        (:func:`~trainer.storage.connection.write_transaction`)."""
        return write_transaction(self._conn)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self._conn
        except sqlite3.Error as error:
            raise StorageError(_("the station's database cannot be read ({error})",
                                 error=error)) from None

    # -- reads (outside a transaction)

    def trainee(self, uid: str) -> LocalTrainee | None:
        with self._reading() as conn:
            row = conn.execute("SELECT id, uid, name FROM trainees WHERE uid = ?",
                               (uid,)).fetchone()
        return None if row is None else LocalTrainee(int(row[0]), str(row[1]), str(row[2]))

    def cursors(self) -> dict[str, Cursor]:
        """Every cursor, by what it counts (``exams``, ``<trainee uid>:answers``...)."""
        found: dict[str, Cursor] = {}
        with self._reading() as conn:
            for key, value in conn.execute("SELECT key, value FROM meta WHERE key LIKE ?",
                                           (CURSOR_KEY + "%",)):
                try:
                    data = json.loads(str(value))
                    moment = datetime.fromisoformat(data["arrived"])
                    found[str(key).removeprefix(CURSOR_KEY)] = Cursor(moment, str(data["uid"]))
                except (ValueError, KeyError, TypeError):
                    continue  # unreadable: received again from the start (nothing doubles)
        return found

    def accounts(self) -> list[LocalAccount]:
        with self._reading() as conn:
            return read_accounts(conn)

    def languages(self) -> list[LocalLanguage]:
        with self._reading() as conn:
            return read_languages(conn)

    def rows_above(self, table: str, after: int) -> tuple[int, int, str | None]:
        """How many rows of ``table`` have ids above ``after``, the last id, its uid."""
        with self._reading() as conn:
            count, last = conn.execute(
                f"SELECT COUNT(*), COALESCE(MAX(id), 0) FROM {table} WHERE id > ?",
                (after,)).fetchone()
            row = conn.execute(f"SELECT uid FROM {table} WHERE id = ?", (last,)).fetchone()
        return int(count), int(last), None if row is None else str(row[0])

    def held(self, table: str, uids: Sequence[str], *,
             complete: str | None = None) -> set[str]:
        """Which of ``uids`` this station holds in ``table`` (``complete``: with that
        column set too: a session's end, an exam's result)."""
        found: set[str] = set()
        wanted = list(uids)
        where = "" if complete is None else f" AND {complete} IS NOT NULL"
        with self._reading() as conn:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start:start + 500]
                marks = ", ".join("?" * len(chunk))
                found.update(str(uid) for (uid,) in conn.execute(
                    f"SELECT uid FROM {table} WHERE uid IN ({marks}){where}", chunk))
        return found

    # -- writes (inside merge_tables' transaction: all of a pass or nothing)

    @staticmethod
    def move_cursors(conn: sqlite3.Connection, cursors: Mapping[str, Cursor]) -> None:
        for name, cursor in cursors.items():
            _set_meta(conn, CURSOR_KEY + name, json.dumps(
                {"arrived": cursor.arrived.isoformat(), "uid": cursor.uid}))

    @staticmethod
    def mark_received(conn: sqlite3.Connection, trainee_uids: set[str],
                      at: datetime | None = None) -> None:
        moment = (at or datetime.now(UTC)).isoformat()
        for uid in trainee_uids:
            _set_meta(conn, RECEIVED_KEY + uid, moment)

    def apply_pins(self, conn: sqlite3.Connection, newest: Mapping[str, RoomPin],
                   in_room: set[str]) -> int:
        """Take the room's newest PIN and employee id (by local trainee uid) unless a
        change made here is not in the room yet (``in_room``: the pending row uids the
        room holds); how many trainees changed here. The account's seal follows the
        change (:func:`trainer.storage.account_seal.kept`: an account altered here
        stays altered)."""
        changed = 0
        for account in read_accounts(conn):
            pin = newest.get(account.uid)
            pending = account.pending_uid
            if pin is None or (pending is not None and pending not in in_room):
                continue
            content = pin_content(pin.pin_hash, pin.employee_id)
            if content != account.content:
                with account_seal.kept(conn, self.secret, "trainees", [account.uid]):
                    conn.execute("UPDATE trainees SET pin_hash = ?, employee_id = ?"
                                 " WHERE uid = ?", (pin.pin_hash, pin.employee_id, account.uid))
                changed += 1
            _set_meta(conn, PIN_KEY + account.uid, content)
        return changed

    @staticmethod
    def apply_languages(conn: sqlite3.Connection, newest: Mapping[str, RoomLanguage]) -> int:
        """Take the room's newest language choice (by local trainee uid) unless this
        station holds a newer one not agreed with the room yet (it is sent, and then
        is the room's newest); how many trainees' language changed here. A code with
        no catalogue here is kept: whoever shows it says so."""
        mine = {local.uid: local for local in read_languages(conn)}
        changed = 0
        for uid, room in newest.items():
            local = mine.get(uid)
            if local is not None and local.pending and (
                    (local.choice.chosen_at, local.row_uid) > (room.choice.chosen_at, room.uid)):
                continue
            if local is None or local.choice != room.choice:
                keep_choice(conn, uid, room.choice)
                changed += (None if local is None else local.choice.language
                            ) != room.choice.language
            _set_meta(conn, LANGUAGE_AGREED_KEY + uid, language_content(room.choice))
        return changed
