"""Reports of payouts built in chips: the CSV's amount columns filled from the chips and
the chips given in words, in the CSV and the trainee's (PDF) report (issue 22, item 6).
The answers are hand-made stored rows, as the recorder keeps them."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0
from trainer import reports
from trainer.storage import NewAnswer, TrainerDB, open_database


def _answer(db: TrainerDB, round_id: int, minute: int, question: str, skill: str,
            expected: str, given: str | None, correct: bool) -> None:
    db.record_answer(NewAnswer(round_id, question, "payout", skill, 1, "odds", expected,
                               given, correct, 3.0), at=T0 + timedelta(minutes=minute))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[tuple[TrainerDB, int]]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        ana = database.create_trainee("Ana", at=T0)
        session = database.start_session(ana, "practice", RULES, at=T0)
        played = database.record_round(session, ROUND, RULES, 3, at=T0)
        # 1. $17.50 paid as three reds and a pink: right amount, right chips.
        _answer(database, played, 1, "seat-1-odds", "odds_win", "$17.50", "3x$5 + 1x$2.50",
                True)
        _answer(database, played, 1, "seat-1-odds.chips", "chip_procedure",
                "3x$5 + 1x$2.50", "3x$5 + 1x$2.50", True)
        # 2. $30 paid as six reds where one green and one red were expected.
        _answer(database, played, 2, "seat-1-ante", "ante", "$30.00", "6x$5", True)
        _answer(database, played, 2, "seat-1-ante.chips", "chip_procedure", "1x$25 + 1x$5",
                "6x$5", False)
        # 3. $10 paid where $15 was due: a wrong amount.
        _answer(database, played, 3, "seat-1-raise", "raise", "$15.00", "2x$5", False)
        yield database, ana


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as file:
        return list(csv.DictReader(file))


def test_the_answers_csv_fills_the_amount_columns_of_chip_answers(
        db: tuple[TrainerDB, int], tmp_path: Path) -> None:
    database, ana = db
    rows = _rows(reports.trainee_answers_csv(database, ana, tmp_path / "a.csv"))
    # 3 x 5 + 2.50 = 17.50; 6 x 5 = 30; 25 + 5 = 30; 2 x 5 = 10
    assert [(row["Expected amount"], row["Given amount"]) for row in rows] == [
        ("17.50", "17.50"), ("17.50", "17.50"), ("30.00", "30.00"), ("30.00", "30.00"),
        ("15.00", "10.00")]


def test_the_answers_csv_gives_the_chips_in_words(db: tuple[TrainerDB, int],
                                                  tmp_path: Path) -> None:
    database, ana = db
    rows = _rows(reports.trainee_answers_csv(database, ana, tmp_path / "a.csv"))
    assert rows[0]["Given"] == "3 x $5 red, 1 x $2.50 pink"
    assert rows[0]["Expected"] == "$17.50"
    assert rows[3]["Expected"] == "1 x $25 green, 1 x $5 red"
    assert rows[3]["Given"] == "6 x $5 red"
    assert rows[4]["Given"] == "2 x $5 red"


def test_the_trainee_report_lists_chip_mistakes_in_words(db: tuple[TrainerDB, int]) -> None:
    database, ana = db
    html = reports.trainee_report_html(database, ana)
    assert "Mistakes (2)" in html
    assert "1 x $25 green, 1 x $5 red" in html  # expected, the chip procedure's row
    assert "6 x $5 red" in html
    assert "2 x $5 red" in html  # the wrong amount
    assert "6x$5" not in html


def test_a_chip_drill_of_the_course_is_named_in_the_answers_csv(
        db: tuple[TrainerDB, int], tmp_path: Path) -> None:
    database, ana = db
    database.record_course_answer(ana, "scenario", "chips-break-down", False, 6.5,
                                  scenario="chips-break-down", at=T0 + timedelta(minutes=9))
    rows = _rows(reports.trainee_answers_csv(database, ana, tmp_path / "a.csv"))
    assert rows[-1]["Question"] == "Chip drill: Break down twenty into fives or fours"
    assert rows[-1]["Skill"] == "Chip drill (cut and size)"
    assert rows[-1]["Correct"] == "no"
