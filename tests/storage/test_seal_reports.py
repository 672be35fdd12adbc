"""Every report states what the seals say: an exam edited with SQLite prints ALTERED (not
PASS), the exam report carries its verification code, the answers CSV each answer's Record."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

from storage_support import ROUND, RULES, answer, at, create_exam_config

from trainer import reports
from trainer.reports.csv import CSV_ENCODING
from trainer.storage import TrainerDB


def _failed_exam(db: TrainerDB) -> tuple[int, int]:
    """Ana's exam: 1 answer of 2 right, pass mark 75: FAIL."""
    ana = db.create_trainee("Ana")
    exam = db.start_exam(ana, create_exam_config(db, "Final", 1, RULES, 75.0), at=at(0))
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(0))
    answer(db, round_id, question_id="q1", correct=True, at=at(1))
    answer(db, round_id, question_id="q2", correct=False, given="5.00", at=at(2))
    db.finish_exam(exam.id, at=at(3))
    return ana, exam.id


def _sql(db: TrainerDB, statement: str) -> None:
    conn = sqlite3.connect(db.path, isolation_level=None)
    conn.execute(statement)
    conn.close()


def test_the_exam_report_prints_its_verification_code_and_as_recorded(db: TrainerDB) -> None:
    ana, exam_id = _failed_exam(db)
    [exam] = db.exam_results(ana)
    html = reports.exam_report_html(db, exam_id)
    assert exam.verification_code is not None and exam.verification_code in html
    assert "As recorded" in html and "FAIL" in html and "ALTERED" not in html


def test_an_exam_passed_with_sqlite_prints_altered_in_its_report_not_pass(db: TrainerDB) -> None:
    ana, exam_id = _failed_exam(db)
    _sql(db, "UPDATE exams SET score = 96, passed = 1")
    html = reports.exam_report_html(db, exam_id)
    assert "ALTERED" in html and ">PASS<" not in html
    trainee_html = reports.trainee_report_html(db, ana, lessons=[])
    assert "ALTERED" in trainee_html and "exam #1" in trainee_html


def test_an_exam_whose_answer_was_made_right_prints_altered(db: TrainerDB) -> None:
    _, exam_id = _failed_exam(db)
    _sql(db, "UPDATE answers SET correct = 1 WHERE question_id = 'q2'")
    assert "ALTERED" in reports.exam_report_html(db, exam_id)


def test_the_answers_csv_says_which_answer_was_altered(db: TrainerDB, tmp_path: Path) -> None:
    ana, _ = _failed_exam(db)
    _sql(db, "UPDATE answers SET correct = 1 WHERE question_id = 'q2'")
    path = reports.trainee_answers_csv(db, ana, tmp_path / "answers.csv")
    with open(path, encoding=CSV_ENCODING, newline="") as file:
        header, *rows = list(csv.reader(file))
    record = header.index("Record")
    question = header.index("Question id")
    assert {row[question]: row[record] for row in rows} == {
        "q1": "as recorded", "q2": "ALTERED"}


def test_the_roster_csv_shows_an_altered_exam_status(db: TrainerDB, tmp_path: Path) -> None:
    _failed_exam(db)
    _sql(db, "UPDATE exams SET score = 96, passed = 1")
    path = reports.roster_csv(db, tmp_path / "roster.csv", lessons=[])
    with open(path, encoding=CSV_ENCODING, newline="") as file:
        header, row = list(csv.reader(file))
    assert row[header.index("Exam status")] == "ALTERED"
