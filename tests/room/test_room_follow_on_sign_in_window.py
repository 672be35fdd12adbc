"""The window's one hook into receiving (issue 20, item 3): the trainee signed in is the
one whose history the room's worker receives, at start and at every change of trainee."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from trainer.room.target import RoomTarget
from trainer.room.worker import RoomWorker
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
