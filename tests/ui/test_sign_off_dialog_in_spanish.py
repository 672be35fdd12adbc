"""The sign-off dialog reads in Spanish from the catalogue (issue 24): its title, the
evidence's answer times with their plurals, its refusals and the roster's
certification column; in English (the default) it reads as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import RULES, T0
from tests.ui.test_certify_dialog_evidence import PW, sit
from trainer.exam_setup import ExamSetup
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import CertificationStatus
from trainer.ui.progress.certify import CertifyDialog, _why, status_label


@pytest.fixture
def clean(tmp_path: Path) -> Iterator[tuple[TrainerDB, int]]:
    """Ben passed "Audition" with five payouts of 4 s each, in ten minutes."""
    with open_database(tmp_path / "clean.sqlite3", backup_on_session=False) as db:
        db.create_instructor("Pat", PW)
        ben = db.create_trainee("Ben", at=T0)
        config = db.create_exam_setup(ExamSetup("Audition", 1, 80.0, None, RULES))
        sit(db, ben, config, [4.0] * 5, right=5, hours=1)
        yield db, ben


def _dialog(qtbot: QtBot, db: TrainerDB, trainee: int) -> CertifyDialog:
    dialog = CertifyDialog(db, trainee, "Pat", today=date(2026, 3, 2))
    qtbot.addWidget(dialog)
    return dialog


def test_the_sign_off_dialog_reads_in_spanish(
    qtbot: QtBot, clean: tuple[TrainerDB, int], spanish: None
) -> None:
    db, ben = clean
    dialog = _dialog(qtbot, db, ben)
    assert dialog.windowTitle() == "Certificar a Ben"
    assert dialog.flags_seen.text() == "He revisado estos avisos y certifico de todos modos"
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.text() == "Certificar"
    assert ("Tiempos de respuesta: 5 preguntas en 20.0 s respondiendo, 10 min de principio"
            " a fin; 5 pagos, ninguno en menos de un segundo.") in dialog.evidence.text()
    assert "Intentos de \u00abAudition\u00bb conocidos aqu\u00ed:" in dialog.evidence.text()
    assert not dialog.sign_off()
    assert dialog.message.text() == "Escriba su contrase\u00f1a: con ella se firma el certificado."
    assert status_label(CertificationStatus.EXPIRING) == "por caducar"


def test_the_sign_off_dialog_still_reads_in_english(
    qtbot: QtBot, clean: tuple[TrainerDB, int]
) -> None:
    db, ben = clean
    dialog = _dialog(qtbot, db, ben)
    assert dialog.windowTitle() == "Sign off Ben"
    assert ("Answer times: 5 questions in 20.0 s of answering, 10 min from start to finish;"
            " 5 payouts, none under a second.") in dialog.evidence.text()
    assert not dialog.sign_off()
    assert dialog.message.text() == "Type your password: it signs the certificate."
    assert status_label(CertificationStatus.EXPIRING) == "expiring"


def test_a_refusal_loses_only_its_field_name_never_a_sentence_with_a_colon() -> None:
    """The sign-off shows a refusal by storage's field and reason, not split on ': '."""
    assert _why("exam_id: el examen 3 no est\u00e1 aprobado") == (
        "el examen 3 no est\u00e1 aprobado")
    assert _why("Exam 3 was altered: its score changed") == (
        "Exam 3 was altered: its score changed")
