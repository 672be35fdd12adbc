"""Training-room files: a station's results, exported and merged elsewhere.

The file is one header line and a UTF-8 JSON body::

    HHE-TRAINER-STATION 1 hmac-sha256=<64 hex digits>
    {"format": "hhe-trainer-station", "station": ..., "tables": {...}}

The HMAC-SHA-256 covers the body's exact bytes, keyed with the training room's
key. It is **tamper evidence, not secrecy**: the body is plain JSON anyone can
read, and with the default key (:data:`DEFAULT_ROOM_KEY`, which ships in this
source) anyone can also re-sign an edited file, so merging refuses such a file
unless the caller allows it (the site file's explicit ``[results]
allow_default_room_key = true``); a room that sets its own key on every station
and the instructor's machine gets files that cannot be edited without it.
Either way a damaged file (a truncated copy, a flipped byte) is refused.

Rows travel with their ``uid``s and refer to each other by uid, so merging the
same file twice adds nothing. A trainee already known by uid is that trainee;
otherwise a trainee with the same name (any case) is taken to be the same
person, otherwise the trainee is added. Instructors and exam set-ups stay on
their station.

A file that cannot be a station export (not a regular file, over
:data:`MAX_STATION_FILE_BYTES`, not UTF-8, no signature, a signature that does
not match, content that is not the expected JSON, nested beyond what can be
read) is refused with a :class:`MergeError` naming the file, and so is a row
the database refuses or this trainer could not read back (a mode, skill,
question kind or wager it does not know: a newer trainer's; merge it with a
trainer at least as new): a merge is one transaction, so nothing of a refused
file is merged and nothing already stored changes.

A table added after format 1 shipped (``course_answers``, schema 4;
``exam_setups``, schema 5: each exam's set-up as it ran and its attempt
number, by the exam's uid) is optional: a file from an older trainer has
none and merges as having no such rows, and an older trainer merging a
newer file ignores it. So the header's
format number stays 1.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import sqlite3
import string
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from trainer.engine.round import SEAT_NUMBERS, Wager, parse_round
from trainer.engine.rulesets import PRESETS
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.exam_setup import (
    MAX_EXAM_ROUNDS,
    MAX_PASS_MARK,
    MAX_TIME_LIMIT_MINUTES,
    MIN_EXAM_ROUNDS,
    MIN_PASS_MARK,
    setup_from_json,
    setup_problem,
)
from trainer.i18n import N_, _, ngettext
from trainer.skills import QuestionKind, Skill
from trainer.storage import account_seal, evidence, fields, seal
from trainer.storage.models import (
    CourseAnswerKind,
    MergeError,
    MergeReport,
    Mode,
    SealState,
    StorageError,
)

MAGIC = "HHE-TRAINER-STATION"
FORMAT = "hhe-trainer-station"
FORMAT_VERSION = 1
MAX_STATION_FILE_BYTES = 512 * 1024 * 1024
"""The largest station file read: about two million answers with their rounds."""


class StationDatabase(Protocol):
    """What exporting and merging need of a station's database (``TrainerDB`` has it):
    its connection for one read snapshot, its identity, its seal secret and its write
    transaction. Taken as this protocol, not the class, so this module does not import
    :mod:`trainer.storage.database`, which imports it."""

    secret: seal.StationSecret

    @property
    def conn(self) -> sqlite3.Connection: ...

    @property
    def station(self) -> str: ...

    @property
    def schema_version(self) -> int: ...

    def _write(self) -> AbstractContextManager[sqlite3.Connection]: ...
DEFAULT_ROOM_KEY = "hhe-trainer default room key: tamper evidence, not secrecy"
"""Used when no room key is given. It is public, so it detects damage and
casual edits but not a deliberate forgery; set a room key for that."""

Check = Callable[[object], "str | None"]
"""A field's check: None when the value is good, else what is wrong (a phrase)."""

MAX_UID_LENGTH = 64
MAX_TEXT_LENGTH = 200
"""A question id, an expected or given answer, a lesson, a scenario, a ruling's item."""
MAX_ROUND_JSON_LENGTH = 64 * 1024
MAX_RULESET_VERSION = 1_000_000
MAX_SETUP_JSON_LENGTH = 4 * 1024
MAX_ATTEMPT = 1_000_000
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
"""No record of this trainer is older."""
CLOCK_TOLERANCE = timedelta(days=1)
"""How far a station's clock may run ahead of this one's: a later time is refused."""
_UID_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _uid(value: object) -> str | None:
    if (not isinstance(value, str) or not 0 < len(value) <= MAX_UID_LENGTH
            or not _UID_CHARACTERS.issuperset(value)):
        return f"{_shown(value)} is not a row id (1-{MAX_UID_LENGTH} letters, digits, - or _)"
    return None


def _name(value: object) -> str | None:
    try:
        fields.name(value, "")
    except StorageError as error:
        return str(error).removeprefix(": ")
    return None


def _time(value: object) -> str | None:
    if not isinstance(value, str):
        return f"{_shown(value)} is not a date and time"
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return f"{_shown(value)} is not an ISO-8601 date and time"
    if moment.tzinfo is None:
        return f"{_shown(value)} has no time zone"
    latest = datetime.now(UTC) + CLOCK_TOLERANCE
    if not EARLIEST <= moment <= latest:
        return (f"{_shown(value)} is not between {EARLIEST.date()} and"
                f" {latest.date()} (a station's clock may be wrong)")
    return None


def _setup_json(value: object) -> str | None:
    """A set-up as an exam stores it (:func:`trainer.exam_setup.setup_from_json`), held
    to the limits of a set-up this trainer would store."""
    if not isinstance(value, str) or len(value) > MAX_SETUP_JSON_LENGTH:
        return f"{_shown(value)} is not a stored exam set-up"
    try:
        setup, _version = setup_from_json(value)
    except ValueError as error:
        return str(error).removeprefix("setup_json: ")
    return setup_problem(setup)


def _optional(check: Check) -> Check:
    return lambda value: None if value is None else check(value)


def _whole(low: int, high: int) -> Check:
    def check(value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"{_shown(value)} is not a whole number from {low} to {high}"
        return None
    return check


def _number(low: float, high: float) -> Check:
    def check(value: object) -> str | None:
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value) or not low <= value <= high):
            return f"{_shown(value)} is not a number from {low:g} to {high:g}"
        return None
    return check


def _text(longest: int, *, empty: bool = False) -> Check:
    def check(value: object) -> str | None:
        if not isinstance(value, str):
            return f"{_shown(value)} is not text"
        if not empty and not value.strip():
            return "is empty"
        if len(value) > longest:
            return f"{len(value)} characters; at most {longest}"
        if any(unicodedata.category(c) == "Cc" for c in value):
            return f"{_shown(value)} contains a control character"
        return None
    return check


def _bool(value: object) -> str | None:
    return None if isinstance(value, bool) else f"{_shown(value)} is not true or false"


def _member_of(kind: type[StrEnum], what: str) -> Check:
    """The text of one of ``kind``'s members (what the row readers make the enum from
    when the merged rows are read back)."""
    values = frozenset(member.value for member in kind)

    def check(value: object) -> str | None:
        if isinstance(value, str) and value in values:
            return None
        return f"{_shown(value)} is not {what} this trainer knows"
    return check


def _ruleset(value: object) -> str | None:
    if isinstance(value, str) and value in PRESETS:
        return None
    return f"{_shown(value)} is not a rule set this trainer knows ({', '.join(PRESETS)})"


def _round_json(value: object) -> str | None:
    """A JSON object of at most 64 KiB (read as a round, under the row's rule set, by
    :func:`_row_problem`)."""
    if not isinstance(value, str) or len(value) > MAX_ROUND_JSON_LENGTH:
        return "is not a round's JSON text (at most 64 KiB)"
    try:
        data = json.loads(value)
    except RecursionError:
        return "is nested too deeply to read"
    except ValueError:
        return "is not JSON"
    return None if isinstance(data, dict) else "is not a JSON object"


# Every table's columns in file order, with the check each value must pass.
TABLES: dict[str, dict[str, Check]] = {
    "trainees": {
        "uid": _uid,
        "name": _name,
        "created": _time,
        "last_active": _optional(_time),
    },
    "sessions": {
        "uid": _uid,
        "trainee": _uid,
        "mode": _member_of(Mode, "a session mode"),
        "ruleset_id": _ruleset,
        "started": _time,
        "ended": _optional(_time),
    },
    "rounds": {
        "uid": _uid,
        "session": _uid,
        "ruleset_id": _ruleset,
        "ruleset_version": _optional(_whole(1, MAX_RULESET_VERSION)),
        "round_json": _round_json,
        "dealt_at": _time,
    },
    "answers": {
        "uid": _uid,
        "round": _uid,
        "question_id": _text(MAX_TEXT_LENGTH),
        "kind": _member_of(QuestionKind, "a question kind"),
        "skill": _member_of(Skill, "a skill"),
        "seat": _optional(_whole(SEAT_NUMBERS.start, SEAT_NUMBERS.stop - 1)),
        "wager": _optional(_member_of(Wager, "a wager")),
        "expected": _text(MAX_TEXT_LENGTH, empty=True),
        "given": _optional(_text(MAX_TEXT_LENGTH, empty=True)),
        "correct": _bool,
        "seconds": _number(0, fields.MAX_SECONDS),
        "answered_at": _time,
    },
    "exams": {
        "uid": _uid,
        "trainee": _uid,
        "session": _optional(_uid),
        "rounds": _whole(MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS),
        "ruleset_id": _ruleset,
        "pass_mark": _number(MIN_PASS_MARK, MAX_PASS_MARK),
        "time_limit_seconds": _optional(_whole(1, MAX_TIME_LIMIT_MINUTES * 60)),
        "started": _time,
        "finished": _optional(_time),
        "score": _optional(_number(0, 100)),
        "passed": _optional(_bool),
    },
    "course_answers": {
        "uid": _uid,
        "trainee": _uid,
        "kind": _member_of(CourseAnswerKind, "a course answer kind"),
        "lesson": _optional(_text(MAX_TEXT_LENGTH)),
        "scenario": _optional(_text(MAX_TEXT_LENGTH)),
        "item": _text(MAX_TEXT_LENGTH),
        "correct": _bool,
        "seconds": _number(0, fields.MAX_SECONDS),
        "answered_at": _time,
    },
    "exam_setups": {  # beside "exams": what format 1 had no columns for
        "uid": _uid,  # the exam's
        "setup_json": _setup_json,
        "attempt": _optional(_whole(1, MAX_ATTEMPT)),
    },
}
OPTIONAL_TABLES = frozenset({"course_answers", "exam_setups"})
"""Tables added after format 1 shipped: a file without one has no such rows."""

_EXPORT_QUERIES = {
    "trainees": "SELECT uid, name, created, last_active FROM trainees ORDER BY id",
    "sessions": (
        "SELECT s.uid, t.uid, s.mode, s.ruleset_id, s.started, s.ended"
        " FROM sessions s JOIN trainees t ON t.id = s.trainee_id ORDER BY s.id"
    ),
    "rounds": (
        "SELECT r.uid, s.uid, r.ruleset_id, r.ruleset_version, r.round_json, r.dealt_at"
        " FROM rounds r JOIN sessions s ON s.id = r.session_id ORDER BY r.id"
    ),
    "answers": (
        "SELECT a.uid, r.uid, a.question_id, a.kind, a.skill, a.seat, a.wager, a.expected,"
        " a.given, a.correct, a.seconds, a.answered_at"
        " FROM answers a JOIN rounds r ON r.id = a.round_id ORDER BY a.id"
    ),
    "exams": (
        "SELECT e.uid, t.uid, s.uid, e.rounds, e.ruleset_id, e.pass_mark, e.time_limit_seconds,"
        " e.started, e.finished, e.score, e.passed FROM exams e"
        " JOIN trainees t ON t.id = e.trainee_id LEFT JOIN sessions s ON s.id = e.session_id"
        " ORDER BY e.id"
    ),
    "course_answers": (
        "SELECT c.uid, t.uid, c.kind, c.lesson, c.scenario, c.item, c.correct, c.seconds,"
        " c.answered_at FROM course_answers c JOIN trainees t ON t.id = c.trainee_id"
        " ORDER BY c.id"
    ),
    "exam_setups": (
        "SELECT uid, setup_json, attempt FROM exams WHERE setup_json IS NOT NULL ORDER BY id"
    ),
}
_BOOL_COLUMNS = {("answers", 9), ("exams", 10), ("course_answers", 6)}


def _key(room_key: str | None) -> bytes:
    key = DEFAULT_ROOM_KEY if room_key is None else room_key
    if not isinstance(key, str) or not key:
        raise MergeError("room_key: must be non-empty text")
    return key.encode("utf-8")


def _rows(conn: sqlite3.Connection, table: str) -> list[list[Any]]:
    rows = []
    for row in conn.execute(_EXPORT_QUERIES[table]):
        values = list(row)
        for name, index in _BOOL_COLUMNS:
            if name == table and values[index] is not None:
                values[index] = bool(values[index])
        rows.append(values)
    return rows


UNVOUCHED = "unvouched"
"""The body's key listing, by table, the uids of exams (and exam answers) that read
altered or cannot be checked on the exporting station (:mod:`trainer.storage.seal`):
merged, they stay unsealed and read altered, never laundered into records sealed
as good. Older trainers ignore the key."""
_VOUCHED_TABLES = {"exams": "1", "answers": "s.mode = 'exam'"}
"""What an export checks: every exam and every answer of an exam session (checking
every practice answer would make leaving a busy station take seconds)."""


EXAM_STATIONS = "exam_stations"
"""The body's key giving, by exam uid, the station an exam was sat at when that is not
the exporting station (an exam it had merged from another station's file), so an exam
relayed through a station keeps its first station (:mod:`trainer.storage.evidence`).
Older trainers ignore the key; an exam not in it was sat at the file's station."""


def _unvouched(conn: sqlite3.Connection, secret: seal.StationSecret) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for table, where in _VOUCHED_TABLES.items():
        states = seal.check_rows(conn, secret, table, where)
        bad = [row_id for row_id, state in states.items() if state is not SealState.VALID]
        if bad:
            marks = ", ".join("?" * len(bad))
            found[table] = [row[0] for row in conn.execute(
                f"SELECT uid FROM {table} WHERE id IN ({marks}) ORDER BY id", bad)]
    return found


def export_station(db: StationDatabase, path: Path, room_key: str | None = None) -> Path:
    """Write every trainee, session, round, answer, exam and course answer of ``db`` to ``path``.

    The file is written under a temporary name and renamed when complete.
    """
    key = _key(room_key)
    conn = db.conn
    conn.execute("BEGIN")  # one read snapshot for every table
    try:
        tables = {
            table: {"columns": list(TABLES[table]), "rows": _rows(conn, table)} for table in TABLES
        }
        station, version = db.station, db.schema_version
        unvouched = _unvouched(conn, db.secret)
        exam_stations = evidence.merged_exam_stations(conn)
    finally:
        conn.execute("COMMIT")
    content = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "station": station,
        "schema_version": version,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": tables,
        UNVOUCHED: unvouched,
        EXAM_STATIONS: exam_stations,
    }
    body = json.dumps(content, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = body.encode("utf-8")
    mac = hmac.new(key, data, hashlib.sha256).hexdigest()
    partial = path.with_name(path.name + ".partial")
    with open(partial, "wb") as file:
        file.write(f"{MAGIC} {FORMAT_VERSION} hmac-sha256={mac}\n".encode("ascii"))
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)
    return path


def read_station_file(path: Path, room_key: str | None = None) -> dict[str, Any]:
    """The verified content of a station file; :class:`MergeError` if it is
    unreadable, not a station file, damaged or altered."""
    key = _key(room_key)
    name = path.name
    try:
        text = read_text_file(path, limit=MAX_STATION_FILE_BYTES, what="station file")
    except TextFileError as error:
        raise MergeError(_("{error}; nothing was merged", error=error)) from None
    header, newline, body = text.partition("\n")
    parts = header.split(" ")
    if (
        not newline
        or len(parts) != 3
        or parts[0] != MAGIC
        or not parts[2].startswith("hmac-sha256=")
    ):
        raise MergeError(_("{file} is not a trainer station export (or is damaged); nothing"
                           " was merged", file=name))
    if parts[1] != str(FORMAT_VERSION):
        raise MergeError(_(
            "{file} is a station export of format {format}; this trainer reads format"
            " {version}; nothing was merged", file=name, format=repr(parts[1][:20]),
            version=FORMAT_VERSION))
    # The file was valid UTF-8, so encoding the body again gives its exact bytes.
    expected = hmac.new(key, body.encode("utf-8"), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, parts[2].removeprefix("hmac-sha256=")):
        raise MergeError(_(
            "{file} was damaged or altered after it was exported (or was exported with a"
            " different room key); nothing was merged", file=name))
    try:
        content = json.loads(body)
    except ValueError:
        raise MergeError(_("{file}: its content is not readable JSON; nothing was merged",
                           file=name)) from None
    except RecursionError:
        raise MergeError(_("{file}: its content is nested too deeply to read; nothing was"
                           " merged", file=name)) from None
    _validate(content, name)
    return content


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _row_problem(table: str, values: dict[str, Any]) -> str | None:
    """What is wrong across a row's fields (each field already passed its own check)."""
    if table == "sessions" and values["ended"] is not None and (
            _moment(values["ended"]) < _moment(values["started"])):
        return "ended: before the session started"
    if table == "rounds":
        data = json.loads(values["round_json"])
        rules = data.get("rules")
        if rules is not None and rules != values["ruleset_id"]:
            return f"round_json: its rules {_shown(rules)} are not the row's ruleset_id"
        try:  # the engine's own reading: a round the trainer could deal and settle
            parse_round(data, values["ruleset_id"])
        except ValueError as error:  # RoundError and RuleSetError are ValueErrors
            return f"round_json: is not a round ({str(error)[:120]})"
    if table == "exams":
        finished, score, passed = values["finished"], values["score"], values["passed"]
        if (finished is None) != (score is None) or (finished is None) != (passed is None):
            return "finished, score and passed: an exam has all three once finished, none before"
        if finished is not None and _moment(finished) < _moment(values["started"]):
            return "finished: before the exam started"
    if table == "course_answers":
        if values["kind"] == CourseAnswerKind.RULING and values["lesson"] is None:
            return "lesson: a ruling's answer must name its lesson"
        if values["kind"] == CourseAnswerKind.SCENARIO and values["scenario"] is None:
            return "scenario: a scenario round's answer must name its scenario"
    return None


def record_problem(table: str, values: Mapping[str, object]) -> str | None:
    """What is wrong with one record of ``table`` as a station file carries it
    (``values`` by the column names of :data:`TABLES`): the first field failing its
    check, as ``"column: problem"``, else the row's own rule; None when a station file
    could carry it. The room's sender (:mod:`trainer.room.outbox`) holds every row to
    these checks before sending it."""
    checks = TABLES[table]
    for column, check in checks.items():
        problem = check(values[column])
        if problem is not None:
            return f"{column}: {problem}"
    return _row_problem(table, {column: values[column] for column in checks})


def _validate(content: object, name: str) -> None:
    """Every field of every row through the checks the trainer's own writes make; the
    first problem refuses the whole file, naming the table, row and field."""
    def refuse(why: str) -> MergeError:
        return MergeError(_("{file}: {why}; nothing was merged", file=name, why=why))

    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise refuse("not a trainer station export")
    if content.get("version") != FORMAT_VERSION:
        raise refuse(f"format version {_shown(content.get('version'))} is not {FORMAT_VERSION}")
    if _uid(content.get("station")) is not None:
        raise refuse("the station id is missing")
    tables = content.get("tables")
    if not isinstance(tables, dict):
        raise refuse("the tables are missing")
    unvouched = content.get(UNVOUCHED, {})
    if not isinstance(unvouched, dict) or not set(unvouched) <= set(_VOUCHED_TABLES) or any(
            not isinstance(uids, list) or any(_uid(uid) is not None for uid in uids)
            for uids in unvouched.values()):
        raise refuse(f"{UNVOUCHED!r} is not a list of row ids by table")
    exam_stations = content.get(EXAM_STATIONS, {})
    if not isinstance(exam_stations, dict) or any(
            _uid(uid) is not None or _uid(station) is not None
            for uid, station in exam_stations.items()):
        raise refuse(f"{EXAM_STATIONS!r} is not a station id by exam id")
    _validate_tables(tables, refuse)


def _validate_tables(tables: dict[str, Any], refuse: Callable[[str], MergeError], *,
                    by_uid: bool = False) -> None:
    """Every row of ``tables`` (station-file shape) through :data:`TABLES`' checks and
    each row's own rule; ``refuse(why)`` is raised for the first problem, which names
    the row by its number (``by_uid``: by its uid, when it has a readable one)."""
    for table, checks in TABLES.items():
        if table in OPTIONAL_TABLES and table not in tables:
            continue
        entry = tables.get(table)
        if not isinstance(entry, dict) or entry.get("columns") != list(checks):
            raise refuse(f"table {table!r} is missing or has other columns")
        rows = entry.get("rows")
        if not isinstance(rows, list):
            raise refuse(f"table {table!r} has no rows list")
        columns: Sequence[tuple[str, Check]] = list(checks.items())
        seen: set[str] = set()
        for number, row in enumerate(rows, start=1):
            where = f"{table} row {number}"
            if not isinstance(row, list) or len(row) != len(columns):
                raise refuse(f"{where}: expected {len(columns)} values")
            if by_uid and _uid(row[0]) is None:
                where = f"{table} row {row[0]}"
            for (column, check), value in zip(columns, row, strict=True):
                problem = check(value)
                if problem is not None:
                    raise refuse(f"{where}: {column}: {problem}")
            values = dict(zip(checks, row, strict=True))
            problem = _row_problem(table, values)
            if problem is not None:
                raise refuse(f"{where}: {problem}")
            if values["uid"] in seen:
                raise refuse(f"{where}: uid: {values['uid']} appears twice")
            seen.add(values["uid"])


DEFAULT_KEY_WARNING = N_(
    "This file was signed with the public default room key, which anyone can use to"
    " re-sign an edited file: its results are only as trustworthy as the hands it"
    " passed through. Set a room key of your own in the site file ([results] room_key)."
)
DEFAULT_KEY_REFUSED = N_(
    "{file} was signed with the public default room key, which anyone can use to re-sign"
    " an edited file (a failed exam turned into a pass), so it is refused. To merge station"
    " files, IT sets a room key of the room's own on every station (the site file's"
    " [results] room_key) and each station exports again; to accept files signed with the"
    " default key knowingly, the site file must say [results] allow_default_room_key ="
    " true; nothing was merged"
)


def merge_station(db: StationDatabase, path: Path, room_key: str | None = None, *,
                  allow_default_key: bool = False) -> MergeReport:
    """Merge a station file into ``db`` in one transaction: all of it or nothing.

    Every merged row is sealed into this station's chains (:mod:`trainer.storage.seal`).
    A file signed with :data:`DEFAULT_ROOM_KEY` (``room_key`` None or that key) is
    refused unless ``allow_default_key`` is True (only the site file's explicit
    ``[results] allow_default_room_key = true`` says so); when allowed, it merges with
    the report's ``warning`` saying what that means.
    """
    default_key = room_key is None or room_key == DEFAULT_ROOM_KEY
    if default_key and not allow_default_key:
        raise MergeError(_(DEFAULT_KEY_REFUSED, file=path.name))
    content = read_station_file(path, room_key)
    tables = content["tables"]
    name = path.name
    unvouched = {table: frozenset(uids) for table, uids in content.get(UNVOUCHED, {}).items()}
    stations = {**{row[0]: content["station"] for row in tables["exams"]["rows"]},
                **content.get(EXAM_STATIONS, {})}
    try:
        with db._write() as conn:
            first_exam = _last_id(conn, "exams")
            counts = _merge(conn, tables, name, db.secret, unvouched)
            duplicates = evidence.record_merged_exams(conn, first_exam, stations)
    except MergeError:
        raise
    except sqlite3.IntegrityError as error:
        raise MergeError(_("{file}: a row was refused ({error}); nothing was merged",
                           file=name, error=error)) from None
    except (OverflowError, ValueError, TypeError) as error:
        raise MergeError(_("{file}: a value could not be stored ({error}); nothing was"
                           " merged", file=name, error=error)) from None
    except sqlite3.Error as error:
        raise MergeError(_("{file} could not be merged ({error}); nothing was merged",
                           file=name, error=error)) from None
    warnings = [_(DEFAULT_KEY_WARNING)] if default_key else []
    flagged = sum(len(uids) for uids in unvouched.values())
    if flagged:
        warnings.append(ngettext(
            "{count} of its exam records (exams or their answers) read altered or could not"
            " be checked on their station; it reads ALTERED here too (run 'hhe-trainer"
            " verify' on that station to see which).",
            "{count} of its exam records (exams or their answers) read altered or could not"
            " be checked on their station; they read ALTERED here too (run 'hhe-trainer"
            " verify' on that station to see which).", flagged))
    if duplicates:
        warnings.append(_(
            "{exams}: a station's data folder may have been rolled back or replaced (a failed"
            " attempt erased and the exam sat again), or the exam sat at more than one"
            " station. Check before signing off: the sign-off shows every attempt and where"
            " it was sat.", exams="; ".join(d.sentence for d in duplicates)))
    return MergeReport(station=content["station"], **counts,
                       warning=" ".join(warnings) or None)


def merge_tables(db: StationDatabase, tables: dict[str, Any], source: str, *,
                 then: Callable[[sqlite3.Connection], None] | None = None) -> dict[str, int]:
    """Merge rows in station-file shape (``{table: {"columns": [...], "rows": [...]}}``,
    the tables of :data:`TABLES`, the optional ones may be left out) from ``source`` (a
    name for sentences, e.g. "the room") into ``db``: every row held to a station file's
    checks, merged and sealed as a station file's rows are, in one transaction, with
    ``then(conn)`` run last inside it. A row may refer to a trainee, session or round
    this station already holds (what came in an earlier pass), not only to rows given
    here. :class:`MergeError` naming ``source`` and the row: nothing is merged.
    The counts of rows added, by table."""
    def refuse(why: str) -> MergeError:
        return MergeError(_("{file}: {why}; nothing was merged", file=source, why=why))

    if not isinstance(tables, dict):
        raise refuse("the tables are missing")
    _validate_tables(tables, refuse, by_uid=True)
    try:
        with db._write() as conn:
            counts = _merge(conn, tables, source, db.secret, {}, parents_here=True)
            if then is not None:
                then(conn)
    except MergeError:
        raise
    except sqlite3.IntegrityError as error:
        raise refuse(f"a row was refused ({error})") from None
    except (OverflowError, ValueError, TypeError) as error:
        raise refuse(f"a value could not be stored ({error})") from None
    except sqlite3.Error as error:
        raise MergeError(_("{file} could not be merged ({error}); nothing was merged",
                           file=source, error=error)) from None
    return counts


def _lookup(mapping: dict[str, int], uid: str, what: str, name: str,
            here: Callable[[str], int | None] | None = None) -> int:
    """The local id of ``uid`` among the rows merged so far; with ``here``, else among
    the rows already in the database."""
    try:
        return mapping[uid]
    except KeyError:
        found = None if here is None else here(uid)
        if found is not None:
            mapping[uid] = found
            return found
        record = _(_REFERRED[what], uid=uid) if what in _REFERRED else f"{what} {uid}"
        if here is None:
            raise MergeError(_("{file}: refers to {record} that is not in the file; nothing"
                               " was merged", file=name, record=record)) from None
        raise MergeError(_("{file}: refers to {record} that is not in it or on this station;"
                           " nothing was merged", file=name, record=record)) from None


_REFERRED = {"trainee": N_("trainee {uid}"), "session": N_("session {uid}"),
             "round": N_("round {uid}")}
"""How a refusal names the row a merged row refers to."""


def _here(conn: sqlite3.Connection, table: str,
          also: dict[str, int] | None = None) -> Callable[[str], int | None]:
    """The id of ``table``'s row of a uid in the database (None: not there); ``also``
    gets the row's owner (a session's trainee)."""
    def find(uid: str) -> int | None:
        owner = ", trainee_id" if also is not None else ""
        row = conn.execute(f"SELECT id{owner} FROM {table} WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            return None
        if also is not None:
            also[uid] = int(row[1])
        return int(row[0])
    return find


def _not_theirs(name: str, table: str, number: int, what: str) -> MergeError:
    return MergeError(_("{file}: {table} row {number}: {why}; nothing was merged",
                        file=name, table=table, number=number, why=what))


def _last_id(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0])


def _seal_new(conn: sqlite3.Connection, secret: seal.StationSecret, table: str,
              after: int, unsealed: frozenset[str] = frozenset()) -> None:
    """Seal the rows this merge inserted (ids above ``after``), in id order, but those
    their station could not vouch for."""
    seal.seal_rows_after(conn, secret, table, after, unsealed)


def _merge(conn: sqlite3.Connection, tables: dict[str, Any], name: str,
           secret: seal.StationSecret,
           unvouched: dict[str, frozenset[str]], *,
           parents_here: bool = False) -> dict[str, int]:
    """``parents_here``: a session, round or exam session referred to may be one this
    database holds already (the room's passes); a station file must carry its own."""
    counts = dict.fromkeys(
        ("trainees", "sessions", "rounds", "answers", "exams", "course_answers"), 0
    )

    trainees: dict[str, int] = {}
    for uid, trainee_name, created, last_active in tables["trainees"]["rows"]:
        row = conn.execute("SELECT id FROM trainees WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            row = conn.execute(
                "SELECT id FROM trainees WHERE name = ?", (trainee_name.strip(),)
            ).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO trainees (uid, name, created, last_active) VALUES (?, ?, ?, ?)",
                (uid, trainee_name.strip(), created, last_active),
            )
            account_seal.seal_new(conn, secret, "trainees", [uid])  # an account: sealed
            trainees[uid] = int(cursor.lastrowid or 0)
            counts["trainees"] += 1
        else:
            trainees[uid] = row[0]
            conn.execute(
                "UPDATE trainees SET last_active = ?1 WHERE id = ?2 AND ?1 IS NOT NULL"
                " AND (last_active IS NULL OR last_active < ?1)",
                (last_active, row[0]),
            )

    # A session, round, answer or exam already here stays whose it is: a file that
    # names it under another trainee (or round, or session) is refused.
    sessions: dict[str, int] = {}
    session_trainee: dict[str, int] = {}
    session_here = _here(conn, "sessions", session_trainee) if parents_here else None
    round_here = _here(conn, "rounds") if parents_here else None
    trainee_here = _here(conn, "trainees") if parents_here else None
    for number, (uid, trainee, mode, ruleset_id, started, ended) in enumerate(
            tables["sessions"]["rows"], start=1):
        trainee_id = _lookup(trainees, trainee, "trainee", name, trainee_here)
        session_trainee[uid] = trainee_id
        row = conn.execute(
            "SELECT id, trainee_id FROM sessions WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO sessions (uid, trainee_id, mode, ruleset_id, started, ended)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (uid, trainee_id, mode, ruleset_id, started, ended),
            )
            sessions[uid] = int(cursor.lastrowid or 0)
            counts["sessions"] += 1
        else:
            if row[1] != trainee_id:
                raise _not_theirs(name, "sessions", number,
                                  f"session {uid} belongs to another trainee here")
            sessions[uid] = row[0]
            if ended is not None:  # the session ended after an earlier export
                conn.execute(
                    "UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL", (ended, row[0])
                )

    rounds: dict[str, int] = {}
    for number, (uid, session, ruleset_id, version, round_json, dealt_at) in enumerate(
            tables["rounds"]["rows"], start=1):
        session_id = _lookup(sessions, session, "session", name, session_here)
        row = conn.execute("SELECT id, session_id FROM rounds WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
                " dealt_at) VALUES (?, ?, ?, ?, ?, ?)",
                (uid, session_id, ruleset_id, version, round_json, dealt_at),
            )
            rounds[uid] = int(cursor.lastrowid or 0)
            counts["rounds"] += 1
        elif row[1] != session_id:
            raise _not_theirs(name, "rounds", number,
                              f"round {uid} belongs to another session here")
        else:
            rounds[uid] = row[0]

    first_answer = _last_id(conn, "answers")
    for number, (
        uid, round_uid, question_id, kind, skill, seat, wager, expected, given, correct,
        seconds, answered_at,
    ) in enumerate(tables["answers"]["rows"], start=1):
        round_id = _lookup(rounds, round_uid, "round", name, round_here)
        row = conn.execute("SELECT round_id FROM answers WHERE uid = ?", (uid,)).fetchone()
        if row is not None:
            if row[0] != round_id:
                raise _not_theirs(name, "answers", number,
                                  f"answer {uid} belongs to another round here")
            continue
        conn.execute(
            "INSERT INTO answers (uid, round_id, question_id, kind, skill, seat, wager,"
            " expected, given, correct, seconds, answered_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (uid, round_id, question_id, kind, skill, seat, wager, expected, given,
             int(correct), float(seconds), answered_at),
        )
        counts["answers"] += 1
    _seal_new(conn, secret, "answers", first_answer, unvouched.get("answers", frozenset()))

    first_exam = _last_id(conn, "exams")
    finished_later: list[int] = []
    setups = {uid: (setup_json, attempt) for uid, setup_json, attempt
              in tables.get("exam_setups", {"rows": []})["rows"]}
    strays = setups.keys() - {row[0] for row in tables["exams"]["rows"]}
    if strays:
        raise MergeError(f"{name}: exam_setups: exam {min(strays)} is not in the file's"
                         " exams; nothing was merged")
    for number, (
        uid, trainee, session, exam_rounds, ruleset_id, pass_mark, limit, started, finished,
        score, passed,
    ) in enumerate(tables["exams"]["rows"], start=1):
        trainee_id = _lookup(trainees, trainee, "trainee", name, trainee_here)
        exam_session = None if session is None else _lookup(
            sessions, session, "session", name, session_here)
        if session is not None and session_trainee.get(session) != trainee_id:
            raise _not_theirs(name, "exams", number,
                              f"its session {session} is another trainee's")
        row = conn.execute("SELECT id, trainee_id FROM exams WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            setup_json, attempt = setups.get(uid, (None, None))
            conn.execute(
                "INSERT INTO exams (uid, trainee_id, session_id, rounds, ruleset_id, pass_mark,"
                " time_limit_seconds, started, finished, score, passed, setup_json, attempt)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, trainee_id, exam_session, exam_rounds, ruleset_id, float(pass_mark), limit,
                 started, finished, score, None if passed is None else int(passed),
                 setup_json, attempt),
            )
            counts["exams"] += 1
        elif row[1] != trainee_id:
            raise _not_theirs(name, "exams", number, f"exam {uid} belongs to another trainee here")
        elif finished is not None:  # finished after an earlier export
            cursor = conn.execute(
                "UPDATE exams SET finished = ?, score = ?, passed = ? WHERE id = ?"
                " AND finished IS NULL",
                (finished, score, None if passed is None else int(passed), row[0]),
            )
            if cursor.rowcount and uid not in unvouched.get("exams", frozenset()):
                finished_later.append(row[0])
    _seal_new(conn, secret, "exams", first_exam, unvouched.get("exams", frozenset()))
    for exam_id in finished_later:
        seal.reseal_row(conn, secret, "exams", exam_id,
                        {"finished": None, "score": None, "passed": None})

    first_course_answer = _last_id(conn, "course_answers")
    course_rows = tables.get("course_answers", {"rows": []})["rows"]
    course_answers = [
        (
            uid,
            _lookup(trainees, trainee, "trainee", name, trainee_here),
            kind,
            lesson,
            scenario,
            item,
            int(correct),
            float(seconds),
            answered_at,
        )
        for uid, trainee, kind, lesson, scenario, item, correct, seconds, answered_at in course_rows
    ]
    for number, values in enumerate(course_answers, start=1):
        row = conn.execute(
            "SELECT trainee_id FROM course_answers WHERE uid = ?", (values[0],)).fetchone()
        if row is not None and row[0] != values[1]:
            raise _not_theirs(name, "course_answers", number,
                              f"course answer {values[0]} belongs to another trainee here")
    cursor = conn.executemany(
        "INSERT INTO course_answers (uid, trainee_id, kind, lesson, scenario, item, correct,"
        " seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
        course_answers,
    )
    counts["course_answers"] += max(cursor.rowcount, 0)
    _seal_new(conn, secret, "course_answers", first_course_answer)
    return counts
