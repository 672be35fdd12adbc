"""``hhe-trainer verify CODE`` with a certificate's code: valid, revoked, altered, unknown."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.cli import VERIFY_ALTERED, VERIFY_UNKNOWN, VERIFY_VALID, main
from trainer.storage import NewAnswer, open_database

PW = "correct horse battery"
"""The instructor's password: it unlocks their signing key (issue 21)."""


@pytest.fixture
def code(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Ana passed (5 of 5) and was signed off by Pat until 2099-01-01; the code."""
    site = private_data_dir.parent / "site.toml"
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Pat", "correct horse battery")
        _, key = db.instructor_public_key("Pat", "correct horse battery")
        site.write_text(f'[signing]\ninstructors = {{ "Pat" = "{key}" }}\n', encoding="utf-8")
        ana = db.create_trainee("Ana", at=T0)
        config = create_exam_config(db, "Audition", 1, RULES, 80)
        exam = db.start_exam(ana, config, at=T0)
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=T0)
        for number in range(5):
            db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                       "$10.00", "10", True, 3.0), at=T0)
        db.finish_exam(exam.id, at=T0 + timedelta(minutes=5))
        signed = db.certify(ana, exam.id, "Pat", password=PW, expires=date(2099, 1, 1))
    yield signed.code


def test_a_certificates_code_is_found_and_valid(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", code.lower().replace("-", " ")]) == VERIFY_VALID
    out = capsys.readouterr().out
    assert f"Certification {code}" in out
    assert "signed by Pat" in out and "valid until 2099-01-01" in out
    assert "signature: by Pat's key, pinned in the site file" in out
    assert "trainee: Ana" in out


def test_a_revoked_certificate_says_revoked(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_database() as db:
        found = db.find_certification(code)
        assert found is not None
        db.revoke_certification(found.id, revoked_by="Pat", password=PW)
    assert main(["verify", code]) == VERIFY_VALID  # the record itself is as written
    out = capsys.readouterr().out
    assert "REVOKED" in out and "revocation signed by Pat's pinned key" in out


def test_a_certificate_extended_with_sqlite_reads_altered(code: str) -> None:
    with open_database() as db:
        db.conn.execute("UPDATE certifications SET expires = '2199-01-01'")
    assert main(["verify", code]) == VERIFY_ALTERED


def test_an_unknown_code_is_said_unknown(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    other = "HHE-0000-0000-0000" if code != "HHE-0000-0000-0000" else "HHE-1111-1111-1111"
    assert main(["verify", other]) == VERIFY_UNKNOWN
    assert "no exam or certification on this station has the code" in capsys.readouterr().err
