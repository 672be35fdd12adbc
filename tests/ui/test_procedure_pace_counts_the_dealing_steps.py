"""Run the round's pace (issue 23, item 1): the house's target (the site file's
[procedure] rounds_per_hour) is a dealer's pace at a real table, where the settlement is
paid in chips; here it is typed question by question, far slower. The pace set against
the target is counted on the dealing steps only (the wagers, the deal, the decisions,
clearing), and the whole round's time is said beside it with why."""

from __future__ import annotations

from trainer.engine.procedure import DealMethod
from trainer.engine.rulesets import load_ruleset
from trainer.training.procedure import ProcedureRun, Step, StepKind, deal_run
from trainer.training.questions import answer_text
from trainer.ui.procedure_window import pace_text


def test_the_dealing_seconds_leave_out_the_settlements_questions() -> None:
    procedure = deal_run(5, load_ruleset("house"), method=DealMethod.MANUAL, seats=4)
    kinds = [step.kind for step in procedure.steps]
    dealing = sum(1 for kind in kinds if kind is not StepKind.SETTLEMENT)
    questions = len(kinds) - dealing
    assert dealing and questions
    # a clock read once at the start, then once per answer: 1.5 s on each dealing step,
    # 6 s on each settlement question
    moments = [0.0]
    for kind in kinds:
        moments.append(moments[-1] + (6.0 if kind is StepKind.SETTLEMENT else 1.5))
    ticks = iter(moments)
    run = ProcedureRun(procedure, clock=lambda: next(ticks))
    for step in procedure.steps:
        run.answer(_right(step))
    assert run.dealing_seconds == 1.5 * dealing
    assert run.seconds == 1.5 * dealing + 6.0 * questions


def _right(step: Step) -> object:
    """The right answer to ``step``."""
    if step.kind is not StepKind.SETTLEMENT:
        return step.expected
    assert step.question is not None
    text = answer_text(step.question.kind, step.question.expected)
    return "take" if text.startswith("take") else text


def test_the_pace_is_the_dealing_steps_against_the_house_and_says_the_whole_round() -> None:
    # two rounds: 90 s and 72 s of dealing steps, 400 s and 380 s in all.
    # 2 rounds in 162 s = 3600 * 2 / 162 = 44.44 rounds an hour, 81 s a round: on a
    # house's pace of 40 (below one of 45); the whole rounds 390 s on average.
    text = pace_text([90.0, 72.0], [400.0, 380.0], 40)
    assert text.startswith("Dealing pace: 44.4 rounds an hour (81 s a round on the wagers,"
                           " the deal, the decisions and clearing), on the house's pace of 40"
                           " rounds an hour.")
    assert "The whole round took 390 s on average" in text
    assert "typed, which is slower than paying at the table" in text
    assert "below the house's pace of 45 rounds an hour" in pace_text([90.0, 72.0],
                                                                       [400.0, 380.0], 45)
    assert pace_text([], [], 40) == "No round run yet (the house's pace: 40 rounds an hour)."
