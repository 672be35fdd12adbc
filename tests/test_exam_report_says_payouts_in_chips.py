"""An exam's report (text facts, HTML, and the PDF printed from it) says how its payouts
were answered: a set-up that required chips says so (issue 22, item 6: exams, PDF reports);
a typed set-up says typed amounts."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from trainer import reports
from trainer.exam_setup import parse_exam_setup
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import Exam

REQUIRED = ("built in chips from the room's rack: the set-up required payouts in chips,"
            " graded by the room's chip procedure")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


def exam_of(db: TrainerDB, *, chips: bool) -> Exam:
    trainee = db.create_trainee("Ana (chips)" if chips else "Ben (typed)")
    config = db.create_exam_setup(
        parse_exam_setup("Chips final" if chips else "Typed final", "5", "ny-2018", "80", "",
                         chips=chips))
    exam = db.start_exam(trainee, config)
    return db.finish_exam(exam.id)


def test_the_facts_of_a_chips_exam_say_the_set_up_required_chips(db: TrainerDB) -> None:
    assert ("Payouts", REQUIRED) in reports.exam_setup_facts(exam_of(db, chips=True))
    assert ("Payouts", "typed amounts") in reports.exam_setup_facts(exam_of(db, chips=False))


def test_the_exam_report_says_payouts_were_built_in_chips(db: TrainerDB) -> None:
    html = reports.exam_report_html(db, exam_of(db, chips=True).id)
    assert "<b>Payouts</b></td><td>built in chips" in html
    assert "the set-up required payouts in chips" in html.replace("&#x27;", "'")


def test_a_typed_exam_report_says_typed_amounts(db: TrainerDB) -> None:
    html = reports.exam_report_html(db, exam_of(db, chips=False).id)
    assert "<b>Payouts</b></td><td>typed amounts</td>" in html
    assert "required payouts in chips" not in html


def test_the_printed_exam_report_says_it_too(qtbot: QtBot, db: TrainerDB,
                                             tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    from trainer.ui.progress.pdf import write_pdf

    path = tmp_path / "exam.pdf"
    write_pdf(reports.exam_report_html(db, exam_of(db, chips=True).id), path)
    text = " ".join(subprocess.run(["pdftotext", str(path), "-"], check=True,
                                   capture_output=True, text=True).stdout.split())
    assert "the set-up required payouts in chips" in text
