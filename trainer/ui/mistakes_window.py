"""Spot the dealer's mistake, a minimal window (issue 23, item 2).

The table shows a round already settled by "a dealer": every wager's result drawn on its
spot (taken, pushed, or the payout beside it) from the dealer's copy of the engine's
settlement (:mod:`trainer.training.mistakes`; the window computes no payout). With chips
(:attr:`MistakesWindow.chips`) each payout is drawn as the chips the dealer paid, beside
the wager's own; the wager chosen in the list as a plate with each column counted, and
after the verdict, where it was wrong or marked, the right stack beside it. The list
beside it has one row per spot the trainee can mark: each wager, a capped seat's total,
the settlement order. The trainee marks a row with the right settlement (typed as in
practice: an amount, ``push``, ``take``; for the order the seats, ``1 6 4 3``) or says
"all correct" by marking nothing; **Done** grades the marks and explains each.

Keys: Up/Down choose a row (a click on a seat chooses its first row), type the right
settlement and Enter marks it, Delete unmarks, Ctrl+Enter is Done, Ctrl+N the next
round, F1 the keys and rules.

Opened from the practice window (Game > Spot the dealer's mistake, Ctrl+Shift+M:
:func:`open_mistakes`) for the trainee signed in, every graded mark is kept as their
answers (:class:`~trainer.training.mistake_records.MistakeRecorder`); an instructor's
exam set-up of dealer's mistakes (:attr:`~trainer.exam_setup.ExamSetup.mistakes`) runs
here too: its exercises dealt from the set-up's hands number (the same for every
candidate), nothing explained until the last is done, then the score against its pass
mark. ``python -m trainer.ui.mistakes_window [rule set]`` opens it unrecorded.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from html import escape

from PySide6.QtCore import QElapsedTimer, QEvent, QModelIndex, QObject, QSize, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.chips import RoomChips
from trainer.engine.round import Wager
from trainer.engine.rulesets import DEFAULT_RULES, RuleSet, RuleSetError, load_ruleset
from trainer.engine.settlement import Outcome
from trainer.exam_setup import ExamSetup
from trainer.i18n import N_, _, in_room_format, local_dollars, ngettext
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import ExamConfig, StorageError
from trainer.training.answers import AnswerError, parse_amount_answer, parse_payout
from trainer.training.mistake_catalogue import Catalogue, CatalogueError, load_catalogue
from trainer.training.mistake_records import MistakeRecorder
from trainer.training.mistakes import (
    Correction,
    DealerSettlement,
    Finding,
    Mark,
    MistakeError,
    MistakeExercise,
    MistakeGrade,
    Spot,
    deal_exercise,
    dealer_copy,
    grade_marks,
)
from trainer.training.questions import payout_text
from trainer.training.session import TrainingSettings
from trainer.ui.exercise_window import (
    ExerciseWindow,
    already_open,
    exam_verdict,
    show_exercise_window,
)
from trainer.ui.keys import shortcut
from trainer.ui.progress.models import Column, RowsModel
from trainer.ui.table.view import TableView
from trainer.ui.window_fit import fit_window

TITLE = N_("Spot the dealer's mistake")
"""Shown translated: ``_(TITLE)``."""
_MARK = {Finding.FOUND: "\u2714", Finding.ALL_CORRECT: "\u2714"}
FINDINGS = {
    Finding.FOUND: N_("Found"),
    Finding.WRONG_CORRECTION: N_("Marked, wrong correction"),
    Finding.MISSED: N_("Missed"),
    Finding.INVENTED: N_("Invented"),
    Finding.ALL_CORRECT: N_("All correct"),
}
"""Each finding's name as the explanation shows it (its value is its code)."""


@dataclass(frozen=True, slots=True)
class SpotRow:
    spot: Spot
    wager: str
    stake: str
    dealer: str
    mark: str


def _seat_text(row: SpotRow) -> str:
    return "" if row.spot.seat is None else str(row.spot.seat)


class SpotsModel(RowsModel[SpotRow]):
    columns = (
        Column[SpotRow](N_("Seat"), _seat_text, lambda r: r.spot.seat or 0, numeric=True),
        Column[SpotRow](N_("Wager"), lambda r: r.wager, lambda r: r.wager),
        Column[SpotRow](N_("Stake"), lambda r: r.stake, lambda r: r.stake, numeric=True),
        Column[SpotRow](N_("The dealer"), lambda r: r.dealer, lambda r: r.dealer),
        Column[SpotRow](N_("Your mark"), lambda r: r.mark, lambda r: r.mark),
    )


def _correction_text(correction: Correction) -> str:
    if isinstance(correction, Decimal):
        return local_dollars(correction)
    if isinstance(correction, tuple):
        return " ".join(map(str, correction))
    return payout_text(correction)


def parse_correction(spot: Spot, text: str) -> Correction:
    """The right settlement as typed for ``spot``; AnswerError with a sentence otherwise."""
    if spot.seat is None:
        words = text.replace(",", " ").split()
        if not words or not all(word.isdigit() for word in words):
            raise AnswerError(_("Type the seats in the order they are settled, e.g. 1 6 4 3"))
        return tuple(int(word) for word in words)
    if spot.wager is None:
        return parse_amount_answer(text)
    return parse_payout(text)


class MistakesWindow(ExerciseWindow):
    """One exercise after another, dealt from ``seed`` (the next round: ``seed + 1``).

    With ``recorder`` each exercise's round and graded marks are kept as the trainee's
    answers; with ``exam`` (the set-up of an exam the recorder started) it deals the
    set-up's exercises, explains nothing until the last is done, then scores it."""

    place_key = "mistakes"
    recorder: MistakeRecorder | None

    def __init__(self, catalogue: Catalogue, ruleset: RuleSet, seed: int | None = None,
                 parent: QWidget | None = None, *, seats: int | None = None,
                 side_bets: tuple[Wager, ...] | None = None,
                 options: dict[str, str] | None = None,
                 recorder: MistakeRecorder | None = None,
                 exam: ExamSetup | None = None, chips: RoomChips | None = None) -> None:
        super().__init__(parent, seed, exam)
        self.chips = chips
        """The room's chips the dealer's payouts are shown in (None: amounts only)."""
        self.setWindowTitle(_(TITLE) if exam is None
                            else _("Spot the dealer's mistake \u2014 exam {exam}", exam=exam.name))
        self.catalogue, self.ruleset = catalogue, ruleset
        self.seats, self.side_bets, self.options = seats, side_bets, options
        self.recorder = recorder
        self.exercise: MistakeExercise | None = None
        self.marks: dict[Spot, Correction] = {}
        self.grade: MistakeGrade | None = None
        self.exam_grades: list[tuple[MistakeExercise, MistakeGrade]] = []
        """An exam's exercises done so far, graded (explained when the exam is over)."""
        self._elapsed = QElapsedTimer()

        self.table = TableView()
        self.model = SpotsModel(self)
        self.spots = QTableView()
        self.spots.setModel(self.model)
        self.spots.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.spots.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.spots.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.spots.verticalHeader().hide()
        self.spots.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.spots.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.spots.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.field = QLineEdit()
        self.field.setPlaceholderText(_("the right settlement: {amount}, push, take; order: 1 6 4"
                                        " 3", amount=in_room_format("7.50")))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.mark_button = QPushButton(_("Mark (Enter)"))
        self.unmark_button = QPushButton(_("Unmark (Delete)"))
        self.done_button = QPushButton(_("Done (Ctrl+Enter)"))
        self.next_button = QPushButton(_("Next round (Ctrl+N)"))
        self.result = QTextBrowser()

        buttons = QHBoxLayout()
        for button in (self.mark_button, self.unmark_button, self.done_button,
                       self.next_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            buttons.addWidget(button)
        panel = QWidget()
        column = QVBoxLayout(panel)
        column.addWidget(self.heading)
        column.addWidget(self.spots, 3)
        column.addWidget(self.field)
        column.addWidget(self.error)
        column.addLayout(buttons)
        column.addWidget(self.result, 2)
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.setCentralWidget(splitter)

        self.field.returnPressed.connect(self.mark_selected)
        self.mark_button.clicked.connect(self.mark_selected)
        self.unmark_button.clicked.connect(self.unmark_selected)
        self.done_button.clicked.connect(self.finish)
        self.next_button.clicked.connect(self.next_round)
        self.table.seatClicked.connect(self._seat_clicked)
        self.spots.selectionModel().currentRowChanged.connect(self._row_changed)
        for keys, slot in (("Ctrl+Return", self.finish), ("Ctrl+Enter", self.finish),
                           ("Ctrl+N", self.next_round), (Qt.Key.Key_Delete,
                                                         self.unmark_selected),
                           (QKeySequence.StandardKey.HelpContents, self.open_help)):
            shortcut(keys, self, slot)
        self.field.installEventFilter(self)
        self.start_watching()
        self.show_exercise(self.deal(self.seed))

    def deal(self, seed: int) -> MistakeExercise:
        """The exercise of ``seed`` at this window's table (rule set, letters, seats,
        side bets)."""
        return deal_exercise(seed, self.catalogue, self.ruleset, seats=self.seats,
                             side_bets=self.side_bets, options=self.options, chips=self.chips)

    def open_help(self) -> None:
        """F1: the practice window's keys and rules (they list this window's keys too)."""
        from trainer.ui.help_window import HelpWindow

        if self.owner_help():
            return
        sheet = HelpWindow([], None if self.exercise is None
                           else self.exercise.settlement.round, self)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        sheet.show()

    # --- the round ------------------------------------------------------------------------

    def show_exercise(self, exercise: MistakeExercise) -> None:
        """Put ``exercise`` on the table: the round, and the dealer's results on its spots."""
        self.exercise, self.marks, self.grade = exercise, {}, None
        if self.recorder is not None:
            self._keep(lambda: self.recorder.round_shown(exercise.settlement.round)
                       if self.recorder is not None else None)
        self._elapsed.start()
        self.table.show_round(exercise.settlement.round, dealer_revealed=True)
        for seat in exercise.dealer.seats:
            for settled in seat.wagers:
                self.table.spot_item(seat.seat, settled.wager).set_result(settled.outcome,
                                                                          settled.amount)
        self._show_paid_chips(exercise.dealer)
        order = ", ".join(map(str, exercise.dealer.order))
        title = _(TITLE) if self.exam is None else _(
            "Exam {exam}: exercise {number} of {count}", exam=self.exam.name,
            number=self.exam_number, count=self.exam.rounds)
        self.heading.setText(
            f"<b>{escape(title)}.</b> " + escape(_(
                "The dealer settled this round (seats {order}). Mark each wrong settlement"
                " with the right one, or press Done with no marks for \u201call"
                " correct\u201d.", order=order)))
        self.result.clear()
        self.error.clear()
        self._refresh()
        self.spots.selectRow(0)
        self._show_plates()
        self.field.setEnabled(True)
        self.field.setFocus()

    def _show_paid_chips(self, settled: DealerSettlement) -> None:
        """With chips, each payout's chips in ``settled`` (the dealer's, or after the
        verdict the right ones) drawn beside its wager as training gives them; without
        chips, the amounts alone."""
        exercise = self.exercise
        if exercise is None or exercise.chips is None:
            return
        self.table.show_paid_chips(
            {(seat.seat, paid.wager): paid.chips for seat in settled.seats
             for paid in seat.wagers
             if paid.outcome is Outcome.WIN and paid.chips is not None},
            exercise.chips.rack)

    def _verdict_shown(self) -> bool:
        return self.grade is not None and (self.exam is None or self.exam_result is not None)

    def _show_plates(self) -> None:
        """With chips, the chosen wager's payout as a plate beside it, with each chip
        counted (PAID: the dealer's chips); after the verdict, where it was wrong or
        marked, the right stack beside it (EXPECTED: the engine's payout in the house's
        procedure, as training gives it; no chips where the wager is not paid)."""
        self.table.clear_chip_feedback()
        exercise, spot = self.exercise, self.selected_spot()
        if exercise is None or exercise.chips is None or spot is None \
                or spot.seat is None or spot.wager is None:
            return
        paid = exercise.dealer.seat(spot.seat).wager(spot.wager)
        dealer = paid.chips if paid is not None and paid.outcome is Outcome.WIN else None
        expected = None
        if self._verdict_shown() and (spot in exercise.causes or spot in self.marks):
            right = dealer_copy(exercise.settlement, exercise.chips).seat(spot.seat) \
                .wager(spot.wager)
            right_chips = (right.chips if right is not None and right.outcome is Outcome.WIN
                           else None)
            if dealer is not None or right_chips is not None:
                expected = right_chips or ()  # none: the wager is not paid
        if dealer is None and expected is None:
            return
        self.table.show_paid_stack(spot.seat, spot.wager, dealer or (), exercise.chips.rack,
                                   expected)

    def _show_verdict_on_table(self) -> None:
        """The engine's settlement on the table (with chips, the right chips on its
        spots), and the chosen wager's plates."""
        assert self.exercise is not None
        self.table.show_settlement(self.exercise.settlement)
        if self.exercise.chips is not None:
            self._show_paid_chips(dealer_copy(self.exercise.settlement, self.exercise.chips))
        self._show_plates()

    def _rows(self) -> list[SpotRow]:
        assert self.exercise is not None
        rows = []
        for spot in self.exercise.spots:
            mark = self.marks.get(spot)
            marked = "" if mark is None else _correction_text(mark)
            if spot.seat is None:
                rows.append(SpotRow(spot, _("Order"), "",
                                    " ".join(map(str, self.exercise.dealer.order)), marked))
                continue
            seat = self.exercise.dealer.seat(spot.seat)
            if spot.wager is None:
                rows.append(SpotRow(spot, _("Total (capped)") if seat.capped else _("Total"),
                                    "", local_dollars(seat.total), marked))
                continue
            settled = seat.wager(spot.wager)
            assert settled is not None
            rows.append(SpotRow(spot, spot.wager.display_name, local_dollars(settled.stake),
                                settled.shown(), marked))
        return rows

    def _refresh(self) -> None:
        row = self.spots.currentIndex().row()
        self.model.set_rows(self._rows())
        if row >= 0:
            self.spots.selectRow(row)

    def selected_spot(self) -> Spot | None:
        index = self.spots.currentIndex()
        if not index.isValid():
            return None
        return self.model.row_at(index.row()).spot

    def select_spot(self, spot: Spot) -> None:
        for row, shown in enumerate(self.model.rows()):
            if shown.spot == spot:
                self.spots.selectRow(row)
                return

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.table.highlight_seat(self.model.row_at(current.row()).spot.seat)
            self._show_plates()

    def _seat_clicked(self, seat: int) -> None:
        for row, shown in enumerate(self.model.rows()):
            if shown.spot.seat == seat:
                self.spots.selectRow(row)
                break
        self.field.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the field move through the rows (the practice window closing:
        :meth:`ExerciseWindow.eventFilter`)."""
        if watched is self.field and isinstance(event, QKeyEvent) \
                and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if event.key() == Qt.Key.Key_Up else 1
            row = max(0, min(self.model.rowCount() - 1, self.spots.currentIndex().row() + step))
            self.spots.selectRow(row)
            return True
        return super().eventFilter(watched, event)

    # --- marking --------------------------------------------------------------------------

    def mark_selected(self) -> None:
        spot = self.selected_spot()
        if self.grade is not None or spot is None:
            return
        text = self.field.text()
        try:
            self.marks[spot] = parse_correction(spot, text)
        except AnswerError as error:
            self.error.setText(str(error))
            return
        self.error.clear()
        self.field.clear()
        self._refresh()

    def unmark_selected(self) -> None:
        spot = self.selected_spot()
        if self.grade is None and spot is not None and self.marks.pop(spot, None) is not None:
            self._refresh()

    def finish(self) -> None:
        """Grade the marks (none: "all correct") and explain each result."""
        if self.exercise is None or self.grade is not None:
            return
        try:
            grade = grade_marks(self.exercise,
                                [Mark(spot, value) for spot, value in self.marks.items()],
                                seconds=self._elapsed.elapsed() / 1000)
        except MistakeError as error:
            self.error.setText(str(error))
            return
        self.grade = grade
        self.field.setEnabled(False)
        round_ = self.exercise.settlement.round
        self._keep(lambda: self.recorder.graded(round_, grade)
                   if self.recorder is not None else None)
        if self.exam is not None:
            self._exam_graded(grade)
            return
        self.result.setHtml(self._explained(self.exercise, grade))
        self._show_verdict_on_table()

    def _explained(self, exercise: MistakeExercise, grade: MistakeGrade) -> str:
        """The verdict and each result explained, as HTML."""
        wrong = len(exercise.causes)
        found = grade.count(Finding.FOUND)
        invented = grade.count(Finding.INVENTED)
        if grade.correct:
            verdict = ngettext("\u2714 Right: {found} of {count} wrong settlement found,"
                               " {invented} invented.",
                               "\u2714 Right: {found} of {count} wrong settlements found,"
                               " {invented} invented.", wrong, found=found, invented=invented)
        else:
            verdict = ngettext("\u2718 Not yet: {found} of {count} wrong settlement found,"
                               " {invented} invented.",
                               "\u2718 Not yet: {found} of {count} wrong settlements found,"
                               " {invented} invented.", wrong, found=found,
                               invented=invented)
        head, _colon, rest = verdict.partition(":")
        lines = [f"<p><b>{escape(head)}:</b>{escape(rest)}</p>"]
        for result in grade.results:
            sign = _MARK.get(result.finding, "\u2718")
            # The finding's name is shown from the catalogue; the training gives the
            # explanation without it (MarkResult.detail), never cut off the text.
            text = result.detail or result.explanation
            label = _(FINDINGS[result.finding])
            lines.append(f"<p>{sign} <b>{escape(label)}:</b> {escape(text)}</p>")
        return "".join(lines)

    def next_round(self) -> None:
        if self.exam is not None and (self.exam_result is not None or self.grade is None
                                      or self.exam_number >= self.exam.rounds):
            return  # an exam's exercise is done before the next; none after the last
        self.seed += 1
        self.show_exercise(self.deal(self.seed))

    # --- records and the exam -------------------------------------------------------------

    def _keep(self, write: Callable[[], object]) -> None:
        """A write to the trainee's records; a failure said once, and recording stops
        (the exercises go on unrecorded)."""
        if self.recorder is None:
            return
        try:
            write()
        except StorageError as error:
            self.recorder = None
            QMessageBox.critical(
                self, _("Progress not saved"),
                _("Your answers could not be saved to the database ({reason}).",
                  reason=error) + "\n\n"
                + _("You can go on, but these exercises will not be kept. Tell your"
                    " instructor."))

    def _exam_graded(self, grade: MistakeGrade) -> None:
        assert self.exam is not None and self.exercise is not None
        self.exam_grades.append((self.exercise, grade))
        if self.exam_number < self.exam.rounds:
            self.result.setHtml("<p>" + escape(_(
                "Exercise {number} of {count} done. Nothing is explained until the exam is"
                " over: next exercise (Ctrl+N).", number=self.exam_number,
                count=self.exam.rounds)) + "</p>")
            return
        self.end_exam(_("All exercises done."))

    def time_up(self) -> None:
        """The exam's time limit: an exercise not done counts as not answered."""
        if self.exam is not None and self.exam_result is None:
            self.field.setEnabled(False)
            self.end_exam(_("Time is up."))

    def end_exam(self, why: str) -> None:
        """Score the exam (through the recorder) and explain every exercise done."""
        assert self.exam is not None
        sentences = exam_verdict(why, self.score_exam(), _(
            "An exam passes only when every exercise is done in time."))
        parts = ["<p><b>" + escape(" ".join(sentences)) + "</b></p>"]
        for number, (exercise, grade) in enumerate(self.exam_grades, start=1):
            parts.append("<h4>" + escape(_("Exercise {number}", number=number)) + "</h4>"
                         + self._explained(exercise, grade))
        self.result.setHtml("".join(parts))
        if self.exercise is not None and self.grade is not None:
            self._show_verdict_on_table()

    def exam_running(self) -> bool:
        """An exam of dealer's mistakes is under way, kept, and not over."""
        return self.exam is not None and self.exam_result is None and self.recorder is not None

    def leaving_question(self) -> tuple[str, str]:
        assert self.exam is not None
        return _("End the exam?"), _(
            "This ends your exam ({done} of {count} exercises done). It is recorded as not"
            " passed: an exam passes only when every exercise is done.",
            done=len(self.exam_grades), count=self.exam.rounds) + "\n\n" + _("End the exam?")

    def closed_early(self) -> str:
        return _("The exam was closed before its end.")


def open_mistakes(main: QMainWindow, settings: TrainingSettings,
                  exam_config: ExamConfig | None = None, *, db: SessionStore | None = None,
                  trainee_id: int | None = None,
                  committed: Callable[[], None] | None = None,
                  chips: RoomChips | None = None) -> MistakesWindow | None:
    """Game > Spot the dealer's mistake (Ctrl+Shift+M) in the practice window ``main``:
    exercises at the table of its ``settings`` (rule set, letters, seats, side bets), kept
    in ``db`` as the answers of ``trainee_id`` (none signed in: not kept), or with
    ``exam_config`` an instructor's exam of dealer's mistakes. One window at a time: a
    practice one is raised, or closed for an exam; an exam running is raised and said.
    None, with a sentence said, when it cannot open (a bad house catalogue, the
    database refusing the session or the exam). The payouts are shown in the room's
    ``chips`` where the trainee pays with chips (an exam: where its set-up requires chips),
    and a wrong chip procedure may then be among the mistakes."""
    current = already_open(main, MistakesWindow, exam_config is not None, _(TITLE), _(
        "An exam of dealer's mistakes is running: finish it (or close its window) first."))
    if current is not None:
        return current
    try:
        catalogue = load_catalogue()
    except CatalogueError as error:
        QMessageBox.warning(main, _(TITLE), _("The dealer's mistakes cannot be dealt: {reason}",
                                              reason=error))
        return None
    setup = None if exam_config is None else exam_config.for_new_exams.complete()
    try:
        seats: int | None
        if setup is not None:
            ruleset = load_ruleset(setup.ruleset_id)
            seats, side_bets, options = setup.seats, setup.side_bets, setup.options
        else:
            ruleset = load_ruleset(settings.rules)
            seats, side_bets, options = settings.seats, settings.side_bets, settings.options
        recorder = None
        if db is not None and trainee_id is not None:
            recorder = MistakeRecorder(db, trainee_id, ruleset.id,
                                       exam_config_id=None if exam_config is None
                                       else exam_config.id, committed=committed)
    except (RuleSetError, StorageError) as error:
        QMessageBox.warning(main, _(TITLE), str(error))
        return None
    shown = setup.chips if setup is not None else settings.chip_mode
    window = MistakesWindow(catalogue, ruleset, parent=main, seats=seats, side_bets=side_bets,
                            options=options, recorder=recorder, exam=setup,
                            chips=chips if shown else None)
    # inside the screen (maximized on a laptop's), or where it was left last time
    fit_window(window, MistakesWindow.place_key, QSize(1600, 900))
    show_exercise_window(window)
    return window


def main(argv: list[str] | None = None) -> int:
    """``python -m trainer.ui.mistakes_window [rule set]``."""
    args = sys.argv[1:] if argv is None else argv
    try:
        catalogue = load_catalogue()
        ruleset = load_ruleset(args[0] if args else DEFAULT_RULES)
    except (CatalogueError, RuleSetError) as error:
        print(f"hhe-trainer: {error}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication([])
    window = MistakesWindow(catalogue, ruleset)
    window.resize(1366, 768)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
