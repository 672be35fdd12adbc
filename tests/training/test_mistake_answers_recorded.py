"""Spot the dealer's mistake in the records (issue 23, item 2 part 1): every graded mark is
kept as the signed-in trainee's answers in a real SQLite file, through the storage
interface, and read back as skills spot_mistakes and correct_mistakes. Rounds and figures
as worked by hand in tests/training/test_mistakes_injected_and_graded.py."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from tests.training.test_mistakes_injected_and_graded import NOT_QUALIFYING, QUALIFIES
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import Outcome, settle
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistake_records import MistakeRecorder, answer_rows
from trainer.training.mistakes import (
    ORDER,
    Mark,
    MistakeExercise,
    Spot,
    grade_marks,
    inject,
    with_mistakes,
)
from trainer.training.questions import PayoutAnswer

TP, ANTE = Wager.TRIPS_PLUS, Wager.ANTE


@pytest.fixture
def db() -> Iterator[TrainerDB]:
    database = open_database()  # the test's own data folder (tests/conftest.py)
    yield database
    database.close()


def trips_table_b() -> MistakeExercise:
    """Seat 6's $5 Trips Plus on a flush paid $30 from table B; table A pays 7 to 1 = $35."""
    return inject(settle(parse_round(QUALIFIES)),
                  shipped_catalogue().by_id("trips-plus-table-b"), 6)


def rows_of(db: TrainerDB, trainee: int) -> set[tuple[object, ...]]:
    return {(a.question_id, a.kind, a.skill, a.seat, a.wager, a.expected, a.given, a.correct,
             a.seconds) for a in db.trainee_answers(trainee)}


def test_a_found_mistake_and_an_invented_one_are_kept_as_the_trainees_answers(
        db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    exercise = trips_table_b()
    # seat 6's Trips Plus corrected to $35 (found); seat 4's ante, paid $10 right, marked
    # "take" (invented); 12 seconds over three rows: 4 s each
    grade = grade_marks(exercise, [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN, Decimal(35))),
                                   Mark(Spot(4, ANTE), PayoutAnswer(Outcome.LOSE, Decimal(0)))],
                        seconds=12.0)
    recorder = MistakeRecorder(db, trainee, "ny-2018")
    recorder.round_shown(exercise.settlement.round)
    recorder.graded(exercise.settlement.round, grade)
    recorder.close()

    mistake = QuestionKind.MISTAKE
    assert rows_of(db, trainee) == {
        ("mistake.seat-4-ante", mistake, Skill.SPOT_MISTAKES, 4, ANTE,
         "right as settled: paid $10.00", "marked: take", False, 4.0),
        ("mistake.seat-6-trips-plus", mistake, Skill.SPOT_MISTAKES, 6, TP,
         "wrong: paid $30.00", "marked: $35.00", True, 4.0),
        ("mistake.seat-6-trips-plus.correction", mistake, Skill.CORRECT_MISTAKES, 6, TP,
         "$35.00", "$35.00", True, 4.0),
    }
    stats = {s.skill: (s.answers, s.correct, s.seconds) for s in db.skill_stats(trainee)}
    assert stats == {Skill.SPOT_MISTAKES: (2, 1, 8.0), Skill.CORRECT_MISTAKES: (1, 1, 4.0)}
    # one round in a practice session, ended
    (session_id, mode), = db.session_modes(trainee).items()
    assert mode == "practice"
    assert {a.session_id for a in db.trainee_answers(trainee)} == {session_id}
    assert len({a.round_id for a in db.trainee_answers(trainee)}) == 1
    # the wrong row is among the trainee's mistakes (the progress page's list)
    assert [m.answer.question_id for m in db.trainee_mistakes(trainee)] == [
        "mistake.seat-4-ante"]


def test_a_missed_mistake_and_a_wrong_correction_count_against_their_skills(
        db: TrainerDB) -> None:
    trainee = db.create_trainee("Bo")
    exercise = trips_table_b()
    # seat 6's Trips Plus marked, but with $30 again (table B): spotted, wrong correction
    wrong = grade_marks(exercise, [Mark(Spot(6, TP), PayoutAnswer(Outcome.WIN, Decimal(30)))])
    missed = grade_marks(exercise, [])  # nothing marked on a round with a mistake: missed
    recorder = MistakeRecorder(db, trainee, "ny-2018")
    for grade in (wrong, missed):
        recorder.round_shown(exercise.settlement.round)
        recorder.graded(exercise.settlement.round, grade)
    recorder.close()
    answers = db.trainee_answers(trainee)
    assert sorted((a.question_id, a.given, a.correct) for a in answers) == [
        ("mistake.seat-6-trips-plus", "marked: $30.00", True),
        ("mistake.seat-6-trips-plus", "not marked", False),
        ("mistake.seat-6-trips-plus.correction", "$30.00", False),
    ]
    assert len({a.round_id for a in answers}) == 2  # each exercise its own round
    stats = {s.skill: (s.answers, s.correct) for s in db.skill_stats(trainee)}
    assert stats == {Skill.SPOT_MISTAKES: (2, 1), Skill.CORRECT_MISTAKES: (1, 0)}


def test_all_correct_on_a_round_with_nothing_wrong_is_one_right_answer(db: TrainerDB) -> None:
    trainee = db.create_trainee("Cy")
    exercise = with_mistakes(settle(parse_round(NOT_QUALIFYING)), ())
    recorder = MistakeRecorder(db, trainee, "ny-2018")
    recorder.graded(exercise.settlement.round, grade_marks(exercise, [], seconds=7.5))
    recorder.close()
    assert rows_of(db, trainee) == {
        ("mistake.all-correct", QuestionKind.MISTAKE, Skill.SPOT_MISTAKES, None, None,
         "all correct", "all correct", True, 7.5)}


def test_the_order_marked_right_when_it_was_wrong_is_found() -> None:
    exercise = inject(settle(parse_round(QUALIFIES)),
                      shipped_catalogue().by_id("seats-settled-from-first-base"))
    # the dealer settled 1, 3, 4, 6 (from first base); the rule's order is 1, 6, 4, 3
    grade = grade_marks(exercise, [Mark(ORDER, (1, 6, 4, 3))], seconds=3.0)
    assert [(r.question_id, r.seat, r.wager, r.expected, r.given, r.correct, r.seconds)
            for r in answer_rows(grade)] == [
        ("mistake.order", None, None, "wrong: seats 1, 3, 4, 6", "marked: seats 1, 6, 4, 3",
         True, 1.5),
        ("mistake.order.correction", None, None, "seats 1, 6, 4, 3", "seats 1, 6, 4, 3",
         True, 1.5)]
