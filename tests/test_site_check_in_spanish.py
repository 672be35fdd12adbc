"""The site file's check and summary in the trainee's language (issue 24): each problem in
Spanish still names its line and its key (keys and sections keep their names in every
language), the summary of a file in force reads in Spanish, and English is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.site_config import SITE_FILENAME, SiteConfigError, read_site_file


def _problems(tmp_path: Path, text: str) -> tuple[str, ...]:
    path = tmp_path / SITE_FILENAME
    path.write_text(text, "utf-8")
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(path)
    return refused.value.problems


BAD = ('[rules]\nruleset = "ny-2018"\nallow_station_rules = "yes"\n\n'
       '[security]\nidle_lock_minutes = 0\n')


def test_a_wrong_value_is_named_by_line_and_key_in_spanish(tmp_path: Path) -> None:
    set_language("es")
    assert _problems(tmp_path, BAD) == (
        "línea 3, rules.allow_station_rules: 'yes' no es true ni false",
        "línea 6, security.idle_lock_minutes: 0 está fuera de 1 a 240 (el puesto siempre se"
        " bloquea por inactividad)",
    )


def test_the_same_problems_in_english_are_unchanged(tmp_path: Path) -> None:
    assert _problems(tmp_path, BAD) == (
        "line 3, rules.allow_station_rules: 'yes' is not true or false",
        "line 6, security.idle_lock_minutes: 0 is outside 1 to 240 (the station always"
        " locks when idle)",
    )


def test_an_unknown_key_points_at_its_line_in_spanish(tmp_path: Path) -> None:
    set_language("es")
    (problem,) = _problems(tmp_path, '[rules]\nruleset = "ny-2018"\n\n[chips]\nflavour = 1\n')
    assert problem.startswith("línea 5, chips.flavour: clave desconocida (conocidas: ")


def test_the_summary_of_a_file_in_force_reads_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n\n[site]\nroom = "Sala 2"\n', "utf-8")
    set_language("es")
    config = read_site_file(path)
    assert config.report == f"Archivo del sitio {path}: reglas ny-2018, bloqueadas; sala 'Sala 2'."
    set_language("en")
    assert config.report == f"Site file {path}: rule set ny-2018, locked; room 'Sala 2'."
