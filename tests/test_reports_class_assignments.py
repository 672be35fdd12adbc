"""What a trainee has been assigned and where it stands; how much of a class has done it."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.reports.assignments import (
    ClassDone,
    class_done,
    class_progress,
    trainee_assignments,
)
from trainer.skills import Skill
from trainer.storage import NewAnswer, TrainerDB
from trainer.storage.classes import AssignmentState
from trainer.training.lessons import Lesson

ANTE_LESSON = Lesson("ante-basics", "Settling the ante", 1, (Skill.ANTE,), 10.0, "")
RAISE_LESSON = Lesson("raise-basics", "Settling the raise", 2, (Skill.RAISE,), 10.0, "")
LESSONS = [ANTE_LESSON, RAISE_LESSON]


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def answer_ante(db: TrainerDB, trainee: int, right: int, *, hours: float = 1) -> None:
    """``right`` right ante answers of 4 s (target 10 s), in one practice round."""
    session = db.start_session(trainee, "practice", RULES, at=at(hours))
    round_id = db.record_round(session, ROUND, RULES, 3, at=at(hours))
    for number in range(right):
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10", True, 4.0), at=at(hours))


def pass_exam(db: TrainerDB, trainee: int, config: int, *, hours: float) -> None:
    exam = db.start_exam(trainee, config, at=at(hours))
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(hours))
    for number in range(4):
        db.record_answer(NewAnswer(round_id, f"e{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10", True, 3.0), at=at(hours))
    assert db.finish_exam(exam.id, at=at(hours + 0.2)).passed


@pytest.fixture
def spring(db: TrainerDB) -> dict[str, int]:
    """Ana and Ben in Spring 2026: the ante lesson due 5 March, the exam due 9 March; the
    raise lesson for Ana alone, no due date. Ana masters the ante (10 right of 10) and
    passes the exam; Ben answers 3 ante questions and takes no exam."""
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    class_id = db.create_class("Spring 2026", date(2026, 3, 2))
    db.add_class_member(class_id, ana)
    db.add_class_member(class_id, ben)
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    lesson = db.assign("lesson", ANTE_LESSON.id, class_id=class_id, assigned_by="Pat",
                       due=date(2026, 3, 5), at=at(0))
    exam = db.assign("exam", config, class_id=class_id, assigned_by="Pat",
                     due=date(2026, 3, 9), at=at(0))
    own = db.assign("lesson", RAISE_LESSON.id, trainee_id=ana, assigned_by="Pat", at=at(0))
    answer_ante(db, ana, 10)
    answer_ante(db, ben, 3)
    pass_exam(db, ana, config, hours=2)
    return {"ana": ana, "ben": ben, "class": class_id, "lesson": lesson, "exam": exam,
            "own": own}


def test_a_trainee_sees_each_assignment_with_its_title_giver_and_state(
    db: TrainerDB, spring: dict[str, int]
) -> None:
    items = trainee_assignments(db, spring["ana"], today=date(2026, 3, 7), lessons=LESSONS)
    assert [(i.assignment.id, i.title, i.given_to, i.done, i.state) for i in items] == [
        (spring["lesson"], "Lesson: Settling the ante", "Spring 2026", True,
         AssignmentState.DONE),
        (spring["exam"], "Exam: Audition", "Spring 2026", True, AssignmentState.DONE),
        (spring["own"], "Lesson: Settling the raise", "you", False, AssignmentState.OPEN),
    ]


def test_work_not_done_is_overdue_after_its_day_and_due_soon_before(
    db: TrainerDB, spring: dict[str, int]
) -> None:
    items = trainee_assignments(db, spring["ben"], today=date(2026, 3, 7), lessons=LESSONS)
    # Ben: 3 right answers are fewer than the 10 a lesson needs; no exam taken.
    assert [(i.title, i.done, i.state) for i in items] == [
        ("Lesson: Settling the ante", False, AssignmentState.OVERDUE),  # due 5 March
        ("Exam: Audition", False, AssignmentState.DUE_SOON),  # due 9 March: 2 days ahead
    ]


def test_the_class_counts_how_many_of_its_trainees_did_each_assignment(
    db: TrainerDB, spring: dict[str, int]
) -> None:
    assert class_progress(db, spring["class"], LESSONS) == {
        spring["lesson"]: 1,
        spring["exam"]: 1,
    }
    answer_ante(db, spring["ben"], 10, hours=3)  # now 13 right, the latest 10 of them
    assert class_progress(db, spring["class"], LESSONS)[spring["lesson"]] == 2


def test_the_class_names_who_has_done_each_assignment_and_who_has_not(
    db: TrainerDB, spring: dict[str, int]
) -> None:
    cy = db.create_trainee("Cy")
    db.add_class_member(spring["class"], cy)
    found = class_done(db, spring["class"], LESSONS)
    # Ana mastered the ante lesson and passed the exam; Ben and Cy did neither.
    assert found == {spring["lesson"]: ClassDone(("Ana",), ("Ben", "Cy")),
                     spring["exam"]: ClassDone(("Ana",), ("Ben", "Cy"))}
    assert found[spring["exam"]].count_text == "1 of 3"
    assert found[spring["exam"]].who_text == "Done: Ana. Not done: Ben, Cy."
    assert ClassDone(("Ana", "Ben"), ()).who_text == "Done: Ana, Ben."
    assert ClassDone((), ()).who_text == "Nobody in the class."


def test_a_lesson_no_longer_in_the_course_is_named_by_its_id(
    db: TrainerDB, spring: dict[str, int]
) -> None:
    db.assign("lesson", "retired-lesson", trainee_id=spring["ben"], assigned_by="Pat")
    titles = [i.title for i in trainee_assignments(db, spring["ben"], today=date(2026, 3, 7),
                                                   lessons=LESSONS)]
    assert "Lesson: retired-lesson" in titles
