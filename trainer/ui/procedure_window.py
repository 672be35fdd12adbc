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
every step is kept as their answers. The practice window opens it from Game > Run the
round (Ctrl+Shift+R, :func:`open_procedure`) at the table of the trainee's Settings and
the house's pace and deal (the site file's ``[procedure]``); an instructor's table test
(:attr:`~trainer.exam_setup.ExamSetup.table_test`) runs here too: its rounds dealt from
the set-up's hands number, nothing explained until the last is run, then the score
against the pass mark and the errors by kind of step.

The pace: a dealer's rounds an hour (the house's target) are paid in chips; here the
settlement is typed, question by question, which takes far longer than paying. The pace
set against the house's is therefore counted on the dealing steps (the wagers, the deal,
the decisions, clearing: :attr:`~trainer.training.procedure.ProcedureRun.dealing_seconds`),
and the whole round's time is said beside it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from decimal import Decimal
from html import escape

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QFontInfo, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
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
from trainer.exam_setup import ExamSetup
from trainer.i18n import N_, _
from trainer.reports.text import score_text
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import Exam, ExamConfig, StorageError
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
from trainer.training.procedure_records import ProcedureRecorder, errors_by_kind_of_grades
from trainer.training.session import TrainingSettings
from trainer.ui.keys import shortcut
from trainer.ui.table.view import TableView
from trainer.ui.text_scale import scale_window_text
from trainer.ui.window_fit import fit_window, remember_window

TITLE = "Run the round"
STAGES = {StepKind.WAGER: "the wagers", StepKind.DEAL: "the deal",
          StepKind.DECISION: "the decisions", StepKind.SETTLEMENT: "the settlement",
          StepKind.CLEAR: "clearing the table"}
TARGET_KEYS = {TargetKind.DEALER: "D", TargetKind.BOARD: "B", TargetKind.SIX_CARD_BONUS: "X"}
KIND_NAMES = {StepKind.WAGER: N_("the wagers before the deal"),
              StepKind.DEAL: N_("the deal"), StepKind.DECISION: N_("the decisions"),
              StepKind.SETTLEMENT: N_("the settlement's questions"),
              StepKind.CLEAR: N_("clearing the table")}
"""The kinds of step as a table test's errors are counted (and its record prints them)."""


def pace_text(dealing_seconds: list[float], round_seconds: list[float], target: int) -> str:
    """The pace of the rounds run so far: rounds an hour on the dealing steps against the
    house's ``target``, and the whole rounds' time with why it is not the pace."""
    rounds = len(round_seconds)
    dealing = pace(dealing_seconds, target)
    if not rounds or dealing.seconds <= 0:
        return _("No round run yet (the house's pace: {target} rounds an hour).",
                 target=target)
    verdict = (_("on the house's pace of {target} rounds an hour", target=target)
               if dealing.on_pace else
               _("below the house's pace of {target} rounds an hour", target=target))
    rate = format(dealing.rounds_per_hour, ".1f")
    each = format(dealing.seconds / rounds, ".0f")
    whole = format(sum(round_seconds) / rounds, ".0f")
    return _("Dealing pace: {rate} rounds an hour ({seconds} s a round on the wagers, the"
             " deal, the decisions and clearing), {verdict}. The whole round took {whole} s"
             " on average: the settlement's questions are typed, which is slower than paying"
             " at the table, so they are not counted in the pace.",
             rate=rate, seconds=each, verdict=verdict, whole=whole)


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
                 side_bets: tuple[Wager, ...] | None = None,
                 options: dict[str, str] | None = None, exam: ExamSetup | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if exam is not None:
            assert exam.seed is not None and exam.table_test is not None, \
                "a table test has its hands number and deal"
            seed, method = exam.seed, exam.table_test
            seats, side_bets, options = exam.seats, exam.side_bets, exam.options
        self.setWindowTitle(f"{TITLE} \u2014 {ruleset.name}, {method.label}" if exam is None
                            else _("Table test {exam} \u2014 {rules}", exam=exam.name,
                                   rules=ruleset.name))
        self.ruleset, self.method, self.target, self.seats = ruleset, method, target, seats
        self.side_bets, self.options, self.exam = side_bets, options, exam
        self.seed = random.randrange(2**31) if seed is None else seed
        self.first_seed = self.seed
        self.recorder = recorder
        self.clock = clock
        self.round_seconds: list[float] = []
        self.dealing_seconds: list[float] = []
        self.run: ProcedureRun | None = None
        self.exam_runs: list[ProcedureRun] = []
        """A table test's rounds run so far (explained when the test is over)."""
        self.exam_result: Exam | None = None
        self.exam_over = False
        self.deadline = QTimer(self)
        self.deadline.setSingleShot(True)
        self.deadline.timeout.connect(self.time_up)

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
        if exam is not None and exam.time_limit_seconds:
            self.deadline.start(exam.time_limit_seconds * 1000)
        if parent is not None:  # the practice window closing ends this session first
            parent.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The practice window that owns this one closing (Ctrl+Q, its close button) ends
        this session first; a table test running asks, and No keeps both windows open."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Close:
            if not self.confirm_leaving_exam():
                event.ignore()
                return True
            self.close()
            return False
        return super().eventFilter(watched, event)

    @property
    def exam_number(self) -> int:
        """Which of a table test's rounds is on the table (1 for the first)."""
        return self.seed - self.first_seed + 1

    # --- the round --------------------------------------------------------------------

    def start(self, seed: int) -> None:
        procedure: ProcedureRound = deal_run(seed, self.ruleset, method=self.method,
                                             seats=self.seats, options=self.options,
                                             side_bets=self.side_bets)
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
        if self.exam is not None and (self.exam_over or self.exam_number >= self.exam.rounds):
            return  # a table test's rounds are run in turn; none after the last
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
        if self.exam is not None:
            self.stage.setText(_("Table test {exam}: round {number} of {count}",
                                 exam=self.exam.name, number=self.exam_number,
                                 count=self.exam.rounds)
                               + " \u00b7 " + self.stage.text())
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
        if self.exam_over:
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
        if self.exam is not None:  # a table test explains nothing until it is over
            self.feedback.setPlainText(_("Kept: {step}", step=step.prompt))
            return
        if graded.correct:
            self.feedback.setPlainText(f"Right: {step.prompt} \u2014 {graded.expected_text}.")
        else:
            self.feedback.setPlainText(f"Wrong: {step.prompt}\nRight: {graded.expected_text}."
                                       f"\n{graded.explanation}")

    def round_over(self, run: ProcedureRun) -> None:
        self.round_seconds.append(run.seconds)
        self.dealing_seconds.append(run.dealing_seconds)
        if self.exam is not None:
            self._exam_round_over(run)
            return
        right = sum(g.correct for g in run.grades)
        wrong = [g for g in run.grades if not g.correct]
        by_kind = ", ".join(f"{STAGES[kind]} {seconds:.0f} s"
                            for kind, seconds in run.seconds_by_kind().items())
        self.stage.setText(f"Round over: {right} of {len(run.grades)} steps right in"
                           f" {run.seconds:.0f} s ({by_kind}).")
        self.prompt.setText(pace_text(self.dealing_seconds, self.round_seconds, self.target))
        self.field.setVisible(False)
        self.next_button.setEnabled(True)
        if wrong:
            lines = [f"{g.step.prompt}\nRight: {g.expected_text}. {g.explanation}"
                     for g in wrong]
            self.feedback.setPlainText("What was wrong this round:\n\n" + "\n\n".join(lines))
        else:
            self.feedback.setPlainText("Every step right.")

    # --- a table test -----------------------------------------------------------------

    def _exam_round_over(self, run: ProcedureRun) -> None:
        assert self.exam is not None
        if run not in self.exam_runs:
            self.exam_runs.append(run)
        self.field.setVisible(False)
        if self.exam_number < self.exam.rounds:
            self.stage.setText(_("Round {number} of {count} run. Nothing is explained until"
                                 " the table test is over: next round (Ctrl+N).",
                                 number=self.exam_number, count=self.exam.rounds))
            self.prompt.clear()
            self.next_button.setEnabled(True)
            return
        self.end_exam(_("All rounds run."))

    def exam_running(self) -> bool:
        """A table test under way, kept, and not over."""
        return self.exam is not None and not self.exam_over and self.recorder is not None

    def time_up(self) -> None:
        """The table test's time limit: the steps not run count as not answered."""
        if self.exam is not None and not self.exam_over:
            self.end_exam(_("Time is up."))

    def end_exam(self, why: str) -> None:
        """Score the table test (the steps of a round not finished kept as unanswered)
        and explain every step that was wrong."""
        assert self.exam is not None
        self.deadline.stop()
        self.exam_over = True
        run = self.run
        if run is not None and not run.finished:
            if self.recorder is not None:
                self.recorder.unanswered(run.round.round, run.round.steps[len(run.grades):])
            if run not in self.exam_runs:
                self.exam_runs.append(run)
        exam: Exam | None = None
        if self.recorder is not None:
            recorder, self.recorder = self.recorder, None
            try:
                exam = recorder.close()
            except StorageError as error:
                self.error.setText(_("The exam could not be scored ({reason}).",
                                     reason=error))
        self.exam_result = exam
        sentences = [why]
        if exam is not None and exam.score is not None:
            score, mark = score_text(exam.score), f"{exam.pass_mark:g}"
            sentences.append(
                _("Score {score} (pass mark {mark}%): passed.", score=score, mark=mark)
                if exam.passed else
                _("Score {score} (pass mark {mark}%): not passed.", score=score, mark=mark))
            if not exam.passed and exam.score >= exam.pass_mark:
                sentences.append(_("A table test passes only when every round is run whole"
                                   " in time."))
        grades = [g for r in self.exam_runs for g in r.grades]
        counts = errors_by_kind_of_grades(grades)
        lines = [_("Errors by kind of step:")] + [
            _("{kind}: {errors} of {steps}", kind=_(KIND_NAMES[kind]), errors=errors,
              steps=steps) for kind, (steps, errors) in counts.items()]
        parts = ["<p><b>" + escape(" ".join(sentences)) + "</b></p>",
                 "<p>" + "<br>".join(escape(line) for line in lines) + "</p>"]
        for number, done in enumerate(self.exam_runs, start=1):
            wrong = [g for g in done.grades if not g.correct]
            if wrong:
                parts.append("<h4>" + escape(_("Round {number}", number=number)) + "</h4>"
                             + "".join("<p>" + escape(f"{g.step.prompt} \u2014 "
                                                      + _("right: {expected}.",
                                                          expected=g.expected_text)
                                                      + " " + g.explanation) + "</p>"
                                       for g in wrong))
        self.stage.setText(" ".join(sentences))
        self.prompt.clear()
        self.field.setVisible(False)
        self.next_button.setEnabled(False)
        self.feedback.setHtml("".join(parts))

    def confirm_leaving_exam(self) -> bool:
        """Ask before closing ends a running table test; True to go ahead."""
        if not self.exam_running():
            return True
        assert self.exam is not None
        answer = QMessageBox.question(
            self, _("End the table test?"),
            _("This ends your table test ({done} of {count} rounds run). It is recorded as"
              " not passed: a table test passes only when every round is run whole.",
              done=len([r for r in self.exam_runs if r.finished]), count=self.exam.rounds),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    # --- the window -------------------------------------------------------------------

    def open_help(self) -> None:
        """F1: opened from the practice window, its keys and rules sheet (which lists this
        window's keys too); on its own, the keys in the feedback."""
        owner = self.parentWidget()
        if owner is not None and hasattr(owner, "open_help"):
            owner.open_help()
            return
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
        """Closing ends the session (a table test not finished is scored as it stands;
        its close button asks first)."""
        if event.spontaneous() and not self.confirm_leaving_exam():
            event.ignore()
            return
        self.deadline.stop()
        if self.exam_running():
            self.end_exam(_("The table test was closed before its end."))
        elif self.recorder is not None:
            recorder, self.recorder = self.recorder, None
            try:
                recorder.close()
            except StorageError as error:  # every answer is kept already: only the end
                QMessageBox.warning(self, _("Progress"), _(
                    "The end of this session could not be saved ({reason}); every answer"
                    " given is kept.", reason=error))
        remember_window(self, "procedure_window")
        super().closeEvent(event)


def open_procedure(main: QMainWindow, settings: TrainingSettings, *,
                   target: int = DEFAULT_ROUNDS_PER_HOUR,
                   method: DealMethod = DealMethod.MANUAL,
                   exam_config: ExamConfig | None = None, db: SessionStore | None = None,
                   trainee_id: int | None = None,
                   committed: Callable[[], None] | None = None) -> ProcedureWindow | None:
    """Game > Run the round (Ctrl+Shift+R) in the practice window ``main``: rounds at the
    table of its ``settings`` (rule set, letters, seats, side bets), dealt by the house's
    ``method`` and held to its pace ``target``, every step kept in ``db`` as the answers of
    ``trainee_id`` (none signed in: not kept); with ``exam_config`` an instructor's table
    test. One window at a time: a practice one is raised, or closed for a table test; a
    table test running is raised and said. None, with a sentence said, when it cannot
    open (the rule set, the database refusing the session or the exam)."""
    current = main.findChild(ProcedureWindow)
    if current is not None:
        if current.exam_running():
            QMessageBox.information(main, _("Run the round"), _(
                "A table test is running: finish it (or close its window) first."))
            current.raise_()
            current.activateWindow()
            return current
        if exam_config is None:
            current.raise_()
            current.activateWindow()
            return current
        current.close()
        current.deleteLater()
    try:
        setup = None if exam_config is None else exam_config.for_new_exams.complete()
        ruleset = load_ruleset(settings.rules if setup is None else setup.ruleset_id)
        recorder = None
        if db is not None and trainee_id is not None:
            recorder = ProcedureRecorder(db, trainee_id, ruleset.id,
                                         exam_config_id=None if exam_config is None
                                         else exam_config.id, committed=committed)
    except (RuleSetError, StorageError, ValueError) as error:
        QMessageBox.warning(main, _("Run the round"), str(error))
        return None
    window = ProcedureWindow(ruleset, method=method, target=target, seats=settings.seats,
                             side_bets=settings.side_bets, options=settings.options,
                             recorder=recorder, exam=setup, parent=main)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


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
