"""Run the round, its window (issue 23, item 1): a whole round run from the keyboard at
1366x768, each step graded by training/procedure.py as it is taken, a wrong one explained
with the rule beside the next step; the table shows only what has been dealt; the round's
time and pace against the house's at the end; every step kept as the trainee's answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from trainer.engine.procedure import DealMethod, Target, TargetKind
from trainer.engine.rulesets import load_ruleset
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.training.procedure import StepKind
from trainer.training.procedure_records import ProcedureRecorder
from trainer.training.questions import answer_text
from trainer.ui.procedure_window import ProcedureWindow

KEYS = {TargetKind.DEALER: Qt.Key.Key_D, TargetKind.BOARD: Qt.Key.Key_B,
        TargetKind.SIX_CARD_BONUS: Qt.Key.Key_X}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 2.0  # every step takes two seconds
        return self.now


@pytest.fixture
def db() -> Iterator[TrainerDB]:
    database = open_database()
    yield database
    database.close()


def make(qtbot: QtBot, method: DealMethod, recorder: ProcedureRecorder | None = None
         ) -> ProcedureWindow:
    window = ProcedureWindow(load_ruleset("house"), method=method, seats=4, seed=5,
                             recorder=recorder, clock=Clock())
    qtbot.addWidget(window)
    window.show()
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.height() == 768)
    with qtbot.waitActive(window):  # the keys are the window's shortcuts
        window.activateWindow()
    return window


def press_right_answer(qtbot: QtBot, window: ProcedureWindow) -> None:
    """The right answer to the step on show, from the keyboard only."""
    assert window.run is not None
    step = window.run.current
    assert step is not None
    if step.kind in (StepKind.WAGER, StepKind.DECISION):
        qtbot.keyClick(window, Qt.Key.Key_A if step.expected else Qt.Key.Key_R)
    elif step.kind in (StepKind.DEAL, StepKind.CLEAR):
        target = step.expected
        assert isinstance(target, Target)
        key = (Qt.Key(Qt.Key.Key_0.value + target.seat) if target.seat is not None
               else KEYS[target.kind])
        qtbot.keyClick(window, key)
    else:
        assert step.question is not None
        text = answer_text(step.question.kind, step.question.expected)
        qtbot.keyClicks(window.field, "take" if text.startswith("take") else text)
        qtbot.keyClick(window.field, Qt.Key.Key_Return)


@pytest.mark.parametrize("method", list(DealMethod))
def test_a_whole_round_is_run_from_the_keyboard(qtbot: QtBot, method: DealMethod) -> None:
    window = make(qtbot, method)
    run = window.run
    assert run is not None
    total = len(run.round.steps)
    # before the first card, no card is on the table
    assert all(item.cards[i].card is None for n in range(1, 7)
               for item in [window.table.seat_item(n)] for i in (0, 1))
    seen_dealt = False
    for _ in range(total):
        step = run.current
        assert step is not None
        press_right_answer(qtbot, window)
        if step.kind is StepKind.DEAL and step.deal is not None \
                and step.deal.target.kind is TargetKind.SEAT:
            seat = window.table.seat_item(step.deal.target.seat or 0)
            assert seat.cards[0].card is not None  # dealt: now on the table
            seen_dealt = True
    wrong = [(g.step.prompt, g.given_text, g.explanation) for g in run.grades if not g.correct]
    assert wrong == []
    assert (seen_dealt, len(run.grades), run.correct) == (True, total, True)
    assert window.stage.text().startswith(f"Round over: {total} of {total} steps right in"
                                          f" {2 * total:.0f} s")
    # 2 s a step: the pace against the house's 40 an hour, counted on the dealing steps
    # (the settlement's typed questions left out), the whole round's time beside it
    dealing = sum(1 for s in run.round.steps if s.kind is not StepKind.SETTLEMENT)
    rounds_an_hour = 3600 / (2 * dealing)
    assert window.prompt.text().startswith(f"Dealing pace: {rounds_an_hour:.1f} rounds an"
                                           f" hour ({2 * dealing} s a round on the wagers")
    assert f"The whole round took {2 * total} s" in window.prompt.text()
    assert window.feedback.toPlainText() == "Every step right."
    window.close()


def test_a_wrong_step_is_explained_with_its_rule_and_kept(qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    recorder = ProcedureRecorder(db, trainee, "house")
    window = make(qtbot, DealMethod.MANUAL, recorder)
    run = window.run
    assert run is not None
    first = run.current
    assert first is not None and first.kind is StepKind.WAGER
    qtbot.keyClick(window, Qt.Key.Key_R if first.expected else Qt.Key.Key_A)  # wrong
    assert window.feedback.toPlainText().startswith(f"Wrong: {first.prompt}")
    assert "rules §" in window.feedback.toPlainText()
    # a seat key means nothing while accepting or refusing: nothing graded
    qtbot.keyClick(window, Qt.Key.Key_3)
    assert len(run.grades) == 1
    for _ in range(len(run.round.steps) - 1):
        press_right_answer(qtbot, window)
    assert run.finished
    window.close()  # ends the recorder's session
    stats = {s.skill: (s.answers, s.correct) for s in db.skill_stats(trainee)}
    steps = sum(1 for s in run.round.steps if s.kind is not StepKind.SETTLEMENT)
    assert stats[Skill.PROCEDURE] == (steps, steps - 1)
    assert Skill.DEALER_HAND in stats
