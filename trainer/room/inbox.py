"""Receiving the room's records on a station: one pass, :func:`receive_once` (no Qt).

With a room database the room is the record: what the station's SQLite holds is a cache
(and an outbox, :mod:`trainer.room.outbox`). After each sending pass the worker
(:mod:`trainer.room.worker`, on the same thread and connection) runs one receiving pass,
which fetches what the room holds that this station lacks:

- every trainee (uid, name, created), and the newest ``trainee_pins`` row of each (its
  PIN hash and employee id, applied here as :mod:`trainer.storage.room_cache` says);
- the newest ``trainee_languages`` row of each trainee who chose a language since the
  last pass (by ``chosen_at``), applied here unless this station holds a newer choice
  not sent yet (room schema 6);
- every exam with its result (``exam_finishes``) and its session's row: attempt limits
  and waits are known for everyone;
- the whole history (sessions and their ends, rounds, answers, course answers) of the
  trainees **followed** here, those signed in at this station: everything the first
  time, then what arrived since.

**Nothing from the room is trusted unchecked.** The rows are put in a station file's
shape and merged by :func:`trainer.storage.exchange.merge_tables`: every row held to a
station file's checks, sealed into this station's chains, all of a pass or nothing. A
row that fails is refused with a sentence naming its table, uid and field
(:class:`RoomRowRefused`), and nothing of that pass is merged (the cursors do not move,
so the next pass tries again). A language choice whose code does not have a
language code's shape is the exception: it is no record, so only it is refused (in a
sentence naming its row, logged and listed in :attr:`ReceiveResult.refused`), the
trainee's language here stays as it was, and the rest of the pass is merged. A
well-formed code whose catalogue this station lacks is kept (whoever shows it says
so). A trainee of the same name as one here is that trainee
(the station file's rule): their histories are one here, while the room keeps both uids.

**How far.** Each kind of record keeps a cursor in the station's ``meta`` (the room's
``arrived`` of the last row received, and its uid). The server stamps ``arrived`` when a
transaction starts, so a row can commit after a later-stamped one was read: each pass
reads again from :data:`OVERLAP` before its cursor, and the merge skips what is here.

**Not sent back.** A received row is a new row here, after the station's own. When
nothing of the station's own waits before the rows just received (the usual case: the
sender has just run), the pass moves the station's marks in the room past them, so the
sender counts them as in the room and never sends them; otherwise the sender sends
them with the station's own rows, ``ON CONFLICT (uid) DO NOTHING``, and the room
stores them once. Either way nothing is doubled.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import psycopg

from trainer.i18n import N_, _, is_language_code, language_problem
from trainer.room.outbox import (
    CONNECT_TIMEOUT,
    RoomLink,
    RoomOffline,
    RoomRefused,
    StationUnreadable,
    SyncError,
)
from trainer.room.schema import ARRIVAL_SETTLES
from trainer.room.target import RoomTarget
from trainer.storage import evidence, fields, passwords
from trainer.storage.classes import MAX_EMPLOYEE_ID_LENGTH
from trainer.storage.exchange import TABLES, merge_tables
from trainer.storage.models import MergeError, StorageError
from trainer.storage.outbox_reads import ROW_TABLES
from trainer.storage.room_cache import Cursor, RoomLanguage, RoomPin, StationCache
from trainer.storage.trainee_language import LanguageChoice

NEEDS_SCHEMA = 4
"""The room's schema a receiver needs (``trainee_pins``)."""
LANGUAGES_SCHEMA = 6
"""The room's schema from which trainees' languages are received (``trainee_languages``)."""
OVERLAP = ARRIVAL_SETTLES
"""How far before its cursor each pass reads again (rows stamped earlier that committed
later)."""
SOURCE = N_("the room")
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
HISTORY = ("sessions", "rounds", "answers", "course_answers")
"""What is fetched of a followed trainee, each with a cursor of its own."""

log = logging.getLogger("trainer.room")


class RoomRowRefused(SyncError):
    """A row from the room failed a station file's checks: nothing of the pass merged."""


@dataclass(frozen=True, slots=True)
class ReceiveResult:
    merged: dict[str, int]
    """Rows added here, by table (only tables with some)."""
    pins: int
    """Trainees whose PIN or employee id changed here."""
    followed: frozenset[str] = field(default_factory=frozenset)
    """The trainees (local uids) whose records were received in this pass."""
    languages: int = 0
    """Trainees whose language changed here."""
    refused: tuple[str, ...] = ()
    """The rows of the room refused in a pass that merged the rest (a language choice
    whose code is malformed), each a sentence naming it."""

    @property
    def merged_total(self) -> int:
        return sum(self.merged.values())


def receive_once(cache: StationCache, target: RoomTarget | RoomLink,
                 following: Iterable[str] = (), *,
                 connect_timeout: float = CONNECT_TIMEOUT,
                 now: datetime | None = None) -> ReceiveResult:
    """Merge what the room holds that this station lacks (see the module's doc); raises
    a :class:`~trainer.room.outbox.SyncError` (a sentence) when that cannot be done now.
    ``following``: the local uids of the trainees signed in here."""
    link = target if isinstance(target, RoomLink) else RoomLink(target, connect_timeout)
    failed = True
    try:
        result = _Receive(link.connection(), cache, tuple(following)).run(now)
        failed = False
        return result
    except MergeError as error:
        raise RoomRowRefused(_("a record from the room was refused, so nothing was received"
                               " ({error})", error=error)) from None
    except StorageError as error:
        raise StationUnreadable(str(error)) from None
    except psycopg.OperationalError as error:
        raise RoomOffline(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        raise RoomRefused(_("the room server would not give this station its records"
                            " ({error})", error=_first_line(error))) from None
    finally:
        if failed or link is not target:
            link.close()


def _since(cursors: dict[str, Cursor], key: str) -> datetime:
    cursor = cursors.get(key)
    return EPOCH if cursor is None else cursor.arrived - OVERLAP


class _Receive:
    def __init__(self, room: psycopg.Connection[Any], cache: StationCache,
                 following: Sequence[str]) -> None:
        self.room = room
        self.cache = cache
        self.following = following
        self.cursors = cache.cursors()
        self.moved: dict[str, Cursor] = {}
        self.rows: dict[str, dict[str, list[Any]]] = {table: {} for table in TABLES}
        """By table, each row by uid (a row met twice is one row)."""
        self.exam_stations: dict[str, str] = {}
        """The station each exam received was sat at, by its uid."""
        self.version = 0
        self.refused: list[str] = []

    def run(self, now: datetime | None) -> ReceiveResult:
        accounts = self.cache.accounts()
        pending = [a.pending_uid for a in accounts if a.pending_uid is not None]
        followed = [t for t in (self.cache.trainee(uid) for uid in dict.fromkeys(
            self.following)) if t is not None]
        station = self.cache.station
        with self.room.transaction():
            self.room.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            self._check_schema()
            self._trainees()
            self._exams()
            for trainee in followed:
                self._history(trainee.uid, trainee.name)
            self._referred_trainees()
            pins = self._pins()
            languages = self._languages() if self.version >= LANGUAGES_SCHEMA else []
            in_room = {str(uid) for (uid,) in self.room.execute(
                "SELECT uid FROM trainee_pins WHERE uid = ANY(%s)", (pending,))}
            marks = {str(table): int(through) for table, through in self.room.execute(
                "SELECT record_table, sent_through FROM station_marks WHERE station = %s",
                (station,))}
        self._drop_held()
        tables = {table: {"columns": list(TABLES[table]), "rows": list(rows.values())}
                  for table, rows in self.rows.items()}
        changed = 0
        languages_changed = 0
        followed_uids = {trainee.uid for trainee in followed}

        def then(conn: Any) -> None:
            nonlocal changed, languages_changed
            changed = self.cache.apply_pins(conn, _by_local_trainee(conn, pins), in_room)
            languages_changed = StationCache.apply_languages(
                conn, _newest_language_by_local_trainee(conn, languages))
            StationCache.move_cursors(conn, self.moved)
            evidence.record_exam_stations(conn, {  # where each was sat, for the sign-off
                uid: sat_at for uid, sat_at in self.exam_stations.items()
                if uid in self.rows["exams"] and sat_at != station})
            StationCache.mark_received(conn, followed_uids, now)

        merged = merge_tables(self.cache, tables, _(SOURCE), then=then)
        self._received_are_sent(station, marks, merged)
        for sentence in self.refused:
            log.warning("room: %s", sentence)
        return ReceiveResult({t: n for t, n in merged.items() if n}, changed,
                             frozenset(followed_uids), languages_changed, tuple(self.refused))

    def _received_are_sent(self, station: str, marks: dict[str, int],
                           merged: dict[str, int]) -> None:
        """Move this station's marks in the room past the rows just received, where
        nothing of the station's own waits before them: the sender then counts them as
        in the room (they are) and does not send them back. Where something waits, the
        sender sends them with it, and the room stores them once."""
        for table in ROW_TABLES:
            if not merged.get(table):
                continue
            old = marks.get(table, 0)
            count, last, uid = self.cache.rows_above(table, old)
            if count != merged[table] or uid is None:
                continue  # the station's own rows wait among them (or were written since)
            try:
                self.room.execute(
                    "INSERT INTO station_marks (station, record_table, sent_through, last_uid)"
                    " VALUES (%s, %s, %s, %s) ON CONFLICT (station, record_table) DO UPDATE"
                    " SET sent_through = excluded.sent_through, last_uid = excluded.last_uid"
                    " WHERE station_marks.sent_through = %s",
                    (station, table, last, uid, old))
            except psycopg.errors.IntegrityError:
                return  # a station the room has not seen yet: its first send says so

    def _drop_held(self) -> None:
        """Leave out the rows this station holds already, as they are here (read again
        within :data:`OVERLAP`): a pass with nothing new checks and merges nothing. A
        row left out is still found by the rows referring to it."""
        for table in ("trainees", "rounds", "answers", "course_answers"):
            rows = self.rows[table]
            for uid in self.cache.held(table, list(rows)):
                del rows[uid]
        for table, column, index in (("sessions", "ended", 5), ("exams", "finished", 8)):
            rows = self.rows[table]
            held = self.cache.held(table, list(rows))
            done = self.cache.held(table, list(held), complete=column)
            for uid in held:
                if uid in done or rows[uid][index] is None:
                    del rows[uid]
        setups = self.rows["exam_setups"]
        for uid in [uid for uid in setups if uid not in self.rows["exams"]]:
            del setups[uid]

    def _check_schema(self) -> None:
        found = self.room.execute("SELECT to_regclass('public.room_schema')").fetchone()
        version = None
        if found is not None and found[0] is not None:
            row = self.room.execute("SELECT version FROM room_schema").fetchone()
            version = None if row is None else int(row[0])
        if version is None or version < NEEDS_SCHEMA:
            raise RoomRefused(_(
                "the room database is at schema {version}, older than this trainer needs to"
                " receive ({needed}): IT runs 'hhe-trainer room init' from this trainer",
                version=version or 0, needed=NEEDS_SCHEMA))
        self.version = version

    def _fetch(self, key: str, query: str, params: Any) -> list[tuple[Any, ...]]:
        """Rows whose last value is their ``arrived``: the cursor ``key`` moves to the
        last of them (by arrived, then uid: the first value)."""
        found = [tuple(row) for row in self.room.execute(query, params)]
        if found:
            last = max(found, key=lambda row: (row[-1], str(row[0])))
            cursor = Cursor(last[-1], str(last[0]))
            old = self.cursors.get(key)
            if old is None or (cursor.arrived, cursor.uid) > (old.arrived, old.uid):
                self.moved[key] = cursor
        return found

    def _keep(self, table: str, row: Sequence[Any]) -> None:
        self.rows[table][str(row[0])] = list(row)

    def _trainees(self) -> None:
        for row in self._fetch("trainees",
                               "SELECT uid, name, created, arrived FROM trainees"
                               " WHERE arrived >= %s", (_since(self.cursors, "trainees"),)):
            self._keep("trainees", (*row[:3], None))

    def _exams(self) -> None:
        found = self._fetch(
            "exams",
            "SELECT e.uid, e.trainee, e.session, e.rounds, e.ruleset_id, e.pass_mark,"
            " e.time_limit_seconds, e.started, f.finished, f.score, f.passed, e.setup_json,"
            " e.attempt, e.station, greatest(e.arrived, f.arrived)"
            " FROM exams e LEFT JOIN exam_finishes f ON f.exam = e.uid"
            " WHERE e.arrived >= %(since)s OR f.arrived >= %(since)s",
            {"since": _since(self.cursors, "exams")})
        for row in found:
            self._keep("exams", row[:11])
            self.exam_stations[str(row[0])] = str(row[13])
            if row[11] is not None:
                self._keep("exam_setups", (row[0], row[11], row[12]))
        sessions = [row[2] for row in found if row[2] is not None]
        for row in self.room.execute(
                "SELECT s.uid, s.trainee, s.mode, s.ruleset_id, s.started, e.ended"
                " FROM sessions s LEFT JOIN session_ends e ON e.session = s.uid"
                " WHERE s.uid = ANY(%s)", (sessions,)):
            self._keep("sessions", row)
        self._finished_exams_rounds([row[2] for row in found
                                     if row[2] is not None and row[8] is not None])

    def _finished_exams_rounds(self, sessions: list[str]) -> None:
        """The rounds and answers of finished exams, whoever sat them: an instructor at
        any station reviews and signs off an exam sat at another (its answers reach the
        room before its result: the sender sends answers first)."""
        for row in self.room.execute(
                "SELECT uid, session, ruleset_id, ruleset_version, round_json, dealt_at"
                " FROM rounds WHERE session = ANY(%s)", (sessions,)):
            self._keep("rounds", row)
        for row in self.room.execute(
                "SELECT a.uid, a.round, a.question_id, a.kind, a.skill, a.seat, a.wager,"
                " a.expected, a.given, a.correct, a.seconds, a.answered_at"
                " FROM answers a JOIN rounds r ON r.uid = a.round WHERE r.session = ANY(%s)",
                (sessions,)):
            self._keep("answers", row)

    def _history(self, uid: str, name: str) -> None:
        """A followed trainee's sessions, rounds, answers and course answers: theirs by
        uid and, as a station file's, by name (any case)."""
        people = [str(found) for (found,) in self.room.execute(
            "SELECT uid FROM trainees WHERE uid = %s OR lower(name) = lower(%s)",
            (uid, name))]
        if not people:
            return
        since = {table: _since(self.cursors, f"{uid}:{table}") for table in HISTORY}
        for row in self._fetch(
                f"{uid}:sessions",
                "SELECT s.uid, s.trainee, s.mode, s.ruleset_id, s.started, e.ended,"
                " greatest(s.arrived, e.arrived)"
                " FROM sessions s LEFT JOIN session_ends e ON e.session = s.uid"
                " WHERE s.trainee = ANY(%s) AND (s.arrived >= %s OR e.arrived >= %s)",
                (people, since["sessions"], since["sessions"])):
            self._keep("sessions", row[:6])
        for row in self._fetch(
                f"{uid}:rounds",
                "SELECT r.uid, r.session, r.ruleset_id, r.ruleset_version, r.round_json,"
                " r.dealt_at, r.arrived FROM rounds r JOIN sessions s ON s.uid = r.session"
                " WHERE s.trainee = ANY(%s) AND r.arrived >= %s", (people, since["rounds"])):
            self._keep("rounds", row[:6])
        for row in self._fetch(
                f"{uid}:answers",
                "SELECT a.uid, a.round, a.question_id, a.kind, a.skill, a.seat, a.wager,"
                " a.expected, a.given, a.correct, a.seconds, a.answered_at, a.arrived"
                " FROM answers a JOIN rounds r ON r.uid = a.round"
                " JOIN sessions s ON s.uid = r.session"
                " WHERE s.trainee = ANY(%s) AND a.arrived >= %s", (people, since["answers"])):
            self._keep("answers", row[:12])
        for row in self._fetch(
                f"{uid}:course_answers",
                "SELECT uid, trainee, kind, lesson, scenario, item, correct, seconds,"
                " answered_at, arrived FROM course_answers"
                " WHERE trainee = ANY(%s) AND arrived >= %s",
                (people, since["course_answers"])):
            self._keep("course_answers", row[:9])

    def _referred_trainees(self) -> None:
        """The trainees the rows of this pass belong to, when not fetched already (the
        merge finds a trainee here by uid or by name)."""
        referred = {str(row[1]) for table in ("sessions", "exams", "course_answers")
                    for row in self.rows[table].values()}
        missing = sorted(referred - self.rows["trainees"].keys())
        for row in self.room.execute(
                "SELECT uid, name, created FROM trainees WHERE uid = ANY(%s)", (missing,)):
            self._keep("trainees", (*row, None))

    def _pins(self) -> list[tuple[str, str, RoomPin, datetime, str]]:
        """The newest PIN row of each trainee with one arrived since the cursor: (room
        trainee uid, name, the PIN, arrived, row uid), each checked."""
        found = self._fetch(
            "trainee_pins",
            "SELECT DISTINCT ON (p.trainee) p.uid, p.trainee, t.name, p.pin_hash,"
            " p.employee_id, p.arrived FROM trainee_pins p JOIN trainees t ON t.uid = p.trainee"
            " WHERE p.trainee IN (SELECT trainee FROM trainee_pins WHERE arrived >= %s)"
            " ORDER BY p.trainee, p.arrived DESC, p.uid DESC",
            (_since(self.cursors, "trainee_pins"),))
        pins = []
        for uid, trainee, name, pin_hash, employee_id, arrived in found:
            problem = _pin_problem(pin_hash, employee_id)
            if problem is not None:
                raise MergeError(_("{file}: {table} row {number}: {why}; nothing was merged",
                                   file=_(SOURCE), table="trainee_pins", number=uid,
                                   why=problem))
            pins.append((str(trainee), str(name), RoomPin(pin_hash, employee_id), arrived,
                         str(uid)))
        return pins


    def _languages(self) -> list[tuple[str, str, RoomLanguage]]:
        """The newest language choice of each trainee with one arrived since the cursor
        (room trainee uid, name, the choice), each well-formed; a malformed one is
        refused in :attr:`refused` and that trainee's language left as it is here. Ties
        of ``chosen_at`` go to the greater uid by code point, as Python compares them."""
        found = self._fetch(
            "trainee_languages",
            "SELECT DISTINCT ON (l.trainee) l.uid, l.trainee, t.name, l.language,"
            " l.chosen_at, max(l.arrived) OVER (PARTITION BY l.trainee)"
            " FROM trainee_languages l JOIN trainees t ON t.uid = l.trainee"
            " WHERE l.trainee IN (SELECT trainee FROM trainee_languages WHERE arrived >= %s)"
            " ORDER BY l.trainee, l.chosen_at DESC, l.uid COLLATE \"C\" DESC",
            (_since(self.cursors, "trainee_languages"),))
        languages = []
        for uid, trainee, name, language, chosen_at, _arrived in found:
            if language is not None and not is_language_code(language):
                self.refused.append(_(
                    "{file}: {table} row {number}: {why}; this trainee's language here"
                    " stays as it was", file=_(SOURCE), table="trainee_languages", number=uid,
                    why=_("language: {problem}",
                          problem=language_problem(language, pseudo=False))))
                continue
            languages.append((str(trainee), str(name),
                              RoomLanguage(str(uid), LanguageChoice(language, chosen_at))))
        return languages


def _pin_problem(pin_hash: object, employee_id: object) -> str | None:
    """What is wrong with a PIN row as this station would store it (None: nothing)."""
    if pin_hash is not None:
        weakness = passwords.hash_weakness(pin_hash)
        if weakness is not None:
            return f"pin_hash: {weakness}"
    if employee_id is not None:
        try:
            fields.text(employee_id, "employee_id", max_length=MAX_EMPLOYEE_ID_LENGTH)
        except StorageError as error:
            return str(error)
        if any(ord(c) < 32 or ord(c) == 127 for c in str(employee_id)):
            return "employee_id: contains a control character"
    return None


def _by_local_trainee(conn: Any, pins: list[tuple[str, str, RoomPin, datetime, str]]
                      ) -> dict[str, RoomPin]:
    """Each PIN by the local trainee it belongs to (by uid, else by name, as merged);
    the newest arrived when several room trainees are one here."""
    newest: dict[str, tuple[datetime, str, RoomPin]] = {}
    for trainee, name, pin, arrived, row_uid in pins:
        local = _local_trainee(conn, trainee, name)
        if local is None:
            continue
        if local not in newest or (arrived, row_uid) > newest[local][:2]:
            newest[local] = (arrived, row_uid, pin)
    return {local: pin for local, (_a, _u, pin) in newest.items()}


def _newest_language_by_local_trainee(conn: Any, languages: list[tuple[str, str, RoomLanguage]]
                                      ) -> dict[str, RoomLanguage]:
    """Each language choice by the local trainee it belongs to (by uid, else by name, as
    merged); the newest chosen when several room trainees are one here."""
    newest: dict[str, RoomLanguage] = {}
    for trainee, name, language in languages:
        local = _local_trainee(conn, trainee, name)
        if local is None:
            continue
        kept = newest.get(local)
        if kept is None or ((language.choice.chosen_at, language.uid)
                            > (kept.choice.chosen_at, kept.uid)):
            newest[local] = language
    return newest


def _local_trainee(conn: Any, trainee: str, name: str) -> str | None:
    """The uid here of the room's trainee ``trainee`` (by uid, else by name, as merged)."""
    row = conn.execute("SELECT uid FROM trainees WHERE uid = ?", (trainee,)).fetchone()
    if row is None:
        row = conn.execute("SELECT uid FROM trainees WHERE name = ?",
                           (name.strip(),)).fetchone()
    return None if row is None else str(row[0])


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
