"""Nothing a trainee answered is lost: commits, SIGKILL, two writers at once."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from storage_support import answer, child_env, integrity, new_round, python, query

from trainer.storage import StorageError, TrainerDB, open_database

# A trainee's session in a child process: an answer id is printed only after
# record_answer has returned.
SESSION_CHILD = """
import sys
import time
from trainer.storage import NewAnswer, open_database
from tests.storage.storage_support import ROUND, RULES

db = open_database(sys.argv[1])
if db.notice is not None:  # a side file or a recovery: the test must see it
    sys.exit(f"notice: {db.notice}")
trainee = db.create_trainee(sys.argv[2])
session = db.start_session(trainee, "practice", RULES)
print("ready", flush=True)
if sys.argv[3] == "wait":
    sys.stdin.readline()
count = int(sys.argv[4])
number = 0
while count < 0 or number < count:
    if number % 8 == 0:
        round_id = db.record_round(session, ROUND, RULES, 3)
    answer_id = db.record_answer(NewAnswer(
        round_id, f"q{number}", "payout", "ante", 1, "ante", "10.00", "10.00",
        number % 3 != 0, 1.5,
    ))
    print(answer_id, flush=True)
    number += 1
    time.sleep(float(sys.argv[5]))  # the trainee reads the next question
db.end_session(session)
db.close()
"""


def _child(
    path: Path, name: str, *, wait: bool, count: int, pause: float = 0.0
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            *python(),
            SESSION_CHILD,
            str(path),
            name,
            "wait" if wait else "go",
            str(count),
            str(pause),
        ],
        cwd=Path(__file__).resolve().parents[2],
        env=child_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_connection_runs_wal_with_foreign_keys_and_full_sync(db: TrainerDB) -> None:
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_an_answer_is_on_disk_before_record_answer_returns(db: TrainerDB, db_path: Path) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    answer_id = answer(db, round_id, given="7.50", correct=False)
    assert not db.conn.in_transaction
    rows = query(db_path, "SELECT given, correct FROM answers WHERE id = ?", (answer_id,))
    assert rows == [("7.50", 0)]


def test_record_answer_refuses_to_join_an_open_transaction(db: TrainerDB) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    db.conn.execute("BEGIN")
    try:
        with pytest.raises(StorageError, match="transaction is already open"):
            answer(db, round_id)
    finally:
        db.conn.execute("ROLLBACK")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_session_killed_with_sigkill_keeps_every_answer_it_reported(db_path: Path) -> None:
    """SIGKILL mid-session: the file passes integrity_check and holds every
    answer whose id the child printed (printed only after the commit)."""
    reported: list[int] = []
    with _child(db_path, "Killed", wait=False, count=-1) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        while len(reported) < 50:
            line = child.stdout.readline()
            assert line, child.stderr.read() if child.stderr else "the child stopped"
            reported.append(int(line))
        os.kill(child.pid, signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL
    reported += [int(line) for line in rest.splitlines() if line.strip().isdigit()]
    assert integrity(db_path) == ["ok"]
    kept = {row[0] for row in query(db_path, "SELECT id FROM answers")}
    assert set(reported) <= kept
    with open_database(db_path) as db:
        assert db.notice is None
        assert db.roster()[0].answers == len(kept)


def test_two_processes_writing_at_once_never_hit_database_is_locked(db_path: Path) -> None:
    """Two stations' worth of writers on one new file: both create/migrate it at
    the same moment, then record answers as fast as they can."""
    count = 300
    children = [
        _child(db_path, name, wait=True, count=count, pause=0.002) for name in ("Ana", "Ben")
    ]
    try:
        for child in children:
            assert child.stdout is not None
            line = child.stdout.readline().strip()
            assert line == "ready", child.stderr.read() if child.stderr else line
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        results = [child.communicate(timeout=120) for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.communicate()
    for child, (out, err) in zip(children, results, strict=True):
        assert "locked" not in err.lower(), err
        assert child.returncode == 0, err
        assert len(out.split()) == count
    first, second = ([int(n) for n in out.split()] for out, _ in results)
    assert min(first) < max(second) and min(second) < max(first), "the writers did not overlap"
    assert integrity(db_path) == ["ok"]
    assert query(db_path, "SELECT COUNT(*) FROM answers") == [(2 * count,)]
    with open_database(db_path) as db:
        assert sorted((row.name, row.answers) for row in db.roster()) == [
            ("Ana", count),
            ("Ben", count),
        ]


def test_a_write_waits_for_another_writer_instead_of_failing(db: TrainerDB, db_path: Path) -> None:
    """A second connection holding the write lock briefly only delays an answer."""
    round_id = new_round(db, db.create_trainee("Ana"))
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    released = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    released.start()
    try:
        answer_id = answer(db, round_id)
    finally:
        released.join()
        other.close()
    assert query(db_path, "SELECT COUNT(*) FROM answers WHERE id = ?", (answer_id,)) == [(1,)]
