"""Every name the trainer stores is plain text (issue 14): a class, an exam set-up, the
site's instructor, who assigned work and who signed a certificate are held to the same
rule as a trainee's name, so no right-to-left override or control character makes a
record read otherwise in a report."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from trainer.exam_setup import ExamSetup
from trainer.storage import StorageError, TrainerDB, open_database
from trainer.storage.passwords import hash_password

RTL_OVERRIDE = "Ana\u202eolleH"
ESCAPE = "Ana\x1b[31m"


@pytest.fixture
def db(tmp_path: Path) -> TrainerDB:
    database = open_database(tmp_path / "trainer.db")
    yield database
    database.close()


@pytest.mark.parametrize("bad", [RTL_OVERRIDE, ESCAPE])
def test_a_class_name_with_a_control_character_is_refused(db: TrainerDB, bad: str) -> None:
    with pytest.raises(StorageError, match="name: contains the control character"):
        db.create_class(bad, date(2026, 11, 2))


@pytest.mark.parametrize("bad", [RTL_OVERRIDE, ESCAPE])
def test_an_exam_set_up_name_with_a_control_character_is_refused(db: TrainerDB,
                                                                bad: str) -> None:
    with pytest.raises(StorageError, match="name: contains the control character"):
        db.create_exam_setup(ExamSetup(bad, rounds=10, pass_mark=90.0))


def test_the_site_instructor_name_with_a_control_character_is_refused(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="name: contains the control character"):
        db.ensure_site_instructor(RTL_OVERRIDE, hash_password("a good password"))


def test_who_assigned_work_is_a_plain_name(db: TrainerDB) -> None:
    class_id = db.create_class("Morning class", date(2026, 11, 2))
    with pytest.raises(StorageError, match="assigned_by: contains the control character"):
        db.assign("lesson", "odds", assigned_by=ESCAPE, class_id=class_id)
