"""The site file's ``[site] room``: the training room's name printed on reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.site_config.config import SiteConfigError, read_site_file


def _site(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site.toml"
    path.write_text(text, "utf-8")
    return path


def test_the_room_name_is_read_and_reported(tmp_path: Path) -> None:
    site = read_site_file(_site(tmp_path, '[site]\nroom = "  Pit 3 training room "\n'))
    assert site.room == "Pit 3 training room"
    assert "room 'Pit 3 training room'" in site.report


def test_no_room_is_none(tmp_path: Path) -> None:
    assert read_site_file(_site(tmp_path, "[results]\n")).room is None


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("3", "site.room: 3 is not a non-empty text"),
        ('"   "', "site.room:"),
        ('"' + "x" * 81 + '"', "site.room: 81 characters; at most 80"),
    ],
)
def test_a_bad_room_name_is_refused_by_line_and_key(
    tmp_path: Path, value: str, problem: str
) -> None:
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(_site(tmp_path, f"[site]\nroom = {value}\n"))
    assert f"line 2, {problem}" in str(refused.value)


def test_an_unknown_site_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SiteConfigError, match=r"line 2, site\.colour"):
        read_site_file(_site(tmp_path, '[site]\ncolour = "green"\n'))
