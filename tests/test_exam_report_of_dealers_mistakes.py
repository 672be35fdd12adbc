"""An exam of dealer's mistakes says so in its report (issue 23): its facts (the report,
its PDF and the exams list's tooltip are made from them) and the report's HTML name its
exercises; an exam of rounds says nothing new."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer import reports
from trainer.exam_setup import parse_exam_setup
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import Exam

EXERCISES = ("Spot the dealer's mistake: a round settled by a dealer, its mistakes marked"
             " and corrected")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


def exam_of(db: TrainerDB, *, mistakes: bool) -> Exam:
    trainee = db.create_trainee("Ana" if mistakes else "Ben")
    config = db.create_exam_setup(parse_exam_setup(
        "Floor test" if mistakes else "Final", "5", "ny-2018", "80", "", seed="42",
        mistakes=mistakes))
    return db.finish_exam(db.start_exam(trainee, config).id)


def test_the_facts_of_an_exam_of_mistakes_name_its_exercises_first(db: TrainerDB) -> None:
    facts = reports.exam_setup_facts(exam_of(db, mistakes=True))
    assert facts[0] == ("Exercises", EXERCISES)
    assert [name for name, _ in reports.exam_setup_facts(exam_of(db, mistakes=False))] == [
        "Table letters", "Occupied seats", "Side bets", "Hands", "Payouts", "Attempts allowed"]


def test_the_exam_report_says_it_is_an_exam_of_mistakes(db: TrainerDB) -> None:
    html = reports.exam_report_html(db, exam_of(db, mistakes=True).id).replace("&#x27;", "'")
    assert f"<b>Exercises</b></td><td>{EXERCISES}</td>" in html
