"""A recorded round opened for review: dealt exactly as it was, answered, never recorded.

"Open on table" from a mistake used to deal the round into the practice
window, so the answers given while reviewing were stored as the signed-in
trainee's and a running exam was ended. A review has its own window, table
and answer loop (the same :class:`~trainer.ui.round_controller.RoundController`),
a practice session with no recorder, and feedback after every answer; the
practice window and its session are left as they were.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QWidget

from trainer.engine.round import parse_round
from trainer.storage.models import Mistake
from trainer.training.grading import Grade
from trainer.training.review import reopen_mistake
from trainer.training.session import Mode, RoundState, TrainingSession, TrainingSettings
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.round_controller import RoundController, table_beside_panel
from trainer.ui.table.view import TableView
from trainer.ui.window_fit import remember_window

BANNER = "Review \u2014 nothing answered here is recorded."


class ReviewWindow(QMainWindow):
    """One recorded round, asked again with feedback; raises RoundError/RuleSetError
    (before any window shows) when the recorded round cannot be read."""

    def __init__(self, round_json: dict[str, Any], *, four_colour: bool = False,
                 mistake: Mistake | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notes: list[str] = []
        """What the review says besides the banner: the answer given then, the rules note."""
        if mistake is not None:
            reopened = reopen_mistake(mistake)
            round_ = reopened.round
            answer = mistake.answer
            self.notes.append(f"Recorded: {answer.given or '(no answer)'} \u2014 right:"
                              f" {answer.expected}.")
            if reopened.rules_note:
                self.notes.append(reopened.rules_note)
        else:
            round_ = parse_round(round_json)
        self.setWindowTitle(f"Review a recorded round \u2014 {round_.ruleset.id}")
        self.session = TrainingSession(TrainingSettings(rules=round_.ruleset.id, sound=False),
                                       Mode.PRACTICE)
        self.table = TableView()
        self.table.set_four_colour(four_colour)
        self.panel = AnswerPanel()
        self.panel.next_button.setText("Close the review")
        self.panel.nextHandRequested.connect(self.close)
        self.setCentralWidget(table_beside_panel(self.table, self.panel))
        banner = QLabel(" ".join([BANNER, *self.notes]))
        banner.setObjectName("review-banner")
        banner.setWordWrap(True)
        self.statusBar().addWidget(banner)
        self.rounds = RoundController(self.table, self.panel, self)
        self.rounds.answered.connect(self._answered)
        self.rounds.roundFinished.connect(self._finished)
        self.rounds.begin(self.session.start_round(round_))

    def closeEvent(self, event: QCloseEvent) -> None:
        remember_window(self, "review")
        super().closeEvent(event)

    @property
    def state(self) -> RoundState | None:
        return self.rounds.state

    def _answered(self, grade: Grade) -> None:
        self.panel.show_feedback(grade)
        self.panel.add_history(grade, True)
        if not grade.correct:
            QApplication.beep()

    def _finished(self, state: RoundState) -> None:
        self.panel.show_round_over(
            "\n".join([f"{state.correct} of {len(state.grades)} correct. {BANNER}",
                       *self.notes, "Press Enter to close the review."]))
