"""What the room's sender reads from the station's SQLite file (no Qt, no network).

The sender (:mod:`trainer.room.outbox`) sends the station's records to the room
database in the order their rows were written here: each table's rows by their
SQLite id, which is also their sequence number in the room (``station_seq``).
Trainees, sessions, rounds, answers, exams and course answers never change once
written; a session's end and an exam's result are written later, and are sent as
records of their own (``session_ends``, ``exam_finishes``) once they are set.

Every row is read with the values a station file carries (the column names of
:data:`trainer.storage.exchange.TABLES`, truth values as ``bool``), so the
sender checks it with the station file's own checks before it leaves. Exams add
their ``setup_json`` and ``attempt`` (a station file's ``exam_setups``).

The sender runs on a worker thread: :meth:`StationOutbox.open` gives it its own
read-only connection (never the GUI's); :meth:`StationOutbox.of` reads through a
database's own connection, on the thread that opened it. A database that cannot be
read raises :class:`~trainer.storage.models.StorageError` with the reason.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.i18n import _
from trainer.storage import seal
from trainer.storage.connection import DEFAULT_BUSY_TIMEOUT, connect_read_only
from trainer.storage.models import SealState, StorageError
from trainer.storage.room_cache import LocalAccount, LocalLanguage, read_accounts, read_languages

if TYPE_CHECKING:
    from trainer.storage.database import TrainerDB

ROW_TABLES: tuple[str, ...] = (
    "trainees", "sessions", "rounds", "answers", "exams", "course_answers")
"""Tables whose rows are sent once each, in id order (parents before children)."""

LATER_TABLES: dict[str, str] = {"session_ends": "sessions", "exam_finishes": "exams"}
"""What is set on a row after it was written, sent as a record of its own: the room's
table and the station's table it is read from."""

_SELECT: dict[str, str] = {
    "trainees": "SELECT id, uid, name, created, last_active FROM trainees x",
    "sessions": (
        "SELECT x.id, x.uid, t.uid, x.mode, x.ruleset_id, x.started, x.ended"
        " FROM sessions x JOIN trainees t ON t.id = x.trainee_id"),
    "rounds": (
        "SELECT x.id, x.uid, s.uid, x.ruleset_id, x.ruleset_version, x.round_json, x.dealt_at"
        " FROM rounds x JOIN sessions s ON s.id = x.session_id"),
    "answers": (
        "SELECT x.id, x.uid, r.uid, x.question_id, x.kind, x.skill, x.seat, x.wager,"
        " x.expected, x.given, x.correct, x.seconds, x.answered_at"
        " FROM answers x JOIN rounds r ON r.id = x.round_id"),
    "exams": (
        "SELECT x.id, x.uid, t.uid, s.uid, x.rounds, x.ruleset_id, x.pass_mark,"
        " x.time_limit_seconds, x.started, x.finished, x.score, x.passed, x.setup_json,"
        " x.attempt FROM exams x JOIN trainees t ON t.id = x.trainee_id"
        " LEFT JOIN sessions s ON s.id = x.session_id"),
    "course_answers": (
        "SELECT x.id, x.uid, t.uid, x.kind, x.lesson, x.scenario, x.item, x.correct,"
        " x.seconds, x.answered_at FROM course_answers x JOIN trainees t ON t.id = x.trainee_id"),
}
_COLUMNS: dict[str, tuple[str, ...]] = {
    "trainees": ("uid", "name", "created", "last_active"),
    "sessions": ("uid", "trainee", "mode", "ruleset_id", "started", "ended"),
    "rounds": ("uid", "session", "ruleset_id", "ruleset_version", "round_json", "dealt_at"),
    "answers": ("uid", "round", "question_id", "kind", "skill", "seat", "wager", "expected",
                "given", "correct", "seconds", "answered_at"),
    "exams": ("uid", "trainee", "session", "rounds", "ruleset_id", "pass_mark",
              "time_limit_seconds", "started", "finished", "score", "passed", "setup_json",
              "attempt"),
    "course_answers": ("uid", "trainee", "kind", "lesson", "scenario", "item", "correct",
                       "seconds", "answered_at"),
}
_TRUTH = frozenset({"correct", "passed"})
_VOUCHED: dict[str, tuple[str, str]] = {
    "answers": ("answers", "s.mode = 'exam'"),
    "exam_finishes": ("exams", "1"),
}
"""What the sender sends only when this station's seal vouches for it, as a station file
does (:data:`trainer.storage.exchange.UNVOUCHED`): an exam's answers and its result. The
room table, the sealed table it is read from, and which of its rows are checked."""
_LATER_SET = {"sessions": "x.ended IS NOT NULL", "exams": "x.finished IS NOT NULL"}


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One row of the station's database as the sender sees it."""

    seq: int
    """Its SQLite id: its sequence number on this station."""
    values: dict[str, object]
    """By the station file's column names (see the module's doc)."""

    @property
    def uid(self) -> str:
        return str(self.values["uid"])


class StationOutbox:
    """The sender's reads, on one connection."""

    def __init__(self, conn: sqlite3.Connection, *, owned: bool,
                 secret: seal.StationSecret) -> None:
        self._conn = conn
        self._owned = owned
        self._secret = secret

    @classmethod
    def open(cls, path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT, *,
             secret: seal.StationSecret | None = None) -> StationOutbox:
        """A read-only connection of its own to the database at ``path`` (for a worker
        thread: it can neither write the file nor checkpoint its log). ``secret``: the
        station secret its rows were sealed with (by default the one beside it)."""
        try:
            conn = connect_read_only(path, busy_timeout)
            conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()
        except sqlite3.Error as error:
            raise StorageError(_("the station's database {path} cannot be read ({error})",
                                 path=path, error=error)) from None
        if secret is None:
            secret = seal.station_secret(path.parent, create=False)
        return cls(conn, owned=True, secret=secret)

    @classmethod
    def of(cls, db: TrainerDB) -> StationOutbox:
        """Reads through ``db``'s own connection (only on the thread that opened it)."""
        return cls(db.conn, owned=False, secret=db.secret)

    def close(self) -> None:
        if self._owned:
            self._conn.close()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self._conn
        except sqlite3.Error as error:
            raise StorageError(_("the station's database cannot be read ({error})",
                                 error=error)) from None

    def station(self) -> str:
        """The station's own id (``meta``), which names it in the room."""
        with self._reading() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()
        if row is None:
            raise StorageError(_("the station's database has no station id"))
        return str(row[0])

    def schema_version(self) -> int:
        """The station database's schema version (``PRAGMA user_version``)."""
        with self._reading() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    def last_ids(self) -> dict[str, int]:
        """Each table's highest id, all read in one snapshot: a row at or under these
        has its parents at or under them too (a parent is committed first)."""
        with self._reading() as conn:
            conn.execute("BEGIN")
            try:
                return {table: int(conn.execute(
                    f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0])
                    for table in ROW_TABLES}
            finally:
                conn.execute("COMMIT")

    def rows(self, table: str, after: int, through: int, limit: int) -> list[OutboxRow]:
        """Up to ``limit`` rows of ``table`` with ids in (``after``, ``through``], by id."""
        with self._reading() as conn:
            found = conn.execute(
                f"{_SELECT[table]} WHERE x.id > ? AND x.id <= ? ORDER BY x.id LIMIT ?",
                (after, through, limit)).fetchall()
        return [_row(table, values) for values in found]

    def count(self, table: str, after: int, through: int | None = None) -> int:
        """Rows of ``table`` with ids above ``after`` (and at most ``through``)."""
        with self._reading() as conn:
            row = conn.execute(
                f"SELECT COUNT(*) FROM {table} WHERE id > ? AND id <= ?",
                (after, through if through is not None else 2 ** 62)).fetchone()
        return int(row[0])

    def uid_at(self, table: str, seq: int) -> str | None:
        """The uid of ``table``'s row ``seq``; None when there is none."""
        with self._reading() as conn:
            row = conn.execute(f"SELECT uid FROM {table} WHERE id = ?", (seq,)).fetchone()
        return None if row is None else str(row[0])

    def count_later(self, later_table: str, through: int | None = None) -> int:
        """How many sessions have ended (``session_ends``) or exams finished
        (``exam_finishes``), among ids at most ``through``."""
        table = LATER_TABLES[later_table]
        with self._reading() as conn:
            row = conn.execute(
                f"SELECT COUNT(*) FROM {table} x WHERE {_LATER_SET[table]} AND x.id <= ?",
                (through if through is not None else 2 ** 62,)).fetchone()
        return int(row[0])

    def accounts(self) -> list[LocalAccount]:
        """Every trainee's PIN hash and employee id, with the digest last agreed with
        the room (:mod:`trainer.storage.room_cache`)."""
        with self._reading() as conn:
            return read_accounts(conn)

    def languages(self) -> list[LocalLanguage]:
        """Every trainee's language choice, with the digest last agreed with the room
        (:mod:`trainer.storage.room_cache`)."""
        with self._reading() as conn:
            return read_languages(conn)

    def unvouched(self, table: str, rows: Sequence[OutboxRow]) -> set[int]:
        """The ids (``seq``) among ``rows`` of the room's ``table`` that this station's
        seals do not vouch for: an exam's answer, or an exam's result, that reads altered
        or cannot be checked here (changed outside the trainer, or sealed with a secret
        this station no longer has). Other rows are not checked."""
        if table not in _VOUCHED or not rows:
            return set()
        sealed, which = _VOUCHED[table]
        alias = seal.SPECS[sealed].alias
        ids = [row.seq for row in rows]
        with self._reading() as conn:
            states = seal.check_rows(
                conn, self._secret, sealed,
                f"{alias}.id IN ({', '.join('?' * len(ids))}) AND {which}", tuple(ids))
        return {row_id for row_id, state in states.items() if state is not SealState.VALID}

    def later_rows(self, later_table: str, through: int) -> list[OutboxRow]:
        """Every ended session (or finished exam) with an id at most ``through``, whole."""
        table = LATER_TABLES[later_table]
        with self._reading() as conn:
            found = conn.execute(
                f"{_SELECT[table]} WHERE {_LATER_SET[table]} AND x.id <= ? ORDER BY x.id",
                (through,)).fetchall()
        return [_row(table, values) for values in found]


def _row(table: str, found: tuple[object, ...]) -> OutboxRow:
    values = dict(zip(_COLUMNS[table], found[1:], strict=True))
    for column in _TRUTH.intersection(values):
        value = values[column]
        if type(value) is int and value in (0, 1):  # anything else stays, and is refused
            values[column] = bool(value)
    return OutboxRow(int(str(found[0])), values)
