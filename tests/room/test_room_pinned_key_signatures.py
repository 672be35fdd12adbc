"""Instructors' keys pinned on the room server (issue 21), against a real PostgreSQL: only
IT's owner role writes ``instructor_keys``; ``verify CODE`` on a station whose site file
has ``[room]`` counts a key pinned only in the room, and no longer counts one the room
unpinned."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import psycopg
import pytest
from room_server import STATION_PASSWORD, without_user
from stations import station_url

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.cli import VERIFY_NOT_SIGNED, VERIFY_VALID, main
from trainer.room.admin import RoomError
from trainer.room.credentials import Credentials, write_credentials
from trainer.room.keys import change_key
from trainer.room.schema import STATION_ROLE
from trainer.storage import NewAnswer, open_database

PASSWORD = "correct horse battery"


@pytest.fixture
def certificate(private_data_dir: Path) -> tuple[str, str]:
    """Pat signed off Ana's passed exam on this station; (the certificate's code, Pat's
    public key). Nothing is pinned yet."""
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Pat", PASSWORD)
        _, key = db.instructor_public_key("Pat", PASSWORD)
        config = create_exam_config(db, "Audition", 1, RULES, 80)
        ana = db.create_trainee("Ana", at=T0)
        exam = db.start_exam(ana, config, at=T0)
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=T0)
        for number in range(5):
            db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                       "$10.00", "10", True, 3.0), at=T0)
        db.finish_exam(exam.id, at=T0 + timedelta(minutes=5))
        code = db.certify(ana, exam.id, "Pat", password=PASSWORD).code
    return code, key


def _site(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch, room: str,
          pinned: str | None = None) -> None:
    """A site file with [room] (the stations' credentials beside it) and, when given, Pat's
    key pinned in it too."""
    credentials = private_data_dir.parent / "room-station.toml"
    if not credentials.exists():
        write_credentials(credentials, Credentials(STATION_ROLE, STATION_PASSWORD))
    site = private_data_dir.parent / "site.toml"
    text = f'[room]\ndatabase = "{room}"\ncredentials = "{credentials}"\n'
    if pinned is not None:
        text += f'[signing]\ninstructors = {{ "Pat" = "{pinned}" }}\n'
    site.write_text(text, encoding="utf-8")
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))


def _verify(code: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    result = main(["verify", code])
    return result, capsys.readouterr().out


def test_a_station_cannot_pin_a_key(room_url: str, certificate: tuple[str, str],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    _, key = certificate
    with psycopg.connect(station_url(room_url)) as conn, pytest.raises(
            psycopg.errors.InsufficientPrivilege):
        conn.execute("INSERT INTO instructor_keys (name, public_key, pinned)"
                     " VALUES ('Pat', %s, true)", (key,))
    with pytest.raises(RoomError, match="this account may not pin keys in the room"):
        change_key(station_url(room_url), "Pat", key, pinned=True)
    assert main(["room", "pin-key", "Pat", key, "--admin-url", station_url(room_url)]) == 1
    err = capsys.readouterr().err
    assert "may not pin keys" in err and "nothing was changed" in err
    assert "Traceback" not in err
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT count(*) FROM instructor_keys").fetchone() == (0,)


def test_verify_accepts_a_certificate_whose_key_is_pinned_only_in_the_room(
        room_url: str, certificate: tuple[str, str], private_data_dir: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, key = certificate
    _site(private_data_dir, monkeypatch, without_user(room_url))
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED  # nothing pinned anywhere yet
    assert "NOT by a key the site file or the room pins" in out

    assert main(["room", "pin-key", "Pat", key, "--admin-url", room_url]) == 0
    assert f"Pinned in the room: Pat's key {key}." in capsys.readouterr().out
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID, out
    assert "signature: by Pat's key, pinned in the room" in out
    assert f"keys pinned in the room {without_user(room_url)}" in out
    with psycopg.connect(room_url) as conn:  # who pinned it, as the server saw it
        assert conn.execute("SELECT name, pinned, changed_by FROM instructor_keys"
                            ).fetchall() == [("Pat", True, "postgres")]


def test_a_key_unpinned_in_the_room_exits_5_even_where_the_site_file_pins_it(
        room_url: str, certificate: tuple[str, str], private_data_dir: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, key = certificate
    _site(private_data_dir, monkeypatch, without_user(room_url), pinned=key)
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID  # the site file's pin still counts
    assert "signature: by Pat's key, pinned in the site file" in out

    assert main(["room", "pin-key", "pat", key, "--admin-url", room_url]) == 0
    assert main(["room", "unpin-key", "Pat", key, "--admin-url", room_url]) == 0
    assert f"Unpinned in the room: Pat's key {key}." in capsys.readouterr().out
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED
    assert "This certificate proves nothing." in out
    _site(private_data_dir, monkeypatch, without_user(room_url))  # the room's alone
    assert _verify(code, capsys)[0] == VERIFY_NOT_SIGNED
    assert main(["room", "pin-key", "Pat", key, "--admin-url", room_url]) == 0  # again
    assert _verify(code, capsys)[0] == VERIFY_VALID


def test_unpinning_a_key_the_room_never_pinned_is_refused(
        room_url: str, certificate: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _, key = certificate
    assert main(["room", "unpin-key", "Pat", key, "--admin-url", room_url]) == 1
    assert "nothing to unpin" in capsys.readouterr().err
    assert main(["room", "pin-key", "Pat", "not-a-key", "--admin-url", room_url]) == 2
    assert "PUBLIC_KEY: 'not-a-key' is not base64 text" in capsys.readouterr().err


def test_a_room_that_cannot_be_read_leaves_the_site_files_pins_and_says_so(
        certificate: tuple[str, str], private_data_dir: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, key = certificate
    offline = "postgresql://127.0.0.1:9/room?connect_timeout=2"
    _site(private_data_dir, monkeypatch, offline)
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED
    assert "the keys pinned in the room could not be read" in out
    assert "only the site file's pins counted" in out
    _site(private_data_dir, monkeypatch, offline, pinned=key)
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID
    assert "signature: by Pat's key, pinned in the site file" in out
