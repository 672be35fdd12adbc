"""Tamper evidence: records edited, removed or added with SQLite read back ALTERED, on a
real database file; a lost station secret makes them "cannot be checked"."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database
from storage_support import ROUND, RULES, answer, at, create_exam_config, new_round

from trainer.storage import ExamStatus, TrainerDB, open_database
from trainer.storage.models import SealState
from trainer.storage.schema import MIGRATION_NAMES, MIGRATIONS
from trainer.storage.seal import (
    SECRET_FILENAME,
    UPGRADE_KEY,
    find_exam_by_code,
    normalise_exam_code,
)


def _sql(db: TrainerDB, statement: str, parameters: tuple[object, ...] = ()) -> None:
    """What someone with an SQLite tool does to the file: foreign keys off, commit."""
    conn = sqlite3.connect(db.path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(statement, parameters)
    finally:
        conn.close()


@pytest.fixture
def ana_failed(db: TrainerDB) -> Iterator[tuple[TrainerDB, int, int]]:
    """Ana's exam of one round, 1 answer of 4 right (25%, pass mark 75): failed."""
    ana = db.create_trainee("Ana")
    config = create_exam_config(db, "Final", 1, RULES, 75.0)
    exam = db.start_exam(ana, config, at=at(0))
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(0))
    for number in range(4):
        answer(db, round_id, question_id=f"q{number}", correct=number == 0, at=at(1 + number))
    finished = db.finish_exam(exam.id, at=at(6))
    assert (finished.score, finished.status) == (25.0, ExamStatus.FAILED)
    yield db, ana, exam.id


def test_unaltered_records_read_as_recorded_after_reopening(
    ana_failed: tuple[TrainerDB, int, int], db_path: Path
) -> None:
    db, ana, _ = ana_failed
    db.close()
    with open_database(db_path) as again:
        [exam] = again.exam_results(ana)
        assert exam.seal_state is SealState.VALID and exam.status is ExamStatus.FAILED
        assert again.check_records().findings == []
        assert again.record_seals(ana).all_valid


def test_an_exam_set_to_96_and_passed_with_sqlite_reads_altered_not_passed(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, exam_id = ana_failed
    _sql(db, "UPDATE exams SET score = 96, passed = 1 WHERE id = ?", (exam_id,))
    [exam] = db.exam_results(ana)
    assert exam.status is ExamStatus.ALTERED and exam.status is not ExamStatus.PASSED
    [row] = db.roster()
    assert row.exam_status is ExamStatus.ALTERED
    assert [f.row_id for f in db.check_records().altered] == [exam_id]


def test_an_answer_made_right_with_sqlite_reads_altered_on_the_trainees_records(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, _ = ana_failed
    wrong = db.trainee_answers(ana, wrong_only=True)[0].id
    _sql(db, "UPDATE answers SET correct = 1, given = expected WHERE id = ?", (wrong,))
    summary = db.record_seals(ana)
    assert summary.altered == (f"answer #{wrong}",)
    assert db.seal_states("answers", ana)[wrong] is SealState.ALTERED


def test_an_answer_removed_from_the_middle_of_the_chain_shows_the_next_one_altered(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, _ = ana_failed
    first, second, third, _ = (a.id for a in db.trainee_answers(ana))
    _sql(db, "DELETE FROM skill_recent WHERE answer_id = ?", (second,))
    _sql(db, "DELETE FROM answers WHERE id = ?", (second,))
    states = db.seal_states("answers", ana)
    assert states[first] is SealState.VALID
    assert states[third] is SealState.ALTERED  # its predecessor is no longer the one sealed


def test_answers_removed_from_the_end_of_the_chain_show_in_the_whole_check(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, _ = ana_failed
    last = db.trainee_answers(ana)[-1].id
    _sql(db, "DELETE FROM skill_recent WHERE answer_id = ?", (last,))
    _sql(db, "DELETE FROM answers WHERE id = ?", (last,))
    [finding] = db.check_records().altered
    assert (finding.table, finding.row_id) == ("answers", None)
    assert "removed from the end" in finding.what


def test_a_forged_answer_inserted_with_sqlite_reads_altered(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, _ = ana_failed
    round_id = db.trainee_answers(ana)[0].round_id
    copied = db.conn.execute("SELECT seal FROM answers ORDER BY id DESC").fetchone()[0]
    for uid, seal in (("forged-1", None), ("forged-2", copied)):
        _sql(db, "INSERT INTO answers (uid, round_id, question_id, kind, skill, expected, given,"
                 " correct, seconds, answered_at, seal) VALUES (?, ?, 'q9', 'payout', 'ante',"
                 " '10.00', '10.00', 1, 2.0, ?, ?)", (uid, round_id, at(7).isoformat(), seal))
    forged = [row[0] for row in db.conn.execute(
        "SELECT id FROM answers WHERE uid LIKE 'forged-%' ORDER BY id")]
    states = db.seal_states("answers", ana)
    assert [states[i] for i in forged] == [SealState.ALTERED, SealState.ALTERED]


def test_a_session_moved_to_another_trainee_with_sqlite_alters_its_answers(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, _ = ana_failed
    bob = db.create_trainee("Bob")
    session = db.trainee_answers(ana)[0].session_id
    _sql(db, "UPDATE sessions SET trainee_id = ? WHERE id = ?", (bob, session))
    assert len(db.record_seals(bob).altered) == 4


def test_an_exam_altered_before_it_finished_stays_altered_after_finishing(db: TrainerDB) -> None:
    """Finishing reseals an exam only when its seal still holds: a pass mark lowered
    while it ran is not laundered by the finishing seal."""
    ana = db.create_trainee("Ana")
    exam = db.start_exam(ana, create_exam_config(db, "Final", 1, RULES, 75.0), at=at(0))
    assert db.exam_results(ana)[0].seal_state is SealState.VALID  # sealed from its start
    _sql(db, "UPDATE exams SET pass_mark = 0 WHERE id = ?", (exam.id,))
    finished = db.finish_exam(exam.id, at=at(5))
    assert finished.status is ExamStatus.ALTERED


def test_a_finished_exam_has_a_verification_code_found_however_it_is_typed(
    ana_failed: tuple[TrainerDB, int, int],
) -> None:
    db, ana, exam_id = ana_failed
    [exam] = db.exam_results(ana)
    code = exam.verification_code
    assert code is not None and normalise_exam_code(code) == code
    typed = code.lower().replace("-", " ").replace("0", "o")
    assert find_exam_by_code(db.conn, typed) == exam_id
    assert find_exam_by_code(db.conn, "E-0000-0000-0000") is None
    _sql(db, "UPDATE exams SET score = 96, passed = 1 WHERE id = ?", (exam_id,))
    assert find_exam_by_code(db.conn, code) == exam_id  # still found, and reads ALTERED
    assert db.exam_results(ana)[0].status is ExamStatus.ALTERED


def test_a_lost_station_secret_makes_records_uncheckable_never_altered_nor_valid(
    ana_failed: tuple[TrainerDB, int, int], db_path: Path, private_data_dir: Path
) -> None:
    db, ana, _ = ana_failed
    db.close()
    (private_data_dir / SECRET_FILENAME).unlink()
    with open_database(db_path) as again:
        [exam] = again.exam_results(ana)
        assert exam.seal_state is SealState.UNCHECKABLE
        assert exam.status is ExamStatus.UNCHECKABLE
        summary = again.record_seals(ana)
        assert (summary.altered, summary.uncheckable) == ((), 5)
        assert summary.uncheckable_why is not None
        assert "lost or replaced" in summary.uncheckable_why
        assert "cannot be checked" in summary.uncheckable_why
        new = again.record_course_answer(ana, "ruling", "r-one", True, 3.0,
                                         lesson="irregularities", at=at(9))
        assert again.seal_states("course_answers", ana)[new] is SealState.VALID
        assert again.check_records().altered == []


def test_a_damaged_secret_file_is_kept_aside_and_a_new_secret_made(
    ana_failed: tuple[TrainerDB, int, int], db_path: Path, private_data_dir: Path
) -> None:
    db, ana, _ = ana_failed
    db.close()
    (private_data_dir / SECRET_FILENAME).write_text("not a secret\n")
    with open_database(db_path) as again:
        assert again.exam_results(ana)[0].seal_state is SealState.UNCHECKABLE
    kept = list(private_data_dir.glob(f"{SECRET_FILENAME}.damaged-*"))
    assert [p.read_text() for p in kept] == ["not a secret\n"]


def _schema_4_file(path: Path) -> None:
    """A file as a trainer before seals wrote it: a trainee, an answer and a finished exam."""
    conn = sqlite3.connect(path, isolation_level=None)
    database = Database(conn)
    MIGRATIONS.apply(database, stop_before=MIGRATION_NAMES[4])
    conn.execute("INSERT INTO trainees (id, uid, name, created) VALUES (1, 't1', 'Ana', ?)",
                 (at(0).isoformat(),))
    conn.execute("INSERT INTO sessions (id, uid, trainee_id, mode, ruleset_id, started)"
                 " VALUES (1, 's1', 1, 'exam', ?, ?)", (RULES, at(1).isoformat()))
    conn.execute("INSERT INTO rounds (id, uid, session_id, ruleset_id, ruleset_version,"
                 " round_json, dealt_at) VALUES (1, 'r1', 1, ?, 3, ?, ?)",
                 (RULES, json.dumps(ROUND), at(1).isoformat()))
    conn.execute("INSERT INTO answers (id, uid, round_id, question_id, kind, skill, expected,"
                 " given, correct, seconds, answered_at) VALUES (1, 'a1', 1, 'q1', 'payout',"
                 " 'ante', '10.00', '10.00', 1, 2.0, ?)", (at(2).isoformat(),))
    conn.execute("INSERT INTO exams (id, uid, trainee_id, session_id, rounds, ruleset_id,"
                 " pass_mark, started, finished, score, passed)"
                 " VALUES (1, 'e1', 1, 1, 1, ?, 75, ?, ?, 100.0, 1)",
                 (RULES, at(1).isoformat(), at(3).isoformat()))
    database.close()


def test_rows_from_before_schema_5_are_sealed_once_when_the_file_is_upgraded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    _schema_4_file(path)
    with open_database(path, backup_on_session=False) as db:
        assert db.check_records().findings == []
        record = json.loads(db.conn.execute(
            "SELECT value FROM meta WHERE key = ?", (UPGRADE_KEY,)).fetchone()[0])
        assert record["rows"] == {"answers": 1, "course_answers": 0, "exams": 1,
                                  "certifications": 0}
        assert db.exam_results(1)[0].status is ExamStatus.PASSED
    # An unsealed row added later is not sealed by the next open: it stays forged.
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("INSERT INTO exams (uid, trainee_id, rounds, ruleset_id, pass_mark, started,"
                 " finished, score, passed) VALUES ('e2', 1, 1, ?, 75, ?, ?, 100.0, 1)",
                 (RULES, at(4).isoformat(), at(5).isoformat()))
    conn.close()
    with open_database(path, backup_on_session=False) as db:
        assert db.exam_results(1)[0].status is ExamStatus.ALTERED  # the newest, e2


def test_two_stations_writing_one_file_keep_one_unbroken_chain(db: TrainerDB,
                                                              db_path: Path) -> None:
    """Each seal takes the chain's head inside the write transaction, so two
    connections answering in turn still make one chain."""
    with open_database(db_path) as other:
        ana, bob = db.create_trainee("Ana"), other.create_trainee("Bob")
        ana_round, bob_round = new_round(db, ana), new_round(other, bob, minutes=1)
        for number in range(6):
            answer(db, ana_round, question_id=f"a{number}")
            answer(other, bob_round, question_id=f"b{number}")
        assert other.check_records().findings == []
    assert db.check_records().checked["answers"] == 12


def test_stations_starting_at_once_share_one_secret_and_leave_no_partial_file(
    tmp_path: Path,
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from trainer.storage.seal import station_secret

    with ThreadPoolExecutor(max_workers=4) as pool:
        secrets = list(pool.map(lambda _: station_secret(tmp_path), range(8)))
    assert {s.key for s in secrets} == {secrets[0].key} and secrets[0].key is not None
    assert [p.name for p in tmp_path.iterdir()] == [SECRET_FILENAME]
