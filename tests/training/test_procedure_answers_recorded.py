"""Run the round in the records (issue 23, item 1): every graded step is kept as the
signed-in trainee's answers in a real SQLite file, through the storage interface: the
wager, deal, decision and clearing steps as rows of kind procedure counting for the skill
procedure, the settlement questions as practice keeps them; read back by skill."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.training.conftest import FakeClock
from tests.training.test_procedure_run import NY_ROUND
from trainer.engine.round import Wager, parse_round
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.training.procedure import ProcedureRun, StepKind, run_of_round
from trainer.training.procedure_records import ProcedureRecorder, answer_row


class NoFaults(random.Random):
    def random(self) -> float:
        return 0.999


@pytest.fixture
def db() -> Iterator[TrainerDB]:
    database = open_database()  # the test's own data folder (tests/conftest.py)
    yield database
    database.close()


def test_each_step_is_kept_as_the_trainee_s_answer_with_its_own_time(
        db: TrainerDB, clock: FakeClock) -> None:
    trainee = db.create_trainee("Ana")
    procedure = run_of_round(parse_round(NY_ROUND), NoFaults(1))
    run = ProcedureRun(procedure, clock=clock)
    recorder = ProcedureRecorder(db, trainee, "ny-2018")
    recorder.round_started(procedure.round)
    clock.advance(2.0)
    recorder.graded(procedure.round, run.answer("accept"))  # seat 1's ante: right
    clock.advance(3.0)
    recorder.graded(procedure.round, run.answer("refuse"))  # seat 1's odds stands: wrong
    # the deal: skip to the first deal step, answered "the dealer" (seat 1 is right)
    while run.current is not None and run.current.kind is StepKind.WAGER:
        recorder.graded(procedure.round, run.answer(run.current.expected))
    clock.advance(1.0)
    recorder.graded(procedure.round, run.answer("dealer"))
    # the first settlement question (the dealer's hand), answered right
    while run.current is not None and run.current.kind is not StepKind.SETTLEMENT:
        recorder.graded(procedure.round, run.answer(run.current.expected))
    clock.advance(4.0)
    first = run.current
    assert first is not None and first.question is not None
    recorder.graded(procedure.round, run.answer(first.expected))
    recorder.close()

    rows = {a.question_id: (a.kind, a.skill, a.seat, a.wager, a.expected, a.given,
                            a.correct, a.seconds) for a in db.trainee_answers(trainee)}
    procedure_kind = QuestionKind.PROCEDURE
    assert rows["procedure.wager-1-ante"] == (procedure_kind, Skill.PROCEDURE, 1, Wager.ANTE,
                                              "accept", "accept", True, 2.0)
    assert rows["procedure.wager-1-odds"] == (procedure_kind, Skill.PROCEDURE, 1, Wager.ODDS,
                                              "accept", "refuse", False, 3.0)
    assert rows["procedure.deal-1"] == (procedure_kind, Skill.PROCEDURE, None, None,
                                        "seat 1", "the dealer", False, 1.0)
    assert rows["dealer-hand"][:2] == (QuestionKind.DEALER_HAND, Skill.DEALER_HAND)
    assert rows["dealer-hand"][6:] == (True, 4.0)
    stats = {s.skill: (s.answers, s.correct) for s in db.skill_stats(trainee)}
    steps_before = len(rows) - 1
    assert stats[Skill.PROCEDURE] == (steps_before, steps_before - 2)
    assert stats[Skill.DEALER_HAND] == (1, 1)
    (mode,) = db.session_modes(trainee).values()
    assert mode == "practice"


def test_a_settlement_step_is_kept_under_its_question_s_id_kind_and_skill() -> None:
    procedure = run_of_round(parse_round(NY_ROUND), NoFaults(1))
    run = ProcedureRun(procedure, clock=lambda: 0.0)
    while run.current is not None and run.current.kind is not StepKind.SETTLEMENT:
        run.answer(run.current.expected)
    run.answer(run.current.expected)  # the dealer's hand
    step = run.current
    assert step is not None and step.question is not None
    graded = run.answer(False)  # the dealer's pair of kings qualifies (rules §3)
    row = answer_row(graded)
    assert (row.question_id, row.kind, row.skill, row.expected, row.given, row.correct) == (
        "dealer-qualifies", QuestionKind.QUALIFIES, Skill.QUALIFICATION, "yes", "no", False)
