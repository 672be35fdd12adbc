"""The roster from the room's running totals (room migration 5): rounds with an answer
counted as the station counts them, whatever batches the answers arrive in (issue 20)."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from room_server import STATION_PASSWORD
from stations import Station, station_target

import trainer.room.admin as admin
from trainer.room.outbox import sync_once
from trainer.room.reads import RoomReads
from trainer.storage.outbox_reads import StationOutbox


def totals(room_url: str) -> list[tuple[object, ...]]:
    with psycopg.connect(room_url) as conn:
        return conn.execute("SELECT rounds, answers, correct, seconds FROM trainee_totals"
                            ).fetchall()


def test_a_round_whose_answers_arrive_in_two_batches_counts_once(
        room_url: str, tmp_path: Path) -> None:
    station = Station(tmp_path / "a.sqlite3")
    try:
        station.answer(7)  # three to a round: rounds of 3, 3 and 1 answers
        # Two answers a batch: round 1's answers in batches 1 and 2, round 2's in 2 and 3.
        sync_once(StationOutbox.of(station.db), station_target(room_url), batch_rows=2)
        # Worked by hand: 3 rounds, 7 answers, all right, 1.5 s each.
        assert totals(room_url) == [(3, 7, 7, 10.5)]
        station.answer(2)  # round 3 gets its 2nd and 3rd answers: no new round
        sync_once(StationOutbox.of(station.db), station_target(room_url))
        assert totals(room_url) == [(3, 9, 9, 13.5)]
        station.answer(1)  # a 4th round
        sync_once(StationOutbox.of(station.db), station_target(room_url))
        assert totals(room_url) == [(4, 10, 10, 15.0)]

        reads = RoomReads(station_target(room_url))
        try:
            (row,) = reads.roster()
        finally:
            reads.close()
        assert (row.name, row.rounds_played, row.answers, row.accuracy) == ("Ana", 4, 10, 1.0)
        assert row.seconds_per_round == pytest.approx(15.0 / 4)
        assert [(r.rounds_played, r.answers) for r in station.db.roster()] == [(4, 10)]
    finally:
        station.close()


def test_migration_5_counts_the_rounds_of_answers_already_in_the_room(
        admin_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admin, "ROOM_SCHEMA_VERSION", 4)
    admin.init_room(admin_url, STATION_PASSWORD)
    station = Station(tmp_path / "a.sqlite3")
    try:
        station.answer(5)  # rounds of 3 and 2 answers
        sync_once(StationOutbox.of(station.db), station_target(admin_url))
        with psycopg.connect(admin_url) as conn:
            assert conn.execute("SELECT answers FROM trainee_totals").fetchall() == [(5,)]
        monkeypatch.setattr(admin, "ROOM_SCHEMA_VERSION", 5)
        assert admin.init_room(admin_url, STATION_PASSWORD) == admin.Migrated(4, 5)
        assert totals(admin_url) == [(2, 5, 5, 7.5)]
    finally:
        station.close()
