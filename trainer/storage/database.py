"""One SQLite file per station: trainees, sessions, rounds, answers, course answers, exams.

:func:`open_database` always returns a usable :class:`TrainerDB` and never
changes a file it cannot use: ``TrainerDB.notice`` then holds the sentences
the UI shows (None when all went well). :class:`TrainerDB` is the one object
the rest of the trainer uses; each of its parts is a module with one job:

- :mod:`~trainer.storage.opening`: opening the file, damage detection and
  recovery, refusing a file that is read-only, another program's or a newer
  trainer's, and side files;
- :mod:`~trainer.storage.backups`: taking, rotating and finding backups;
- :mod:`~trainer.storage.writes`: the write transaction and every ``create_*``
  and ``record_*`` (durability is described there);
- :mod:`~trainer.storage.queries`: the reads for progress, the roster,
  mistakes and skill totals;
- :mod:`~trainer.storage.exams`: exam set-ups, starting and finishing exams;
- :mod:`~trainer.storage.grid_queries`: the class view's reads (skill grid,
  weekly trends, most-missed questions);
- :mod:`~trainer.storage.classes`: classes, their members and averages, assignments;
- :mod:`~trainer.storage.certificates`: sign-offs, verification codes, expiry, revoking;
- :mod:`~trainer.storage.rows` turns rows into the models of
  :mod:`~trainer.storage.models`, :mod:`~trainer.storage.fields` checks what
  callers hand in, :mod:`~trainer.storage.exchange` moves results between stations.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from sqlite_utils import Database

from trainer.storage import exchange, schema, seal
from trainer.storage.accounts import Accounts
from trainer.storage.backups import KEEP_BACKUPS
from trainer.storage.certificates import Certificates
from trainer.storage.classes import Classes
from trainer.storage.connection import DEFAULT_BUSY_TIMEOUT, MEMORY, SYNCHRONOUS
from trainer.storage.errors import driver_errors_wrapped
from trainer.storage.exams import Exams
from trainer.storage.fields import MAX_NAME_LENGTH
from trainer.storage.grid_queries import GridQueries
from trainer.storage.models import Exam, MergeReport, StorageError
from trainer.storage.opening import DEFAULT_FILENAME, open_file
from trainer.storage.queries import Queries
from trainer.storage.schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from trainer.storage.interfaces import Storage

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "DEFAULT_FILENAME",
    "KEEP_BACKUPS",
    "MAX_NAME_LENGTH",
    "SYNCHRONOUS",
    "StorageError",
    "TrainerDB",
    "open_database",
]


@driver_errors_wrapped
class TrainerDB(Accounts, Exams, Queries, GridQueries, Classes, Certificates):
    """The trainer's storage: every method is one short transaction or a read.

    Built in layers, each a module: the connection (``connection.Connected``),
    backups, writes, sign-in and accounts (accounts), exams, and the reads (queries).
    A public method raises :class:`~trainer.storage.models.StorageError` (a refusal,
    or a :class:`~trainer.storage.models.StorageFailure` of the database), never the
    driver's ``sqlite3.Error`` (:func:`~trainer.storage.errors.driver_errors_wrapped`).
    """

    # -- seals (trainer.storage.seal): exams read back with their seal checked

    def _get_exam(self, exam_id: int) -> Exam:
        return self.with_seal_states([super()._get_exam(exam_id)])[0]

    def exam_results(self, trainee_id: int | None = None) -> list[Exam]:
        """Exams, newest first: one trainee's, or everyone's; each seal checked."""
        return self.with_seal_states(super().exam_results(trainee_id))

    def check_records(self) -> seal.DatabaseCheck:
        """Every sealed record and each chain's end, checked (``hhe-trainer verify``)."""
        return seal.check_database(self.conn, self.secret)

    # -- training room

    def export_station(self, path: Path | str, room_key: str | None = None) -> Path:
        """Write this station's results to a signed file (see ``trainer.storage.exchange``)."""
        return exchange.export_station(self, Path(path), room_key)

    def merge_station(self, path: Path | str, room_key: str | None = None, *,
                      allow_default_key: bool = True) -> MergeReport:
        """Merge a station file; refused if damaged, altered or holding a value the
        trainer would not write, idempotent otherwise; merged rows are sealed here."""
        return exchange.merge_station(self, Path(path), room_key,
                                      allow_default_key=allow_default_key)


if TYPE_CHECKING:
    def _satisfies_every_protocol(db: TrainerDB) -> Storage:
        """Never called: mypy checks here that TrainerDB has all of
        :mod:`~trainer.storage.interfaces`, signatures and all."""
        return db


def open_database(
    path: Path | str | None = None,
    *,
    busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    backup_on_session: bool = True,
    create_secret: bool = True,
) -> TrainerDB:
    """Open (creating and upgrading as needed) the trainer's database; never fails.

    ``path`` defaults to ``data_dir() / "trainer.sqlite3"``. When the file was
    damaged, refused, read-only, locked or could not be opened, the returned
    database's ``notice`` says what happened and where things are (see
    :mod:`trainer.storage.opening`). The station secret seals are made with is
    the data folder's (:mod:`trainer.storage.seal`), made when missing unless
    ``create_secret`` is False (checking must not make one).
    """
    opened = open_file(path, busy_timeout)
    db = TrainerDB(
        opened.db,
        opened.path,
        notice=opened.notice,
        busy_timeout=busy_timeout,
        backup_on_session=backup_on_session and opened.path != MEMORY,
    )
    db.secret = seal.data_folder_secret(create=create_secret)
    if create_secret and db.secret.problem is not None:
        unsealed = (f"{db.secret.problem} New answers and exams cannot be sealed, so they"
                    " will read as altered; ask IT to make the data folder writable.")
        db.notice = f"{db.notice} {unsealed}" if db.notice else unsealed
    return db


class CannotCheck(Exception):
    """Why a file cannot be checked as it is: a sentence for the person. ``readable`` is
    False when it is no SQLite database at all (damaged, empty, unreadable)."""

    def __init__(self, sentence: str, *, readable: bool) -> None:
        super().__init__(sentence)
        self.readable = readable


def open_for_checking(path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> TrainerDB:
    """``path`` opened read-only for a check (``hhe-trainer verify``): nothing is written
    in its folder, no side file, no backup, no upgrade, no station secret, no WAL or
    shared-memory file made. :class:`CannotCheck` when it is not a trainer database of
    this version.

    With a write-ahead log beside it the file is read through SQLite's read-only mode
    (which reads the log and leaves it where it is). Without one no trainer has it open
    in WAL mode, and it is read as immutable: a read-only open would leave an empty
    ``-wal`` and ``-shm`` behind.
    """
    wal = Path(f"{path}-wal").exists()
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("" if wal else "&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout, isolation_level=None)
    except sqlite3.Error as error:
        raise CannotCheck(f"The database {path} cannot be read ({error}).",
                          readable=False) from error
    try:
        try:
            refused = schema.examine(conn)
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        except schema.SchemaDamage as damage:
            raise CannotCheck(f"The database {path} {damage}.", readable=False) from damage
        except sqlite3.Error as error:
            raise CannotCheck(f"The database {path} cannot be read ({error}).",
                              readable=False) from error
        if refused is not None:
            raise CannotCheck(f"The file {path} {refused.why}: it cannot be checked here.",
                              readable=True)
        if version == 0:
            raise CannotCheck(f"The database {path} holds no records yet.", readable=False)
        if version < SCHEMA_VERSION:
            raise CannotCheck(
                f"The database {path} was written by an earlier version of the trainer"
                f" (schema {version}; this version checks schema {SCHEMA_VERSION}). Open it"
                " once with this trainer, which upgrades it, then check it again.",
                readable=True)
    except BaseException:
        conn.close()
        raise
    db = TrainerDB(Database(conn), path, backup_on_session=False, busy_timeout=busy_timeout)
    db.secret = seal.data_folder_secret(create=False)
    return db
