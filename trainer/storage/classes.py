"""Classes (cohorts): a class and its trainees, its averages, and assignments (no Qt).

A class has a name (unique, any case) and a start date; trainees join and
leave it (a trainee may be in several classes). An assignment gives a lesson
(its id) or an exam set-up (its id) to a whole class or to one trainee, with
an optional due date (a local calendar day): a trainee sees what is assigned
to them directly and to every class they are in that is not archived.

Whether an assignment is done is decided outside storage for a lesson (the
course's mastery, :mod:`trainer.training`) and here for an exam: a passed exam
of that set-up finished after the moment the assignment was made (an exam taken
earlier the same day does not count). An exam counts as passed only when its
seal says it reads as the trainer recorded it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import NamedTuple

from trainer.i18n import N_, _, ngettext
from trainer.storage import account_seal, exams, fields, rows, seal
from trainer.storage.models import (
    Assignment,
    AssignmentKind,
    ClassAverages,
    SealState,
    StorageError,
    Trainee,
    TrainingClass,
)
from trainer.storage.writes import Area

MAX_TARGET_LENGTH = 200
"""The longest lesson id an assignment names."""


class AssignmentState(StrEnum):
    """Where an assignment stands for one trainee on one day."""

    DONE = "done"
    OVERDUE = "overdue"
    DUE_SOON = "due soon"
    OPEN = "open"


DUE_SOON_DAYS = 3
"""An assignment not done is "due soon" from this many days before its due date."""


def assignment_state(assignment: Assignment, done: bool, today: date) -> AssignmentState:
    """Done; else overdue after the due day; else due soon within :data:`DUE_SOON_DAYS`
    days of it (the due day included); else open (no due date, or later)."""
    if done:
        return AssignmentState.DONE
    if assignment.due is None:
        return AssignmentState.OPEN
    if today > assignment.due:
        return AssignmentState.OVERDUE
    if (assignment.due - today).days <= DUE_SOON_DAYS:
        return AssignmentState.DUE_SOON
    return AssignmentState.OPEN


def _day(value: object, field: str) -> str:
    if isinstance(value, datetime) or not isinstance(value, date):
        raise StorageError(_("{field}: {value} must be a calendar date (year, month, day)",
                             field=field, value=repr(value)))
    return value.isoformat()


def _existing(conn: sqlite3.Connection, table: str, row_id: object, field: str,
              what: str) -> int:
    row_id = fields.integer(row_id, field)
    if conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (row_id,)).fetchone() is None:
        if what == "class":
            raise StorageError(_("{field}: no class {number}", field=field, number=row_id))
        raise StorageError(_("{field}: no trainee {number}", field=field, number=row_id))
    return row_id


MAX_EMPLOYEE_ID_LENGTH = 40
"""The longest employee id (an employer's staff number)."""

MAX_PROBLEMS_SAID = 10
"""A refused import names this many bad lines, then says how many more there are."""


class NewMember(NamedTuple):
    """One trainee to put in a class, as read from a list (a CSV file's line)."""

    line: int
    """Where it was read (named in a refusal)."""
    name: str
    employee_id: str | None = None


@dataclass(frozen=True)
class MembersAdded:
    """What :meth:`Classes.add_class_members` did, each trainee named."""

    created: tuple[str, ...]
    """New on the station (made from the list)."""
    added: tuple[str, ...]
    """Already on the station, now in the class."""
    already: tuple[str, ...]
    """In the class before."""
    employee_ids_set: tuple[str, ...]
    """Trainees who had no employee id and got the list's."""

    @property
    def text(self) -> str:
        """``20 trainees: 18 new, 2 already on the station; 1 was in the class
        already; employee id set for 2.``"""
        total = len(self.created) + len(self.added) + len(self.already)
        trainees = ngettext("{count} trainee", "{count} trainees", total)
        parts = []
        if len(self.created) == 1:  # the Spanish adjective agrees with the count
            parts.append(_("1 new"))
        elif self.created:
            parts.append(_("{count} new", count=len(self.created)))
        if self.added:
            parts.append(_("{count} already on the station", count=len(self.added)))
        said = [_("{trainees}: {details}", trainees=trainees, details=", ".join(parts))
                if parts else trainees]
        if self.already:
            said.append(ngettext("{count} was in the class already",
                                 "{count} were in the class already", len(self.already)))
        if self.employee_ids_set:
            said.append(_("employee id set for {names}",
                          names=", ".join(self.employee_ids_set)))
        return _("{parts}.", parts="; ".join(said))


class Classes(Area):
    """Classes, their members and averages, and assignments; a trainee's employee id."""

    def set_employee_id(self, trainee_id: int, employee_id: str | None) -> None:
        """Record the employer's number for a trainee (printed on reports); None or
        blank clears it."""
        clean = None
        if employee_id is not None and not (isinstance(employee_id, str)
                                            and not employee_id.strip()):
            clean = fields.text(employee_id, "employee_id", max_length=MAX_EMPLOYEE_ID_LENGTH)
        with self._write() as conn:
            _existing(conn, "trainees", trainee_id, "trainee_id", "trainee")
            with account_seal.kept(conn, self.secret, "trainees", _uids(conn, trainee_id)):
                conn.execute("UPDATE trainees SET employee_id = ? WHERE id = ?",
                             (clean, trainee_id))

    # -- classes

    def create_class(self, name: str, starts: date, *, at: datetime | None = None) -> int:
        """A new class starting on ``starts``; names are unique regardless of case."""
        clean = fields.name(name)
        start = _day(starts, "starts")
        created = fields.stamp(at)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM classes WHERE name = ?", (clean,)).fetchone():
                raise StorageError(_("name: a class named {name} already exists",
                                     name=repr(clean)))
            cursor = conn.execute(
                "INSERT INTO classes (uid, name, starts, created) VALUES (?, ?, ?, ?)",
                (fields.uid(), clean, start, created),
            )
        return int(cursor.lastrowid or 0)

    def list_classes(self, *, archived: bool = False) -> list[TrainingClass]:
        """The classes, newest start first (then by name); with ``archived``, the
        archived ones too."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.CLASS_COLUMNS} FROM classes WHERE ?1 OR archived IS NULL"
            " ORDER BY starts DESC, name COLLATE NOCASE",
            (archived,),
        )
        return [rows.training_class(row) for row in found]

    def get_class(self, class_id: int) -> TrainingClass | None:
        row = rows.fetch_one(
            self.conn, f"SELECT {rows.CLASS_COLUMNS} FROM classes WHERE id = ?", (class_id,)
        )
        return None if row is None else rows.training_class(row)

    def archive_class(self, class_id: int, *, at: datetime | None = None) -> None:
        """Hide a finished class from the lists and its assignments from its trainees;
        nothing is deleted."""
        when = fields.stamp(at)
        with self._write() as conn:
            _existing(conn, "classes", class_id, "class_id", "class")
            conn.execute(
                "UPDATE classes SET archived = ? WHERE id = ? AND archived IS NULL",
                (when, class_id),
            )

    # -- members

    def add_class_member(
        self, class_id: int, trainee_id: int, *, at: datetime | None = None
    ) -> bool:
        """Put a trainee in a class; False when they were in it already."""
        added = fields.stamp(at)
        with self._write() as conn:
            _existing(conn, "classes", class_id, "class_id", "class")
            _existing(conn, "trainees", trainee_id, "trainee_id", "trainee")
            cursor = conn.execute(
                "INSERT OR IGNORE INTO class_members (class_id, trainee_id, added)"
                " VALUES (?, ?, ?)",
                (class_id, trainee_id, added),
            )
        return cursor.rowcount == 1

    def add_class_members(self, class_id: int, people: Sequence[NewMember], *,
                          at: datetime | None = None) -> MembersAdded:
        """Put every trainee of a list in a class, all or nothing: a name not on the
        station makes a new trainee, an employee id fills in one not known yet.

        Refused (``StorageError`` naming each bad line, nothing written) for a name that is
        not a plain name, a name twice in the list, an employee id too long, one that
        differs from the trainee's own, or one that belongs to another trainee."""
        stamp = fields.stamp(at)
        with self._write() as conn:
            _existing(conn, "classes", class_id, "class_id", "class")
            known = {str(row[1]).casefold(): (int(row[0]), str(row[1]), row[2]) for row in
                     conn.execute("SELECT id, name, employee_id FROM trainees")}
            owners = {str(employee): str(name) for _uid, name, employee in known.values()
                      if employee is not None}
            members = {int(row[0]) for row in conn.execute(
                "SELECT trainee_id FROM class_members WHERE class_id = ?", (class_id,))}
            problems: list[str] = []
            plan: list[tuple[str, str | None]] = []
            seen_names: dict[str, int] = {}
            seen_ids: dict[str, int] = {}
            for person in people:
                try:
                    name = fields.name(person.name)
                    employee = (None if person.employee_id is None
                                or not str(person.employee_id).strip()
                                else fields.text(person.employee_id, "employee id",
                                                 max_length=MAX_EMPLOYEE_ID_LENGTH))
                except StorageError as error:
                    problems.append(_("line {number}: {problem}", number=person.line,
                                      problem=error))
                    continue
                key = name.casefold()
                if key in seen_names:
                    problems.append(_("line {number}: {name} is on line {other} already",
                                      number=person.line, name=name,
                                      other=seen_names[key]))
                    continue
                seen_names[key] = person.line
                found = known.get(key)
                if employee is not None:
                    if employee in seen_ids:
                        problems.append(_("line {number}: employee id {employee} is on line"
                                          " {other} already", number=person.line,
                                          employee=employee, other=seen_ids[employee]))
                        continue
                    seen_ids[employee] = person.line
                    if found is not None and found[2] not in (None, employee):
                        problems.append(_("line {number}: {name} has employee id {known} on"
                                          " this station, not {employee}",
                                          number=person.line, name=found[1], known=found[2],
                                          employee=employee))
                        continue
                    owner = owners.get(employee)
                    if owner is not None and owner.casefold() != key:
                        problems.append(_("line {number}: employee id {employee} is {owner}'s"
                                          " on this station", number=person.line,
                                          employee=employee, owner=owner))
                        continue
                plan.append((name, employee))
            if not people:
                problems.append(_("the list holds no trainee"))
            if problems:
                more = len(problems) - MAX_PROBLEMS_SAID
                said = "; ".join(problems[:MAX_PROBLEMS_SAID])
                raise StorageError(_("{problems}; and {more} more", problems=said, more=more)
                                   if more > 0 else said)
            created: list[str] = []
            added: list[str] = []
            already: list[str] = []
            ids_set: list[str] = []
            for name, employee in plan:
                found = known.get(name.casefold())
                if found is None:
                    uid = fields.uid()
                    cursor = conn.execute(
                        "INSERT INTO trainees (uid, name, created, employee_id)"
                        " VALUES (?, ?, ?, ?)", (uid, name, stamp, employee))
                    account_seal.seal_new(conn, self.secret, "trainees", [uid])
                    trainee_id = int(cursor.lastrowid or 0)
                    created.append(name)
                else:
                    trainee_id, name = found[0], found[1]
                    if employee is not None and found[2] is None:
                        with account_seal.kept(conn, self.secret, "trainees",
                                               _uids(conn, trainee_id)):
                            conn.execute("UPDATE trainees SET employee_id = ? WHERE id = ?",
                                         (employee, trainee_id))
                        ids_set.append(name)
                    (already if trainee_id in members else added).append(name)
                conn.execute("INSERT OR IGNORE INTO class_members (class_id, trainee_id, added)"
                             " VALUES (?, ?, ?)", (class_id, trainee_id, stamp))
        return MembersAdded(tuple(created), tuple(added), tuple(already), tuple(ids_set))

    def remove_class_member(self, class_id: int, trainee_id: int) -> bool:
        """Take a trainee out of a class (their answers stay); False when not in it."""
        with self._write() as conn:
            cursor = conn.execute(
                "DELETE FROM class_members WHERE class_id = ? AND trainee_id = ?",
                (fields.integer(class_id, "class_id"), fields.integer(trainee_id, "trainee_id")),
            )
        return cursor.rowcount == 1

    def class_members(self, class_id: int) -> list[Trainee]:
        """A class's trainees, by name."""
        columns = ", ".join(f"t.{c.strip()}" for c in rows.TRAINEE_COLUMNS.split(","))
        found = rows.fetch_all(
            self.conn,
            f"SELECT {columns} FROM class_members m JOIN trainees t ON t.id = m.trainee_id"
            " WHERE m.class_id = ? ORDER BY t.name COLLATE NOCASE",
            (class_id,),
        )
        return [rows.trainee(row) for row in found]

    def classes_of(self, trainee_id: int) -> list[TrainingClass]:
        """The classes (not archived) a trainee is in, newest start first."""
        columns = ", ".join(f"c.{c.strip()}" for c in rows.CLASS_COLUMNS.split(","))
        found = rows.fetch_all(
            self.conn,
            f"SELECT {columns} FROM class_members m JOIN classes c ON c.id = m.class_id"
            " WHERE m.trainee_id = ? AND c.archived IS NULL"
            " ORDER BY c.starts DESC, c.name COLLATE NOCASE",
            (trainee_id,),
        )
        return [rows.training_class(row) for row in found]

    def class_averages(self, class_id: int) -> ClassAverages:
        """The class's figures, each trainee counted once (see :class:`ClassAverages`)."""
        class_id = fields.integer(class_id, "class_id")
        (members, practised, accuracy, per_round, rounds, answers) = self.conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(tt.answers > 0), 0),"
            " AVG(CASE WHEN tt.answers > 0 THEN CAST(tt.correct AS REAL) / tt.answers END),"
            " AVG(CASE WHEN tt.rounds > 0 THEN tt.seconds / tt.rounds END),"
            " COALESCE(AVG(COALESCE(tt.rounds, 0)), 0.0), COALESCE(SUM(tt.answers), 0)"
            " FROM class_members m LEFT JOIN trainee_totals tt ON tt.trainee_id = m.trainee_id"
            " WHERE m.class_id = ?",
            (class_id,),
        ).fetchone()
        latest_passed = [row[0] for row in self.conn.execute(
            "SELECT e.id FROM class_members m JOIN exams e ON e.id = ("
            "   SELECT l.id FROM exams l WHERE l.trainee_id = m.trainee_id"
            "   AND l.finished IS NOT NULL ORDER BY l.started DESC, l.id DESC LIMIT 1)"
            " WHERE m.class_id = ? AND e.passed = 1",
            (class_id,),
        )]
        passed = sum(self._sealed_as_recorded(exam_id) for exam_id in latest_passed)
        return ClassAverages(
            members=int(members),
            practised=int(practised),
            accuracy=accuracy,
            seconds_per_round=per_round,
            rounds_played=float(rounds),
            answers=int(answers),
            exams_passed=int(passed),
        )

    # -- assignments

    def assign(
        self,
        kind: AssignmentKind | str,
        target: str | int,
        *,
        assigned_by: str,
        class_id: int | None = None,
        trainee_id: int | None = None,
        due: date | None = None,
        at: datetime | None = None,
    ) -> int:
        """Give a lesson (``target``: its id) or an exam (``target``: the set-up's id) to
        a class or to one trainee (exactly one of the two), due on ``due`` (or never)."""
        chosen = fields.member(AssignmentKind, kind, "kind", N_("an assignment kind"))
        if (class_id is None) == (trainee_id is None):
            raise StorageError(_("class_id, trainee_id: give exactly one (a class or a"
                                 " trainee)"))
        who = fields.name(assigned_by, "assigned_by")
        due_text = None if due is None else _day(due, "due")
        created = fields.stamp(at)
        if chosen is AssignmentKind.EXAM:
            config_id = fields.integer(target, "target") if not isinstance(target, str) else (
                _config_id(target))
            target_text = str(config_id)
        else:
            target_text = fields.text(target, "target", max_length=MAX_TARGET_LENGTH)
        with self._write() as conn:
            if class_id is not None:
                _existing(conn, "classes", class_id, "class_id", "class")
            else:
                _existing(conn, "trainees", trainee_id, "trainee_id", "trainee")
            if chosen is AssignmentKind.EXAM:
                config = conn.execute(
                    "SELECT retired FROM exam_configs WHERE id = ?", (int(target_text),)
                ).fetchone()
                if config is None:
                    raise StorageError(_("target: no exam set-up {setup}",
                                         setup=target_text))
                if config[0] is not None:
                    raise StorageError(_("target: exam set-up {setup} is retired",
                                         setup=target_text))
            cursor = conn.execute(
                "INSERT INTO assignments (uid, class_id, trainee_id, kind, target, due,"
                " assigned_by, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (fields.uid(), class_id, trainee_id, chosen.value, target_text, due_text, who,
                 created),
            )
        return int(cursor.lastrowid or 0)

    def remove_assignment(self, assignment_id: int) -> bool:
        """Withdraw an assignment; False when there was none."""
        with self._write() as conn:
            cursor = conn.execute(
                "DELETE FROM assignments WHERE id = ?",
                (fields.integer(assignment_id, "assignment_id"),),
            )
        return cursor.rowcount == 1

    def class_assignments(self, class_id: int) -> list[Assignment]:
        """What was given to a class (not to its trainees one by one), soonest due first."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.ASSIGNMENT_COLUMNS} FROM assignments WHERE class_id = ?"
            " ORDER BY due IS NULL, due, created, id",
            (class_id,),
        )
        return [rows.assignment(row) for row in found]

    def assignments_for(self, trainee_id: int) -> list[Assignment]:
        """What a trainee has to do: given to them, or to a class they are in (not
        archived); soonest due first, those with no due date last."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.ASSIGNMENT_COLUMNS} FROM assignments WHERE trainee_id = ?1"
            " OR class_id IN (SELECT m.class_id FROM class_members m JOIN classes c"
            "   ON c.id = m.class_id WHERE m.trainee_id = ?1 AND c.archived IS NULL)"
            " ORDER BY due IS NULL, due, created, id",
            (trainee_id,),
        )
        return [rows.assignment(row) for row in found]

    def exam_assignment_done(self, trainee_id: int, assignment: Assignment) -> bool:
        """Whether the trainee passed an exam of the assigned set-up finished after the
        moment it was assigned (not merely the same day: an exam taken that morning does
        not answer an assignment made that afternoon)."""
        if assignment.kind is not AssignmentKind.EXAM:
            raise StorageError(f"assignment: {assignment.id} is a {assignment.kind.value}")
        found_config = rows.fetch_one(
            self.conn, f"SELECT {rows.EXAM_CONFIG_COLUMNS} FROM exam_configs WHERE id = ?",
            (_config_id(assignment.target),))
        if found_config is None:
            return False
        config = rows.exam_config(found_config)
        found = self.conn.execute(  # both UTC ISO stamps (fields.stamp): text order is time
            "SELECT id, config_id, setup_json FROM exams WHERE trainee_id = ? AND passed = 1"
            " AND finished IS NOT NULL AND finished > ?",
            (trainee_id, fields.stamp(assignment.created)),
        )
        return any(self._sealed_as_recorded(exam_id)
                   for exam_id, config_id, setup_json in found.fetchall()
                   if exams.is_of_setup(config, config_id, setup_json))

    def _sealed_as_recorded(self, exam_id: int) -> bool:
        """Whether an exam reads as the trainer recorded it: an exam passed by an edit
        made outside the trainer (or one this station cannot check) counts for nothing."""
        return seal.check_row(self.conn, self.secret, "exams", exam_id) is SealState.VALID


def _config_id(target: str) -> int:
    try:
        return int(target.strip())
    except ValueError:
        raise StorageError(_("target: {value} is not an exam set-up's id",
                             value=repr(target))) from None


def _uids(conn: sqlite3.Connection, trainee_id: int) -> list[str]:
    """The account key (uid) of the trainee ``trainee_id`` (sealed accounts)."""
    return [str(row[0]) for row in
            conn.execute("SELECT uid FROM trainees WHERE id = ?", (trainee_id,))]
