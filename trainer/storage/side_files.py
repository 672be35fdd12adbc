"""Side files coming back: the writes that waited for a database another program kept
locked, kept at quit in ``side/<name>.waiting-<time>.json`` (:mod:`trainer.storage.waiting`),
added to the records at the next start (no Qt).

A side file is merged whole or not at all: every record is checked before anything is
written (the answer's fields as an answer's are, the round as a round's is, each time
well-formed and not in the future), then all are written in ONE write transaction with
the same writes a session makes (:func:`~trainer.storage.writes.insert_round`,
:func:`~trainer.storage.writes.insert_answer`,
:func:`~trainer.storage.writes.end_session_in`,
:func:`~trainer.storage.exams.finish_exam_in`), together with a ``meta`` row naming the
file (``side_file_merged:<its seal>``, the file's name and when in its value). A crash
mid-merge therefore merges nothing, and a second merge of the same file (renamed or
copied back under its first name) adds nothing. Once merged, the file is renamed
``<name>.merged.json`` and kept.

The file is refused (nothing written, the file left where it is, a sentence naming it
and the record) when its seal does not check: the seal is an HMAC with the station
secret the database's own rows are sealed with (:func:`~trainer.storage.waiting.side_file_seal`),
so it recognises a file edited without that secret, no more: whoever can read the secret
(the station's own account) can reseal an edited file, as they can the database's rows.
"""

from __future__ import annotations

import dataclasses
import hmac
import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trainer.i18n import _
from trainer.storage import fields
from trainer.storage.exams import finish_exam_in
from trainer.storage.models import NewAnswer, StorageError
from trainer.storage.seal import StationSecret
from trainer.storage.waiting import SIDE_FOLDER, SIDE_SEAL_KEY, side_file_seal
from trainer.storage.writes import (
    answer_row,
    checked_round,
    end_session_in,
    insert_answer,
    insert_round,
)

MERGED_SUFFIX = ".merged.json"
MARKER = "side_file_merged:"
"""``meta`` key (followed by the file's seal) of a side file whose writes are in the
records; its value names the file and when it was merged."""
KINDS = ("round", "answer", "session end", "exam end")


@dataclass(frozen=True, slots=True)
class SideFileMerge:
    """A side file's writes in the records."""

    path: Path
    """Where the file is now (``<name>.merged.json`` once renamed)."""
    kinds: Counter[str]
    """How many writes of each kind (``answer``, ``round``, ``session end``, ``exam end``)."""
    kept_at: datetime
    """When the writes were kept in the file (the quit that could not write them)."""
    added: bool
    """False: merged before (its ``meta`` row was there); nothing added this time."""


def waiting_side_files(database: Path) -> list[Path]:
    """The side files of the database at ``database`` not merged yet, oldest first."""
    folder = database.parent / SIDE_FOLDER
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.glob(f"{database.stem}.waiting-*.json")
                  if not path.name.endswith(MERGED_SUFFIX) and path.is_file())


class _Refused(Exception):
    """A record of the file that cannot be written: why (its record number is added)."""


Write = Callable[[sqlite3.Connection, list[int]], None]
"""One checked write, run in the merge's transaction; ``rounds`` holds the ids of the
rounds the merge wrote so far (an answer with no round id belongs to the last one)."""


def _time(record: dict[str, Any], name: str, now: datetime) -> str:
    value = record.get(name)
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise _Refused(_("{field}: {value} is not a time with its time zone",
                         field=name, value=repr(value)))
    if moment > now:
        raise _Refused(_("{field}: {value} is in the future", field=name, value=value))
    return fields.stamp(moment, name)


def _round(record: dict[str, Any], now: datetime) -> Write:
    checked = checked_round(record.get("session_id"), record.get("round"),
                            record.get("ruleset_id"), record.get("ruleset_version"))
    dealt = _time(record, "dealt_at", now)

    def write(conn: sqlite3.Connection, rounds: list[int]) -> None:
        rounds.append(insert_round(conn, checked, dealt))
    return write


def _answer(record: dict[str, Any], now: datetime, secret: StationSecret,
            round_before: bool) -> Write:
    round_id = record.get("round_id")
    if round_id is None and not round_before:
        raise _Refused(_("round_id: none, and no round is before this answer in the file"))
    got: dict[str, Any] = {field.name: record.get(field.name)
                           for field in dataclasses.fields(NewAnswer) if field.name != "round_id"}
    answer = NewAnswer(round_id=0 if round_id is None else round_id, **got)
    row = answer_row(answer, _time(record, "answered_at", now))

    def write(conn: sqlite3.Connection, rounds: list[int]) -> None:
        given_round = rounds[-1] if round_id is None else row[1]
        insert_answer(conn, secret, (row[0], given_round, *row[2:]))
    return write


def _session_end(record: dict[str, Any], now: datetime) -> Write:
    session_id = fields.integer(record.get("session_id"), "session_id")
    ended = _time(record, "at", now)
    return lambda conn, rounds: end_session_in(conn, session_id, ended)


def _exam_end(record: dict[str, Any], now: datetime, secret: StationSecret) -> Write:
    exam_id = fields.integer(record.get("exam_id"), "exam_id")
    finished = _time(record, "at", now)
    return lambda conn, rounds: finish_exam_in(conn, secret, exam_id, finished)


def _content(path: Path, secret: StationSecret, station: str) -> dict[str, Any]:
    """The file's content once its seal and station check out (_Refused otherwise)."""
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise _Refused(_("it cannot be read ({reason})", reason=error)) from None
    except ValueError as error:
        raise _Refused(_("it is not a side file's JSON ({reason})", reason=error)) from None
    if not isinstance(content, dict) or not isinstance(content.get("writes"), list):
        raise _Refused(_("it is not a side file's JSON (no list of writes)"))
    kept_seal = content.get(SIDE_SEAL_KEY)
    if not isinstance(kept_seal, str):
        raise _Refused(_("it has no seal, so it cannot be told from a file written by hand"))
    if secret.key is None:
        raise _Refused(_("the station secret cannot be read, so its seal cannot be checked"))
    if kept_seal.split(".")[0] != secret.key_id:
        raise _Refused(_("it was sealed with another station secret"))
    expected = side_file_seal(secret, content)
    if expected is None or not hmac.compare_digest(expected, kept_seal):
        raise _Refused(_("it was changed after it was written (its seal does not match)"))
    if content.get("station") != station:
        raise _Refused(_("it was kept for another database (station {station})",
                         station=content.get("station")))
    return content


def _writes(content: dict[str, Any], secret: StationSecret, name: str
            ) -> tuple[list[Write], Counter[str]]:
    """Every record checked, in order, before anything is written."""
    now = datetime.now(UTC)
    checked: list[Write] = []
    kinds: Counter[str] = Counter()
    round_before = False
    for number, record in enumerate(content["writes"], start=1):
        kind = record.get("write") if isinstance(record, dict) else None
        try:
            if not isinstance(record, dict) or kind not in KINDS:
                raise _Refused(_("not a round, answer, session end or exam end"))
            if kind == "round":
                checked.append(_round(record, now))
                round_before = True
            elif kind == "answer":
                checked.append(_answer(record, now, secret, round_before))
            elif kind == "session end":
                checked.append(_session_end(record, now))
            else:
                checked.append(_exam_end(record, now, secret))
        except (_Refused, StorageError) as error:
            raise StorageError(_("{file}, write {number} ({kind}): {reason}", file=name,
                                 number=number, kind=kind, reason=error)) from None
        kinds[str(kind)] += 1
    return checked, kinds


def merge_side_file(conn: sqlite3.Connection, write_transaction: Callable[[], Any],
                    secret: StationSecret, station: str, path: Path) -> SideFileMerge:
    """Add the side file at ``path`` to the records, exactly once (see the module's
    docstring). StorageError naming the file and the record when it is refused: nothing
    is written and the file stays where it is."""
    name = path.name
    try:
        content = _content(path, secret, station)
    except _Refused as error:
        raise StorageError(_("{file}: {reason}", file=name, reason=error)) from None
    try:
        kept_at = datetime.fromisoformat(content.get("kept_at") or "")
    except (TypeError, ValueError):
        raise StorageError(_("{file}: kept_at: {value} is not a time", file=name,
                             value=repr(content.get("kept_at")))) from None
    checked, kinds = _writes(content, secret, name)
    marker = MARKER + content[SIDE_SEAL_KEY]
    with write_transaction() as db:
        added = db.execute("SELECT 1 FROM meta WHERE key = ?", (marker,)).fetchone() is None
        if added:
            rounds: list[int] = []
            for number, write in enumerate(checked, start=1):
                try:
                    write(db, rounds)
                except StorageError as error:
                    kind = content["writes"][number - 1]["write"]
                    raise StorageError(_("{file}, write {number} ({kind}): {reason}",
                                         file=name, number=number, kind=kind,
                                         reason=error)) from None
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?)",
                       (marker, json.dumps({"file": name, "merged_at": fields.now()})))
    return SideFileMerge(_renamed(path), kinds, kept_at, added)


def _renamed(path: Path) -> Path:
    """``<name>.merged.json`` beside it (never over another file); the path unchanged when
    it cannot be renamed (the ``meta`` row keeps a second merge from adding anything), or
    is so named already."""
    if path.name.endswith(MERGED_SUFFIX):
        return path
    stem = path.name.removesuffix(".json")
    target = path.with_name(stem + MERGED_SUFFIX)
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{stem}-{counter}{MERGED_SUFFIX}")
    try:
        path.rename(target)
    except OSError:
        return path
    return target
