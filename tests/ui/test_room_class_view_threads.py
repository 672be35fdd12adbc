"""The live class view's grid never waits for the weekly figures (issue 20, item 5).

The weekly figures and most-missed count every answer (seconds on a million), the grid
reads a few thousand rows: an answer arriving while the figures are being read must
still reach the grid at once. The room here is a stand-in whose figures block until
the test lets them go (the reads against a real PostgreSQL are tested in
tests/room/test_room_live_class_view.py; the latency is measured by
benchmarks/room_live.py)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import UTC, date, datetime

from pytestqt.qtbot import QtBot

from trainer.skills import Skill
from trainer.storage.class_sql import MissedGroup, RecentAnswers, WeekStat
from trainer.storage.models import RosterRow, StorageUnavailable, Trainee
from trainer.ui.progress.room_view import ClassViewSnapshot, RoomClassView

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
WEEK = WeekStat(Skill.ANTE, date(2026, 3, 2), 10, 9, 20.0)


class SlowFiguresRoom:
    """A room whose trainees the test adds, and whose weekly figures wait for ``go``."""

    def __init__(self) -> None:
        self.names: list[str] = ["Ana"]
        self.go = threading.Event()
        self.figures_asked = threading.Event()
        self.down = False

    def latest_arrival(self) -> tuple[object, ...]:
        if self.down:
            raise StorageUnavailable("the room could not be read (server gone)")
        return (len(self.names),)

    def list_trainees(self) -> list[Trainee]:
        return [Trainee(i, f"u{i}", name, T0, None) for i, name in enumerate(self.names, 1)]

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        return []

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        return ["ny-2018"]

    def roster(self) -> list[RosterRow]:
        return []

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        self.figures_asked.set()
        self.go.wait(10)
        return [WEEK]

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        return []

    def close(self) -> None:
        pass


def _names(snapshot: ClassViewSnapshot) -> list[str]:
    return [trainee.name for trainee in snapshot.trainees]


def test_a_trainee_arriving_while_the_figures_are_read_reaches_the_grid_at_once(
        qtbot: QtBot) -> None:
    room = SlowFiguresRoom()
    live = RoomClassView(lambda: room, poll=0.05, apply_ms=20)
    seen: list[ClassViewSnapshot] = []
    live.snapshotRead.connect(seen.append)
    live.start()
    try:
        qtbot.waitUntil(lambda: bool(seen) and _names(seen[-1]) == ["Ana"], timeout=5000)
        assert room.figures_asked.wait(5)  # the figures are being read, and wait
        room.names.append("Bo")  # Bo's first answer arrives meanwhile
        qtbot.waitUntil(lambda: _names(seen[-1]) == ["Ana", "Bo"], timeout=5000)
        assert seen[-1].weekly == ()  # the grid came while the figures were still read
        room.go.set()
        qtbot.waitUntil(lambda: seen[-1].weekly == (WEEK,), timeout=5000)
        assert _names(seen[-1]) == ["Ana", "Bo"]  # the figures join the newest grid
    finally:
        room.go.set()
        live.stop(timeout=5)


def test_a_room_lost_by_both_readers_is_said_once(qtbot: QtBot) -> None:
    room = SlowFiguresRoom()
    room.go.set()
    room.down = True
    live = RoomClassView(lambda: room, poll=0.05, apply_ms=20, retry=0.05)
    said: list[str] = []
    live.unreachable.connect(said.append)
    live.start()
    try:
        qtbot.waitUntil(lambda: bool(said), timeout=5000)
        qtbot.wait(300)  # both readers have failed several times by now
        assert said == ["the room could not be read (server gone)"]
    finally:
        live.stop(timeout=5)
