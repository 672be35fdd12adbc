"""The site file's [chips] (issue 22, item 2): the room's rack, its colours, the house's chip
procedure and how odd cents are paid; each wrong value refused naming its line and key, and
`site check` naming it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.engine.chips import DEFAULT_RACK, NAMED_COLOURS, OddCents, Procedure
from trainer.site_config import SITE_FILENAME, SiteConfigError, read_site_file

D = Decimal


def site(tmp_path: Path, chips: str) -> Path:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n\n[chips]\n' + chips, "utf-8")
    return path


def refusal(tmp_path: Path, chips: str) -> str:
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(site(tmp_path, chips))
    (problem,) = refused.value.problems
    return problem


def test_without_chips_the_room_has_the_default_rack_colour_for_colour_rounding_down(
        tmp_path: Path) -> None:
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n', "utf-8")
    chips = read_site_file(path).chips
    assert chips.rack == DEFAULT_RACK
    assert chips.procedure is Procedure.COLOUR_FOR_COLOUR
    assert chips.odd_cents is OddCents.ROUND_DOWN


def test_the_issues_room_blue_ones_yellow_twenties_and_no_pink(tmp_path: Path) -> None:
    config = read_site_file(site(tmp_path, (
        'values = [1000, 500, 100, 25, 20, 5, 1]\n'
        'colours = { 1 = "blue", 20 = "Yellow" }\n'
        'procedure = "convert"\n'
        'odd_cents = "round-up"\n')))
    rack = config.chips.rack
    assert rack.values == tuple(D(v).quantize(D("0.01"))
                                for v in (1000, 500, 100, 25, 20, 5, 1))
    assert D("2.50") not in rack
    assert rack.chip(D(1)).name == "blue $1"
    assert rack.chip(D(1)).face == NAMED_COLOURS["blue"][0]  # drawn blue, not white
    assert rack.chip(D(20)).name == "yellow $20"
    assert rack.chip(D(5)).name == "red $5"  # not named: its usual colour
    assert config.chips.procedure is Procedure.CONVERT
    assert config.chips.odd_cents is OddCents.ROUND_UP
    assert "chips $1,000, $500, $100, $25, $20, $5, $1; convert; odd cents round-up" in (
        config.report)


def test_values_may_be_written_as_text_and_in_any_order(tmp_path: Path) -> None:
    config = read_site_file(site(tmp_path, 'values = ["0.50", 5, "2.50", 1]\n'
                                           'colours = { "0.50" = "grey" }\n'))
    assert config.chips.rack.values == (D("5.00"), D("2.50"), D("1.00"), D("0.50"))
    assert config.chips.rack.chip(D("0.50")).name == "grey $0.50"


@pytest.mark.parametrize(("chips", "problem"), [
    ('values = "1, 5, 25"\n',
     "line 5, chips.values: '1, 5, 25' is not a list of chip values"),
    ("values = []\n", "line 5, chips.values: [] is not a list of chip values"),
    ("values = [1, 5, 0]\n",
     "line 5, chips.values: 0 is not a chip value (dollars above 0, at most two decimals)"),
    ("values = [1, 5, 2.505]\n",
     "line 5, chips.values: 2.505 is not a chip value (dollars above 0, at most two decimals)"),
    ('values = [1, "$5"]\n', "line 5, chips.values: '$5' is not a chip value"),
    ("values = [1, 5, 5]\n", "line 5, chips.values: $5 is given twice"),
    ("values = [true]\n", "line 5, chips.values: True is not a chip value"),
    ("values = [" + ", ".join(str(v) for v in range(1, 14)) + "]\n",
     "line 5, chips.values: 13 chips; a rack holds at most 12 denominations"),
    ('colours = "blue"\n', "line 5, chips.colours: 'blue' is not a table of colour names"),
    ('colours = { 20 = "yellow" }\n',
     "line 5, chips.colours: $20 is not a chip of the rack ($1,000, $500, $100, $25, $5,"
     " $2.50, $1)"),
    ('colours = { 1 = "bleu" }\n', "line 5, chips.colours: 'bleu' for $1 is not a chip colour"
     " (white, blue, pink,"),
    ('colours = { one = "blue" }\n', "line 5, chips.colours: 'one' is not a chip value"),
    ('colours = { 2.50 = "pink" }\n',
     'line 5, chips.colours: write a value with cents in quotes ("2.50" = "pink")'),
    ('procedure = "colour for colour"\n',
     "line 5, chips.procedure: 'colour for colour' is not a chip procedure"
     ' ("colour-for-colour", "convert", "colour-for-colour-black-and-up")'),
    ('odd_cents = "round"\n', "line 5, chips.odd_cents: 'round' is not a way to pay odd cents"
     ' ("round-down", "round-up")'),
    ('odd_cents = 1\n', "line 5, chips.odd_cents: 1 is not a way to pay odd cents"),
    ('rack = [1, 5]\n', "line 5, chips.rack: unknown key (known: colours, odd_cents,"
     " procedure, values)"),
])
def test_a_wrong_chips_key_is_refused_naming_line_and_key(tmp_path: Path, chips: str,
                                                          problem: str) -> None:
    assert refusal(tmp_path, chips).startswith(problem)


def test_chips_that_are_not_a_section_are_refused(tmp_path: Path) -> None:
    path = tmp_path / SITE_FILENAME
    path.write_text('chips = "default"\n', "utf-8")
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(path)
    assert "[chips]: expected a table" in str(refused.value)


def test_site_check_names_a_wrong_chips_key(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = site(tmp_path, 'values = [1, 5, 25]\nprocedure = "sizing"\n')
    assert main(["site", "check", str(path)]) == 1
    assert "line 6, chips.procedure: 'sizing' is not a chip procedure" in (
        capsys.readouterr().out)
