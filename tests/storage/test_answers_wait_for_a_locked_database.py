"""Issue 19, item 5: a database another program keeps locked past the busy timeout loses
no answer. Answers (and rounds, and the session's end) wait in memory, in order, and are
written exactly once when the lock is released; at the end, what still waits goes to a
side file. The lock is held by a real second process with ``BEGIN EXCLUSIVE``."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from trainer.storage import open_database
from trainer.training.recorder import SessionRecorder
from trainer.training.session import RoundState, TrainingSession, TrainingSettings

BUSY = 1.0
"""The busy timeout of these tests: the lock is held far longer."""

_HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
conn.close()
print("released", flush=True)
"""


@contextmanager
def locked_by_another_process(path: Path) -> Iterator[subprocess.Popen[str]]:
    """A second process holding ``BEGIN EXCLUSIVE`` on ``path`` until the block ends
    (or it is released early by :func:`release`)."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    try:
        yield holder
    finally:
        release(holder)


def release(holder: subprocess.Popen[str]) -> None:
    """The holder commits its empty transaction and ends (its pipes closed)."""
    if holder.returncode is None:
        out, _ = holder.communicate("go\n", timeout=10)
        assert out.strip() == "released"


def answers_in_file(path: Path) -> list[tuple[int, str, str | None, str]]:
    """(round id, question id, given, uid) of every answer in the file, by id."""
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT round_id, question_id, given, uid FROM answers ORDER BY id").fetchall()


def answer(state: RoundState, count: int, given: list[tuple[int, str, str]]) -> None:
    """Answer ``count`` questions of ``state`` rightly; remember (round, question, text)."""
    for _ in range(count):
        question = state.current
        assert question is not None
        grade = state.answer(question.expected)
        given.append((state.number, question.id, grade.given_text))


def test_answers_given_while_another_process_holds_the_lock_are_written_once_in_order(
        db_path: Path) -> None:
    db = open_database(db_path, busy_timeout=BUSY)
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=11))
    recorder = SessionRecorder(db, trainee, session)
    given: list[tuple[int, str, str]] = []
    first = session.next_round()
    assert len(first.questions) >= 4
    answer(first, 2, given)  # written at once
    with locked_by_another_process(db_path) as holder:
        locked_at = datetime.now(UTC)
        answer(first, len(first.questions) - 2, given)  # the first waits BUSY, then lines up
        later = time.monotonic()
        second = session.next_round()  # a round dealt while locked waits too
        answer(second, 3, given)
        assert time.monotonic() - later < BUSY  # in line at once: no second busy wait
        waiting = len(first.questions) - 2 + 1 + 3  # worked out: answers, the round, answers
        assert len(db.waiting) == waiting
        assert db.waiting.described() == f"{waiting - 1} answers and 1 round"
        assert len(answers_in_file(db_path)) == 2  # nothing more got through the lock
        started = time.monotonic()
        assert db.waiting.retry() == waiting  # still locked: nothing written, nothing lost
        assert time.monotonic() - started < BUSY  # a retry waits less than a normal write
        release(holder)
        released_at = datetime.now(UTC)
        assert db.waiting.retry() == 0
    assert len(db.waiting) == 0 and db.waiting.written_late == waiting
    answer(second, 1, given)  # the line is empty: written at once again
    recorder.close()
    db.close()
    stored = answers_in_file(db_path)
    assert len(stored) == len(given) == 2 + len(first.questions) - 2 + 4
    assert len({uid for *_, uid in stored}) == len(stored)  # nothing doubled
    with sqlite3.connect(db_path) as conn:
        rounds = [row[0] for row in conn.execute("SELECT id FROM rounds ORDER BY id")]
        ended = conn.execute("SELECT ended FROM sessions").fetchall()
        times = [row[0] for row in conn.execute("SELECT answered_at FROM answers ORDER BY id")]
    assert len(rounds) == 2
    number_of = {rounds[0]: 1, rounds[1]: 2}
    assert [(number_of[r], q, g) for r, q, g, _ in stored] == given  # same answers, same order
    assert ended[0][0] is not None
    assert times == sorted(times)
    # An answer keeps the moment it was given, not the moment the lock was released.
    assert locked_at <= datetime.fromisoformat(times[2]) < released_at


def test_writes_still_waiting_at_the_end_are_kept_in_a_side_file(db_path: Path) -> None:
    db = open_database(db_path, busy_timeout=BUSY)
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=5))
    recorder = SessionRecorder(db, trainee, session)
    state = session.next_round()
    given: list[tuple[int, str, str]] = []
    with locked_by_another_process(db_path):
        answer(state, 3, given)
        recorder.close()  # the session's end waits behind the answers
        assert db.waiting.described() == "3 answers and 1 session end"
        started = time.monotonic()
        side = db.waiting.finish(within=0.5)
        assert time.monotonic() - started < 0.5 + 2 * BUSY  # bounded
    assert side is not None and side.parent == db_path.parent / "side"
    assert side.stat().st_mode & 0o777 == 0o600
    kept = json.loads(side.read_text(encoding="utf-8"))
    assert kept["database"] == str(db_path)
    assert [w["write"] for w in kept["writes"]] == ["answer", "answer", "answer", "session end"]
    assert [(w["question_id"], w["given"]) for w in kept["writes"][:3]] == [
        (q, g) for _, q, g in given]
    assert len(db.waiting) == 0
    db.close()
    assert answers_in_file(db_path) == []  # in the side file, not in the database


def test_a_lock_released_within_the_end_s_wait_writes_everything(db_path: Path) -> None:
    db = open_database(db_path, busy_timeout=BUSY)
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=5))
    recorder = SessionRecorder(db, trainee, session)
    state = session.next_round()
    given: list[tuple[int, str, str]] = []
    with locked_by_another_process(db_path) as holder:
        answer(state, 2, given)
        recorder.close()
        assert len(db.waiting) == 3
        release(holder)
        assert db.waiting.finish(within=5.0) is None
    db.close()
    assert [(q, g) for _, q, g, _ in answers_in_file(db_path)] == [(q, g) for _, q, g in given]
    assert not (db_path.parent / "side").exists()
