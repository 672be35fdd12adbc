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

from trainer.storage import DEFAULT_ROOM_KEY, NewAnswer, TrainerDB

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
