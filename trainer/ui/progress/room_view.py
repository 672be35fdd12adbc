"""The instructor's class view, live from the room (issue 20, item 5).

With a site file's ``[room]``, the dashboard's roster, skill grid and trends read the
room's PostgreSQL (:class:`~trainer.room.reads.RoomReads`) instead of the station's SQLite,
and never on the GUI thread: :class:`RoomClassView` runs two threads of its own, each
asking the room every :data:`POLL_SECONDS` whether anything arrived (the latest answer's
and exam result's ``arrived``, the number of trainees, what arrived in the last minutes:
indexes and counts), and when something did, one reads the grid's part of a
:class:`ClassViewSnapshot` (the trainees, their latest answers per skill, the rule sets:
a few thousand rows, about 0.3 s for 200 trainees and a million answers; and the
roster's figures, kept by the room as answers arrive, a few ms), the other the weekly
figures and most-missed, which count every answer (seconds on a million): the grid
never waits for them. A timer on the GUI thread picks up the newest of both every
:data:`APPLY_MS` and hands it to the dashboard: an answer that reaches the room shows in
the grid within about a second (benchmarks/room_live.py). When the room cannot be read, the
dashboard is told in a sentence and shows the station's own answers until it can.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from trainer.i18n import _
from trainer.storage.class_sql import MissedGroup, RecentAnswers, WeekStat
from trainer.storage.interfaces import ClassViewReads
from trainer.storage.models import RosterRow, StorageError, Trainee

POLL_SECONDS = 0.5
"""How often the thread asks the room whether anything arrived."""
APPLY_MS = 200
"""How often the GUI thread looks for what the thread found."""
RETRY_SECONDS = 3.0
"""How long the thread waits before trying again a room it could not read."""


class LiveClassReads(ClassViewReads, Protocol):
    """The class view's reads, and what tells that something new arrived."""

    def latest_arrival(self) -> tuple[object, ...]: ...

    def roster(self) -> list[RosterRow]: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class ClassViewSnapshot:
    """The class view as read from the room at one moment, for every trainee: answers
    the class view's reads from memory, so the views never wait on the network."""

    trainees: tuple[Trainee, ...]
    recent: tuple[RecentAnswers, ...]
    weekly: tuple[WeekStat, ...]
    missed: tuple[MissedGroup, ...]
    rulesets: tuple[str, ...]
    roster: tuple[RosterRow, ...] = ()
    """Every trainee's figures at every station (by the room's trainee numbers)."""

    def roster_here(self, trainees_here: Sequence[Trainee],
                    roster_here: Sequence[RosterRow]) -> list[RosterRow]:
        """The roster of this station's trainees with the room's figures (every
        station's answers), each by this station's own trainee id (found by uid); a
        trainee the room does not have yet keeps this station's figures, and one this
        station does not hold is left out (their page could not be opened here)."""
        uid_of = {trainee.id: trainee.uid for trainee in self.trainees}
        id_here = {trainee.uid: trainee.id for trainee in trainees_here}
        rows: list[RosterRow] = []
        for row in self.roster:
            found = id_here.get(uid_of.get(row.trainee_id, ""))
            if found is not None:
                rows.append(replace(row, trainee_id=found))
        covered = {row.trainee_id for row in rows}
        rows.extend(row for row in roster_here if row.trainee_id not in covered)
        return rows

    @classmethod
    def read_grid(cls, reads: ClassViewReads) -> ClassViewSnapshot:
        """What the skill grid shows (no weekly figures or most-missed)."""
        return cls(tuple(reads.list_trainees()), tuple(reads.recent_by_skill()), (), (),
                   tuple(reads.rulesets_of()))

    def _everyone(self, trainee_ids: Sequence[int] | None, refusal: str) -> None:
        """``refusal`` (a whole sentence, translated) when ``trainee_ids`` are not all."""
        if trainee_ids is not None and set(trainee_ids) != {t.id for t in self.trainees}:
            raise StorageError(refusal)

    def list_trainees(self) -> list[Trainee]:
        return list(self.trainees)

    def recent_by_skill(self, trainee_ids: Sequence[int] | None = None) -> list[RecentAnswers]:
        wanted = None if trainee_ids is None else set(trainee_ids)
        return [cell for cell in self.recent if wanted is None or cell.trainee_id in wanted]

    def weekly_skill_stats(self, trainee_ids: Sequence[int] | None = None) -> list[WeekStat]:
        self._everyone(trainee_ids, _("the room's weekly figures are read for every trainee"
                                      " only"))
        return list(self.weekly)

    def missed_groups(self, trainee_ids: Sequence[int] | None = None) -> list[MissedGroup]:
        self._everyone(trainee_ids, _("the room's most-missed list is read for every trainee"
                                      " only"))
        return list(self.missed)

    def rulesets_of(self, trainee_ids: Sequence[int] | None = None) -> list[str]:
        self._everyone(trainee_ids, _("the room's list of rule sets is read for every trainee"
                                      " only"))
        return list(self.rulesets)


class RoomClassView(QObject):
    """Reads the class view from the room whenever something arrives, on two threads of
    its own, each with its own connection: one reads the grid and the roster (a fraction
    of a second), the other the weekly figures and most-missed (seconds on a million
    answers), so the grid never waits for the figures. ``snapshotRead`` carries each new
    :class:`ClassViewSnapshot` (the newest grid with the newest figures), ``unreachable``
    a sentence when the room cannot be read (once per outage)."""

    snapshotRead = Signal(object)
    unreachable = Signal(str)

    def __init__(self, make_reads: Callable[[], LiveClassReads], parent: QObject | None = None,
                 *, poll: float = POLL_SECONDS, apply_ms: int = APPLY_MS,
                 retry: float = RETRY_SECONDS) -> None:
        super().__init__(parent)
        self._make_reads = make_reads
        self._poll = poll
        self._retry = retry
        self._lock = threading.Lock()
        self._found: ClassViewSnapshot | str | None = None
        self._grid: ClassViewSnapshot | None = None
        self._figures: tuple[tuple[WeekStat, ...], tuple[MissedGroup, ...]] = ((), ())
        self._failing: set[str] = set()
        """The readers that could not read the room (by thread name) since they last could."""
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._follow, args=(self._read_grid,),
                             name="room-class-view", daemon=True),
            threading.Thread(target=self._follow, args=(self._read_figures,),
                             name="room-class-figures", daemon=True)]
        self.timer = QTimer(self)
        self.timer.setInterval(apply_ms)
        self.timer.timeout.connect(self.apply_found)
        self.destroyed.connect(self._stop.set)  # the threads end with their owner

    def start(self) -> None:
        self.timer.start()
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 1.0) -> None:
        """Stop reading (a read under way ends on its own, within its timeouts)."""
        self._stop.set()
        self.timer.stop()
        for thread in self._threads:
            if thread.is_alive():
                thread.join(timeout)

    def _follow(self, read: Callable[[LiveClassReads], None]) -> None:
        """Ask the room every :attr:`_poll` seconds whether anything arrived, and when
        something did (or after a failure), ``read`` it again."""
        name = threading.current_thread().name
        reads: LiveClassReads | None = None
        seen: tuple[object, ...] | None = None
        failing = False
        while not self._stop.is_set():
            try:
                if reads is None:
                    reads = self._make_reads()
                latest = reads.latest_arrival()
                if latest != seen or failing:
                    read(reads)
                    seen, failing = latest, False
                    with self._lock:
                        self._failing.discard(name)
            except StorageError as error:
                if not failing:
                    with self._lock:
                        if not self._failing:  # the first reader to fail says it
                            self._found = str(error)
                        self._failing.add(name)
                failing = True
                self._stop.wait(self._retry)
                continue
            self._stop.wait(self._poll)
        if reads is not None:
            reads.close()

    def _read_grid(self, reads: LiveClassReads) -> None:
        grid = replace(ClassViewSnapshot.read_grid(reads), roster=tuple(reads.roster()))
        with self._lock:
            self._grid = grid
            self._publish()

    def _read_figures(self, reads: LiveClassReads) -> None:
        figures = tuple(reads.weekly_skill_stats()), tuple(reads.missed_groups())
        with self._lock:
            self._figures = figures
            self._publish()

    def _publish(self) -> None:
        """The newest grid with the newest figures, for the GUI thread (under the lock)."""
        if self._grid is not None:
            weekly, missed = self._figures
            self._found = replace(self._grid, weekly=weekly, missed=missed)

    def apply_found(self) -> None:
        """Hand what the readers found last (if anything new) to whoever listens."""
        with self._lock:
            found, self._found = self._found, None
        if isinstance(found, ClassViewSnapshot):
            self.snapshotRead.emit(found)
        elif isinstance(found, str):
            self.unreachable.emit(found)
