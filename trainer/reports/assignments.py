"""What a trainee has been given to do, and where each item stands (no Qt).

An assignment (:mod:`trainer.storage.classes`) names a lesson or an exam set-up.
Done means, for a lesson, the lesson mastered as the course counts it (its
mastery level ``mastered``); for an exam, a pass of that set-up finished after
the moment it was given. A class's view counts, for each assignment, how
many of its trainees have done it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from trainer.i18n import _
from trainer.reports.queries import course_lessons
from trainer.storage.classes import AssignmentState, assignment_state
from trainer.storage.interfaces import ClassStore, CourseAnswerStore, ExamSetups, ProgressReads
from trainer.storage.models import Assignment, AssignmentKind
from trainer.training.course_plan import CourseProgress
from trainer.training.lessons import Lesson
from trainer.training.mastery import WINDOW, Level


@dataclass(frozen=True)
class AssignedItem:
    """One assignment as a trainee (or the instructor) reads it."""

    assignment: Assignment
    title: str
    """``Lesson 3: Settling the ante`` or ``Exam: Audition``."""
    given_to: str
    """``you`` (given to the trainee) or the class's name."""
    done: bool
    state: AssignmentState


class AssignmentSources(ClassStore, ProgressReads, CourseAnswerStore, ExamSetups, Protocol):
    """What assignments read: classes and assignments, each trainee's course, set-ups."""


def assignment_title(db: ExamSetups, assignment: Assignment,
                     lessons: Sequence[Lesson] | None = None) -> str:
    """The lesson's or the exam set-up's name as people read it."""
    if assignment.kind is AssignmentKind.EXAM:
        config = db.get_exam_config(int(assignment.target))
        return f"Exam: {config.name if config else 'set-up ' + assignment.target}"
    found = next((lesson for lesson in (course_lessons() if lessons is None else lessons)
                  if lesson.id == assignment.target), None)
    return f"Lesson: {found.title}" if found else f"Lesson: {assignment.target}"


class _Done:
    """Whether a trainee has done assignments (each trainee's course read once)."""

    def __init__(self, db: AssignmentSources, lessons: Sequence[Lesson] | None) -> None:
        self.db = db
        self.lessons = course_lessons() if lessons is None else lessons
        self._mastered: dict[int, set[str]] = {}

    def mastered_lessons(self, trainee_id: int) -> set[str]:
        if trainee_id not in self._mastered:
            progress = CourseProgress(
                self.lessons, lambda: self.db.recent_answers(trainee_id, WINDOW),
                store=self.db, trainee_id=trainee_id,
            )
            progress.load()
            self._mastered[trainee_id] = {
                lesson_id for lesson_id, figures in progress.course_mastery().items()
                if figures.level is Level.MASTERED
            }
        return self._mastered[trainee_id]

    def __call__(self, trainee_id: int, assignment: Assignment) -> bool:
        if assignment.kind is AssignmentKind.EXAM:
            return self.db.exam_assignment_done(trainee_id, assignment)
        return assignment.target in self.mastered_lessons(trainee_id)


def trainee_assignments(db: AssignmentSources, trainee_id: int, *, today: date | None = None,
                        lessons: Sequence[Lesson] | None = None) -> list[AssignedItem]:
    """What the trainee has been given (directly or through a class), soonest due first."""
    given = db.assignments_for(trainee_id)
    if not given:
        return []  # the course is not read for a trainee given nothing
    done = _Done(db, lessons)
    day = today or date.today()
    classes = {c.id: c.name for c in db.classes_of(trainee_id)}
    items = []
    for assignment in given:
        finished = done(trainee_id, assignment)
        items.append(AssignedItem(
            assignment,
            assignment_title(db, assignment, done.lessons),
            "you" if assignment.class_id is None else classes.get(assignment.class_id, "class"),
            finished,
            assignment_state(assignment, finished, day),
        ))
    return items


@dataclass(frozen=True)
class ClassDone:
    """Who of a class has done one of its assignments, and who has not (names, by name)."""

    done: tuple[str, ...]
    not_done: tuple[str, ...]

    @property
    def count_text(self) -> str:
        """``1 of 3``."""
        return _("{done} of {count}", done=len(self.done),
                 count=len(self.done) + len(self.not_done))

    @property
    def who_text(self) -> str:
        """``Done: Ana. Not done: Ben, Cy.`` (a part with nobody is left out; an empty
        class: ``Nobody in the class.``)."""
        parts = []
        if self.done:
            parts.append(_("Done: {names}.", names=", ".join(self.done)))
        if self.not_done:
            parts.append(_("Not done: {names}.", names=", ".join(self.not_done)))
        return " ".join(parts) or _("Nobody in the class.")


def class_done(db: AssignmentSources, class_id: int,
               lessons: Sequence[Lesson] | None = None) -> dict[int, ClassDone]:
    """For each of a class's assignments (by id), which of its trainees have done it."""
    done = _Done(db, lessons)
    members = db.class_members(class_id)
    found = {}
    for assignment in db.class_assignments(class_id):
        finished = [done(member.id, assignment) for member in members]
        found[assignment.id] = ClassDone(
            tuple(m.name for m, yes in zip(members, finished, strict=True) if yes),
            tuple(m.name for m, yes in zip(members, finished, strict=True) if not yes),
        )
    return found


def class_progress(db: AssignmentSources, class_id: int,
                   lessons: Sequence[Lesson] | None = None) -> dict[int, int]:
    """For each of a class's assignments (by id), how many of its trainees have done it."""
    return {assignment_id: len(who.done)
            for assignment_id, who in class_done(db, class_id, lessons).items()}
