"""Lessons: course content as data (DESIGN.md point 9), one TOML file a lesson (no Qt).

A lesson file (``lessons/01-hand-rankings.toml``; the format is described in
``lessons/README.md``) holds an explanation in Markdown, worked examples (a
round in the settle contract's input form, a note, and the facts the author
worked by hand, ``expect``), drills (a scenario kind to deal rounds from)
and, for the irregularities lesson, rulings (a situation shown on the table,
the choices, the right one and the rule it rests on).

One job a module:

- :mod:`.model`: what a lesson is (the dataclasses);
- :mod:`.parse`: a file's TOML text to a lesson, every problem by line and key;
- :mod:`.check`: an example's facts settled by the engine and compared;
- :mod:`.load`: finding the folders and loading every lesson (:class:`LessonLoad`);
- :mod:`.practice`: a drill's rounds and the course's practice items.

For a UI: :func:`load_course` for the lessons, :func:`drill_rounds` /
:func:`practice_rounds` for rounds to ask, :func:`course_items` for the
practice scheduler's items (:mod:`trainer.training.scheduler`) and their
target times; mastery is in :mod:`trainer.training.mastery`. Every name is
importable from this package.
"""

from trainer.training.lessons.check import Contradiction, check_example, check_expect
from trainer.training.lessons.load import (
    LESSON_FILE_LIMIT,
    LESSONS_ENV,
    LessonLoad,
    default_lesson_folders,
    instructor_lessons_dir,
    load_course,
    load_lesson_file,
    load_lessons,
    shipped_lessons_dir,
)
from trainer.training.lessons.model import (
    DEFAULT_DRILL_COUNT,
    DEFAULT_RULES,
    RANDOM,
    ChipDrill,
    Drill,
    Example,
    Expect,
    Lesson,
    LessonProblem,
    ProcedureDrill,
    Ruling,
    RulingTable,
    SeatExpect,
    TableSeat,
)
from trainer.training.lessons.parse import (
    MAX_DRILL_COUNT,
    MAX_ORDER,
    MAX_TARGET_SECONDS,
    parse_lesson,
)
from trainer.training.lessons.practice import (
    course_items,
    drill_rounds,
    lesson_rounds,
    lessons_for_skill,
    practice_rounds,
    procedure_drill_runs,
)

__all__ = [
    "DEFAULT_DRILL_COUNT",
    "DEFAULT_RULES",
    "LESSONS_ENV",
    "LESSON_FILE_LIMIT",
    "MAX_DRILL_COUNT",
    "MAX_ORDER",
    "MAX_TARGET_SECONDS",
    "RANDOM",
    "ChipDrill",
    "Contradiction",
    "Drill",
    "Example",
    "Expect",
    "Lesson",
    "LessonLoad",
    "LessonProblem",
    "ProcedureDrill",
    "Ruling",
    "RulingTable",
    "SeatExpect",
    "TableSeat",
    "check_example",
    "check_expect",
    "course_items",
    "default_lesson_folders",
    "drill_rounds",
    "instructor_lessons_dir",
    "lesson_rounds",
    "lessons_for_skill",
    "load_course",
    "load_lesson_file",
    "load_lessons",
    "parse_lesson",
    "practice_rounds",
    "procedure_drill_runs",
    "shipped_lessons_dir",
]
