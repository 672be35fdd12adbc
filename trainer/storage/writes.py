"""Writing: trainees, instructors, sessions, rounds and answers, each in one transaction (no Qt).

Every write method runs in its own ``BEGIN IMMEDIATE`` transaction
(:meth:`Core._write`) and commits before returning;
:meth:`Writes.record_answer` and :meth:`Writes.record_course_answer` refuse to
run inside an open transaction, so an answer is never held back by a caller.
sqlite-utils' ``db.atomic()`` issues a deferred ``BEGIN``; a deferred
transaction that reads before it writes gets ``SQLITE_BUSY`` at once (the busy
timeout cannot help) when another process committed in between, so the write
methods take the write lock up front instead. The busy timeout (10 s by
default) makes a second process wait for the lock rather than fail.

Durability: WAL journal, ``synchronous=FULL``. In WAL mode NORMAL already
survives an application crash or SIGKILL (a commit is in the WAL file, in the
operating system's cache, when it returns) but may lose the last commits on
power loss; FULL syncs the WAL on every commit, so an answer survives a power
cut as well. It costs about 0.5 ms per answer here (see benchmarks/storage.py),
far inside the 5 ms budget.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from trainer.engine.round import SEAT_NUMBERS, Wager
from trainer.i18n import N_, _
from trainer.skills import QuestionKind, Skill
from trainer.storage import account_seal, fields, passwords, seal, signing
from trainer.storage.backups import Backups
from trainer.storage.connection import write_transaction
from trainer.storage.models import CourseAnswerKind, Mode, NewAnswer, StorageError

_INSERT_ANSWER = (
    "INSERT INTO answers (uid, round_id, question_id, kind, skill, seat, wager, expected,"
    " given, correct, seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _mark_active(conn: sqlite3.Connection, trainee_id: int, when: str) -> None:
    """Move the trainee's last activity forward to ``when`` (never back).

    Answers do this by a trigger (schema); sessions and course answers here.
    """
    conn.execute(
        "UPDATE trainees SET last_active = ?1 WHERE id = ?2"
        " AND (last_active IS NULL OR last_active < ?1)",
        (when, trainee_id),
    )


class Core(Backups):
    """The open database every area of storage works through: its connection, file,
    backups, station secret and write transaction."""

    secret: seal.StationSecret
    """The station secret seals are made with (set by ``open_database``)."""

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One transaction holding the write lock from its start; commits on exit
        (:func:`~trainer.storage.connection.write_transaction`)."""
        return write_transaction(self.conn)


class Area:
    """One area of storage (writes, accounts, exams, reads...), composed into
    :class:`~trainer.storage.database.TrainerDB`: it works through the database's
    :class:`Core` (its connection, secret and write transaction), never through another
    area."""

    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def conn(self) -> sqlite3.Connection:
        return self.core.conn

    @property
    def secret(self) -> seal.StationSecret:
        return self.core.secret

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        return self.core._write()


def insert_session(conn: sqlite3.Connection, trainee_id: int, mode: Mode, ruleset_id: str,
                   started: str) -> int:
    """A new session's row (inside the caller's write transaction)."""
    if conn.execute("SELECT 1 FROM trainees WHERE id = ?", (trainee_id,)).fetchone() is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
    cursor = conn.execute(
        "INSERT INTO sessions (uid, trainee_id, mode, ruleset_id, started)"
        " VALUES (?, ?, ?, ?, ?)",
        (fields.uid(), trainee_id, mode.value, ruleset_id, started),
    )
    _mark_active(conn, trainee_id, started)
    return int(cursor.lastrowid or 0)


class Writes(Area):
    """Every change to the database but the exams' (:mod:`trainer.storage.exams`).

    Each answer and course answer is sealed (:mod:`trainer.storage.seal`) in the
    transaction that writes it, with :attr:`secret`.
    """

    # -- trainees and instructors

    def create_trainee(self, name: str, *, at: datetime | None = None) -> int:
        """Add a trainee profile; names are unique regardless of case (and plain text:
        :func:`~trainer.storage.fields.name`)."""
        clean = fields.name(name)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM trainees WHERE name = ?", (clean,)).fetchone():
                raise StorageError(_("name: a trainee named {name} already exists",
                                     name=repr(clean)))
            uid = fields.uid()
            cursor = conn.execute(
                "INSERT INTO trainees (uid, name, created) VALUES (?, ?, ?)",
                (uid, clean, fields.stamp(at)),
            )
            account_seal.seal_new(conn, self.secret, "trainees", [uid])
        return int(cursor.lastrowid or 0)

    def create_instructor(self, name: str, password: str) -> int:
        """Add an instructor; only a salted scrypt hash of the password is stored."""
        clean = fields.name(name)
        if not isinstance(password, str) or len(password) < passwords.MIN_PASSWORD_LENGTH:
            raise StorageError(
                _("password: at least {length} characters are required",
                  length=passwords.MIN_PASSWORD_LENGTH)
            )
        stored = passwords.hash_password(password)
        try:  # the signing key, encrypted under the password
            key: signing.KeyPair | None = signing.new_key_pair(password)
        except signing.SigningError:  # no signing library here: made at the first sign-in
            key = None
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM instructors WHERE name = ?", (clean,)).fetchone():
                raise StorageError(_("name: an instructor named {name} already exists",
                                     name=repr(clean)))
            cursor = conn.execute(
                "INSERT INTO instructors (name, password_hash, created, public_key,"
                " private_key) VALUES (?, ?, ?, ?, ?)",
                (clean, stored, fields.now(), key and key.public_key, key and key.encrypted),
            )
            account_seal.seal_new(conn, self.secret, "instructors", [clean])
        return int(cursor.lastrowid or 0)

    # -- sessions and rounds

    def start_session(
        self,
        trainee_id: int,
        mode: Mode | str,
        ruleset_id: str,
        *,
        at: datetime | None = None,
    ) -> int:
        """Begin a practice, speed or exam session (after a backup of the database)."""
        trainee_id = fields.integer(trainee_id, "trainee_id")
        chosen = fields.member(Mode, mode, "mode", N_("a session mode"))
        ruleset = fields.text(ruleset_id, "ruleset_id")
        started = fields.stamp(at)
        self.core._automatic_backup()
        with self._write() as conn:
            return insert_session(conn, trainee_id, chosen, ruleset, started)

    def end_session(self, session_id: int, *, at: datetime | None = None) -> None:
        """Mark a session ended; ending one twice is refused."""
        ended = fields.stamp(at)
        with self._write() as conn:
            end_session_in(conn, session_id, ended)

    def record_round(
        self,
        session_id: int,
        round_json: dict[str, Any],
        ruleset_id: str,
        ruleset_version: int,
        *,
        at: datetime | None = None,
    ) -> int:
        """Keep a dealt round in the settle contract's input form (``round_to_json``),
        with the version of the rule set it is dealt under.

        The JSON is stored as given (key order included), so the round re-opens
        exactly as dealt. Refused: a non-object, anything JSON cannot hold, a
        ``rules`` entry naming another rule set, an ended or unknown session.
        """
        checked = checked_round(session_id, round_json, ruleset_id, ruleset_version)
        dealt = fields.stamp(at)
        with self._write() as conn:
            return insert_round(conn, checked, dealt)

    # -- answers

    def record_answer(self, answer: NewAnswer, *, at: datetime | None = None) -> int:
        """Keep one answer; it is committed (and on disk) when this returns.

        Each field is checked (a refusal names it); ``kind``, ``skill`` and
        ``wager`` may be given as their enums' text. Refused inside an open
        transaction: each answer is its own.
        """
        row = answer_row(answer, fields.stamp(at))
        with self._write() as conn:
            return insert_answer(conn, self.secret, row)

    def record_course_answer(
        self,
        trainee_id: int,
        kind: CourseAnswerKind | str,
        item: str,
        correct: bool,
        seconds: float,
        *,
        lesson: str | None = None,
        scenario: str | None = None,
        at: datetime | None = None,
    ) -> int:
        """Keep one course answer on no dealt round; committed (and on disk) when this returns.

        ``kind`` ``"ruling"``: a ruling of ``lesson`` (required), ``item`` naming
        the ruling; ``"scenario"``: a finished round of a ``scenario`` (required)
        drill. Refused inside an open transaction: each answer is its own.
        """
        trainee_id = fields.integer(trainee_id, "trainee_id")
        chosen = fields.member(CourseAnswerKind, kind, "kind", N_("a course answer kind"))
        clean_item = fields.text(item, "item")
        clean_lesson = fields.optional_text(lesson, "lesson")
        clean_scenario = fields.optional_text(scenario, "scenario")
        if chosen is CourseAnswerKind.RULING and clean_lesson is None:
            raise StorageError(_("lesson: a ruling's answer must name its lesson"))
        if chosen is CourseAnswerKind.SCENARIO and clean_scenario is None:
            raise StorageError(_("scenario: a scenario round's answer must name its scenario"))
        row = (
            fields.uid(),
            trainee_id,
            chosen.value,
            clean_lesson,
            clean_scenario,
            clean_item,
            int(fields.correct(correct)),
            fields.seconds(seconds),
            fields.stamp(at),
        )
        try:
            with self._write() as conn:
                cursor = conn.execute(
                    "INSERT INTO course_answers (uid, trainee_id, kind, lesson, scenario, item,"
                    " correct, seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                seal.seal_row(conn, self.secret, "course_answers", int(cursor.lastrowid or 0))
                _mark_active(conn, trainee_id, row[-1])
        except sqlite3.IntegrityError as error:
            if "FOREIGN KEY" in str(error):
                raise StorageError(_("trainee_id: no trainee {trainee}",
                                     trainee=trainee_id)) from None
            raise
        return int(cursor.lastrowid or 0)


# The session, round and answer writes, each defined once: the public methods of
# :class:`Writes` run them in a transaction of their own, and a side file's merge
# (:mod:`trainer.storage.side_files`) runs several in one.


def end_session_in(conn: sqlite3.Connection, session_id: int, ended: str) -> None:
    """End a session at ``ended`` inside the caller's write transaction; refused when there
    is no such session or it has ended already."""
    row = conn.execute("SELECT ended FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        raise StorageError(_("session_id: no session {session}", session=session_id))
    if row[0] is not None:
        raise StorageError(_("session_id: session {session} already ended at {when}",
                             session=session_id, when=row[0]))
    conn.execute("UPDATE sessions SET ended = ? WHERE id = ?", (ended, session_id))


@dataclass(frozen=True, slots=True)
class CheckedRound:
    """A round to keep, its fields checked (:func:`checked_round`)."""

    session_id: int
    ruleset_id: str
    ruleset_version: int
    text: str
    """The round's JSON as stored (key order kept)."""


def checked_round(session_id: object, round_json: object, ruleset_id: object,
                  ruleset_version: object) -> CheckedRound:
    """A round's fields checked before anything is written (StorageError naming the field):
    a JSON object JSON can hold, whose ``rules`` (if any) is the rule set recorded."""
    checked_session = fields.integer(session_id, "session_id")
    if not isinstance(round_json, dict):
        kind = type(round_json).__name__
        raise StorageError(f"round_json: expected a JSON object, got {kind}")
    ruleset = fields.text(ruleset_id, "ruleset_id")
    version = fields.integer(ruleset_version, "ruleset_version")
    rules = round_json.get("rules")
    if rules is not None and rules != ruleset:
        raise StorageError(
            f"round_json.rules: {rules!r} is not the rule set recorded ({ruleset!r})"
        )
    try:
        text = json.dumps(
            round_json, ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
    except (TypeError, ValueError) as error:
        raise StorageError(f"round_json: not storable as JSON ({error})") from None
    return CheckedRound(checked_session, ruleset, version, text)


def insert_round(conn: sqlite3.Connection, checked: CheckedRound, dealt: str) -> int:
    """Keep a checked round dealt at ``dealt`` inside the caller's write transaction; its
    id. Refused when its session is unknown or has ended."""
    row = conn.execute("SELECT ended FROM sessions WHERE id = ?",
                       (checked.session_id,)).fetchone()
    if row is None:
        raise StorageError(_("session_id: no session {session}", session=checked.session_id))
    if row[0] is not None:
        raise StorageError(_("session_id: session {session} has ended",
                             session=checked.session_id))
    cursor = conn.execute(
        "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
        " dealt_at) VALUES (?, ?, ?, ?, ?, ?)",
        (fields.uid(), checked.session_id, checked.ruleset_id, checked.ruleset_version,
         checked.text, dealt),
    )
    return int(cursor.lastrowid or 0)


def answer_row(answer: object, answered_at: str) -> tuple[Any, ...]:
    """An answer's row (a new uid, its fields checked, given at ``answered_at``) before
    anything is written: StorageError naming the field."""
    if not isinstance(answer, NewAnswer):
        raise StorageError(f"answer: expected a NewAnswer, got {type(answer).__name__}")
    round_id = fields.integer(answer.round_id, "round_id")
    question_id = fields.text(answer.question_id, "question_id")
    kind = fields.member(QuestionKind, answer.kind, "kind", N_("a question kind"))
    skill = fields.member(Skill, answer.skill, "skill", N_("a skill"))
    seat = answer.seat
    if seat is not None and fields.integer(seat, "seat") not in SEAT_NUMBERS:
        raise StorageError(_("seat: {seat} is not a seat number 1-6", seat=seat))
    wager = (
        None if answer.wager is None
        else fields.member(Wager, answer.wager, "wager", N_("a wager"))
    )
    if not isinstance(answer.expected, str):
        kind_of = type(answer.expected).__name__
        raise StorageError(f"expected: expected text, got {kind_of}")
    if answer.given is not None and not isinstance(answer.given, str):
        kind_of = type(answer.given).__name__
        raise StorageError(f"given: expected text or None, got {kind_of}")
    return (
        fields.uid(),
        round_id,
        question_id,
        kind.value,
        skill.value,
        seat,
        None if wager is None else wager.value,
        answer.expected,
        answer.given,
        int(fields.correct(answer.correct)),
        fields.seconds(answer.seconds),
        answered_at,
    )


def insert_answer(conn: sqlite3.Connection, secret: seal.StationSecret,
                  row: tuple[Any, ...]) -> int:
    """Keep an answer's row (:func:`answer_row`) and seal it inside the caller's write
    transaction; its id. Refused when its round is unknown."""
    try:
        cursor = conn.execute(_INSERT_ANSWER, row)
    except sqlite3.IntegrityError as error:
        if "FOREIGN KEY" in str(error):
            raise StorageError(_("round_id: no round {round}", round=row[1])) from None
        raise
    answer_id = int(cursor.lastrowid or 0)
    seal.seal_row(conn, secret, "answers", answer_id)
    return answer_id
