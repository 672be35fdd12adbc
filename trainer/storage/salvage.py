"""What a damaged database still holds, copied into the database that replaced it (no Qt).

When opening finds the database damaged it is set aside as ``<name>.damaged-<time>``
and the newest good backup (or a new database) takes its place
(:mod:`trainer.storage.opening`). The damaged file usually still holds most of what
was written after that backup. :func:`salvage` reads it through SQLite, never changing
it: the file (and its write-ahead log) is copied to a private scratch folder and the
copy is read, table by table and row by row (each row looked up by its id, so a
damaged page loses only the rows on it), and every row the restored database lacks is
inserted with its own id, parents before children (a row whose parent could not be
read is not inserted: it is counted as lost).

Seals (:mod:`trainer.storage.seal`) are copied as they are, never made anew: a
recovered answer reads VALID only when its own seal checks out against the row before
it, and one whose seal does not check (its predecessor lost on a damaged page, or an
edit) reads ALTERED, as it truly is. A table's chain head moves to its last recovered
row only when that row's seal checks out. Tables the answers' triggers keep (totals,
recent answers per skill) are not copied: the triggers count the recovered answers.
Changes made after the backup to rows the backup already holds (a certification
revoked later, say) are not carried over; the damaged file keeps them.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from trainer.i18n import _, ngettext
from trainer.paths import private_folder
from trainer.storage import account_seal, seal
from trainer.storage.connection import SIDE_FILES
from trainer.storage.models import SealState

_READ_ERRORS = (sqlite3.Error, UnicodeDecodeError)
"""Reading a damaged file: SQLite's refusal, or its message quoting the file's broken text."""
KEPT_BY_TRIGGERS = frozenset({"trainee_totals", "skill_totals", "skill_recent"})
"""Written by the answers' triggers as recovered answers are inserted."""
NOT_COPIED = KEPT_BY_TRIGGERS | {"meta"}
NAMES: dict[str, Callable[[int], str]] = {
    "answers": lambda n: ngettext("{count} answer", "{count} answers", n),
    "course_answers": lambda n: ngettext("{count} course answer", "{count} course answers", n),
    "rounds": lambda n: ngettext("{count} round", "{count} rounds", n),
    "sessions": lambda n: ngettext("{count} session", "{count} sessions", n),
    "trainees": lambda n: ngettext("{count} trainee", "{count} trainees", n),
    "exams": lambda n: ngettext("{count} exam", "{count} exams", n),
    "certifications": lambda n: ngettext("{count} certification", "{count} certifications", n),
    "classes": lambda n: ngettext("{count} class", "{count} classes", n),
    "class_members": lambda n: ngettext("{count} class membership",
                                        "{count} class memberships", n),
    "assignments": lambda n: ngettext("{count} assignment", "{count} assignments", n),
    "exam_configs": lambda n: ngettext("{count} exam set-up", "{count} exam set-ups", n),
    "instructors": lambda n: ngettext("{count} instructor", "{count} instructors", n),
    "station_exams": lambda n: ngettext("{count} station exam", "{count} station exams", n),
    "sign_in_failures": lambda n: ngettext("{count} failed sign-in", "{count} failed sign-ins",
                                           n),
}
"""How a person reads a count of each table's rows, in the order a notice names them."""


def _counted(table: str, number: int) -> str:
    if table in NAMES:
        return NAMES[table](number)
    return ngettext("{count} {table} row", "{count} {table} rows", number, table=table)


def _listed(counts: dict[str, int]) -> str:
    order = [table for table in NAMES if counts.get(table)]
    order += sorted(table for table in counts if counts[table] and table not in NAMES)
    parts = [_counted(table, counts[table]) for table in order]
    if len(parts) <= 1:
        return "".join(parts)
    return _("{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1])


@dataclass(slots=True)
class Salvage:
    """What was copied from the damaged file, and what could not be."""

    readable: bool = True
    """False when SQLite could read nothing of the damaged file at all."""
    recovered: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    """Rows after the backup's last one that could not be read (or whose parent was lost)."""
    not_sealed: dict[str, int] = field(default_factory=dict)
    """Recovered rows whose seal does not check: they read as altered."""
    why: str | None = None

    def sentence(self) -> str:
        """What the person is told (after "The backup of ... was restored")."""
        if not self.readable:
            return _("Nothing could be read from the damaged file ({why}).", why=self.why)
        recovered = _listed(self.recovered)
        sentences = [_("Copied from the damaged file: {rows}.", rows=recovered) if recovered
                     else _("The damaged file held nothing more that could be read.")]
        lost = _listed(self.lost)
        if lost:
            sentences.append(_("On its damaged pages {rows} could not be read: they are lost"
                               " (the damaged file is kept as it is).", rows=lost))
        elif recovered:
            sentences.append(_("Nothing it held was left behind."))
        altered = _listed(self.not_sealed)
        if altered:
            sentences.append(_("Seal check of what was copied: {rows} read as altered (the"
                               " record before each was lost or changed).", rows=altered))
        return " ".join(sentences)


def salvage(damaged: Path, conn: sqlite3.Connection, secret: seal.StationSecret,
            *, new_database: bool) -> Salvage:
    """Copy into ``conn`` (the restored database, foreign keys on, no transaction open)
    every row of ``damaged`` it lacks; ``damaged`` itself is never opened for writing.
    With ``new_database`` (no backup was restored) the station's id is taken over too."""
    # Beside the database (never the shared temporary folder), 0700, removed after.
    with tempfile.TemporaryDirectory(prefix=".salvage-", dir=damaged.parent) as scratch:
        folder = Path(scratch)
        private_folder(folder)
        copy = folder / "damaged.sqlite3"
        for suffix in ("", *SIDE_FILES):
            source = Path(f"{damaged}{suffix}")
            if source.exists():  # the set-aside file: no SQLite of this process holds it
                shutil.copyfile(source, f"{copy}{suffix}")
        try:
            source_conn = sqlite3.connect(copy, isolation_level=None)
        except _READ_ERRORS as error:
            return Salvage(readable=False, why=str(error))
        source_conn.text_factory = lambda data: data.decode("utf-8", errors="replace")
        try:
            return _copy_rows(source_conn, conn, secret, new_database=new_database)
        finally:
            source_conn.close()


def _tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                        " AND name NOT LIKE 'sqlite_%'").fetchall()
    return [str(row[0]) for row in rows]


def _parents_first(conn: sqlite3.Connection, tables: Iterable[str]) -> list[str]:
    wanted = set(tables)
    graph = {table: {str(row[2]) for row in conn.execute(f"PRAGMA foreign_key_list({table})")
                     if str(row[2]) in wanted and str(row[2]) != table}
             for table in wanted}
    try:
        return list(TopologicalSorter(graph).static_order())
    except CycleError:
        return sorted(wanted)


def _row_id_column(conn: sqlite3.Connection, table: str) -> str | None:
    """The table's INTEGER PRIMARY KEY (its rowid), None when it has none."""
    keys = [(str(row[1]), str(row[2]).upper()) for row in conn.execute(
        f"PRAGMA table_info({table})") if row[5]]
    return keys[0][0] if len(keys) == 1 and keys[0][1] == "INTEGER" else None


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")]


def _highest(source: sqlite3.Connection, table: str) -> int:
    """The highest rowid SQLite can find in ``table`` of the damaged copy (0: none)."""
    try:
        found = source.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0]
        return int(found or 0)
    except (*_READ_ERRORS, TypeError, ValueError):
        pass
    highest = 0
    for order in ("ASC", "DESC"):  # as far as each end can be read
        try:
            for (rowid,) in source.execute(f"SELECT rowid FROM {table} ORDER BY rowid {order}"):
                highest = max(highest, int(rowid))
        except _READ_ERRORS:
            continue
    return highest


def _copy_rows(source: sqlite3.Connection, target: sqlite3.Connection,
               secret: seal.StationSecret, *, new_database: bool) -> Salvage:
    try:
        damaged_tables = set(_tables(source))
    except _READ_ERRORS as error:
        return Salvage(readable=False, why=str(error))
    result = Salvage()
    tables = [t for t in _tables(target) if t in damaged_tables and t not in NOT_COPIED]
    copied_ids: dict[str, list[int]] = {}
    target.execute("BEGIN IMMEDIATE")
    try:
        for table in _parents_first(target, tables):
            try:
                columns = [c for c in _columns(target, table) if c in _columns(source, table)]
            except _READ_ERRORS:
                continue
            key = _row_id_column(target, table)
            if key is None or key not in columns:
                _copy_keyless(source, target, table, columns, result)
            else:
                copied_ids[table] = _copy_by_id(source, target, table, key, columns, result)
        if new_database:
            _take_station_id(source, target)
        for table, ids in copied_ids.items():
            if ids and table in seal.SPECS:
                _settle_seals(target, secret, table, ids, result)
        account_seal.follow_recovered(target, source, secret)
    except BaseException:
        target.execute("ROLLBACK")
        raise
    target.execute("COMMIT")
    return result


def _insert(target: sqlite3.Connection, table: str, columns: list[str],
            values: tuple[object, ...]) -> str | None:
    """Insert one row; None when done, else "present" or "lost" (a parent missing)."""
    names = ", ".join(columns)
    marks = ", ".join("?" for _ in columns)
    try:
        target.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", values)
    except sqlite3.Error as error:  # a constraint: already there, or not a row to keep
        return "present" if "UNIQUE" in str(error) else "lost"
    return None


def _copy_by_id(source: sqlite3.Connection, target: sqlite3.Connection, table: str,
                key: str, columns: list[str], result: Salvage) -> list[int]:
    """Rows looked up one id at a time, so one damaged page costs only its own rows."""
    present = {int(row[0]) for row in target.execute(f"SELECT {key} FROM {table}")}
    after_backup = max(present, default=0)
    select = f"SELECT {', '.join(columns)} FROM {table} WHERE rowid = ?"
    copied: list[int] = []
    lost = 0
    for rowid in range(1, _highest(source, table) + 1):
        if rowid in present:
            continue
        try:
            row = source.execute(select, (rowid,)).fetchone()
        except _READ_ERRORS:
            row = None
        if row is None:
            lost += rowid > after_backup  # ids only grow: a gap after the backup is a loss
            continue
        outcome = _insert(target, table, columns, tuple(row))
        if outcome is None:
            copied.append(rowid)
        elif outcome == "lost":
            lost += 1
    if copied:
        result.recovered[table] = len(copied)
    if lost:
        result.lost[table] = lost
    return copied


def _copy_keyless(source: sqlite3.Connection, target: sqlite3.Connection, table: str,
                  columns: list[str], result: Salvage) -> None:
    """A table without an id of its own (class members): every readable row the
    restored database does not hold already."""
    select = f"SELECT {', '.join(columns)} FROM {table} WHERE rowid = ?"
    copied = lost = 0
    for rowid in range(1, _highest(source, table) + 1):
        try:
            row = source.execute(select, (rowid,)).fetchone()
        except _READ_ERRORS:
            lost += 1
            continue
        if row is None:
            continue
        outcome = _insert(target, table, columns, tuple(row))
        copied += outcome is None
        lost += outcome == "lost"
    if copied:
        result.recovered[table] = copied
    if lost:
        result.lost[table] = lost


def _take_station_id(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    """A new database standing in for a damaged one is the same station."""
    try:
        found = source.execute("SELECT value FROM meta WHERE key = 'station'").fetchone()
    except _READ_ERRORS:
        return
    if found and isinstance(found[0], str) and found[0]:
        target.execute("UPDATE meta SET value = ? WHERE key = 'station'", (found[0],))


def _settle_seals(conn: sqlite3.Connection, secret: seal.StationSecret, table: str,
                  ids: list[int], result: Salvage) -> None:
    """Count the recovered rows whose seal does not check; the chain's head follows them
    (nothing is sealed anew)."""
    placeholders = ", ".join("?" for _ in ids) if len(ids) < 900 else None
    if placeholders is None:
        states = seal.check_rows(conn, secret, table)
    else:
        alias = seal.SPECS[table].alias
        states = seal.check_rows(conn, secret, table, f"{alias}.id IN ({placeholders})",
                                 tuple(ids))
    recovered = set(ids)
    altered = sum(1 for row_id, state in states.items()
                  if row_id in recovered and state is SealState.ALTERED)
    if altered:
        result.not_sealed[table] = altered
    seal.follow_recovered_rows(conn, secret, table)
