"""Storage's refusals in the trainee's language (issue 24): an exam refused for its
attempts or its wait, a PIN refused, a name refused, each in Spanish with its figures
filled; the field a refusal names stays the code's name in every language, so callers
read it (and the reason apart) from the error, never by splitting the text; English is
unchanged."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from storage_support import at

from trainer.exam_setup import ExamSetup
from trainer.i18n import set_language
from trainer.storage import StorageError, TrainerDB
from trainer.storage.passwords import hash_weakness, trainee_secret_problem


def _local(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def test_a_third_attempt_refused_in_spanish(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(ExamSetup("Dos intentos", 5, 80.0, max_attempts=2))
    db.start_exam(ana, config_id, at=at(0))
    db.start_exam(ana, config_id, at=at(5))
    set_language("es")
    refusal = db.exam_refusal(ana, config_id, at=at(10))
    assert str(refusal) == (
        "El examen \u201cDos intentos\u201d permite 2 intentos, y ya se han hecho los 2: no se"
        " permite ningún intento más. Pregunte a su instructor.")


def test_the_wait_between_attempts_in_spanish_one_hour(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(ExamSetup("Diario", 1, 80.0, wait_hours=1))
    exam = db.start_exam(ana, config_id, at=at(0))
    db.finish_exam(exam.id, at=at(10))
    set_language("es")
    refusal = db.exam_refusal(ana, config_id, at=at(20))
    assert refusal is not None
    assert str(refusal) == (
        f"El intento 2 del examen \u201cDiario\u201d se permite a partir del"
        f" {_local(at(10) + timedelta(hours=1))}: 1 hora después de terminar el último"
        " intento.")


def test_a_refusal_names_its_field_in_code_and_its_reason_in_spanish(db: TrainerDB) -> None:
    set_language("es")
    with pytest.raises(StorageError) as refused:
        db.create_trainee("A" * 81)
    assert str(refused.value) == "name: 81 caracteres; como máximo 80"
    assert refused.value.field == "name"
    assert refused.value.reason == "81 caracteres; como máximo 80"
    set_language("en")
    with pytest.raises(StorageError) as refused:
        db.create_trainee("A" * 81)
    assert (refused.value.field, refused.value.reason) == ("name", "81 characters; at most 80")


def test_a_sentence_without_a_field_has_none_and_is_its_own_reason() -> None:
    error = StorageError("La sala está sin conexión: este puesto aún no ha recibido nada")
    assert error.field is None
    assert error.reason == str(error)


def test_a_pin_refused_in_spanish_and_in_english() -> None:
    set_language("es")
    assert trainee_secret_problem(" 1234") == (
        "un PIN o una contraseña no puede empezar ni terminar con un espacio")
    assert trainee_secret_problem("12") == "un PIN necesita al menos 6 cifras"
    assert hash_weakness("nonsense") == "no es un hash que esta versión pueda verificar"
    set_language("en")
    assert trainee_secret_problem("12") == "a PIN needs at least 6 digits"


def test_an_unfinished_exam_cannot_be_signed_off_said_in_spanish(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    exam = db.start_exam(ana, db.create_exam_setup(ExamSetup("Final", 1, 80.0)), at=at(0))
    set_language("es")
    assert db.certification_problem(ana, exam.id) == (
        f"exam_id: el examen {exam.id} no está terminado")
    set_language("en")
    assert db.certification_problem(ana, exam.id) == f"exam_id: exam {exam.id} is not finished"
