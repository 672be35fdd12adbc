"""The CSV files an office files: the trainee's name on every row, the mode, amounts as
numbers beside their text, and times in ISO 8601 with the zone."""

from __future__ import annotations

import csv
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config, find_trainee
from trainer import reports
from trainer.reports.csv import amount_paid
from trainer.skills import QuestionKind
from trainer.storage import NewAnswer, TrainerDB, open_database


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is New York's: on 2 March 2026 that is UTC-5 (summer time starts 8 March)."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _answer(db: TrainerDB, round_id: int, minute: int, kind: str, skill: str, expected: str,
            given: str | None, correct: bool) -> None:
    db.record_answer(NewAnswer(round_id, f"q{minute}", kind, skill, 1, "ante", expected, given,
                               correct, 2.5), at=T0 + timedelta(minutes=minute))


def _round(db: TrainerDB, session: int, minute: int) -> int:
    return db.record_round(session, ROUND, RULES, 3, at=T0 + timedelta(minutes=minute))


@pytest.fixture
def db(tmp_path: Path, new_york: None) -> Iterator[TrainerDB]:
    """Ana (employee E-7): five practice answers, one in speed mode, one in an exam and
    a ruling in the course."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        ana = database.create_trainee("Ana", at=T0)
        database.set_employee_id(ana, " E-7 ")
        practice = _round(database, database.start_session(ana, "practice", RULES, at=T0), 0)
        _answer(database, practice, 1, "payout", "ante", "$15.00", "15", True)
        _answer(database, practice, 2, "payout", "raise", "take $10.00", "t", True)
        _answer(database, practice, 3, "payout", "trips_plus", "push", "20", False)
        _answer(database, practice, 4, "capped_total", "cap", "$3,000.00", "3,000", True)
        _answer(database, practice, 5, "qualifies", "qualification", "yes", "no", False)
        speed = _round(database, database.start_session(ana, "speed", RULES, at=T0), 6)
        _answer(database, speed, 7, "payout", "ante", "$10.00", None, False)
        config = create_exam_config(database, "Final", 1, RULES, 50)
        exam = database.start_exam(ana, config, at=T0 + timedelta(minutes=8))
        _answer(database, _round(database, exam.session_id or 0, 8), 9, "payout", "ante",
                "$10.00", "10", True)
        database.record_course_answer(ana, "ruling", "misdeal-1", True, 12.0, lesson="09-rulings",
                                      at=T0 + timedelta(minutes=10))
        yield database


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as file:
        return list(csv.DictReader(file))


def _ana(db: TrainerDB) -> int:
    found = find_trainee(db, "Ana")
    assert found is not None
    return found.id


def test_every_answer_row_names_the_trainee_and_their_employee_id(
    db: TrainerDB, tmp_path: Path
) -> None:
    rows = _rows(reports.trainee_answers_csv(db, _ana(db), tmp_path / "a.csv"))
    assert len(rows) == 8
    assert {(row["Trainee"], row["Employee id"]) for row in rows} == {("Ana", "E-7")}


def test_each_answer_says_its_mode(db: TrainerDB, tmp_path: Path) -> None:
    rows = _rows(reports.trainee_answers_csv(db, _ana(db), tmp_path / "a.csv"))
    assert [row["Mode"] for row in rows] == ["practice"] * 5 + ["speed", "exam", "course"]


def test_times_are_iso_8601_with_the_zone(db: TrainerDB, tmp_path: Path) -> None:
    rows = _rows(reports.trainee_answers_csv(db, _ana(db), tmp_path / "a.csv"))
    # 15:01 UTC is 10:01 in New York (UTC-5) on 2 March 2026.
    assert rows[0]["Answered at"] == "2026-03-02T10:01:00-05:00"
    assert rows[-1]["Answered at"] == "2026-03-02T10:10:00-05:00"
    for row in rows:
        assert datetime.fromisoformat(row["Answered at"]).utcoffset() == timedelta(hours=-5)


def test_amounts_are_numbers_beside_their_text(db: TrainerDB, tmp_path: Path) -> None:
    rows = _rows(reports.trainee_answers_csv(db, _ana(db), tmp_path / "a.csv"))
    pairs = [(row["Expected"], row["Expected amount"], row["Given"], row["Given amount"])
             for row in rows]
    assert pairs == [
        ("$15.00", "15.00", "15", "15.00"),
        ("take $10.00", "0.00", "t", "0.00"),  # a take pays the player nothing
        ("push", "0.00", "20", "20.00"),
        ("$3,000.00", "3000.00", "3,000", "3000.00"),  # no thousands separator
        ("yes", "", "no", ""),  # not a question about money
        ("$10.00", "10.00", "", ""),  # no answer given in time
        ("$10.00", "10.00", "10", "10.00"),
        ("", "", "", ""),  # a ruling: storage keeps no choice
    ]


@pytest.mark.parametrize(
    ("text", "amount"),
    [("$7.50", "7.50"), ("7.5", "7.50"), ("p", "0.00"), ("take", "0.00"), ("lose", "0.00"),
     ("0", "0.00"), ("seven", ""), ("-5", ""), ("", "")],
)
def test_a_payout_typed_any_way_reads_as_the_amount_paid(text: str, amount: str) -> None:
    assert amount_paid(QuestionKind.PAYOUT, text) == amount


def test_the_skills_file_names_the_trainee_on_every_row(db: TrainerDB, tmp_path: Path) -> None:
    rows = _rows(reports.trainee_skills_csv(db, _ana(db), tmp_path / "s.csv"))
    assert rows and {(row["Trainee"], row["Employee id"]) for row in rows} == {("Ana", "E-7")}


def test_the_roster_gives_last_active_in_iso_8601_with_the_zone(
    db: TrainerDB, tmp_path: Path
) -> None:
    (row,) = _rows(reports.roster_csv(db, tmp_path / "r.csv"))
    assert row["Name"] == "Ana"
    assert row["Last active"] == "2026-03-02T10:10:00-05:00"  # the ruling, 15:10 UTC
