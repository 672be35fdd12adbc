"""Training-room files: a station's results, exported and merged elsewhere.

The file is one header line and a UTF-8 JSON body::

    HHE-TRAINER-STATION 1 hmac-sha256=<64 hex digits>
    {"format": "hhe-trainer-station", "station": ..., "tables": {...}}

The HMAC-SHA-256 covers the body's exact bytes, keyed with the training room's
key. It is **tamper evidence, not secrecy**: the body is plain JSON anyone can
read, and with the default key (:data:`DEFAULT_ROOM_KEY`, which ships in this
source) anyone can also re-sign an edited file; a room that sets its own key
on every station and the instructor's machine gets files that cannot be
edited without it. Either way a damaged file (a truncated copy, a flipped
byte) is refused.

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

A table added after format 1 shipped (``course_answers``, schema 4) is
optional: a file from an older trainer has none and merges as having no such
rows, and an older trainer merging a newer file ignores it. So the header's
format number stays 1.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.engine.round import Wager
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import CourseAnswerKind, MergeError, MergeReport, Mode

if TYPE_CHECKING:
    from trainer.storage.database import TrainerDB

MAGIC = "HHE-TRAINER-STATION"
FORMAT = "hhe-trainer-station"
FORMAT_VERSION = 1
MAX_STATION_FILE_BYTES = 512 * 1024 * 1024
"""The largest station file read: about two million answers with their rounds."""
DEFAULT_ROOM_KEY = "hhe-trainer default room key: tamper evidence, not secrecy"
"""Used when no room key is given. It is public, so it detects damage and
casual edits but not a deliberate forgery; set a room key for that."""

Check = Callable[[object], bool]


def _is_text(value: object) -> bool:
    return isinstance(value, str) and bool(value)


def _is_time(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def _optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _member_of(kind: type[StrEnum]) -> Check:
    """A check that the value is the text of one of ``kind``'s members (what the row
    readers make the enum from when the merged rows are read back)."""
    values = frozenset(member.value for member in kind)
    return lambda value: isinstance(value, str) and value in values


def _is_json_object(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return isinstance(json.loads(value), dict)
    except (ValueError, RecursionError):  # RecursionError: nested too deep to read
        return False


# Every table's columns in file order, with the check each value must pass.
TABLES: dict[str, dict[str, Check]] = {
    "trainees": {
        "uid": _is_text,
        "name": _is_text,
        "created": _is_time,
        "last_active": _optional(_is_time),
    },
    "sessions": {
        "uid": _is_text,
        "trainee": _is_text,
        "mode": _member_of(Mode),
        "ruleset_id": _is_text,
        "started": _is_time,
        "ended": _optional(_is_time),
    },
    "rounds": {
        "uid": _is_text,
        "session": _is_text,
        "ruleset_id": _is_text,
        "ruleset_version": _optional(_is_int),
        "round_json": _is_json_object,
        "dealt_at": _is_time,
    },
    "answers": {
        "uid": _is_text,
        "round": _is_text,
        "question_id": _is_text,
        "kind": _member_of(QuestionKind),
        "skill": _member_of(Skill),
        "seat": _optional(_is_int),
        "wager": _optional(_member_of(Wager)),
        "expected": _is_str,
        "given": _optional(_is_str),
        "correct": _is_bool,
        "seconds": _is_number,
        "answered_at": _is_time,
    },
    "exams": {
        "uid": _is_text,
        "trainee": _is_text,
        "session": _optional(_is_text),
        "rounds": _is_int,
        "ruleset_id": _is_text,
        "pass_mark": _is_number,
        "time_limit_seconds": _optional(_is_int),
        "started": _is_time,
        "finished": _optional(_is_time),
        "score": _optional(_is_number),
        "passed": _optional(_is_bool),
    },
    "course_answers": {
        "uid": _is_text,
        "trainee": _is_text,
        "kind": _member_of(CourseAnswerKind),
        "lesson": _optional(_is_text),
        "scenario": _optional(_is_text),
        "item": _is_text,
        "correct": _is_bool,
        "seconds": _is_number,
        "answered_at": _is_time,
    },
}
OPTIONAL_TABLES = frozenset({"course_answers"})
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


def export_station(db: TrainerDB, path: Path, room_key: str | None = None) -> Path:
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
    finally:
        conn.execute("COMMIT")
    content = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "station": station,
        "schema_version": version,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": tables,
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
    nothing = "nothing was merged"
    try:
        text = read_text_file(path, limit=MAX_STATION_FILE_BYTES, what="station file")
    except TextFileError as error:
        raise MergeError(f"{error}; {nothing}") from None
    header, newline, body = text.partition("\n")
    parts = header.split(" ")
    if (
        not newline
        or len(parts) != 3
        or parts[0] != MAGIC
        or not parts[2].startswith("hmac-sha256=")
    ):
        raise MergeError(f"{name} is not a trainer station export (or is damaged); {nothing}")
    if parts[1] != str(FORMAT_VERSION):
        raise MergeError(
            f"{name} is a station export of format {parts[1][:20]!r}; this trainer reads format"
            f" {FORMAT_VERSION}; {nothing}"
        )
    # The file was valid UTF-8, so encoding the body again gives its exact bytes.
    expected = hmac.new(key, body.encode("utf-8"), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, parts[2].removeprefix("hmac-sha256=")):
        raise MergeError(
            f"{name} was damaged or altered after it was exported (or was exported with a"
            f" different room key); {nothing}"
        )
    try:
        content = json.loads(body)
    except ValueError:
        raise MergeError(f"{name}: its content is not readable JSON; {nothing}") from None
    except RecursionError:
        raise MergeError(f"{name}: its content is nested too deeply to read; {nothing}") from None
    _validate(content, name)
    return content


def _validate(content: object, name: str) -> None:
    def refuse(why: str) -> MergeError:
        return MergeError(f"{name}: {why}; nothing was merged")

    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise refuse("not a trainer station export")
    if content.get("version") != FORMAT_VERSION:
        raise refuse(f"format version {content.get('version')!r} is not {FORMAT_VERSION}")
    if not _is_text(content.get("station")):
        raise refuse("the station id is missing")
    tables = content.get("tables")
    if not isinstance(tables, dict):
        raise refuse("the tables are missing")
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
        for number, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != len(columns):
                raise refuse(f"{table} row {number}: expected {len(columns)} values")
            for (column, check), value in zip(columns, row, strict=True):
                if not check(value):
                    raise refuse(f"{table} row {number}: {column} = {value!r} is not valid")


def merge_station(db: TrainerDB, path: Path, room_key: str | None = None) -> MergeReport:
    """Merge a station file into ``db`` in one transaction: all of it or nothing."""
    content = read_station_file(path, room_key)
    tables = content["tables"]
    name = path.name
    try:
        with db._write() as conn:
            counts = _merge(conn, tables, name)
    except MergeError:
        raise
    except sqlite3.IntegrityError as error:
        raise MergeError(f"{name}: a row was refused ({error}); nothing was merged") from None
    except (OverflowError, ValueError, TypeError) as error:
        # A value the checks let through that SQLite cannot hold (a whole number
        # beyond 64 bits, say). Full validation of the content is a later step.
        raise MergeError(
            f"{name}: a value could not be stored ({error}); nothing was merged"
        ) from None
    except sqlite3.Error as error:
        raise MergeError(f"{name} could not be merged ({error}); nothing was merged") from None
    return MergeReport(station=content["station"], **counts)


def _lookup(mapping: dict[str, int], uid: str, what: str, name: str) -> int:
    try:
        return mapping[uid]
    except KeyError:
        raise MergeError(
            f"{name}: refers to {what} {uid} that is not in the file; nothing was merged"
        ) from None


def _merge(conn: sqlite3.Connection, tables: dict[str, Any], name: str) -> dict[str, int]:
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
            trainees[uid] = int(cursor.lastrowid or 0)
            counts["trainees"] += 1
        else:
            trainees[uid] = row[0]
            conn.execute(
                "UPDATE trainees SET last_active = ?1 WHERE id = ?2 AND ?1 IS NOT NULL"
                " AND (last_active IS NULL OR last_active < ?1)",
                (last_active, row[0]),
            )

    sessions: dict[str, int] = {}
    for uid, trainee, mode, ruleset_id, started, ended in tables["sessions"]["rows"]:
        row = conn.execute("SELECT id FROM sessions WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            cursor = conn.execute(
                "INSERT INTO sessions (uid, trainee_id, mode, ruleset_id, started, ended)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    uid,
                    _lookup(trainees, trainee, "trainee", name),
                    mode,
                    ruleset_id,
                    started,
                    ended,
                ),
            )
            sessions[uid] = int(cursor.lastrowid or 0)
            counts["sessions"] += 1
        else:
            sessions[uid] = row[0]
            if ended is not None:  # the session ended after an earlier export
                conn.execute(
                    "UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL", (ended, row[0])
                )

    rounds: dict[str, int] = {}
    for uid, session, ruleset_id, version, round_json, dealt_at in tables["rounds"]["rows"]:
        cursor = conn.execute(
            "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
            " dealt_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
            (
                uid,
                _lookup(sessions, session, "session", name),
                ruleset_id,
                version,
                round_json,
                dealt_at,
            ),
        )
        counts["rounds"] += cursor.rowcount
        rounds[uid] = conn.execute("SELECT id FROM rounds WHERE uid = ?", (uid,)).fetchone()[0]

    answers = (
        (
            uid,
            _lookup(rounds, round_uid, "round", name),
            question_id,
            kind,
            skill,
            seat,
            wager,
            expected,
            given,
            int(correct),
            float(seconds),
            answered_at,
        )
        for (
            uid,
            round_uid,
            question_id,
            kind,
            skill,
            seat,
            wager,
            expected,
            given,
            correct,
            seconds,
            answered_at,
        ) in tables["answers"]["rows"]
    )
    cursor = conn.executemany(
        "INSERT INTO answers (uid, round_id, question_id, kind, skill, seat, wager, expected,"
        " given, correct, seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (uid) DO NOTHING",
        answers,
    )
    counts["answers"] += max(cursor.rowcount, 0)

    for (
        uid,
        trainee,
        session,
        exam_rounds,
        ruleset_id,
        pass_mark,
        limit,
        started,
        finished,
        score,
        passed,
    ) in tables["exams"]["rows"]:
        session_id = None if session is None else _lookup(sessions, session, "session", name)
        row = conn.execute("SELECT id FROM exams WHERE uid = ?", (uid,)).fetchone()
        if row is None:
            conn.execute(
                "INSERT INTO exams (uid, trainee_id, session_id, rounds, ruleset_id, pass_mark,"
                " time_limit_seconds, started, finished, score, passed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    uid,
                    _lookup(trainees, trainee, "trainee", name),
                    session_id,
                    exam_rounds,
                    ruleset_id,
                    float(pass_mark),
                    limit,
                    started,
                    finished,
                    score,
                    None if passed is None else int(passed),
                ),
            )
            counts["exams"] += 1
        elif finished is not None:  # finished after an earlier export
            conn.execute(
                "UPDATE exams SET finished = ?, score = ?, passed = ? WHERE id = ?"
                " AND finished IS NULL",
                (finished, score, None if passed is None else int(passed), row[0]),
            )

    course_rows = tables.get("course_answers", {"rows": []})["rows"]
    course_answers = [
        (
            uid,
            _lookup(trainees, trainee, "trainee", name),
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
    cursor = conn.executemany(
        "INSERT INTO course_answers (uid, trainee_id, kind, lesson, scenario, item, correct,"
        " seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
        course_answers,
    )
    counts["course_answers"] += max(cursor.rowcount, 0)
    return counts
