"""The room's migration 6 on a real PostgreSQL server: ``trainee_languages``, each
language a trainee chose and when, append-only for every role and stamped by the server
like ``trainee_pins`` (issues 20 and 24)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from room_server import STATION_PASSWORD, as_role
from stations import Station, station_target
from test_room_schema_and_roles import send_one_answer

import trainer.room.admin as admin
from trainer.room.outbox import sync_once
from trainer.room.schema import STATION_ROLE
from trainer.storage.outbox_reads import StationOutbox

CHOSEN = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def station_url(room_url: str) -> str:
    return as_role(room_url, STATION_ROLE, STATION_PASSWORD)


def choose(conn: psycopg.Connection, uid: str, language: str | None,
           chosen_at: datetime = CHOSEN) -> None:
    conn.execute("INSERT INTO trainee_languages (uid, trainee, language, chosen_at, station)"
                 " VALUES (%s, 't-1', %s, %s, 'st-1') ON CONFLICT (uid) DO NOTHING",
                 (uid, language, chosen_at))


def test_migration_6_adds_the_languages_to_a_room_at_schema_5_and_keeps_its_records(
        admin_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admin, "ROOM_SCHEMA_VERSION", 5)
    admin.init_room(admin_url, STATION_PASSWORD)
    station = Station(tmp_path / "a.sqlite3")
    try:
        station.db.set_trainee_language(station.trainee, "es")
        station.answer(2)
        # A room at schema 5 has no languages: the sender sends the rest and no language.
        result = sync_once(StationOutbox.of(station.db), station_target(admin_url))
        assert result.sent["answers"] == 2 and "trainee_languages" not in result.sent
        with psycopg.connect(admin_url) as conn:
            assert conn.execute("SELECT to_regclass('public.trainee_languages')"
                                ).fetchone() == (None,)
        monkeypatch.setattr(admin, "ROOM_SCHEMA_VERSION", 6)
        assert admin.init_room(admin_url, STATION_PASSWORD) == admin.Migrated(5, 6)
        result = sync_once(StationOutbox.of(station.db), station_target(admin_url))
        assert result.sent == {"trainee_languages": 1}
        with psycopg.connect(admin_url) as conn:
            assert conn.execute("SELECT language FROM trainee_languages").fetchall() == [
                ("es",)]
            assert conn.execute("SELECT count(*) FROM answers").fetchone() == (2,)
    finally:
        station.close()


def test_a_language_choice_sent_twice_is_stored_once_and_stamped_by_the_server(
        room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        before = conn.execute("SELECT now()").fetchone()
        choose(conn, "l-1", "es")
        choose(conn, "l-1", "es")
        choose(conn, "l-2", None)  # back to the room's default: a row of its own
        conn.execute(
            "INSERT INTO trainee_languages (uid, trainee, language, chosen_at, station,"
            " arrived) VALUES ('l-3', 't-1', 'en', %s, 'st-1', '2001-01-01T00:00:00Z')",
            (CHOSEN,))
        rows = conn.execute("SELECT uid, language, arrived FROM trainee_languages"
                            " ORDER BY uid").fetchall()
    assert [(uid, language) for uid, language, _ in rows] == [
        ("l-1", "es"), ("l-2", None), ("l-3", "en")]
    assert before is not None
    assert all(arrived >= before[0] for _, _, arrived in rows)  # not the 2001 it claimed


@pytest.mark.parametrize("statement", [
    "UPDATE trainee_languages SET language = 'en'",
    "DELETE FROM trainee_languages",
    "TRUNCATE trainee_languages",
])
def test_the_station_role_may_never_change_or_remove_a_language_choice(
        room_url: str, statement: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        choose(conn, "l-1", "es")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
        assert conn.execute("SELECT language FROM trainee_languages").fetchall() == [("es",)]


@pytest.mark.parametrize("statement", [
    "UPDATE trainee_languages SET language = 'en'",
    "DELETE FROM trainee_languages",
    "TRUNCATE trainee_languages",
])
def test_the_language_choices_refuse_changes_even_from_the_servers_admin(
        room_url: str, statement: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        choose(conn, "l-1", "es")
    with psycopg.connect(room_url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            conn.execute(statement)
        assert conn.execute("SELECT count(*) FROM trainee_languages").fetchone() == (1,)


@pytest.mark.parametrize(("language", "chosen_at"), [
    ("Spanish!", CHOSEN),  # not a code's outline
    ("x" * 36, CHOSEN),  # too long
    ("e", CHOSEN),  # too short
    ("es", datetime.now(UTC) + timedelta(days=2)),  # chosen after it arrived, by a day
])
def test_the_room_refuses_a_language_choice_of_the_wrong_shape_or_from_the_future(
        room_url: str, language: str, chosen_at: datetime) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        with pytest.raises(psycopg.errors.CheckViolation):
            choose(conn, "l-1", language, chosen_at)
        choose(conn, "l-2", "pt_BR", datetime.now(UTC) + timedelta(hours=20))  # a slow clock
        assert conn.execute("SELECT uid FROM trainee_languages").fetchall() == [("l-2",)]


def test_the_newest_choice_of_a_trainee_is_read_by_the_index(room_url: str) -> None:
    with psycopg.connect(room_url, autocommit=True) as conn:
        index = conn.execute("SELECT indexdef FROM pg_indexes"
                             " WHERE indexname = 'trainee_languages_newest'").fetchone()
    assert index is not None
    assert "(trainee, chosen_at DESC, uid DESC)" in str(index[0])
