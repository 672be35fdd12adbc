"""The roster CSV carries what the roster screen shows about each trainee: the employee id
and the certification (certified, expiring, expired, not certified)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, answer, create_exam_config
from trainer import reports
from trainer.storage import TrainerDB, open_database

PW = "correct horse battery"
"""The instructor's password: it unlocks their signing key (issue 21)."""


def _passed_exam(db: TrainerDB, trainee: int, setup: int, minutes: int) -> int:
    """One exam round of five right answers (100%), finished a minute after it started."""
    exam = db.start_exam(trainee, setup, at=T0 + timedelta(minutes=minutes))
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3,
                               at=T0 + timedelta(minutes=minutes))
    for index in range(5):
        answer(db, round_id, question_id=f"q{index}", at=T0 + timedelta(minutes=minutes))
    return db.finish_exam(exam.id, at=T0 + timedelta(minutes=minutes + 1)).id


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """Signed on 2 March 2026: Ana (E-7) until 2027-03-02, Cy until 2026-03-20, Dee's
    revoked; Ben (no employee id) never certified."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        database.create_instructor("Pat", "correct horse battery")
        setup = create_exam_config(database, "Final", 1, RULES, 80)
        ana, _ben, cy, dee = (database.create_trainee(name, at=T0)
                             for name in ("Ana", "Ben", "Cy", "Dee"))
        database.set_employee_id(ana, "E-7")
        database.set_employee_id(dee, "E-9")
        signed = T0 + timedelta(hours=1)
        database.certify(ana, _passed_exam(database, ana, setup, 0), "Pat", password=PW,
                         expires=date(2027, 3, 2), at=signed)
        database.certify(cy, _passed_exam(database, cy, setup, 5), "Pat", password=PW,
                         expires=date(2026, 3, 20), at=signed)
        revoked = database.certify(dee, _passed_exam(database, dee, setup, 10), "Pat", password=PW,
                                   at=signed)
        database.revoke_certification(revoked.id, revoked_by="Pat", password=PW,
                                      at=signed + timedelta(minutes=5))
        yield database


def _columns(path: Path, *names: str) -> dict[str, tuple[str, ...]]:
    with path.open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    return {row["Name"]: tuple(row[name] for name in names) for row in rows}


def test_the_roster_csv_gives_each_trainees_employee_id_and_certification(
    db: TrainerDB, tmp_path: Path
) -> None:
    # 10 March 2026: Cy's last valid day (20 March) is within 30 days: expiring.
    path = reports.roster_csv(db, tmp_path / "roster.csv", now=T0 + timedelta(days=8))
    assert _columns(path, "Employee id", "Certification") == {
        "Ana": ("E-7", "certified"),
        "Ben": ("", "not certified"),
        "Cy": ("", "expiring"),
        "Dee": ("E-9", "not certified"),  # the only certification was revoked
    }


def test_the_roster_csvs_certification_is_the_standing_on_the_day_it_is_written(
    db: TrainerDB, tmp_path: Path
) -> None:
    # 2 April 2026: Cy's certificate ended on 20 March.
    path = reports.roster_csv(db, tmp_path / "roster.csv", now=T0 + timedelta(days=31))
    assert _columns(path, "Certification")["Cy"] == ("expired",)


def test_the_roster_csv_puts_the_employee_id_beside_the_name_and_the_certification_after_the_exam(
) -> None:
    header = reports.ROSTER_HEADER
    assert header[:3] == ("Name", "Employee id", "Accuracy %")
    assert header[header.index("Exam status") + 1] == "Certification"
