"""``hhe-trainer verify [CODE] [--data-folder DIR]``: an exam report's verification code,
or every record, checked on the station; exit 0 valid, 1 altered, 2 unknown code,
3 cannot be checked, 4 no database."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, create_exam_config, find_trainee
from trainer.cli import main
from trainer.storage import open_database
from trainer.storage.seal import SECRET_FILENAME

PW = "correct horse"
"""The instructor's password: it unlocks their signing key (issue 21)."""


@pytest.fixture
def station(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """Ana failed the exam "Final" (1 of 2 answers right, pass mark 75%); its code."""
    from trainer.storage import NewAnswer

    monkeypatch.setenv("HHE_TRAINER_SITE", str(private_data_dir / "no-site.toml"))
    with open_database(backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        exam = db.start_exam(ana, create_exam_config(db, "Final", 1, "ny-2018", 75.0))
        round_id = db.record_round(exam.session_id or 0, ROUND, "ny-2018", 3)
        for number, correct in enumerate((True, False)):
            db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                       "10.00", "10.00" if correct else "5.00", correct, 2.0))
        code = db.finish_exam(exam.id).verification_code
    assert code is not None
    return private_data_dir, code


def _sql(folder: Path, statement: str) -> None:
    conn = sqlite3.connect(folder / "trainer.sqlite3", isolation_level=None)
    conn.execute(statement)
    conn.close()


def test_a_code_of_an_unaltered_exam_prints_it_and_valid_exit_0(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    assert main(["verify", code, "--data-folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"Exam #1 ({code})" in out and "trainee: Ana" in out
    assert "set-up: Final (version 1)" in out
    assert "score 50.0% (pass mark 75%): FAIL" in out
    assert out.rstrip().endswith("Record: valid")


def test_a_code_typed_in_lower_case_without_dashes_is_found(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    assert main(["verify", code.lower().replace("-", ""), "--data-folder", str(folder)]) == 0


def test_a_code_of_an_exam_passed_with_sqlite_says_altered_exit_1(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    _sql(folder, "UPDATE exams SET score = 96, passed = 1")
    assert main(["verify", code, "--data-folder", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "ALTERED" in out and "not to be believed" in out
    assert out.rstrip().endswith("Record: altered")


def test_a_code_of_an_exam_whose_answer_was_changed_says_altered_exit_1(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    _sql(folder, "UPDATE answers SET correct = 1")
    assert main(["verify", code, "--data-folder", str(folder)]) == 1


def test_an_unknown_code_exits_2(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = station
    assert main(["verify", "E-0000-0000-0000", "--data-folder", str(folder)]) == 2
    assert "no exam or certification on this station has the code" in capsys.readouterr().err


def test_without_the_station_secret_records_cannot_be_checked_exit_3(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    (folder / SECRET_FILENAME).unlink()
    assert main(["verify", code, "--data-folder", str(folder)]) == 3
    out = capsys.readouterr().out
    assert "station secret" in out and "is missing" in out and "cannot be checked" in out
    assert not (folder / SECRET_FILENAME).exists()  # checking never makes a secret


def test_no_database_exits_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--data-folder", str(tmp_path / "nowhere")]) == 4
    assert not (tmp_path / "nowhere").exists()
    (tmp_path / "empty").mkdir()
    assert main(["verify", "--data-folder", str(tmp_path / "empty")]) == 4
    assert "no trainer database" in capsys.readouterr().err


def test_with_no_code_every_record_is_checked_and_each_altered_one_named(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = station
    assert main(["verify", "--data-folder", str(folder)]) == 0
    assert "Checked 2 answers, 0 course answers, 1 exams, 0 certifications" in (
        capsys.readouterr().out)
    _sql(folder, "UPDATE answers SET seconds = 0.5 WHERE question_id = 'q0'")
    _sql(folder, "UPDATE exams SET passed = 1")
    assert main(["verify", "--data-folder", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "ALTERED: answer #1 was altered" in out and "ALTERED: exam #1 was altered" in out


def test_the_installed_command_exits_with_the_verdict(station: tuple[Path, str]) -> None:
    folder, code = station
    _sql(folder, "UPDATE exams SET passed = 1")
    done = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "verify", code, "--data-folder", str(folder)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 1 and "Record: altered" in done.stdout


def test_a_certificates_code_prints_the_sign_off_and_its_exam_and_catches_an_unrevoke(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, _ = station
    with open_database(backup_on_session=False) as db:
        db.create_instructor("Maria", "correct horse")
        ana = find_trainee(db, "Ana")
        assert ana is not None
        exam = db.start_exam(ana.id, create_exam_config(db, "Short", 1, "ny-2018", 50.0))
        round_id = db.record_round(exam.session_id or 0, ROUND, "ny-2018", 3)
        from trainer.storage import NewAnswer

        db.record_answer(NewAnswer(round_id, "q", "payout", "ante", 1, "ante", "10.00",
                                   "10.00", True, 2.0))
        db.finish_exam(exam.id)
        code = db.certify(ana.id, exam.id, "Maria", password=PW).code
        _, key = db.instructor_public_key("Maria", "correct horse")
        (folder.parent / "site.toml").write_text(
            f'[signing]\ninstructors = {{ "Maria" = "{key}" }}\n', encoding="utf-8")
        monkeypatch.setenv("HHE_TRAINER_SITE", str(folder.parent / "site.toml"))
        db.revoke_certification(db.find_certification(code).id, revoked_by="Maria", password=PW)  # type: ignore[union-attr]
    assert main(["verify", code.lower(), "--data-folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"Certification {code}" in out and "signed by Maria" in out and "REVOKED" in out
    assert "Exam #2" in out and "Record: valid" in out
    _sql(folder, "UPDATE certifications SET revoked = NULL")
    assert main(["verify", code, "--data-folder", str(folder)]) == 1
