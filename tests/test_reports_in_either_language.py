"""Each report in either language (issue 24, item 4): a report, a CSV file's header row and
a certificate are produced in the language asked for, whatever the station's; a CSV file's
values stay language-neutral; the station's language is put back after; English is as
before. Expected Spanish is the glossary's (docs/glossary-es.md), written out here."""

from __future__ import annotations

import csv
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer import reports
from trainer.i18n import LanguageError, _, current_language, in_language, set_language
from trainer.reports.trends import week_label
from trainer.skills import Skill
from trainer.storage import NewAnswer, TrainerDB
from trainer.training.mastery import Level, Mastery

PW = "correct horse battery"


@pytest.fixture
def ana(db: TrainerDB) -> dict[str, int]:
    """Ana: one practice answer wrong (an Ante paid 20 for 10), then an exam of four
    answers, three right (75%, pass mark 70%), signed off by Pat."""
    trainee = db.create_trainee("Ana", at=T0)
    session = db.start_session(trainee, "practice", RULES, at=T0)
    round_id = db.record_round(session, ROUND, RULES, 3, at=T0)
    db.record_answer(NewAnswer(round_id, "q0", "payout", "ante", 1, "ante", "10.00", "20.00",
                               False, 3.0), at=T0)
    config = create_exam_config(db, "Audition", 1, RULES, 70, 1800)
    when = T0 + timedelta(hours=1)
    exam = db.start_exam(trainee, config, at=when)
    exam_round = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number in range(4):
        good = number < 3
        db.record_answer(NewAnswer(exam_round, f"e{number}", "payout", "raise", 1, "raise",
                                   "20.00", "20.00" if good else "10.00", good, 2.0), at=when)
    assert db.finish_exam(exam.id, at=when + timedelta(minutes=5)).passed
    db.create_instructor("Pat", PW)
    signed = db.certify(trainee, exam.id, "Pat", password=PW, expires=date(2099, 1, 1))
    return {"trainee": trainee, "exam": exam.id, "certification": signed.id}


def _rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_a_trainee_report_in_spanish_at_an_english_station(
    db: TrainerDB, ana: dict[str, int]
) -> None:
    html = reports.trainee_report_html(db, ana["trainee"], room="Sala 3", language="es")
    for words in ("<h1>Informe del alumno: Ana</h1>", "Sala de formación", "Sala 3",
                  "Acierto y dominio por destreza", "Liquidar el Ante", "Liquidar la Subida",
                  "APROBADO", "Errores (2)", "Asiento 1 Ante: pagar, empate o cobrar",
                  "Nota de aprobado", "Firma:", "Horas locales."):
        assert words in html, words
    assert "Trainee report" not in html and "PASS" not in html
    assert current_language() == "en"  # the station's language is put back


def test_an_exam_report_in_spanish_colours_the_result_from_the_status(
    db: TrainerDB, ana: dict[str, int]
) -> None:
    html = reports.exam_report_html(db, ana["exam"], language="es")
    assert "Informe del examen: Ana" in html
    assert "nota 75.0% — nota de aprobado 70%" in html
    assert "4, de las cuales 3 correctas" in html  # answers, of which correct
    assert "1 fijadas, 1 respondidas" in html  # rounds set and answered
    assert "5 min 00 s" in html and "30 min" in html
    # the verdict is coloured by the exam's status, not by matching the English word
    assert "color: #11632f; font-size: 16pt; font-weight: bold\">APROBADO</td>" in html


def test_english_reports_are_as_before(db: TrainerDB, ana: dict[str, int]) -> None:
    html = reports.exam_report_html(db, ana["exam"])
    assert "Exam report: Ana" in html
    assert "score 75.0% \u2014 pass mark 70%" in html
    assert "4, of which 3 correct" in html
    assert "color: #11632f; font-size: 16pt; font-weight: bold\">PASS</td>" in html


def test_a_report_in_english_from_a_spanish_station(db: TrainerDB, ana: dict[str, int]) -> None:
    set_language("es")
    html = reports.trainee_report_html(db, ana["trainee"], language="en")
    assert "<h1>Trainee report: Ana</h1>" in html and "Settling the ante" in html
    assert current_language() == "es"
    assert "Informe del alumno: Ana" in reports.trainee_report_html(db, ana["trainee"])


def test_the_certificate_in_the_trainees_language(db: TrainerDB, ana: dict[str, int]) -> None:
    html = reports.certificate_html(db, ana["certification"], room="Sala 3", language="es",
                                    today=date(2026, 3, 2))
    for words in ("Certificado de Cualificación", "Se certifica que", "Ana",
                  "ha aprobado el examen de crupier", "Audition", "Intento",
                  "75.0% (nota de aprobado 70%)", "Certificado por", "Instructor: Pat",
                  "Alumno: Ana", "Válido hasta el 2099-01-01", "Código de verificación",
                  "hhe-trainer verify "):
        assert words in html, words
    english = reports.certificate_html(db, ana["certification"], today=date(2026, 3, 2))
    assert "Certificate of Qualification" in english and "Valid until 2099-01-01" in english


def test_a_language_with_no_catalogue_is_refused_before_anything_is_written(
    db: TrainerDB, ana: dict[str, int], tmp_path: Path
) -> None:
    with pytest.raises(LanguageError, match='"fr" has no catalogue here'):
        reports.trainee_answers_csv(db, ana["trainee"], tmp_path / "a.csv", language="fr")
    assert not (tmp_path / "a.csv").exists()
    assert current_language() == "en"


def test_a_csv_file_in_spanish_has_spanish_headings_and_neutral_values(
    db: TrainerDB, ana: dict[str, int], tmp_path: Path
) -> None:
    set_language("es")  # a Spanish station: its values are the English station's
    rows = _rows(reports.trainee_answers_csv(db, ana["trainee"], tmp_path / "a.csv"))
    assert rows[0][:4] == ["Alumno", "N.º de empleado", "Respondida el", "Modo"]
    assert rows[0][-3:] == ["Correcta", "Segundos", "Registro"]
    assert len(rows[0]) == len(reports.ANSWERS_HEADER)
    first = dict(zip(reports.ANSWERS_HEADER, rows[1], strict=True))
    assert first["Question"] == "Seat 1 Ante: pay, push or take"
    assert first["Skill"] == "Settling the ante"
    assert (first["Correct"], first["Record"], first["Mode"]) == ("no", "as recorded",
                                                                  "practice")
    skills = _rows(reports.trainee_skills_csv(db, ana["trainee"], tmp_path / "s.csv"))
    assert skills[0][2:5] == ["Destreza", "Respuestas", "Correcta"]
    by_skill = {row[2]: row for row in skills[1:]}
    assert by_skill["Settling the raise"][3:5] == ["4", "3"]
    assert by_skill["Reading the dealer's hand"][8] == "not started"
    assert current_language() == "es"


def test_the_roster_csv_headings_in_either_language(
    db: TrainerDB, ana: dict[str, int], tmp_path: Path
) -> None:
    spanish = _rows(reports.roster_csv(db, tmp_path / "r.csv", language="es"))
    assert spanish[0][:3] == ["Nombre", "N.º de empleado", "Acierto %"]
    assert "Leer la mano del crupier: puntuación" in spanish[0]
    assert "Liquidar la Subida: nivel" in spanish[0]
    assert spanish[1][7] == "passed"  # the exam status: a value, neutral
    english = _rows(reports.roster_csv(db, tmp_path / "e.csv"))
    assert english[0] == list(reports.ROSTER_HEADER)
    assert "Settling the raise level" in english[0]


def test_texts_shared_by_reports_and_screens_in_spanish() -> None:
    set_language("es")
    figures = Mastery(score=87, level=Level.PROFICIENT, answers=20, accuracy=0.9,
                      median_seconds=7.25, target_seconds=8.0)
    assert reports.mastery_text(figures) == "87 (competente)"
    assert reports.verdict_text(figures) == (
        "Todavía no: una puntuación de 87 (necesita 95). En las últimas 20 respuestas:"
        " 90% correctas, mediana 7.2 s frente a un objetivo de 8 s.")
    assert reports.time_limit_text(1830) == "30 min 30 s"
    assert reports.time_limit_text(None) == "ninguno"
    assert Skill.CAP.label == "Pago máximo total"
    assert week_label(date(2026, 3, 2)) == "2026-W10 (desde el 2 mar)"
    set_language("en")
    assert week_label(date(2026, 3, 2)) == "2026-W10 (from Mar 2)"
    assert Skill.CAP.label == "Maximum aggregate payout"


def test_in_language_puts_the_language_back_after_an_error() -> None:
    with pytest.raises(RuntimeError), in_language("es"):
        assert _("PASS") == "APROBADO"
        raise RuntimeError("stop")
    assert current_language() == "en" and _("PASS") == "PASS"
