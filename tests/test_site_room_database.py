"""The site file's [room] section: the room database and its credentials file (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.cli import main
from trainer.site_config import load_site_config

GOOD = """
[room]
database = "postgresql://training-server:5433/hhe_room?sslmode=require"
credentials = "room-station.toml"
"""


def write_site(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_room_database_and_its_credentials_are_read_relative_to_the_site_file(
        tmp_path: Path) -> None:
    site = load_site_config(write_site(tmp_path, GOOD))
    assert site.rejected is None, site.problems
    assert site.room_database == "postgresql://training-server:5433/hhe_room?sslmode=require"
    assert site.room_credentials == tmp_path / "room-station.toml"
    assert "room database postgresql://training-server:5433/hhe_room" in site.report


@pytest.mark.parametrize(("room", "problem"), [
    ('database = "postgresql://hhe:secret@server/hhe_room"\ncredentials = "c.toml"',
     "room.database: a password is never written in the site file"),
    ('database = "mysql://server/hhe_room"\ncredentials = "c.toml"',
     "is not postgresql://HOST[:PORT]/DATABASE"),
    ('database = "postgresql://server"\ncredentials = "c.toml"',
     "is not postgresql://HOST[:PORT]/DATABASE"),
    ('database = "postgresql://server:99999/db"\ncredentials = "c.toml"', "is not a URL"),
    ('database = "postgresql://server/hhe_room"', "room.credentials: missing"),
    ('credentials = "c.toml"', "room.credentials: given without room.database"),
    ('database = "postgresql://server/db"\ncredentials = "c.toml"\nhost = "x"',
     "room.host: unknown key"),
])
def test_a_wrong_room_section_is_refused_naming_the_key(
        tmp_path: Path, room: str, problem: str) -> None:
    site = load_site_config(write_site(tmp_path, f"[room]\n{room}\n"))
    assert site.rejected is not None
    assert any(problem in line for line in site.problems), site.problems
    assert site.room_database is None


def test_site_check_warns_of_a_missing_credentials_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_site(tmp_path, GOOD)
    assert main(["site", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Warning: room.credentials: credentials file" in out
    assert "no such file" in out


def test_room_status_without_a_room_says_what_is_missing(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["room", "status"]) == 2
    assert "no room database" in capsys.readouterr().err
