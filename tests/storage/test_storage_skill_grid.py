"""The latest answers per trainee and skill that the class's skill grid reads (schema 6)."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database
from storage_support import RULES, answer, at, new_round, rebuild_skill_recent

from trainer.skills import Skill
from trainer.storage import StorageError, TrainerDB, open_database
from trainer.storage.schema import MIGRATIONS, SKILL_RECENT_KEPT


def _kept(db: TrainerDB) -> list[tuple[Any, ...]]:
    return db.conn.execute(
        "SELECT trainee_id, skill, answered_at, answer_id, correct, seconds FROM skill_recent"
        " ORDER BY trainee_id, skill, answered_at, answer_id"
    ).fetchall()


def test_the_store_keeps_twenty_answers_per_skill() -> None:
    assert SKILL_RECENT_KEPT == 20


def test_only_the_latest_twenty_answers_of_a_skill_are_kept(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    round_id = new_round(db, ana)
    ids = {minute: answer(db, round_id, skill="ante", at=at(minute)) for minute in range(1, 26)}
    answer(db, round_id, skill="raise", at=at(30))
    # Minutes 6 to 25 are the latest twenty ante answers; 1 to 5 have gone.
    (cell,) = [c for c in db.recent_by_skill([ana]) if c.skill is Skill.ANTE]
    assert cell.answered_at == tuple(at(minute) for minute in range(6, 26))
    # An answer merged late, older than all twenty, changes nothing...
    answer(db, round_id, skill="ante", at=at(0))
    (cell,) = [c for c in db.recent_by_skill([ana]) if c.skill is Skill.ANTE]
    assert cell.answered_at[0] == at(6)
    # ...and one among them pushes out the oldest (minute 6).
    late = answer(db, round_id, skill="ante", at=at(10.5), correct=False, seconds=7.25)
    (cell,) = [c for c in db.recent_by_skill([ana]) if c.skill is Skill.ANTE]
    assert cell.answered_at == tuple(sorted([*(at(m) for m in range(7, 26)), at(10.5)]))
    position = cell.answered_at.index(at(10.5))
    assert (cell.correct[position], cell.seconds[position]) == (False, 7.25)
    kept_ids = {row[3] for row in _kept(db) if row[1] == "ante"}
    assert kept_ids == {ids[m] for m in range(7, 26)} | {late}


def test_answers_given_at_the_same_moment_keep_the_later_recorded(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    round_id = new_round(db, ana)
    ids = [answer(db, round_id, skill="ante", at=at(1)) for _ in range(22)]
    assert {row[3] for row in _kept(db)} == set(ids[2:])


def test_recent_answers_are_read_per_trainee_and_skill_oldest_first(db: TrainerDB) -> None:
    ana, ben, cy = (db.create_trainee(name) for name in ("Ana", "Ben", "Cy"))
    answer(db, new_round(db, ana), skill="raise", correct=False, seconds=4.0, at=at(3))
    answer(db, new_round(db, ana), skill="ante", correct=True, seconds=2.5, at=at(2))
    answer(db, new_round(db, ana), skill="ante", correct=False, seconds=6.0, at=at(1))
    answer(db, new_round(db, ben), skill="cap", correct=True, seconds=9.0, at=at(5))
    cells = db.recent_by_skill([ana, cy])
    assert [(c.trainee_id, c.skill) for c in cells] == [(ana, Skill.ANTE), (ana, Skill.RAISE)]
    ante = cells[0]
    assert (ante.correct, ante.seconds, ante.answered_at) == (
        (False, True), (6.0, 2.5), (at(1), at(2)))
    assert [(c.trainee_id, c.skill) for c in db.recent_by_skill()] == [
        (ana, Skill.ANTE), (ana, Skill.RAISE), (ben, Skill.CAP)]
    assert db.recent_by_skill([]) == []
    with pytest.raises(StorageError, match="trainee_ids: 'Ana' is not a trainee id"):
        db.recent_by_skill(["Ana"])  # type: ignore[list-item]


def test_a_skill_this_trainer_does_not_know_is_named(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    answer(db, new_round(db, ana), skill="ante")
    db.conn.execute("UPDATE skill_recent SET skill = 'juggling'")
    with pytest.raises(StorageError, match="skill_recent of trainee 1: 'juggling' is not a skill"):
        db.recent_by_skill()


ANSWERS = st.lists(
    st.tuples(
        st.integers(0, 1),  # trainee
        st.sampled_from(["ante", "raise"]),
        st.booleans(),
        st.integers(0, 40).map(lambda quarters: quarters / 4),
        st.integers(0, 30),  # minute: many answers share one, and come in any order
    ),
    max_size=60,
)


@settings(max_examples=25, deadline=None)
@given(ANSWERS)
def test_answers_kept_by_the_trigger_equal_a_full_recount(answers: list[Any]) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        open_database(Path(folder) / "t.sqlite3", backup_on_session=False) as db,
    ):
        trainees = [db.create_trainee(name) for name in ("A", "B")]
        rounds = [new_round(db, trainee) for trainee in trainees]
        for trainee, skill, correct, seconds, minute in answers:
            answer(db, rounds[trainee], skill=skill, correct=correct, seconds=seconds,
                   at=at(minute))
        kept = _kept(db)
        rebuild_skill_recent(db)
        assert _kept(db) == kept
        counts = db.conn.execute(
            "SELECT COUNT(*) FROM skill_recent GROUP BY trainee_id, skill").fetchall()
        assert all(count <= SKILL_RECENT_KEPT for (count,) in counts)


def test_upgrading_a_version_5_file_fills_the_latest_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    old = Database(conn)
    MIGRATIONS.apply(old, stop_before="m006_skill_recent")
    conn.execute("INSERT INTO trainees (id, uid, name, created) VALUES (1, 't1', 'Ana', ?)",
                 (at(0).isoformat(),))
    conn.execute("INSERT INTO sessions (id, uid, trainee_id, mode, ruleset_id, started)"
                 " VALUES (1, 's1', 1, 'practice', ?, ?)", (RULES, at(0).isoformat()))
    conn.execute("INSERT INTO rounds (id, uid, session_id, ruleset_id, round_json, dealt_at)"
                 " VALUES (1, 'r1', 1, ?, '{}', ?)", (RULES, at(0).isoformat()))
    for number in range(1, 24):
        conn.execute(
            "INSERT INTO answers (id, uid, round_id, question_id, kind, skill, expected,"
            " correct, seconds, answered_at) VALUES (?, ?, 1, 'q', 'payout', 'ante', '1', ?,"
            " 2.0, ?)", (number, f"a{number}", number % 2, at(number).isoformat()))
    old.close()
    with open_database(path) as db:
        assert db.notice is None
        (cell,) = db.recent_by_skill()
        assert cell.answered_at == tuple(at(n) for n in range(4, 24))
        assert cell.correct == tuple(bool(n % 2) for n in range(4, 24))
        answer(db, new_round(db, 1), skill="ante", at=at(30))
        (cell,) = db.recent_by_skill()
        assert cell.answered_at[0] == at(5) and cell.answered_at[-1] == at(30)


def test_a_merged_stations_answers_keep_the_latest_twenty(tmp_path: Path) -> None:
    with (
        open_database(tmp_path / "station.sqlite3", backup_on_session=False) as station,
        open_database(tmp_path / "desk.sqlite3", backup_on_session=False) as desk,
    ):
        there = station.create_trainee("Ana")
        round_id = new_round(station, there)
        for minute in range(0, 30, 2):  # 15 answers at even minutes
            answer(station, round_id, skill="ante", at=at(minute))
        here = desk.create_trainee("Ana")
        round_id = new_round(desk, here)
        for minute in range(1, 30, 2):  # 15 answers at odd minutes
            answer(desk, round_id, skill="ante", at=at(minute))
        station.export_station(tmp_path / "station.hhe")
        assert desk.merge_station(tmp_path / "station.hhe", allow_default_key=True).answers == 15
        # Thirty answers at minutes 0 to 29: the latest twenty are minutes 10 to 29.
        (cell,) = desk.recent_by_skill([here])
        assert cell.answered_at == tuple(at(minute) for minute in range(10, 30))
        kept = _kept(desk)
        rebuild_skill_recent(desk)
        assert _kept(desk) == kept
