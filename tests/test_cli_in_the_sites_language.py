"""The commands in the site's language (issue 24): ``verify``, ``explain``, the help and
the refusals speak ``HHE_TRAINER_LANGUAGE``, else the site file's ``[language] default``,
else English; what scripts read (settle's JSON Lines, exit codes) is the same in every
language; the language in force before ``main`` is put back after it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, create_exam_config
from trainer.cli import main
from trainer.i18n import current_language
from trainer.storage import NewAnswer, open_database

REPO = Path(__file__).resolve().parents[1]
ROUND_LINE = (b'{"rules": "ny-2018", "dealer": ["2c", "7d"], "board": ["Ah", "Kd", "9s", "4c",'
              b' "3h"], "seats": [{"seat": 1, "hole": ["As", "Ad"], "ante": "10", "odds": "10",'
              b' "raise": "30"}]}\n')


@pytest.fixture
def station(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """Ana failed the exam "Final" (1 of 2 answers right, pass mark 75%); its code. The
    site file names Spanish as the room's language."""
    site = private_data_dir.parent / "site.toml"
    site.write_text('[language]\ndefault = "es"\n', encoding="utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    monkeypatch.delenv("HHE_TRAINER_LANGUAGE", raising=False)
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


def test_verify_speaks_the_site_files_language(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, code = station
    assert main(["verify", code, "--data-folder", str(folder)]) == 0  # exit codes as ever
    out = capsys.readouterr().out
    assert f"Examen n.º 1 ({code})" in out and "alumno: Ana" in out
    assert "configuración: Final (versión 1), intento 1, reglas ny-2018" in out
    assert "nota 50.0% (nota de aprobado 75%): SUSPENDIDO" in out
    assert out.rstrip().endswith("Registro: válido")
    assert current_language() == "en"  # put back after the command


def test_verify_of_every_record_in_spanish_names_what_it_counted(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _code = station
    assert main(["verify", "--data-folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Comprobados 2 respuestas, 0 respuestas del curso, 1 exámenes, 0 certificaciones" in out
    assert "Registro: válido" in out


def test_the_environment_overrides_the_site_file(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, code = station
    monkeypatch.setenv("HHE_TRAINER_LANGUAGE", "en")
    assert main(["verify", code, "--data-folder", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "score 50.0% (pass mark 75%): FAIL" in out and out.rstrip().endswith("Record: valid")


def test_an_unknown_code_is_refused_in_spanish(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _code = station
    assert main(["verify", "E-AAAA-BBBB-CCCC", "--data-folder", str(folder)]) == 2
    assert ("hhe-trainer verify: ningún examen ni certificación de este puesto tiene el código"
            " 'E-AAAA-BBBB-CCCC'") in capsys.readouterr().err


def test_the_help_in_spanish(
    station: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Comprobar en este puesto que el resultado de un examen" in out
    assert "la carpeta de datos del puesto" in out


def _run(command: str, language: str, stdin: bytes = b"", *args: str
         ) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "HHE_TRAINER_LANGUAGE": language,
           "HHE_TRAINER_SITE": str(REPO / "no-such-site.toml")}
    return subprocess.run([sys.executable, "-m", "trainer.cli", command, *args], cwd=REPO,
                          input=stdin, capture_output=True, env=env, check=False)


def test_explain_in_spanish_and_settle_the_same_in_every_language() -> None:
    spanish = _run("explain", "es", b"", "--dealer", "2c 7d", "--board", "Ah Kd 9s 4c 3h",
                   "--seat", "1: As Ad ante=10 raise=30")
    assert spanish.returncode == 0, spanish.stderr
    text = spanish.stdout.decode("utf-8")
    assert "Mesa: Ah Kd 9s 4c 3h" in text
    assert "El crupier NO califica (menos que una pareja)" in text
    assert "Orden de liquidación: asiento 1" in text
    assert "Total del asiento: $" in text
    english, in_spanish = _run("settle", "en", ROUND_LINE), _run("settle", "es", ROUND_LINE)
    assert english.returncode == in_spanish.returncode == 0
    assert english.stdout == in_spanish.stdout  # the audit contract: never translated
    refused = _run("explain", "es", b"", "--seat", "1: As")
    assert refused.stderr.decode("utf-8").startswith(
        "hhe-trainer explain: indique --dealer, --board y al menos un --seat")
