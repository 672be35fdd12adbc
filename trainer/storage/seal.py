"""Tamper evidence: each stored answer, course answer, exam and certification is sealed
with the station's own secret, in one chain per table (no Qt).

The station secret is 32 random bytes in ``<data folder>/station-secret.key``
(readable by the station's user only), created on first use and never in the
database file: someone who can edit the database with SQLite cannot make a
seal without it.

A row's seal is ``<key id>.<position>.<link>``: ``position`` numbers the
table's chain from 1, in the order of ``id`` (rows are sealed as they are
inserted, in the same transaction), and ::

    link = HMAC-SHA256(secret, [table, position, previous row's link, row's fields])

truncated to 128 bits, the fields being those :data:`SPECS` names (the row's
own columns and the uids of the trainee, session and round it belongs to, so
moving a record to another trainee alters it too). A row that changes later
through the trainer (an exam finishing, a certification revoked) is resealed
in place: ``<key id>.<position>.<link>.<content>``, where ``content`` is the
HMAC of the row's new fields with its link and the previous link, so the next
row's link still chains on the first. A reseal happens only when the row's
current seal checks out: an altered row is never sealed again.

Reading checks seals (:func:`check_rows`): a changed field, a row removed from
the middle of a chain (the next row no longer follows its predecessor), a row
inserted without the secret (no seal, or one that does not check) read as
:attr:`~trainer.storage.models.SealState.ALTERED`. Each table's chain head
(its last position and link, itself sealed) is kept in ``meta``, so removing
the last rows shows as well (:func:`check_database`).

A row sealed with another secret (the secret file was lost or replaced) reads
as :attr:`~trainer.storage.models.SealState.UNCHECKABLE`, never as altered nor
as fine; new rows are sealed with the new secret and chain on.

Rows stored before schema 5 had no seal: the open that upgrades a file from
schema 1-4 seals every row in it once, in the upgrade's own transaction
("sealed on upgrade", recorded in ``meta``). Seals prove rows unchanged since
they were sealed, not what happened before.

The verification code of an exam (:func:`verification_code`) is derived from
its link: ``E-XXXX-XXXX-XXXX``, 60 bits in Crockford's base 32.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from trainer.i18n import N_, _
from trainer.paths import data_dir
from trainer.storage.models import SealState

SECRET_FILENAME = "station-secret.key"
SECRET_BYTES = 32
_LINK_HEX = 32
"""Seals keep 128 bits of each HMAC-SHA256."""
_KEY_ID_HEX = 8
_HEAD_KEY = "seal_head:"
UPGRADE_KEY = "sealed_on_upgrade"
"""``meta`` key: when a file from before schema 5 had its rows sealed, and how many."""
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
EXAM_CODE_PREFIX = "E"
_CODE_CHARACTERS = 12
_MISREAD = str.maketrans({"O": "0", "I": "1", "L": "1", " ": "", "-": ""})


# --------------------------------------------------------------------------- the secret


@dataclass(frozen=True, slots=True)
class StationSecret:
    """The key seals are made and checked with, or why there is none."""

    key: bytes | None
    path: Path | None
    """The secret file; None for a secret kept in memory only."""
    problem: str | None = None
    """A sentence for the person when the secret file could not be read or written."""

    @property
    def key_id(self) -> str:
        """What each seal names its key by (not the key: an HMAC of a constant)."""
        if self.key is None:
            return ""
        digest = hmac.new(self.key, b"hhe-trainer station secret id", hashlib.sha256)
        return digest.hexdigest()[:_KEY_ID_HEX]

    def mac(self, *parts: object) -> str:
        """HMAC-SHA256 of the parts' canonical JSON (a list), 128 bits as hex."""
        assert self.key is not None
        message = _CANONICAL.encode(parts).encode("utf-8")
        return hmac.digest(self.key, message, "sha256")[:_LINK_HEX // 2].hex()


_CANONICAL = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The one encoding of sealed values: JSON, every value as SQLite returns it."""


def in_memory_secret() -> StationSecret:
    """A secret for a database kept in memory (nothing outlives the session anyway)."""
    return StationSecret(secrets.token_bytes(SECRET_BYTES), None)


def _read_secret(path: Path) -> bytes:
    with open(path, "rb") as file:
        text = file.read(4 * SECRET_BYTES).decode("ascii").strip()
    key = bytes.fromhex(text)
    if len(key) != SECRET_BYTES:
        raise ValueError(f"{len(key)} bytes, not {SECRET_BYTES}")
    return key


def _write_new_secret(path: Path) -> None:
    """Create ``path`` (0600) holding a new secret; FileExistsError when another process
    made it first (theirs is kept: written under a temporary name, then linked)."""
    text = secrets.token_bytes(SECRET_BYTES).hex() + "\n"
    partial = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.partial")
    _write_exclusive(partial, text)
    try:
        os.link(partial, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: written in place, still exclusive
        _write_exclusive(path, text)
    finally:
        partial.unlink(missing_ok=True)


def _write_exclusive(path: Path, text: str) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


_UNTOLD: dict[Path, tuple[str, str]] = {}
"""Secret files replaced in this process whose notice no one has taken yet (by path)."""


def replacement_notice(secret: StationSecret) -> str | None:
    """Once: the sentence saying that this secret's file could not be read, where the old
    one was kept and that a new one was made (None when that did not happen)."""
    untold = None if secret.path is None else _UNTOLD.pop(secret.path, None)
    if untold is None:
        return None
    error, aside = untold  # said in the language in force when the person is told
    return _("The station secret {path} could not be read ({error}). It was kept as {aside}"
             " and a new secret made: records sealed before now cannot be checked (they are"
             " neither confirmed nor shown as altered) until IT puts the old secret back from"
             " a backup of the data folder.", path=secret.path, error=error, aside=aside)


_ASIDE = ".damaged-"


def kept_aside(folder: Path) -> list[Path]:
    """Earlier secret files of ``folder`` that could not be read, kept aside (oldest first)."""
    return sorted(folder.glob(f"{SECRET_FILENAME}{_ASIDE}*"))


def _keep_aside(path: Path, unreadable: bytes) -> Path | None:
    """Rename ``path`` to ``<name>.damaged-<time>[-N]``, never over an existing file;
    None when ``path`` no longer holds ``unreadable`` (another process made a new secret
    in between: that one is left in place)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    number = 1
    while True:
        suffix = f"-{number}" if number > 1 else ""
        aside = path.with_name(f"{path.name}{_ASIDE}{stamp}{suffix}")
        number += 1
        try:
            os.link(path, aside)  # a second name: never replaces a file, the old one stays
        except FileExistsError:
            continue
        except OSError:  # no hard links here: a rename, after looking (a small window)
            if aside.exists():
                continue
            if path.read_bytes() != unreadable:
                return None
            os.rename(path, aside)
            return aside
        if aside.read_bytes() != unreadable:  # not the file found unreadable: leave it
            aside.unlink()
            return None
        path.unlink()
        return aside


def station_secret(folder: Path, *, create: bool = True) -> StationSecret:
    """The secret in ``folder`` (created when missing and ``create``); never raises.

    A secret file that cannot be read is never replaced silently: it is renamed
    ``<name>.damaged-<time>`` (never deleted, never over another file) and a new one
    made; rows sealed with the old one then read as "cannot be checked", and
    :func:`replacement_notice` gives the sentence the person is shown at start. When
    no secret can be had, :attr:`StationSecret.problem` says why and the key is None
    (rows read as "cannot be checked" and new rows are left unsealed).
    """
    path = folder / SECRET_FILENAME
    try:
        return StationSecret(_read_secret(path), path)
    except FileNotFoundError:
        if not create:
            return StationSecret(None, path, _("The station secret {path} is missing.",
                                               path=path))
    except (OSError, ValueError) as error:
        if not create:
            return StationSecret(None, path, _unreadable(path, error))
        try:
            aside = _keep_aside(path, path.read_bytes())
        except OSError:
            return StationSecret(None, path, _unreadable(path, error))
        if aside is not None:
            _UNTOLD[path] = (str(error), aside.name)
    try:
        _write_new_secret(path)
    except FileExistsError:
        pass
    except OSError as error:
        return StationSecret(None, path, _("The station secret {path} could not be made"
                                           " ({error}).", path=path, error=error))
    try:
        return StationSecret(_read_secret(path), path)
    except (OSError, ValueError) as error:
        return StationSecret(None, path, _unreadable(path, error))


def _unreadable(path: Path, error: Exception) -> str:
    return _("The station secret {path} is unreadable ({error}).", path=path, error=error)


def data_folder_secret(*, create: bool = True) -> StationSecret:
    """The station secret of the data folder in force (``HHE_TRAINER_HOME``, the site
    file's folder or the platform's); an in-memory one when there is no data folder."""
    try:
        folder = data_dir()
    except OSError:
        return in_memory_secret()
    return station_secret(folder, create=create)


# --------------------------------------------------------------------------- what is sealed


@dataclass(frozen=True, slots=True)
class Spec:
    """A sealed table: the rows it reads and the fields a seal covers, in order."""

    table: str
    alias: str
    joins: str
    fields: tuple[str, ...]
    """``expression AS name``: the sealed values, each named."""

    @property
    def names(self) -> tuple[str, ...]:
        return _NAMES[self.table]

    def select(self, where: str = "1", order: str = "") -> str:
        """The sealed values of the rows ``where`` picks. A narrowed read (one trainee's)
        joins inner, so SQLite starts from the trainee's sessions (by their indexes)
        rather than scanning every answer; the whole read joins outer, so a row whose
        round or session is gone is still read (and reads altered)."""
        a = self.alias
        joins = self.joins if where == "1" else self.joins.replace(_MANDATORY, "JOIN")
        return (
            f"SELECT {a}.id AS id, {a}.seal AS seal, {', '.join(self.fields)}"
            f" FROM {self.table} {a} {joins} WHERE {where} {order}"
        )


_MANDATORY = "LEFT JOIN /*always*/"
"""A join every row of the trainer's has (an exam's session, optional, is a plain LEFT
JOIN): outer for the whole read, inner for a narrowed one."""

SPECS: dict[str, Spec] = {
    "answers": Spec(
        "answers",
        "a",
        f"{_MANDATORY} rounds r ON r.id = a.round_id {_MANDATORY} sessions s"
        f" ON s.id = r.session_id {_MANDATORY} trainees t ON t.id = s.trainee_id",
        ("a.uid AS uid", "r.uid AS round_uid", "s.uid AS session_uid", "t.uid AS trainee_uid",
         "s.mode AS mode", "a.question_id AS question_id", "a.kind AS kind", "a.skill AS skill",
         "a.seat AS seat", "a.wager AS wager", "a.expected AS expected", "a.given AS given",
         "a.correct AS correct", "a.seconds AS seconds", "a.answered_at AS answered_at"),
    ),
    "course_answers": Spec(
        "course_answers",
        "c",
        f"{_MANDATORY} trainees t ON t.id = c.trainee_id",
        ("c.uid AS uid", "t.uid AS trainee_uid", "c.kind AS kind", "c.lesson AS lesson",
         "c.scenario AS scenario", "c.item AS item", "c.correct AS correct",
         "c.seconds AS seconds", "c.answered_at AS answered_at"),
    ),
    "exams": Spec(
        "exams",
        "e",
        f"{_MANDATORY} trainees t ON t.id = e.trainee_id"
        " LEFT JOIN sessions s ON s.id = e.session_id",
        ("e.uid AS uid", "t.uid AS trainee_uid", "s.uid AS session_uid",
         "e.config_id AS config_id", "e.rounds AS rounds", "e.ruleset_id AS ruleset_id",
         "e.pass_mark AS pass_mark", "e.time_limit_seconds AS time_limit_seconds",
         "e.started AS started", "e.finished AS finished", "e.score AS score",
         "e.passed AS passed", "e.setup_json AS setup_json", "e.attempt AS attempt"),
    ),
    "certifications": Spec(
        "certifications",
        "c",
        f"{_MANDATORY} trainees t ON t.id = c.trainee_id"
        f" {_MANDATORY} exams e ON e.id = c.exam_id",
        ("c.uid AS uid", "t.uid AS trainee_uid", "e.uid AS exam_uid",
         "c.signed_by AS signed_by", "c.signed_at AS signed_at", "c.expires AS expires",
         "c.code AS code", "c.revoked AS revoked"),
    ),
}
"""Every sealed table (the schema's ``seal`` columns)."""
_NAMES = {table: tuple(item.rsplit(" AS ", 1)[-1] for item in spec.fields)
          for table, spec in SPECS.items()}


def _spec(table: str) -> Spec:
    try:
        return SPECS[table]
    except KeyError:
        raise ValueError(f"table: {table!r} is not sealed ({', '.join(SPECS)})") from None


@dataclass(frozen=True, slots=True)
class _Seal:
    key_id: str
    position: int
    link: str
    content: str | None

    def text(self) -> str:
        tail = "" if self.content is None else f".{self.content}"
        return f"{self.key_id}.{self.position}.{self.link}{tail}"


def _parse(text: object) -> _Seal | None:
    if not isinstance(text, str):
        return None
    parts = text.split(".")
    if len(parts) not in (3, 4) or not parts[1].isdigit():
        return None
    return _Seal(parts[0], int(parts[1]), parts[2], parts[3] if len(parts) == 4 else None)


def _values(row: Mapping[str, Any] | sqlite3.Row, names: Sequence[str]) -> list[Any]:
    return [row[name] for name in names]


def _link(secret: StationSecret, table: str, position: int, previous: str,
          values: list[Any]) -> str:
    return secret.mac(table, position, previous, values)


def _content(secret: StationSecret, table: str, position: int, previous: str, link: str,
             values: list[Any]) -> str:
    return secret.mac("reseal", table, position, previous, link, values)


def _fetch(conn: sqlite3.Connection, spec: Spec, row_id: int) -> sqlite3.Row:
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    row = cursor.execute(spec.select(f"{spec.alias}.id = ?"), (row_id,)).fetchone()
    if row is None:
        raise ValueError(f"{spec.table}: no row {row_id}")
    return row


# --------------------------------------------------------------------------- sealing


def _head(conn: sqlite3.Connection, table: str) -> tuple[int, str]:
    """The table's last position and link (0 and "" for an empty chain)."""
    found = conn.execute("SELECT value FROM meta WHERE key = ?", (_HEAD_KEY + table,)).fetchone()
    parsed = _parse(found[0].rsplit(".", 1)[0]) if found else None
    return (0, "") if parsed is None else (parsed.position, parsed.link)


def _set_head(conn: sqlite3.Connection, secret: StationSecret, table: str, position: int,
              link: str) -> None:
    stamp = secret.mac("head", table, position, link)
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (_HEAD_KEY + table, f"{secret.key_id}.{position}.{link}.{stamp}"),
    )


def seal_row(conn: sqlite3.Connection, secret: StationSecret, table: str, row_id: int) -> None:
    """Seal a row just inserted (inside the caller's write transaction), as the next
    link of its table's chain. Without a secret the row stays unsealed."""
    if secret.key is None:
        return
    spec = _spec(table)
    row = _fetch(conn, spec, row_id)
    position, previous = _head(conn, table)
    position += 1
    link = _link(secret, table, position, previous, _values(row, spec.names))
    seal = _Seal(secret.key_id, position, link, None)
    conn.execute(f"UPDATE {table} SET seal = ? WHERE id = ?", (seal.text(), row_id))
    _set_head(conn, secret, table, position, link)


def follow_recovered_rows(conn: sqlite3.Connection, secret: StationSecret, table: str) -> None:
    """Rows copied back from a damaged file (:mod:`trainer.storage.salvage`) keep their
    own seals, never made anew: each reads as its seal says (a row whose predecessor was
    lost reads altered). The chain's head moves to the table's last row sealed with this
    station's key, so the answers written from now on chain on it and read valid (the
    rows lost are counted in the notice of the recovery)."""
    last = conn.execute(f"SELECT seal FROM {table} WHERE seal IS NOT NULL"
                        " ORDER BY id DESC LIMIT 1").fetchone()
    parsed = _parse(last[0]) if last is not None else None
    if parsed is None or secret.key is None or parsed.key_id != secret.key_id:
        return
    if parsed.position > _head(conn, table)[0]:
        _set_head(conn, secret, table, parsed.position, parsed.link)


def seal_rows_after(conn: sqlite3.Connection, secret: StationSecret, table: str,
                    after: int, unsealed: frozenset[str] = frozenset()) -> int:
    """Seal every row with an id above ``after``, in id order, as the next links of the
    table's chain (rows just merged, or every row of a file being upgraded); the count.
    Rows whose uid is in ``unsealed`` are left without a seal (they read altered: merged
    records their own station could not vouch for). One read and one batch of
    updates: a million answers take seconds, not minutes."""
    if secret.key is None:
        return 0
    spec = _spec(table)
    position, previous = _head(conn, table)
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    select = (f"SELECT {spec.alias}.id AS id, {', '.join(spec.fields)} FROM {table}"
              f" {spec.alias} {spec.joins} WHERE {spec.alias}.id > ? ORDER BY {spec.alias}.id")
    sealed: list[tuple[str, int]] = []
    for row in cursor.execute(select, (after,)):
        if row["uid"] in unsealed:
            continue
        position += 1
        previous = _link(secret, table, position, previous, _values(row, spec.names))
        sealed.append((_Seal(secret.key_id, position, previous, None).text(), row["id"]))
    if sealed:
        conn.executemany(f"UPDATE {table} SET seal = ? WHERE id = ?", sealed)
        _set_head(conn, secret, table, position, previous)
    return len(sealed)


def reseal_row(conn: sqlite3.Connection, secret: StationSecret, table: str, row_id: int,
               before: Mapping[str, Any]) -> bool:
    """Reseal a row the trainer has just changed, inside the same transaction.

    ``before`` gives the changed fields' values as they were (``{"finished": None,
    "score": None, "passed": None}`` for an exam just finished): the row's seal must
    check out against them, otherwise the row was altered before this change and is
    left as it is (False), never laundered by a new seal.
    """
    if secret.key is None:
        return False
    spec = _spec(table)
    row = _fetch(conn, spec, row_id)
    old = dict(zip(spec.names, _values(row, spec.names), strict=True))
    unknown = set(before) - set(old)
    if unknown:
        raise ValueError(f"before: {sorted(unknown)} are not sealed fields of {table}")
    old.update(before)
    seal, previous = _parse(row["seal"]), _previous(conn, table, row_id)
    if _check_one(secret, table, seal, previous, list(old.values())) is not SealState.VALID:
        return False
    assert seal is not None and previous is not None
    content = _content(secret, table, seal.position, previous.link, seal.link,
                       _values(row, spec.names))
    resealed = _Seal(secret.key_id, seal.position, seal.link, content)
    conn.execute(f"UPDATE {table} SET seal = ? WHERE id = ?", (resealed.text(), row_id))
    return True


def seal_on_upgrade(conn: sqlite3.Connection, secret: StationSecret) -> dict[str, int]:
    """Seal every row of every sealed table once, in id order, and record it in
    ``meta`` (the open that upgrades a file from before schema 5; inside its
    transaction). A table that already holds a seal is left alone."""
    counts: dict[str, int] = {}
    if secret.key is None:
        return counts
    for table in SPECS:
        if conn.execute(f"SELECT 1 FROM {table} WHERE seal IS NOT NULL LIMIT 1").fetchone():
            counts[table] = 0  # sealed already (a file sealed, then its schema set back)
            continue
        counts[table] = seal_rows_after(conn, secret, table, 0)
    record = json.dumps({"at": datetime.now().astimezone().isoformat(timespec="seconds"),
                         "rows": counts}, separators=(",", ":"))
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (UPGRADE_KEY, record),
    )
    return counts


# --------------------------------------------------------------------------- checking


_START = _Seal("", 0, "", None)
"""The predecessor of a chain's first row."""


def _check_one(secret: StationSecret, table: str, seal: _Seal | None,
               previous: _Seal | None, values: list[Any]) -> SealState:
    """``previous``: the seal of the row before (by id), :data:`_START` when there is
    none, None when that row has no readable seal."""
    if seal is None:
        return SealState.ALTERED  # no seal (or not one): not written by the trainer
    if secret.key is None or seal.key_id != secret.key_id:
        return SealState.UNCHECKABLE
    if previous is None or previous.position != seal.position - 1:
        return SealState.ALTERED  # a row removed (or added) before this one
    if seal.content is None:
        expected = _link(secret, table, seal.position, previous.link, values)
        good = hmac.compare_digest(expected, seal.link)
    else:
        expected = _content(secret, table, seal.position, previous.link, seal.link, values)
        good = hmac.compare_digest(expected, seal.content)
    return SealState.VALID if good else SealState.ALTERED


def _previous(conn: sqlite3.Connection, table: str, row_id: int) -> _Seal | None:
    """The seal of the nearest row before ``row_id`` that has one (a row left unsealed,
    itself read as altered, is not a link of the chain)."""
    found = conn.execute(f"SELECT seal FROM {table} WHERE id < ? AND seal IS NOT NULL"
                         " ORDER BY id DESC LIMIT 1", (row_id,)).fetchone()
    return _START if found is None else _parse(found[0])


def check_rows(conn: sqlite3.Connection, secret: StationSecret, table: str,
               where: str = "1", parameters: tuple[Any, ...] = ()) -> dict[int, SealState]:
    """Each selected row's state by id (``where`` over the table's alias, e.g.
    ``s.trainee_id = ?`` for answers).

    A row's predecessor is the nearest sealed row with a lower id; when that is
    the row just read (a session's answers are mostly consecutive) it costs
    nothing, otherwise one indexed lookup."""
    spec = _spec(table)
    names = spec.names
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    states: dict[int, SealState] = {}
    last_id: int | None = None
    last_seal: _Seal | None = None
    order = f"ORDER BY {spec.alias}.id" if where == "1" else ""
    found = cursor.execute(spec.select(where, order), parameters).fetchall()
    if order == "":
        found.sort(key=lambda row: row["id"])
    for row in found:
        row_id = row["id"]
        seal = _parse(row["seal"])
        if last_id == row_id - 1 and row["seal"] is not None and last_seal is not None:
            previous: _Seal | None = last_seal
        else:
            previous = _previous(conn, table, row_id)
        states[row_id] = _check_one(secret, table, seal, previous, _values(row, names))
        if row["seal"] is not None:
            last_id, last_seal = row_id, seal
        else:
            last_id, last_seal = None, None
    return states


def check_row(conn: sqlite3.Connection, secret: StationSecret, table: str,
              row_id: int) -> SealState:
    """One row's state (:class:`ValueError` when there is no such row)."""
    spec = _spec(table)
    row = _fetch(conn, spec, row_id)
    return _check_one(secret, table, _parse(row["seal"]), _previous(conn, table, row_id),
                      _values(row, spec.names))


def head_state(conn: sqlite3.Connection, secret: StationSecret, table: str) -> SealState:
    """Whether the table's chain still ends where the trainer last sealed it (rows
    removed from its end read ALTERED)."""
    found = conn.execute(
        "SELECT value FROM meta WHERE key = ?", (_HEAD_KEY + table,)).fetchone()
    last = conn.execute(f"SELECT seal FROM {table} WHERE seal IS NOT NULL"
                        " ORDER BY id DESC LIMIT 1").fetchone()
    if found is None:
        return SealState.VALID if last is None else SealState.ALTERED
    text, _, stamp = str(found[0]).rpartition(".")
    head = _parse(text)
    if head is None:
        return SealState.ALTERED
    if secret.key is None or head.key_id != secret.key_id:
        return SealState.UNCHECKABLE
    if not hmac.compare_digest(secret.mac("head", table, head.position, head.link), stamp):
        return SealState.ALTERED
    tail = _parse(last[0]) if last is not None else None
    if tail is None or (tail.position, tail.link) != (head.position, head.link):
        return SealState.ALTERED
    return SealState.VALID


@dataclass(frozen=True, slots=True)
class Finding:
    """A record that is not as the trainer sealed it (or cannot be checked)."""

    table: str
    row_id: int | None
    """None for the table's chain as a whole (rows removed from its end)."""
    state: SealState
    what: str


@dataclass(frozen=True, slots=True)
class DatabaseCheck:
    """Every sealed row of a database, checked (:func:`check_database`)."""

    checked: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    @property
    def altered(self) -> list[Finding]:
        return [f for f in self.findings if f.state is SealState.ALTERED]

    @property
    def uncheckable(self) -> list[Finding]:
        return [f for f in self.findings if f.state is SealState.UNCHECKABLE]


_RECORD_NAMES = {
    "answers": N_("answer #{number}"),
    "course_answers": N_("course answer #{number}"),
    "exams": N_("exam #{number}"),
    "certifications": N_("certification #{number}"),
}
_CHAIN_CUT = {
    "answers": N_("the answers do not end where the trainer last recorded: records were"
                  " removed from the end (or the record of the end was altered)"),
    "course_answers": N_("the course answers do not end where the trainer last recorded:"
                         " records were removed from the end (or the record of the end was"
                         " altered)"),
    "exams": N_("the exams do not end where the trainer last recorded: records were removed"
                " from the end (or the record of the end was altered)"),
    "certifications": N_("the certifications do not end where the trainer last recorded:"
                         " records were removed from the end (or the record of the end was"
                         " altered)"),
}


def record_name(table: str, row_id: int) -> str:
    """``exam #3``: a record as a sentence names it."""
    if table not in _RECORD_NAMES:
        return f"{table} #{row_id}"
    return _(_RECORD_NAMES[table], number=row_id)


def check_database(conn: sqlite3.Connection, secret: StationSecret) -> DatabaseCheck:
    """Every row of every sealed table and each chain's end (``hhe-trainer verify``)."""
    result = DatabaseCheck()
    for table in SPECS:
        states = check_rows(conn, secret, table)
        result.checked[table] = len(states)
        for row_id, state in states.items():
            if state is SealState.ALTERED:
                result.findings.append(Finding(table, row_id, state, _(
                    "{record} was altered, added or had a record before it removed outside"
                    " the trainer", record=record_name(table, row_id))))
            elif state is SealState.UNCHECKABLE:
                result.findings.append(Finding(table, row_id, state, _(
                    "{record} cannot be checked: it was sealed with another station secret",
                    record=record_name(table, row_id))))
        end = head_state(conn, secret, table)
        if end is SealState.ALTERED:
            result.findings.append(Finding(table, None, end, _(_CHAIN_CUT[table])))
    return result


def uncheckable_sentence(secret: StationSecret) -> str:
    """Why records cannot be checked, for the person."""
    why = secret.problem or _(
        "The station secret {path} is not the one these records were sealed with (it was"
        " lost or replaced).", path=secret.path)
    aside = [] if secret.path is None else kept_aside(secret.path.parent)
    if aside:
        why = _("{why} Earlier secret files that could not be read were kept beside it:"
                " {files}.", why=why, files=", ".join(p.name for p in aside))
    return _(
        "{why} Records sealed with the station's earlier secret cannot be checked: they are"
        " neither confirmed nor shown as altered. Restore the secret file from a backup of"
        " the data folder to check them again.", why=why)


# --------------------------------------------------------------------------- codes


def verification_code(seal_text: str | None) -> str | None:
    """An exam's verification code, ``E-XXXX-XXXX-XXXX``, from its seal's link; None
    for an exam with no seal."""
    seal = _parse(seal_text)
    if seal is None:
        return None
    try:
        number = int(seal.link[:15], 16)  # 60 bits
    except ValueError:
        return None
    characters = []
    for _position in range(_CODE_CHARACTERS):
        number, digit = divmod(number, 32)
        characters.append(CODE_ALPHABET[digit])
    plain = "".join(reversed(characters))
    return "-".join((EXAM_CODE_PREFIX, plain[0:4], plain[4:8], plain[8:12]))


def normalise_exam_code(text: str) -> str | None:
    """The printed form of an exam code as a person typed it (any case, dashes and
    spaces optional, O for 0, I or L for 1); None when it is not an exam code."""
    if not isinstance(text, str):
        return None
    plain = text.strip().upper().translate(_MISREAD)
    if not plain.startswith(EXAM_CODE_PREFIX):
        return None
    plain = plain[len(EXAM_CODE_PREFIX):]
    if len(plain) != _CODE_CHARACTERS or any(char not in CODE_ALPHABET for char in plain):
        return None
    return "-".join((EXAM_CODE_PREFIX, plain[0:4], plain[4:8], plain[8:12]))


def find_exam_by_code(conn: sqlite3.Connection, code: str) -> int | None:
    """The id of the exam whose seal gives this code, or None."""
    clean = normalise_exam_code(code)
    if clean is None:
        return None
    for row_id, seal_text in conn.execute("SELECT id, seal FROM exams WHERE seal IS NOT NULL"):
        if verification_code(seal_text) == clean:
            return int(row_id)
    return None
