"""The write-ahead log is copied into the database as a session goes on, not left to grow
(issue 19, item 1: the WAL had reached 2.9 MB for 78 answers, about 33 KB an answer,
without a checkpoint, since SQLite's own waits for 1000 pages, 4 MiB).

A WAL file is a 32-byte header and one frame per page written (a 24-byte frame header
and the page). A PASSIVE checkpoint runs when a commit leaves the WAL at
``WAL_CHECKPOINT_PAGES`` or more, and the next commit starts the WAL over (cut back to
the same size), so the file never holds more than those pages plus one answer's
transaction: an answer writes about 8 pages (the answer, its indexes, the round's and the
trainee's rows, the seal chain's head); 16 is allowed.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage_support import answer, new_round

from trainer.storage import TrainerDB
from trainer.storage.connection import WAL_CHECKPOINT_PAGES

ANSWERS = 150  # about 5 MB of WAL at 33 KB an answer: past SQLite's own 4 MiB point
ONE_ANSWER_PAGES = 16


def test_the_wal_stays_under_the_checkpoint_size_plus_one_answer(
    db: TrainerDB, db_path: Path
) -> None:
    (page_size,) = db.conn.execute("PRAGMA page_size").fetchone()
    bound = 32 + (WAL_CHECKPOINT_PAGES + ONE_ANSWER_PAGES) * (page_size + 24)
    assert bound < 1_200_000  # at 4 KiB pages: 1,120,672 bytes
    wal = Path(f"{db_path}-wal")
    round_id = new_round(db, db.create_trainee("Ana"))
    largest = 0
    for number in range(ANSWERS):
        answer(db, round_id, question_id=f"q{number}")
        largest = max(largest, wal.stat().st_size)
    assert largest <= bound, f"the WAL reached {largest} bytes (bound {bound})"
    # What was checkpointed is in the database file itself: a copy of that file alone
    # (no WAL) already holds most of the answers.
    alone = db_path.with_name("alone.sqlite3")
    alone.write_bytes(db_path.read_bytes())
    with sqlite3.connect(alone) as conn:
        (kept,) = conn.execute("SELECT COUNT(*) FROM answers").fetchone()
    conn.close()
    assert kept >= ANSWERS - WAL_CHECKPOINT_PAGES // 4, kept  # an answer writes 4 pages or more
