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
from dataclasses import dataclass, field
from decimal import Decimal

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from trainer.engine.chips import RoomChips
from trainer.engine.money import ZERO
from trainer.engine.settlement import Outcome
from trainer.i18n import N_, _, local_dollars
from trainer.storage.models import Exam, StorageError
from trainer.training.answer_words import answer_words
from trainer.training.answers import (
    AnswerError,
    dealer_hand_from_table,
    parse_answer,
    seat_line_questions,
    split_seat_line,
)
from trainer.training.chip_grading import ChipAnswerError, ChipPayout, chips_text
from trainer.training.questions import Question, QuestionKind
from trainer.training.recorder import SessionRecorder
from trainer.training.session import RoundState
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.table.rack import ChipRack, StackBuilder
from trainer.ui.table.view import TableView

"""What saving an answer or a round can raise: the database said no."""


CHIP_QUESTIONS = (QuestionKind.PAYOUT, QuestionKind.CAPPED_TOTAL)
"""The questions chip mode answers with a stack built from the rack."""

CHIP_HINT = N_("Build the payout: keys 1-{keys} add the rack's chips (4 then 3: four of the"
                " third; Space between two different chips), or click them; Backspace takes"
                " the top chip back, Esc the whole payout; Enter pays, {take} takes, {push}"
                " pushes.")


LINE_HINT = N_("Chip mode: a whole seat in one line: the result ({win}, {lose} or {tie}),"
               " Space, then each payout built from the rack; \u2192 moves to the next"
               " payout, \u2190 back, {take} takes, {push} pushes; Enter pays the line.")
"""Added to a seat's result question in chip mode when payouts follow it."""

LINE_PART_HINT = N_("Seat {seat}'s line, payout {part} of {parts}: {what}. Keys 1-{keys} add"
                    " chips (Space between two different chips), Backspace takes the top"
                    " chip back, Esc the whole payout; \u2192 next payout, \u2190 back,"
                    " {take} takes, {push} pushes; Enter pays the line.")


def answer_keys() -> dict[str, str]:
    """The one-letter keys the hints name, from the trainee's language's answer words:
    take and push as the keys pressed (T, P; in Spanish C, E), the seat's result as typed
    (w, l, t; in Spanish g, p, e)."""
    words = answer_words()
    return {"take": words.keys["take"][0].upper(), "push": words.keys["push"][0].upper(),
            "win": words.keys["win"][0], "lose": words.keys["lose"][0],
            "tie": words.keys["tie"][0]}


@dataclass
class SeatLine:
    """A whole seat answered in one line in chip mode (no Qt): the result as typed, then
    each of the seat's payouts (:func:`~trainer.training.answers.seat_line_questions`)
    as a stack, a push or a take, in the order they are asked. The parts given so far are
    :attr:`paid`; the one being built is :attr:`current`. Nothing is graded until the
    line is paid: then each part is graded as if answered alone."""

    result: str
    """The seat's result as typed (``w``, ``lose`` ...), already read as one."""
    seat: int
    questions: tuple[Question, ...]
    """The payouts the line can answer, in order (never the result itself)."""
    paid: list[ChipPayout] = field(default_factory=list)

    @property
    def current(self) -> Question | None:
        """The payout being built (None once every part is given)."""
        return self.questions[len(self.paid)] if len(self.paid) < len(self.questions) else None

    def text(self, building: list[Decimal]) -> str:
        """The line as the field shows it: ``w | take | 8x$5 | 2x$25...``."""
        words = [self.result]
        for part in self.paid:
            words.append(chips_text(part.chips) if part.outcome is Outcome.WIN
                         else _("take") if part.outcome is Outcome.LOSE else _("push"))
        if self.current is not None:
            words.append((chips_text(building) if building else "") + "\u2026")
        return " | ".join(words)


def _payout_name(question: Question) -> str:
    if question.kind is QuestionKind.CAPPED_TOTAL:
        return _("the total paid (the seat is capped)")
    if question.wager is None:
        return _("the wager")
    if question.stake is None:
        return _("the {wager}", wager=question.wager.display_name)
    return _("the {wager} {stake}", wager=question.wager.display_name,
             stake=local_dollars(question.stake))


def table_beside_panel(table: TableView, panel: AnswerPanel,
                       below: QWidget | None = None) -> QSplitter:
    """The table on the left with four fifths of the width (``below`` it, the chip rack),
    the answer panel on the right."""
    splitter = QSplitter(Qt.Orientation.Horizontal)
    if below is None:
        splitter.addWidget(table)
    else:
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(table, stretch=1)
        column.addWidget(below)
        splitter.addWidget(left)
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
    return _("Question {number} of {count}", number=state.index + 1,
             count=len(state.questions))


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
        self.chips: RoomChips | None = None
        """Chip mode: the room whose rack payouts are built from (None: typed amounts)."""
        self.rack: ChipRack | None = None
        self.show_chip_total = False
        """Chip mode in practice, when the trainee asked: the stack's running total."""
        self.show_chip_feedback = False
        """After each chip answer, the paid and the expected stack beside the wager."""
        self.builder: StackBuilder | None = None
        """The payout being built for the current question (chip mode), else None."""
        self.line: SeatLine | None = None
        """Chip mode: a whole seat's line being given (the result typed, its payouts
        built one after another as stacks), else None."""
        panel.submitted.connect(self.submit)
        panel.field.installEventFilter(self)
        table.payoutStackClicked.connect(self.take_back_chip)
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
        self.table.clear_chip_feedback()
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
        self._end_building()
        self.table.set_dealer_card_selection(False)
        self.table.highlight_seat(None)

    def show_current(self) -> None:
        """Ask the current question, or end the round when none is left."""
        state = self.state
        if state is None:
            return
        question = state.current
        self._end_building()
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
        if self.chips is not None and question.kind in CHIP_QUESTIONS:
            self._start_building()
        elif self._line_payouts():
            self.panel.hint.setText(
                (self.panel.hint.text() + " " + _(LINE_HINT, **answer_keys())).strip())
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
        if self.chips is not None and len(text.split()) > 1 and self._line_payouts():
            self.panel.show_error(_("In chip mode each payout of a line is a stack: type the"
                                    " result, then Space, and build each payout from the"
                                    " rack."))
            return
        if self.builder is not None:  # chip mode: the buttons push or take
            words = answer_words()  # the trainee's language's: p/t, in Spanish e/c
            word = words.normal(text.strip().lower())
            if word in words.push:
                self.pay_chips(Outcome.PUSH)
            elif word in words.take:
                self.pay_chips(Outcome.LOSE)
            else:
                self.panel.show_error(_("In chip mode a payout is built from the rack:"
                                        " a chip's key or a click, then Enter."))
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
                self.panel.show_error(_("Seat {seat} is empty: click a seat with a player.",
                                        seat=seat))
                return
            self.submit(str(seat))

    # --- chip mode ---------------------------------------------------------------------

    def set_chip_mode(self, chips: RoomChips | None, rack: ChipRack | None, *,
                      total: bool = False, feedback: bool = False) -> None:
        """Answer payouts in chips of ``chips`` from ``rack`` (None: typed amounts).
        ``total``: show the running total (practice only); ``feedback``: show the paid
        and the expected stack after each answer."""
        self._end_building()
        self.chips = chips
        self.rack = rack
        self.show_chip_total = total
        self.show_chip_feedback = feedback
        if rack is not None:
            rack.setVisible(chips is not None)
            if chips is not None:
                rack.set_rack(chips.rack)
        if chips is None:
            self.table.clear_chip_feedback()
        state = self.state
        if (chips is not None and state is not None and state.current is not None
                and state.current.kind in CHIP_QUESTIONS):
            self._start_building()
        elif state is not None and state.current is not None:
            self.panel.show_question(state.current, self.position(state))

    def _line_payouts(self) -> tuple[Question, ...]:
        """Chip mode at a seat's result: the payouts a line can answer after it (none when
        the result is not current, or no payout follows it)."""
        state = self.state
        if self.chips is None or state is None or self.builder is not None:
            return ()
        return tuple(seat_line_questions(state.questions[state.index:])[1:])

    def _building_question(self) -> Question | None:
        """The payout the stack is built for: a line's current part, else the question."""
        if self.line is not None:
            return self.line.current
        return self.state.current if self.state is not None else None

    def _start_line(self, result: str) -> None:
        """The result typed and Space pressed: the line's payouts are built next."""
        state = self.state
        payouts = self._line_payouts()
        assert state is not None and state.current is not None and payouts
        assert state.current.seat is not None
        self.line = SeatLine(result, state.current.seat, payouts)
        self._start_building()
        self._show_line_part()

    def _show_line_part(self) -> None:
        """The panel asks the line's part being built (prompt, hint, Push and Take)."""
        line = self.line
        question = line.current if line is not None else None
        if line is None or question is None or self.chips is None:
            return
        what = _payout_name(question)
        self.panel.show_line_part(
            _("Seat {seat}'s line \u2014 {what}: pay, push or take?", seat=line.seat,
              what=what[:1].upper() + what[1:]),
            question.kind)
        self.panel.hint.setText(_(
            LINE_PART_HINT, seat=line.seat, part=len(line.paid) + 1, parts=len(line.questions),
            what=what, keys=min(len(self.chips.rack.values), 9), take=answer_keys()["take"],
            push=answer_keys()["push"]))

    def _next_part(self, part: ChipPayout) -> None:
        """A line's part given: build the next, or pay the line after its last."""
        assert self.line is not None and self.chips is not None
        self.line.paid.append(part)
        if self.line.current is None:
            self._pay_line()
            return
        self.builder = StackBuilder(values=self.chips.rack.values[::-1])
        self._show_line_part()
        self._chips_changed()

    def _previous_part(self) -> None:
        """Left: back to the part before (its stack comes back to be paid again), or from
        the first payout back to the result as typed."""
        line, builder = self.line, self.builder
        assert line is not None and builder is not None
        if not line.paid:
            result, state = line.result, self.state
            self._end_building()
            if state is not None and state.current is not None:
                self.panel.show_question(state.current, self.position(state))
                self.panel.hint.setText(
                    (self.panel.hint.text() + " " + _(LINE_HINT, **answer_keys())).strip())
            self.panel.field.setText(result)
            return
        part = line.paid.pop()
        builder.clear()
        builder.chips.extend(part.chips)
        self._show_line_part()
        self._chips_changed()

    def _pay_line(self) -> None:
        """Enter (or the last part given): the result, then each part given, graded one
        by one as if answered alone, each with an equal share of the line's time."""
        state, line = self.state, self.line
        assert state is not None and line is not None
        parts = list(line.paid)
        share = state.waiting / (1 + len(parts))
        self._end_building()
        if not self._submit_one(line.result, share):
            return
        for part, question in zip(parts, line.questions, strict=False):
            if self.state is not state or state.current is not question:
                break
            if not self._answer_chips(part, share):
                break

    def _space_after_result(self) -> bool:
        """Space typed at a seat's result in chip mode: when the field holds a result and
        payouts follow, the line starts (True: the Space is taken); a word that is not a
        result is said. Otherwise the Space is typed as usual (False)."""
        state = self.state
        words = self.panel.field.text().split()
        if state is None or state.current is None or len(words) != 1 \
                or not self._line_payouts():
            return False
        try:
            parse_answer(state.current.kind, words[0])
        except AnswerError as error:
            self.panel.show_error(str(error))
            return True
        self._start_line(words[0])
        return True

    def _start_building(self) -> None:
        assert self.chips is not None
        self.builder = StackBuilder(values=self.chips.rack.values[::-1])
        keys = min(len(self.chips.rack.values), 9)
        self.panel.hint.setText(_(CHIP_HINT, keys=keys, take=answer_keys()["take"],
                                  push=answer_keys()["push"]))
        self.panel.field.setReadOnly(True)
        self.panel.field.setPlaceholderText(_("Build the payout from the rack"))
        if self.rack is not None:
            self.rack.set_active(True)
        self._chips_changed()

    def _end_building(self) -> None:
        self.line = None
        if self.builder is None:
            return
        self.builder = None
        self.panel.field.setReadOnly(False)
        self.panel.field.setPlaceholderText(_("Your answer"))
        self.panel.field.clear()
        self.table.hide_building()
        if self.rack is not None:
            self.rack.set_active(False)
            self.rack.set_status("")

    def _chips_changed(self) -> None:
        """Show the stack as it stands: on the table, in the field (as chips, never as
        an amount), and the count waiting and the total (when shown) on the rack."""
        builder, question = self.builder, self._building_question()
        if builder is None or question is None:
            return
        assert self.chips is not None
        self.panel.error.clear()
        assert question.seat is not None
        self.table.show_building(question.seat, question.wager, builder.chips,
                                 self.chips.rack)
        line = self.line
        if line is None:
            self.panel.field.setText(chips_text(builder.chips) if builder.chips else "")
        else:
            self.panel.field.setText(line.text(builder.chips))
        if self.rack is not None:
            words = []
            if builder.count is not None:
                words.append(f"{builder.count} \u00d7 \u2026")
            if self.show_chip_total:
                words.append(_("Total {amount}", amount=local_dollars(sum(builder.chips, ZERO))))
            self.rack.set_status("   ".join(words))

    def add_chip(self, value: Decimal) -> None:
        """A rack chip clicked: it goes on the payout."""
        if self.builder is None:
            return
        self.builder.add(value)
        self._chips_changed()
        self.panel.take_focus()

    def chip_key(self, digit: int) -> None:
        if self.builder is None:
            return
        self.builder.key(digit)
        self._chips_changed()

    def take_back_chip(self) -> None:
        """Backspace, or a click on the payout: its top chip goes back to the rack."""
        if self.builder is None:
            return
        self.builder.take_back()
        self._chips_changed()
        self.panel.take_focus()

    def bring_back_payout(self) -> None:
        """Escape: the whole payout goes back to the rack (start it again)."""
        if self.builder is None:
            return
        self.builder.clear()
        self._chips_changed()

    def pay_chips(self, outcome: Outcome = Outcome.WIN) -> bool:
        """Enter (pay the stack built), T (take) or P (push): graded by training; False
        when refused (nothing built to pay, a push or take of a capped total)."""
        state, builder = self.state, self.builder
        if state is None or state.current is None or builder is None:
            return False
        chips = tuple(builder.chips) if outcome is Outcome.WIN else ()
        line = self.line
        if line is not None:
            return self._line_part(line, outcome, chips)
        if outcome is Outcome.WIN and not chips:
            self.panel.show_error(_("Nothing is built yet: add chips from the rack (their keys"
                                    " or a click), or press {take} to take, {push} to push.",
                                    take=answer_keys()["take"], push=answer_keys()["push"]))
            return False
        return self._answer_chips(ChipPayout(outcome, chips))

    def _line_part(self, line: SeatLine, outcome: Outcome, chips: tuple[Decimal, ...],
                   *, pay: bool = True) -> bool:
        """In a line: T or P gives the part and moves on; Enter (``pay``) gives the stack
        built, if any, and pays the line; Right (not ``pay``) gives the stack and moves
        on. False when refused (said in the panel)."""
        question = line.current
        assert question is not None
        if outcome is not Outcome.WIN and question.kind is QuestionKind.CAPPED_TOTAL:
            self.panel.show_error(_("Seat {seat} is capped: its total is paid in chips, not"
                                    " pushed or taken.", seat=line.seat))
            return False
        if outcome is Outcome.WIN and not chips:
            if pay:
                self._pay_line()
                return True
            self.panel.show_error(_("Nothing is built for {what} yet: add chips from the"
                                    " rack, or press {take} to take, {push} to push.",
                                    what=_payout_name(question), take=answer_keys()["take"],
                                    push=answer_keys()["push"]))
            return False
        part = ChipPayout(outcome, chips)
        if pay and outcome is Outcome.WIN:
            line.paid.append(part)
            self._pay_line()
            return True
        self._next_part(part)
        return True

    def _answer_chips(self, given: ChipPayout, seconds: float | None = None) -> bool:
        """Grade ``given`` for the current payout question; False when refused."""
        state = self.state
        assert state is not None and state.current is not None and self.chips is not None
        question = state.current
        try:
            grade = state.answer_chips(given, self.chips, seconds=seconds)
        except ChipAnswerError as error:
            self.panel.show_error(str(error))
            return False
        except StorageError as error:  # graded and counted, but not saved
            self.drop_recorder()
            self.storageFailed.emit(error)
            grade = state.grades[-1]
        result = grade.chips
        if self.show_chip_feedback and result is not None and question.seat is not None \
                and result.expected is not None:
            self.table.show_chip_feedback(question.seat, question.wager, result.paid,
                                          result.expected_stack, self.chips.rack)
        else:
            self.table.clear_chip_feedback()
        if self.show_settlement_after_answers and not state.finished:
            dealer, seats = settled_so_far(state)
            self.table.show_settlement(state.settlement, seats, dealer=dealer)
        self.answered.emit(grade)
        self.show_current()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Chip mode: the answer field's keys build the payout (at a seat's result, Space
        after the result starts the seat's line)."""
        if (watched is not self.panel.field or event.type() != QEvent.Type.KeyPress
                or self.chips is None):
            return False
        assert isinstance(event, QKeyEvent)
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier):
            return False  # the window's shortcuts (Ctrl+N ...)
        key = event.key()
        text = event.text().lower()
        if self.builder is None:
            return key == Qt.Key.Key_Space and self._space_after_result()
        if self.line is not None and key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            if key == Qt.Key.Key_Left:
                self._previous_part()
            else:
                self._line_part(self.line, Outcome.WIN, tuple(self.builder.chips), pay=False)
            return True
        if text and text in "123456789":
            self.chip_key(int(text))
        elif key == Qt.Key.Key_Backspace:
            self.take_back_chip()
        elif key == Qt.Key.Key_Escape:
            self.bring_back_payout()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.pay_chips(Outcome.WIN)
        elif text and text == answer_words().keys["take"][0]:  # t (Spanish c)
            self.pay_chips(Outcome.LOSE)
        elif text and text == answer_words().keys["push"][0]:  # p (Spanish e)
            self.pay_chips(Outcome.PUSH)
        elif key == Qt.Key.Key_Space:
            self.builder.separate()
            self._chips_changed()
        elif key == Qt.Key.Key_Tab or key == Qt.Key.Key_Backtab:
            return False
        return True  # nothing else is typed into the field while building
