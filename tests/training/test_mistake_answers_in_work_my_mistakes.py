"""Work my mistakes and a wrong answer of Spot the dealer's mistake (issue 23): no
question of a dealt round asks spotting or correcting a dealer's mistake, so such a
round is not dealt again to ask nothing; the plan says where it is worked instead."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import Outcome, settle
from trainer.storage import TrainerDB, open_database
from trainer.training.course_plan import CourseProgress
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistake_records import MistakeRecorder
from trainer.training.mistakes import Mark, Spot, grade_marks, inject
from trainer.training.questions import PayoutAnswer


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3")
    yield database
    database.close()


def test_a_missed_dealers_mistake_is_named_not_dealt_again(db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    exercise = inject(settle(parse_round(QUALIFIES)),
                      shipped_catalogue().by_id("trips-plus-table-b"), 6)
    # seat 6's Trips Plus marked with table B's $30 again: correcting it is wrong
    grade = grade_marks(exercise, [Mark(Spot(6, Wager.TRIPS_PLUS),
                                        PayoutAnswer(Outcome.WIN, Decimal(30)))])
    recorder = MistakeRecorder(db, trainee, "ny-2018")
    recorder.graded(exercise.settlement.round, grade)
    recorder.close()
    mistakes = db.trainee_mistakes(trainee)
    assert [m.answer.question_id for m in mistakes] == ["mistake.seat-6-trips-plus.correction"]
    plan = CourseProgress([]).mistakes_plan(mistakes)
    assert plan.steps == ()
    [said] = plan.skipped
    assert said.startswith("Your mistake of ")
    assert said.endswith(" in Spot the dealer's mistake (Correcting a dealer's mistake) is"
                         " worked there: Game \u25b8 Spot the dealer's mistake (Ctrl+Shift+M).")
