"""Spot the dealer's mistake, a minimal window (issue 23, item 2).

The table shows a round already settled by "a dealer": every wager's result drawn on its
spot (taken, pushed, or the payout beside it) from the dealer's copy of the engine's
settlement (:mod:`trainer.training.mistakes`; the window computes no payout). The list
beside it has one row per spot the trainee can mark: each wager, a capped seat's total,
the settlement order. The trainee marks a row with the right settlement (typed as in
practice: an amount, ``push``, ``take``; for the order the seats, ``1 6 4 3``) or says
"all correct" by marking nothing; **Done** grades the marks and explains each.

Keys: Up/Down choose a row (a click on a seat chooses its first row), type the right
settlement and Enter marks it, Delete unmarks, Ctrl+Enter is Done, Ctrl+N the next
round. Answers are not recorded yet; the window is opened with
``python -m trainer.ui.mistakes_window [rule set]``.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QFontInfo, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.money import dollars
from trainer.engine.rulesets import DEFAULT_RULES, RuleSet, RuleSetError, load_ruleset
from trainer.training.answers import AnswerError, parse_amount_answer, parse_payout
from trainer.training.mistake_catalogue import Catalogue, CatalogueError, load_catalogue
from trainer.training.mistakes import (
    Correction,
    Finding,
    Mark,
    MistakeError,
    MistakeExercise,
    MistakeGrade,
    Spot,
    deal_exercise,
    grade_marks,
)
from trainer.training.questions import payout_text
from trainer.ui.keys import shortcut
from trainer.ui.progress.models import Column, RowsModel
from trainer.ui.table.view import TableView
from trainer.ui.text_scale import scale_window_text

TITLE = "Spot the dealer's mistake"
_MARK = {Finding.FOUND: "\u2714", Finding.ALL_CORRECT: "\u2714"}


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
        Column[SpotRow]("Seat", _seat_text, lambda r: r.spot.seat or 0, numeric=True),
        Column[SpotRow]("Wager", lambda r: r.wager, lambda r: r.wager),
        Column[SpotRow]("Stake", lambda r: r.stake, lambda r: r.stake, numeric=True),
        Column[SpotRow]("The dealer", lambda r: r.dealer, lambda r: r.dealer),
        Column[SpotRow]("Your mark", lambda r: r.mark, lambda r: r.mark),
    )


def _correction_text(correction: Correction) -> str:
    if isinstance(correction, Decimal):
        return dollars(correction)
    if isinstance(correction, tuple):
        return " ".join(map(str, correction))
    return payout_text(correction)


def parse_correction(spot: Spot, text: str) -> Correction:
    """The right settlement as typed for ``spot``; AnswerError with a sentence otherwise."""
    if spot.seat is None:
        words = text.replace(",", " ").split()
        if not words or not all(word.isdigit() for word in words):
            raise AnswerError("Type the seats in the order they are settled, e.g. 1 6 4 3")
        return tuple(int(word) for word in words)
    if spot.wager is None:
        return parse_amount_answer(text)
    return parse_payout(text)


class MistakesWindow(QMainWindow):
    """One exercise after another, dealt from ``seed`` (the next round: ``seed + 1``)."""

    def __init__(self, catalogue: Catalogue, ruleset: RuleSet, seed: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.catalogue, self.ruleset = catalogue, ruleset
        self.seed = random.randrange(2**31) if seed is None else seed
        self.exercise: MistakeExercise | None = None
        self.marks: dict[Spot, Correction] = {}
        self.grade: MistakeGrade | None = None

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
        self.field.setPlaceholderText("the right settlement: 7.50, push, take; order: 1 6 4 3")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.mark_button = QPushButton("Mark (Enter)")
        self.unmark_button = QPushButton("Unmark (Delete)")
        self.done_button = QPushButton("Done (Ctrl+Enter)")
        self.next_button = QPushButton("Next round (Ctrl+N)")
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
                                                         self.unmark_selected)):
            shortcut(keys, self, slot)
        self.field.installEventFilter(self)
        self.show_exercise(deal_exercise(self.seed, catalogue, ruleset))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Text 1/60 of the window's height (as the answer panel's), never below the
        desktop's: readable on a 4K screen."""
        super().resizeEvent(event)
        desktop = QFontInfo(QApplication.font()).pixelSize()
        scale_window_text(self, max(desktop, self.height() // 60))

    # --- the round ------------------------------------------------------------------------

    def show_exercise(self, exercise: MistakeExercise) -> None:
        """Put ``exercise`` on the table: the round, and the dealer's results on its spots."""
        self.exercise, self.marks, self.grade = exercise, {}, None
        self.table.show_round(exercise.settlement.round, dealer_revealed=True)
        for seat in exercise.dealer.seats:
            for settled in seat.wagers:
                self.table.spot_item(seat.seat, settled.wager).set_result(settled.outcome,
                                                                          settled.amount)
        order = ", ".join(map(str, exercise.dealer.order))
        self.heading.setText(
            f"<b>{TITLE}.</b> The dealer settled this round (seats {order}). Mark each"
            " wrong settlement with the right one, or press Done with no marks for"
            " \u201call correct\u201d.")
        self.result.clear()
        self.error.clear()
        self._refresh()
        self.spots.selectRow(0)
        self.field.setEnabled(True)
        self.field.setFocus()

    def _rows(self) -> list[SpotRow]:
        assert self.exercise is not None
        rows = []
        for spot in self.exercise.spots:
            mark = self.marks.get(spot)
            marked = "" if mark is None else _correction_text(mark)
            if spot.seat is None:
                rows.append(SpotRow(spot, "Order", "",
                                    " ".join(map(str, self.exercise.dealer.order)), marked))
                continue
            seat = self.exercise.dealer.seat(spot.seat)
            if spot.wager is None:
                rows.append(SpotRow(spot, "Total (capped)" if seat.capped else "Total", "",
                                    dollars(seat.total), marked))
                continue
            settled = seat.wager(spot.wager)
            assert settled is not None
            rows.append(SpotRow(spot, spot.wager.label, dollars(settled.stake),
                                settled.text(), marked))
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

    def _seat_clicked(self, seat: int) -> None:
        for row, shown in enumerate(self.model.rows()):
            if shown.spot.seat == seat:
                self.spots.selectRow(row)
                break
        self.field.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the field move through the rows."""
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
                                [Mark(spot, value) for spot, value in self.marks.items()])
        except MistakeError as error:
            self.error.setText(str(error))
            return
        self.grade = grade
        self.field.setEnabled(False)
        wrong = len(self.exercise.causes)
        found = grade.count(Finding.FOUND)
        invented = grade.count(Finding.INVENTED)
        verdict = "\u2714 Right" if grade.correct else "\u2718 Not yet"
        lines = [f"<p><b>{verdict}:</b> {found} of {wrong} wrong settlement"
                 f"{'s' * (wrong != 1)} found, {invented} invented.</p>"]
        for result in grade.results:
            sign = _MARK.get(result.finding, "\u2718")
            label = result.finding.value.capitalize()
            text = result.explanation.removeprefix(f"{label}: ")
            lines.append(f"<p>{sign} <b>{label}:</b> {text}</p>")
        self.result.setHtml("".join(lines))
        self.table.show_settlement(self.exercise.settlement)

    def next_round(self) -> None:
        self.seed += 1
        self.show_exercise(deal_exercise(self.seed, self.catalogue, self.ruleset))


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
