"""Classes (cohorts): members, averages, assignments and what a trainee is given."""

from __future__ import annotations

from datetime import date

import pytest
from exam_taking import exam_setup, take_exam
from storage_support import answer, at, new_round

from trainer.storage import StorageError, TrainerDB
from trainer.storage.classes import AssignmentState, assignment_state
from trainer.storage.models import Assignment, AssignmentKind

START = date(2026, 3, 2)


def _class_of_three(db: TrainerDB) -> tuple[int, int, int, int, int]:
    """Ana (2 rounds: 3 of 4 right, 2+4 s then 6+8 s), Ben (1 round: 1 of 2 right,
    3+5 s), Cal (no answers) in the class; Dee (all right) outside it."""
    ana, ben, cal, dee = (db.create_trainee(n) for n in ("Ana", "Ben", "Cal", "Dee"))
    spring = db.create_class("Spring 2026", START, at=at(0))
    for trainee in (ana, ben, cal):
        assert db.add_class_member(spring, trainee, at=at(0))
    first, second = new_round(db, ana, minutes=1), new_round(db, ana, minutes=2)
    answer(db, first, seconds=2.0, correct=True)
    answer(db, first, seconds=4.0, correct=False, given="20.00")
    answer(db, second, seconds=6.0, correct=True)
    answer(db, second, seconds=8.0, correct=True)
    bens = new_round(db, ben, minutes=3)
    answer(db, bens, seconds=3.0, correct=True)
    answer(db, bens, seconds=5.0, correct=False, given="20.00")
    deas = new_round(db, dee, minutes=4)
    for _ in range(5):
        answer(db, deas, seconds=1.0, correct=True)
    return spring, ana, ben, cal, dee


def test_a_class_has_a_name_and_a_start_date(db: TrainerDB) -> None:
    spring = db.create_class("  Spring 2026 ", START, at=at(0))
    found = db.get_class(spring)
    assert found is not None
    assert (found.name, found.starts, found.created, found.archived) == (
        "Spring 2026", START, at(0), None)
    assert [c.name for c in db.list_classes()] == ["Spring 2026"]


def test_class_names_are_unique_regardless_of_case(db: TrainerDB) -> None:
    db.create_class("Spring 2026", START)
    with pytest.raises(StorageError, match="name: a class named 'SPRING 2026' already exists"):
        db.create_class("SPRING 2026", START)


@pytest.mark.parametrize("starts", ["2026-03-02", None, 20260302])
def test_a_start_that_is_not_a_date_is_refused_by_name(db: TrainerDB, starts: object) -> None:
    with pytest.raises(StorageError, match=r"^starts: .* must be a calendar date"):
        db.create_class("Spring", starts)  # type: ignore[arg-type]


def test_trainees_join_and_leave_a_class(db: TrainerDB) -> None:
    spring, ana, ben, _, dee = _class_of_three(db)
    assert [t.name for t in db.class_members(spring)] == ["Ana", "Ben", "Cal"]
    assert not db.add_class_member(spring, ana)  # already in it
    assert db.remove_class_member(spring, ben)
    assert not db.remove_class_member(spring, ben)
    assert [t.name for t in db.class_members(spring)] == ["Ana", "Cal"]
    assert [c.id for c in db.classes_of(dee)] == []
    assert [c.id for c in db.classes_of(ana)] == [spring]


def test_a_member_must_be_a_trainee_of_a_class_that_exists(db: TrainerDB) -> None:
    spring = db.create_class("Spring", START)
    with pytest.raises(StorageError, match="trainee_id: no trainee 99"):
        db.add_class_member(spring, 99)
    ana = db.create_trainee("Ana")
    with pytest.raises(StorageError, match="class_id: no class 42"):
        db.add_class_member(42, ana)


def test_class_averages_count_each_member_once(db: TrainerDB) -> None:
    spring, *_ = _class_of_three(db)
    averages = db.class_averages(spring)
    assert (averages.members, averages.practised, averages.answers) == (3, 2, 6)
    # Ana 3/4 = 0.75, Ben 1/2 = 0.5: mean 0.625 (Cal has no answers; Dee is outside).
    assert averages.accuracy == pytest.approx(0.625)
    # Ana (2+4+6+8)/2 rounds = 10 s, Ben (3+5)/1 = 8 s: mean 9 s.
    assert averages.seconds_per_round == pytest.approx(9.0)
    # Rounds 2, 1 and 0 over three members.
    assert averages.rounds_played == pytest.approx(1.0)
    assert averages.exams_passed == 0


def test_class_averages_count_members_whose_latest_exam_passed(db: TrainerDB) -> None:
    spring, ana, ben, _, dee = _class_of_three(db)
    setup = exam_setup(db, pass_mark=80)
    take_exam(db, ana, setup, right=4, wrong=1, minutes=10)  # 80%: passed
    take_exam(db, ben, setup, right=5, wrong=0, minutes=10)  # passed...
    take_exam(db, ben, setup, right=1, wrong=4, minutes=20)  # ...then failed: latest counts
    take_exam(db, dee, setup, right=5, wrong=0, minutes=10)  # not a member
    assert db.class_averages(spring).exams_passed == 1


def test_an_empty_class_has_no_averages(db: TrainerDB) -> None:
    empty = db.create_class("Empty", START)
    averages = db.class_averages(empty)
    assert (averages.members, averages.practised, averages.accuracy,
            averages.seconds_per_round, averages.rounds_played) == (0, 0, None, None, 0.0)


def test_a_trainee_sees_what_their_classes_and_they_were_given(db: TrainerDB) -> None:
    spring, ana, ben, _, dee = _class_of_three(db)
    other = db.create_class("Other", START)
    db.add_class_member(other, dee)
    setup = exam_setup(db)
    to_class = db.assign("lesson", "03-ante", class_id=spring, assigned_by="Pat",
                         due=date(2026, 3, 9), at=at(5))
    exam_for_ana = db.assign(AssignmentKind.EXAM, setup, trainee_id=ana, assigned_by="Pat",
                             due=date(2026, 3, 6), at=at(6))
    open_ended = db.assign("lesson", "05-odds", class_id=spring, assigned_by="Pat", at=at(7))
    db.assign("lesson", "01-basics", class_id=other, assigned_by="Pat", at=at(8))
    # Soonest due first, no due date last.
    assert [a.id for a in db.assignments_for(ana)] == [exam_for_ana, to_class, open_ended]
    assert [a.id for a in db.assignments_for(ben)] == [to_class, open_ended]
    assert [a.target for a in db.assignments_for(dee)] == ["01-basics"]
    given = db.assignments_for(ana)[0]
    assert (given.kind, given.target, given.due, given.assigned_by, given.trainee_id,
            given.class_id) == (AssignmentKind.EXAM, str(setup), date(2026, 3, 6), "Pat", ana,
                                None)
    assert [a.id for a in db.class_assignments(spring)] == [to_class, open_ended]


def test_leaving_a_class_or_archiving_it_takes_its_assignments_away(db: TrainerDB) -> None:
    spring, ana, ben, _, _ = _class_of_three(db)
    db.assign("lesson", "03-ante", class_id=spring, assigned_by="Pat")
    own = db.assign("lesson", "04-play", trainee_id=ana, assigned_by="Pat")
    db.remove_class_member(spring, ben)
    assert db.assignments_for(ben) == []
    db.archive_class(spring)
    assert [a.id for a in db.assignments_for(ana)] == [own]
    assert db.list_classes() == []
    assert [c.id for c in db.list_classes(archived=True)] == [spring]


def test_an_assignment_goes_to_a_class_or_a_trainee_never_both(db: TrainerDB) -> None:
    spring, ana, *_ = _class_of_three(db)
    message = "class_id, trainee_id: give exactly one"
    with pytest.raises(StorageError, match=message):
        db.assign("lesson", "03-ante", class_id=spring, trainee_id=ana, assigned_by="Pat")
    with pytest.raises(StorageError, match=message):
        db.assign("lesson", "03-ante", assigned_by="Pat")


def test_an_exam_assignment_names_a_set_up_that_exists(db: TrainerDB) -> None:
    spring, *_ = _class_of_three(db)
    with pytest.raises(StorageError, match="target: no exam set-up 77"):
        db.assign("exam", 77, class_id=spring, assigned_by="Pat")
    with pytest.raises(StorageError, match="target: 'audition' is not an exam set-up's id"):
        db.assign("exam", "audition", class_id=spring, assigned_by="Pat")
    with pytest.raises(StorageError, match="kind: 'homework' is not an assignment kind"):
        db.assign("homework", "03-ante", class_id=spring, assigned_by="Pat")
    with pytest.raises(StorageError, match="due: '2026-03-09' must be a calendar date"):
        db.assign("lesson", "03-ante", class_id=spring, assigned_by="Pat",
                  due="2026-03-09")  # type: ignore[arg-type]
    assert db.class_assignments(spring) == []


def test_a_withdrawn_assignment_is_gone(db: TrainerDB) -> None:
    spring, ana, *_ = _class_of_three(db)
    given = db.assign("lesson", "03-ante", class_id=spring, assigned_by="Pat")
    assert db.remove_assignment(given)
    assert not db.remove_assignment(given)
    assert db.assignments_for(ana) == []


def _due(day: date | None) -> Assignment:
    return Assignment(1, "u", 1, None, AssignmentKind.LESSON, "03-ante", day, "Pat", at(0))


@pytest.mark.parametrize(
    ("today", "state"),
    [
        (date(2026, 3, 6), AssignmentState.OPEN),       # four days ahead
        (date(2026, 3, 7), AssignmentState.DUE_SOON),   # three days ahead
        (date(2026, 3, 10), AssignmentState.DUE_SOON),  # the due day itself
        (date(2026, 3, 11), AssignmentState.OVERDUE),   # the day after
    ],
)
def test_an_assignment_not_done_is_open_then_due_soon_then_overdue(
    today: date, state: AssignmentState
) -> None:
    assert assignment_state(_due(date(2026, 3, 10)), False, today) is state


def test_a_done_assignment_is_done_even_late_and_one_with_no_due_day_stays_open() -> None:
    assert assignment_state(_due(date(2026, 3, 10)), True, date(2026, 4, 1)) is (
        AssignmentState.DONE)
    assert assignment_state(_due(None), False, date(2030, 1, 1)) is AssignmentState.OPEN


def test_an_exam_assignment_is_done_by_a_pass_after_it_was_given(db: TrainerDB) -> None:
    spring, ana, ben, cal, _ = _class_of_three(db)
    setup = exam_setup(db, pass_mark=80)
    other_setup = exam_setup(db, "Other exam", pass_mark=80)
    take_exam(db, cal, setup, right=5, wrong=0, minutes=-60 * 24 * 2)  # two days before
    given_id = db.assign("exam", setup, class_id=spring, assigned_by="Pat", at=at(0))
    given = db.class_assignments(spring)[0]
    assert given.id == given_id
    take_exam(db, ana, setup, right=4, wrong=1, minutes=30)  # 80%: passed
    take_exam(db, ben, setup, right=3, wrong=2, minutes=30)  # 60%: failed
    take_exam(db, ben, other_setup, right=5, wrong=0, minutes=40)  # another set-up
    assert db.exam_assignment_done(ana, given)
    assert not db.exam_assignment_done(ben, given)
    assert not db.exam_assignment_done(cal, given)  # passed before it was given


def test_an_exam_passed_earlier_the_same_day_does_not_answer_a_later_assignment(
        db: TrainerDB) -> None:
    """Passed at 15:00-15:01, assigned at 17:00 the same day: not done; passed again at
    17:30: done. An exam started before the assignment but finished after it counts."""
    spring, ana, ben, _, _ = _class_of_three(db)
    setup = exam_setup(db, pass_mark=80)
    take_exam(db, ana, setup, right=5, wrong=0, minutes=0)  # finished at 15:01
    db.assign("exam", setup, class_id=spring, assigned_by="Pat", at=at(120))  # 17:00
    given = db.class_assignments(spring)[0]
    assert not db.exam_assignment_done(ana, given)
    take_exam(db, ana, setup, right=5, wrong=0, minutes=150)  # 17:30
    assert db.exam_assignment_done(ana, given)
    take_exam(db, ben, setup, right=5, wrong=0, minutes=119.5)  # 16:59:30 to 17:00:30
    assert db.exam_assignment_done(ben, given)


def test_an_exam_passed_by_an_edit_in_sqlite_counts_for_neither_averages_nor_assignments(
        db: TrainerDB) -> None:
    """Issue 14: a record altered outside the trainer is not evidence of a pass."""
    spring, ana, ben, _, _ = _class_of_three(db)
    setup = exam_setup(db, pass_mark=80)
    db.assign("exam", setup, class_id=spring, assigned_by="Pat", at=at(0))
    given = db.class_assignments(spring)[0]
    failed = take_exam(db, ben, setup, right=1, wrong=4, minutes=30)  # 20%: failed
    take_exam(db, ana, setup, right=4, wrong=1, minutes=30)  # 80%: passed, untouched
    db.conn.execute("UPDATE exams SET score = 96, passed = 1 WHERE id = ?", (failed.id,))
    db.conn.commit()
    assert db.class_averages(spring).exams_passed == 1  # Ana only
    assert db.exam_assignment_done(ana, given)
    assert not db.exam_assignment_done(ben, given)
