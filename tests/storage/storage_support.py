"""Helpers shared by the storage tests."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from trainer.exam_setup import ExamSetup
from trainer.storage import DEFAULT_ROOM_KEY, NewAnswer, Trainee, TrainerDB, passwords, rows, schema
from trainer.storage.accounts import instructor_key, trainee_key

REPO_ROOT = Path(__file__).resolve().parents[2]
RULES = "ny-2018"
ROUND: dict[str, Any] = {
    "rules": RULES,
    "dealer": ["As", "Kd"],
    "board": ["2c", "7c", "9c", "Jd", "Qs"],
    "seats": [
        {"seat": 1, "hole": ["Ah", "Ad"], "ante": "10.00", "odds": "10.00", "raise": "30.00"}
    ],
}
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    """A fixed moment plus ``minutes``: tests never depend on the clock."""
    return T0 + timedelta(minutes=minutes)


def answer(db: TrainerDB, round_id: int, **fields: Any) -> int:
    """Record one answer with plausible defaults for the fields not given (``at``
    is when it was given)."""
    when = fields.pop("at", None)
    values: dict[str, Any] = {
        "question_id": "q1",
        "kind": "payout",
        "skill": "ante",
        "seat": 1,
        "wager": "ante",
        "expected": "10.00",
        "given": "10.00",
        "correct": True,
        "seconds": 3.0,
    }
    values.update(fields)
    return db.record_answer(NewAnswer(round_id, **values), at=when)


def give_answers(db: TrainerDB, trainee: int, skill: str, results: Sequence[bool],
                 seconds: float, when: datetime, *, wager: str = "ante",
                 rules: str = RULES) -> int:
    """One practice round of payout answers on ``skill``, right or wrong as ``results``
    says, each taking ``seconds``, a minute apart from ``when``; the round's id."""
    session = db.start_session(trainee, "practice", rules, at=when)
    round_id = db.record_round(session, {**ROUND, "rules": rules}, rules, 1, at=when)
    for number, correct in enumerate(results):
        db.record_answer(
            NewAnswer(round_id, f"q{number}", "payout", skill, 1, wager, "10.00",
                      "10.00" if correct else "5.00", correct, seconds),
            at=when + timedelta(minutes=number),
        )
    return round_id


def new_round(db: TrainerDB, trainee: int, *, minutes: float = 0) -> int:
    session = db.start_session(trainee, "practice", RULES, at=at(minutes))
    return db.record_round(session, ROUND, RULES, 3, at=at(minutes))


def signed(body: bytes, key: str = DEFAULT_ROOM_KEY) -> bytes:
    """A station file as anyone holding the room key could write it: the header line
    with the body's HMAC, then the body."""
    mac = hmac.new(key.encode(), body, hashlib.sha256).hexdigest()
    return f"HHE-TRAINER-STATION 1 hmac-sha256={mac}\n".encode() + body


def resign(path: Path, edit: Callable[[dict[str, Any]], None],
           key: str = DEFAULT_ROOM_KEY) -> Path:
    """Edit a station file's content and sign it again (json.dumps writes Infinity as is)."""
    _, _, body = path.read_bytes().partition(b"\n")
    content = json.loads(body)
    edit(content)
    path.write_bytes(signed(json.dumps(content).encode(), key))
    return path


def integrity(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute("PRAGMA integrity_check")]
    finally:
        conn.close()


def query(path: Path, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Read through a connection of its own, as another program would."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, parameters).fetchall()
    finally:
        conn.close()


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


def python() -> list[str]:
    return [sys.executable, "-c"]


# -- what only the tests call (once methods of TrainerDB; issue 20)


def create_exam_config(db: TrainerDB, name: str, rounds: int, ruleset_id: str,
                       pass_mark: float, time_limit_seconds: int | None = None) -> int:
    """A set-up of these figures on a full table with every side bet the rule set offers
    and its default tables (``create_exam_setup`` for the rest)."""
    return db.create_exam_setup(
        ExamSetup(name, rounds, pass_mark, time_limit_seconds, ruleset_id))


def find_trainee(db: TrainerDB, name: str) -> Trainee | None:
    """The trainee with this name (any case), or None."""
    row = rows.fetch_one(
        db.conn, f"SELECT {rows.TRAINEE_COLUMNS} FROM trainees WHERE name = ?", (name.strip(),))
    return None if row is None else rows.trainee(row)


def verify_instructor(db: TrainerDB, name: str, password: str) -> bool:
    """Whether ``password`` is this instructor's (no sign-in try counted)."""
    if not isinstance(name, str) or not isinstance(password, str):
        return False
    row = rows.fetch_one(
        db.conn, "SELECT password_hash FROM instructors WHERE name = ?", (name.strip(),))
    if row is None:
        return passwords.dummy_verify(password)
    return passwords.verify_password(password, row["password_hash"])


def trainee_wait(db: TrainerDB, trainee_id: int, *, at: datetime | None = None) -> float:
    """Seconds this trainee must still wait before a PIN try is checked."""
    accounts = db._accounts
    return accounts.sign_in_wait(trainee_key(accounts._trainee_pin_row(trainee_id)["uid"]), at=at)


def instructor_wait(db: TrainerDB, name: str, *, at: datetime | None = None) -> float:
    """Seconds this instructor must still wait before a password try is checked."""
    return db._accounts.sign_in_wait(instructor_key(name), at=at)


def rebuild_totals(db: TrainerDB) -> None:
    """Recount the roster and skill totals from every answer (what the trigger keeps)."""
    with db._write() as conn:
        for statement in schema.REBUILD_TOTALS:
            conn.execute(statement)


def rebuild_skill_recent(db: TrainerDB) -> None:
    """Recount every trainee's latest answers per skill from every answer."""
    with db._write() as conn:
        for statement in schema.REBUILD_SKILL_RECENT:
            conn.execute(statement)
