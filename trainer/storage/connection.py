"""An open database: how the trainer connects (what SQLite's errors mean is
:mod:`trainer.storage.errors`), and :class:`Connected`, the state every part of
:class:`~trainer.storage.database.TrainerDB` builds on (no Qt).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Self

from sqlite_utils import Database

from trainer.i18n import _
from trainer.storage.models import StorageError
from trainer.storage.schema import SCHEMA_VERSION
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


def connect_station_file(path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT, *,
                         check_same_thread: bool = True,
                         foreign_keys: bool = True) -> sqlite3.Connection:
    """A connection of its own to the station's database at ``path``, which the trainer
    has opened (and upgraded) already: for the room's worker thread (the room's cache,
    the shared records), never the GUI's. Every commit synced, and foreign keys checked
    as on the trainer's own connection unless ``foreign_keys`` is False (the shared
    records, which merge rows the room sends in an order of its own). StorageError when
    the file is not there (never made here), cannot be opened, or is not at this
    trainer's schema."""
    if not path.is_file():
        raise StorageError(_("the station's database {path} is not there", path=path))
    try:
        conn = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None,
                               check_same_thread=check_same_thread)
        if foreign_keys:
            conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as error:
        raise StorageError(_("the station's database {path} cannot be opened ({error})",
                             path=path, error=error)) from None
    if version != SCHEMA_VERSION:
        conn.close()
        raise StorageError(_("the station's database {path} is at schema {version}, not"
                             " this trainer's {known}", path=path, version=version,
                             known=SCHEMA_VERSION))
    return conn


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One transaction on ``conn`` (in autocommit mode) holding the write lock from its
    start (BEGIN IMMEDIATE), committed on exit and rolled back on any error. No nesting:
    StorageError when a transaction is already open, since each write commits on its
    own."""
    if conn.in_transaction:
        raise StorageError("a transaction is already open; each write commits on its own")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    try:
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


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
