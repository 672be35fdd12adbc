"""Signing a trainee off from the dashboard, the roster's certification column and the
printed certificate (read back with poppler)."""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.storage import NewAnswer, TrainerDB
from trainer.ui.progress.certify import CertifiedRosterModel, CertifyDialog
from trainer.ui.progress.dashboard import InstructorDashboard

PW = "correct horse battery"
"""The instructor's password: it unlocks their signing key (issue 21)."""


def take_exam(db: TrainerDB, trainee: int, config: int, right: int, wrong: int,
              hours: float) -> int:
    when = T0 + timedelta(hours=hours)
    exam = db.start_exam(trainee, config, at=when)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number in range(right + wrong):
        good = number < right
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10" if good else "20", good, 3.0), at=when)
    db.finish_exam(exam.id, at=when + timedelta(minutes=10))
    return exam.id


@pytest.fixture
def room(db: TrainerDB) -> dict[str, int]:
    """Pat (instructor); Ana failed (3 of 5, pass mark 80%) then passed (5 of 5); Ben
    took no exam."""
    db.create_instructor("Pat", "correct horse battery")
    ana, ben = db.create_trainee("Ana", at=T0), db.create_trainee("Ben", at=T0)
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    failed = take_exam(db, ana, config, 3, 2, hours=1)
    passed = take_exam(db, ana, config, 5, 0, hours=2)
    return {"ana": ana, "ben": ben, "failed": failed, "passed": passed}


@pytest.fixture
def dashboard(qtbot: QtBot, db: TrainerDB, room: dict[str, int]) -> InstructorDashboard:
    widget = InstructorDashboard(db)
    widget.set_instructor("Pat")
    qtbot.addWidget(widget)
    widget.resize(1600, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _certification_column(dashboard: InstructorDashboard) -> dict[str, str]:
    proxy = dashboard.proxy
    column = CertifiedRosterModel.CERTIFICATION
    return {proxy.index(row, 0).data(): proxy.index(row, column).data()
            for row in range(proxy.rowCount())}


def test_only_the_passed_exam_is_offered_and_the_failed_one_says_why(
    qtbot: QtBot, db: TrainerDB, room: dict[str, int]
) -> None:
    dialog = CertifyDialog(db, room["ana"], "Pat", today=date(2026, 3, 2))
    qtbot.addWidget(dialog)
    assert dialog.signable_exam_ids() == [room["passed"]]
    texts = [dialog.exams.item(row).text() for row in range(dialog.exams.count())]
    assert any(text.endswith(f"exam {room['failed']} was not passed") for text in texts)
    assert dialog.expires.date() == QDate(2027, 3, 2)  # a year on by default
    assert not dialog.instructor.isEnabled()  # the one signed in signs


def test_a_trainee_with_no_passed_exam_cannot_be_signed_off(
    qtbot: QtBot, db: TrainerDB, room: dict[str, int]
) -> None:
    dialog = CertifyDialog(db, room["ben"], "Pat")
    qtbot.addWidget(dialog)
    assert dialog.signable_exam_ids() == []
    assert dialog.message.text() == "No exam of this trainee can be signed off yet."
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_signing_off_from_the_dashboard_marks_the_roster_certified(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _certification_column(dashboard) == {"Ana": "\u2014", "Ben": "\u2014"}
    dashboard.select_trainee(room["ana"])

    def sign(dialog: QDialog) -> bool:
        assert isinstance(dialog, CertifyDialog)
        dialog.expires.setDate(QDate(2099, 1, 1))
        assert not dialog.sign_off()  # no password typed: nothing signed
        assert dialog.message.text() == "Type your password: it signs the certificate."
        dialog.password.setText("not Pat's password")
        assert not dialog.sign_off()
        assert dialog.message.text() == "Not signed off: not the password of Pat"
        assert dialog.password.text() == ""  # never kept in the dialog
        dialog.password.setText("correct horse battery")
        return dialog.sign_off()

    monkeypatch.setattr(dashboard, "_run_dialog", sign)
    dashboard.sign_off_action.trigger()
    (signed,) = db.certifications(room["ana"])
    assert (signed.exam_id, signed.signed_by, signed.expires) == (
        room["passed"], "Pat", date(2099, 1, 1))
    assert dashboard.message.text() == (
        f"Ana is signed off by Pat on exam #{room['passed']}, valid until 2099-01-01:"
        f" certificate {signed.code} (save it with Sign-off \u25b8 Certificate PDF\u2026)")
    assert "\u2026." not in dashboard.message.text()  # an ellipsis then a full stop: 4 dots
    assert _certification_column(dashboard) == {"Ana": "certified", "Ben": "\u2014"}


def test_the_roster_shows_expiring_and_expired(
    qtbot: QtBot, db: TrainerDB, room: dict[str, int]
) -> None:
    db.certify(room["ana"], room["passed"], "Pat", password=PW, expires=date(2026, 6, 30), at=T0)
    model = CertifiedRosterModel(db, today=date(2026, 6, 1))  # 29 days before the end
    row = model.row_of(room["ana"])
    assert row is not None
    assert model.index(row, model.CERTIFICATION).data() == "expiring"
    model.today = date(2026, 7, 1)
    model.refresh()
    assert model.index(row, model.CERTIFICATION).data() == "expired"
    assert model.headerData(model.CERTIFICATION, Qt.Orientation.Horizontal) == "Certification"


def _need(tool: str) -> None:
    """Skip (fail under CI) without one of poppler's tools."""
    if shutil.which(tool) is None:
        message = f"{tool} (poppler-utils) is missing: run packaging/linux/install-test-deps.sh"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _pdf_text(path: Path) -> str:
    _need("pdftotext")
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return unicodedata.normalize("NFKC", text)


def test_the_certificate_pdf_names_the_trainee_the_exam_the_signer_and_the_code(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    db.set_employee_id(room["ana"], "E-7")
    signed = db.certify(room["ana"], room["passed"], "Pat", password=PW, expires=date(2099, 1, 1))
    dashboard.room = "Pit 3 training room"
    dashboard.refresh()
    dashboard.select_trainee(room["ana"])
    target = tmp_path / "ana-certificate.pdf"
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: target)
    dashboard.certificate_action.trigger()
    assert dashboard.message.text() == f"Certificate saved to {target}."
    text = _pdf_text(target)
    assert text.count("\f") == 1  # one page
    text = " ".join(text.split())  # a sentence may wrap
    for words in ("Certificate of Qualification", "Ana", "Employee id E-7", "Audition",
                  "Pit 3 training room", "100.0% (pass mark 80%)", "Signed off by", "Pat",
                  "Valid until 2099-01-01", signed.code, f"hhe-trainer verify {signed.code}",
                  "page 1 of 1"):
        assert words in text, words
    assert "REVOKED" not in text


def test_a_revoked_certificate_prints_revoked(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    signed = db.certify(room["ana"], room["passed"], "Pat", password=PW)
    db.revoke_certification(signed.id, revoked_by="Pat", password=PW)
    dashboard.select_trainee(room["ana"])
    target = tmp_path / "revoked.pdf"
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: target)
    dashboard.certificate_action.trigger()
    assert "REVOKED" in _pdf_text(target)


def test_a_trainee_with_no_certificate_is_told_to_sign_off_first(
    qtbot: QtBot, dashboard: InstructorDashboard, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    dashboard.select_trainee(room["ben"])
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: tmp_path / "x.pdf")
    dashboard.certificate_action.trigger()
    assert dashboard.message.text() == (
        "This trainee has no certificate yet: sign them off first"
        " (Sign-off \u25b8 Sign off on a passed exam\u2026).")
    assert not (tmp_path / "x.pdf").exists()


def test_the_employee_id_is_set_and_cleared_from_the_dashboard(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dashboard.select_trainee(room["ana"])
    monkeypatch.setattr(dashboard, "_ask_text", lambda *args: "  E-9 ")
    dashboard.employee_id_action.trigger()
    found = db.get_trainee(room["ana"])
    assert found is not None and found.employee_id == "E-9"
    assert dashboard.message.text() == "Ana's employee id is now E-9."
    monkeypatch.setattr(dashboard, "_ask_text", lambda *args: "x" * 41)
    dashboard.employee_id_action.trigger()
    assert dashboard.message.text() == (
        "The employee id was not saved: employee_id: 41 characters; at most 40")
    monkeypatch.setattr(dashboard, "_ask_text", lambda *args: "")
    dashboard.employee_id_action.trigger()
    found = db.get_trainee(room["ana"])
    assert found is not None and found.employee_id is None
    assert dashboard.message.text() == "Ana has no employee id now."


def test_the_certificate_renders_as_one_picture(
    qtbot: QtBot, db: TrainerDB, room: dict[str, int], tmp_path: Path
) -> None:
    """The certificate's page as a PNG (poppler). Set HHE_SCREENSHOT_DIR to keep it:
    the README's picture is ``certificate.png`` from there."""
    from PySide6.QtGui import QImage, QPageSize

    from trainer.reports.certificate import certificate_html
    from trainer.ui.progress.pdf import write_pdf

    _need("pdftoppm")
    db.set_employee_id(room["ana"], "E-4471")
    signed = db.certify(room["ana"], room["passed"], "Pat", password=PW, expires=date(2099, 1, 1))
    pdf = tmp_path / "certificate.pdf"
    pages = write_pdf(certificate_html(db, signed.id, room="Pit 3 training room"), pdf,
                      page_size=QPageSize.PageSizeId.A4)
    assert pages == 1
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf),
                    str(tmp_path / "certificate")], check=True)
    image = QImage(str(tmp_path / "certificate.png"))
    assert image.width() > 400 and image.height() > 600  # an A4 page at 60 dpi: 496 x 702
    folder = os.environ.get("HHE_SCREENSHOT_DIR")
    if folder:
        shutil.copy(tmp_path / "certificate.png", Path(folder) / "certificate.png")


def test_revoking_asks_first_then_the_roster_no_longer_counts_it(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, room: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    signed = db.certify(room["ana"], room["passed"], "Pat", password=PW)
    dashboard.refresh()
    dashboard.select_trainee(room["ana"])
    assert _certification_column(dashboard)["Ana"] == "certified"
    monkeypatch.setattr(dashboard, "_ask_password", lambda *args: None)
    dashboard.revoke_action.trigger()
    assert db.certifications(room["ana"])[0].revoked is None  # said no: nothing changed
    monkeypatch.setattr(dashboard, "_ask_password", lambda *args: "not the password")
    dashboard.revoke_action.trigger()
    assert db.certifications(room["ana"])[0].revoked is None  # a revocation is signed
    assert "not the password of Pat" in dashboard.message.text()
    monkeypatch.setattr(dashboard, "_ask_password", lambda *args: "correct horse battery")
    dashboard.revoke_action.trigger()
    assert db.certifications(room["ana"])[0].revoked is not None
    assert dashboard.message.text() == f"Ana's certificate {signed.code} is revoked."
    assert _certification_column(dashboard)["Ana"] == "\u2014"
    dashboard.revoke_action.trigger()
    assert dashboard.message.text() == "Ana has no certificate to revoke."
