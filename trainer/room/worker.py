"""The room sender as a background job: a thread that sends every second (no Qt).

:class:`RoomWorker` runs :func:`trainer.room.outbox.sync_once` about once a second on
a thread of its own, with its own read-only connection to the station's SQLite file
(never the GUI's connection), and one connection to the room kept between passes
(:class:`~trainer.room.outbox.RoomLink`). When the server cannot be reached it waits longer
between tries (doubling up to ``max_backoff``), and starts again at once when a try
succeeds. After each send it runs the shared records' pass
(:mod:`trainer.room.shared`: classes, assignments, exam set-ups and certificates, both
ways) on its own writable connection to the station's file, then receives what the
room holds that the station lacks (:mod:`trainer.room.inbox`: trainees and their PINs,
exams, and the history of the trainees :meth:`RoomWorker.follow` names). The GUI never
waits on
the network: it reads :meth:`RoomWorker.status`, a
snapshot kept under a lock, which returns at once whatever the thread is doing (a
pass that has not returned within :data:`PASS_DEADLINE` reads as offline), and may
call :meth:`RoomWorker.nudge` after committing an answer to send it without waiting
for the next second.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from trainer.i18n import _, ngettext
from trainer.room.inbox import receive_once
from trainer.room.outbox import (
    BATCH_ROWS,
    CONNECT_TIMEOUT,
    Mark,
    RoomLink,
    RoomOffline,
    RoomRefused,
    SyncError,
    Waiting,
    sync_once,
    waiting,
)
from trainer.room.shared import Sharer, share_pass
from trainer.room.target import RoomTarget
from trainer.storage.models import StorageError
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.room_cache import StationCache
from trainer.storage.seal import StationSecret, data_folder_secret
from trainer.storage.shared_records import close_shared, open_shared

log = logging.getLogger("trainer.room")

INTERVAL = 1.0
"""Seconds between passes while the room is reachable."""
MAX_BACKOFF = 10.0
"""The longest wait between tries while it is not."""
PASS_DEADLINE = 20.0
"""A pass still running after this many seconds reads as offline (the server stopped
answering mid-send; the connection's own timeouts end the pass soon after)."""


class RoomState(StrEnum):
    STARTING = "starting"
    CONNECTED = "connected"
    OFFLINE = "offline"
    """The server cannot be reached now; the records wait on the station."""
    REFUSED = "refused"
    """The server answered but this station cannot send (its message says why)."""


@dataclass(frozen=True, slots=True)
class RoomSyncStatus:
    """What the status bar says about the room, as of the worker's last pass."""

    state: RoomState
    waiting: Waiting | None
    """What the station holds that the room does not; None before the room was reached
    once (what the room has is not known)."""
    error: str | None = None
    """Why the last pass failed, a sentence; None after a pass that worked."""
    last_sent: datetime | None = None
    """When a pass last finished."""
    refused: int = 0
    """Rows found wrong and not sent since the worker started (recorded in the room)."""
    not_received: str | None = None
    """Why the last receiving pass (:mod:`trainer.room.inbox`) merged nothing, a
    sentence; None when it worked."""
    not_shared: tuple[str, ...] = ()
    """The classes, assignments, set-ups and certificates the last shared pass
    (:mod:`trainer.room.shared`) did not send or did not take, each a sentence naming
    it (tried again at each pass)."""
    received: int = 0
    """Rows received from the room since the worker started (a window showing a
    trainee's records reads them again when it grows)."""
    not_taken: tuple[str, ...] = ()
    """Rows of the room the receiving passes refused one by one since the worker started
    (a language choice whose code is malformed), each a sentence naming it."""

    def sentence(self) -> str:
        """``Room: connected``, ``Room: offline — 12 answers waiting``, ..."""
        if self.state is RoomState.CONNECTED:
            if self.not_received:
                return _("Room: connected — not receiving ({why})", why=self.not_received)
            return _("Room: connected")
        if self.state is RoomState.STARTING:
            return _("Room: connecting…")
        count = self.waiting.answers if self.waiting is not None else 0
        if self.state is RoomState.OFFLINE:
            if count:
                return ngettext("Room: offline — {count} answer waiting",
                                "Room: offline — {count} answers waiting", count)
            return _("Room: offline")
        if count:
            return ngettext("Room: not sending — {count} answer waiting ({why})",
                            "Room: not sending — {count} answers waiting ({why})", count,
                            why=self.error)
        return _("Room: not sending ({why})", why=self.error)


class RoomWorker:
    """Sends the station's records to the room from a thread of its own."""

    def __init__(self, station_path: Path, target: RoomTarget, *,
                 interval: float = INTERVAL, max_backoff: float = MAX_BACKOFF,
                 connect_timeout: float = CONNECT_TIMEOUT,
                 batch_rows: int = BATCH_ROWS,
                 secret: StationSecret | None = None) -> None:
        self._path = station_path
        self._secret = secret or data_folder_secret(create=False)
        """What received rows are sealed with, and what an exam's answers and result are
        checked against before they are sent: the data folder's station secret."""
        self._target = target
        self._interval = interval
        self._max_backoff = max(interval, max_backoff)
        self._connect_timeout = connect_timeout
        self._batch_rows = batch_rows
        self._changed = threading.Condition()
        self._status = RoomSyncStatus(RoomState.STARTING, None)
        self._pass_started: float | None = None
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="room-sender", daemon=True)
        self._following: dict[str, None] = {}
        """The trainees (uids) whose history is received here (signed in here)."""

    # -- for the GUI thread: none of these waits on the network

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> bool:
        """Ask the thread to end; True when it has (a pass under way ends first)."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def nudge(self) -> None:
        """Send soon (an answer was just committed) rather than at the next second."""
        self._wake.set()

    def follow(self, trainee_uid: str) -> None:
        """Receive this trainee's history from the room from now on (they signed in
        here), the first time at the next pass, which starts soon."""
        with self._changed:
            self._following[trainee_uid] = None
        self._wake.set()

    def following(self) -> tuple[str, ...]:
        with self._changed:
            return tuple(self._following)

    def status(self) -> RoomSyncStatus:
        with self._changed:
            status, started = self._status, self._pass_started
        if started is not None and time.monotonic() - started > PASS_DEADLINE:
            return replace(status, state=RoomState.OFFLINE,
                           error="the room server does not answer")
        return status

    def wait_for(self, predicate: Callable[[RoomSyncStatus], bool],
                 timeout: float) -> RoomSyncStatus | None:
        """The first status (from now on) that ``predicate`` accepts; None after
        ``timeout`` seconds (for tests and tools: the GUI reads :meth:`status`)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self._status):
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)
            return self._status

    # -- the thread

    def _set(self, status: RoomSyncStatus, *, started: float | None = None) -> None:
        with self._changed:
            self._status = status
            self._pass_started = started
            self._changed.notify_all()

    def _run(self) -> None:
        outbox: StationOutbox | None = None
        link = RoomLink(self._target, self._connect_timeout)
        marks: dict[str, Mark] | None = None
        failures = 0
        refused = 0
        sharer: Sharer | None = None
        cache: StationCache | None = None
        not_received: str | None = None
        not_shared: tuple[str, ...] = ()
        not_taken: dict[str, None] = {}
        received = 0
        try:
            while not self._stop.is_set():
                status = self.status()
                try:
                    if outbox is None:
                        outbox = StationOutbox.open(self._path, secret=self._secret)
                    with self._changed:
                        self._pass_started = time.monotonic()
                    result = sync_once(outbox, link, batch_rows=self._batch_rows)
                    marks = result.marks  # what the room holds, whatever the rest of the pass
                    if cache is None:
                        cache = StationCache.open(self._path, self._secret)
                    not_received, merged, refused_rows = self._receive(cache, link)
                    received += merged
                    not_taken.update(dict.fromkeys(refused_rows))
                    # After receiving: the trainees and exams it names are here by now.
                    if sharer is None:
                        sharer = Sharer(open_shared(self._path), result.station)
                    shared = share_pass(sharer, link)
                    if not shared.skipped:
                        not_shared = tuple(sorted(set(shared.refused)))
                except Exception as error:  # the sender must not die silently
                    if not isinstance(error, (SyncError, StorageError)):
                        # A fault of the trainer's own (a driver error not wrapped, a bug):
                        # logged with its traceback for IT, said on the status bar, and the
                        # next pass tries again; the answers stay in the station's database.
                        log.exception("room: a pass stopped on an unexpected error")
                        outbox, cache, sharer = _closed(outbox, cache, sharer)
                        link.close()  # its transaction's state is not known either
                        error = RoomRefused(_(
                            "the room's sender stopped on an unexpected error ({error}); it"
                            " tries again, and the answers stay on this station",
                            error=f"{type(error).__name__}: {error}"))
                    failures += 1
                    if isinstance(error, SyncError) and error.marks is not None:
                        marks = error.marks
                    known = status.waiting
                    if outbox is not None and marks is not None:
                        with contextlib.suppress(StorageError):
                            known = waiting(outbox, marks)
                    state = RoomState.OFFLINE if isinstance(error, RoomOffline) else (
                        RoomState.REFUSED)
                    self._set(replace(status, state=state, waiting=known, error=str(error),
                                      refused=refused, not_shared=not_shared,
                                      not_taken=tuple(not_taken)))
                else:
                    failures = 0
                    refused += len(result.refused)
                    self._set(RoomSyncStatus(RoomState.CONNECTED, result.waiting, None,
                                             datetime.now(UTC), refused, not_received,
                                             not_shared, received, tuple(not_taken)))
                if failures:
                    delay = min(self._max_backoff, self._interval * 2 ** (failures - 1))
                    self._stop.wait(delay)  # a nudge does not cut a back-off short
                else:
                    self._wake.wait(self._interval)
                self._wake.clear()
        finally:
            link.close()
            if outbox is not None:
                outbox.close()
            if sharer is not None:
                close_shared(sharer.records)
            if cache is not None:
                cache.close()

    def _receive(self, cache: StationCache,
                 link: RoomLink) -> tuple[str | None, int, tuple[str, ...]]:
        """One receiving pass: why it merged nothing (None: it worked), how many rows it
        merged, and the rows it refused one by one while taking the rest. Losing the
        server is raised, as when sending."""
        try:
            result = receive_once(cache, link, self.following())
        except RoomOffline:
            raise
        except SyncError as error:
            return str(error), 0, ()
        return None, result.merged_total + result.pins + result.languages, result.refused


def _closed(outbox: StationOutbox | None, cache: StationCache | None,
            sharer: Sharer | None) -> tuple[None, None, None]:
    """Close what a pass had open, so the next pass opens it afresh (after an
    unexpected error its state is not known)."""
    with contextlib.suppress(Exception):
        if outbox is not None:
            outbox.close()
    with contextlib.suppress(Exception):
        if cache is not None:
            cache.close()
    with contextlib.suppress(Exception):
        if sharer is not None:
            close_shared(sharer.records)
    return None, None, None
