"""Faults between a station and the room: the server stopped and restarted, the
connection cut mid-send, the sender killed mid-send, a server that never answers.
The station queues and resyncs; 0 lost, 0 doubled (issue 20, item 2)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from room_server import STATION_PASSWORD, RoomServer
from stations import Station, lost_and_doubled, room_uids, station_target, station_uids
from tcp_proxy import TcpProxy

from trainer.room.outbox import RoomOffline, Waiting, sync_once
from trainer.room.target import RoomTarget
from trainer.room.worker import RoomState, RoomSyncStatus, RoomWorker
from trainer.storage.outbox_reads import StationOutbox

ALL_TABLES = ("trainees", "sessions", "rounds", "answers", "session_ends")
WAIT = 60.0
"""The longest a test waits for the worker to say something (a loaded machine)."""


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    made = Station(tmp_path / "station.sqlite3")
    yield made
    made.close()


def synced(status: RoomSyncStatus) -> bool:
    return status.state is RoomState.CONNECTED and status.waiting == Waiting(0, 0)


def synced_after(moment: datetime) -> Callable[[RoomSyncStatus], bool]:
    """Connected, nothing waiting, as of a pass that ended after ``moment``."""
    return lambda status: synced(status) and status.last_sent is not None and (
        status.last_sent > moment)


def offline_with(answers: int) -> Callable[[RoomSyncStatus], bool]:
    return lambda status: status.state is RoomState.OFFLINE and status.waiting is not None and (
        status.waiting.answers == answers)


def assert_room_equals_station(room_url: str, path: Path) -> None:
    for table in ALL_TABLES:
        assert lost_and_doubled(room_url, path, table) == (0, 0), table
        assert sorted(room_uids(room_url, table)) == station_uids(path, table), table


def test_server_stopped_and_restarted_mid_run_the_station_queues_and_resyncs(
        room_url: str, room_server: RoomServer, station: Station) -> None:
    station.answer(5)
    worker = RoomWorker(station.path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        assert worker.wait_for(synced, WAIT) is not None
        assert sum(room_uids(room_url, "answers").values()) == 5
        room_server.stop()
        try:
            station.answer(7)
            offline = worker.wait_for(offline_with(7), WAIT)
            assert offline is not None, worker.status()
            assert offline.sentence() == "Room: offline — 7 answers waiting"
            assert offline.error is not None and "could not be reached" in offline.error
            station.answer(3)  # the station keeps answering
            assert worker.wait_for(offline_with(10), WAIT) is not None
        finally:
            room_server.start()
        assert worker.wait_for(synced, WAIT) is not None
        assert worker.status().sentence() == "Room: connected"
        station.answer(4)
        station.db.end_session(station.session)
        assert worker.wait_for(synced_after(datetime.now(UTC)), WAIT) is not None
    finally:
        assert worker.stop()
    assert_room_equals_station(room_url, station.path)
    assert sum(room_uids(room_url, "answers").values()) == 5 + 7 + 3 + 4


def test_connection_cut_mid_send_the_station_resyncs(
        room_url: str, room_server: RoomServer, station: Station) -> None:
    station.answer(300)  # a backlog of 100 rounds and 300 answers, sent 10 rows a batch
    proxy = TcpProxy(room_server.port)
    proxy.cut_after(40_000)
    worker = RoomWorker(station.path, station_target(room_url, proxy.port), interval=0.1,
                        max_backoff=0.5, batch_rows=10)
    worker.start()
    try:
        cut = worker.wait_for(lambda status: status.state is RoomState.OFFLINE, WAIT)
        assert cut is not None and proxy.cuts == 1
        assert cut.error is not None and "could not be reached" in cut.error
        in_room = sum(room_uids(room_url, "rounds").values()) + sum(
            room_uids(room_url, "answers").values())
        assert 0 < in_room < 400  # cut mid-send: part in the room, the rest waiting
        station.answer(6)
        assert worker.wait_for(lambda status: status.state is RoomState.OFFLINE and (
            status.waiting is not None and status.waiting.answers >= 6), WAIT) is not None
        proxy.restore()
        assert worker.wait_for(synced_after(datetime.now(UTC)), WAIT) is not None
    finally:
        assert worker.stop()
        proxy.close()
    assert_room_equals_station(room_url, station.path)
    assert sum(room_uids(room_url, "answers").values()) == 306


def test_sender_killed_mid_send_many_times_loses_and_doubles_nothing(
        room_url: str, station: Station) -> None:
    """A sender process (5 rows a transaction) killed at a random moment while it
    sends a backlog and the station goes on answering, twelve times over."""
    target = station_target(room_url)
    child_program = Path(__file__).with_name("sender_child.py")
    environment = {**os.environ, "HHE_ROOM_TEST_PASSWORD": STATION_PASSWORD,
                   "PYTHONPATH": os.pathsep.join(sys.path)}
    moments = random.Random(20)
    killed_mid_send = 0
    for _ in range(12):
        station.answer(40)
        before = sum(room_uids(room_url, "answers").values())
        child = subprocess.Popen(
            [sys.executable, str(child_program), str(station.path), target.url, "5"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
        try:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
            kill_at = time.monotonic() + moments.uniform(0.02, 0.3)
            while time.monotonic() < kill_at:  # answers go on while it sends
                station.answer(1)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(10)
            if child.stdout is not None:
                child.stdout.close()
        in_room = sum(room_uids(room_url, "answers").values())
        if before < in_room < len(station_uids(station.path, "answers")):
            killed_mid_send += 1  # it had sent some, and had more to send
    assert killed_mid_send >= 3
    outbox = StationOutbox.of(station.db)
    sync_once(outbox, target)
    assert sync_once(outbox, target).sent == {}
    assert_room_equals_station(room_url, station.path)
    assert sum(room_uids(room_url, "answers").values()) == len(
        station_uids(station.path, "answers")) > 12 * 40


def test_a_server_that_never_answers_is_offline_within_the_connect_timeout(
        station: Station) -> None:
    with socket.create_server(("127.0.0.1", 0)) as silent:  # listens, never accepts
        port = silent.getsockname()[1]
        target = RoomTarget(f"postgresql://127.0.0.1:{port}/room", station_target(
            "postgresql://x:y@127.0.0.1/room").credentials)
        started = time.monotonic()
        with pytest.raises(RoomOffline, match="could not be reached"):
            sync_once(StationOutbox.of(station.db), target, connect_timeout=2)
        took = time.monotonic() - started
        assert 1.5 <= took < 4.0  # it waited for the timeout (nothing refused it), no longer
        worker = RoomWorker(station.path, target, connect_timeout=2)
        worker.start()
        try:
            asked = time.monotonic()
            first = worker.status()  # the GUI's call: never waits on the network
            assert time.monotonic() - asked < 0.05
            assert first.state is RoomState.STARTING
            assert first.sentence() == "Room: connecting…"
            offline = worker.wait_for(lambda status: status.state is RoomState.OFFLINE, WAIT)
            assert offline is not None and offline.sentence() == "Room: offline"
            asked = time.monotonic()
            assert worker.status().state is RoomState.OFFLINE
            assert time.monotonic() - asked < 0.05
        finally:
            assert worker.stop(timeout=10)


def test_the_worker_keeps_one_connection_to_the_room_between_passes(
        room_url: str, station: Station) -> None:
    def station_backends() -> list[int]:
        with psycopg.connect(room_url) as conn:
            return [int(row[0]) for row in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                " AND application_name = 'hhe-trainer station'")]

    station.answer(2)
    worker = RoomWorker(station.path, station_target(room_url), interval=0.1)
    worker.start()
    try:
        assert worker.wait_for(synced, WAIT) is not None
        first = station_backends()
        for _ in range(3):
            station.answer(2)
            assert worker.wait_for(synced_after(datetime.now(UTC)), WAIT) is not None
        assert len(first) == 1 and station_backends() == first
    finally:
        assert worker.stop()
    deadline = time.monotonic() + WAIT  # the server's backend ends soon after the close
    while station_backends() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert station_backends() == []  # closed when the worker stops
    assert_room_equals_station(room_url, station.path)
