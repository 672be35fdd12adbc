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

import sys
from collections.abc import Callable
from decimal import Decimal
from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
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
from trainer.i18n import N_, _, in_room_format, ngettext
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import ExamConfig, StorageError
from trainer.training.answers import AnswerError
from trainer.training.procedure import (
    ProcedureRound,
    ProcedureRun,
    Step,
    StepGrade,
    StepKind,
    clear_shown,
    deal_run,
    pace,
)
from trainer.training.procedure_records import ProcedureRecorder, errors_by_kind_of_grades
from trainer.training.session import TrainingSettings
from trainer.ui.exercise_window import (
    ExerciseWindow,
    already_open,
    exam_verdict,
    show_exercise_window,
)
from trainer.ui.keys import shortcut
from trainer.ui.table.view import TableView
from trainer.ui.window_fit import fit_window

TITLE = N_("Run the round")
"""Shown translated: ``_(TITLE)``."""
STAGES = {StepKind.WAGER: N_("the wagers"), StepKind.DEAL: N_("the deal"),
          StepKind.DECISION: N_("the decisions"), StepKind.SETTLEMENT: N_("the settlement"),
          StepKind.CLEAR: N_("clearing the table")}
"""Each stage of a round as the window names it (shown translated)."""
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


class ProcedureWindow(ExerciseWindow):
    place_key = "procedure_window"
    recorder: ProcedureRecorder | None

    def __init__(self, ruleset: RuleSet, *, method: DealMethod = DealMethod.MANUAL,
                 target: int = DEFAULT_ROUNDS_PER_HOUR, seats: int | None = None,
                 seed: int | None = None, recorder: ProcedureRecorder | None = None,
                 clock: Callable[[], float] | None = None,
                 side_bets: tuple[Wager, ...] | None = None,
                 options: dict[str, str] | None = None, exam: ExamSetup | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, seed, exam)
        if exam is not None:
            assert exam.table_test is not None, "a table test has its deal"
            method = exam.table_test
            seats, side_bets, options = exam.seats, exam.side_bets, exam.options
        self.setWindowTitle(_("Run the round \u2014 {rules}, {deal}", rules=ruleset.name,
                              deal=method.label) if exam is None
                            else _("Table test {exam} \u2014 {rules}", exam=exam.name,
                                   rules=ruleset.name))
        self.ruleset, self.method, self.target, self.seats = ruleset, method, target, seats
        self.side_bets, self.options = side_bets, options
        self.recorder = recorder
        self.clock = clock
        self.round_seconds: list[float] = []
        self.dealing_seconds: list[float] = []
        self.run: ProcedureRun | None = None
        self.exam_runs: list[ProcedureRun] = []
        """A table test's rounds run so far (explained when the test is over)."""
        self.exam_over = False

        self.table = DealingTable()
        self.stage = QLabel()
        self.stage.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.choices = QGridLayout()
        self.field = QLineEdit()
        self.field.setPlaceholderText(_("your answer, as in practice: pair of kings Kc Kd"
                                        " ..., yes, 6, win, {amount}, push, take",
                                        amount=in_room_format("7.50")))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.feedback = QTextBrowser()
        self.next_button = QPushButton(_("Next round (Ctrl+N)"))
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
        fit_window(self, self.place_key, QSize(1280, 760))
        self.start(self.seed)
        self.start_watching()

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
            self.error.setText(_("Finish this round first: every step is graded."))
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
        self.stage.setText(_("Step {number} of {count} \u00b7 {stage} \u00b7 {seconds} s this"
                             " round", number=len(run.grades) + 1, count=total,
                             stage=_(STAGES[step.kind]), seconds=format(run.seconds, ".0f")))
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
            options = [(_("Accept (A)"), "accept"), (_("Refuse (R)"), "refuse")]
        else:
            for target in step.choices:
                letter = str(target.seat) if target.kind is TargetKind.SEAT \
                    else TARGET_KEYS[target.kind]
                text = clear_shown(target) if step.kind is StepKind.CLEAR else target.shown
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
            self.feedback.setPlainText(_("Right: {step} \u2014 {expected}.", step=step.prompt,
                                         expected=graded.expected_shown))
        else:
            self.feedback.setPlainText(_("Wrong: {step}", step=step.prompt) + "\n"
                                       + _("Right: {expected}.", expected=graded.expected_shown)
                                       + "\n" + graded.explanation)

    def round_over(self, run: ProcedureRun) -> None:
        self.round_seconds.append(run.seconds)
        self.dealing_seconds.append(run.dealing_seconds)
        if self.exam is not None:
            self._exam_round_over(run)
            return
        right = sum(g.correct for g in run.grades)
        wrong = [g for g in run.grades if not g.correct]
        by_kind = ", ".join(_("{stage} {seconds} s", stage=_(STAGES[kind]),
                              seconds=format(seconds, ".0f"))
                            for kind, seconds in run.seconds_by_kind().items())
        self.stage.setText(ngettext("Round over: {right} of {count} step right in {seconds} s"
                                    " ({stages}).",
                                    "Round over: {right} of {count} steps right in {seconds} s"
                                    " ({stages}).", len(run.grades), right=right,
                                    seconds=format(run.seconds, ".0f"), stages=by_kind))
        self.prompt.setText(pace_text(self.dealing_seconds, self.round_seconds, self.target))
        self.field.setVisible(False)
        self.next_button.setEnabled(True)
        if wrong:
            lines = [g.step.prompt + "\n" + _("Right: {expected}.", expected=g.expected_shown)
                     + " " + g.explanation for g in wrong]
            self.feedback.setPlainText(_("What was wrong this round:") + "\n\n"
                                       + "\n\n".join(lines))
        else:
            self.feedback.setPlainText(_("Every step right."))

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
        sentences = exam_verdict(why, self.score_exam(), _(
            "A table test passes only when every round is run whole in time."))
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
                                                          expected=g.expected_shown)
                                                      + " " + g.explanation) + "</p>"
                                       for g in wrong))
        self.stage.setText(" ".join(sentences))
        self.prompt.clear()
        self.field.setVisible(False)
        self.next_button.setEnabled(False)
        self.feedback.setHtml("".join(parts))

    def leaving_question(self) -> tuple[str, str]:
        assert self.exam is not None
        return _("End the table test?"), _(
            "This ends your table test ({done} of {count} rounds run). It is recorded as"
            " not passed: a table test passes only when every round is run whole.",
            done=len([r for r in self.exam_runs if r.finished]), count=self.exam.rounds)

    def closed_early(self) -> str:
        return _("The table test was closed before its end.")

    # --- the window -------------------------------------------------------------------

    def open_help(self) -> None:
        """F1: opened from the practice window, its keys and rules sheet (which lists this
        window's keys too); on its own, the keys in the feedback."""
        if self.owner_help():
            return
        self.feedback.setPlainText(_(
            "Keys: A accept, R refuse; 1-6 a seat, D the dealer (clearing: the dealer's"
            " cards and the board), B the board, X the 6-Card Bonus cards; a click on a seat"
            " answers it; a settlement answer is typed, Enter gives it; Ctrl+N the next"
            " round. How each step is graded: docs/rules.md, \"Running the round\"."))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The table three fifths of the width, whatever the buttons of the step on show;
        the text scaled as :class:`ExerciseWindow` does."""
        super().resizeEvent(event)
        width = self.splitter.width()
        self.splitter.setSizes([width * 3 // 5, width - width * 3 // 5])


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
    current = already_open(main, ProcedureWindow, exam_config is not None, _(TITLE), _(
        "A table test is running: finish it (or close its window) first."))
    if current is not None:
        return current
    try:
        setup = None if exam_config is None else exam_config.for_new_exams.complete()
        ruleset = load_ruleset(settings.rules if setup is None else setup.ruleset_id)
        recorder = None
        if db is not None and trainee_id is not None:
            recorder = ProcedureRecorder(db, trainee_id, ruleset.id,
                                         exam_config_id=None if exam_config is None
                                         else exam_config.id, committed=committed)
    except (RuleSetError, StorageError, ValueError) as error:
        QMessageBox.warning(main, _(TITLE), str(error))
        return None
    window = ProcedureWindow(ruleset, method=method, target=target, seats=settings.seats,
                             side_bets=settings.side_bets, options=settings.options,
                             recorder=recorder, exam=setup, parent=main)
    show_exercise_window(window)
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
