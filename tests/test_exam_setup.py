"""One exam set-up, one set of limits: the instructor's dialog, the site file, a
station's settings file and storage all accept the same exams and refuse the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.storage_support import create_exam_config
from trainer.exam_setup import MAX_EXAM_ROUNDS, ExamSetup, parse_exam_setup
from trainer.preferences import read_settings
from trainer.site_config import load_site_config
from trainer.storage import StorageError, TrainerDB, open_database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


def _site_exam(tmp_path: Path, exam: str) -> str:
    path = tmp_path / "site.toml"
    path.write_text(f"[exam]\n{exam}\n", "utf-8")
    return load_site_config(path).report


def test_every_writer_of_an_exam_takes_the_longest_exam_and_refuses_one_round_more(
    tmp_path: Path, db: TrainerDB
) -> None:
    longest, longer = MAX_EXAM_ROUNDS, MAX_EXAM_ROUNDS + 1
    typed = parse_exam_setup("Final", str(longest), "ny-2018", "80", "")
    assert typed.rounds == longest
    with pytest.raises(ValueError, match=r"^Number of rounds: "):
        parse_exam_setup("Final", str(longer), "ny-2018", "80", "")

    assert "NOT used" not in _site_exam(tmp_path, f"rounds = {longest}\npass_mark = 80")
    assert "exam.rounds" in _site_exam(tmp_path, f"rounds = {longer}\npass_mark = 80")

    assert read_settings({"exam_rounds": longest})[1] == []
    assert read_settings({"exam_rounds": longer})[1][0].startswith("exam_rounds: ")

    assert create_exam_config(db, "Longest", longest, "ny-2018", 80)
    with pytest.raises(StorageError, match=r"^rounds: "):
        create_exam_config(db, "Longer", longer, "ny-2018", 80)


def test_a_site_exam_of_22_and_a_half_minutes_is_held_to_1350_seconds(tmp_path: Path) -> None:
    path = tmp_path / "site.toml"
    path.write_text("[exam]\nrounds = 20\npass_mark = 90\ntime_limit_minutes = 22.5\n", "utf-8")
    exam = load_site_config(path).exam
    assert exam == ExamSetup("Training room exam", 20, 90.0, 1350, "ny-2018")
    assert exam.figures == "20 rounds, pass 90%, 22.5 min"


def test_a_typed_set_up_of_45_minutes_is_2700_seconds_under_the_chosen_rule_set() -> None:
    setup = parse_exam_setup(" Certification ", "25", "standard", "92.5 %", "45")
    assert setup == ExamSetup("Certification", 25, 92.5, 2700, "standard").complete()


@pytest.mark.parametrize(("rounds", "minutes", "field"), [
    ("9" * 5000, "", "Number of rounds: "),
    ("10", "9" * 5000, "Time limit: "),
    ("10", "30.5", "Time limit: "),
])
def test_a_typed_number_too_long_or_not_whole_is_refused_by_its_field(
    rounds: str, minutes: str, field: str
) -> None:
    with pytest.raises(ValueError, match=f"^{field}"):
        parse_exam_setup("Final", rounds, "ny-2018", "80", minutes)


def test_storage_refuses_a_time_limit_longer_than_a_person_may_set(db: TrainerDB) -> None:
    ten_hours = 600 * 60
    assert create_exam_config(db, "Ten hours", 10, "ny-2018", 80, ten_hours)
    with pytest.raises(StorageError, match=r"^time_limit_seconds: "):
        create_exam_config(db, "Longer", 10, "ny-2018", 80, ten_hours + 1)
