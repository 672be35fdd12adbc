"""One round asked on a table through an answer panel: the loop both windows use.

The practice window and the course's drill each own a :class:`RoundController`
over their own :class:`~trainer.ui.table.view.TableView` and
:class:`~trainer.ui.answer_panel.AnswerPanel`. It puts a dealt
:class:`~trainer.training.session.RoundState` on the table, asks its current
question, reads the answer (typed, or the dealer's cards picked on the table,
or a seat clicked), has the round grade it, and moves on; a window decides only
what to show around that (feedback now or later, the round's summary), through
the signals. Grading and recording happen in the training core: the session
grades, and a recorder subscribed to the session keeps each answer; the
controller holds that recorder (:attr:`RoundController.recorder`), closes it
and lets it go when saving fails. A failure to save is reported through
:attr:`RoundController.storageFailed`; the grade still counts.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QSplitter

from trainer.storage.models import Exam, StorageError
from trainer.training.answers import AnswerError, dealer_hand_from_table, split_seat_line
from trainer.training.questions import QuestionKind
from trainer.training.recorder import SessionRecorder
from trainer.training.session import RoundState
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.table.view import TableView

"""What saving an answer or a round can raise: the database said no."""


def table_beside_panel(table: TableView, panel: AnswerPanel) -> QSplitter:
    """The table on the left with four fifths of the width, the answer panel on the right."""
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(table)
    splitter.addWidget(panel)
    splitter.setStretchFactor(0, 4)
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    return splitter


def settled_so_far(state: RoundState) -> tuple[bool, set[int]]:
    """Whether the dealer's hand is answered, and the seats whose every question is."""
    answered, rest = state.questions[:state.index], state.questions[state.index:]
    dealer = any(question.kind is QuestionKind.DEALER_HAND for question in answered)
    pending = {question.seat for question in rest}
    return dealer, {q.seat for q in answered if q.seat is not None and q.seat not in pending}


def question_position(state: RoundState) -> str:
    """``Question 3 of 14``: where the trainee is in the round."""
    return f"Question {state.index + 1} of {len(state.questions)}"


class RoundController(QObject):
    """Asks one round at a time on ``table`` through ``panel``."""

    answered = Signal(object)
    """A :class:`~trainer.training.grading.Grade`: an answer was graded (and kept)."""
    roundFinished = Signal(object)
    """The :class:`RoundState` whose last question was just answered."""
    storageFailed = Signal(object)
    """The exception: the answer or round could not be saved (it still counts)."""

    def __init__(self, table: TableView, panel: AnswerPanel, parent: QObject | None = None,
                 *, position: Callable[[RoundState], str] = question_position) -> None:
        super().__init__(parent)
        self.table = table
        self.panel = panel
        self.position = position
        """The line above the question (a window may say "Exam round 2 of 10 ...")."""
        self.state: RoundState | None = None
        self.recorder: SessionRecorder | None = None
        """Keeps the session in the database; None when it is not recorded (or saving
        failed)."""
        self.show_settlement_after_answers = False
        """After each answer, the table shows what is settled so far (practice)."""
        self.show_settlement_at_end = True
        """When the round's last question is answered, the table shows its settlement."""
        panel.submitted.connect(self.submit)
        table.seatClicked.connect(self._seat_clicked)
        table.dealerSelectionChanged.connect(self._picked_changed)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # clicks on cards leave the field focused

    def begin(self, state: RoundState) -> None:
        """Put a freshly dealt round on the table and ask its first question."""
        self.state = state
        self.table.show_round(state.round)
        self.table.clear_dealer_card_selection()
        self.panel.clear_history()
        self.panel.clear_feedback()
        self.show_current()

    def close_recorder(self) -> Exam | None:
        """End the recorded session (an exam is scored; one left mid-round keeps the rest
        of that round as unanswered). A failure goes to ``storageFailed``."""
        recorder, self.recorder = self.recorder, None
        if recorder is None:
            return None
        state = self.state
        try:
            if recorder.is_exam and state is not None and not state.finished:
                recorder.record_unanswered(state)
            return recorder.close()
        except StorageError as error:
            recorder.detach()
            self.storageFailed.emit(error)
            return None

    def drop_recorder(self) -> None:
        """Saving failed: stop recording; the session goes on in memory."""
        recorder, self.recorder = self.recorder, None
        if recorder is not None:
            recorder.detach()

    def stop(self) -> None:
        """No round is asked any more (the table keeps what it shows)."""
        self.state = None
        self.table.set_dealer_card_selection(False)
        self.table.highlight_seat(None)

    def show_current(self) -> None:
        """Ask the current question, or end the round when none is left."""
        state = self.state
        if state is None:
            return
        question = state.current
        if question is None:
            self.table.set_dealer_card_selection(False)
            self.table.highlight_seat(None)
            if self.show_settlement_at_end:
                self.table.show_settlement(state.settlement)
            self.roundFinished.emit(state)
            return
        self.table.set_dealer_card_selection(question.kind is QuestionKind.DEALER_HAND)
        self.table.highlight_seat(question.seat)
        self.panel.show_question(question, self.position(state))
        state.mark_shown()

    def submit(self, text: str) -> None:
        """Grade ``text`` as the answer to the current question (input slips are not graded).

        An expert line (a whole seat, ``w 20 20 30 t``: see
        :func:`~trainer.training.answers.split_seat_line`) is checked whole, then each
        part is graded as if typed alone, each with an equal share of the line's time.
        """
        state = self.state
        if state is None or state.current is None:
            return
        try:
            parts = split_seat_line(text, state.questions[state.index:])
        except AnswerError as error:
            self.panel.show_error(str(error))
            return
        if parts is None:
            self._submit_one(text)
            return
        share = state.waiting / len(parts)
        for part in parts:
            if self.state is not state or not self._submit_one(part, share):
                break

    def _submit_one(self, text: str, seconds: float | None = None) -> bool:
        """Grade one answer to the current question; False when it was refused."""
        state = self.state
        if state is None or state.current is None:
            return False
        try:
            if state.current.kind is QuestionKind.DEALER_HAND:
                given: object = dealer_hand_from_table(
                    text, self.table.selected_dealer_cards(),
                    [*state.round.dealer, *state.round.board])
            else:
                given = text
            grade = state.answer(given, seconds=seconds)
        except AnswerError as error:
            self.panel.show_error(str(error))
            return False
        except StorageError as error:  # graded and counted, but not saved
            self.drop_recorder()
            self.storageFailed.emit(error)
            grade = state.grades[-1]
        if self.show_settlement_after_answers and not state.finished:
            dealer, seats = settled_so_far(state)
            self.table.show_settlement(state.settlement, seats, dealer=dealer)
        self.answered.emit(grade)
        self.show_current()
        return True

    def _picked_changed(self) -> None:
        self.panel.error.clear()  # a card picked: the last refusal no longer applies
        self.panel.show_picked([card.label for card in self.table.selected_dealer_cards()])
        self.panel.take_focus()

    def _seat_clicked(self, seat: int) -> None:
        state = self.state
        if (state is not None and state.current is not None
                and state.current.kind is QuestionKind.NEXT_SEAT):
            if seat not in {player.seat for player in state.round.seats}:
                # A slip of the pointer, not an answer: said, never graded.
                self.panel.show_error(f"Seat {seat} is empty: click a seat with a player.")
                return
            self.submit(str(seat))
