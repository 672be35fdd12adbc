"""Run the round, a window of its own (issue 23, item 1).

The trainee runs a round on the table step by step (:mod:`trainer.training.procedure`;
the window computes nothing): each wager a player puts down accepted or refused, who
receives the next card(s), each player's action accepted or refused, the settlement
questions typed as in practice, then what is cleared next. Each step is graded as it is
taken; a wrong one is explained with the rule beside the next step. The table shows what
has happened so far: the wagers as they are put down, the cards as they are dealt (the
dealer's face down until the settlement; from a shoe the board face down until the
decisions turn it), each raise as it is accepted.

Keys: A accept, R refuse; 1-6 a seat, D the dealer (and the board, when clearing), B the
board, X the 6-Card Bonus cards; a click on a seat answers it too; a settlement answer is
typed and Enter gives it; Ctrl+N the next round (once the round is over); F1 the keys.

``python -m trainer.ui.procedure_window [rule set] [--shoe]`` opens it unrecorded; with a
database and a trainee (:class:`~trainer.training.procedure_records.ProcedureRecorder`)
every step is kept as their answers. The window is not yet in the practice window's
menus.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QFontInfo, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.procedure import (
    BOARD,
    DEALER,
    DEFAULT_ROUNDS_PER_HOUR,
    SIX_CARD_BONUS,
    ActionKind,
    DealMethod,
    Street,
    Target,
    TargetKind,
    seat_target,
)
from trainer.engine.round import SIDE_WAGERS, Wager
from trainer.engine.rulesets import DEFAULT_RULES, RuleSet, RuleSetError, load_ruleset
from trainer.training.answers import AnswerError
from trainer.training.procedure import (
    ProcedureRound,
    ProcedureRun,
    Step,
    StepGrade,
    StepKind,
    clear_text,
    deal_run,
    pace,
)
from trainer.training.procedure_records import ProcedureRecorder
from trainer.ui.keys import shortcut
from trainer.ui.table.view import TableView
from trainer.ui.text_scale import scale_window_text
from trainer.ui.window_fit import fit_window, remember_window

TITLE = "Run the round"
STAGES = {StepKind.WAGER: "the wagers", StepKind.DEAL: "the deal",
          StepKind.DECISION: "the decisions", StepKind.SETTLEMENT: "the settlement",
          StepKind.CLEAR: "clearing the table"}
TARGET_KEYS = {TargetKind.DEALER: "D", TargetKind.BOARD: "B", TargetKind.SIX_CARD_BONUS: "X"}


class DealingTable(TableView):
    """The table as far as the round has gone: cards as they are dealt, wagers as they
    are put down, raises as they are accepted."""

    def show_progress(self, run: ProcedureRun) -> None:
        procedure = run.round
        round_ = procedure.round
        steps, done = procedure.steps, len(run.grades)
        self.show_round(round_, dealer_revealed=False)
        current = run.current
        settling = current is None or current.kind in (StepKind.SETTLEMENT, StepKind.CLEAR)
        # the cards: hidden until dealt
        dealt: set[tuple[Target, int]] = set()
        board_dealt = 0
        six_dealt = False
        for step in steps[:done]:
            if step.kind is not StepKind.DEAL or step.deal is None:
                continue
            target = step.deal.target
            if target.kind is TargetKind.BOARD:
                board_dealt += len(step.deal.cards)
            elif target.kind is TargetKind.SIX_CARD_BONUS:
                six_dealt = True
            else:
                count = sum(1 for t, _ in dealt if t == target)
                for index in range(count, count + len(step.deal.cards)):
                    dealt.add((target, index))
        for seat in round_.seats:
            item = self.seat_item(seat.seat)
            for index, card in enumerate(item.cards):
                card.set_card(seat.hole[index] if (seat_target(seat.seat), index) in dealt
                              else None)
        for index, card in enumerate(self._dealer):
            card.set_card(round_.dealer[index] if (DEALER, index) in dealt else None,
                          face_up=settling)
        turned = self._board_turned(run)
        for index, card in enumerate(self._board):
            card.set_card(round_.board[index] if index < board_dealt else None,
                          face_up=index < turned)
        six = round_.six_card_bonus_cards or ()
        for index, card in enumerate(self._six_cards):
            card.set_card(six[index] if six_dealt and index < len(six) else None,
                          face_up=settling)
        # the wagers: as put down so far (the current one shown on its spot)
        placed: dict[tuple[int, Wager], Decimal | None] = {}
        for step in steps[:done + 1]:
            if step.kind is StepKind.WAGER and step.seat is not None and step.wager:
                placed[step.seat, step.wager] = step.amount
        wagers_over = current is None or current.kind is not StepKind.WAGER
        for number in range(1, 7):
            item = self.seat_item(number)
            for wager in (Wager.ANTE, Wager.ODDS, *SIDE_WAGERS):
                spot = item.spots[wager]
                if wagers_over:
                    sitting = next((s for s in round_.seats if s.seat == number), None)
                    spot.set_amount(None if sitting is None else sitting.stake(wager))
                else:
                    spot.set_amount(placed.get((number, wager)))
        # the raises and folds, as accepted
        for seat in round_.seats:
            spot = self.seat_item(seat.seat).spots[Wager.RAISE]
            decided = any(step.kind is StepKind.DECISION and step.seat == seat.seat
                          and step.expected is True and step.action is not None
                          and step.action.kind is not ActionKind.CHECK
                          for step in steps[:done])
            if not decided and current is not None:
                spot.set_amount(None)
            elif seat.folded:
                spot.set_amount(None, folded=True)
        if current is None or current.kind is StepKind.CLEAR:
            self.show_settlement(procedure.settlement)
        self.highlight_seat(current.seat if current is not None else None)

    @staticmethod
    def _board_turned(run: ProcedureRun) -> int:
        """How many board cards are face up: a manual deal turns each as it is dealt; a
        shoe's board, dealt first, is turned as the decisions require (the flop after the
        decisions before it, the turn and river after the flop's)."""
        procedure, done = run.round, len(run.grades)
        if procedure.method is DealMethod.MANUAL:
            return 5
        steps = procedure.steps
        last = {street: max((i for i, s in enumerate(steps) if s.kind is StepKind.DECISION
                             and s.street is street), default=-1)
                for street in (Street.PREFLOP, Street.FLOP, Street.RIVER)}
        flop_at = last[Street.PREFLOP]
        turn_at = max(last[Street.FLOP], flop_at)
        return 5 if done > turn_at else 3 if done > flop_at else 0


class ProcedureWindow(QMainWindow):
    def __init__(self, ruleset: RuleSet, *, method: DealMethod = DealMethod.MANUAL,
                 target: int = DEFAULT_ROUNDS_PER_HOUR, seats: int | None = None,
                 seed: int | None = None, recorder: ProcedureRecorder | None = None,
                 clock: Callable[[], float] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{TITLE} \u2014 {ruleset.name}, {method.label}")
        self.ruleset, self.method, self.target, self.seats = ruleset, method, target, seats
        self.seed = random.randrange(2**31) if seed is None else seed
        self.recorder = recorder
        self.clock = clock
        self.round_seconds: list[float] = []
        self.run: ProcedureRun | None = None

        self.table = DealingTable()
        self.stage = QLabel()
        self.stage.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.choices = QGridLayout()
        self.field = QLineEdit()
        self.field.setPlaceholderText("your answer, as in practice: pair of kings Kc Kd ...,"
                                      " yes, 6, win, 7.50, push, take")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.feedback = QTextBrowser()
        self.next_button = QPushButton("Next round (Ctrl+N)")
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        panel = QWidget()
        column = QVBoxLayout(panel)
        column.addWidget(self.stage)
        column.addWidget(self.prompt)
        column.addLayout(self.choices)
        column.addWidget(self.field)
        column.addWidget(self.error)
        column.addWidget(self.feedback, 1)
        column.addWidget(self.next_button)
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        self.splitter = splitter
        self.setCentralWidget(splitter)

        self.field.returnPressed.connect(self.give_typed)
        self.next_button.clicked.connect(self.next_round)
        self.table.seatClicked.connect(lambda number: self.give(seat_target(number)))
        self.keys: list[QShortcut] = []
        answers: list[tuple[str, object]] = [
            ("A", "accept"), ("R", "refuse"), ("D", DEALER), ("B", BOARD),
            ("X", SIX_CARD_BONUS), *((str(n), seat_target(n)) for n in range(1, 7))]
        for letter, answer in answers:
            self.keys.append(shortcut(letter, self, self._giver(answer)))
        shortcut("Ctrl+N", self, self.next_round)
        shortcut(QKeySequence.StandardKey.HelpContents, self, self.open_help)
        fit_window(self, "procedure_window", QSize(1280, 760))
        self.start(self.seed)

    # --- the round --------------------------------------------------------------------

    def start(self, seed: int) -> None:
        procedure: ProcedureRound = deal_run(seed, self.ruleset, method=self.method,
                                             seats=self.seats)
        self.run = (ProcedureRun(procedure) if self.clock is None
                    else ProcedureRun(procedure, clock=self.clock))
        if self.recorder is not None:
            self.recorder.round_started(procedure.round)
        self.feedback.clear()
        self.show_step()

    def next_round(self) -> None:
        if self.run is not None and not self.run.finished:
            self.error.setText("Finish this round first: every step is graded.")
            return
        self.seed += 1
        self.start(self.seed)

    def show_step(self) -> None:
        run = self.run
        assert run is not None
        step = run.current
        self.table.show_progress(run)
        self.error.clear()
        while self.choices.count():
            item = self.choices.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        if step is None:
            self.round_over(run)
            return
        total = len(run.round.steps)
        self.stage.setText(f"Step {len(run.grades) + 1} of {total} \u00b7"
                           f" {STAGES[step.kind]} \u00b7 {run.seconds:.0f} s this round")
        self.prompt.setText(step.prompt)
        typed = step.kind is StepKind.SETTLEMENT
        self.field.setVisible(typed)
        for key in self.keys:
            key.setEnabled(not typed)
        self.next_button.setEnabled(False)
        if typed:
            self.field.clear()
            self.field.setFocus()
            return
        options: list[tuple[str, object]] = []
        if step.kind in (StepKind.WAGER, StepKind.DECISION):
            options = [("Accept (A)", "accept"), ("Refuse (R)", "refuse")]
        else:
            for target in step.choices:
                letter = str(target.seat) if target.kind is TargetKind.SEAT \
                    else TARGET_KEYS[target.kind]
                text = clear_text(target) if step.kind is StepKind.CLEAR else str(target)
                options.append((f"{text[0].upper()}{text[1:]} ({letter})", target))
        for index, (text, answer) in enumerate(options):
            button = QPushButton(text)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, a=answer: self.give(a))
            self.choices.addWidget(button, index // 3, index % 3)

    def _giver(self, answer: object) -> Callable[[], None]:
        return lambda: self.give(answer)

    def give_typed(self) -> None:
        self.give(self.field.text())

    def give(self, answer: object) -> None:
        """Grade ``answer`` for the current step and show the next."""
        run = self.run
        if run is None or run.current is None:
            return
        step = run.current
        if step.kind is not StepKind.SETTLEMENT and isinstance(answer, str) \
                and step.kind in (StepKind.DEAL, StepKind.CLEAR) and answer in ("accept",
                                                                                "refuse"):
            return  # A and R mean nothing here
        if step.kind in (StepKind.WAGER, StepKind.DECISION) and isinstance(answer, Target):
            return  # nor a seat when accepting or refusing
        try:
            graded = run.answer(answer)
        except AnswerError as error:
            self.error.setText(str(error))
            return
        if self.recorder is not None:
            self.recorder.graded(run.round.round, graded)
        self.say(step, graded)
        self.show_step()

    def say(self, step: Step, graded: StepGrade) -> None:
        if graded.correct:
            self.feedback.setPlainText(f"Right: {step.prompt} \u2014 {graded.expected_text}.")
        else:
            self.feedback.setPlainText(f"Wrong: {step.prompt}\nRight: {graded.expected_text}."
                                       f"\n{graded.explanation}")

    def round_over(self, run: ProcedureRun) -> None:
        self.round_seconds.append(run.seconds)
        right = sum(g.correct for g in run.grades)
        wrong = [g for g in run.grades if not g.correct]
        by_kind = ", ".join(f"{STAGES[kind]} {seconds:.0f} s"
                            for kind, seconds in run.seconds_by_kind().items())
        self.stage.setText(f"Round over: {right} of {len(run.grades)} steps right in"
                           f" {run.seconds:.0f} s ({by_kind}).")
        self.prompt.setText(pace(self.round_seconds, self.target).text + ".")
        self.field.setVisible(False)
        self.next_button.setEnabled(True)
        if wrong:
            lines = [f"{g.step.prompt}\nRight: {g.expected_text}. {g.explanation}"
                     for g in wrong]
            self.feedback.setPlainText("What was wrong this round:\n\n" + "\n\n".join(lines))
        else:
            self.feedback.setPlainText("Every step right.")

    # --- the window -------------------------------------------------------------------

    def open_help(self) -> None:
        self.feedback.setPlainText(
            "Keys: A accept, R refuse; 1-6 a seat, D the dealer (clearing: the dealer's"
            " cards and the board), B the board, X the 6-Card Bonus cards; a click on a seat"
            " answers it; a settlement answer is typed, Enter gives it; Ctrl+N the next"
            " round. How each step is graded: docs/rules.md, \"Running the round\".")

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Text 1/60 of the window's height (as the answer panel's), never below the
        desktop's: readable on a 4K screen; the table three fifths of the width, whatever
        the buttons of the step on show."""
        super().resizeEvent(event)
        width = self.splitter.width()
        self.splitter.setSizes([width * 3 // 5, width - width * 3 // 5])
        desktop = QFontInfo(QApplication.font()).pixelSize()
        scale_window_text(self, max(desktop, self.height() // 60))

    def closeEvent(self, event: QCloseEvent) -> None:
        remember_window(self, "procedure_window")
        if self.recorder is not None:
            self.recorder.close()
        super().closeEvent(event)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    method = DealMethod.SHOE if "--shoe" in args else DealMethod.MANUAL
    names = [a for a in args if not a.startswith("--")]
    try:
        ruleset = load_ruleset(names[0] if names else DEFAULT_RULES)
    except RuleSetError as error:
        print(f"hhe-trainer: {error}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = ProcedureWindow(ruleset, method=method)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
