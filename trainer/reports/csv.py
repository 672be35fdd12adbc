"""CSV exports for HR and gaming-compliance files (no Qt).

CSV files are UTF-8 with a byte-order mark (``utf-8-sig``) so that spreadsheet
programs read accented names correctly; every file starts with a header row and
holds figures as plain text (``87.5``, ``12.30``), never formatted for a locale.
Cells that a spreadsheet would run as a formula are neutralised.

Times are ISO 8601 with the zone (``2026-03-02T16:00:00+01:00``). A trainee's
files carry the trainee's name (and employee id) on every row; the answers
carry the mode (practice, speed, exam, or course for the course's rulings and
drill rounds) and, beside each amount written as the trainee reads it
(``$15.00``, ``take $10.00``), the amount as a plain number (:func:`amount_paid`).
A payout built in chips is written as its chips in words (``3 x $5 red, 1 x $2.50
pink``) and its amount is what those chips are worth.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Protocol

from trainer.engine.settlement import Outcome
from trainer.i18n import ENGLISH, N_, _, in_language
from trainer.reports.queries import skill_mastery
from trainer.reports.skill_grid import GridRow, flags_text, skill_grid
from trainer.reports.text import (
    answer_words,
    iso_time,
    percent,
    question_text,
    seconds_text,
    skill_label,
    skill_order,
    wager_label,
)
from trainer.skills import QuestionKind, Skill
from trainer.storage.interfaces import (
    CertificateStore,
    ClassViewReads,
    ProgressReads,
    RosterReads,
)
from trainer.storage.models import (
    AnswerRecord,
    CertificationStatus,
    CourseAnswer,
    CourseAnswerKind,
    SealState,
    SkillStat,
    StorageError,
    Trainee,
)
from trainer.training.answers import AnswerError, parse_amount_answer, parse_payout
from trainer.training.chip_drills import chip_drill_kind
from trainer.training.chip_records import chips_amount
from trainer.training.lessons import Lesson
from trainer.training.mastery import LessonLike, Level, target_met
from trainer.training.questions import PayoutAnswer

CSV_ENCODING = "utf-8-sig"

_ROSTER_FIGURES = (
    N_("Name"),
    N_("Employee id"),
    N_("Accuracy %"),
    N_("Answers"),
    N_("Average seconds per round"),
    N_("Rounds played"),
    N_("Last active"),
    N_("Exam status"),
    N_("Certification"),
    N_("Weakest skill"),
    N_("Flags"),
)


def roster_header() -> tuple[str, ...]:
    """The roster file's column titles in the current language (its values never are)."""
    return (
        *(_(title) for title in _ROSTER_FIGURES),
        *(heading for skill in sorted(Skill, key=skill_order)
          for heading in (_("{skill} score", skill=skill_label(skill)),
                          _("{skill} level", skill=skill_label(skill)))),
    )


with in_language(ENGLISH):
    ROSTER_HEADER = roster_header()
"""The roster's figures as the screen shows them (with the employee id and the best
certification's standing on the day: certified, expiring, expired or not certified), then
the skill grid's (:mod:`.skill_grid`): the weakest skill,
the flags, and every skill's mastery score and level in the dealer's order of work (every
skill, so files from different rooms line up; a score is empty before the first answer)."""
ANSWERS_HEADER = (
    N_("Trainee"),
    N_("Employee id"),
    N_("Answered at"),
    N_("Mode"),
    N_("Session"),
    N_("Round"),
    N_("Question id"),
    N_("Question"),
    N_("Skill"),
    N_("Seat"),
    N_("Wager"),
    N_("Expected"),
    N_("Expected amount"),
    N_("Given"),
    N_("Given amount"),
    N_("Correct"),
    N_("Seconds"),
    N_("Record"),
)
"""An amount column holds what the player is paid as a plain number (``15.00``; ``0.00``
for a push or a take) when the question is about money and the text is an amount."""
COURSE_MODE = "course"
"""The mode of the course's rulings and drill rounds in the answers file (sessions have
:class:`~trainer.storage.models.Mode`)."""
SKILLS_HEADER = (
    N_("Trainee"),
    N_("Employee id"),
    N_("Skill"),
    N_("Answers"),
    N_("Correct"),
    N_("Accuracy %"),
    N_("Mean seconds"),
    N_("Mastery score"),
    N_("Mastery level"),
    N_("Recent answers"),
    N_("Target seconds"),
    N_("Target met"),
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
    """Write ``header`` (already in the file's language) and ``rows``; the rows are
    worked out in English whatever the language: a CSV's values are language-neutral
    (skills, questions, levels, yes/no as every file before carried them), so files
    from stations in different languages line up."""
    target = Path(path)
    with in_language(ENGLISH):
        values = [[_safe_cell(cell) for cell in row] for row in rows]
    with target.open("w", encoding=CSV_ENCODING, newline="") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        writer.writerows(values)
    return target


def _titles(header: Sequence[str], language: str | None) -> list[str]:
    """Column titles marked with N_, in ``language`` (None: the station's)."""
    with in_language(language):
        return [_(title) for title in header]



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


class RosterSources(RosterReads, ClassViewReads, CertificateStore, Protocol):
    """What the roster file reads: the roster, the skill grid and certifications."""


def roster_csv(db: RosterSources, path: Path | str, lessons: Sequence[LessonLike] | None = None,
               *, now: datetime | None = None, language: str | None = None) -> Path:
    """Write every trainee's roster figures and skill grid row to ``path`` (UTF-8 CSV with
    a header row in ``language``, None: the station's; the values language-neutral);
    mastery against the target times of ``lessons`` (default: the course's)."""
    with in_language(language):
        header = roster_header()
    grid = {row.trainee_id: row for row in skill_grid(db, lessons=lessons, now=now).rows}
    today = (now or datetime.now().astimezone()).astimezone().date()
    certified = db.certification_statuses(today)
    employee_ids = {trainee.id: trainee.employee_id or "" for trainee in db.list_trainees()}
    rows = (
        (
            row.name,
            employee_ids.get(row.trainee_id, ""),
            percent(row.accuracy),
            str(row.answers),
            seconds_text(row.seconds_per_round),
            str(row.rounds_played),
            iso_time(row.last_active),
            row.exam_status.label,
            certified.get(row.trainee_id, CertificationStatus.NONE).label,
            *_skill_columns(grid.get(row.trainee_id)),
        )
        for row in db.roster()
    )
    return _write_csv(path, header, rows)


def amount_paid(kind: QuestionKind, text: str | None) -> str:
    """What the player is paid, as a plain number (``15.00``), read from an answer as
    written (``$15.00``, ``15``, ``push``, ``take $10.00``): ``0.00`` for a push or a
    take; empty for a question not about money, no answer, or text that is no amount."""
    if text is None:
        return ""
    in_chips = chips_amount(text)  # a payout built in chips: what its chips are worth
    if in_chips is not None and kind in (QuestionKind.PAYOUT, QuestionKind.CAPPED_TOTAL):
        return f"{in_chips:.2f}"
    try:
        if kind is QuestionKind.PAYOUT:
            return f"{_payout(text).amount:.2f}"
        if kind is QuestionKind.CAPPED_TOTAL:
            return f"{parse_amount_answer(text, stored=True):.2f}"
    except (AnswerError, TypeError):
        return ""
    return ""


def _payout(text: str) -> PayoutAnswer:
    """A payout as the trainer reads one typed, or as it writes one expected (``take
    $10.00``: a take, which pays nothing)."""
    try:
        return parse_payout(text, stored=True)
    except AnswerError:
        first = text.split()[0] if text.split() else ""
        taken = parse_payout(first, stored=True) if first != text.strip() else None
        if taken is None or taken.outcome is not Outcome.LOSE:
            raise
        return PayoutAnswer(Outcome.LOSE, Decimal(0))


def _who(trainee: Trainee) -> tuple[str, str]:
    return (trainee.name, trainee.employee_id or "")


def _session_modes(db: ProgressReads, trainee_id: int) -> dict[int, str]:
    """Each of the trainee's sessions' mode (practice, speed or exam), by session id."""
    return db.session_modes(trainee_id)


def _trainee(db: ProgressReads, trainee_id: int) -> Trainee:
    """The trainee, refused by id before anything is written."""
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
    return trainee


def _record(state: SealState) -> str:
    """The Record column: ``as recorded``, ``ALTERED`` (changed outside the trainer) or
    ``cannot be checked`` (:mod:`trainer.storage.seal`)."""
    return {SealState.VALID: "as recorded", SealState.ALTERED: "ALTERED"}.get(
        state, "cannot be checked")


def _round_answer_row(
    who: tuple[str, str], mode: str, answer: AnswerRecord, state: SealState = SealState.VALID
) -> tuple[str, ...]:
    return (
        *who,
        iso_time(answer.answered_at),
        mode,
        str(answer.session_id),
        str(answer.round_id),
        answer.question_id,
        question_text(answer),
        skill_label(answer.skill),
        "" if answer.seat is None else str(answer.seat),
        wager_label(answer.wager),
        answer_words(answer.expected),
        amount_paid(answer.kind, answer.expected),
        "" if answer.given is None else answer_words(answer.given),
        amount_paid(answer.kind, answer.given),
        "yes" if answer.correct else "no",
        f"{answer.seconds:.2f}",
        _record(state),
    )


def _course_answer_row(who: tuple[str, str], answer: CourseAnswer,
                       state: SealState = SealState.VALID) -> tuple[str, ...]:
    """A ruling or a scenario drill round, in the answers CSV's columns.

    Storage keeps whether it was right and how long it took, not the choice
    made, so Expected and Given stay empty; Round is empty (no dealt round).
    """
    if answer.kind is CourseAnswerKind.RULING:
        question = f"Ruling on an irregularity (lesson {answer.lesson})"
        skill = "Rulings"
    elif (kind := chip_drill_kind(answer.scenario or "")) is not None:
        question = f"Chip drill: {kind.description}"
        skill = "Chip drill (cut and size)"
    else:
        question = f"Drill round: {answer.scenario}"
        skill = "Scenario drill (every question of the round)"
    return (
        *who,
        iso_time(answer.answered_at),
        COURSE_MODE,
        "",
        "",
        f"{answer.kind.value}:{answer.item}",
        question,
        skill,
        "",
        "",
        "",
        "",
        "",
        "",
        "yes" if answer.correct else "no",
        f"{answer.seconds:.2f}",
        _record(state),
    )


def trainee_answers_csv(db: ProgressReads, trainee_id: int, path: Path | str, *,
                        language: str | None = None) -> Path:
    """Write every answer a trainee gave, oldest first, to ``path`` (UTF-8 CSV, its
    header row in ``language``, None: the station's): the questions on dealt rounds and
    the course's rulings and drill rounds."""
    header = _titles(ANSWERS_HEADER, language)
    _trainee(db, trainee_id)  # refused in the station's language, before anything is written
    with in_language(ENGLISH):
        rows = _answer_rows(db, trainee_id)
    return _write_csv(path, header, rows)


def _answer_rows(db: ProgressReads, trainee_id: int) -> list[tuple[str, ...]]:
    who = _who(_trainee(db, trainee_id))
    modes = _session_modes(db, trainee_id)
    sealed = db.seal_states("answers", trainee_id)
    sealed_course = db.seal_states("course_answers", trainee_id)
    on_rounds = [
        (answer.answered_at,
         _round_answer_row(who, modes.get(answer.session_id, ""), answer,
                           sealed.get(answer.id, SealState.ALTERED)))
        for answer in db.trainee_answers(trainee_id)
    ]
    in_course = [
        (answer.answered_at,
         _course_answer_row(who, answer, sealed_course.get(answer.id, SealState.ALTERED)))
        for answer in db.course_answers(trainee_id)
    ]
    return [row for _when, row in sorted(on_rounds + in_course, key=lambda pair: pair[0])]


def trainee_skills_csv(
    db: ProgressReads, trainee_id: int, path: Path | str, lessons: Sequence[Lesson] | None = None,
    *, language: str | None = None,
) -> Path:
    """Write a trainee's figures and mastery per skill, every skill in the dealer's order
    of work, to ``path`` (UTF-8 CSV, its header row in ``language``, None: the
    station's): the printable report's skill table."""
    header = _titles(SKILLS_HEADER, language)
    _trainee(db, trainee_id)  # refused in the station's language, before anything is written
    with in_language(ENGLISH):
        rows = _skill_rows(db, trainee_id, lessons)
    return _write_csv(path, header, rows)


def _skill_rows(db: ProgressReads, trainee_id: int,
                lessons: Sequence[Lesson] | None) -> list[tuple[str, ...]]:
    who = _who(_trainee(db, trainee_id))
    stats = {stat.skill: stat for stat in db.skill_stats(trainee_id)}
    mastery = skill_mastery(db, trainee_id, lessons)
    rows: list[tuple[str, ...]] = []
    for skill in sorted(Skill, key=skill_order):
        stat = stats.get(skill, SkillStat(skill, 0, 0, 0.0))
        figures = mastery[skill]
        started = figures.level is not Level.NOT_STARTED
        rows.append((
            *who,
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
    return rows
