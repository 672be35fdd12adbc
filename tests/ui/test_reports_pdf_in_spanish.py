"""A trainee's report, an exam's report and a certificate printed to PDF in Spanish at a
station whose language is English (issue 24, item 4), read back with poppler: the words
are the catalogue's, every column title whole, and the station stays in English."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtGui import QPageSize
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer import reports
from trainer.i18n import current_language
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.pdf import write_pdf

PW = "correct horse battery"


def _text(pdf: Path) -> str:
    if shutil.which("pdftotext") is None:
        message = "pdftotext (poppler-utils) is missing: run packaging/linux/install-test-deps.sh"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    return unicodedata.normalize("NFKC", text)  # ligatures read as letters; "º" as "o"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "trainer.sqlite3")
    yield database
    database.close()


@pytest.fixture
def ana(db: TrainerDB) -> dict[str, int]:
    """Ana (employee E-4471): two practice mistakes, then a passed exam (5 of 5, pass mark
    80%) signed off by Pat."""
    trainee = db.create_trainee("Ana")
    db.set_employee_id(trainee, "E-4471")
    for number in range(2):
        when = T0 + timedelta(minutes=number)
        session = db.start_session(trainee, "practice", RULES, at=when)
        round_id = db.record_round(session, ROUND, RULES, 3, at=when)
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "10.00", "15.00", False, 3.0), at=when)
    setup = create_exam_config(db, "Audition", 1, RULES, 80)
    when = T0 + timedelta(hours=2)
    exam = db.start_exam(trainee, setup, at=when)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number in range(5):
        db.record_answer(NewAnswer(round_id, f"e{number}", "payout", "ante", 1, "ante",
                                   "10.00", "10.00", True, 2.0), at=when)
    assert db.finish_exam(exam.id, at=when + timedelta(minutes=5)).passed
    db.create_instructor("Pat", PW)
    signed = db.certify(trainee, exam.id, "Pat", password=PW, expires=date(2099, 1, 1))
    return {"trainee": trainee, "exam": exam.id, "certification": signed.id}


def test_the_trainee_report_pdf_in_spanish(
    qtbot: QtBot, db: TrainerDB, ana: dict[str, int], tmp_path: Path
) -> None:
    path = tmp_path / "informe.pdf"
    html = reports.trainee_report_html(db, ana["trainee"], room="Sala 3", language="es")
    write_pdf(html, path, page_size=QPageSize.PageSizeId.A4)
    text = _text(path)
    flat = " ".join(text.split())
    for words in ("Informe del alumno: Ana", "N.o de empleado E-4471", "Sala de formación",
                  "Acierto y dominio por destreza", "Liquidar el Ante", "APROBADO",
                  "Errores (2)", "Todos los errores, el más reciente primero",
                  "Asiento 1 Ante: pagar, empate o cobrar", "Certificación"):
        assert words in flat, words
    for title in ("Destreza", "Respuestas", "Correcta", "Acierto", "Dominio", "Inicio",
                  "Intento", "Nota", "Resultado", "Cuándo", "Esperada", "Dada", "aprobado"):
        assert re.search(rf"(?<!\S){title}(?!\S)", text), title  # never broken in a word
    # the exams table's nine columns are wider in Spanish: its titles wrap between words
    # and its text is smaller, so that no date and no result is broken
    assert len(re.findall(r"(?<!\S)2026-03-02(?!\S)", text)) >= 4
    assert re.search(r"(?<!\S)APROBADO(?!\S)", text)
    assert "Trainee report" not in flat
    assert current_language() == "en"


def test_the_exam_report_and_certificate_pdfs_in_spanish(
    qtbot: QtBot, db: TrainerDB, ana: dict[str, int], tmp_path: Path
) -> None:
    exam = tmp_path / "examen.pdf"
    write_pdf(reports.exam_report_html(db, ana["exam"], language="es"), exam,
              page_size=QPageSize.PageSizeId.A4)
    flat = " ".join(_text(exam).split())
    for words in ("Informe del examen: Ana", "APROBADO", "nota 100.0%",
                  "nota de aprobado 80%", "5, de las cuales 5 correctas", "Ningún error.",
                  "Código de verificación"):
        assert words in flat, words
    certificate = tmp_path / "certificado.pdf"
    pages = write_pdf(reports.certificate_html(db, ana["certification"], room="Sala 3",
                                               language="es"), certificate)
    assert pages == 1  # a third longer still fits its one page
    flat = " ".join(_text(certificate).split())
    for words in ("Certificado de Cualificación", "Se certifica que", "Ana",
                  "N.o de empleado E-4471", "ha aprobado el examen de crupier",
                  "100.0% (nota de aprobado 80%)", "Certificado por Pat",
                  "Válido hasta el 2099-01-01", "Firma:", "hhe-trainer verify"):
        assert words in flat, words
