"""A recorded round opened for review: dealt exactly as it was, answered, never recorded.

"Open on table" from a mistake used to deal the round into the practice
window, so the answers given while reviewing were stored as the signed-in
trainee's and a running exam was ended. A review has its own window, table
and answer loop (the same :class:`~trainer.ui.round_controller.RoundController`),
a practice session with no recorder, and feedback after every answer; the
practice window and its session are left as they were.

A mistake paid in chips (chip mode) shows under the table the stack built then beside
the stack expected (the one kept with the chip procedure's answer, or the room's
procedure's for a wrong amount), and says both in words. The instructor's replay of a
trainee's mistake ("Open on table" in the progress view) is this same window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QVBoxLayout, QWidget

from trainer.engine.chips import DEFAULT_CHIPS, RoomChips
from trainer.engine.round import parse_round
from trainer.i18n import N_, _, ngettext
from trainer.storage.models import Mistake
from trainer.training.chip_records import RecordedStack, recorded_stack
from trainer.training.grading import Grade
from trainer.training.review import reopen_mistake
from trainer.training.session import Mode, RoundState, TrainingSession, TrainingSettings
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.chip_stacks import ChipStacksView, DrawnStack
from trainer.ui.round_controller import RoundController, table_beside_panel
from trainer.ui.table.view import TableView
from trainer.ui.window_fit import remember_window

BANNER = N_("Review \u2014 nothing answered here is recorded.")


class ReviewWindow(QMainWindow):
    """One recorded round, asked again with feedback; raises RoundError/RuleSetError
    (before any window shows) when the recorded round cannot be read."""

    def __init__(self, round_json: dict[str, Any], *, four_colour: bool = False,
                 mistake: Mistake | None = None, parent: QWidget | None = None,
                 chips: RoomChips = DEFAULT_CHIPS) -> None:
        super().__init__(parent)
        self.recorded: RecordedStack | None = None
        """A payout the mistake built in chips: the stack built then and the one expected
        (drawn under the table, :attr:`stacks`)."""
        self.stacks: ChipStacksView | None = None
        self.notes: list[str] = []
        """What the review says besides the banner: the answer given then, the rules note."""
        if mistake is not None:
            reopened = reopen_mistake(mistake)
            round_ = reopened.round
            answer = mistake.answer
            self.recorded = recorded_stack(answer.question_id, answer.given, answer.expected,
                                           round_, chips)
            if self.recorded is None:
                self.notes.append(_("Recorded: {given} \u2014 right: {expected}.",
                                    given=answer.given or _("(no answer)"),
                                    expected=answer.expected))
            else:  # paid in chips: the stacks and the sentence are under the table
                self.notes.append(_("Recorded in chips: the stack built then and the one"
                                    " expected are under the table."))
            if reopened.rules_note:
                self.notes.append(reopened.rules_note)
        else:
            round_ = parse_round(round_json)
        self.setWindowTitle(_("Review a recorded round \u2014 {rules}", rules=round_.ruleset.id))
        self.session = TrainingSession(TrainingSettings(rules=round_.ruleset.id, sound=False),
                                       Mode.PRACTICE)
        self.table = TableView()
        self.table.set_four_colour(four_colour)
        self.panel = AnswerPanel()
        self.panel.next_button.setText(_("Close the review"))
        self.panel.nextHandRequested.connect(self.close)
        self.setCentralWidget(table_beside_panel(self.table, self.panel,
                                                 below=self._recorded_stacks(chips)))
        banner = QLabel(" ".join([_(BANNER), *self.notes]))
        banner.setObjectName("review-banner")
        banner.setWordWrap(True)
        self.statusBar().addWidget(banner)
        self.rounds = RoundController(self.table, self.panel, self)
        self.rounds.answered.connect(self._answered)
        self.rounds.roundFinished.connect(self._finished)
        self.rounds.begin(self.session.start_round(round_))

    def _recorded_stacks(self, chips: RoomChips) -> QWidget | None:
        """The stack built then beside the one expected, captioned, and the sentence
        saying both (None when the mistake was not paid in chips)."""
        recorded = self.recorded
        if recorded is None:
            return None
        box = QWidget()
        box.setObjectName("recorded-stacks")
        column = QVBoxLayout(box)
        self.stacks = ChipStacksView()
        drawn = [DrawnStack(_("BUILT THEN"), recorded.built)]
        if recorded.expected is not None:
            drawn.append(DrawnStack(_("EXPECTED"), recorded.expected))
        self.stacks.set_stacks(drawn, chips.rack)
        column.addWidget(self.stacks)
        note = QLabel(_("Seat {seat}, {wager}: {note}", seat=recorded.seat,
                        wager=recorded.wager.display_name, note=recorded.note)
                      if recorded.seat is not None and recorded.wager is not None
                      else recorded.note)
        note.setObjectName("recorded-note")
        note.setWordWrap(True)
        column.addWidget(note)
        return box

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
            "\n".join([ngettext("{correct} of {count} correct. {banner}",
                                "{correct} of {count} correct. {banner}", len(state.grades),
                                correct=state.correct, banner=_(BANNER)),
                       *self.notes, _("Press Enter to close the review.")]))
