"""What the reports read that storage has no single call for (no Qt)."""

from __future__ import annotations

import sqlite3

from trainer.storage.database import TrainerDB
from trainer.storage.models import Exam, RosterRow, StorageError


def trainee_name(db: TrainerDB, trainee_id: int) -> str:
    """A trainee's name; StorageError naming ``trainee_id`` for one not there."""
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        raise StorageError(f"trainee_id: no trainee {trainee_id}")
    return trainee.name


def roster_row(db: TrainerDB, trainee_id: int) -> RosterRow | None:
    """One trainee's roster figures (storage has no single-trainee query)."""
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        return None
    for row in db.roster(name_filter=trainee.name):
        if row.trainee_id == trainee_id:
            return row
    return None


def rulesets_used(db: TrainerDB, trainee_id: int) -> list[tuple[str, int]]:
    """The rule sets a trainee's sessions used, with how many sessions each.

    Storage has no query for this, so it is read here (read-only SQL).
    """
    try:
        rows = db.conn.execute(
            "SELECT ruleset_id, COUNT(*) FROM sessions WHERE trainee_id = ?"
            " GROUP BY ruleset_id ORDER BY COUNT(*) DESC, ruleset_id",
            (trainee_id,),
        ).fetchall()
    except sqlite3.Error:
        return []
    return [(str(row[0]), int(row[1])) for row in rows]


def find_exam(db: TrainerDB, exam_id: int) -> Exam:
    """One exam by id (storage has ``exam_results`` but no single-exam getter)."""
    for exam in db.exam_results():
        if exam.id == exam_id:
            return exam
    raise StorageError(f"exam_id: no exam {exam_id}")
