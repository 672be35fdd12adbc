"""The top-level modules' sentences in Spanish (issue 24): a settings file that cannot be
used, a class list refused (and one titled in Spanish read), a language refused, the
self-check's lines and the chips command's note; English as before; the chips command's
JSON Lines the same in every language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.class_import import ClassImportError, parse_class_csv
from trainer.i18n import language_problem, set_language
from trainer.preferences import load_settings
from trainer.selfcheck import check_rule_sets

REPO = Path(__file__).resolve().parents[1]


def test_a_settings_file_that_cannot_be_used_is_said_in_spanish(tmp_path: Path) -> None:
    set_language("es")
    path = tmp_path / "settings.json"
    path.write_text('{"seats": 9, "sound": "yes"}', encoding="utf-8")
    _settings, message = load_settings(path)
    assert message is not None
    assert message.startswith(f"No se han podido usar todos los ajustes guardados {path}: ")
    assert "seats: 9 no está entre 1 y 6 (ni es null para al azar)" in message
    assert "sound: 'yes' no es true ni false" in message
    assert "Esos ajustes vuelven a sus valores por defecto; los demás se conservan." in message
    assert "El archivo se ha guardado como settings.json.unreadable-" in message


def test_a_class_list_in_spanish_titles_is_read_and_a_bad_one_refused_in_spanish() -> None:
    members = parse_class_csv("Nombre;N.º de empleado\nAna López;E-7\nBen Ruiz;\n")
    assert [(m.name, m.employee_id) for m in members] == [("Ana López", "E-7"),
                                                          ("Ben Ruiz", None)]
    set_language("es")
    with pytest.raises(ClassImportError) as refused:
        parse_class_csv("Nombre,N.º de empleado\n,E-9\n")
    assert str(refused.value) == "línea 2: sin nombre"
    set_language("en")
    with pytest.raises(ClassImportError, match=r"^line 2: no name$"):
        parse_class_csv("Nombre,N.º de empleado\n,E-9\n")


def test_a_language_refused_in_spanish() -> None:
    set_language("es")
    assert language_problem("fr") == (
        '"fr" no tiene catálogo aquí (los idiomas son "en", "es")')
    assert check_rule_sets().startswith("4 reglas de fábrica: ny-2018, ")


def _chips(language: str, *lines: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "HHE_TRAINER_LANGUAGE": language,
           "HHE_TRAINER_SITE": str(REPO / "no-such-site.toml")}
    return subprocess.run([sys.executable, "-m", "trainer.cli", "chips"], cwd=REPO,
                          input=b"".join(line + b"\n" for line in lines), env=env,
                          capture_output=True, check=False)


def test_the_chips_command_answers_the_same_in_every_language() -> None:
    good = json.dumps({"bet": ["5", "5"], "pays": "3:2", "procedure": "colour-for-colour",
                       "paid": ["5", "5", "5"]}).encode()
    bad = b'{"bet": ["5"], "pays": "3:2"}'
    english, spanish = _chips("en", good, bad), _chips("es", good, bad)
    assert english.returncode == spanish.returncode == 2
    assert english.stdout == spanish.stdout  # the contract's JSON, errors included
    assert "procedure: missing" in english.stdout.decode("utf-8")
    assert spanish.stderr.decode("utf-8") == (
        "hhe-trainer chips: 1 línea(s) rechazada(s); vea las líneas de error\n")
    assert english.stderr.decode("utf-8") == (
        "hhe-trainer chips: 1 line(s) refused; see the error lines\n")


def test_a_file_that_is_not_toml_and_a_report_of_no_trainee_in_spanish(
    tmp_path: Path,
) -> None:
    from trainer import reports
    from trainer.storage import StorageError, open_database
    from trainer.tomllines import TomlError, loads

    set_language("es")
    with pytest.raises(TomlError) as refused:
        loads("x = " + "[" * 5000 + "]" * 5000)
    assert str(refused.value) == (
        "no es TOML válido: listas o tablas anidadas a demasiada profundidad")
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as db, \
            pytest.raises(StorageError, match="no existe el alumno 99"):
        reports.trainee_answers_csv(db, 99, tmp_path / "a.csv")
    assert not (tmp_path / "a.csv").exists()
