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
from trainer.i18n import ENGLISH, LANGUAGE_NAMES, _, current_language
from trainer.tomllines import TomlError, key_lines, loads, locate
from trainer.training.lessons.model import Lesson, LessonProblem
from trainer.training.lessons.parse import parse_lesson
from trainer.training.lessons.translate import translated_lesson, translation_problems, where

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
    """Every lesson from :func:`default_lesson_folders`, in the trainee's language
    (:func:`trainer.i18n.current_language`) where a lesson has a translation."""
    return load_lessons(default_lesson_folders(), language=current_language())


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


def load_lessons(folders: Iterable[Path], language: str = ENGLISH) -> LessonLoad:
    """Every valid lesson of ``folders`` (``*.toml``, by file name); later folders override.

    Each lesson reads in ``language`` when its folder holds a translation of it
    (``<folder>/<language>/*.toml``, the same ``id``), in English otherwise. Every
    translation found, in any language, is checked against its English lesson
    (:mod:`.translate`): one that differs in a question or an answer is a problem naming
    its file, line and key, and is left out (the lesson reads in English).

    Never raises for bad content: each invalid file is reported in
    :attr:`LessonLoad.problems` and skipped, and so is a folder that does not
    exist or cannot be read. A file that is not a regular file (a folder, a
    device), over :data:`LESSON_FILE_LIMIT` or not UTF-8 is one such problem.
    """
    load = LessonLoad()
    loaded: dict[str, tuple[Lesson, int]] = {}
    for number, folder in enumerate(map(Path, folders)):
        in_folder: dict[str, tuple[Lesson, str]] = {}
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
            in_folder[lesson.id] = (lesson, text)
        translations = _translations(folder, in_folder, load.problems)
        for lesson_id, versions in translations.items():
            if lesson_id in in_folder and language in versions:
                loaded[lesson_id] = (versions[language], number)
    load.lessons = sorted((lesson for lesson, _ in loaded.values()),
                          key=lambda lesson: (lesson.order, lesson.id))
    return load


# --- translations ------------------------------------------------------------------------


def _language_folders(folder: Path) -> list[Path]:
    """The translation folders of a lessons folder: sub-folders named by a language code
    (``es``, ``pt_BR``); OSError if it cannot be listed."""
    return sorted(entry for entry in folder.iterdir()
                  if entry.is_dir() and _is_language_code(entry.name) and entry.name != ENGLISH)


def _is_language_code(name: str) -> bool:
    head, _sep, tail = name.partition("_")
    return (2 <= len(head) <= 3 and head.isascii() and head.isalpha() and head.islower()
            and (not tail or (len(tail) == 2 and tail.isascii() and tail.isupper())))


def _translations(folder: Path, lessons: dict[str, tuple[Lesson, str]],
                  problems: list[LessonProblem]) -> dict[str, dict[str, Lesson]]:
    """Each lesson's translations in ``folder``'s language folders, by id then language;
    every translation that is not its lesson in other words is a problem, left out."""
    found: dict[str, dict[str, Lesson]] = {}
    try:
        languages = _language_folders(folder)
    except OSError as error:
        problems.append(LessonProblem(folder, None, _(
            "the lessons folder's translations cannot be read ({reason})",
            reason=error.strerror or error)))
        return found
    for language_folder in languages:
        language = language_folder.name
        name = LANGUAGE_NAMES.get(language, language)
        try:
            paths = _lesson_files(language_folder)
        except OSError as error:
            problems.append(LessonProblem(language_folder, None, _(
                "the lessons folder cannot be read ({reason})", reason=error.strerror or error)))
            continue
        for path in paths:
            lesson = _translation(path, lessons, language, name, found, problems)
            if lesson is not None:
                found.setdefault(lesson.id, {})[language] = lesson
    return found


def _translation(path: Path, lessons: dict[str, tuple[Lesson, str]], language: str,
                 name: str, found: dict[str, dict[str, Lesson]],
                 problems: list[LessonProblem]) -> Lesson | None:
    """One translation file checked against its English lesson: the lesson in ``language``,
    or None and its problems (each says the lesson is shown in English)."""
    left_out = _("the {language} version is left out and the lesson reads in English",
                 language=name)
    try:
        text = read_text_file(path, limit=LESSON_FILE_LIMIT, what="lesson file")
        data = loads(text)
    except TextFileError as error:
        reason = str(error).removeprefix(f"lesson file {path}: ")
        problems.append(LessonProblem(path, None, f"{reason}; {left_out}"))
        return None
    except TomlError as error:
        problems.append(LessonProblem(path, error.line, f"{error}; {left_out}"))
        return None
    lesson_id = data.get("id")
    lines = key_lines(text)
    if not isinstance(lesson_id, str) or lesson_id not in lessons:
        problems.append(LessonProblem(path, lines.get(("id",)), _(
            "id: {value} is not the id of a lesson in {folder}: a translation has its"
            " English lesson's id", value=repr(lesson_id), folder=path.parent.parent)))
        return None
    if language in found.get(lesson_id, {}):
        problems.append(LessonProblem(path, lines.get(("id",)), _(
            "id: lesson {id} already has a {language} version in {folder}; this file is"
            " skipped", id=repr(lesson_id), language=name, folder=path.parent)))
        return None
    lesson, english_text = lessons[lesson_id]
    differences = translation_problems(loads(english_text), data)
    if differences:
        english_lines = key_lines(english_text)
        for difference in sorted(differences, key=lambda d: locate(lines, d.path) or 1):
            there = locate(english_lines, difference.path)
            english = f"{lesson.source}:{there}" if there else str(lesson.source)
            problems.append(LessonProblem(path, locate(lines, difference.path) or 1, _(
                "lesson {id}, {key}: {problem} (the English lesson: {english}); {left_out}",
                id=repr(lesson_id), key=where(difference.path), problem=difference.message,
                english=english, left_out=left_out)))
        return None
    return translated_lesson(lesson, data, language)
