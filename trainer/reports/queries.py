"""What the reports read that storage has no single call for (no Qt).

Also each skill's mastery (:func:`skill_mastery`), worked out exactly as the
course works it out, so every screen and report gives the course's verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from trainer.i18n import _
from trainer.skills import Skill
from trainer.storage.interfaces import ExamResults, ProgressReads, RosterReads, TraineeDirectory
from trainer.storage.models import Exam, RosterRow, StorageError
from trainer.training.course_plan import CourseProgress
from trainer.training.lessons import Lesson, default_lesson_folders, load_lessons
from trainer.training.mastery import WINDOW, Mastery


def trainee_name(db: TraineeDirectory, trainee_id: int) -> str:
    """A trainee's name; StorageError naming ``trainee_id`` for one not there."""
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
    return trainee.name


def roster_row(db: RosterReads, trainee_id: int) -> RosterRow | None:
    """One trainee's roster figures (storage has no single-trainee query)."""
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        return None
    for row in db.roster(name_filter=trainee.name):
        if row.trainee_id == trainee_id:
            return row
    return None


def rulesets_used(db: ProgressReads, trainee_id: int) -> list[tuple[str, int]]:
    """The rule sets a trainee's sessions used, with how many sessions each.

    Empty when storage cannot read them (the report leaves them out).
    """
    try:
        return db.rulesets_used(trainee_id)
    except StorageError:
        return []


def find_exam(db: ExamResults, exam_id: int) -> Exam:
    """One exam by id (storage has ``exam_results`` but no single-exam getter)."""
    for exam in db.exam_results():
        if exam.id == exam_id:
            return exam
    raise StorageError(_("exam_id: no exam {exam}", exam=exam_id))


_FileStamp = tuple[str, int | None, int | None]
"""A lesson file's name, modification time (ns) and size (None: it cannot be read)."""
_loaded: tuple[object, list[Lesson]] | None = None
"""The lesson files' stamps and the lessons they gave, the last time they were read."""


def _lesson_files(folders: Sequence[Path]) -> tuple[tuple[str, tuple[_FileStamp, ...]], ...]:
    """Each folder's ``*.toml`` files with their modification time and size."""
    stamps = []
    for folder in folders:
        files: list[_FileStamp] = []
        try:
            for path in sorted(folder.glob("*.toml")):
                try:
                    status = path.stat()
                except OSError:
                    files.append((path.name, None, None))
                else:
                    files.append((path.name, status.st_mtime_ns, status.st_size))
        except OSError:
            pass
        stamps.append((str(folder), tuple(files)))
    return tuple(stamps)


def course_lessons() -> list[Lesson]:
    """The course's lessons, as the course window loads them
    (:func:`~trainer.training.lessons.load_course`).

    Loading settles every worked example (about 0.1 s), so they are kept and read
    again only when a lesson file or folder changes.
    """
    global _loaded
    folders = default_lesson_folders()
    stamp = _lesson_files(folders)
    if _loaded is None or _loaded[0] != stamp:
        _loaded = (stamp, load_lessons(folders).lessons)
    return _loaded[1]


def skill_mastery(
    db: ProgressReads, trainee_id: int, lessons: Sequence[Lesson] | None = None
) -> dict[Skill, Mastery]:
    """Every skill's mastery for a trainee, by skill: the course's own figures.

    The course's :class:`~trainer.training.course_plan.CourseProgress` works them
    out, over the trainee's stored answers and against the target times of
    ``lessons`` (default: :func:`course_lessons`). Mastery reads only the last
    :data:`~trainer.training.mastery.WINDOW` answers of a skill, so only those
    are read (``recent_answers``).
    """
    progress = CourseProgress(
        course_lessons() if lessons is None else lessons,
        lambda: db.recent_answers(trainee_id, WINDOW),
    )
    records = progress.records()
    return {skill: progress.skill_mastery(skill, records) for skill in Skill}
