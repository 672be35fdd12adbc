"""Nothing lost, at the next start: the writes a quit kept in a side file (another program
held the database) are added to the records and the person is told in one sentence, in
the language in force; a database still locked keeps the file for the next start."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from trainer.exam_setup import ExamSetup
from trainer.i18n import set_language
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import StorageBusy
from trainer.training.session_records import PendingAnswer, RoundRow, SessionRecords
from trainer.ui import app as app_module
from trainer.ui.profile_dialog import ProfileDialog

ROUND = {"rules": "ny-2018", "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
         "seats": [{"seat": 1, "hole": ["Ah", "Ad"], "ante": "10.00", "odds": "10.00",
                    "raise": "30.00"}]}


def exam_kept_aside(db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Path]:
    """An exam whose last 3 answers and end met the database locked (every answer write
    refused as busy, as the lock held by another program refuses it): kept in a side file
    as the quit keeps them. (The trainee, the side file.)"""
    trainee = db.create_trainee("Ana")
    config = db.create_exam_setup(ExamSetup("Audition", 1, 50, None, "ny-2018"))
    exam = db.start_exam(trainee, config)
    assert exam.session_id is not None
    row = RoundRow()
    row.id = db.record_round(exam.session_id, ROUND, "ny-2018", 3)
    records = SessionRecords(db, trainee, exam.session_id, exam, None)

    def locked(*_args: object, **_named: object) -> int:
        raise StorageBusy("database is locked")

    with monkeypatch.context() as patch:
        patch.setattr(db, "record_answer", locked)
        for question, correct in (("q1", True), ("q2", True), ("q3", False)):
            records.keep_answer(row, PendingAnswer(
                question, QuestionKind.PAYOUT, Skill.ANTE, 1, None, "10.00",
                "10.00" if correct else "20.00", correct, 4.0))
        assert records.close() is None  # the exam's end waits behind them
        assert db.waiting.described() == "3 answers and 1 exam end"
        side = db.waiting.finish(within=0)  # still locked: kept in a side file, as at quit
    assert side is not None and len(db.waiting) == 0
    return trainee, side


def kept_on(side: Path) -> tuple[str, str]:
    """The day and time (local) the file says its writes were kept."""
    kept = datetime.fromisoformat(json.loads(side.read_text("utf-8"))["kept_at"]).astimezone()
    return kept.strftime("%Y-%m-%d"), kept.strftime("%H:%M")


def test_the_next_start_adds_the_kept_answers_and_says_so_in_one_sentence(
        qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    with open_database() as db:
        trainee, side = exam_kept_aside(db, monkeypatch)
    day, time = kept_on(side)
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "information",
                        lambda _parent, title, text, *a: told.append((title, text)))
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *a: told.append((title, text)))
    monkeypatch.setattr(ProfileDialog, "exec", lambda _dialog: int(QDialog.DialogCode.Rejected))
    assert app_module.run_app() == 0
    assert told == [("Answers kept aside",
                     f"3 answers and 1 exam end kept on {day} at {time} while another"
                     " program held the database were added to the records.")]
    assert not side.exists()
    assert side.with_name(side.name.removesuffix(".json") + ".merged.json").is_file()
    with open_database() as db:
        (result,) = db.exam_results(trainee)
    assert result.score == pytest.approx(200 / 3)  # worked by hand: 2 right of 3
    assert result.passed is True  # 66.7 % >= 50 and its one round answered in full


def test_the_sentence_is_in_the_language_in_force(
        private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    db = open_database()
    try:
        _, side = exam_kept_aside(db, monkeypatch)
        day, time = kept_on(side)
        set_language("es")
        try:
            told = app_module.side_files_at_start(db)
        finally:
            set_language("en")
        assert told == [f"Lo guardado aparte el {day} a las {time}, mientras otro programa"
                        " ocupaba la base de datos, se ha añadido a los registros:"
                        " 3 respuestas y 1 fin de examen."]
    finally:
        db.close()


def test_a_database_still_locked_keeps_the_file_for_the_next_start(
        private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    db = open_database(busy_timeout=0.2)
    other = sqlite3.connect(db.path, isolation_level=None)
    try:
        _, side = exam_kept_aside(db, monkeypatch)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        told = app_module.side_files_at_start(db)
        assert told == [f"The answers kept aside in {side} could not be added to the records"
                        " yet: another program still holds the database. The file stays"
                        " where it is and is tried again at the next start."]
        assert side.is_file()
        other.execute("COMMIT")
        (added,) = app_module.side_files_at_start(db)  # the next start
        assert added.startswith("3 answers and 1 exam end kept on ")
        assert not side.exists()
    finally:
        other.close()
        db.close()


def test_a_refused_file_is_said_and_left_where_it_is(
        private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    db = open_database()
    try:
        _, side = exam_kept_aside(db, monkeypatch)
        kept = json.loads(side.read_text("utf-8"))
        kept["writes"][2]["correct"] = True  # the wrong answer made right by hand
        side.write_text(json.dumps(kept), "utf-8")
        (told,) = app_module.side_files_at_start(db)
        assert told == (f"The answers kept aside in {side} were not added to the records:"
                        f" {side.name}: it was changed after it was written (its seal does"
                        " not match). Nothing of it was written and the file is left where"
                        " it is; tell your instructor or IT.")
        assert side.is_file()
    finally:
        db.close()
