"""The training room's database as the windows show it (issue 20).

With a site file's ``[room]``, :func:`start_room` starts the room's sender
(:class:`~trainer.room.worker.RoomWorker`, a thread of its own) on the station's
database and returns a :class:`RoomPresence`: a permanent status-bar label that reads
the worker's status once a second ("Room: connected", "Room: offline — 12 answers
waiting"), the nudge the recorder calls after each committed answer, and the
instructor area's line of stations not heard from lately (:class:`QuietStationsLine`,
read from the room by a thread of its own). Nothing here waits on the network on
the GUI thread: the label reads a snapshot, the line reads what its thread last found.

A credentials file that cannot be used, or a room that cannot be reached, is a
sentence on the label and never stops the trainer: every answer is committed to the
station's SQLite first, whatever the room does.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from trainer.i18n import _, ngettext
from trainer.room.admin import QUIET_MINUTES, QuietStation, RoomError, quiet_stations
from trainer.room.credentials import CredentialsError
from trainer.room.reads import RoomReads
from trainer.room.target import RoomTarget, room_target
from trainer.room.worker import RoomState, RoomSyncStatus, RoomWorker
from trainer.ui.progress.room_view import RoomClassView

log = logging.getLogger("trainer.room")

REFRESH_MS = 1000
"""How often the label reads the worker's status."""
STOP_WAIT = 5.0
"""Seconds the trainer waits at quit for a pass under way to end."""
LABEL_CHARS = 110
"""Longer sentences are cut on the label (the tooltip has them whole)."""
QUIET_EVERY = 30.0
"""Seconds between two readings of the room's stations for the instructor area."""


def counted(count: int, word: str) -> str:
    """``12 answers`` for the log (English, whatever the station's language)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def status_sentence(status: RoomSyncStatus) -> str:
    """The worker's sentence, with the records it refused named."""
    text = status.sentence()
    if status.refused:
        text = ngettext("{status} — {count} record refused (not sent: it fails the checks;"
                        " IT finds it in the room's refused records)",
                        "{status} — {count} records refused (not sent: they fail the checks;"
                        " IT finds them in the room's refused records)", status.refused,
                        status=text)
    if status.not_shared:
        more = len(status.not_shared) - 1
        text = (ngettext("{status} — classes, assignments, set-ups or certificates: {first}"
                         " (and {count} more)",
                         "{status} — classes, assignments, set-ups or certificates: {first}"
                         " (and {count} more)", more, status=text, first=status.not_shared[0])
                if more else
                _("{status} — classes, assignments, set-ups or certificates: {first}",
                  status=text, first=status.not_shared[0]))
    if status.not_taken:
        more = len(status.not_taken) - 1
        text = (ngettext("{status} — not taken from the room: {first} (and {count} more)",
                         "{status} — not taken from the room: {first} (and {count} more)",
                         more, status=text, first=status.not_taken[-1])
                if more else
                _("{status} — not taken from the room: {first}", status=text,
                  first=status.not_taken[-1]))
    return text


class RoomPresence(QObject):
    """The room on this station: the worker (None when it could not start), the
    status-bar label, and where the instructor area reads the room from."""

    received = Signal()
    """Rows came from the room since the last refresh (a trainee's page reads again)."""

    def __init__(self, worker: RoomWorker | None, target: RoomTarget | None,
                 problem: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.target = target
        self.problem = problem
        """Why the room is not used this run (a sentence); None when the worker runs."""
        self.label = QLabel()
        self.label.setObjectName("room_status")
        self._received_seen = 0
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def sentence(self) -> str:
        if self.worker is None:
            return _("Room: not connected — {why}", why=self.problem)
        return status_sentence(self.worker.status())

    def refresh(self) -> None:
        """Read the worker's snapshot (never the network) and show it."""
        status = None if self.worker is None else self.worker.status()
        text = (_("Room: not connected — {why}", why=self.problem) if status is None
                else status_sentence(status))
        state = None if status is None else status.state
        if status is not None and status.received > self._received_seen:
            self._received_seen = status.received
            self.received.emit()
        shown = text if len(text) <= LABEL_CHARS else text[:LABEL_CHARS - 1] + "\u2026"
        if self.label.text() != shown:
            self.label.setText(shown)
        tip = text
        if status is not None and state is not RoomState.CONNECTED:
            if status.error and status.error not in text:
                tip = f"{text}\n{status.error}"
            tip = _("{status}\nEvery answer is kept on this station first and goes to the"
                    " room when it can be reached.", status=tip)
        self.label.setToolTip(tip)
        healthy = state is RoomState.CONNECTED and status is not None and (
            status.not_received is None)  # not receiving: the amber of a problem
        colour = "#1b5e20" if healthy else "#8a4b00"
        self.label.setStyleSheet(f"QLabel {{ color: {colour}; }}")

    def attach(self, status_bar: QStatusBar) -> None:
        status_bar.addPermanentWidget(self.label)

    def nudge(self) -> None:
        """An answer was committed: send it now rather than at the next second."""
        if self.worker is not None:
            self.worker.nudge()

    def follow(self, trainee_uid: str) -> None:
        """A trainee signed in here: the worker receives their history from the room."""
        if self.worker is not None:
            self.worker.follow(trainee_uid)

    def stop(self, timeout: float = STOP_WAIT) -> bool:
        """Stop the worker (a pass under way ends first, for ``timeout`` seconds at
        most); True when it has ended. What still waits stays in the station's SQLite
        and goes next time: the log says so."""
        self.timer.stop()
        if self.label.parent() is None:  # never shown (nobody signed in)
            self.label.deleteLater()
        worker = self.worker
        if worker is None:
            return True
        stopped = worker.stop(timeout)
        status = worker.status()
        waiting = status.waiting.answers if status.waiting is not None else None
        if not stopped:
            log.warning("the room's sender did not stop within %.0f s (the server does not"
                        " answer); it is left to end with the trainer", timeout)
        if waiting:
            log.info("room: %s not sent yet; they stay in this station's database and go"
                     " to the room next time the trainer runs", counted(waiting, "answer"))
        elif waiting is None:
            log.info("room: never reached this run; this station's answers stay in its"
                     " database and go to the room next time the trainer runs")
        else:
            log.info("room: every answer sent")
        return stopped

    def quiet_line(self, parent: QWidget | None = None) -> QuietStationsLine | None:
        """The instructor area's line of stations not heard from (None without a room)."""
        if self.target is None:
            return None
        target = self.target
        return QuietStationsLine(
            lambda: quiet_stations(target.url, target.credentials), parent)

    def class_view(self) -> RoomClassView | None:
        """The instructor's class view read from the room off the GUI thread, signed in
        with the stations' credentials (None without a room); not started yet."""
        if self.target is None:
            return None
        target = self.target
        return RoomClassView(lambda: RoomReads(target))


def start_room(site_database: str | None, credentials: Path | None, station_path: Path,
               parent: QObject | None = None) -> RoomPresence | None:
    """The room of the site file's ``[room]`` (None without one), its worker started
    on ``station_path``; a credentials file that cannot be used is a sentence on the
    label (and in the log), and the trainer works on as a single station."""
    if site_database is None:
        return None
    try:
        target = room_target(site_database, credentials)
    except CredentialsError as error:
        log.error("room: not used this run: %s", error)
        return RoomPresence(None, None, _("{why}. This station keeps every answer; ask IT.",
                                          why=error), parent)
    worker = RoomWorker(station_path, target)
    worker.start()
    log.info("room: sending to %s", site_database)
    return RoomPresence(worker, target, None, parent)


Reader = Callable[[], tuple[QuietStation, ...]]


class QuietStationsLine(QLabel):
    """"Stations not heard from for 10 minutes or more: …", read from the room by a
    thread of its own every :data:`QUIET_EVERY` seconds; the label shows what the
    thread last found (polled once a second, never waiting on it)."""

    def __init__(self, read: Reader, parent: QWidget | None = None, *,
                 every: float = QUIET_EVERY, poll_ms: int = REFRESH_MS) -> None:
        super().__init__(parent)
        self.setObjectName("quiet_stations")
        self.setWordWrap(True)
        self._read = read
        self._every = every
        self._lock = threading.Lock()
        self._found: tuple[QuietStation, ...] | str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="room-stations", daemon=True)
        self.setText(_("Stations: reading the room\u2026"))
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.show_found)
        self.timer.start()
        self._thread.start()
        self.destroyed.connect(self._stop.set)

    def _run(self) -> None:
        while not self._stop.is_set():
            found: tuple[QuietStation, ...] | str
            try:
                found = self._read()
            except RoomError as error:
                found = str(error)
            with self._lock:
                self._found = found
            self._stop.wait(self._every)

    def stop(self, timeout: float = 1.0) -> None:
        self._stop.set()
        self.timer.stop()
        self._thread.join(timeout)

    def show_found(self) -> None:
        with self._lock:
            found = self._found
        if found is None:
            return
        if isinstance(found, str):
            text = _("Stations: the room cannot be read now ({why}).", why=found)
        elif not found:
            text = ngettext("Stations: every station heard from today has sent in the last"
                            " {count} minute.", "Stations: every station heard from today has"
                            " sent in the last {count} minutes.", QUIET_MINUTES)
        else:
            text = ngettext("Stations not heard from for {count} minute or more: {stations}.",
                            "Stations not heard from for {count} minutes or more: {stations}.",
                            QUIET_MINUTES,
                            stations="; ".join(_quiet(station) for station in found))
        if self.text() != text:
            self.setText(text)
            self.setToolTip("\n".join(station.station for station in found)
                            if isinstance(found, tuple) else "")
            style = "#8a4b00" if found else "#444444"
            self.setStyleSheet(f"QLabel {{ color: {style}; }}")


def _quiet(station: QuietStation) -> str:
    name = station.station[:8]
    if station.waiting:
        return ngettext("{station} (last seen {minutes} min ago, {count} answer waiting then)",
                        "{station} (last seen {minutes} min ago, {count} answers waiting then)",
                        station.waiting, station=name, minutes=station.minutes)
    return _("{station} (last seen {minutes} min ago)", station=name, minutes=station.minutes)
