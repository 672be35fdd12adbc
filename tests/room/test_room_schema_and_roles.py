"""The room database on a real PostgreSQL server: its schema, its roles, append-only
records and the server's arrival stamps (issue 20, items 1 and 4)."""

from __future__ import annotations

import datetime as dt
import os
import stat
from pathlib import Path

import psycopg
import pytest
from room_server import STATION_PASSWORD, as_role, without_user

from trainer.room.admin import RoomError, init_room, room_status
from trainer.room.credentials import (
    Credentials,
    CredentialsError,
    read_credentials,
    write_credentials,
)
from trainer.room.schema import RECORD_TABLES, ROOM_SCHEMA_VERSION, STATION_ROLE, Migrated

STAMP = "2026-11-02T09:00:00+00:00"


def station_url(room_url: str) -> str:
    return as_role(room_url, STATION_ROLE, STATION_PASSWORD)


def send_one_answer(conn: psycopg.Connection, *, seq: int = 1, station: str = "st-1",
                    arrived: str | None = None) -> None:
    """A trainee, session, round and answer as a station sends them (each once)."""
    conn.execute("INSERT INTO stations (station) VALUES (%s) ON CONFLICT DO NOTHING", (station,))
    rows = [
        ("trainees", "uid, name, created", ("t-1", "Ana", STAMP)),
        ("sessions", "uid, trainee, mode, ruleset_id, started",
         ("s-1", "t-1", "practice", "ny-2018", STAMP)),
        ("rounds", "uid, session, ruleset_id, ruleset_version, round_json, dealt_at",
         ("r-1", "s-1", "ny-2018", 1, "{}", STAMP)),
    ]
    for table, columns, values in rows:
        marks = ", ".join(["%s"] * (len(values) + 2))
        conn.execute(f"INSERT INTO {table} ({columns}, station, station_seq) VALUES ({marks})"
                     " ON CONFLICT DO NOTHING", (*values, station, 1))
    conn.execute(
        "INSERT INTO answers (uid, round, question_id, kind, skill, expected, given, correct,"
        " seconds, answered_at, station, station_seq, arrived)"
        " VALUES (%s, 'r-1', 'q1', 'payout', 'ante', '10.00', '10.00', true, 2.5, %s, %s, %s,"
        " COALESCE(%s::timestamptz, now())) ON CONFLICT DO NOTHING",
        (f"a-{station}-{seq}", STAMP, station, seq, arrived))


def test_room_init_creates_the_schema_once_and_again_changes_nothing(admin_url: str) -> None:
    assert init_room(admin_url, STATION_PASSWORD) == Migrated(0, ROOM_SCHEMA_VERSION)
    assert init_room(admin_url, STATION_PASSWORD) == Migrated(ROOM_SCHEMA_VERSION,
                                                              ROOM_SCHEMA_VERSION)
    with psycopg.connect(admin_url) as conn:
        tables = {row[0] for row in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        owners = {row[0] for row in conn.execute(
            "SELECT tableowner FROM pg_tables WHERE schemaname = 'public'")}
    assert set(RECORD_TABLES) | {"stations", "room_schema"} <= tables
    assert owners == {"hhe_room_owner"}


def test_the_server_stamps_when_a_record_arrived_whatever_the_station_sent(
        room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn, arrived="2001-01-01T00:00:00+00:00")
        (arrived, now) = conn.execute(
            "SELECT arrived, now() FROM answers").fetchone() or (None, None)
    assert isinstance(arrived, dt.datetime) and isinstance(now, dt.datetime)
    assert abs((now - arrived).total_seconds()) < 60


@pytest.mark.parametrize("statement", [
    "UPDATE answers SET correct = NOT correct",
    "DELETE FROM answers",
    "TRUNCATE answers CASCADE",
    "UPDATE exams SET pass_mark = 0",
    "DELETE FROM exams",
    "UPDATE trainees SET name = 'Someone else'",
    "DELETE FROM exam_finishes",
])
def test_the_station_role_may_never_change_or_remove_a_record(
        room_url: str, statement: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
        assert conn.execute("SELECT COUNT(*) FROM answers").fetchone() == (1,)


@pytest.mark.parametrize("statement", [
    "UPDATE answers SET correct = NOT correct",
    "DELETE FROM answers",
    "TRUNCATE answers CASCADE",
])
def test_the_records_refuse_changes_even_from_the_servers_admin(
        room_url: str, statement: str) -> None:
    """The trigger holds for every role; only dropping it (a schema change, logged by
    the server as DDL) would lift it."""
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
    with psycopg.connect(room_url, autocommit=True) as admin:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            admin.execute(statement)
        assert admin.execute("SELECT COUNT(*) FROM answers").fetchone() == (1,)


def test_a_row_sent_twice_is_stored_once(room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn, seq=1)
        send_one_answer(conn, seq=1)
        send_one_answer(conn, seq=2)
        assert conn.execute("SELECT COUNT(*) FROM answers").fetchone() == (2,)
        # The same station sequence under another uid is refused, not doubled.
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute(
                "INSERT INTO answers (uid, round, question_id, kind, skill, expected, correct,"
                " seconds, answered_at, station, station_seq) VALUES ('other', 'r-1', 'q',"
                " 'payout', 'ante', '1', true, 1, %s, 'st-1', 2)", (STAMP,))


def test_a_room_newer_than_this_trainer_is_refused_and_left_alone(room_url: str) -> None:
    with psycopg.connect(room_url, autocommit=True) as conn:
        conn.execute("SET ROLE hhe_room_owner")
        conn.execute("UPDATE room_schema SET version = 99")
    with pytest.raises(RoomError, match="schema 99, newer than this trainer's"):
        init_room(room_url, STATION_PASSWORD)
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT version FROM room_schema").fetchone() == (99,)


def test_an_unreachable_server_is_said_in_a_sentence() -> None:
    with pytest.raises(RoomError, match="could not be reached"):
        init_room("postgresql://postgres:x@127.0.0.1:9/room?connect_timeout=2", "pw")


def test_room_status_names_the_stations_seen_and_their_answers(room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn, seq=1, station="st-1")
        send_one_answer(conn, seq=2, station="st-1")
        conn.execute("UPDATE stations SET waiting = 12 WHERE station = 'st-1'")
    status = room_status(without_user(room_url), Credentials(STATION_ROLE, STATION_PASSWORD))
    assert status.schema_version == ROOM_SCHEMA_VERSION
    assert [(seen.station, seen.waiting, seen.answers) for seen in status.stations] == [
        ("st-1", 12, 2)]


def test_credentials_are_written_private_and_never_over_a_file(tmp_path: Path) -> None:
    path = write_credentials(tmp_path / "room.toml", Credentials("hhe_station", "s3cret"))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert read_credentials(path) == Credentials("hhe_station", "s3cret")
    with pytest.raises(CredentialsError, match="already exists"):
        write_credentials(path, Credentials("hhe_station", "other"))
    assert read_credentials(path).password == "s3cret"
    assert "s3cret" not in repr(read_credentials(path))


@pytest.mark.parametrize(("text", "problem"), [
    ('user = "hhe_station"\n', "password must be text"),
    ('user = "hhe_station"\npassword = 7\n', "password must be text"),
    ('user = "hhe_station"\npassword = "x"\nhost = "elsewhere"\n', "unknown key 'host'"),
    ("user = \n", "not TOML"),
])
def test_a_bad_credentials_file_is_refused_naming_what_is_wrong(
        tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "room.toml"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o600)
    with pytest.raises(CredentialsError, match=problem):
        read_credentials(path)


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_credentials_other_accounts_can_read_are_refused(tmp_path: Path) -> None:
    path = write_credentials(tmp_path / "room.toml", Credentials("hhe_station", "s3cret"))
    path.chmod(0o644)
    with pytest.raises(CredentialsError, match="other accounts can read it"):
        read_credentials(path)
