"""The room in the trainer's window, against a real PostgreSQL server (issue 20, item 2):
the status bar says "Room: connected", then "Room: offline — N answers waiting" while the
server is stopped (the trainee answers on), then connected again with nothing lost or
doubled; a server that never answers leaves the window responsive; the instructor area
lists the stations not heard from lately; without ``[room]`` nothing of this appears."""

from __future__ import annotations

import itertools
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from room_server import RoomServer
from stations import lost_and_doubled, room_uids, station_target, station_uids

from tests.ui.test_answers_wait_for_a_locked_database_window import ANSWERS
from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE, type_answer
from trainer.engine.round import parse_round
from trainer.room.credentials import Credentials, write_credentials
from trainer.room.target import RoomTarget
from trainer.room.worker import RoomWorker
from trainer.site_config import SiteConfig
from trainer.storage.database import TrainerDB, open_database
from trainer.training.session import TrainingSettings
from trainer.ui.app import start_room_sender, stop_room_sender
from trainer.ui.main_window import MainWindow
from trainer.ui.room_status import RoomPresence, start_room


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3", backup_on_session=False)
    yield database
    database.close()


@pytest.fixture
def presences() -> Iterator[list[RoomPresence]]:
    """Every room started by a test, stopped at its end (its worker is a thread)."""
    started: list[RoomPresence] = []
    yield started
    for presence in started:
        presence.stop(timeout=10)


def window_with_room(qtbot: QtBot, db: TrainerDB, worker: RoomWorker, target: RoomTarget,
                     presences: list[RoomPresence]) -> tuple[MainWindow, QLabel]:
    trainee = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    presence = RoomPresence(worker, target, parent=window)
    presences.append(presence)
    worker.start()
    window.attach_room(presence)
    window.show()
    window.resize(1366, 768)
    label = window.statusBar().findChild(QLabel, "room_status")
    assert label is presence.label
    return window, label


def room_answers(room_url: str) -> int:
    return sum(room_uids(room_url, "answers").values())


def test_status_bar_reads_connected_then_offline_with_answers_waiting_then_connected_with_none_lost_or_doubled(  # noqa: E501
        qtbot: QtBot, db: TrainerDB, room_url: str, room_server: RoomServer,
        presences: list[RoomPresence]) -> None:
    target = station_target(room_url)
    worker = RoomWorker(db.path, target, interval=0.2, max_backoff=0.5, connect_timeout=2)
    window, label = window_with_room(qtbot, db, worker, target, presences)
    qtbot.waitUntil(lambda: label.text() == "Room: connected", timeout=10_000)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    type_answer(qtbot, window, ANSWERS[0])
    qtbot.waitUntil(lambda: room_answers(room_url) == 1, timeout=5000)
    room_server.stop()
    try:
        for text in ANSWERS[1:]:  # the trainee answers on: the station's SQLite keeps them
            type_answer(qtbot, window, text)
        # 5 answers to the round, 1 sent before the server stopped: 4 wait.
        qtbot.waitUntil(lambda: label.text() == "Room: offline \u2014 4 answers waiting",
                        timeout=15_000)
        assert "Every answer is kept on this station first" in label.toolTip()
        window.statusBar().grab().save("/tmp/room-status-offline-1366.png")
        window.grab().save("/tmp/room-window-offline-1366.png")
    finally:
        room_server.start()
    qtbot.waitUntil(lambda: label.text() == "Room: connected", timeout=20_000)
    window.statusBar().grab().save("/tmp/room-status-connected-1366.png")
    assert room_answers(room_url) == 5
    assert lost_and_doubled(room_url, db.path, "answers") == (0, 0)
    assert lost_and_doubled(room_url, db.path, "rounds") == (0, 0)


def test_an_answer_is_sent_at_once_after_its_commit_not_at_the_next_pass(
        qtbot: QtBot, db: TrainerDB, room_url: str, presences: list[RoomPresence]) -> None:
    target = station_target(room_url)
    worker = RoomWorker(db.path, target, interval=60)  # without a nudge: a minute
    window, label = window_with_room(qtbot, db, worker, target, presences)
    qtbot.waitUntil(lambda: label.text() == "Room: connected", timeout=10_000)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    started = time.monotonic()
    type_answer(qtbot, window, ANSWERS[0])
    qtbot.waitUntil(lambda: room_answers(room_url) == 1, timeout=10_000)
    assert time.monotonic() - started < 10  # the recorder's commit nudged the worker


def test_a_room_server_that_never_answers_leaves_the_window_responsive(
        qtbot: QtBot, db: TrainerDB, presences: list[RoomPresence]) -> None:
    with socket.socket() as silent:  # accepts connections into its backlog, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        port = silent.getsockname()[1]
        target = RoomTarget(f"postgresql://127.0.0.1:{port}/room",
                            Credentials("hhe_station", "never-checked"))
        worker = RoomWorker(db.path, target, interval=0.2, max_backoff=0.5, connect_timeout=2)
        window, label = window_with_room(qtbot, db, worker, target, presences)
        ticks: list[float] = []
        beat = QTimer(window)
        beat.setInterval(50)
        beat.timeout.connect(lambda: ticks.append(time.monotonic()))
        beat.start()
        assert label.text() == "Room: connecting\u2026"
        window.play_round(parse_round(SETTLE_MD_EXAMPLE))
        for text in ANSWERS[:2]:  # while the worker waits for the server
            started = time.monotonic()
            type_answer(qtbot, window, text)
            assert time.monotonic() - started < 1.0
        # The label moves on while the worker is still waiting on the silent server.
        qtbot.waitUntil(lambda: label.text() == "Room: offline", timeout=10_000)
        beat.stop()
        gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
        assert len(ticks) >= 20 and max(gaps) < 0.5, (len(ticks), max(gaps))
        assert "could not be reached" in label.toolTip()
        assert len(station_uids(db.path, "answers")) == 2  # committed on the station
        started = time.monotonic()
        assert presences[0].stop(timeout=5.0)  # quitting: a bounded wait
        assert time.monotonic() - started < 5.0


def test_the_instructor_area_lists_the_stations_not_heard_from_lately(
        qtbot: QtBot, db: TrainerDB, room_url: str, presences: list[RoomPresence]) -> None:
    with psycopg.connect(room_url, autocommit=True) as conn:
        for station, age, waiting in (("quiet0011", "15 minutes 30 seconds", 7),
                                      ("quiet0022", "40 minutes", 0),
                                      ("recent003", "2 minutes", 3),
                                      ("lastweek4", "30 hours", 9)):
            conn.execute("INSERT INTO stations (station, first_seen, last_seen, waiting)"
                         " VALUES (%s, now() - %s::interval, now() - %s::interval, %s)",
                         (station, age, age, waiting))
    target = station_target(room_url)
    worker = RoomWorker(db.path, target, interval=0.5)
    window, _label = window_with_room(qtbot, db, worker, target, presences)
    db.create_instructor("Maria", "correct horse")
    area = window.show_instructor_area("Maria")
    line = area.findChild(QLabel, "quiet_stations")
    assert line is not None
    qtbot.waitUntil(lambda: line.text().startswith("Stations not heard"), timeout=10_000)
    assert line.text() == (
        "Stations not heard from for 10 minutes or more: quiet001 (last seen 15 min ago,"
        " 7 answers waiting then); quiet002 (last seen 40 min ago).")
    area.resize(1366, 768)
    area.grab().save("/tmp/room-quiet-stations-1366.png")
    area.close()


def test_without_a_room_in_the_site_file_nothing_of_the_room_appears(
        qtbot: QtBot, db: TrainerDB) -> None:
    assert start_room_sender(db, SiteConfig()) is None
    assert not db.room_required
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=db.create_trainee("A"))
    qtbot.addWidget(window)
    assert window.statusBar().findChild(QLabel, "room_status") is None
    db.create_instructor("Maria", "correct horse")
    area = window.show_instructor_area("Maria")
    assert area.findChild(QLabel, "quiet_stations") is None
    area.close()


def test_a_credentials_file_others_can_read_is_a_sentence_on_the_label_not_a_stop(
        qtbot: QtBot, db: TrainerDB, tmp_path: Path) -> None:
    credentials = write_credentials(tmp_path / "room.toml", Credentials("hhe_station", "pw"))
    credentials.chmod(0o644)
    presence = start_room("postgresql://127.0.0.1:9/room", credentials, db.path)
    assert presence is not None and presence.worker is None
    assert presence.sentence().startswith(
        f"Room: not connected \u2014 credentials file {credentials}: other accounts can read it")
    assert presence.label.text().startswith("Room: not connected")
    assert presence.stop()
    presence.deleteLater()


def test_the_app_starts_the_sender_from_the_site_file_and_at_quit_logs_what_waits_for_next_time(
        qtbot: QtBot, db: TrainerDB, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    credentials = write_credentials(tmp_path / "room.toml", Credentials("hhe_station", "pw"))
    with socket.socket() as closed:  # a port nothing listens on: the server is down
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    site = SiteConfig(room_database=f"postgresql://127.0.0.1:{port}/room",
                      room_credentials=credentials)
    presence = start_room_sender(db, site)
    assert presence is not None and presence.worker is not None
    assert db.room_required  # the room is the record: limited exams need it
    qtbot.waitUntil(lambda: presence.label.text() == "Room: offline", timeout=10_000)
    with caplog.at_level("INFO", logger="trainer.room"):
        stop_room_sender(presence)
    assert not presence.worker._thread.is_alive()
    assert ("room: never reached this run; this station's answers stay in its database and"
            " go to the room next time the trainer runs") in caplog.text
