"""The room's migration 4 on a real PostgreSQL server: the records that make the room the
record (PINs, set-ups, classes, assignments, certificates) are append-only for every
role, a station can never pin an instructor's key, a second "attempt 1" of one set-up is
refused, and the roster's running totals match the answers (issue 20 item 3, issue 21)."""

from __future__ import annotations

import json

import psycopg
import pytest
from room_server import STATION_PASSWORD, as_role
from test_room_schema_and_roles import STAMP, send_one_answer

from trainer.room.schema import RECORD_TABLES, ROOM_OF_RECORD_TABLES, STATION_ROLE

KEY = "A" * 43 + "="


def station_url(room_url: str) -> str:
    return as_role(room_url, STATION_ROLE, STATION_PASSWORD)


def send_exam(conn: psycopg.Connection, uid: str, seq: int, attempt: int,
              name: str = "Audition") -> None:
    conn.execute(
        "INSERT INTO exams (uid, trainee, rounds, ruleset_id, pass_mark, started, setup_json,"
        " attempt, station, station_seq) VALUES (%s, 't-1', 10, 'ny-2018', 80, %s, %s, %s,"
        " 'st-1', %s)", (uid, STAMP, json.dumps({"name": name}), attempt, seq))


def test_a_second_attempt_1_of_one_set_up_is_refused_whatever_the_station(
        room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        send_exam(conn, "e-1", 1, attempt=1)
        send_exam(conn, "e-2", 2, attempt=2)
        send_exam(conn, "e-other", 3, attempt=1, name="Final")  # another set-up: its own 1
        with pytest.raises(psycopg.errors.UniqueViolation):
            send_exam(conn, "e-rolled-back", 4, attempt=1, name="audition")  # any case
        (count,) = conn.execute("SELECT count(*) FROM exams").fetchone() or (0,)
    assert count == 3


def test_a_station_reads_the_pinned_keys_but_can_never_pin_one(room_url: str,
                                                              admin_url: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute("SET ROLE hhe_room_owner")
        conn.execute("INSERT INTO instructor_keys (name, public_key, pinned)"
                     " VALUES ('Maria', %s, true)", (KEY,))
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        assert conn.execute("SELECT name FROM instructor_keys").fetchall() == [("Maria",)]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO instructor_keys (name, public_key, pinned)"
                         " VALUES ('Trainee', %s, true)", ("B" * 43 + "=",))
    with (psycopg.connect(admin_url, autocommit=True) as conn,
          pytest.raises(psycopg.errors.InsufficientPrivilege)):  # even IT: add a row instead
        conn.execute("UPDATE instructor_keys SET pinned = false")


@pytest.mark.parametrize("statement", [
    "UPDATE trainee_pins SET pin_hash = NULL",
    "DELETE FROM trainee_pins",
    "UPDATE classes SET name = 'Other'",
    "DELETE FROM certifications",
    "TRUNCATE assignments CASCADE",
])
def test_the_room_of_record_tables_are_append_only_for_a_station(
        room_url: str, statement: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn)
        conn.execute("INSERT INTO trainee_pins (uid, trainee, pin_hash, set_at, station)"
                     " VALUES ('p-1', 't-1', 'scrypt$x', %s, 'st-1')", (STAMP,))
        conn.execute("INSERT INTO classes (uid, name, starts, created, station)"
                     " VALUES ('c-1', 'November', '2026-11-02', %s, 'st-1')", (STAMP,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
        (pins,) = conn.execute("SELECT count(*) FROM trainee_pins").fetchone() or (0,)
    assert pins == 1


def test_every_room_of_record_table_refuses_update_and_delete_even_to_the_owner(
        admin_url: str, room_url: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        triggers = {row[0] for row in conn.execute(
            "SELECT event_object_table FROM information_schema.triggers"
            " WHERE trigger_name LIKE '%append_only' AND event_manipulation = 'DELETE'")}
    assert set(ROOM_OF_RECORD_TABLES) | {"instructor_keys"} <= triggers
    # TRUNCATE's trigger runs for the statement, rows or none: try it on every table.
    for table in (*RECORD_TABLES, *ROOM_OF_RECORD_TABLES, "instructor_keys",
                  "refused_records"):
        with (psycopg.connect(admin_url, autocommit=True) as conn,
              pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only")):
            conn.execute(f"TRUNCATE {table} CASCADE")


def test_the_roster_totals_count_each_answer_once_as_it_arrives(room_url: str) -> None:
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        send_one_answer(conn, seq=1)
        send_one_answer(conn, seq=2)
        send_one_answer(conn, seq=2)  # sent again: ON CONFLICT, nothing added
        conn.execute(
            "INSERT INTO answers (uid, round, question_id, kind, skill, expected, given,"
            " correct, seconds, answered_at, station, station_seq) VALUES ('a-wrong', 'r-1',"
            " 'q2', 'payout', 'ante', '10.00', '7.50', false, 4.0,"
            " '2026-11-02T09:05:00+00:00', 'st-1', 3)")
        totals = conn.execute(
            "SELECT answers, correct, seconds, last_answered FROM trainee_totals").fetchall()
    # Worked by hand: two right answers of 2.5 s (seq 1, 2) and one wrong of 4.0 s.
    assert totals == [(3, 2, 9.0, "2026-11-02T09:05:00+00:00")]
