"""The window and receiving (issue 20, item 3): the trainee signed in is the one whose
history the room's worker receives, at start and at every change of trainee; a pass
that received nothing is said on the status bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from trainer.room.outbox import Waiting
from trainer.room.target import RoomTarget
from trainer.room.worker import RoomState, RoomSyncStatus, RoomWorker
from trainer.storage.database import TrainerDB, open_database
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.room_status import RoomPresence


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3", backup_on_session=False)
    yield database
    database.close()


def test_the_worker_follows_the_trainee_signed_in_at_start_and_after_a_switch(
        qtbot: QtBot, db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    ben = db.create_trainee("Ben")
    uids = {t.id: t.uid for t in db.list_trainees()}
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=ana)
    qtbot.addWidget(window)
    target = RoomTarget("postgresql://127.0.0.1:1/room", None)
    worker = RoomWorker(db.path, target)  # never started: only what it is asked
    presence = RoomPresence(worker, target, parent=window)
    window.attach_room(presence)
    assert worker.following() == (uids[ana],)
    window.sign_out()  # nobody: nothing more to follow
    assert worker.following() == (uids[ana],)
    window._become(ben)  # what a sign-in at the lock does
    assert worker.following() == (uids[ana], uids[ben])
    presence.stop(timeout=1)


def test_the_status_bar_says_not_receiving_in_the_amber_of_a_problem_with_the_whole_sentence(
        qtbot: QtBot, db: TrainerDB) -> None:
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=db.create_trainee("Ana"))
    qtbot.addWidget(window)
    target = RoomTarget("postgresql://127.0.0.1:1/room", None)
    worker = RoomWorker(db.path, target)  # never started: its status is set here
    why = ("a record from the room was refused, so nothing was received (the room: trainees"
           " row zed-1: created: 'yesterday afternoon' is not an ISO-8601 date and time;"
           " nothing was merged)")
    worker._status = RoomSyncStatus(RoomState.CONNECTED, Waiting(0, 0), not_received=why)
    presence = RoomPresence(worker, target, parent=window)
    window.attach_room(presence)
    presence.refresh()
    assert presence.label.text().startswith("Room: connected — not receiving (a record from")
    assert presence.label.toolTip() == f"Room: connected — not receiving ({why})"
    assert "#8a4b00" in presence.label.styleSheet()
    worker._status = RoomSyncStatus(RoomState.CONNECTED, Waiting(0, 0))
    presence.refresh()
    assert presence.label.text() == "Room: connected"
    assert "#1b5e20" in presence.label.styleSheet()
    presence.stop(timeout=1)


def test_a_trainee_page_opened_in_the_instructor_area_is_followed_and_read_again_as_rows_arrive(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """An instructor opening the page of a trainee who trained at other stations gets
    their history from the room, and the page reads it again when rows arrive."""
    ana = db.create_trainee("Ana")
    ben = db.create_trainee("Ben")
    uids = {t.id: t.uid for t in db.list_trainees()}
    db.create_instructor("Maria", "correct horse")
    window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=ana)
    qtbot.addWidget(window)
    target = RoomTarget("postgresql://127.0.0.1:1/room", None)
    worker = RoomWorker(db.path, target)  # never started: its status is set here
    presence = RoomPresence(worker, target, parent=window)
    window.attach_room(presence)
    area = window.show_instructor_area("Maria")
    qtbot.addWidget(area)
    dashboard = window._dashboard
    assert dashboard is not None
    page = dashboard.open_trainee(ben)
    assert worker.following() == (uids[ana], uids[ben])
    reads: list[int] = []
    monkeypatch.setattr(page, "refresh", lambda: reads.append(1))
    presence.refresh()
    assert reads == []  # nothing received yet
    worker._status = RoomSyncStatus(RoomState.CONNECTED, Waiting(0, 0), received=12)
    presence.refresh()
    presence.refresh()  # the same count again: nothing new
    assert reads == [1]
    presence.stop(timeout=1)
