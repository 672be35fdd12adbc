"""The station's side of the records a training room shares (no Qt, no network).

With a room database (issue 20, item 3) classes, their members, assignments, exam
set-ups and certifications are the room's: :mod:`trainer.room.shared` compares what
this station holds (:meth:`SharedRecords.state`) with the room's newest state, sends
what the room lacks, and writes here what this station lacks
(:meth:`SharedRecords.apply`). This module reads and writes the station's SQLite only.

Every record is held to :func:`shared_record_problem` (the station's own checks:
:mod:`trainer.storage.fields` through the station file's field checks) before it
leaves and before one from the room is written; a certificate's signed statement must
name the row's own code, trainee, exam, signer and times.

A station keeps what it last agreed with the room about members and assignments (in
``meta``, like the seal heads): a member who is not in a class here but was at the
last pass was taken out here; one who was not, was put in at another station. The
room's uids name everything; an exam set-up (which has no uid on a station: it is
edited in place) is known in the room by :func:`setup_uid`, from its name, version
and content, and an exam assignment names its set-up by name (a set-up's id is this
station's own).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from sqlite_utils import Database

from trainer.exam_setup import setup_from_json
from trainer.i18n import _
from trainer.storage import exchange, seal, signing
from trainer.storage.certificates import REVOCATION_KIND, STATEMENT_KIND, normalise_code
from trainer.storage.connection import (
    DEFAULT_BUSY_TIMEOUT,
    connect_read_only,
    connect_station_file,
)
from trainer.storage.models import AssignmentKind, StorageError
from trainer.storage.writes import Area, Core

Check = Callable[[object], "str | None"]

MAX_STATEMENT_LENGTH = 8192
MAX_SIGNATURE_LENGTH = 200
SEEN_MEMBERS_KEY = "room_shared:members"
SEEN_ASSIGNMENTS_KEY = "room_shared:assignments"
"""``meta`` keys: what this station last agreed with the room (JSON lists)."""


def _day(value: object) -> str | None:
    if isinstance(value, str) and len(value) == 10:
        try:
            date.fromisoformat(value)
        except ValueError:
            pass
        else:
            return None
    return f"{value!r} is not a calendar day (YYYY-MM-DD)"


def _signature(value: object) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= MAX_SIGNATURE_LENGTH:
        return None
    return f"is not a signature (1-{MAX_SIGNATURE_LENGTH} characters)"


def _statement(value: object) -> str | None:
    if isinstance(value, str) and len(value) <= MAX_STATEMENT_LENGTH:
        return None
    return f"is not a signed statement (at most {MAX_STATEMENT_LENGTH} characters)"


def _code(value: object) -> str | None:
    if isinstance(value, str) and normalise_code(value) == value:
        return None
    return f"{value!r} is not a verification code (HHE-XXXX-XXXX-XXXX)"


def _version(value: object) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= 1_000_000:
        return None
    return f"{value!r} is not a version number"


def _target(value: object) -> str | None:
    if isinstance(value, str) and value.strip() and len(value) <= exchange.MAX_TEXT_LENGTH:
        return None
    return f"{value!r} is not a lesson id or a set-up's name"


_uid = exchange.TABLES["trainees"]["uid"]
_name = exchange.TABLES["trainees"]["name"]
_time = exchange.TABLES["trainees"]["created"]
_setup_json = exchange.TABLES["exam_setups"]["setup_json"]
_truth = exchange.TABLES["answers"]["correct"]


def _optional(check: Check) -> Check:
    return lambda value: None if value is None else check(value)


SHARED_CHECKS: dict[str, dict[str, Check]] = {
    "exam_setups": {"uid": _uid, "name": _name, "version": _version,
                    "setup_json": _setup_json, "created": _time},
    "exam_setup_retirements": {"setup": _uid, "retired": _time},
    "classes": {"uid": _uid, "name": _name, "starts": _day, "created": _time},
    "class_archives": {"class": _uid, "archived": _time},
    "class_member_changes": {"uid": _uid, "class": _uid, "trainee": _uid, "member": _truth,
                             "changed_at": _time},
    "assignments": {"uid": _uid, "class": _optional(_uid), "trainee": _optional(_uid),
                    "kind": lambda v: None if v in {k.value for k in AssignmentKind}
                    else f"{v!r} is not lesson or exam",
                    "target": _target, "due": _optional(_day), "assigned_by": _name,
                    "created": _time},
    "assignment_removals": {"assignment": _uid, "removed": _time},
    "certifications": {"uid": _uid, "trainee": _uid, "exam": _uid, "code": _code,
                       "signed_by": _name, "signed_at": _time, "expires": _optional(_day),
                       "statement": _statement, "signature": _signature},
    "certificate_revocations": {"certification": _uid, "revoked": _time,
                                "revocation": _statement, "signature": _signature},
}
"""Each shared table's columns (the room's names) with the check each value must pass."""


def _row_problem(table: str, values: Mapping[str, object]) -> str | None:
    if table == "exam_setups":
        setup, _version = setup_from_json(str(values["setup_json"]))
        if setup.name != values["name"]:
            return f"setup_json: names the set-up {setup.name!r}, not {values['name']!r}"
    elif table == "assignments":
        if (values["class"] is None) == (values["trainee"] is None):
            return "class, trainee: exactly one must be given"
        if values["kind"] == AssignmentKind.EXAM.value and _name(values["target"]):
            return f"target: {values['target']!r} is not an exam set-up's name"
    elif table == "certifications":
        signed = signing.parsed_statement(values["statement"])
        if signed is None or signed.get("kind") != STATEMENT_KIND:
            return "statement: is not a signed certification statement"
        trainee, exam = signed.get("trainee"), signed.get("exam")
        said = {
            "code": signed.get("code"),
            "trainee": trainee.get("uid") if isinstance(trainee, dict) else None,
            "exam": exam.get("uid") if isinstance(exam, dict) else None,
            "signed_by": signed.get("signer"), "signed_at": signed.get("signed_at"),
            "expires": signed.get("expires")}
        wrong = [column for column, value in said.items() if values[column] != value]
        if wrong:
            return f"statement: does not say the row's {', '.join(wrong)}"
        return _signature_problem(values["statement"], values["signature"], signed)
    elif table == "certificate_revocations":
        revocation = signing.parsed_statement(values["revocation"])
        if revocation is None or revocation.get("kind") != REVOCATION_KIND:
            return "revocation: is not a signed revocation"
        if revocation.get("revoked") != values["revoked"]:
            return "revocation: does not say the row's time of revoking"
        return _signature_problem(values["revocation"], values["signature"], revocation)
    return None


def _signature_problem(text: object, signature: object,
                       signed: Mapping[str, object]) -> str | None:
    """Whether ``signature`` is the one the key the statement names made over the
    statement's text: a statement changed after signing (or a signature copied from
    another) fails. Whether that key counts is another question (the pinned keys,
    where the certificate is shown)."""
    key = signed.get("public_key")
    if signing.public_key_problem(key) is not None:
        return "statement: names no signer's public key"
    try:
        signer = signing.signer_of(str(text), str(signature), {"": [str(key)]})
    except signing.SigningError as error:
        return f"signature: cannot be checked on this station ({error})"
    if signer is None:
        return ("signature: is not the signature of this statement by the key it names"
                " (the statement or the signature was changed after signing)")
    return None


def shared_record_problem(table: str, values: Mapping[str, object]) -> str | None:
    """What is wrong with one row of a shared ``table`` (``values`` by the room's column
    names): the first field failing its check as ``"column: problem"``, else the row's
    own rule; None when the station would write it."""
    checks = SHARED_CHECKS[table]
    for column, check in checks.items():
        problem = check(values.get(column))
        if problem is not None:
            return f"{column}: {problem}"
    return _row_problem(table, values)


def setup_uid(name: str, version: int, setup_json: str) -> str:
    """The room's uid of a set-up's version: the same on every station that holds it."""
    text = f"{name.casefold()}\n{version}\n{setup_json}".encode()
    return "setup-" + hashlib.sha256(text).hexdigest()[:40]


@dataclass(frozen=True, slots=True)
class LocalSetup:
    name: str
    version: int
    setup_json: str
    created: str
    retired: str | None = None

    @property
    def uid(self) -> str:
        return setup_uid(self.name, self.version, self.setup_json)


@dataclass(frozen=True, slots=True)
class LocalClass:
    uid: str
    name: str
    starts: str
    created: str
    archived: str | None = None


@dataclass(frozen=True, slots=True)
class LocalAssignment:
    """An assignment by the room's names: ``target`` a lesson id or a set-up's name."""

    uid: str
    class_uid: str | None
    trainee_uid: str | None
    kind: str
    target: str
    due: str | None
    assigned_by: str
    created: str


@dataclass(frozen=True, slots=True)
class LocalCertification:
    uid: str
    trainee: str
    exam: str
    code: str
    signed_by: str
    signed_at: str
    expires: str | None
    statement: str | None
    signature: str | None
    revoked: str | None = None
    revocation: str | None = None
    revocation_signature: str | None = None


@dataclass(frozen=True)
class SharedState:
    """What the station holds of the shared records, read in one snapshot."""

    trainees: frozenset[str]
    exams: frozenset[str]
    trainee_names: dict[str, str]
    """Each trainee's uid by name, case folded (a trainee of the same name is that
    trainee, the station file's rule)."""
    setups: dict[str, LocalSetup]
    """By name, case folded."""
    classes: dict[str, LocalClass]
    members: frozenset[tuple[str, str]]
    """(class uid, trainee uid)."""
    assignments: dict[str, LocalAssignment]
    certifications: dict[str, LocalCertification]
    seen_members: frozenset[tuple[str, str]]
    seen_assignments: frozenset[str]


@dataclass
class Incoming:
    """What the room has that this station lacks, checked, to write here."""

    setups: list[LocalSetup] = field(default_factory=list)
    retire: list[tuple[str, str]] = field(default_factory=list)
    """(set-up name, when retired)."""
    classes: list[LocalClass] = field(default_factory=list)
    archive: list[tuple[str, str]] = field(default_factory=list)
    join: list[tuple[str, str, str]] = field(default_factory=list)
    """(class uid, trainee uid, when)."""
    leave: list[tuple[str, str]] = field(default_factory=list)
    assignments: list[LocalAssignment] = field(default_factory=list)
    unassign: list[str] = field(default_factory=list)
    certifications: list[LocalCertification] = field(default_factory=list)
    revocations: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(certification uid, revoked, revocation, its signature)."""
    seen_members: frozenset[tuple[str, str]] = frozenset()
    seen_assignments: frozenset[str] = frozenset()

    @property
    def changes(self) -> int:
        return sum(len(items) for items in (
            self.setups, self.retire, self.classes, self.archive, self.join, self.leave,
            self.assignments, self.unassign, self.certifications, self.revocations))


def _seen(conn: sqlite3.Connection, key: str) -> list[object]:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    if row is None:
        return []
    try:
        found = json.loads(row[0])
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def read_state(conn: sqlite3.Connection) -> SharedState:
    """What the station's database on ``conn`` (in autocommit mode, read-only or not)
    holds of the shared records, read in one snapshot."""
    conn.execute("BEGIN")
    try:
        trainees: dict[int, str] = {}
        trainee_names: dict[str, str] = {}
        for i, u, name in conn.execute("SELECT id, uid, name FROM trainees ORDER BY id"):
            trainees[int(i)] = str(u)
            trainee_names.setdefault(str(name).casefold(), str(u))
        exams = frozenset(str(u) for (u,) in conn.execute("SELECT uid FROM exams"))
        setups: dict[str, LocalSetup] = {}
        config_names: dict[int, str] = {}
        for cid, name, version, setup_json, created, retired in conn.execute(
                "SELECT id, name, version, setup_json, created, retired"
                " FROM exam_configs"):
            config_names[int(cid)] = str(name)
            if setup_json is not None:
                setups[str(name).casefold()] = LocalSetup(
                    str(name), int(version), str(setup_json), str(created), retired)
        classes = {str(row[1]): LocalClass(str(row[1]), str(row[2]), str(row[3]),
                                           str(row[4]), row[5])
                   for row in conn.execute(
                       "SELECT id, uid, name, starts, created, archived FROM classes")}
        class_uids = {int(i): str(u) for i, u in conn.execute("SELECT id, uid FROM classes")}
        members = frozenset(
            (class_uids[int(c)], trainees[int(t)]) for c, t in conn.execute(
                "SELECT class_id, trainee_id FROM class_members"))
        assignments: dict[str, LocalAssignment] = {}
        for (uid, class_id, trainee_id, kind, target, due, by, created) in conn.execute(
                "SELECT uid, class_id, trainee_id, kind, target, due, assigned_by, created"
                " FROM assignments"):
            if kind == AssignmentKind.EXAM.value:
                named = config_names.get(int(target)) if str(target).isdigit() else None
                if named is None:
                    continue  # names no set-up here: nothing another station could use
                target = named
            assignments[str(uid)] = LocalAssignment(
                str(uid), None if class_id is None else class_uids[int(class_id)],
                None if trainee_id is None else trainees[int(trainee_id)], str(kind),
                str(target), due, str(by), str(created))
        certifications = {str(row[0]): LocalCertification(*row) for row in conn.execute(
            "SELECT c.uid, t.uid, e.uid, c.code, c.signed_by, c.signed_at, c.expires,"
            " c.statement, c.signature, c.revoked, c.revocation, c.revocation_signature"
            " FROM certifications c JOIN trainees t ON t.id = c.trainee_id"
            " JOIN exams e ON e.id = c.exam_id")}
        seen_members = frozenset(
            (str(pair[0]), str(pair[1])) for pair in _seen(conn, SEEN_MEMBERS_KEY)
            if isinstance(pair, list) and len(pair) == 2)
        seen_assignments = frozenset(
            str(uid) for uid in _seen(conn, SEEN_ASSIGNMENTS_KEY) if isinstance(uid, str))
    except sqlite3.Error as error:
        raise StorageError(_("the station's database cannot be read ({error})",
                             error=error)) from None
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")
    return SharedState(frozenset(trainees.values()), exams, trainee_names, setups,
                       classes, members,
                       assignments, certifications, seen_members, seen_assignments)


def read_shared_state(path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> SharedState:
    """:func:`read_state` of the database file at ``path`` on a read-only connection of
    its own, closed after (``room import``: a person's file, never written).
    StorageError when it cannot be read."""
    try:
        conn = connect_read_only(path, busy_timeout)
    except sqlite3.Error as error:
        raise StorageError(_("the station's database {path} cannot be read ({error})",
                             path=path, error=error)) from None
    try:
        return read_state(conn)
    finally:
        conn.close()


class SharedRecords(Area):
    """Reads and writes the station's shared records for the room's pass."""

    def state(self) -> SharedState:
        return read_state(self.conn)

    def apply(self, incoming: Incoming) -> list[str]:
        """Write what the room has (already checked) in one transaction, and what this
        station now agrees with the room; the rows this station refuses, each a sentence
        naming it (the rest is written)."""
        refused: list[str] = []
        members, assignments = set(incoming.seen_members), set(incoming.seen_assignments)
        try:
            with self._write() as conn:
                self._apply(conn, incoming, refused, members, assignments)
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (SEEN_MEMBERS_KEY, json.dumps(sorted(map(list, members))),
                     SEEN_ASSIGNMENTS_KEY, json.dumps(sorted(assignments))))
        except sqlite3.Error as error:
            raise StorageError(_("the station's database could not be written ({error})",
                                 error=error)) from None
        return refused

    def _apply(self, conn: sqlite3.Connection, incoming: Incoming, refused: list[str],
               members: set[tuple[str, str]], assignments: set[str]) -> None:
        """``members`` and ``assignments``: what is agreed with the room, less what could
        not be written here (tried again at the next pass)."""
        def one(table: str, uid: str) -> int | None:
            row = conn.execute(f"SELECT id FROM {table} WHERE uid = ?", (uid,)).fetchone()
            return None if row is None else int(row[0])

        for setup in incoming.setups:
            parsed, _version = setup_from_json(setup.setup_json)
            values = (parsed.rounds, parsed.ruleset_id, float(parsed.pass_mark),
                      parsed.time_limit_seconds, setup.setup_json, setup.version)
            found = conn.execute("SELECT id, version FROM exam_configs WHERE name = ?",
                                 (setup.name,)).fetchone()
            if found is None:
                conn.execute(
                    "INSERT INTO exam_configs (rounds, ruleset_id, pass_mark, time_limit_seconds,"
                    " setup_json, version, name, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, setup.name, setup.created))
            elif int(found[1]) <= setup.version:
                conn.execute(
                    "UPDATE exam_configs SET rounds = ?, ruleset_id = ?, pass_mark = ?,"
                    " time_limit_seconds = ?, setup_json = ?, version = ? WHERE id = ?",
                    (*values, int(found[0])))
        for name, retired in incoming.retire:
            conn.execute("UPDATE exam_configs SET retired = COALESCE(retired, ?) WHERE name = ?",
                         (retired, name))
        for made in incoming.classes:
            clash = conn.execute("SELECT uid FROM classes WHERE name = ?", (made.name,)
                                 ).fetchone()
            if clash is not None:
                refused.append(_("class {uid} ({name}) made at another station was not taken:"
                                 " this station has another class of that name (rename one"
                                 " of them)", uid=made.uid, name=repr(made.name)))
                continue
            conn.execute("INSERT OR IGNORE INTO classes (uid, name, starts, created, archived)"
                         " VALUES (?, ?, ?, ?, ?)",
                         (made.uid, made.name, made.starts, made.created, made.archived))
        for class_uid, archived in incoming.archive:
            conn.execute("UPDATE classes SET archived = COALESCE(archived, ?) WHERE uid = ?",
                         (archived, class_uid))
        for class_uid, trainee_uid, when in incoming.join:
            class_id, trainee_id = one("classes", class_uid), one("trainees", trainee_uid)
            if class_id is None or trainee_id is None:
                members.discard((class_uid, trainee_uid))  # not here yet: the next pass
                continue
            conn.execute("INSERT OR IGNORE INTO class_members (class_id, trainee_id, added)"
                         " VALUES (?, ?, ?)", (class_id, trainee_id, when))
        for class_uid, trainee_uid in incoming.leave:
            conn.execute(
                "DELETE FROM class_members WHERE class_id = (SELECT id FROM classes WHERE uid = ?)"
                " AND trainee_id = (SELECT id FROM trainees WHERE uid = ?)",
                (class_uid, trainee_uid))
        for given in incoming.assignments:
            target = given.target
            if given.kind == AssignmentKind.EXAM.value:
                config = conn.execute("SELECT id FROM exam_configs WHERE name = ?",
                                      (target,)).fetchone()
                if config is None:
                    assignments.discard(given.uid)  # its set-up is not here: the next pass
                    continue
                target = str(config[0])
            class_id = None if given.class_uid is None else one("classes", given.class_uid)
            trainee_id = None if given.trainee_uid is None else one("trainees",
                                                                    given.trainee_uid)
            if class_id is None and trainee_id is None:
                assignments.discard(given.uid)
                continue
            conn.execute(
                "INSERT OR IGNORE INTO assignments (uid, class_id, trainee_id, kind, target, due,"
                " assigned_by, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (given.uid, class_id, trainee_id, given.kind, target, given.due,
                 given.assigned_by, given.created))
        for uid in incoming.unassign:
            conn.execute("DELETE FROM assignments WHERE uid = ?", (uid,))
        for signed in incoming.certifications:
            trainee_id, exam_id = one("trainees", signed.trainee), one("exams", signed.exam)
            if trainee_id is None or exam_id is None or one("certifications", signed.uid):
                continue
            if conn.execute("SELECT 1 FROM certifications WHERE code = ?",
                            (signed.code,)).fetchone():
                refused.append(_("certification {uid} was not taken: its code {code} is another"
                                 " certification's here", uid=signed.uid, code=signed.code))
                continue
            cursor = conn.execute(
                "INSERT INTO certifications (uid, trainee_id, exam_id, signed_by, signed_at,"
                " expires, code, statement, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (signed.uid, trainee_id, exam_id, signed.signed_by, signed.signed_at,
                 signed.expires, signed.code, signed.statement, signed.signature))
            seal.seal_row(conn, self.secret, "certifications", int(cursor.lastrowid or 0))
        for uid, revoked, revocation, signature in incoming.revocations:
            certification_id = one("certifications", uid)
            if certification_id is None:
                continue
            cursor = conn.execute(
                "UPDATE certifications SET revoked = ?, revocation = ?, revocation_signature = ?"
                " WHERE id = ? AND revoked IS NULL",
                (revoked, revocation, signature, certification_id))
            if cursor.rowcount == 1:
                seal.reseal_row(conn, self.secret, "certifications", certification_id,
                                {"revoked": None})


def open_shared(path: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> SharedRecords:
    """The shared records of the station's database at ``path`` on a connection of their
    own (for the room's worker thread; the GUI keeps its own). Sealed with the data
    folder's station secret, never made here. ``StorageError`` when the file is not a
    trainer database of this version."""
    conn = connect_station_file(path, busy_timeout, foreign_keys=False)
    core = Core(Database(conn), path, backup_on_session=False, busy_timeout=busy_timeout)
    core.secret = seal.data_folder_secret(create=False)
    return SharedRecords(core)


def close_shared(records: SharedRecords) -> None:
    records.core.close()
