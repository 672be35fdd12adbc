""""Work my mistakes" plans chip mistakes (no Qt): a mistake made paying in chips is dealt
again to be paid in chips; a chip-procedure mistake asks the payout it was graded on (no
question asks the chip procedure alone: before, its round came back with no question).

The round (tests/ui/realx/chip_driver.py): seat 3's odds, two red $5, pay 4 to 1 by the
bad-beat table: $40; eight red colour for colour (docs/rules.md §4, §9, §10)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from tests.ui.realx.chip_driver import CHIP_ROUND
from trainer.engine.chips import DEFAULT_CHIPS
from trainer.engine.round import parse_round
from trainer.engine.settlement import Outcome, settle
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.training.chip_grading import ChipPayout
from trainer.training.course_plan import CourseProgress, RoundStep
from trainer.training.lessons import load_course
from trainer.training.recorder import SessionRecorder
from trainer.training.session import TrainingSession, TrainingSettings, focused_questions

FIVE, TWENTY_FIVE = Decimal("5.00"), Decimal("25.00")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


def odds_paid(db: TrainerDB, chips: tuple[Decimal, ...] | None) -> int:
    """A trainee whose seat-3 odds were paid ``chips`` (None: typed $30)."""
    trainee = db.create_trainee("Ana")
    session = TrainingSession(TrainingSettings(seed=1, sound=False))
    recorder = SessionRecorder(db, trainee, session)
    state = session.start_round(parse_round(CHIP_ROUND))
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose", "lose", "lose"):
        state.answer(text)
    if chips is None:
        state.answer("30")
    else:
        state.answer_chips(ChipPayout(Outcome.WIN, chips), DEFAULT_CHIPS)
    recorder.close()
    return trainee


def planned(db: TrainerDB, trainee: int) -> list[RoundStep]:
    progress = CourseProgress(load_course().lessons, lambda: db.trainee_answers(trainee))
    steps = progress.mistakes_plan(db.trainee_mistakes(trainee)).steps
    return [step for step in steps if isinstance(step, RoundStep)]


def asked(step: RoundStep) -> list[str]:
    return [question.id for question in focused_questions(settle(step.round), step.skills)]


def test_a_chip_procedure_mistake_asks_its_payout_again_in_chips(db: TrainerDB) -> None:
    trainee = odds_paid(db, (TWENTY_FIVE, FIVE, FIVE, FIVE))  # $40, not eight red
    first, *rest = planned(db, trainee)
    assert first.skills == (Skill.BAD_BEAT,) and first.chips
    assert asked(first) == ["seat-3-odds"]
    assert "Chip procedure" in first.label
    assert all(step.chips and step.skills == (Skill.BAD_BEAT,) for step in rest)


def test_a_wrong_amount_paid_in_chips_is_worked_in_chips(db: TrainerDB) -> None:
    trainee = odds_paid(db, (TWENTY_FIVE, FIVE))  # $30: the wrong amount
    first = planned(db, trainee)[0]
    assert first.skills == (Skill.BAD_BEAT,) and first.chips
    assert first.label.endswith("paid in chips")
    assert asked(first) == ["seat-3-odds"]


def test_a_typed_mistake_is_worked_as_the_trainee_answers(db: TrainerDB) -> None:
    first = planned(db, odds_paid(db, None))[0]
    assert first.skills == (Skill.BAD_BEAT,) and not first.chips
