"""An open database: how the trainer connects (what SQLite's errors mean is
:mod:`trainer.storage.errors`), and :class:`Connected`, the state every part of
:class:`~trainer.storage.database.TrainerDB` builds on (no Qt).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Self

from sqlite_utils import Database

from trainer.storage.waiting import WaitingWrites

DEFAULT_BUSY_TIMEOUT = 10.0
SYNCHRONOUS = "FULL"
"""See :mod:`trainer.storage.writes` for why every commit is synced."""
WAL_CHECKPOINT_PAGES = 256
"""Copy the WAL into the database (a PASSIVE checkpoint, which never waits for a reader)
once it holds this many pages, 1 MiB at SQLite's 4 KiB page, instead of SQLite's 1000
(4 MiB, about 120 answers at about 8 pages an answer). After the checkpoint the WAL is
cut back to this size (``journal_size_limit``) when it starts over, so it stays small
whatever a long session or a reader that held a checkpoint back made of it."""
SIDE_FILES = ("-wal", "-shm", "-journal")
"""What SQLite keeps beside a database file; they travel with it."""
MEMORY = Path(":memory:")
"""The path of a database kept in memory only (no file could be written)."""


def connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection that cannot write ``path`` (nor checkpoint a WAL into it)."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)


class Connected:
    """An open trainer database: its connection, file and start-up notice."""

    def __init__(
        self,
        db: Database,
        path: Path,
        *,
        notice: str | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        backup_on_session: bool = True,
    ) -> None:
        self.db = db
        self.path = path
        self._bound_the_wal()
        self.notice = notice
        """What went wrong at start, for the UI to show; None when nothing did."""
        self.busy_timeout = busy_timeout
        self.backup_on_session = backup_on_session
        self.backup_problem: str | None = None
        """Why the last automatic backup failed, if it did (the session went on)."""
        self.waiting = WaitingWrites(lambda: self.conn, path, busy_timeout)
        """Writes waiting while another program holds the write lock (a recorder's)."""

    @property
    def conn(self) -> sqlite3.Connection:
        return self.db.conn

    def _bound_the_wal(self) -> None:
        """See :data:`WAL_CHECKPOINT_PAGES` (settings of this connection, not of the file)."""
        (page_size,) = self.conn.execute("PRAGMA page_size").fetchone()
        frame = int(page_size) + 24  # a WAL frame: its 24-byte header and one page
        self.conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
        self.conn.execute(f"PRAGMA journal_size_limit = {32 + WAL_CHECKPOINT_PAGES * frame}")

    @property
    def schema_version(self) -> int:
        """``PRAGMA user_version``: the number of the last migration applied."""
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    @property
    def station(self) -> str:
        """This database's own id (a UUID), named in its station exports."""
        return str(self.conn.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()[0])

    def close(self) -> None:
        """Close the connection (every write is already committed)."""
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
