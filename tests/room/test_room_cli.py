"""``hhe-trainer room init`` and ``room status`` against a real PostgreSQL server (issue 20)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import psycopg
import pytest
from room_server import without_user

from trainer.cli import main
from trainer.room.credentials import read_credentials
from trainer.room.schema import ROOM_SCHEMA_VERSION, STATION_ROLE


def test_room_init_writes_credentials_that_sign_a_station_in(
        admin_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    credentials = tmp_path / "room-station.toml"
    assert main(["room", "init", "--admin-url", admin_url,
                 "--credentials-out", str(credentials)]) == 0
    assert f"from 0 to {ROOM_SCHEMA_VERSION}" in capsys.readouterr().out
    assert stat.S_IMODE(os.stat(credentials).st_mode) == 0o600
    station = read_credentials(credentials)
    assert station.user == STATION_ROLE and len(station.password) >= 24
    with psycopg.connect(without_user(admin_url), user=station.user,
                         password=station.password) as conn:
        assert conn.execute("SELECT version FROM room_schema").fetchone() == (
            ROOM_SCHEMA_VERSION,)
    assert main(["room", "status", "--url", without_user(admin_url),
                 "--credentials", str(credentials)]) == 0
    out = capsys.readouterr().out
    assert "Server: reachable" in out and f"Schema: {ROOM_SCHEMA_VERSION}" in out
    assert "Stations seen: 0" in out


def test_room_init_never_replaces_a_credentials_file(
        admin_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    credentials = tmp_path / "room-station.toml"
    credentials.write_text("kept\n", encoding="utf-8")
    assert main(["room", "init", "--admin-url", admin_url,
                 "--credentials-out", str(credentials)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert credentials.read_text(encoding="utf-8") == "kept\n"
    with psycopg.connect(admin_url) as conn:  # and the server was not touched
        assert conn.execute("SELECT to_regclass('public.room_schema')").fetchone() == (None,)


def test_room_init_on_an_unreachable_server_leaves_no_credentials(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    credentials = tmp_path / "room-station.toml"
    assert main(["room", "init", "--admin-url",
                 "postgresql://postgres:x@127.0.0.1:9/room?connect_timeout=2",
                 "--credentials-out", str(credentials)]) == 1
    err = capsys.readouterr().err
    assert "could not be reached" in err and "Traceback" not in err
    assert not credentials.exists()


def test_room_status_with_a_bad_credentials_file_says_so(
        room_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    credentials = tmp_path / "room-station.toml"
    credentials.write_text('user = "hhe_station"\npassword = "wrong"\n', encoding="utf-8")
    credentials.chmod(0o644)
    assert main(["room", "status", "--url", without_user(room_url),
                 "--credentials", str(credentials)]) == 2
    assert "other accounts can read it" in capsys.readouterr().err
    credentials.chmod(0o600)
    assert main(["room", "status", "--url", without_user(room_url),
                 "--credentials", str(credentials)]) == 1
    err = capsys.readouterr().err
    assert "password authentication failed" in err and "Traceback" not in err
