"""A class list's import said in Spanish (one new trainee agreeing with its adjective),
a bad line named in Spanish, and a sign-off's evidence flags in Spanish (issue 24);
English unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.i18n import set_language
from trainer.storage import NewAnswer, StorageError, TrainerDB, open_database
from trainer.storage.classes import NewMember


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        yield database


def test_a_class_import_said_in_spanish(db: TrainerDB) -> None:
    db.create_trainee("Ana")
    spring = db.create_class("Primavera", date(2026, 3, 2))
    set_language("es")
    done = db.add_class_members(spring, [NewMember(1, "Ana", None), NewMember(2, "Bea", None)])
    assert done.text == "2 alumnos: 1 nuevo, 1 ya en el puesto."


def test_a_bad_line_of_a_class_list_named_in_spanish(db: TrainerDB) -> None:
    spring = db.create_class("Primavera", date(2026, 3, 2))
    set_language("es")
    with pytest.raises(StorageError) as refused:
        db.add_class_members(spring, [NewMember(1, "Ana", None), NewMember(2, "ana", None)])
    assert str(refused.value) == "línea 2: ana ya está en la línea 1"
    set_language("en")
    with pytest.raises(StorageError) as refused:
        db.add_class_members(spring, [NewMember(1, "Ana", None), NewMember(2, "ana", None)])
    assert str(refused.value) == "line 2: ana is on line 1 already"


def test_a_fast_payout_flagged_in_spanish(db: TrainerDB) -> None:
    config = create_exam_config(db, "Final", 1, RULES, 80)
    exam = db.start_exam(db.create_trainee("Ana", at=T0), config, at=T0)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=T0)
    for number, seconds in enumerate((0.4, 1.0, 7.0)):
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10", True, seconds), at=T0)
    db.finish_exam(exam.id, at=T0 + timedelta(seconds=600))
    set_language("es")
    [flag] = db.exam_evidence(exam.id).flags
    assert flag.text == "1 de 3 pagos respondidos en menos de 1 segundo (0.40 s)."
    assert db.exam_evidence(exam.id).sat_at.label.startswith("este puesto (")
