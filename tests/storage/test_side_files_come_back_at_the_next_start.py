"""Nothing lost: the writes that waited for a database another program kept locked past
quit + the end's wait are kept in a sealed side file, and the next start adds them to
the records, exactly once, in one transaction, or refuses the file whole.

The lock is held for real by a second process (``BEGIN EXCLUSIVE``), as in
test_answers_wait_for_a_locked_database.py."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from storage_support import ROUND, RULES, answer, create_exam_config
from test_answers_wait_for_a_locked_database import BUSY, locked_by_another_process

from trainer.skills import QuestionKind, Skill
from trainer.storage import StorageError, open_database, side_files
from trainer.storage.waiting import side_file_seal
from trainer.training.recorder import SessionRecorder
from trainer.training.session import TrainingSession, TrainingSettings
from trainer.training.session_records import PendingAnswer, RoundRow, SessionRecords


def answers_in_file(path: Path) -> list[tuple[str, str | None, int, str]]:
    """(question id, given, correct, answered at) of every answer, by id."""
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT question_id, given, correct, answered_at FROM answers"
                            " ORDER BY id").fetchall()


def meta_markers(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute(
            "SELECT key FROM meta WHERE key LIKE 'side_file_merged:%'")]


def session_kept_aside(db_path: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A practice session of one round: its first answer written, its last 3 answers and
    its end waiting behind another program's lock past the end's wait, so kept in a side
    file. The side file and the (question id, given) of the 3 waiting answers."""
    db = open_database(db_path, busy_timeout=BUSY)
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=5))
    recorder = SessionRecorder(db, trainee, session)
    state = session.next_round()
    assert len(state.questions) >= 4
    first = state.current
    assert first is not None
    state.answer(first.expected)  # written at once
    waited: list[tuple[str, str]] = []
    with locked_by_another_process(db_path):
        for _ in range(3):
            question = state.current
            assert question is not None
            waited.append((question.id, state.answer(question.expected).given_text))
        recorder.close()  # the session's end waits behind them
        assert db.waiting.described() == "3 answers and 1 session end"
        side = db.waiting.finish(within=0.5)
    db.close()
    assert side is not None
    assert len(answers_in_file(db_path)) == 1  # the 3 are in the side file only
    return side, waited


def test_answers_and_a_session_end_kept_aside_are_added_at_the_next_start_once(
        db_path: Path) -> None:
    side, waited = session_kept_aside(db_path)
    kept = json.loads(side.read_text(encoding="utf-8"))
    recorded_times = [w["answered_at"] for w in kept["writes"] if w["write"] == "answer"]
    ended_at = kept["writes"][3]["at"]
    db = open_database(db_path)
    try:
        assert side_files.waiting_side_files(db_path) == [side]
        merged = db.merge_side_file(side)
        assert merged.added
        assert merged.kinds == Counter({"answer": 3, "session end": 1})
        assert merged.path == side.with_name(side.name.removesuffix(".json") + ".merged.json")
        assert merged.path.is_file() and not side.exists()  # kept under its new name
        assert side_files.waiting_side_files(db_path) == []
        stored = answers_in_file(db_path)
        assert len(stored) == 1 + 3
        # The 3 answers, right, each with the moment it was given (not the merge's).
        assert [(q, g) for q, g, _, _ in stored[1:]] == waited
        assert [c for _, _, c, _ in stored[1:]] == [1, 1, 1]
        assert [datetime.fromisoformat(t) for *_, t in stored[1:]] == [
            datetime.fromisoformat(t) for t in recorded_times]
        with sqlite3.connect(db_path) as conn:
            (ended,) = conn.execute("SELECT ended FROM sessions").fetchone()
        assert datetime.fromisoformat(ended) == datetime.fromisoformat(ended_at)
        assert not db.check_records().altered  # merged rows are sealed in the chain

        # Merged again, renamed or copied back under its first name: nothing added.
        again = db.merge_side_file(merged.path)
        assert not again.added
        shutil.copy(merged.path, side)
        copied_back = db.merge_side_file(side)
        assert not copied_back.added
        assert len(answers_in_file(db_path)) == 4
        assert len(meta_markers(db_path)) == 1
    finally:
        db.close()


def test_an_exam_whose_end_waited_is_scored_at_the_next_start(db_path: Path) -> None:
    db = open_database(db_path, busy_timeout=BUSY)
    trainee = db.create_trainee("Ana")
    config = create_exam_config(db, "Audition", 1, RULES, 70)
    exam = db.start_exam(trainee, config)
    assert exam.session_id is not None
    records = SessionRecords(db, trainee, exam.session_id, exam, None)
    row = RoundRow()
    row.id = db.record_round(exam.session_id, ROUND, RULES, 3)
    answer(db, row.id, question_id="q1", correct=True)  # 2 right, written at once
    answer(db, row.id, question_id="q2", correct=True)
    with locked_by_another_process(db_path):
        for question, correct in (("q3", True), ("q4", False)):  # 1 right, 1 wrong wait
            records.keep_answer(row, PendingAnswer(
                question, QuestionKind.PAYOUT, Skill.ANTE, 1, None, "10.00",
                "10.00" if correct else "20.00", correct, 4.0))
        assert records.close() is None  # the exam's end waits too
        side = db.waiting.finish(within=0.5)
    db.close()
    assert side is not None
    finished_at = json.loads(side.read_text(encoding="utf-8"))["writes"][2]["at"]
    db = open_database(db_path)
    try:
        assert db.exam_results(trainee)[0].finished is None  # not scored before the merge
        merged = db.merge_side_file(side)
        assert merged.kinds == Counter({"answer": 2, "exam end": 1})
        result = db.exam_results(trainee)[0]
        # Worked by hand: 3 right of 4 = 75 %, at least the pass mark 70, and the one
        # round of the exam answered in full: passed.
        assert result.score == 75.0
        assert result.passed is True
        assert result.finished is not None
        assert result.finished == datetime.fromisoformat(finished_at).astimezone(UTC)
    finally:
        db.close()


def test_a_side_file_edited_by_hand_is_refused_and_left_where_it_is(db_path: Path) -> None:
    side, _ = session_kept_aside(db_path)
    kept = json.loads(side.read_text(encoding="utf-8"))
    assert kept["writes"][0]["correct"] is True
    kept["writes"][0]["correct"] = False  # a wrong answer made right, or here the reverse
    side.write_text(json.dumps(kept, indent=1), encoding="utf-8")
    db = open_database(db_path)
    try:
        with pytest.raises(StorageError, match="changed after it was written") as refused:
            db.merge_side_file(side)
        assert side.name in str(refused.value)
        assert len(answers_in_file(db_path)) == 1  # nothing written
        assert side.is_file() and side_files.waiting_side_files(db_path) == [side]
        assert meta_markers(db_path) == []
    finally:
        db.close()


def test_a_sealed_side_file_with_a_bad_record_is_refused_whole_naming_the_record(
        db_path: Path) -> None:
    side, _ = session_kept_aside(db_path)
    kept: dict[str, Any] = json.loads(side.read_text(encoding="utf-8"))
    kept["writes"][1]["seconds"] = -2  # the 2nd write, an answer; resealed with the secret
    db = open_database(db_path)
    try:
        kept["seal"] = side_file_seal(db.secret, kept)
        side.write_text(json.dumps(kept), encoding="utf-8")
        with pytest.raises(StorageError) as refused:
            db.merge_side_file(side)
        assert str(refused.value).startswith(f"{side.name}, write 2 (answer): seconds: -2 ")
        assert len(answers_in_file(db_path)) == 1  # not even the good answer before it
        assert side.is_file()
    finally:
        db.close()


def test_a_merge_killed_after_its_first_insert_writes_nothing(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    side, waited = session_kept_aside(db_path)
    real_insert = side_files.insert_answer
    inserted: list[int] = []

    def dies_after_the_first(*args: Any) -> int:
        if inserted:
            raise RuntimeError("killed mid-merge")
        inserted.append(real_insert(*args))
        return inserted[-1]

    db = open_database(db_path)
    try:
        monkeypatch.setattr(side_files, "insert_answer", dies_after_the_first)
        with pytest.raises(RuntimeError, match="killed mid-merge"):
            db.merge_side_file(side)
        assert inserted  # one answer was inserted, then rolled back with the rest
        assert len(answers_in_file(db_path)) == 1
        assert side.is_file() and meta_markers(db_path) == []
        with sqlite3.connect(db_path) as conn:
            assert conn.execute("SELECT ended FROM sessions").fetchone() == (None,)
        monkeypatch.undo()
        assert db.merge_side_file(side).added  # the next start merges it all
        assert [(q, g) for q, g, _, _ in answers_in_file(db_path)[1:]] == waited
    finally:
        db.close()


def test_a_side_file_edited_and_resealed_with_the_station_secret_merges(
        db_path: Path) -> None:
    """What the side file's seal is worth (docs/installing.md's trust table): no more than
    the database's own seals. Whoever reads station-secret.key (the station's account)
    can reseal an edited file, and it merges as written."""
    side, _ = session_kept_aside(db_path)
    kept: dict[str, Any] = json.loads(side.read_text(encoding="utf-8"))
    kept["writes"][0]["correct"] = False  # a right answer made wrong, then resealed
    db = open_database(db_path)
    try:
        kept["seal"] = side_file_seal(db.secret, kept)
        side.write_text(json.dumps(kept), encoding="utf-8")
        assert db.merge_side_file(side).added
        assert [c for _, _, c, _ in answers_in_file(db_path)[1:]] == [0, 1, 1]
    finally:
        db.close()
