"""The site file's [procedure] (issue 23, item 1): the house's pace for running the round
and how its tables deal; each wrong value refused naming its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.engine.procedure import DEFAULT_ROUNDS_PER_HOUR, DealMethod
from trainer.site_config import SITE_FILENAME, SiteConfigError, read_site_file


def site(tmp_path: Path, procedure: str) -> Path:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "house"\n\n[procedure]\n' + procedure, "utf-8")
    return path


def refusal(tmp_path: Path, procedure: str) -> str:
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(site(tmp_path, procedure))
    (problem,) = refused.value.problems
    return problem


def test_without_a_procedure_section_the_pace_is_40_rounds_an_hour_dealt_by_hand(
        tmp_path: Path) -> None:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "house"\n', "utf-8")
    config = read_site_file(path)
    assert DEFAULT_ROUNDS_PER_HOUR == 40  # the middle of 30-50 hands an hour
    assert config.procedure.rounds_per_hour == 40
    assert config.procedure.deal is DealMethod.MANUAL
    assert "rounds an hour" not in config.report


def test_a_room_sets_its_pace_and_its_shoe(tmp_path: Path) -> None:
    config = read_site_file(site(tmp_path, 'rounds_per_hour = 35\ndeal = "shoe"\n'))
    assert config.procedure.rounds_per_hour == 35
    assert config.procedure.deal is DealMethod.SHOE
    assert "run the round at 35 rounds an hour, automated shoe" in config.report


@pytest.mark.parametrize(("text", "problem"), [
    ("rounds_per_hour = 0\n", "procedure.rounds_per_hour: 0 is outside 10 to 120"),
    ("rounds_per_hour = 500\n", "procedure.rounds_per_hour: 500 is outside 10 to 120"),
    ("rounds_per_hour = 40.5\n", "procedure.rounds_per_hour: 40.5 is not a whole number"),
    ("rounds_per_hour = true\n", "procedure.rounds_per_hour: True is not a whole number"),
    ('deal = "auto"\n', "procedure.deal: 'auto' is not \"manual\" or \"shoe\""),
    ("pace = 40\n", "procedure.pace: unknown key (known: deal, rounds_per_hour)"),
])
def test_a_wrong_procedure_value_is_refused_naming_its_key(tmp_path: Path, text: str,
                                                           problem: str) -> None:
    assert problem in refusal(tmp_path, text)
