"""The room's sender never dies silently (issue 20: nothing lost, the status bar says
it): a pass stopped by an error of the trainer's own, not the network's nor the
database's (here a driver error the shared pass let out, as a foreign-key fault did
while the shared records were written), is logged for IT, said on the status bar, and
the next pass sends what waits; before, the thread ended and the bar kept reading
"Room: connected" while nothing more was sent."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from stations import Station, lost_and_doubled, station_target

from trainer.room import worker as worker_module
from trainer.room.worker import RoomState, RoomWorker


def test_a_pass_stopped_by_an_unexpected_error_is_said_and_the_next_sends_what_waits(
        room_url: str, stations: tuple[Station, Station], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    a, _b = stations
    real_share_pass = worker_module.share_pass
    calls = {"n": 0}

    def failing_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise sqlite3.IntegrityError("FOREIGN KEY constraint failed")
        return real_share_pass(*args, **kwargs)

    monkeypatch.setattr(worker_module, "share_pass", failing_once)
    a.answer(2)
    worker = RoomWorker(a.path, station_target(room_url), interval=0.1, max_backoff=0.3)
    with caplog.at_level("ERROR", logger="trainer.room"):
        worker.start()
        try:
            failed = worker.wait_for(lambda s: s.state is RoomState.REFUSED, 20)
            assert failed is not None, worker.status()
            assert failed.error == (
                "the room's sender stopped on an unexpected error (IntegrityError: FOREIGN KEY"
                " constraint failed); it tries again, and the answers stay on this station")
            a.answer(3)  # answered after the fault: sent by a later pass
            assert worker.wait_for(lambda s: s.state is RoomState.CONNECTED
                                   and s.waiting is not None and s.waiting.answers == 0,
                                   20) is not None, worker.status()
        finally:
            assert worker.stop()
    assert "room: a pass stopped on an unexpected error" in caplog.text
    assert "Traceback" in caplog.text  # the whole fault, for IT
    assert lost_and_doubled(room_url, a.path) == (0, 0)
