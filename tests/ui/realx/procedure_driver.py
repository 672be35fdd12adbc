"""Run the round's window dealing a known round, for the real-window test (issue 23).

Run as ``python -m tests.ui.realx.procedure_driver`` on an Xvfb screen. It opens the
window at the casino house rules (four seats, hands number 5, a manual deal) for a new
trainee whose every step is kept (:class:`ProcedureRecorder`), maximized, and prints one
JSON line: the keys that run the round right, step by step (``["key", "a"]`` or
``["type", "one pair: ..."]``), then runs until it is closed. The test presses them with
xdotool and reads the answers from the database.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from trainer.engine.procedure import Target, TargetKind
from trainer.engine.rulesets import load_ruleset
from trainer.storage.database import open_database
from trainer.training.procedure import Step, StepKind
from trainer.training.procedure_records import ProcedureRecorder
from trainer.training.questions import answer_text
from trainer.ui.procedure_window import ProcedureWindow

LETTERS = {TargetKind.DEALER: "d", TargetKind.BOARD: "b", TargetKind.SIX_CARD_BONUS: "x"}


def press(step: Step) -> list[str]:
    """The keys (or the text) that answer ``step`` right."""
    if step.kind in (StepKind.WAGER, StepKind.DECISION):
        return ["key", "a" if step.expected else "r"]
    if step.kind in (StepKind.DEAL, StepKind.CLEAR):
        target = step.expected
        assert isinstance(target, Target)
        return ["key", str(target.seat) if target.seat is not None else LETTERS[target.kind]]
    assert step.question is not None
    text = answer_text(step.question.kind, step.question.expected)
    return ["type", "take" if text.startswith("take") else text]


def main() -> int:
    app = QApplication(["procedure", "-platform", "xcb"])
    db = open_database()
    trainee = db.create_trainee("Ana Test")
    recorder = ProcedureRecorder(db, trainee, "house")
    window = ProcedureWindow(load_ruleset("house"), seats=4, seed=5, recorder=recorder)
    window.showMaximized()
    QTest.qWaitForWindowExposed(window)
    for _ in range(10):
        app.processEvents()
        QTest.qWait(20)
    assert window.run is not None
    print(json.dumps([press(step) for step in window.run.round.steps]), flush=True)
    code = app.exec()
    db.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
