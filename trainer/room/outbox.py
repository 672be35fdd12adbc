"""Sending a station's records to the room database: one pass, :func:`sync_once` (no Qt).

Local first: every record is committed to the station's SQLite file before anything
here sees it, so the trainee never waits on the network; this module only reads that
file (:mod:`trainer.storage.outbox_reads`) and sends what the room does not have yet.

**The room is the high-water mark.** For each table the room keeps how far this
station's rows have gone (``station_marks``: the last SQLite id, and its uid), and
each batch of rows is sent in one transaction that also moves the mark: a station
killed mid-send, a lost connection or a restarted server leaves the room with whole
batches and a mark that says so, and the next pass starts from there. Each row's key
is its uid and its station with its SQLite id (``station``, ``station_seq``), and every
insert is ``ON CONFLICT DO NOTHING``: a row sent twice is stored once.

A session's end and an exam's result are set on the station after the row was sent;
they go as rows of ``session_ends`` and ``exam_finishes`` (keyed by the session's or
the exam's uid). Their mark counts the ended sessions (finished exams) the room is
known to hold; when the station's count differs, the pass asks the room which of
them it lacks.

**Nothing is dropped silently.** Every row is held to the station file's checks
(:func:`trainer.storage.exchange.record_problem`) before it is sent, and an exam's
answers and its result to this station's seals (:data:`UNVOUCHED`: what a station file
flags as read altered on its station); a row that fails them, or that the room's own
constraints refuse (a round whose session was refused), is not sent: it is written to
the room's ``refused_records`` with the reason, and listed in the pass's
:class:`SyncResult`.

**The same station twice.** The mark keeps the uid of the last row it covers; when the
station's row of that id has another uid (its data folder restored from an older copy,
or copied from another station), the pass sends nothing and says so
(:class:`StationMismatch`): sending by id would lose the newer rows.

Trainees are the room's by uid: two stations that each made a trainee "Ana" send two
trainees. A station receiving them (:mod:`trainer.room.inbox`) applies the station
file's rule, "a trainee of the same name is the same person": one trainee there, with
both histories. Rows a station received from the room are past its marks when nothing
of its own waited before them (the receiver moves the marks); otherwise they are sent
with its own and stored once (``ON CONFLICT (uid) DO NOTHING``). Any other conflict is
a refusal, so an exam whose attempt number the room holds already
(``exams_one_attempt``) is recorded in ``refused_records`` with a sentence, never
dropped silently. A trainee's PIN and employee id changed here go as ``trainee_pins``
rows (:mod:`trainer.room.pins`), and a language a trainee chose here as a
``trainee_languages`` row with its time (:mod:`trainer.room.languages`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from trainer.i18n import _
from trainer.room.languages import send_languages
from trainer.room.pins import send_pins
from trainer.room.schema import ROOM_SCHEMA_VERSION
from trainer.room.target import RoomTarget
from trainer.storage.exchange import record_problem
from trainer.storage.models import StorageError
from trainer.storage.outbox_reads import LATER_TABLES, ROW_TABLES, OutboxRow, StationOutbox

CONNECT_TIMEOUT = 3
"""Seconds to wait for the room server to answer a connection (libpq's least is 2)."""
BATCH_ROWS = 500
"""Rows sent in one transaction."""
SEND_ORDER: tuple[str, ...] = (
    "trainees", "sessions", "rounds", "answers", "exams", "exam_finishes", "session_ends",
    "course_answers")
"""Parents before their children."""
NEEDS_SCHEMA = 2
"""The room's schema this sender needs (``station_marks``, ``refused_records``)."""
PINS_SCHEMA = 4
"""The room's schema from which PINs are sent (``trainee_pins``)."""
LANGUAGES_SCHEMA = 6
"""The room's schema from which trainees' languages are sent (``trainee_languages``)."""

_ROOM_COLUMNS: dict[str, tuple[str, ...]] = {
    "trainees": ("uid", "name", "created"),
    "sessions": ("uid", "trainee", "mode", "ruleset_id", "started"),
    "rounds": ("uid", "session", "ruleset_id", "ruleset_version", "round_json", "dealt_at"),
    "answers": ("uid", "round", "question_id", "kind", "skill", "seat", "wager", "expected",
                "given", "correct", "seconds", "answered_at"),
    "exams": ("uid", "trainee", "session", "rounds", "ruleset_id", "pass_mark",
              "time_limit_seconds", "started", "setup_json", "attempt"),
    "course_answers": ("uid", "trainee", "kind", "lesson", "scenario", "item", "correct",
                       "seconds", "answered_at"),
    "session_ends": ("uid", "ended"),
    "exam_finishes": ("uid", "finished", "score", "passed"),
}
_KEY_COLUMN = {"session_ends": "session", "exam_finishes": "exam"}
"""The room's name of the uid column where it is not ``uid``."""
_CONNECTION_OPTIONS: dict[str, Any] = {
    "application_name": "hhe-trainer station",
    "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
    "tcp_user_timeout": 10_000,  # ms: a connection cut mid-send fails, not hangs
    "options": "-c statement_timeout=30000 -c lock_timeout=10000",
}


@dataclass(frozen=True, slots=True)
class Mark:
    """How far a station's rows of one table have gone into the room."""

    sent_through: int
    """The last SQLite id covered (sent, already there, or refused); for a later
    table, how many ended sessions (finished exams) the room is known to hold."""
    last_uid: str | None = None
    """The uid of the row at ``sent_through`` (row tables only)."""


class SyncError(Exception):
    """A pass that could not finish: the message is a sentence for a person."""

    def __init__(self, message: str, marks: dict[str, Mark] | None = None) -> None:
        super().__init__(message)
        self.marks = marks
        """The room's marks as far as this pass knew them (what it sent before it
        failed included); None when it never read them."""


class RoomOffline(SyncError):
    """The room server could not be reached, or the connection was lost."""


class RoomRefused(SyncError):
    """The room server answered but would not take this station's records."""


class StationMismatch(SyncError):
    """The station's database is not the one the room has records from."""


class StationUnreadable(SyncError):
    """The station's own database could not be read."""




@dataclass(frozen=True, slots=True)
class Refused:
    """A row not sent, and why (also in the room's ``refused_records``)."""

    table: str
    seq: int
    uid: str
    problem: str


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the station holds that the room does not have yet."""

    answers: int
    records: int
    """Every row waiting, answers included."""


@dataclass(frozen=True, slots=True)
class SyncResult:
    station: str
    sent: dict[str, int]
    """Rows the room did not have and now holds, by the room's table."""
    refused: tuple[Refused, ...]
    """Rows found wrong in this pass (not sent; recorded in the room)."""
    waiting: Waiting
    """After the pass: rows written on the station while it ran."""
    marks: dict[str, Mark] = field(repr=False)
    """The room's marks after the pass (how far each table has gone)."""

    @property
    def sent_total(self) -> int:
        return sum(self.sent.values())


def waiting(outbox: StationOutbox, marks: dict[str, Mark]) -> Waiting:
    """What waits beyond ``marks`` (reads the station only: usable while offline)."""
    counts = {table: outbox.count(table, marks.get(table, Mark(0)).sent_through)
              for table in ROW_TABLES}
    for later in LATER_TABLES:
        counts[later] = max(0, outbox.count_later(later) - marks.get(later, Mark(0)).sent_through)
    return Waiting(counts["answers"], sum(counts.values()))


class RoomLink:
    """A connection to the room kept from one pass to the next (the worker's), so a
    station does not sign in to the server every second; made again after a failure."""

    def __init__(self, target: RoomTarget, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self.target = target
        self.connect_timeout = connect_timeout
        self._conn: psycopg.Connection[Any] | None = None

    def connection(self) -> psycopg.Connection[Any]:
        """The open connection, or a new one (``psycopg.OperationalError`` when the
        server cannot be reached within the connect timeout)."""
        if self._conn is None or self._conn.closed or self._conn.broken:
            self.close()
            credentials = self.target.credentials
            self._conn = psycopg.connect(
                self.target.url, autocommit=True,
                connect_timeout=max(2, round(self.connect_timeout)),
                user=credentials.user if credentials else None,
                password=credentials.password if credentials else None,
                **_CONNECTION_OPTIONS)
        return self._conn

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


def sync_once(station: StationOutbox, target: RoomTarget | RoomLink, *,
              connect_timeout: float = CONNECT_TIMEOUT,
              batch_rows: int = BATCH_ROWS) -> SyncResult:
    """Send the room every record of ``station`` it does not have; raises a
    :class:`SyncError` (its message a sentence) when that cannot be done now. What was
    sent before the failure stays sent, and is not sent again.

    Given a :class:`RoomTarget`, the pass connects and disconnects; given a
    :class:`RoomLink`, it uses (and keeps) the link's connection, dropped after an error."""
    try:
        station_id = station.station()
        bounds = station.last_ids()
    except StorageError as error:
        raise StationUnreadable(str(error)) from None
    link = target if isinstance(target, RoomLink) else RoomLink(target, connect_timeout)
    sender: _Pass | None = None
    failed = True
    try:
        sender = _Pass(link.connection(), station, station_id, bounds, batch_rows)
        result = sender.run()
        failed = False
        return result
    except SyncError as error:
        error.marks = sender.known_marks() if sender else None
        raise
    except StorageError as error:
        raise StationUnreadable(str(error), sender.known_marks() if sender else None
                                ) from None
    except psycopg.OperationalError as error:
        raise RoomOffline(_("the room server could not be reached ({error})",
                            error=_first_line(error)),
                          sender.known_marks() if sender else None) from None
    except psycopg.Error as error:
        raise RoomRefused(_("the room server refused this station's records ({error})",
                            error=_first_line(error)),
                          sender.known_marks() if sender else None) from None
    finally:
        if failed or link is not target:
            link.close()


class _Pass:
    """One pass over the tables, on one connection."""

    def __init__(self, conn: psycopg.Connection[Any], outbox: StationOutbox, station: str,
                 bounds: dict[str, int], batch_rows: int) -> None:
        self.room = conn
        self.outbox = outbox
        self.station = station
        self.bounds = bounds
        self.batch_rows = max(1, batch_rows)
        self.sent: dict[str, int] = dict.fromkeys(SEND_ORDER, 0)
        self.refused: list[Refused] = []
        self.marks: dict[str, Mark] = {}
        self.marks_read = False
        self.version = 0

    def known_marks(self) -> dict[str, Mark] | None:
        return dict(self.marks) if self.marks_read else None

    def run(self) -> SyncResult:
        self._check_schema()
        self.marks = self._read_marks()
        self._check_marks()
        self.marks_read = True
        self._seen(waiting(self.outbox, self.marks))
        for table in SEND_ORDER:
            if table in LATER_TABLES:
                self._send_later(table)
            else:
                self._send_rows(table)
        if self.version >= PINS_SCHEMA:
            sent, refused = send_pins(self.room, self.outbox.accounts(), self.station)
            self.sent["trainee_pins"] = sent
            self.refused.extend(Refused("trainee_pins", 0, uid, why) for uid, why in refused)
        if self.version >= LANGUAGES_SCHEMA:
            sent, refused = send_languages(self.room, self.outbox.languages(), self.station)
            self.sent["trainee_languages"] = sent
            self.refused.extend(Refused("trainee_languages", 0, uid, why)
                                for uid, why in refused)
        after = waiting(self.outbox, self.marks)
        self._seen(after)
        return SyncResult(self.station, {t: n for t, n in self.sent.items() if n},
                          tuple(self.refused), after, dict(self.marks))

    # -- what the room has

    def _check_schema(self) -> None:
        found = self.room.execute("SELECT to_regclass('public.room_schema')").fetchone()
        version = None
        if found is not None and found[0] is not None:
            row = self.room.execute("SELECT version FROM room_schema").fetchone()
            version = None if row is None else int(row[0])
        if version is None:
            raise RoomRefused(_("the room database holds no room yet (IT runs"
                                " 'hhe-trainer room init' once)"))
        self.version = version
        if version < NEEDS_SCHEMA:
            raise RoomRefused(_(
                "the room database is at schema {version}, older than this trainer's"
                " {needed} (IT runs 'hhe-trainer room init' from this trainer)",
                version=version, needed=ROOM_SCHEMA_VERSION))

    def _read_marks(self) -> dict[str, Mark]:
        return {str(table): Mark(int(through), None if uid is None else str(uid))
                for table, through, uid in self.room.execute(
                    "SELECT record_table, sent_through, last_uid FROM station_marks"
                    " WHERE station = %s", (self.station,))}

    def _check_marks(self) -> None:
        for table in ROW_TABLES:
            mark = self.marks.get(table)
            if mark is None or mark.sent_through == 0:
                continue
            if self.outbox.uid_at(table, mark.sent_through) != mark.last_uid:
                raise StationMismatch(_(
                    "this station's database is not the one the room has its records from"
                    " (its {table} row {number} is not the one the room has: was the data"
                    " folder restored from an older copy, or copied from another station?);"
                    " nothing was sent, so nothing was mixed up: ask IT", table=table,
                    number=mark.sent_through))

    def _seen(self, now_waiting: Waiting) -> None:
        self.room.execute(
            "INSERT INTO stations (station, last_seen, waiting) VALUES (%s, now(), %s)"
            " ON CONFLICT (station) DO UPDATE SET last_seen = now(), waiting = excluded.waiting",
            (self.station, now_waiting.answers))

    # -- sending

    def _send_rows(self, table: str) -> None:
        after = self.marks.get(table, Mark(0)).sent_through
        bound = self.bounds[table]
        while after < bound:
            rows = self.outbox.rows(table, after, bound, self.batch_rows)
            if not rows:
                break
            mark = Mark(rows[-1].seq, rows[-1].uid)
            with self.room.transaction():
                self._send_batch(table, rows)
                self._move_mark(table, mark)
            self.marks[table] = mark  # committed
            after = mark.sent_through

    def _send_later(self, table: str) -> None:
        through = self.bounds[LATER_TABLES[table]]
        mark = self.marks.get(table, Mark(0))
        if self.outbox.count_later(table, through) == mark.sent_through:
            return
        rows = self.outbox.later_rows(table, through)
        key = _KEY_COLUMN[table]
        uids = [row.uid for row in rows]
        held = {str(uid) for (uid,) in self.room.execute(
            f"SELECT {key} FROM {table} WHERE {key} = ANY(%s)", (uids,))}
        held |= {str(uid) for (uid,) in self.room.execute(
            "SELECT uid FROM refused_records WHERE station = %s AND record_table = %s",
            (self.station, table))}
        missing = [row for row in rows if row.uid not in held]
        for start in range(0, len(missing), self.batch_rows):
            with self.room.transaction():
                self._send_batch(table, missing[start:start + self.batch_rows])
        with self.room.transaction():
            self._move_mark(table, Mark(len(rows)))
        self.marks[table] = Mark(len(rows))

    def _send_batch(self, table: str, rows: Sequence[OutboxRow]) -> None:
        """Insert ``rows`` (inside the caller's transaction): the good ones stored once,
        the others recorded as refused."""
        good: list[OutboxRow] = []
        refused: list[Refused] = []
        unvouched = self.outbox.unvouched(table, rows)
        for row in rows:
            problem = UNVOUCHED if row.seq in unvouched else _problem(table, row)
            if problem is None:
                good.append(row)
            else:
                refused.append(Refused(table, row.seq, row.uid, problem))
        statement = _insert_statement(table)
        try:
            with self.room.transaction(), self.room.cursor() as cursor:
                cursor.executemany(statement, [self._params(table, row) for row in good])
                self.sent[table] += max(cursor.rowcount, 0)
        except (psycopg.errors.IntegrityError, psycopg.errors.DataError):
            for row in good:  # one at a time, to find the ones the room refuses
                try:
                    with self.room.transaction():
                        cursor = self.room.execute(statement, self._params(table, row))
                        self.sent[table] += max(cursor.rowcount, 0)
                except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as error:
                    refused.append(Refused(table, row.seq, row.uid, _refusal(row, error)))
        self._record_refused(refused)

    def _params(self, table: str, row: OutboxRow) -> tuple[object, ...]:
        return (*(row.values[column] for column in _ROOM_COLUMNS[table]), self.station, row.seq)

    def _record_refused(self, refused: Iterable[Refused]) -> None:
        found = list(refused)
        if not found:
            return
        with self.room.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO refused_records (station, record_table, station_seq, uid, problem)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                [(self.station, r.table, r.seq, r.uid[:200] or "?", r.problem[:1000])
                 for r in found])
        self.refused.extend(found)

    def _move_mark(self, table: str, mark: Mark) -> None:
        self.room.execute(
            "INSERT INTO station_marks (station, record_table, sent_through, last_uid)"
            " VALUES (%s, %s, %s, %s) ON CONFLICT (station, record_table) DO UPDATE"
            " SET sent_through = excluded.sent_through, last_uid = excluded.last_uid"
            + ("" if table in LATER_TABLES
               else " WHERE station_marks.sent_through < excluded.sent_through"),
            (self.station, table, mark.sent_through, mark.last_uid))


UNVOUCHED = (
    "it reads ALTERED or cannot be checked on this station (changed outside the trainer,"
    " or sealed with a station secret this station no longer has; 'hhe-trainer verify'"
    " there names it), so the room does not take it")
"""Why an exam's answer or result whose seal here does not vouch for it is not sent (a
station file flags the same records, :data:`trainer.storage.exchange.UNVOUCHED`; the
room, which holds no seal, refuses them). The exam itself is sent: its attempt counts."""


def _insert_statement(table: str) -> str:
    columns = list(_ROOM_COLUMNS[table])
    if table in _KEY_COLUMN:
        columns[0] = _KEY_COLUMN[table]
    names = ", ".join([*columns, "station", "station_seq"])
    marks = ", ".join(["%s"] * (len(columns) + 2))
    return (f"INSERT INTO {table} ({names}) VALUES ({marks})"
            f" ON CONFLICT ({columns[0]}) DO NOTHING")


def _refusal(row: OutboxRow, error: psycopg.Error) -> str:
    """Why the room refused ``row``, a sentence."""
    if getattr(error.diag, "constraint_name", None) == "exams_one_attempt":
        name = _setup_name(row.values.get("setup_json"))
        return (f"attempt {row.values.get('attempt')} at the exam \u201c{name}\u201d is"
                " already in the room for this trainee (made at another station, or at this"
                " one before its data folder was restored): the room keeps the first, so"
                " this exam was not sent")
    return f"the room refused it ({_first_line(error)})"


def _setup_name(setup_json: object) -> str:
    try:
        name = json.loads(str(setup_json)).get("name")
    except (ValueError, AttributeError):
        name = None
    return str(name) if name else "?"


def _problem(table: str, row: OutboxRow) -> str | None:
    """The station file's verdict on ``row`` (a later record: on its whole row)."""
    source = LATER_TABLES.get(table, table)
    problem = record_problem(source, row.values)
    if problem is None and source == "exams" and row.values["setup_json"] is not None:
        problem = record_problem("exam_setups", row.values)
    return problem


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
