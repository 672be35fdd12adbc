"""The printed reports as an office files them: written to PDF, rendered by poppler
(pdftotext per page, pdftoppm to PNG) and read back page by page."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage, QPageSize
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer import reports
from trainer.reports import html as html_report
from trainer.reports.html import LINE_CHARACTERS, column_widths
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.pdf import FOOTER_MM, write_pdf

NAME = "Ana Lopez-Fitzgerald"
MISTAKES = 60
"""Wrong answers given; the report prints the latest 50 (numbers 10 to 59)."""


def _poppler() -> None:
    missing = [tool for tool in ("pdftotext", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        message = (f"the PDF page tests need {', '.join(missing)} (poppler-utils): run"
                   " packaging/linux/install-test-deps.sh (make test does, as root)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _pages(pdf: Path) -> list[str]:
    """The text of each page (poppler's reading, laid out as printed; ligatures such as
    "ﬁ" read as their letters)."""
    count = len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))
    return [
        unicodedata.normalize("NFKC", subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"],
            check=True, capture_output=True, text=True).stdout)
        for n in range(1, count + 1)
    ]


def _given(number: int) -> str:
    """A given answer of 0 to 36 words between two markers, so rows take 1 to 8 lines."""
    return f"start{number} " + "blah " * (number % 7 * 6) + f"end{number}"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "trainer.sqlite3")
    yield database
    database.close()


@pytest.fixture
def ana(db: TrainerDB) -> int:
    """60 wrong answers (one round each, a minute apart) and a passed exam."""
    trainee = db.create_trainee(NAME)
    db.set_employee_id(trainee, "E-4471")
    for number in range(MISTAKES):
        when = T0 + timedelta(minutes=number)
        session = db.start_session(trainee, "practice", RULES, at=when)
        round_id = db.record_round(session, ROUND, RULES, 3, at=when)
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "10.00", _given(number), False, 3.0), at=when)
    setup = create_exam_config(db, "Audition", 1, RULES, 80)
    when = T0 + timedelta(hours=2)
    exam = db.start_exam(trainee, setup, at=when)
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=when)
    for number in range(5):  # all right: the mistakes stay the sixty above
        db.record_answer(NewAnswer(round_id, f"e{number}", "payout", "ante", 1, "ante",
                                   "10.00", "10.00", True, 2.0), at=when)
    assert db.finish_exam(exam.id, at=when + timedelta(minutes=5)).passed
    return trainee


@pytest.fixture
def report(qtbot: QtBot, db: TrainerDB, ana: int, tmp_path: Path) -> Path:
    _poppler()
    path = tmp_path / "report.pdf"
    html = reports.trainee_report_html(db, ana, room="Pit 3 training room")
    write_pdf(html, path, page_size=QPageSize.PageSizeId.A4)
    return path


def test_no_table_row_is_split_across_two_pages(report: Path) -> None:
    pages = _pages(report)
    assert len(pages) >= 3
    for number in range(MISTAKES - 50, MISTAKES):
        starts = [n for n, text in enumerate(pages) if re.search(rf"\bstart{number}\b", text)]
        ends = [n for n, text in enumerate(pages) if re.search(rf"\bend{number}\b", text)]
        assert len(starts) == 1, f"row {number} starts on pages {starts}"
        assert starts == ends, f"row {number} starts on page {starts} and ends on {ends}"
    for number in range(MISTAKES - 50):  # older than the latest 50: not printed
        assert not any(re.search(rf"\bstart{number}\b", text) for text in pages)


def test_every_page_names_the_trainee_and_says_page_x_of_y(report: Path) -> None:
    pages = _pages(report)
    for number, text in enumerate(pages, start=1):
        assert NAME in text, f"page {number}"
        assert f"page {number} of {len(pages)}" in text


def test_a_table_that_goes_on_over_a_page_starts_with_its_header_again(report: Path) -> None:
    pages = _pages(report)
    continued = [text for text in pages[1:] if "start" in text]
    assert continued
    for text in continued:
        first = next(line for line in text.splitlines() if line.strip())
        assert first.split() == ["When", "Skill", "Question", "Expected", "Given"]


def test_the_last_page_is_not_blank(report: Path, tmp_path: Path) -> None:
    pages = _pages(report)
    assert "Sign-off" in pages[-1]
    prefix = tmp_path / "page"
    last = len(pages)
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", str(last), "-l", str(last),
                    str(report), str(prefix)], check=True)
    (png,) = tmp_path.glob("page*.png")
    image = QImage(str(png))
    assert not image.isNull()
    footer_rows = round(image.height() * FOOTER_MM / 297)  # A4 is 297 mm high
    inked = [
        y for y in range(image.height() - footer_rows)
        if any(image.pixelColor(x, y).lightness() < 160 for x in range(0, image.width(), 2))
    ]
    assert inked, "the last page holds nothing above its footer"


def test_column_titles_and_dates_are_never_broken_inside_a_word(report: Path) -> None:
    text = "\n".join(_pages(report))
    for title in ("Expected", "Given", "Question", "Accuracy", "Mean seconds", "Target met",
                  "Started", "Finished", "Pass mark", "Mistakes"):
        assert re.search(rf"(?<!\S){title}(?!\S)", text), title
    assert not re.search(r"Expecte(?!d)", text)
    dates = re.findall(r"(?<!\S)\d{4}-\d{2}-\d{2}(?!\S)", text)
    assert len(dates) >= 50  # every printed mistake's date whole
    assert not re.search(r"(?<!\S)\d{4}-\d{2}-\d?(?=\s)", text)


def test_the_sign_off_has_the_trainees_line_beside_the_instructors(report: Path) -> None:
    last = _pages(report)[-1]
    (titles,) = [line for line in last.splitlines() if "Trainee" in line and "Instructor" in line]
    assert titles.index("Trainee") < titles.index("Instructor")
    signatures = [line for line in last.splitlines() if line.count("Signature:") == 2]
    assert len(signatures) == 1
    assert f"Name: {NAME}" in last


def test_the_report_names_the_employee_id_and_the_room(report: Path) -> None:
    first = _pages(report)[0]
    assert re.search(r"Employee id\s+E-4471", first)
    assert re.search(r"Training room\s+Pit 3 training room", first)


def test_a_one_page_report_is_one_page(qtbot: QtBot, db: TrainerDB, tmp_path: Path) -> None:
    _poppler()
    ben = db.create_trainee("Ben")
    path = tmp_path / "ben.pdf"
    pages = write_pdf(reports.trainee_report_html(db, ben), path,
                      page_size=QPageSize.PageSizeId.Letter)
    assert pages == 1
    (text,) = _pages(path)
    assert "page 1 of 1" in text and "Ben" in text


def test_the_exam_report_names_the_trainee_on_every_page(
    qtbot: QtBot, db: TrainerDB, ana: int, tmp_path: Path
) -> None:
    _poppler()
    (exam,) = db.exam_results(ana)
    path = tmp_path / "exam.pdf"
    write_pdf(reports.exam_report_html(db, exam.id, room="Pit 3 training room"), path)
    pages = _pages(path)
    for number, text in enumerate(pages, start=1):
        assert f"Exam report: {NAME}" in text and f"page {number} of {len(pages)}" in text
    assert re.search(r"Training room\s+Pit 3 training room", pages[0])


@settings(max_examples=60, deadline=None)
@given(st.lists(
    st.tuples(st.text("abcdefgh ", min_size=1, max_size=12).filter(str.strip),
              st.lists(st.text("abcdefgh -", max_size=30), min_size=1, max_size=3)),
    min_size=1, max_size=6,
))
def test_each_column_gets_room_for_its_longest_word_when_the_words_fit(
    columns: list[tuple[str, list[str]]],
) -> None:
    header = [title for title, _ in columns]
    rows = [[cells[n % len(cells)] for _, cells in columns] for n in range(3)]
    least = [max([len(title) + 1, *(len(word) + 1 for row in rows for word in row[i].split())])
             for i, title in enumerate(header)]
    if sum(least) > LINE_CHARACTERS:
        return  # too many long words for a line: nothing can keep them all whole
    shares = column_widths(header, rows)
    assert sum(shares) == 100
    for share, need in zip(shares, least, strict=True):
        assert share * LINE_CHARACTERS / 100 >= need - 1  # a percent's rounding at most


@pytest.mark.parametrize("code", ["E-WWWW-MMMM-WWWW", "E-1111-1111-1111"])
def test_the_exam_reports_verification_code_is_printed_whole_on_one_line(
    qtbot: QtBot, db: TrainerDB, ana: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    code: str,
) -> None:
    """The widest and the narrowest code, after a record line short (as recorded) and
    long (ALTERED): the code is never broken at a hyphen, on A4 or Letter."""
    _poppler()
    (exam,) = db.exam_results(ana)
    assert exam.verification_code is not None
    found = html_report.find_exam
    monkeypatch.setattr(html_report, "find_exam",
                        lambda *args: replace(found(*args), verification_code=code))
    path = tmp_path / "exam.pdf"
    for altered in (False, True):
        if altered:
            with sqlite3.connect(db.path) as conn:
                conn.execute("UPDATE exams SET score = 99")
        for size in (QPageSize.PageSizeId.A4, QPageSize.PageSizeId.Letter):
            write_pdf(reports.exam_report_html(db, exam.id, room="Pit 3 training room"), path,
                      page_size=size)
            text = "\n".join(_pages(path))
            assert ("ALTERED" in text) is altered
            assert re.search(rf"Verification code\s+{code}\n", text), (altered, size)
