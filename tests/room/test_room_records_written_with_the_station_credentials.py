"""What a person with a station's account can do to the room by writing into it straight
with the stations' credentials (psql, or a script with the credentials file every
station holds), bypassing the trainer: each statement of docs/installing.md's "What a
person with a station's account can do to the room" (issue 20 item 4, issue 21 "Say
what remains"). Every station signs in to the server as the one role ``hhe_station``,
so the server cannot tell one station from another, nor a station from a script."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import psycopg
import pytest
from stations import (
    Station,
    receive,
    send,
    station_target,
    station_uids,
    station_url,
    uid_of,
)

from trainer.exam_setup import ExamSetup
from trainer.room.admin import quiet_stations
from trainer.room.outbox import UNVOUCHED, StationMismatch, sync_once
from trainer.room.schema import (
    INSTRUCTOR_ROLE,
    RECORD_TABLES,
    ROOM_OF_RECORD_TABLES,
    STATION_ROLE,
)
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database, seal
from trainer.storage.models import ExamRefused, NewAnswer
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.passwords import hash_pin

RULESET = "ny-2018"
PIN = "246813"
PASSWORD = "correct horse battery"
FORGED_AT = "2026-11-02T09:00:00+00:00"


def write(conn: psycopg.Connection, table: str, **values: object) -> None:
    """One row, as typed into psql with the stations' credentials."""
    names = ", ".join(values)
    marks = ", ".join(["%s"] * len(values))
    conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values()))


def room_row(conn: psycopg.Connection, query: str) -> tuple[object, ...]:
    row = conn.execute(query).fetchone()
    assert row is not None, query
    return tuple(row)


def test_a_record_written_straight_into_the_room_may_claim_any_stations_id_but_not_when_it_arrived(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, _b = stations
    a.answer(1)
    send(a, room_url)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        (round_uid,) = room_row(conn, "SELECT uid FROM rounds")
        write(conn, "answers", uid="forged-answer", round=round_uid, question_id="q-1",
              kind="payout", skill="ante", expected="10.00", given="10.00", correct=True,
              seconds=2.0, answered_at=FORGED_AT, station=a.db.station, station_seq=900,
              arrived="2001-01-01T00:00:00+00:00")
        write(conn, "stations", station="a-station-made-up")  # any id, even a new one
        station, arrived, now = room_row(
            conn, "SELECT station, arrived, now() FROM answers WHERE uid = 'forged-answer'")
        made_up = conn.execute("SELECT count(*) FROM stations"
                               " WHERE station = 'a-station-made-up'").fetchone()
    assert station == a.db.station  # the room takes it as station A's...
    assert isinstance(arrived, dt.datetime) and isinstance(now, dt.datetime)
    assert abs((now - arrived).total_seconds()) < 60  # ...stamped now, not in 2001
    assert made_up == (1,)


def test_a_row_written_under_a_stations_next_sequence_number_gets_its_own_row_refused_not_lost(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, _b = stations
    a.answer(1)
    send(a, room_url)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        (round_uid,) = room_row(conn, "SELECT uid FROM rounds")
        write(conn, "answers", uid="forged-answer", round=round_uid, question_id="q-1",
              kind="payout", skill="ante", expected="10.00", given="10.00", correct=True,
              seconds=2.0, answered_at=FORGED_AT, station=a.db.station, station_seq=2)
    a.answer(1)  # the station's answer 2: its sequence number is taken in the room
    own = station_uids(a.path, "answers")
    result = sync_once(StationOutbox.of(a.db), station_target(room_url))
    ((table, uid, problem),) = [(r.table, r.uid, r.problem) for r in result.refused]
    assert table == "answers" and uid in own
    assert problem.startswith("the room refused it (duplicate key value violates unique"
                              ' constraint "answers_station_seq"')
    with psycopg.connect(room_url) as conn:
        in_room = {str(row[0]) for row in conn.execute("SELECT uid FROM answers")}
        refused = conn.execute("SELECT uid FROM refused_records").fetchall()
    assert uid not in in_room and uid in station_uids(a.path, "answers")  # kept here
    assert refused == [(uid,)]  # and named in the room, for IT


def _forge_exam(conn: psycopg.Connection, *, trainee: str, station: str, setup_json: str,
                round_json: str | None, passed: bool) -> str:
    """An exam of one round written into the room for ``trainee``, as if sat at
    ``station``: with its round and one answer when ``round_json`` is given."""
    write(conn, "sessions", uid="forged-session", trainee=trainee, mode="exam",
          ruleset_id=RULESET, started=FORGED_AT, station=station, station_seq=901)
    write(conn, "session_ends", session="forged-session", ended="2026-11-02T09:05:00+00:00",
          station=station, station_seq=901)
    if round_json is not None:
        write(conn, "rounds", uid="forged-round", session="forged-session",
              ruleset_id=RULESET, ruleset_version=1, round_json=round_json,
              dealt_at="2026-11-02T09:01:00+00:00", station=station, station_seq=901)
        write(conn, "answers", uid="forged-answer", round="forged-round",
              question_id="q-payout-1", kind="payout", skill="ante", seat=1,
              expected="10.00", given="10.00" if passed else "5.00", correct=passed,
              seconds=4.0, answered_at="2026-11-02T09:02:00+00:00", station=station,
              station_seq=901)
    write(conn, "exams", uid="forged-exam", trainee=trainee, session="forged-session",
          rounds=1, ruleset_id=RULESET, pass_mark=50.0, started=FORGED_AT,
          setup_json=setup_json, attempt=1, station=station, station_seq=901)
    write(conn, "exam_finishes", exam="forged-exam", finished="2026-11-02T09:05:00+00:00",
          score=100.0 if passed else 0.0, passed=passed, station=station, station_seq=901)
    return "forged-exam"


def _final(db: TrainerDB) -> tuple[int, str]:
    """The one-attempt set-up "Final" on ``db``: its id, and its JSON as a station sends it."""
    config = db.create_exam_setup(ExamSetup("Final", 1, 50.0, None, RULESET, max_attempts=1))
    (setup_json,) = db.conn.execute("SELECT setup_json FROM exam_configs WHERE id = ?",
                                    (config,)).fetchone()
    assert json.loads(setup_json)["name"] == "Final"
    return config, str(setup_json)


def test_a_failed_attempt_written_in_a_trainees_name_uses_up_their_attempt(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    send(b, room_url)  # Ben is in the room
    b.db.room_required = True
    config, setup_json = _final(b.db)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        _forge_exam(conn, trainee=uid_of(b.db, b.trainee), station=b.db.station,
                    setup_json=setup_json, round_json=None, passed=False)
    receive(b, room_url, uid_of(b.db, b.trainee))  # Ben signs in at his own station
    with pytest.raises(ExamRefused, match="allows 1 attempt, and all 1 have been made"):
        b.db.start_exam(b.trainee, config)
    (exam,) = b.db.exam_results(b.trainee)
    seen = b.db.exam_evidence(exam.id)
    # It claims Ben's own station, which never held it: the sign-off cannot name where
    # it was sat (a station's own exams have their set-up here; this one came from the room).
    assert (seen.sat_at.station, seen.sat_at.here) == (None, False)
    assert seen.sat_at.label == (
        "another station (merged from a station file; which was not recorded)")
    assert seen.questions == 0
    # Station A's Ana is untouched: a row names one trainee.
    receive(a, room_url, uid_of(a.db, a.trainee))
    assert a.db.exam_results(a.trainee) == []


def test_a_passed_exam_with_its_answers_written_straight_into_the_room_can_be_signed_off(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """The room's checks are a station file's: a forged exam that is consistent (its
    score the recount of its answers, plausible times) is a station's exam to every
    station, sat where its rows say; an instructor who signs it off sees no flag."""
    a, b = stations
    send(a, room_url)
    send(b, room_url)
    _config, setup_json = _final(b.db)
    b.db.create_instructor("Pat", PASSWORD)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        (round_json,) = room_row(conn, "SELECT round_json FROM rounds LIMIT 1")
        _forge_exam(conn, trainee=uid_of(b.db, b.trainee), station=a.db.station,
                    setup_json=setup_json, round_json=str(round_json), passed=True)
    receive(b, room_url, uid_of(b.db, b.trainee))
    (exam,) = b.db.exam_results(b.trainee)
    assert (exam.passed, exam.score) == (True, 100.0)
    seen = b.db.exam_evidence(exam.id)
    assert (seen.sat_at.station, seen.sat_at.here) == (a.db.station, False)  # as claimed
    assert (seen.questions, seen.flags) == (1, ())
    assert b.db.check_records().altered == []  # sealed here as it arrived
    certificate = b.db.certify(b.trainee, exam.id, "Pat", password=PASSWORD)
    assert certificate.exam_id == exam.id


def test_any_trainees_pin_can_be_set_or_removed_by_a_row_written_straight_into_the_room(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, _b = stations
    a.db.set_trainee_pin(a.trainee, PIN)
    send(a, room_url)
    ana = uid_of(a.db, a.trainee)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        write(conn, "stations", station="a-station-made-up")
        write(conn, "trainee_pins", uid="forged-pin", trainee=ana, pin_hash=hash_pin("111999"),
              set_at=FORGED_AT, station="a-station-made-up")
    receive(a, room_url)
    assert a.db.check_trainee_pin(a.trainee, "111999").accepted  # the forger's PIN
    assert not a.db.check_trainee_pin(a.trainee, PIN).accepted  # hers no longer
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        write(conn, "trainee_pins", uid="forged-no-pin", trainee=ana, pin_hash=None,
              set_at=FORGED_AT, station="a-station-made-up")
    receive(a, room_url)
    assert not a.db.trainee_has_pin(a.trainee)  # removed at every station
    assert a.db.check_records().altered == []  # taken as the room's, not as an alteration


def test_a_station_account_can_make_any_station_look_just_heard_from(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, _b = stations
    send(a, room_url)
    with psycopg.connect(room_url, autocommit=True) as admin:  # A went quiet 20 min ago
        admin.execute("UPDATE stations SET last_seen = now() - interval '20 minutes',"
                      " waiting = 7")
    target = station_target(room_url)
    assert [(q.station, q.waiting) for q in quiet_stations(target.url, target.credentials)] == [
        (a.db.station, 7)]
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        conn.execute("UPDATE stations SET last_seen = now(), waiting = 0 WHERE station = %s",
                     (a.db.station,))
    assert quiet_stations(target.url, target.credentials) == ()


def test_the_station_role_updates_only_marks_and_last_seen_and_the_instructor_role_only_reads(
        room_url: str) -> None:
    """Every table of the room, read from the server's own catalogue: the station role's
    rights are SELECT and INSERT, plus UPDATE on ``stations`` and ``station_marks``; no
    DELETE or TRUNCATE anywhere; the instructor role reads and writes nothing."""
    with psycopg.connect(room_url) as conn:
        tables = [str(row[0]) for row in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]

        def rights(role: str, table: str) -> set[str]:
            return {right for right in ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE")
                    if conn.execute("SELECT has_table_privilege(%s, %s, %s)",
                                    (role, f"public.{table}", right)).fetchone() == (True,)}

        station = {table: rights(STATION_ROLE, table) for table in tables}
        instructor = {table: rights(INSTRUCTOR_ROLE, table) for table in tables}
    assert set(RECORD_TABLES) | set(ROOM_OF_RECORD_TABLES) <= set(tables)
    for table in (*RECORD_TABLES, *ROOM_OF_RECORD_TABLES, "refused_records"):
        assert station[table] == {"SELECT", "INSERT"}, table
    assert station["stations"] == station["station_marks"] == {"SELECT", "INSERT", "UPDATE"}
    for table in ("instructor_keys", "skill_recent", "trainee_totals"):
        assert station[table] == {"SELECT"}, table
    assert station["room_schema"] == {"SELECT"}
    assert not any(station[table] & {"DELETE", "TRUNCATE"} for table in tables)
    assert all(instructor[table] <= {"SELECT"} for table in tables)
    assert instructor["answers"] == instructor["exams"] == {"SELECT"}


def _sit_final(station: Station, *, correct: bool) -> int:
    """Station's trainee sits the one-attempt "Final" (one round, one answer); its id."""
    config, _ = _final(station.db)
    exam = station.db.start_exam(station.trainee, config)
    assert exam.session_id is not None
    station.session = exam.session_id
    station.new_round()
    station.db.record_answer(NewAnswer(
        round_id=station.round, question_id="q-payout-1", kind=QuestionKind.PAYOUT,
        skill=Skill.ANTE, seat=1, wager=None, expected="10.00",
        given="10.00" if correct else "5.00", correct=correct, seconds=4.0))
    station.db.finish_exam(exam.id)
    return exam.id


def _edit_to_a_pass(station: Station, exam_id: int, *, reseal: bool) -> None:
    """What a person at the station types into sqlite3: the exam's answers right, the
    exam 100 % / passed; with ``reseal``, every chain sealed again with the station's
    real secret (its ``station-secret.key``)."""
    conn = sqlite3.connect(station.path)
    with conn:
        conn.execute("UPDATE answers SET given = expected, correct = 1")
        conn.execute("UPDATE exams SET score = 100.0, passed = 1 WHERE id = ?", (exam_id,))
        if reseal:
            assert station.db.secret.key is not None
            for table in seal.SPECS:
                conn.execute(f"UPDATE {table} SET seal = NULL")
            conn.execute("DELETE FROM meta WHERE key LIKE 'seal_head:%'")
            seal.seal_on_upgrade(conn, station.db.secret)
    conn.close()


def _room_results(room_url: str) -> list[tuple[object, ...]]:
    with psycopg.connect(room_url) as conn:
        return [tuple(row) for row in conn.execute(
            "SELECT e.attempt, f.score, f.passed FROM exams e"
            " LEFT JOIN exam_finishes f ON f.exam = e.uid")]


def test_an_exam_edited_without_the_key_before_it_was_sent_reaches_the_room_without_its_result(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """A plain sqlite3 edit reads ALTERED on its station; the room, which keeps no seal,
    does not take the altered answer nor the result (a station file flags the same), so
    no station receives them sealed as good. The exam itself is sent: its attempt counts."""
    a, b = stations
    exam = _sit_final(a, correct=False)
    _edit_to_a_pass(a, exam, reseal=False)
    assert {f.table for f in a.db.check_records().altered} == {"answers", "exams"}
    result = sync_once(StationOutbox.of(a.db), station_target(room_url))
    refused = {(r.table, r.problem) for r in result.refused}
    assert refused == {("answers", UNVOUCHED), ("exam_finishes", UNVOUCHED)}
    assert _room_results(room_url) == [(1, None, None)]  # attempt 1, no result
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT count(*) FROM refused_records").fetchone() == (2,)
    receive(b, room_url)
    ana = [t.id for t in b.db.list_trainees() if t.name == "Ana"]
    (seen,) = b.db.exam_results(ana[0])
    assert (seen.finished, seen.passed) == (None, None)  # cannot be signed off anywhere


def test_an_exam_edited_and_resealed_with_the_real_key_before_it_was_sent_is_the_rooms_pass(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """Not stopped: a station holds its own secret, so an exam edited on it before it
    reached the room (a station unplugged from the network) and sealed again is sent as a
    good exam, and every station receives the pass."""
    a, b = stations
    exam = _sit_final(a, correct=False)
    _edit_to_a_pass(a, exam, reseal=True)
    assert a.db.check_records().altered == []
    send(a, room_url)
    assert _room_results(room_url) == [(1, 100.0, True)]
    receive(b, room_url)
    ana = [t.id for t in b.db.list_trainees() if t.name == "Ana"]
    assert [e.passed for e in b.db.exam_results(ana[0])] == [True]


def test_an_exam_edited_at_its_station_after_it_reached_the_room_changes_nothing_there(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    exam = _sit_final(a, correct=False)
    send(a, room_url)
    _edit_to_a_pass(a, exam, reseal=True)
    assert a.db.exam_results(a.trainee)[0].passed is True  # the station's own copy
    assert sync_once(StationOutbox.of(a.db), station_target(room_url)).sent == {}
    assert _room_results(room_url) == [(1, 0.0, False)]
    receive(b, room_url)
    ana = [t.id for t in b.db.list_trainees() if t.name == "Ana"]
    assert [e.passed for e in b.db.exam_results(ana[0])] == [False]


def test_a_mark_moved_forward_to_a_row_of_the_station_makes_it_skip_the_rows_before(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """The person at the station reads its own SQLite file, so can name a row the
    station holds: the station then counts the rows up to it as in the room. They stay
    on the station, not in the room, and nothing says they wait."""
    a, _b = stations
    a.answer(1)
    send(a, room_url)
    a.answer(3, per_round=9)  # answers 2, 3 and 4
    conn = sqlite3.connect(a.path)
    try:
        (uid_3,) = conn.execute("SELECT uid FROM answers WHERE id = 3").fetchone()
    finally:
        conn.close()
    with psycopg.connect(station_url(room_url), autocommit=True) as room:
        room.execute("UPDATE station_marks SET sent_through = 3, last_uid = %s"
                     " WHERE station = %s AND record_table = 'answers'", (uid_3, a.db.station))
    result = sync_once(StationOutbox.of(a.db), station_target(room_url))
    assert result.sent.get("answers") == 1 and result.waiting.answers == 0
    with psycopg.connect(room_url) as room:
        in_room = sorted(room.execute("SELECT station_seq FROM answers").fetchall())
    assert in_room == [(1,), (4,)]  # 2 and 3 skipped
    assert len(station_uids(a.path, "answers")) == 4  # all four still on the station


def _fake_received(station: Station) -> None:
    """What a person at the station types into sqlite3: "the room's records came just now"
    (``meta``'s ``room_received:<trainee uid>``, which no seal covers)."""
    conn = sqlite3.connect(station.path)
    with conn:
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key)"
                     " DO UPDATE SET value = excluded.value",
                     ("room_received:" + uid_of(station.db, station.trainee),
                      dt.datetime.now(dt.UTC).isoformat()))
    conn.close()


def test_an_exam_with_a_limit_starts_offline_once_the_received_stamp_is_set_by_hand(
        tmp_path: Path) -> None:
    """With [room], an exam that counts attempts starts only when the trainee's records
    came from the room in the last minute; the stamp that says so is the station's own,
    so a person at a station cut off from the room can set it and start the exam."""
    station = Station(tmp_path / "offline.sqlite3", trainee="Eve", seed=4)
    try:
        station.db.room_required = True
        config, _ = _final(station.db)
        refusal = station.db.exam_refusal(station.trainee, config)
        assert refusal is not None and str(refusal).startswith(
            "The room is offline: this station has not yet received your records")
        _fake_received(station)
        assert station.db.start_exam(station.trainee, config).attempt == 1
    finally:
        station.close()


def test_a_retake_sat_on_a_rolled_back_station_never_reaches_the_room(
        room_url: str, stations: tuple[Station, Station], tmp_path: Path) -> None:
    """A station's data folder put back from a copy made before a failed attempt: with
    the received stamp set by hand the retake starts there (nothing on the station knows
    better), but the station no longer matches what the room has from it, so it sends
    nothing, and every other station keeps the failed attempt."""
    a, b = stations
    _final(a.db)
    send(a, room_url)
    copy = tmp_path / "copy.sqlite3"
    source, target = sqlite3.connect(a.path), sqlite3.connect(copy)
    source.backup(target)
    source.close()
    target.close()
    config = next(c.id for c in a.db.list_exam_configs() if c.name == "Final")
    exam = a.db.start_exam(a.trainee, config)
    assert exam.session_id is not None
    a.session = exam.session_id
    a.new_round()
    a.db.record_answer(NewAnswer(
        round_id=a.round, question_id="q-payout-1", kind=QuestionKind.PAYOUT,
        skill=Skill.ANTE, seat=1, wager=None, expected="10.00", given="5.00",
        correct=False, seconds=4.0))
    a.db.finish_exam(exam.id)
    send(a, room_url)
    assert _room_results(room_url) == [(1, 0.0, False)]  # 0 of 1: failed
    a.db.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{a.path}{suffix}").unlink(missing_ok=True)
    copy.rename(a.path)
    a.db = open_database(a.path, backup_on_session=False)
    a.db.room_required = True
    _fake_received(a)
    retake = a.db.start_exam(a.trainee, config)
    assert retake.attempt == 1  # the station has forgotten the first
    with pytest.raises(StationMismatch, match="not the one the room has"):
        sync_once(StationOutbox.of(a.db), station_target(room_url))
    assert _room_results(room_url) == [(1, 0.0, False)]
    receive(b, room_url)
    ana = [t.id for t in b.db.list_trainees() if t.name == "Ana"]
    assert [(e.attempt, e.passed) for e in b.db.exam_results(ana[0])] == [(1, False)]
