"""Numbered schema migrations: from an empty file and from every earlier version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database
from storage_support import ROUND, RULES, answer, at, new_round, query

from trainer.storage import SCHEMA_VERSION, ExamStatus, open_database
from trainer.storage.schema import MIGRATION_NAMES, MIGRATIONS

TABLES = {
    "meta",
    "trainees",
    "instructors",
    "sessions",
    "rounds",
    "answers",
    "exam_configs",
    "exams",
    "trainee_totals",
    "skill_totals",
    "course_answers",
}


def _tables(path: Path) -> set[str]:
    return {row[0] for row in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}


def _database_at_version(path: Path, version: int) -> None:
    """A file as an older trainer left it: only the first ``version`` migrations."""
    conn = sqlite3.connect(path, isolation_level=None)
    db = Database(conn)
    try:
        if version < SCHEMA_VERSION:
            MIGRATIONS.apply(db, stop_before=MIGRATION_NAMES[version])
        else:
            MIGRATIONS.apply(db)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
    finally:
        db.close()


def _seed_old(path: Path, version: int) -> None:
    """Data written the way schema ``version`` allowed: two trainees, three rounds."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("BEGIN")
        for number, name in ((1, "Ana"), (2, "Ben")):
            conn.execute(
                "INSERT INTO trainees (id, uid, name, created) VALUES (?, ?, ?, ?)",
                (number, f"t{number}", name, at(0).isoformat()),
            )
            conn.execute(
                "INSERT INTO sessions (id, uid, trainee_id, mode, ruleset_id, started)"
                " VALUES (?, ?, ?, 'practice', ?, ?)",
                (number, f"s{number}", number, RULES, at(number).isoformat()),
            )
        extra = ", ruleset_version" if version >= 2 else ""
        for number, session in ((1, 1), (2, 1), (3, 2)):
            conn.execute(
                f"INSERT INTO rounds (id, uid, session_id, ruleset_id, round_json, dealt_at{extra})"
                f" VALUES (?, ?, ?, ?, ?, ?{', 3' if extra else ''})",
                (number, f"r{number}", session, RULES, '{"rules":"ny-2018"}', at(5).isoformat()),
            )
        answers = [(1, 1, 1, 2.0), (2, 1, 0, 4.0), (3, 2, 1, 3.0), (4, 3, 0, 5.0)]
        for number, round_id, correct, seconds in answers:
            conn.execute(
                "INSERT INTO answers (id, uid, round_id, question_id, kind, skill, seat, wager,"
                " expected, given, correct, seconds, answered_at)"
                " VALUES (?, ?, ?, 'q', 'payout', 'ante', 1, 'ante', '10.00', '10.00', ?, ?, ?)",
                (number, f"a{number}", round_id, correct, seconds, at(10 + number).isoformat()),
            )
        conn.execute("COMMIT")
    finally:
        conn.close()


def test_migrations_are_numbered_in_the_order_they_are_registered() -> None:
    db = Database(memory=True)
    try:
        assert tuple(m.name for m in MIGRATIONS.pending(db)) == MIGRATION_NAMES
    finally:
        db.close()
    assert SCHEMA_VERSION == len(MIGRATION_NAMES) >= 2


def test_a_new_file_gets_every_table_at_the_latest_version(db_path: Path) -> None:
    with open_database(db_path) as db:
        assert db.schema_version == SCHEMA_VERSION
        assert db.notice is None
    assert _tables(db_path) >= TABLES
    indexes = query(db_path, "SELECT name FROM sqlite_master WHERE type = 'index'")
    assert ("course_answers_trainee",) in indexes
    applied = query(db_path, "SELECT name FROM _sqlite_migrations ORDER BY id")
    assert tuple(row[0] for row in applied) == MIGRATION_NAMES


def test_an_empty_zero_byte_file_is_migrated(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with open_database(db_path) as db:
        assert db.schema_version == SCHEMA_VERSION
        assert db.notice is None


def test_reopening_an_up_to_date_database_applies_nothing_again(db_path: Path) -> None:
    with open_database(db_path) as db:
        station = db.station
    with open_database(db_path) as db:
        assert db.station == station
    assert len(query(db_path, "SELECT * FROM _sqlite_migrations")) == len(MIGRATION_NAMES)


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_upgrading_from_each_earlier_version_keeps_every_row(db_path: Path, version: int) -> None:
    _database_at_version(db_path, version)
    _seed_old(db_path, version)
    with open_database(db_path) as db:
        assert db.notice is None
        assert db.schema_version == SCHEMA_VERSION
        assert [t.name for t in db.list_trainees()] == ["Ana", "Ben"]
        versions = [row[0] for row in db.conn.execute("SELECT ruleset_version FROM rounds")]
        # Rounds recorded before version 2 kept no rule set version: NULL, not a guess.
        assert versions == ([None] * 3 if version < 2 else [3] * 3)
        # The totals added by migration 3 are backfilled from the old answers.
        roster = {row.name: row for row in db.roster()}
        assert (roster["Ana"].answers, roster["Ana"].rounds_played) == (3, 2)
        assert roster["Ana"].accuracy == pytest.approx(2 / 3)
        assert roster["Ana"].seconds_per_round == pytest.approx(9.0 / 2)
        assert (roster["Ben"].answers, roster["Ben"].accuracy) == (1, 0.0)
        assert roster["Ben"].last_active == at(14)
        assert roster["Ben"].exam_status is ExamStatus.NONE
        # ...and kept up to date from then on.
        answer(db, new_round(db, 2), correct=True)
        assert {row.name: row.answers for row in db.roster()}["Ben"] == 2
        mistakes = db.trainee_mistakes(1)
        assert [m.answer.id for m in mistakes] == [2]
        # Migration 4: a place for rulings and scenario rounds, empty until the course answers.
        assert db.course_answers(1) == []
        db.record_course_answer(1, "ruling", "key", False, 4.0, lesson="irregularities",
                                at=at(20))
        assert [(c.lesson, c.correct) for c in db.course_answers(1)] == [("irregularities", False)]
        assert {row.name: row.answers for row in db.roster()}["Ana"] == 3  # not a round's answer
    applied = query(db_path, "SELECT name FROM _sqlite_migrations ORDER BY id")
    assert tuple(row[0] for row in applied) == MIGRATION_NAMES


def test_round_json_column_accepts_only_json(db_path: Path) -> None:
    with open_database(db_path) as db:
        session = db.start_session(db.create_trainee("Ana"), "practice", RULES)
        db.record_round(session, ROUND, RULES, 3)
        with pytest.raises(sqlite3.IntegrityError):
            db.conn.execute(
                "INSERT INTO rounds (uid, session_id, ruleset_id, round_json, dealt_at)"
                " VALUES ('x', ?, ?, 'not json', ?)",
                (session, RULES, at(0).isoformat()),
            )
