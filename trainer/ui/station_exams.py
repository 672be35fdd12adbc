"""My exams' second list: the trainee's own exams of the station's Settings.

Game ▸ Exam mode without an instructor's set-up deals the station's exam: it
ends PASSED or FAILED against the station's pass mark (the site file's exam's,
else 80%) and is kept here, apart from the instructor's exams, because it is
not one of them: it is never signed off and never counts for an assignment.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from trainer import reports
from trainer.i18n import N_, _
from trainer.storage.models import StationExam
from trainer.ui.progress.models import BAD, GOOD, Column, RowsModel, SortFilterProxy
from trainer.ui.progress.progress_view import configure_table

NOT_AN_INSTRUCTORS_EXAM = N_(
    "Station exams: your own exams of this station's Settings (Game \u25b8 Exam mode)."
    " Not an instructor's exam: they never count for a certification or an assignment."
)


def station_result_text(exam: StationExam) -> str:
    """``PASS``, ``FAIL``, ``in progress``, like an instructor's exam's result."""
    if exam.passed is None:
        return _("in progress")
    return _("PASS") if exam.passed else _("FAIL")


class StationExamsModel(RowsModel[StationExam]):
    """A trainee's station exams, newest first."""

    columns = (
        Column[StationExam](N_("Started"), lambda e: reports.local_time(e.started),
                            lambda e: e.started),
        Column[StationExam](N_("Kind"), lambda e: _("Station exam (not an instructor's)"),
                            lambda e: 0),
        Column[StationExam](N_("Rule set"), lambda e: reports.ruleset_title(e.ruleset_id),
                            lambda e: e.ruleset_id),
        Column[StationExam](N_("Rounds"), lambda e: _("{done} of {rounds}", done=e.rounds_complete,
                                                                 rounds=e.rounds),
                            lambda e: e.rounds, True),
        Column[StationExam](N_("Pass mark"),
                            lambda e: _("{percent}%", percent=format(e.pass_mark, "g")),
                            lambda e: e.pass_mark,
                            True),
        Column[StationExam](N_("Score"), lambda e: reports.score_text(e.score), lambda e: e.score,
                            True),
        Column[StationExam](
            N_("Result"), station_result_text, lambda e: {True: 0, False: 1, None: 2}[e.passed],
            colour=lambda e: None if e.passed is None else GOOD if e.passed else BAD,
        ),
    )


class StationExamsView(QWidget):
    """The note saying what station exams are, above their table."""

    def __init__(self, exams: list[StationExam], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("station_exams")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.note = QLabel(_(NOT_AN_INSTRUCTORS_EXAM))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.table = QTableView(self)
        self.model = StationExamsModel(self)
        self.model.set_rows(exams)
        proxy = SortFilterProxy(self)
        proxy.setSourceModel(self.model)
        self.table.setModel(proxy)
        configure_table(self.table, stretch=None)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        layout.addWidget(self.table)
