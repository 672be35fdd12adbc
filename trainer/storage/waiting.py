"""Writes waiting while another program holds the database's write lock (no Qt).

SQLite lets one process write at a time; the others wait up to the busy timeout
(:data:`~trainer.storage.connection.DEFAULT_BUSY_TIMEOUT`). A program that keeps the
lock longer (an ``sqlite3`` shell left in a transaction, a backup tool) would make the
trainer's write fail with "database is locked". :class:`WaitingWrites` keeps such a
write, and every write after it, in memory, in order, and writes them when the lock is
released: each write is one transaction that either commits or is rolled back whole,
and leaves the line only once it has committed, so each is written exactly once.

While writes wait, a new one joins the end of the line at once (it never waits the busy
timeout itself, so the person answering does not wait again), and :meth:`retry` (a
window calls it from a timer) tries the line again, each attempt waiting at most
:data:`RETRY_WAIT` for the lock. At the end (:meth:`finish`) the line is tried for a
bounded time; what still waits is kept in a side file (``side/*.waiting-*.json``
beside the database), never dropped.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trainer.paths import private_file
from trainer.storage.errors import driver_errors_wrapped, is_locked
from trainer.storage.models import StorageBusy, StorageError
from trainer.storage.seal import StationSecret

RETRY_WAIT = 0.05
"""How long one retry waits for the lock (seconds): a timer's retry never holds the
window up longer than a normal write."""
FINISH_WAIT = 10.0
"""How long the end of a session keeps trying before the waiting writes go to a side file."""
SIDE_FOLDER = "side"
SIDE_SEAL_KEY = "seal"
"""The side file's entry holding its seal (:func:`side_file_seal`)."""

_PLURALS = {"answer": "answers", "round": "rounds", "session start": "session starts",
            "session end": "session ends", "exam end": "exam ends"}


def counted(number: int, kind: str) -> str:
    """``1 answer``, ``3 answers``."""
    return f"{number} {kind if number == 1 else _PLURALS.get(kind, kind + 's')}"


@dataclass(slots=True)
class Waiting:
    """One write in the line: what it is, its data (kept in the side file) and how to do it."""

    kind: str
    """``answer``, ``round``, ``session start``, ``session end`` or ``exam end``."""
    write: Callable[[], None]
    record: dict[str, Any] = field(default_factory=dict)
    """What the write holds, as JSON, for the side file when it cannot be written."""


def side_file_seal(secret: StationSecret, content: dict[str, Any]) -> str | None:
    """``<key id>.<HMAC>`` of a side file's content (every entry but its seal, as canonical
    JSON: keys sorted), made with the station secret by the seals' own HMAC
    (:meth:`~trainer.storage.seal.StationSecret.mac`); None without a secret."""
    if secret.key is None:
        return None
    unsealed = {key: value for key, value in content.items() if key != SIDE_SEAL_KEY}
    text = json.dumps(unsealed, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False)
    return f"{secret.key_id}.{secret.mac('side file', text)}"


def _locked(error: Exception) -> bool:
    """Whether ``error`` is the write lock held by another program: storage's
    :class:`StorageBusy` (a write through TrainerDB) or SQLite's own error."""
    return isinstance(error, StorageBusy) or (
        isinstance(error, sqlite3.Error) and is_locked(error))


@driver_errors_wrapped
class WaitingWrites:
    """The line of writes waiting for the database's write lock, oldest first (its
    methods raise storage's errors, never the driver's)."""

    def __init__(self, conn: Callable[[], sqlite3.Connection], path: Path,
                 busy_timeout: float) -> None:
        self._conn = conn
        self._path = path
        self._busy_timeout = busy_timeout
        self._line: deque[Waiting] = deque()
        self.written_late = 0
        """How many writes that had to wait have been written since the line last emptied."""
        self.sealer: Callable[[], tuple[StationSecret, str]] | None = None
        """The station secret and the database's station id a side file is sealed with
        and names (set by :class:`~trainer.storage.database.TrainerDB`); None: unsealed."""

    def __len__(self) -> int:
        return len(self._line)

    def __bool__(self) -> bool:
        return bool(self._line)

    def kinds(self) -> Counter[str]:
        return Counter(waiting.kind for waiting in self._line)

    def described(self) -> str:
        """``3 answers and 1 round`` (answers first); empty when nothing waits."""
        kinds = self.kinds()
        order = sorted(kinds, key=lambda kind: (kind != "answer", kind != "round", kind))
        parts = [counted(kinds[kind], kind) for kind in order]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    def run(self, waiting: Waiting) -> bool:
        """Write now, or after the writes already waiting; True when written now.

        Only "database is locked" puts a write in the line; any other failure is
        raised as before (and the write is not kept)."""
        if self._line:
            self._line.append(waiting)
            return False
        try:
            waiting.write()
        except (StorageBusy, sqlite3.Error) as error:
            if not _locked(error):
                raise
            self._line.append(waiting)
            self.written_late = 0
            return False
        return True

    def retry(self, wait: float = RETRY_WAIT) -> int:
        """Write the waiting writes in order, each waiting at most ``wait`` seconds for the
        lock; stop at the first still locked out. Returns how many still wait. A failure
        other than the lock is raised and its write stays first in the line."""
        if not self._line:
            return 0
        with self._waiting_at_most(wait):
            while self._line:
                try:
                    self._line[0].write()
                except (StorageBusy, sqlite3.Error) as error:
                    if _locked(error):
                        break
                    raise
                self._line.popleft()
                self.written_late += 1
        return len(self._line)

    @contextmanager
    def _waiting_at_most(self, seconds: float) -> Iterator[None]:
        conn = self._conn()
        conn.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")
        try:
            yield
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")

    def finish(self, within: float = FINISH_WAIT, *,
               clock: Callable[[], float] = time.monotonic) -> Path | None:
        """Keep trying for ``within`` seconds (at least once); what still waits then (or
        after a failure other than the lock) is written to a side file, its path returned
        and the line emptied. None when everything was written. :class:`OSError` when the
        side file cannot be written (the line is kept)."""
        deadline = clock() + within
        while True:
            try:
                left = self.retry(wait=min(0.25, max(0.0, deadline - clock())))
            except (StorageError, sqlite3.Error):  # not the lock: waiting will not help
                break
            if not left or clock() >= deadline:
                break
        if not self._line:
            return None
        side = self.keep_in_side_file()
        self._line.clear()
        return side

    def keep_in_side_file(self) -> Path:
        """The waiting writes, in order, as JSON in ``side/<name>.waiting-<time>.json``
        beside the database (0600), with the database's station id, when they were kept
        and the seal of all that (:func:`side_file_seal`); raises :class:`OSError` when it
        cannot be written."""
        kept = datetime.now(UTC)
        stamp = kept.astimezone().strftime("%Y%m%d-%H%M%S")
        folder = self._path.parent / SIDE_FOLDER
        folder.mkdir(mode=0o700, exist_ok=True)
        target = folder / f"{self._path.stem}.waiting-{stamp}.json"
        counter = 1
        while target.exists():
            counter += 1
            target = folder / f"{self._path.stem}.waiting-{stamp}-{counter}.json"
        content: dict[str, Any] = {
            "database": str(self._path),
            "why": "not written: another program kept the database locked",
            "kept_at": kept.isoformat(),
            "writes": [{"write": w.kind, **w.record} for w in self._line],
        }
        secret: StationSecret | None = None
        if self.sealer is not None:
            try:
                secret, content["station"] = self.sealer()
            except (sqlite3.Error, StorageError):  # unsealed, refused at the next start,
                secret = None                      # but kept: never dropped
        # As JSON reads it back, so the seal is over what the file holds.
        content = json.loads(json.dumps(content, ensure_ascii=False, default=str))
        if secret is not None:
            content[SIDE_SEAL_KEY] = side_file_seal(secret, content)
        private_file(target)
        with target.open("w", encoding="utf-8") as out:
            json.dump(content, out, ensure_ascii=False, indent=1)
        return target
