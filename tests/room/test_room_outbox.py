"""Sending a station's records to the room: once each, in order, nothing refused
silently, and never from a database the room does not know (issue 20, item 2)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from stations import (
    Station,
    lost_and_doubled,
    room_uids,
    station_target,
    station_uids,
    station_url,
)

from trainer.room.admin import room_status
from trainer.room.outbox import StationMismatch, Waiting, sync_once, waiting
from trainer.storage.exchange import record_problem
from trainer.storage.outbox_reads import StationOutbox


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    made = Station(tmp_path / "station.sqlite3")
    yield made
    made.close()


def test_rows_recorded_on_a_station_arrive_once_and_a_second_sync_adds_nothing(
        room_url: str, station: Station) -> None:
    station.answer(5, per_round=3)  # rounds of 3 and 2 answers (the first round was dealt)
    outbox = StationOutbox.of(station.db)
    first = sync_once(outbox, station_target(room_url))
    assert first.sent == {"trainees": 1, "sessions": 1, "rounds": 2, "answers": 5}
    assert first.refused == ()
    assert first.waiting == Waiting(answers=0, records=0)
    again = sync_once(outbox, station_target(room_url))
    assert again.sent == {}
    for table in ("trainees", "sessions", "rounds", "answers"):
        assert lost_and_doubled(room_url, station.path, table) == (0, 0)
    assert sum(room_uids(room_url, "answers").values()) == 5


def test_rows_recorded_after_a_sync_arrive_at_the_next_with_the_sessions_end(
        room_url: str, station: Station) -> None:
    outbox = StationOutbox.of(station.db)
    station.answer(2)
    first = sync_once(outbox, station_target(room_url))
    assert first.sent["answers"] == 2
    station.answer(4, per_round=3)  # 1 more on the first round, then a new round of 3
    station.db.end_session(station.session)
    assert waiting(outbox, first.marks) == Waiting(answers=4, records=1 + 4 + 1)
    second = sync_once(outbox, station_target(room_url))
    assert second.sent == {"rounds": 1, "answers": 4, "session_ends": 1}
    assert sync_once(outbox, station_target(room_url)).sent == {}
    assert lost_and_doubled(room_url, station.path, "session_ends") == (0, 0)
    assert lost_and_doubled(room_url, station.path, "answers") == (0, 0)
    with psycopg.connect(room_url) as conn:
        ((station_seq, station_id),) = conn.execute(
            "SELECT station_seq, station FROM session_ends").fetchall()
    assert station_seq == station.session and station_id == station.db.station


def test_the_room_keeps_each_rows_station_and_its_sqlite_id(
        room_url: str, station: Station) -> None:
    station.answer(3)
    sync_once(StationOutbox.of(station.db), station_target(room_url))
    with psycopg.connect(room_url) as conn:
        rows = conn.execute(
            "SELECT station, station_seq FROM answers ORDER BY station_seq").fetchall()
        (seen,) = conn.execute("SELECT waiting FROM stations WHERE station = %s",
                               (station.db.station,)).fetchone() or (None,)
    assert rows == [(station.db.station, 1), (station.db.station, 2),
                    (station.db.station, 3)]
    assert seen == 0


def test_a_row_failing_the_station_file_checks_is_not_sent_and_is_recorded_as_refused(
        room_url: str, station: Station) -> None:
    station.answer(1)
    with sqlite3.connect(station.path) as conn:  # a round no trainer would write
        conn.execute(
            "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
            " dealt_at) VALUES ('bad-round', ?, 'ny-2018', 1, '{}', ?)",
            (station.session, "2026-11-02T09:00:00+00:00"))
        bad_round = int(conn.execute("SELECT id FROM rounds WHERE uid = 'bad-round'")
                        .fetchone()[0])
    station.round = bad_round
    station.answer(1, per_round=9)  # an answer on the refused round
    station.new_round()
    station.answer(1)
    result = sync_once(StationOutbox.of(station.db), station_target(room_url))
    assert result.sent == {"trainees": 1, "sessions": 1, "rounds": 2, "answers": 2}
    refused = {(r.table, r.uid): r.problem for r in result.refused}
    assert len(refused) == 2
    assert refused[("rounds", "bad-round")].startswith("round_json: is not a round")
    ((_table, uid), problem), = [item for item in refused.items() if item[0][0] == "answers"]
    assert "the room refused it" in problem and "foreign key" in problem
    with psycopg.connect(room_url) as conn:
        recorded = conn.execute(
            "SELECT record_table, uid FROM refused_records ORDER BY record_table").fetchall()
    assert recorded == [("answers", uid), ("rounds", "bad-round")]
    again = sync_once(StationOutbox.of(station.db), station_target(room_url))
    assert again.sent == {} and again.refused == ()
    assert again.waiting == Waiting(0, 0)  # refused rows do not wait for ever
    target = station_target(room_url)
    (seen,) = room_status(target.url, target.credentials).stations
    assert (seen.station, seen.answers, seen.waiting, seen.refused) == (
        station.db.station, 2, 0, 2)


def test_record_problem_is_the_station_files_own_check() -> None:
    good = {"uid": "s-1", "trainee": "t-1", "mode": "practice", "ruleset_id": "ny-2018",
            "started": "2026-11-02T09:00:00+00:00", "ended": None}
    assert record_problem("sessions", good) is None
    assert record_problem("sessions", {**good, "mode": "holiday"}) == (
        "mode: 'holiday' is not a session mode this trainer knows")
    assert record_problem("sessions", {**good, "ended": "2026-11-02T08:00:00+00:00"}) == (
        "ended: before the session started")


def test_a_finished_exam_is_sent_with_its_result(room_url: str, station: Station) -> None:
    from trainer.exam_setup import ExamSetup

    config = station.db.create_exam_setup(ExamSetup(
        name="Audition", rounds=5, ruleset_id="ny-2018", pass_mark=80.0))
    exam = station.db.start_exam(station.trainee, config)
    outbox = StationOutbox.of(station.db)
    first = sync_once(outbox, station_target(room_url))
    assert first.sent["exams"] == 1 and "exam_finishes" not in first.sent
    station.db.finish_exam(exam.id)
    second = sync_once(outbox, station_target(room_url))
    assert second.sent == {"exam_finishes": 1, "session_ends": 1}
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT exam, passed FROM exam_finishes").fetchall() == [
            (*station_uids(station.path, "exams"), False)]  # no round answered: 0 of 80 %


def test_a_database_the_room_does_not_know_under_this_stations_id_sends_nothing(
        room_url: str, station: Station, tmp_path: Path) -> None:
    station.answer(3)
    sync_once(StationOutbox.of(station.db), station_target(room_url))
    other = Station(tmp_path / "restored.sqlite3", trainee="Bo", seed=9)
    try:
        other.db.close()
        with sqlite3.connect(other.path) as conn:  # the same station id, other rows
            conn.execute("UPDATE meta SET value = ? WHERE key = 'station'",
                         (station.db.station,))
        outbox = StationOutbox.open(other.path)
        try:
            with pytest.raises(StationMismatch, match="not the one the room has"):
                sync_once(outbox, station_target(room_url))
        finally:
            outbox.close()
    finally:
        other.db = station.db  # closed above; the fixture closes the first one
    assert sorted(room_uids(room_url, "answers")) == station_uids(station.path, "answers")


def test_a_mark_moved_back_by_a_station_account_only_resends_what_is_stored_once(
        room_url: str, station: Station) -> None:
    station.answer(4)
    outbox = StationOutbox.of(station.db)
    sync_once(outbox, station_target(room_url))
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        conn.execute("UPDATE station_marks SET sent_through = 0, last_uid = NULL")
    assert sync_once(outbox, station_target(room_url)).sent == {}
    assert lost_and_doubled(room_url, station.path, "answers") == (0, 0)
    assert sum(room_uids(room_url, "answers").values()) == 4


def test_a_mark_moved_forward_to_a_row_the_station_does_not_have_stops_its_sending(
        room_url: str, station: Station) -> None:
    station.answer(1)
    outbox = StationOutbox.of(station.db)
    sync_once(outbox, station_target(room_url))
    station.answer(2)
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        conn.execute("UPDATE station_marks SET sent_through = 3, last_uid = 'forged'"
                     " WHERE record_table = 'answers'")
    with pytest.raises(StationMismatch, match="its answers row 3 is not the one"):
        sync_once(outbox, station_target(room_url))
    assert sum(room_uids(room_url, "answers").values()) == 1


def test_the_same_name_on_two_stations_is_two_trainees_in_the_room(
        room_url: str, station: Station, tmp_path: Path) -> None:
    other = Station(tmp_path / "other.sqlite3", trainee="Ana", seed=3)
    try:
        for each in (station, other):
            sync_once(StationOutbox.of(each.db), station_target(room_url))
    finally:
        other.close()
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT name, COUNT(*) FROM trainees GROUP BY name").fetchall() == [
            ("Ana", 2)]


def test_the_room_package_reads_the_station_only_through_storage() -> None:
    """No SQLite and no ``.conn`` in trainer/room: the station's reads are
    trainer/storage/outbox_reads.py's (read from the source)."""
    import ast

    room = Path(__file__).resolve().parents[2] / "trainer" / "room"
    found = []
    for path in sorted(room.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names] + [
                    getattr(node, "module", None) or ""]
                found += [f"{path.name} imports {name}" for name in names
                          if name.split(".")[0] in ("sqlite3", "sqlite_utils")]
            if isinstance(node, ast.Attribute) and node.attr == "conn":
                found.append(f"{path.name}:{node.lineno} uses .conn")
    assert len(list(room.glob("*.py"))) >= 7
    assert found == []
