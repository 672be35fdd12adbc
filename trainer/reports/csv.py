"""CSV exports for HR and gaming-compliance files (no Qt).

CSV files are UTF-8 with a byte-order mark (``utf-8-sig``) so that spreadsheet
programs read accented names correctly; every file starts with a header row and
holds figures as plain text (``87.5``, ``12.30``), never formatted for a locale.
Cells that a spreadsheet would run as a formula are neutralised.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path

from trainer.reports.queries import skill_mastery, trainee_name
from trainer.reports.skill_grid import GridRow, flags_text, skill_grid
from trainer.reports.text import (
    local_time,
    percent,
    question_text,
    seconds_text,
    skill_label,
    skill_order,
    wager_label,
)
from trainer.skills import Skill
from trainer.storage.database import TrainerDB
from trainer.storage.models import AnswerRecord, CourseAnswer, CourseAnswerKind, SkillStat
from trainer.training.lessons import Lesson
from trainer.training.mastery import LessonLike, Level, target_met

CSV_ENCODING = "utf-8-sig"

ROSTER_HEADER = (
    "Name",
    "Accuracy %",
    "Answers",
    "Average seconds per round",
    "Rounds played",
    "Last active",
    "Exam status",
    "Weakest skill",
    "Flags",
    *(f"{skill.label} {what}" for skill in sorted(Skill, key=skill_order)
      for what in ("score", "level")),
)
"""The roster's figures, then the skill grid's (:mod:`.skill_grid`): the weakest skill,
the flags, and every skill's mastery score and level in the dealer's order of work (every
skill, so files from different rooms line up; a score is empty before the first answer)."""
ANSWERS_HEADER = (
    "Answered at",
    "Session",
    "Round",
    "Question id",
    "Question",
    "Skill",
    "Seat",
    "Wager",
    "Expected",
    "Given",
    "Correct",
    "Seconds",
)
SKILLS_HEADER = (
    "Skill",
    "Answers",
    "Correct",
    "Accuracy %",
    "Mean seconds",
    "Mastery score",
    "Mastery level",
    "Recent answers",
    "Target seconds",
    "Target met",
)
"""Answers to Mean seconds are over every answer; the mastery columns (and Target met,
which is the level being ``mastered``) over the Recent answers, as the course counts."""


def _safe_cell(value: str) -> str:
    """Neutralise a cell a spreadsheet would run as a formula (``=``, ``+``, ``@``,
    or ``-`` not starting a number); figures pass unchanged."""
    if not value:
        return value
    first = value[0]
    if first in "=+@\t\r" or (first == "-" and not _is_number(value)):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _write_csv(path: Path | str, header: Sequence[str], rows: Iterable[Sequence[str]]) -> Path:
    target = Path(path)
    with target.open("w", encoding=CSV_ENCODING, newline="") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        for row in rows:
            writer.writerow([_safe_cell(cell) for cell in row])
    return target



def _skill_columns(row: GridRow | None) -> tuple[str, ...]:
    """The weakest skill, the flags and each skill's score and level (the grid's row)."""
    if row is None:
        return ("", "") + ("", Level.NOT_STARTED.value) * len(Skill)
    cells: list[str] = []
    for skill in sorted(Skill, key=skill_order):
        cell = row.cells.get(skill)  # None: a skill of no rule set these trainees played
        if cell is None or not cell.started:
            cells += ["", Level.NOT_STARTED.value]
        else:
            cells += [str(cell.mastery.score), cell.mastery.level.value]
    weakest = "" if row.weakest is None else skill_label(row.weakest)
    return (weakest, flags_text(row.flags), *cells)


def roster_csv(db: TrainerDB, path: Path | str, lessons: Sequence[LessonLike] | None = None,
               *, now: datetime | None = None) -> Path:
    """Write every trainee's roster figures and skill grid row to ``path`` (UTF-8 CSV with
    a header row); mastery against the target times of ``lessons`` (default: the course's)."""
    grid = {row.trainee_id: row for row in skill_grid(db, lessons=lessons, now=now).rows}
    rows = (
        (
            row.name,
            percent(row.accuracy),
            str(row.answers),
            seconds_text(row.seconds_per_round),
            str(row.rounds_played),
            local_time(row.last_active),
            row.exam_status.label,
            *_skill_columns(grid.get(row.trainee_id)),
        )
        for row in db.roster()
    )
    return _write_csv(path, ROSTER_HEADER, rows)


def _round_answer_row(answer: AnswerRecord) -> tuple[str, ...]:
    return (
        local_time(answer.answered_at, seconds=True),
        str(answer.session_id),
        str(answer.round_id),
        answer.question_id,
        question_text(answer),
        skill_label(answer.skill),
        "" if answer.seat is None else str(answer.seat),
        wager_label(answer.wager),
        answer.expected,
        "" if answer.given is None else answer.given,
        "yes" if answer.correct else "no",
        f"{answer.seconds:.2f}",
    )


def _course_answer_row(answer: CourseAnswer) -> tuple[str, ...]:
    """A ruling or a scenario drill round, in the answers CSV's columns.

    Storage keeps whether it was right and how long it took, not the choice
    made, so Expected and Given stay empty; Round is empty (no dealt round).
    """
    if answer.kind is CourseAnswerKind.RULING:
        question = f"Ruling on an irregularity (lesson {answer.lesson})"
        skill = "Rulings"
    else:
        question = f"Drill round: {answer.scenario}"
        skill = "Scenario drill (every question of the round)"
    return (
        local_time(answer.answered_at, seconds=True),
        "",
        "",
        f"{answer.kind.value}:{answer.item}",
        question,
        skill,
        "",
        "",
        "",
        "",
        "yes" if answer.correct else "no",
        f"{answer.seconds:.2f}",
    )


def trainee_answers_csv(db: TrainerDB, trainee_id: int, path: Path | str) -> Path:
    """Write every answer a trainee gave, oldest first, to ``path`` (UTF-8 CSV):
    the questions on dealt rounds and the course's rulings and drill rounds."""
    trainee_name(db, trainee_id)  # refuse an unknown trainee before writing
    on_rounds = [
        (answer.answered_at, _round_answer_row(answer))
        for answer in db.trainee_answers(trainee_id)
    ]
    in_course = [
        (answer.answered_at, _course_answer_row(answer))
        for answer in db.course_answers(trainee_id)
    ]
    rows = (row for _, row in sorted(on_rounds + in_course, key=lambda pair: pair[0]))
    return _write_csv(path, ANSWERS_HEADER, rows)


def trainee_skills_csv(
    db: TrainerDB, trainee_id: int, path: Path | str, lessons: Sequence[Lesson] | None = None
) -> Path:
    """Write a trainee's figures and mastery per skill, every skill in the dealer's order
    of work, to ``path`` (UTF-8 CSV): the printable report's skill table."""
    trainee_name(db, trainee_id)  # refuse an unknown trainee before writing
    stats = {stat.skill: stat for stat in db.skill_stats(trainee_id)}
    mastery = skill_mastery(db, trainee_id, lessons)
    rows = []
    for skill in sorted(Skill, key=skill_order):
        stat = stats.get(skill, SkillStat(skill, 0, 0, 0.0))
        figures = mastery[skill]
        started = figures.level is not Level.NOT_STARTED
        rows.append((
            skill_label(skill),
            str(stat.answers),
            str(stat.correct),
            percent(stat.accuracy) if stat.answers else "",
            seconds_text(stat.mean_seconds, 2) if stat.answers else "",
            str(figures.score) if started else "",
            figures.level.value,
            str(figures.answers),
            f"{figures.target_seconds:g}",
            "yes" if target_met(figures) else "no",
        ))
    return _write_csv(path, SKILLS_HEADER, rows)
