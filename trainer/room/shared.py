"""The room's shared records, both ways: one pass, :func:`share_once` (no Qt).

With a room database the instructor's records are the room's (issue 20, item 3):
classes and their members, assignments, exam set-ups (by name and version, and
their retirement) and signed certificates (and their signed revocations). The
:class:`~trainer.room.worker.RoomWorker` runs this pass after each send of answers:

**Send.** What the station holds and the room lacks goes to the room as
append-only rows (the room keeps them by uid, so a row sent twice is stored once):
a class, its archiving, a member put in (``class_member_changes``, ``member`` true)
or taken out (``member`` false), an assignment or its removal
(``assignment_removals``), a set-up's new version or its retirement, a
certification or its revocation. Every row is held to the station's own checks
(:func:`trainer.storage.shared_records.shared_record_problem`) before it leaves.

**Receive.** The room's newest state is written to the station's SQLite: what
another station made appears here; a member's newest change in the room counts; an
assignment removed anywhere is removed. Nothing from the room is trusted unchecked:
each row goes through the same checks, and one that fails them is not written and
is named in a sentence (:attr:`SharedResult.refused`). A row naming a trainee, a
class, an exam or a set-up this station does not hold yet waits for a later pass
(trainees and exams reach a station by another pass).

**Who wins.** The station remembers what it last agreed with the room
(:mod:`trainer.storage.shared_records`): a member or assignment that changed here
since is this station's change and is sent (the newest change to reach the room
counts); otherwise the room's state is taken. A set-up's higher version wins; two
stations that both made version N of a set-up keep the one that reached the room
first, and the other station is told in a sentence that its edit was replaced. A
class the room has under a name this station gives another class is refused here
with a sentence (rename one of them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.rows import dict_row

from trainer.i18n import N_, _
from trainer.room.outbox import RoomLink, RoomOffline, RoomRefused, StationUnreadable
from trainer.storage import fields
from trainer.storage.models import StorageError
from trainer.storage.shared_records import (
    Incoming,
    LocalAssignment,
    LocalCertification,
    LocalClass,
    LocalSetup,
    SharedRecords,
    SharedState,
    shared_record_problem,
)

NEEDS_SCHEMA = 4
"""The room schema that holds the shared tables (migration 4)."""

SEND_ORDER: tuple[str, ...] = (
    "exam_setups", "exam_setup_retirements", "classes", "class_archives",
    "class_member_changes", "assignments", "assignment_removals", "certifications",
    "certificate_revocations")
"""Parents before their children."""

_KEY: dict[str, str] = {
    "exam_setup_retirements": "setup", "class_archives": "class",
    "assignment_removals": "assignment", "certificate_revocations": "certification"}
"""The key column where it is not ``uid``."""

_COLUMNS: dict[str, tuple[str, ...]] = {
    "exam_setups": ("uid", "name", "version", "setup_json", "created"),
    "exam_setup_retirements": ("setup", "retired"),
    "classes": ("uid", "name", "starts", "created"),
    "class_archives": ("class", "archived"),
    "class_member_changes": ("uid", "class", "trainee", "member", "changed_at"),
    "assignments": ("uid", "class", "trainee", "kind", "target", "due", "assigned_by",
                    "created"),
    "assignment_removals": ("assignment", "removed"),
    "certifications": ("uid", "trainee", "exam", "code", "signed_by", "signed_at", "expires",
                       "statement", "signature"),
    "certificate_revocations": ("certification", "revoked", "revocation", "signature"),
}

_WHAT = {
    "exam_setups": N_("exam set-up {key}"),
    "exam_setup_retirements": N_("retirement of exam set-up {key}"),
    "classes": N_("class {key}"), "class_archives": N_("archiving of class {key}"),
    "class_member_changes": N_("membership change of class {group}, trainee {trainee}"),
    "assignments": N_("assignment {key}"),
    "assignment_removals": N_("removal of assignment {key}"),
    "certifications": N_("certification {key}"),
    "certificate_revocations": N_("revocation of certification {key}")}
"""How a sentence names a shared row of each table (by its key)."""

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SharedResult:
    """What one pass did."""

    sent: dict[str, int]
    """Rows the room did not have and now holds, by the room's table."""
    received: int
    """Changes written to the station."""
    refused: tuple[str, ...]
    """Rows not sent or not taken, each a sentence naming it."""
    skipped: bool = False
    """Nothing had changed on either side since the last pass: nothing was compared."""


@dataclass
class _RoomState:
    trainee_names: dict[str, str] = field(default_factory=dict)
    """Each trainee's name by uid."""
    setups: list[Row] = field(default_factory=list)
    retired: dict[str, Row] = field(default_factory=dict)
    classes: dict[str, Row] = field(default_factory=dict)
    archives: dict[str, Row] = field(default_factory=dict)
    members: dict[tuple[str, str], Row] = field(default_factory=dict)
    """Each pair's newest change."""
    assignments: dict[str, Row] = field(default_factory=dict)
    removed: dict[str, Row] = field(default_factory=dict)
    certifications: dict[str, Row] = field(default_factory=dict)
    revocations: dict[str, Row] = field(default_factory=dict)


def room_version(conn: psycopg.Connection[Any]) -> int | None:
    found = conn.execute("SELECT to_regclass('public.room_schema')").fetchone()
    if found is None or found[0] is None:
        return None
    row = conn.execute("SELECT version FROM room_schema").fetchone()
    return None if row is None else int(row[0])


def _stamp(conn: psycopg.Connection[Any]) -> tuple[object, ...]:
    """Changes in the room's shared tables (each only grows): how many rows, the newest."""
    parts = " UNION ALL ".join(
        f"SELECT count(*) AS n, max(arrived) AS a FROM {table}" for table in SEND_ORDER)
    row = conn.execute(f"SELECT sum(n), max(a) FROM ({parts}) x").fetchone()
    return tuple(row) if row is not None else ()


def _columns(table: str) -> str:
    return ", ".join(f'"{column}"' for column in _COLUMNS[table])


def _read_room(conn: psycopg.Connection[Any]) -> _RoomState:
    room = _RoomState()
    with conn.cursor(row_factory=dict_row) as cursor:
        def rows(table: str, order: str = "") -> list[Row]:
            return list(cursor.execute(f"SELECT {_columns(table)} FROM {table} {order}"))

        room.trainee_names = {str(r["uid"]): str(r["name"]) for r in cursor.execute(
            "SELECT uid, name FROM trainees")}
        room.setups = rows("exam_setups", "ORDER BY version")
        room.retired = {str(r["setup"]): r for r in rows("exam_setup_retirements")}
        room.classes = {str(r["uid"]): r for r in rows("classes")}
        room.archives = {str(r["class"]): r for r in rows("class_archives")}
        room.members = {(str(r["class"]), str(r["trainee"])): r for r in cursor.execute(
            f"SELECT DISTINCT ON (class, trainee) {_columns('class_member_changes')}, arrived"
            " FROM class_member_changes"
            " ORDER BY class, trainee, arrived DESC, changed_at DESC, uid DESC")}
        room.assignments = {str(r["uid"]): r for r in rows("assignments")}
        room.removed = {str(r["assignment"]): r for r in rows("assignment_removals")}
        room.certifications = {str(r["uid"]): r for r in rows("certifications")}
        room.revocations = {str(r["certification"]): r for r in rows("certificate_revocations")}
    return room


class _Plan:
    """What to send and what to write here, from the two states."""

    def __init__(self, local: SharedState, room: _RoomState, *,
                 receiving: bool = True) -> None:
        self.local = local
        self.room = room
        self.receiving = receiving
        """False for a send-only pass (:func:`send_once`): the room's rows still decide
        what is sent, but nothing is written here, so a room row this station would not
        take is not news."""
        self.outgoing: list[tuple[str, Row]] = []
        self.incoming = Incoming()
        self.refused: list[str] = []
        self.members: dict[tuple[str, str], tuple[bool, bool]] = {}
        """Each pair sent: (the state agreed if it is stored, the state before)."""
        self.assignments_sent: dict[str, tuple[bool, bool]] = {}

    def here(self, trainee: object) -> str | None:
        """The uid this station knows a room trainee by: theirs, or that of the trainee
        of the same name here (the station file's rule, as the room's inbox applies it);
        None when this station does not hold them yet."""
        uid = str(trainee)
        if uid in self.local.trainees:
            return uid
        name = self.room.trainee_names.get(uid)
        return None if name is None else self.local.trainee_names.get(name.casefold())

    def take(self, table: str, row: Mapping[str, Any]) -> bool:
        """Whether a room row passes the station's checks (else a sentence)."""
        problem = shared_record_problem(table, row)
        if problem is None:
            return True
        if self.receiving:
            self.refused.append(_("the room's {record} was not taken here: {problem}",
                                  record=_named(table, row), problem=problem))
        return False

    def send(self, table: str, row: Row) -> bool:
        problem = shared_record_problem(table, row)
        if problem is not None:
            self.refused.append(_("this station's {record} was not sent: {problem}",
                                  record=_named(table, row), problem=problem))
            return False
        self.outgoing.append((table, row))
        return True

    def build(self) -> None:
        self._setups()
        self._classes()
        self._members()
        self._assignments()
        self._certifications()

    def _setups(self) -> None:
        latest: dict[str, Row] = {}
        by_uid: dict[str, Row] = {}
        for row in self.room.setups:  # by version: the last is the newest
            if self.take("exam_setups", row):
                latest[str(row["name"]).casefold()] = row
                by_uid[str(row["uid"])] = row
        retired_names = {str(by_uid[uid]["name"]).casefold(): row
                         for uid, row in self.room.retired.items()
                         if uid in by_uid and self.take("exam_setup_retirements", row)}
        for key, here in self.local.setups.items():
            there = latest.get(key)
            if there is None or here.version > int(there["version"]):
                self.send("exam_setups", {"uid": here.uid, "name": here.name,
                                          "version": here.version,
                                          "setup_json": here.setup_json,
                                          "created": here.created})
            elif here.version == int(there["version"]) and here.uid != there["uid"]:
                self.refused.append(_(
                    "exam set-up {name} version {version} as edited here was replaced by the"
                    " room's version of that number (made at another station first); edit it"
                    " again to make a new version", name=repr(here.name),
                    version=here.version) if self.receiving else _(
                    "this station's exam set-up {name} version {version} was not sent: the"
                    " room holds another version of that number (made at another station"
                    " first)", name=repr(here.name), version=here.version))
            if here.retired is not None and key not in retired_names:
                self.send("exam_setup_retirements", {"setup": here.uid, "retired": here.retired})
        for key, there in latest.items():
            mine = self.local.setups.get(key)
            if mine is None or int(there["version"]) > mine.version or (
                    int(there["version"]) == mine.version and mine.uid != there["uid"]):
                self.incoming.setups.append(LocalSetup(
                    str(there["name"]), int(there["version"]), str(there["setup_json"]),
                    str(there["created"])))
            if key in retired_names and (mine is None or mine.retired is None):
                self.incoming.retire.append((str(there["name"]),
                                             str(retired_names[key]["retired"])))

    def _classes(self) -> None:
        for uid, here in self.local.classes.items():
            if uid not in self.room.classes:
                self.send("classes", {"uid": uid, "name": here.name, "starts": here.starts,
                                      "created": here.created})
            if here.archived is not None and uid not in self.room.archives:
                self.send("class_archives", {"class": uid, "archived": here.archived})
        for uid, there in self.room.classes.items():
            archive = self.room.archives.get(uid)
            if archive is not None and not self.take("class_archives", archive):
                archive = None
            held = self.local.classes.get(uid)
            if held is None:
                if self.take("classes", there):
                    self.incoming.classes.append(LocalClass(
                        uid, str(there["name"]), str(there["starts"]), str(there["created"]),
                        None if archive is None else str(archive["archived"])))
            elif archive is not None and held.archived is None:
                self.incoming.archive.append((uid, str(archive["archived"])))

    def _members(self) -> None:
        local, seen = self.local.members, self.local.seen_members
        room: dict[tuple[str, str], Row] = {}
        for (class_uid, trainee), row in self.room.members.items():
            if not self.take("class_member_changes", row):
                continue
            pair = (class_uid, self.here(trainee) or trainee)
            if pair not in room or row["arrived"] > room[pair]["arrived"]:
                room[pair] = row  # two uids of one trainee here: the newest change
        agreed: set[tuple[str, str]] = set()
        for pair in local | seen | set(room):
            here, before = pair in local, pair in seen
            there = pair in room and bool(room[pair]["member"])
            if here != before:  # changed here since the last pass: this station's change
                if there != here:
                    if not self.send("class_member_changes", {
                            "uid": fields.uid(), "class": pair[0], "trainee": pair[1],
                            "member": here, "changed_at": fields.now()}):
                        if before:
                            agreed.add(pair)
                        continue
                    self.members[pair] = (here, before)
                if here:
                    agreed.add(pair)
            elif there != here:  # the room's change
                if there:
                    self.incoming.join.append((*pair, str(room[pair]["changed_at"])))
                    agreed.add(pair)
                else:
                    self.incoming.leave.append(pair)
            elif here:
                agreed.add(pair)
        self.incoming.seen_members = frozenset(agreed)

    def _assignments(self) -> None:
        local, seen = self.local.assignments, self.local.seen_assignments
        room = {uid: row for uid, row in self.room.assignments.items()
                if self.take("assignments", row)}
        removed = {uid for uid, row in self.room.removed.items()
                   if self.take("assignment_removals", row)}
        agreed: set[str] = set()
        for uid in set(local) | seen | set(room):
            here, before, there = uid in local, uid in seen, uid in room
            if uid in removed:  # removed anywhere is removed
                if here:
                    self.incoming.unassign.append(uid)
            elif here and not there:
                given = local[uid]
                if self.send("assignments", {
                        "uid": uid, "class": given.class_uid, "trainee": given.trainee_uid,
                        "kind": given.kind, "target": given.target, "due": given.due,
                        "assigned_by": given.assigned_by, "created": given.created}):
                    self.assignments_sent[uid] = (True, before)
                    agreed.add(uid)
            elif here:
                agreed.add(uid)
            elif before and there:  # removed here
                if self.send("assignment_removals", {"assignment": uid,
                                                     "removed": fields.now()}):
                    self.assignments_sent[uid] = (False, before)
                else:
                    agreed.add(uid)
            elif there:
                row = room[uid]
                trainee = None if row["trainee"] is None else (
                    self.here(row["trainee"]) or str(row["trainee"]))
                self.incoming.assignments.append(LocalAssignment(
                    uid, row["class"], trainee, str(row["kind"]), str(row["target"]),
                    row["due"], str(row["assigned_by"]), str(row["created"])))
                agreed.add(uid)
        self.incoming.seen_assignments = frozenset(agreed)

    def _certifications(self) -> None:
        for uid, here in self.local.certifications.items():
            if uid not in self.room.certifications and here.statement and here.signature:
                self.send("certifications", {
                    "uid": uid, "trainee": here.trainee, "exam": here.exam, "code": here.code,
                    "signed_by": here.signed_by, "signed_at": here.signed_at,
                    "expires": here.expires, "statement": here.statement,
                    "signature": here.signature})
            elif uid not in self.room.certifications and not self.receiving:
                # A live pass meets these at every pass: said once, by the import.
                self.refused.append(_(
                    "this station's {record} was not sent: it carries no signature (signed"
                    " off before certificates were signed)",
                    record=_named("certifications", {"uid": uid})))
            if (here.revoked is not None and here.revocation and here.revocation_signature
                    and uid not in self.room.revocations):
                self.send("certificate_revocations", {
                    "certification": uid, "revoked": here.revoked,
                    "revocation": here.revocation, "signature": here.revocation_signature})
        for uid, there in self.room.certifications.items():
            local = self.local.certifications.get(uid)
            revocation = self.room.revocations.get(uid)
            if local is None:
                trainee = self.here(there["trainee"])
                if (trainee is not None and str(there["exam"]) in self.local.exams
                        and self.take("certifications", there)):
                    self.incoming.certifications.append(LocalCertification(
                        uid, trainee, str(there["exam"]), str(there["code"]),
                        str(there["signed_by"]), str(there["signed_at"]), there["expires"],
                        str(there["statement"]), str(there["signature"])))
                    local = self.incoming.certifications[-1]
                else:
                    continue
            if (revocation is not None and local.revoked is None
                    and self.take("certificate_revocations", revocation)):
                self.incoming.revocations.append((
                    uid, str(revocation["revoked"]), str(revocation["revocation"]),
                    str(revocation["signature"])))


def _named(table: str, row: Mapping[str, Any]) -> str:
    """A row as a sentence names it: a membership change by its class and trainee (a
    change not yet sent gets a new uid at each pass), any other by its key."""
    if table == "class_member_changes":
        return _(_WHAT[table], group=row.get("class"), trainee=row.get("trainee"))
    return _(_WHAT[table], key=row.get(_KEY.get(table, "uid")))


def _insert(table: str) -> str:
    columns = _COLUMNS[table]
    names = ", ".join([*(f'"{c}"' for c in columns), "station"])
    marks = ", ".join(["%s"] * (len(columns) + 1))
    key = _KEY.get(table, "uid")
    return (f"INSERT INTO {table} ({names}) VALUES ({marks})"
            f' ON CONFLICT ("{key}") DO NOTHING')


class Sharer:
    """Runs the pass; remembers what both sides looked like after the last one, so a
    pass in which nothing changed compares nothing."""

    def __init__(self, records: SharedRecords, station: str) -> None:
        self.records = records
        self.station = station
        self._last: tuple[object, ...] | None = None

    def run(self, conn: psycopg.Connection[Any]) -> SharedResult:
        """One pass on ``conn`` (autocommit); psycopg's errors and
        :class:`~trainer.storage.models.StorageError` pass through to the caller."""
        version = room_version(conn)
        if version is None or version < NEEDS_SCHEMA:
            return SharedResult({}, 0, (), skipped=True)
        stamp = _stamp(conn)  # before the room's rows are read, and so never ahead of them
        local = self.records.state()
        fingerprint = (stamp, repr(local))
        if fingerprint == self._last:
            return SharedResult({}, 0, (), skipped=True)
        plan = _Plan(local, _read_room(conn))
        plan.build()
        sent = _send(conn, plan, self.station)
        refused_here = self.records.apply(plan.incoming)
        plan.refused.extend(refused_here)
        # What this pass started from, not what it ends with: a row another station
        # commits, or a record the GUI writes here, after the reads above is in neither
        # side as compared, so the next pass must not read as unchanged (a pass that
        # changed something compares once more, then settles).
        self._last = None if plan.refused else fingerprint
        return SharedResult(sent, plan.incoming.changes - len(refused_here),
                            tuple(plan.refused))



def _send(conn: psycopg.Connection[Any], plan: _Plan, station: str) -> dict[str, int]:
    """Send the plan's outgoing rows in one transaction, parents first: the rows the
    room did not have and now holds, by table. A row the room refuses is named in
    ``plan.refused``, and what this station agrees with the room is kept as it was."""
    sent: dict[str, int] = {}
    with conn.transaction():
        for table, row in sorted(plan.outgoing, key=lambda item: SEND_ORDER.index(item[0])):
            key = str(row[_KEY.get(table, "uid")])
            try:
                with conn.transaction():
                    cursor = conn.execute(_insert(table), (
                        *(row[column] for column in _COLUMNS[table]), station))
            except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as error:
                plan.refused.append(_("this station's {record} was refused by the room"
                                      " ({error})", record=_named(table, row),
                                      error=_first_line(error)))
                if table == "class_member_changes":
                    _undo_member(plan, row)
                elif table in ("assignments", "assignment_removals"):
                    _undo_assignment(plan, key)
                continue
            if cursor.rowcount > 0:
                sent[table] = sent.get(table, 0) + cursor.rowcount
    return sent


def _undo_member(plan: _Plan, row: Row) -> None:
    pair = (str(row["class"]), str(row["trainee"]))
    _wanted, before = plan.members.get(pair, (False, False))
    agreed = set(plan.incoming.seen_members)
    (agreed.add if before else agreed.discard)(pair)
    plan.incoming.seen_members = frozenset(agreed)


def _undo_assignment(plan: _Plan, uid: str) -> None:
    _wanted, before = plan.assignments_sent.get(uid, (False, False))
    agreed = set(plan.incoming.seen_assignments)
    (agreed.add if before else agreed.discard)(uid)
    plan.incoming.seen_assignments = frozenset(agreed)


def share_once(records: SharedRecords, conn: psycopg.Connection[Any],
               station: str) -> SharedResult:
    """One pass without memory of the last (tests and tools)."""
    return Sharer(records, station).run(conn)


def send_once(local: SharedState, conn: psycopg.Connection[Any],
              station: str) -> SharedResult:
    """The send half of a pass only (``room import``): what ``local`` holds and the room
    lacks is sent, by the same plan and checks as :meth:`Sharer.run`; nothing is
    written to the station (``local`` may come from a read-only file,
    :func:`~trainer.storage.shared_records.read_shared_state`). What the station last
    agreed with the room counts as in a full pass: a member or assignment it took out
    after agreeing is not put back in the room. ``received`` is 0; ``refused`` names
    only this station's rows (not sent, or refused by the room). Errors pass through
    as from :meth:`Sharer.run`."""
    version = room_version(conn)
    if version is None or version < NEEDS_SCHEMA:
        return SharedResult({}, 0, (), skipped=True)
    plan = _Plan(local, _read_room(conn), receiving=False)
    plan.build()
    sent = _send(conn, plan, station)
    return SharedResult(sent, 0, tuple(plan.refused))


def share_pass(sharer: Sharer, link: RoomLink) -> SharedResult:
    """:meth:`Sharer.run` on the link's connection, its failures as the sender's
    :class:`~trainer.room.outbox.SyncError` kinds (the link dropped after one)."""
    return _on_link(link, sharer.run)


def send_pass(local: SharedState, link: RoomLink, station: str) -> SharedResult:
    """:func:`send_once` on the link's connection, its failures as for
    :func:`share_pass`."""
    return _on_link(link, lambda conn: send_once(local, conn, station))


def _on_link(link: RoomLink,
             run: Callable[[psycopg.Connection[Any]], SharedResult]) -> SharedResult:
    try:
        return run(link.connection())
    except StorageError as error:
        link.close()
        raise StationUnreadable(str(error)) from None
    except psycopg.OperationalError as error:
        link.close()
        raise RoomOffline(_("the room server could not be reached ({error})",
                            error=_first_line(error))) from None
    except psycopg.Error as error:
        link.close()
        raise RoomRefused(_("the room server refused this station's classes, assignments,"
                            " set-ups or certificates ({error})",
                            error=_first_line(error))) from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
