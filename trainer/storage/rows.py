"""SQL rows to the models of :mod:`trainer.storage.models`: every column read by
name, every enum and time made here, once (no Qt).

Each reader goes with the columns it reads (``*_COLUMNS``, for the SELECTs of
:mod:`~trainer.storage.queries` and :mod:`~trainer.storage.exams`). A value
this trainer cannot read back (text that names no member of its enum, a time
that is not ISO-8601: a file another program wrote, or a newer trainer with a
skill this one does not know) is a :class:`StorageError` naming the table, the
row and the column, never a traceback.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime
from enum import StrEnum
from typing import Any, TypeVar

from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup, setup_from_json
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import (
    AnswerRecord,
    Assignment,
    AssignmentKind,
    Certification,
    CourseAnswer,
    CourseAnswerKind,
    DayStat,
    Exam,
    ExamConfig,
    ExamStatus,
    Mistake,
    RosterRow,
    SkillStat,
    StationExam,
    StorageError,
    Trainee,
    TrainingClass,
)

E = TypeVar("E", bound=StrEnum)


def fetch_all(
    conn: sqlite3.Connection, sql: str, parameters: tuple[Any, ...] = ()
) -> list[sqlite3.Row]:
    """The rows of a query, each readable by column name."""
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    return cursor.execute(sql, parameters).fetchall()


def fetch_one(
    conn: sqlite3.Connection, sql: str, parameters: tuple[Any, ...] = ()
) -> sqlite3.Row | None:
    """The first row of a query (None when there is none), readable by column name."""
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    row: sqlite3.Row | None = cursor.execute(sql, parameters).fetchone()
    return row


# --------------------------------------------------------------------------- values


def _enum(kind: type[E], row: sqlite3.Row, column: str, where: str, what: str) -> E:
    value = row[column]
    try:
        return kind(value)
    except ValueError:
        raise StorageError(
            f"{where}: {column} {value!r} is not {what} this trainer knows"
        ) from None


def _moment(row: sqlite3.Row, column: str, where: str) -> datetime:
    value = row[column]
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise StorageError(f"{where}: {column} {value!r} is not a date and time") from None


def _optional_moment(row: sqlite3.Row, column: str, where: str) -> datetime | None:
    return None if row[column] is None else _moment(row, column, where)


def _optional_bool(value: object) -> bool | None:
    return None if value is None else bool(value)


# --------------------------------------------------------------------------- readers

TRAINEE_COLUMNS = "id, uid, name, created, last_active, employee_id"


def trainee(row: sqlite3.Row) -> Trainee:
    where = f"trainees row {row['id']}"
    return Trainee(
        id=row["id"],
        uid=row["uid"],
        name=row["name"],
        created=_moment(row, "created", where),
        last_active=_optional_moment(row, "last_active", where),
        employee_id=row["employee_id"],
    )


SKILL_STAT_COLUMNS = "trainee_id, skill, answers, correct, seconds"


def skill_stat(row: sqlite3.Row) -> SkillStat:
    where = f"skill_totals of trainee {row['trainee_id']}"
    return SkillStat(
        skill=_enum(Skill, row, "skill", where, "a skill"),
        answers=row["answers"],
        correct=row["correct"],
        seconds=row["seconds"],
    )


def roster_row(row: sqlite3.Row) -> RosterRow:
    """A row of :meth:`~trainer.storage.queries.Queries.roster`'s query."""
    where = f"trainees row {row['trainee_id']}"
    return RosterRow(
        trainee_id=row["trainee_id"],
        name=row["name"],
        accuracy=row["accuracy"],
        seconds_per_round=row["seconds_per_round"],
        rounds_played=row["rounds_played"],
        answers=row["answers"],
        last_active=_optional_moment(row, "last_active", where),
        exam_status=ExamStatus(row["exam_status"] or ExamStatus.NONE),
    )


ANSWER_COLUMNS = (
    "a.id, a.round_id, r.session_id, a.question_id, a.kind, a.skill, a.seat, a.wager,"
    " a.expected, a.given, a.correct, a.seconds, a.answered_at"
)
"""Over ``answers a`` joined to its ``rounds r``."""


def answer_record(row: sqlite3.Row) -> AnswerRecord:
    where = f"answers row {row['id']}"
    return AnswerRecord(
        id=row["id"],
        round_id=row["round_id"],
        session_id=row["session_id"],
        question_id=row["question_id"],
        kind=_enum(QuestionKind, row, "kind", where, "a question kind"),
        skill=_enum(Skill, row, "skill", where, "a skill"),
        seat=row["seat"],
        wager=None if row["wager"] is None else _enum(Wager, row, "wager", where, "a wager"),
        expected=row["expected"],
        given=row["given"],
        correct=bool(row["correct"]),
        seconds=row["seconds"],
        answered_at=_moment(row, "answered_at", where),
    )


MISTAKE_COLUMNS = f"{ANSWER_COLUMNS}, r.round_json, r.ruleset_id, r.ruleset_version, r.dealt_at"


def mistake(row: sqlite3.Row) -> Mistake:
    where = f"rounds row {row['round_id']}"
    return Mistake(
        answer=answer_record(row),
        round=json.loads(row["round_json"]),
        ruleset_id=row["ruleset_id"],
        ruleset_version=row["ruleset_version"],
        dealt_at=_moment(row, "dealt_at", where),
    )


COURSE_ANSWER_COLUMNS = (
    "id, trainee_id, kind, lesson, scenario, item, correct, seconds, answered_at"
)


def course_answer(row: sqlite3.Row) -> CourseAnswer:
    where = f"course_answers row {row['id']}"
    return CourseAnswer(
        id=row["id"],
        trainee_id=row["trainee_id"],
        kind=_enum(CourseAnswerKind, row, "kind", where, "a course answer kind"),
        lesson=row["lesson"],
        scenario=row["scenario"],
        item=row["item"],
        correct=bool(row["correct"]),
        seconds=row["seconds"],
        answered_at=_moment(row, "answered_at", where),
    )


def day_stat(row: sqlite3.Row) -> DayStat:
    """A row of :meth:`~trainer.storage.queries.Queries.history`'s query."""
    return DayStat(
        day=date.fromisoformat(row["day"]),
        answers=row["answers"],
        correct=row["correct"],
        seconds=row["seconds"],
    )


def _stored_setup(row: sqlite3.Row, where: str) -> tuple[ExamSetup | None, dict[str, Any]]:
    """A row's ``setup_json`` (None for a row from before schema 5) and what is beside it."""
    if row["setup_json"] is None:
        return None, {}
    try:
        return setup_from_json(row["setup_json"])
    except ValueError as error:
        raise StorageError(f"{where}: {error}") from None


EXAM_CONFIG_COLUMNS = (
    "id, name, rounds, ruleset_id, pass_mark, time_limit_seconds, version, setup_json, retired"
)


def exam_config(row: sqlite3.Row) -> ExamConfig:
    where = f"exam_configs row {row['id']}"
    setup, _ = _stored_setup(row, where)
    return ExamConfig(
        id=row["id"],
        name=row["name"],
        rounds=row["rounds"],
        ruleset_id=row["ruleset_id"],
        pass_mark=row["pass_mark"],
        time_limit_seconds=row["time_limit_seconds"],
        version=row["version"],
        setup=setup,
        retired=_optional_moment(row, "retired", where),
    )


EXAM_COLUMNS = (
    "id, trainee_id, session_id, config_id, rounds, ruleset_id, pass_mark,"
    " time_limit_seconds, started, finished, score, passed, setup_json, attempt"
)


def exam(row: sqlite3.Row) -> Exam:
    where = f"exams row {row['id']}"
    setup, beside = _stored_setup(row, where)
    return Exam(
        id=row["id"],
        trainee_id=row["trainee_id"],
        session_id=row["session_id"],
        config_id=row["config_id"],
        rounds=row["rounds"],
        ruleset_id=row["ruleset_id"],
        pass_mark=row["pass_mark"],
        time_limit_seconds=row["time_limit_seconds"],
        started=_moment(row, "started", where),
        finished=_optional_moment(row, "finished", where),
        score=row["score"],
        passed=_optional_bool(row["passed"]),
        setup=setup,
        setup_version=beside.get("version"),
        ruleset_version=beside.get("ruleset_version"),
        attempt=row["attempt"],
    )


def _optional_day(row: sqlite3.Row, column: str, where: str) -> date | None:
    value = row[column]
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise StorageError(f"{where}: {column} {value!r} is not a date") from None


CLASS_COLUMNS = "id, uid, name, starts, created, archived"


def training_class(row: sqlite3.Row) -> TrainingClass:
    where = f"classes row {row['id']}"
    starts = _optional_day(row, "starts", where)
    if starts is None:
        raise StorageError(f"{where}: starts is missing")
    return TrainingClass(
        id=row["id"],
        uid=row["uid"],
        name=row["name"],
        starts=starts,
        created=_moment(row, "created", where),
        archived=_optional_moment(row, "archived", where),
    )


ASSIGNMENT_COLUMNS = "id, uid, class_id, trainee_id, kind, target, due, assigned_by, created"


def assignment(row: sqlite3.Row) -> Assignment:
    where = f"assignments row {row['id']}"
    return Assignment(
        id=row["id"],
        uid=row["uid"],
        class_id=row["class_id"],
        trainee_id=row["trainee_id"],
        kind=_enum(AssignmentKind, row, "kind", where, "an assignment kind"),
        target=row["target"],
        due=_optional_day(row, "due", where),
        assigned_by=row["assigned_by"],
        created=_moment(row, "created", where),
    )


CERTIFICATION_COLUMNS = (
    "id, uid, trainee_id, exam_id, signed_by, signed_at, expires, code, revoked, seal"
)


def certification(row: sqlite3.Row) -> Certification:
    where = f"certifications row {row['id']}"
    return Certification(
        id=row["id"],
        uid=row["uid"],
        trainee_id=row["trainee_id"],
        exam_id=row["exam_id"],
        signed_by=row["signed_by"],
        signed_at=_moment(row, "signed_at", where),
        expires=_optional_day(row, "expires", where),
        code=row["code"],
        revoked=_optional_moment(row, "revoked", where),
        seal=row["seal"],
    )


def station_exam(row: sqlite3.Row) -> StationExam:
    """A row of :meth:`~trainer.storage.exams.Exams.station_exams`' query."""
    where = f"station_exams row {row['id']}"
    return StationExam(
        session_id=row["id"],
        trainee_id=row["trainee_id"],
        ruleset_id=row["ruleset_id"],
        rounds=row["rounds"],
        pass_mark=float(row["pass_mark"]),
        started=_moment(row, "started", where),
        finished=_optional_moment(row, "ended", where),
        answers=row["answers"],
        correct=row["correct"],
        rounds_complete=row["complete"],
    )
