"""CSV and HTML reports for HR and gaming-compliance files (no Qt involved)."""

from __future__ import annotations

import csv
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.storage.storage_support import create_exam_config, find_trainee
from trainer import reports
from trainer.engine.generator import generate_round
from trainer.engine.round import round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.skills import Skill
from trainer.storage import NewAnswer, StorageError, TrainerDB, open_database
from trainer.training.mastery import UnsavedAnswer

RULES = "ny-2018"
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def dealt(seed: int) -> dict[str, Any]:
    return round_to_json(generate_round(random.Random(seed), load_ruleset(RULES)))


def give(
    db: TrainerDB, round_id: int, minute: float, *, skill: str = "ante", correct: bool = True,
    expected: str = "10.00", given: str | None = "10.00", seconds: float = 4.0,
) -> None:
    db.record_answer(NewAnswer(
        round_id, f"seat-1-{skill}", "payout", skill, 1, "ante", expected,
        given, correct, seconds), at=at(minute),
    )


def play(db: TrainerDB, trainee: int, minute: float) -> int:
    session = db.start_session(trainee, "practice", RULES, at=at(minute))
    return db.record_round(session, dealt(int(minute)), RULES, 1, at=at(minute))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """Chloé (3 of 4 right), a trainee with markup in her name, and an exam."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        chloe = database.create_trainee("Chloé", at=at(0))
        first = play(database, chloe, 1)
        give(database, first, 2, skill="ante", correct=True)
        give(database, first, 3, skill="bad_beat", correct=False, expected="50.00",
             given="=HYPERLINK(\"x\")")
        second = play(database, chloe, 5)
        give(database, second, 6, skill="ante", correct=True, seconds=2.5)
        give(database, second, 7, skill="trips_plus", correct=True, expected="-5.00",
             given="-5.00")
        mallory = database.create_trainee("<b>Mallory</b> & co", at=at(0))
        give(database, play(database, mallory, 8), 9, correct=False, given=None)
        config = create_exam_config(database, "Final", 1, RULES, 50, 1800)
        exam = database.start_exam(chloe, config, at=at(20))
        exam_round = database.record_round(exam.session_id or 0, dealt(99), RULES, 1, at=at(20))
        give(database, exam_round, 21, skill="raise", correct=True)
        give(database, exam_round, 22, skill="raise", correct=False, expected="30.00",
             given="20.00")
        database.finish_exam(exam.id, at=at(25))
        yield database


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as file:
        return list(csv.reader(file))


def trainee(db: TrainerDB, name: str) -> int:
    found = find_trainee(db, name)
    assert found is not None
    return found.id


def test_roster_csv_has_a_header_and_one_plain_text_row_per_trainee(
    db: TrainerDB, tmp_path: Path
) -> None:
    path = reports.roster_csv(db, tmp_path / "roster.csv")
    assert path.read_bytes().startswith(b"\xef\xbb\xbfName,")  # UTF-8 with a BOM for Excel
    rows = read_csv(path)
    assert rows[0] == list(reports.ROSTER_HEADER)
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Chloé", "<b>Mallory</b> & co"}
    # Chloé: 4 practice answers and 2 in the exam, 4 correct, over 3 rounds.
    # Column 1 is the employee id (none here).
    assert by_name["Chloé"][1:6] == ["", "66.7", "6", "7.5", "3"]  # (8 + 6.5 + 8) s / 3
    assert by_name["Chloé"][7] == "passed"
    assert by_name["<b>Mallory</b> & co"][1:6] == ["", "0.0", "1", "4.0", "1"]
    assert by_name["<b>Mallory</b> & co"][7] == "no exam"


def test_answers_csv_lists_every_answer_oldest_first_and_defuses_formulas(
    db: TrainerDB, tmp_path: Path
) -> None:
    rows = read_csv(reports.trainee_answers_csv(db, trainee(db, "Chloé"), tmp_path / "a.csv"))
    assert rows[0] == list(reports.ANSWERS_HEADER)
    body = rows[1:]
    assert len(body) == 6
    header = reports.ANSWERS_HEADER
    column = {name: header.index(name) for name in header}
    assert [row[column["Skill"]] for row in body] == [
        "Settling the ante",
        "Paying a bad beat",
        "Settling the ante",
        "Settling Trips Plus",
        "Settling the raise",
        "Settling the raise",
    ]
    assert [row[column["Correct"]] for row in body] == ["yes", "no", "yes", "yes", "yes", "no"]
    assert body[1][column["Given"]] == "'=HYPERLINK(\"x\")"  # not run by a spreadsheet
    assert body[3][column["Expected"]] == "-5.00"  # a number stays a number
    assert body[2][column["Seconds"]] == "2.50"
    assert body[0][column["Question"]] == "Seat 1 Ante: pay, push or take"


def test_answers_csv_leaves_an_unanswered_question_empty(db: TrainerDB, tmp_path: Path) -> None:
    rows = read_csv(
        reports.trainee_answers_csv(db, trainee(db, "<b>Mallory</b> & co"), tmp_path / "m.csv")
    )
    assert rows[1][reports.ANSWERS_HEADER.index("Given")] == ""
    assert rows[1][reports.ANSWERS_HEADER.index("Correct")] == "no"


def test_answers_csv_of_an_unknown_trainee_is_refused(db: TrainerDB, tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no trainee 999"):
        reports.trainee_answers_csv(db, 999, tmp_path / "x.csv")
    assert not (tmp_path / "x.csv").exists()


def test_trainee_report_names_the_trainee_rule_set_skills_exams_and_mistakes(
    db: TrainerDB,
) -> None:
    html = reports.trainee_report_html(db, trainee(db, "Chloé"))
    assert "<h1>Trainee report: Chloé</h1>" in html
    assert "New York 2018 (ny-2018, version" in html
    for label in ("Settling the ante", "Paying a bad beat", "Settling Trips Plus"):
        assert label in html
    assert "66.7%" in html  # overall accuracy
    assert "PASS" in html  # 1 of 2 exam answers right: 50%, the pass mark
    assert "Mistakes (2)" in html
    assert "&quot;x&quot;" in html  # the typed answer, escaped
    assert "2026-03-02" in html


def test_exam_report_gives_score_pass_mark_and_only_that_exams_answers(db: TrainerDB) -> None:
    exam = db.exam_results(trainee(db, "Chloé"))[0]
    html = reports.exam_report_html(db, exam.id)
    assert "Exam report: Chloé" in html
    assert "PASS" in html and "pass mark 50%" in html
    assert "score 50.0%" in html
    assert "2, of which 1 correct" in html
    assert "Settling the raise" in html
    assert "Paying a bad beat" not in html  # a practice mistake is not part of the exam
    assert "30 min" in html and "5 min 00 s" in html
    assert "#1 \u2014 Final" in html


def test_reports_escape_every_name(db: TrainerDB) -> None:
    html = reports.trainee_report_html(db, trainee(db, "<b>Mallory</b> & co"))
    assert "<b>Mallory</b>" not in html
    assert "&lt;b&gt;Mallory&lt;/b&gt; &amp; co" in html
    assert "(no answer)" in html


def test_exam_report_of_an_unknown_exam_is_refused(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="no exam 42"):
        reports.exam_report_html(db, 42)


@dataclass(frozen=True)
class FakeLesson:
    id: str
    skills: tuple[Skill, ...]
    target_seconds: float


def test_the_skills_csv_gives_every_skill_its_figures_mastery_and_target_verdict(
    db: TrainerDB, tmp_path: Path
) -> None:
    chloe = trainee(db, "Chloé")
    for minute in range(30, 40):  # ten right Trips Plus answers of 6 s: 16 s target, mastered
        give(db, play(db, chloe, minute), minute + 0.5, skill="trips_plus", seconds=6.0)
    lessons = [FakeLesson("one", (Skill.TRIPS_PLUS, Skill.RAISE), 16.0)]
    path = reports.trainee_skills_csv(db, chloe, tmp_path / "s.csv", lessons)
    rows = read_csv(path)
    assert rows[0] == list(reports.SKILLS_HEADER)
    assert {tuple(row[:2]) for row in rows[1:]} == {("Chloé", "")}  # her name on every row
    by_skill = {row[2]: row[3:] for row in rows[1:]}
    assert len(by_skill) == len(Skill)  # every skill, practised or not
    # Answers, Correct, Accuracy %, Mean seconds, score, level, recent, target s, met
    # Trips Plus: 11 right (4 s once, 6 s ten times): median 6 s <= 16 s, score 100.
    assert by_skill["Settling Trips Plus"] == [
        "11", "11", "100.0", "5.82", "100", "mastered", "11", "16", "yes"]
    # Ante: 2 right (4 s, 2.5 s): score 100 but 2 answers of the 10 needed; no lesson: 10 s.
    assert by_skill["Settling the ante"] == [
        "2", "2", "100.0", "3.25", "100", "proficient", "2", "10", "no"]
    # Raise (in the exam): 1 of 2 right, median 4 s on time: 100 x 1/2 = 50.
    assert by_skill["Settling the raise"] == [
        "2", "1", "50.0", "4.00", "50", "practising", "2", "16", "no"]
    assert by_skill["Paying a bad beat"][4:] == ["0", "learning", "1", "10", "no"]
    assert by_skill["Dealer qualification"] == [
        "0", "0", "", "", "", "not started", "0", "10", "no"]


def test_the_skills_csv_of_an_unknown_trainee_is_refused(db: TrainerDB, tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="no trainee 999"):
        reports.trainee_skills_csv(db, 999, tmp_path / "x.csv")
    assert not (tmp_path / "x.csv").exists()


def test_the_verdict_says_what_a_skill_still_lacks_and_the_figures_behind_it() -> None:
    from trainer.training.mastery import mastery

    when = [at(n) for n in range(12)]
    nine = [UnsavedAnswer(Skill.ANTE, True, 3.0, moment) for moment in when[:9]]
    assert reports.verdict_text(mastery(nine, 6)) == (
        "Not yet: 9 of the 10 answers needed. Over the last 9 answers: 100% correct,"
        " median 3.0 s against a target of 6 s.")
    slow = [UnsavedAnswer(Skill.ANTE, True, 12.0, moment) for moment in when]
    # speed 6 / 12: 100 x (0.8 + 0.1) = 90
    assert reports.verdict_text(mastery(slow, 6)) == (
        "Not yet: a score of 90 (needs 95). Over the last 12 answers: 100% correct,"
        " median 12.0 s against a target of 6 s.")
    fast = [UnsavedAnswer(Skill.ANTE, True, 5.0, moment) for moment in when]
    assert reports.verdict_text(mastery(fast, 6)).startswith("Met: a score of 100.")
    assert reports.verdict_text(mastery([], 6)) == "Not practised yet."


def test_the_target_in_words_gives_the_numbers_mastery_uses() -> None:
    assert reports.target_text() == (
        "Target: mastered \u2014 a score of 95 of 100 over the last 20 answers on the skill"
        " (at least 10), with speed counted against the skill's target time.")


def test_reports_do_not_import_qt() -> None:
    code = (
        "import sys, trainer.reports\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])


def test_answers_csv_includes_the_courses_rulings_and_drill_rounds_in_time_order(
    db: TrainerDB, tmp_path: Path
) -> None:
    chloe = trainee(db, "Chloé")
    db.record_course_answer(chloe, "ruling", "exposed-card", False, 9.5,
                            lesson="irregularities", at=at(200))
    db.record_course_answer(chloe, "scenario", "bad-beat", True, 41.0,
                            scenario="bad-beat", at=at(0))
    rows = read_csv(reports.trainee_answers_csv(db, chloe, tmp_path / "c.csv"))[1:]
    header = reports.ANSWERS_HEADER
    column = {name: header.index(name) for name in header}
    assert len(rows) == 6 + 2
    first, last = rows[0], rows[-1]
    assert first[column["Question id"]] == "scenario:bad-beat"
    assert first[column["Question"]] == "Drill round: bad-beat"
    assert (first[column["Correct"]], first[column["Seconds"]]) == ("yes", "41.00")
    assert last[column["Question id"]] == "ruling:exposed-card"
    assert last[column["Skill"]] == "Rulings"
    assert (last[column["Correct"]], last[column["Round"]], last[column["Given"]]) == ("no", "", "")
