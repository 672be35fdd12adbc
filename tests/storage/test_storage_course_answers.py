"""Course answers (rulings picked, scenario rounds finished): on disk when the call
returns, refused when they are not answers, read back oldest first."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from storage_support import at, query

from trainer.storage import CourseAnswerKind, StorageError, TrainerDB, open_database


def ruling(db: TrainerDB, trainee: int, **fields: Any) -> int:
    """Record one ruling's answer with plausible defaults for the fields not given."""
    values: dict[str, Any] = {
        "kind": "ruling",
        "item": "3f2a9c1b0d4e5f60",
        "correct": False,
        "seconds": 6.5,
        "lesson": "irregularities",
        "at": at(1),
    }
    values.update(fields)
    return db.record_course_answer(trainee, **values)


def test_a_ruling_is_on_disk_before_record_course_answer_returns(
    db: TrainerDB, db_path: Path
) -> None:
    ana = db.create_trainee("Ana", at=at(0))
    answer_id = ruling(db, ana)
    stamp = "2026-03-02T15:01:00.000000+00:00"
    assert not db.conn.in_transaction
    rows = query(
        db_path,
        "SELECT t.uid IS NOT NULL, c.kind, c.lesson, c.scenario, c.item, c.correct, c.seconds,"
        " c.answered_at, length(c.uid) FROM course_answers c"
        " JOIN trainees t ON t.id = c.trainee_id WHERE c.id = ?",
        (answer_id,),
    )
    assert rows == [  # UTC ISO text to the microsecond, like an answer's
        (1, "ruling", "irregularities", None, "3f2a9c1b0d4e5f60", 0, 6.5, stamp, 32)
    ]
    assert db.get_trainee(ana).last_active == at(1)  # type: ignore[union-attr]


def test_course_answers_survive_closing_and_reopening_in_the_order_given(db_path: Path) -> None:
    with open_database(db_path) as db:
        ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
        db.record_course_answer(ana, "scenario", "bad-beat", True, 12, scenario="bad-beat",
                                at=at(5))
        ruling(db, ana, correct=True, at=at(2))
        ruling(db, ben, at=at(3))
    with open_database(db_path) as db:
        first, second = db.course_answers(ana)
        assert (first.kind, first.lesson, first.correct, first.answered_at) == (
            CourseAnswerKind.RULING, "irregularities", True, at(2))
        assert (second.kind, second.scenario, second.item, second.seconds) == (
            CourseAnswerKind.SCENARIO, "bad-beat", "bad-beat", 12.0)
        assert second.lesson is None and not hasattr(second, "skill")
        assert [row.trainee_id for row in db.course_answers(ben)] == [ben]
        assert db.course_answers(99) == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "exam"}, "kind: 'exam' is not a course answer kind"),
        ({"item": "  "}, "item: must not be empty"),
        ({"item": None}, "item: expected text"),
        ({"lesson": None}, "lesson: a ruling's answer must name its lesson"),
        ({"lesson": ""}, "lesson: must not be empty"),
        ({"kind": "scenario"}, "scenario: a scenario round's answer must name its scenario"),
        ({"correct": 1}, "correct: expected True or False"),
        ({"seconds": -0.5}, "seconds: -0.5 is not a time"),
        ({"seconds": float("inf")}, "seconds: inf is not a time"),
        ({"seconds": True}, "seconds: True is not a time"),
        ({"at": at(1).replace(tzinfo=None)}, "at: .* must be a timezone-aware datetime"),
    ],
)
def test_record_course_answer_refuses_what_is_not_an_answer(
    db: TrainerDB, fields: dict[str, Any], message: str
) -> None:
    ana = db.create_trainee("Ana")
    with pytest.raises(StorageError, match=message):
        ruling(db, ana, **fields)
    assert db.conn.execute("SELECT COUNT(*) FROM course_answers").fetchone() == (0,)


def test_a_course_answer_of_no_trainee_is_refused(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="trainee_id: no trainee 3"):
        ruling(db, 3)
    with pytest.raises(StorageError, match="trainee_id: expected a whole number"):
        ruling(db, "1")  # type: ignore[arg-type]
    assert db.conn.execute("SELECT COUNT(*) FROM course_answers").fetchone() == (0,)


def test_record_course_answer_refuses_to_join_an_open_transaction(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    db.conn.execute("BEGIN")
    try:
        with pytest.raises(StorageError, match="transaction is already open"):
            ruling(db, ana)
    finally:
        db.conn.execute("ROLLBACK")


def test_the_table_itself_refuses_rows_the_method_would_refuse(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    insert = (
        "INSERT INTO course_answers (uid, trainee_id, kind, lesson, scenario, item, correct,"
        " seconds, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    good = ["u1", ana, "ruling", "irregularities", None, "key", 1, 2.0, at(0).isoformat()]
    for index, value in ((2, "exam"), (3, None), (6, 2), (7, -1.0), (5, " ")):
        row = list(good)
        row[index] = value
        with pytest.raises(sqlite3.IntegrityError):
            db.conn.execute(insert, row)
    db.conn.execute(insert, good)
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        db.conn.execute(insert, good)
