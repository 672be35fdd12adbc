"""Finding the lesson folders and loading every lesson in them (no Qt).

:func:`load_lessons` reads every ``*.toml`` file of the given folders
(:func:`~.parse.parse_lesson` checks each). A file with anything wrong is
*skipped* and reported as a :class:`~.model.LessonProblem` naming the file,
the line and what is wrong; the rest of the course still loads.

Folders are read in the order given; a lesson whose ``id`` was loaded from an
*earlier* folder is replaced (the instructor's drop-in folder comes after the
shipped one, so an instructor rewrites a shipped lesson by reusing its id, or
adds one with a new id). A replacement is reported in
:attr:`LessonLoad.notices`, not as a problem. Two files with one id in the
*same* folder are a problem: the second (by file name) is skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from trainer.engine.textfile import TextFileError, read_text_file
from trainer.tomllines import key_lines
from trainer.training.lessons.model import Lesson, LessonProblem
from trainer.training.lessons.parse import parse_lesson

LESSONS_ENV = "HHE_TRAINER_LESSONS"
"""Environment variable naming the instructor's drop-in lessons folder."""

LESSON_FILE_LIMIT = 1024 * 1024
"""Largest lesson file read, in bytes (the longest shipped lesson is about 16 KB)."""


@dataclass
class LessonLoad:
    lessons: list[Lesson] = field(default_factory=list)
    """Every lesson that loaded, sorted by ``order`` then ``id``."""
    problems: list[LessonProblem] = field(default_factory=list)
    """Errors; each names a file that was skipped (or a folder that does not exist)."""
    notices: list[LessonProblem] = field(default_factory=list)
    """Information: lessons replaced by a later folder's lesson of the same id."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def start_notice(self, shown: int = 10) -> str | None:
        """What a person is told at start: the files skipped (left out of the course) and
        the lessons an instructor's file replaces (which file is used); None when neither.
        At most ``shown`` of each are listed, then how many more."""
        parts = []
        for items, heading in (
            (self.problems, "Left out of the course (each file named is skipped until it is"
                            " fixed):"),
            (self.notices, "Replaced by an instructor's lesson of the same id:"),
        ):
            if items:
                lines = [f"- {item}" for item in items[:shown]]
                if len(items) > shown:
                    lines.append(f"- and {len(items) - shown} more")
                parts.append("\n".join([heading, *lines]))
        return "\n\n".join(parts) if parts else None

    def by_id(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


# --- where the lessons are -------------------------------------------------------------


def shipped_lessons_dir() -> Path:
    """The lessons that ship with the trainer: ``lessons/`` of a checkout, or the
    copy an installed wheel or bundle carries (one lookup: trainer.paths.resource_dir).
    """
    from trainer.paths import resource_dir

    return resource_dir("lessons")


def instructor_lessons_dir() -> Path:
    """The instructor's drop-in folder: ``$HHE_TRAINER_LESSONS``, else ``<data dir>/lessons``."""
    override = os.environ.get(LESSONS_ENV)
    if override:
        return Path(override)
    from trainer.paths import data_dir

    return data_dir() / "lessons"


def default_lesson_folders() -> list[Path]:
    """The shipped folder, then the instructor's (whose lessons override by id).

    A folder named by ``HHE_TRAINER_LESSONS`` is always included, so a typo in
    it is reported; the default ``<data dir>/lessons`` only when it exists.
    """
    folders = [shipped_lessons_dir()]
    instructor = instructor_lessons_dir()
    if os.environ.get(LESSONS_ENV) or instructor.is_dir():
        folders.append(instructor)
    return folders


def load_course() -> LessonLoad:
    """Every lesson from :func:`default_lesson_folders`."""
    return load_lessons(default_lesson_folders())


def load_lesson_file(path: Path) -> tuple[Lesson | None, list[LessonProblem]]:
    """One lesson file: the lesson and no problems, or None and every problem found."""
    lesson, problems, _ = _load_lesson_file(path)
    return lesson, problems


def _load_lesson_file(path: Path) -> tuple[Lesson | None, list[LessonProblem], str]:
    """:func:`load_lesson_file`, and the text read (empty when it could not be)."""
    try:
        text = read_text_file(path, limit=LESSON_FILE_LIMIT, what="lesson file")
    except TextFileError as error:
        reason = str(error).removeprefix(f"lesson file {path}: ")
        return None, [LessonProblem(path, None, reason)], ""
    lesson, problems = parse_lesson(text, path)
    return lesson, problems, text


def _lesson_files(folder: Path) -> list[Path]:
    """The ``*.toml`` files of ``folder`` by name; OSError if it cannot be listed."""
    return sorted(folder.glob("*.toml"))


def load_lessons(folders: Iterable[Path]) -> LessonLoad:
    """Every valid lesson of ``folders`` (``*.toml``, by file name); later folders override.

    Never raises for bad content: each invalid file is reported in
    :attr:`LessonLoad.problems` and skipped, and so is a folder that does not
    exist or cannot be read. A file that is not a regular file (a folder, a
    device), over :data:`LESSON_FILE_LIMIT` or not UTF-8 is one such problem.
    """
    load = LessonLoad()
    loaded: dict[str, tuple[Lesson, int]] = {}
    for number, folder in enumerate(map(Path, folders)):
        try:
            if not folder.is_dir():
                load.problems.append(LessonProblem(folder, None, "no such lessons folder"))
                continue
            paths = _lesson_files(folder)
        except OSError as error:
            load.problems.append(LessonProblem(
                folder, None, f"the lessons folder cannot be read ({error.strerror or error})"))
            continue
        for path in paths:
            lesson, problems, text = _load_lesson_file(path)
            load.problems.extend(problems)
            if lesson is None:
                continue
            line = key_lines(text).get(("id",))
            if lesson.id in loaded:
                previous, previous_folder = loaded[lesson.id]
                if previous_folder == number:
                    load.problems.append(LessonProblem(
                        path, line, f"id: lesson id {lesson.id!r} is already used by"
                        f" {previous.source}; this file is skipped"))
                    continue
                load.notices.append(LessonProblem(
                    path, line, f"lesson {lesson.id!r} replaces the one in {previous.source}:"
                    " this file is used (same id)"))
            loaded[lesson.id] = (lesson, number)
    load.lessons = sorted((lesson for lesson, _ in loaded.values()),
                          key=lambda lesson: (lesson.order, lesson.id))
    return load
