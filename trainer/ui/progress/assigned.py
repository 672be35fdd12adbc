"""What a trainee has been assigned, on their progress page: each lesson or exam, who
gave it (them, or their class), when it is due and whether it is done."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGroupBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout

from trainer.i18n import N_, _
from trainer.reports.assignments import AssignedItem
from trainer.storage.classes import AssignmentState

STATE_TEXT = {
    AssignmentState.DONE: N_("\u2713 done"),
    AssignmentState.OVERDUE: N_("overdue"),
    AssignmentState.DUE_SOON: N_("due soon"),
    AssignmentState.OPEN: N_("to do"),
}
STATE_COLOUR = {
    AssignmentState.DONE: QColor("#17723a"),
    AssignmentState.OVERDUE: QColor("#b3261e"),
    AssignmentState.DUE_SOON: QColor("#a15c00"),
}


class AssignedBox(QGroupBox):
    """The trainee's assignments, soonest due first; hidden when there are none."""

    HEADER = (N_("Assigned"), N_("Given to"), N_("Due"), N_("Status"))

    def __init__(self) -> None:
        super().__init__(_("Assigned work"))  # the trainee's own page and the instructor's
        self.setObjectName("assigned_box")
        self.table = QTableWidget(0, len(self.HEADER))
        self.table.setObjectName("assigned")
        self.table.setHorizontalHeaderLabels([_(title) for title in self.HEADER])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        self.hide()

    def set_items(self, items: Sequence[AssignedItem]) -> None:
        self.table.setRowCount(0)
        for item in items:
            row = self.table.rowCount()
            self.table.insertRow(row)
            due = item.assignment.due
            cells = (item.title, item.given_to, due.isoformat() if due else _("no due date"),
                     _(STATE_TEXT[item.state]))
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                colour = STATE_COLOUR.get(item.state)
                if column == len(cells) - 1 and colour is not None:
                    cell.setForeground(QBrush(colour))
                self.table.setItem(row, column, cell)
        rows = self.table.rowCount()
        height = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
        height += sum(self.table.rowHeight(row) for row in range(min(rows, 6)))
        self.table.setFixedHeight(height)
        self.setVisible(rows > 0)

    def texts(self) -> list[tuple[str, ...]]:
        """Each row's cells as shown (for tests and screen readers)."""
        return [
            tuple(self._text(row, column) for column in range(len(self.HEADER)))
            for row in range(self.table.rowCount())
        ]

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return "" if item is None else item.text()
