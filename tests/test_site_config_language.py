"""The site file's [language] (issue 24): the room's default language and number format,
each wrong value refused naming its line and key, and `site check` naming it; the
language in force is the trainee's, else the room's, else English."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.cli import main
from trainer.i18n import (
    NumberFormat,
    current_language,
    current_number_format,
)
from trainer.site_config import (
    SITE_FILENAME,
    SiteConfig,
    SiteConfigError,
    apply_language,
    read_site_file,
)
from trainer.training.session import TrainingSettings


def site(tmp_path: Path, language: str) -> Path:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n\n[language]\n' + language, "utf-8")
    return path


def refusal(tmp_path: Path, language: str) -> str:
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(site(tmp_path, language))
    (problem,) = refused.value.problems
    return problem


def test_a_spanish_room_writing_amounts_1000_comma_50(tmp_path: Path) -> None:
    config = read_site_file(site(tmp_path, 'default = "es"\nnumber_format = "1.000,50"\n'))
    assert config.language == "es"
    assert config.number_format is NumberFormat.COMMA
    assert "language es; amounts written 1.000,50" in config.report


def test_without_language_the_room_is_english_writing_1000_point_50(tmp_path: Path) -> None:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n', "utf-8")
    config = read_site_file(path)
    assert config.language is None and config.number_format is NumberFormat.POINT


def test_a_language_without_a_catalogue_is_refused_naming_line_and_key(tmp_path: Path) -> None:
    assert refusal(tmp_path, 'default = "fr"\n') == (
        'line 5, language.default: "fr" has no catalogue here (the languages are "en", "es")')


def test_a_language_name_is_not_a_code(tmp_path: Path) -> None:
    assert refusal(tmp_path, 'default = "Spanish"\n') == (
        "line 5, language.default: 'Spanish' is not a language code (one of \"en\", \"es\")")


def test_the_pseudo_language_is_no_rooms_language(tmp_path: Path) -> None:
    assert "language.default: \"qps\" has no catalogue" in refusal(tmp_path, 'default = "qps"\n')


def test_a_number_format_other_than_the_two_is_refused(tmp_path: Path) -> None:
    assert refusal(tmp_path, 'number_format = "1 000,50"\n') == (
        "line 5, language.number_format: '1 000,50' is not \"1,000.50\" or \"1.000,50\"")


def test_an_unknown_language_key_is_refused(tmp_path: Path) -> None:
    assert refusal(tmp_path, 'lang = "es"\n') == (
        "line 5, language.lang: unknown key (known: default, number_format)")


def test_site_check_names_a_wrong_language(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site", "check", str(site(tmp_path, 'default = "xx"\n'))]) == 1
    assert 'line 5, language.default: "xx" has no catalogue here' in capsys.readouterr().out


def test_the_trainees_language_wins_over_the_rooms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HHE_TRAINER_LANGUAGE", raising=False)
    room = SiteConfig(language="es", number_format=NumberFormat.COMMA)
    assert apply_language(TrainingSettings(), room) is None
    assert current_language() == "es" and current_number_format() is NumberFormat.COMMA
    assert apply_language(TrainingSettings(language="en"), room) is None
    assert current_language() == "en"
    assert apply_language(TrainingSettings(), SiteConfig()) is None
    assert current_language() == "en" and current_number_format() is NumberFormat.POINT


def test_a_language_that_cannot_be_shown_is_said_and_english_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HHE_TRAINER_LANGUAGE", "fr")
    problem = apply_language(TrainingSettings(language="es"), SiteConfig())
    assert problem == ('language: "fr" has no catalogue here (the languages are "en", "es").'
                       " The trainer is shown in English.")
    assert current_language() == "en"
