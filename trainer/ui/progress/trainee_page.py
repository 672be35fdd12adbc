"""One trainee's page for the instructor: progress, mistakes (re-openable) and exams."""

from __future__ import annotations

import copy
from typing import Protocol

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import _
from trainer.storage.interfaces import ClassViewReads, ExamResults
from trainer.storage.models import Exam, Mistake
from trainer.ui.progress.models import ExamsModel, MistakesModel, SortFilterProxy
from trainer.ui.progress.progress_view import (
    ProgressView,
    ProgressViewSources,
    configure_table,
)
from trainer.ui.progress.trends import TrendsView


class TraineePageSources(ProgressViewSources, ClassViewReads, ExamResults, Protocol):
    """What a trainee's page reads: progress, trends, mistakes, exams and seals."""


class ExamsTable(QTableView):
    """Exams, newest first: set-up and version, attempt, rule set, score (as every screen
    shows it), result. The trainee's own (My progress) and the instructor's Exams tab."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exams")
        self.exams_model = ExamsModel(self)
        self.exams_proxy = SortFilterProxy(self)
        self.exams_proxy.setSourceModel(self.exams_model)
        self.setModel(self.exams_proxy)
        configure_table(self, stretch=None)
        # Every column as wide as its widest text (a scroll bar when the window is narrow):
        # a set-up's name, the attempt, the rule set are never cut off.
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.sortByColumn(0, Qt.SortOrder.DescendingOrder)

    def set_exams(self, exams: list[Exam]) -> None:
        self.exams_model.set_rows(exams)
        if self.exams_proxy.rowCount():
            self.selectRow(0)


class TraineePage(QWidget):
    """One trainee for the instructor: progress, mistakes (re-openable) and exams.

    ``openRound`` carries a mistake's round (a dict, exactly as recorded);
    ``back`` asks to return to the roster; ``skillsCsvRequested`` asks to save the
    figures and mastery per skill as CSV.
    """

    openRound = Signal(object, object)  # the round as recorded (a dict), and its Mistake
    back = Signal()
    skillsCsvRequested = Signal()
    assignRequested = Signal()
    """The instructor asks to assign this trainee a lesson or an exam."""

    def __init__(self, db: TraineePageSources, trainee_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_id = trainee_id
        self.setObjectName("trainee_page")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.back_button = QPushButton(_("\u2190 All trainees"))
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.back)
        top.addWidget(self.back_button)
        top.addStretch(1)
        self.assign_button = QPushButton(_("Assign work\u2026"))
        self.assign_button.setObjectName("assign_work")
        self.assign_button.setToolTip(_("A lesson or an exam for this trainee, with a due date"))
        self.assign_button.clicked.connect(self.assignRequested)
        top.addWidget(self.assign_button)
        self.skills_csv_button = QPushButton(_("Export skills CSV\u2026"))
        self.skills_csv_button.setObjectName("skills_csv")
        self.skills_csv_button.setToolTip(_(
            "Save this trainee's figures, mastery and target met per skill as a CSV file"
        ))
        self.skills_csv_button.clicked.connect(self.skillsCsvRequested)
        top.addWidget(self.skills_csv_button)
        layout.addLayout(top)
        self.records_label = QLabel()
        self.records_label.setObjectName("records")
        self.records_label.setWordWrap(True)
        self.records_label.setToolTip(_(
            "Records counts every one of the trainee's answers, course answers (rulings and"
            " drill rounds) and exams: each is sealed with this station's secret when it is"
            " recorded; one changed outside the trainer (with an SQLite tool, say) shows as"
            " ALTERED."
        ))
        layout.addWidget(self.records_label)

        self.tabs = QTabWidget()
        self.progress = ProgressView(db, trainee_id)
        self.tabs.addTab(self.progress, _("Progress"))

        self.mistakes_model = MistakesModel(self)
        self.mistakes_proxy = SortFilterProxy(self)
        self.mistakes_proxy.setSourceModel(self.mistakes_model)
        self.mistakes_view = QTableView()
        self.mistakes_view.setObjectName("mistakes")
        self.mistakes_view.setModel(self.mistakes_proxy)
        configure_table(self.mistakes_view, stretch=4)  # the answer given
        self.mistakes_view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.mistakes_view.doubleClicked.connect(self._mistake_double_clicked)
        self.open_button = QPushButton(_("Open on table"))
        self.open_button.setObjectName("open_on_table")
        self.open_button.setToolTip(_("Deal this round again exactly as it was dealt (practice)"))
        self.open_button.clicked.connect(self.open_selected_mistake)
        self.mistakes_hint = QLabel(_(
            "Double-click a mistake, or select it and press \u201cOpen on table\u201d, to deal"
            " its round again exactly as it was dealt."
        ))
        self.mistakes_hint.setWordWrap(True)
        mistakes_page = QWidget()
        mistakes_layout = QVBoxLayout(mistakes_page)
        mistakes_layout.addWidget(self.mistakes_hint)
        mistakes_layout.addWidget(self.mistakes_view, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.open_button)
        mistakes_layout.addLayout(row)
        self.tabs.addTab(mistakes_page, _("Mistakes"))

        self.exams_view = ExamsTable()
        self.exams_model = self.exams_view.exams_model
        self.exams_proxy = self.exams_view.exams_proxy
        exams_page = QWidget()
        exams_layout = QVBoxLayout(exams_page)
        self.exams_hint = QLabel(_(
            "Select an exam and press \u201cExam PDF\u2026\u201d for its printable report."
        ))
        exams_layout.addWidget(self.exams_hint)
        exams_layout.addWidget(self.exams_view, 1)
        self.tabs.addTab(exams_page, _("Exams"))
        self.trends = TrendsView(db, [trainee_id])
        self.tabs.addTab(self.trends, _("Trends"))
        layout.addWidget(self.tabs, 1)

        self.mistakes_view.selectionModel().selectionChanged.connect(self._mistake_selection)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the trainee's figures, mistakes and exams."""
        self.progress.refresh()
        self.trends.refresh()
        self.mistakes_model.set_rows(self.db.trainee_mistakes(self.trainee_id))
        self.exams_view.set_exams(self.db.exam_results(self.trainee_id))
        summary = self.db.record_seals(self.trainee_id)
        text = _("Records: {records}.", records=reports.records_text(summary))
        if summary.uncheckable_why:
            text = _("{records} {why}", records=text, why=summary.uncheckable_why)
        self.records_label.setText(text)
        self.records_label.setStyleSheet("" if summary.all_valid
                                         else "color: #a3121f; font-weight: bold")
        self.tabs.setTabText(1, _("Mistakes ({count})", count=self.mistakes_model.rowCount()))
        self.tabs.setTabText(2, _("Exams ({count})", count=self.exams_model.rowCount()))
        if self.mistakes_proxy.rowCount():
            self.mistakes_view.selectRow(0)
        self._mistake_selection()

    def selected_mistake(self) -> Mistake | None:
        """The mistake selected in the list, if any."""
        row = self._selected(self.mistakes_view, self.mistakes_proxy, self.mistakes_model)
        return row if isinstance(row, Mistake) else None

    def selected_exam(self) -> Exam | None:
        """The exam selected in the list, if any."""
        row = self._selected(self.exams_view, self.exams_proxy, self.exams_model)
        return row if isinstance(row, Exam) else None

    @staticmethod
    def _selected(
        view: QTableView, proxy: SortFilterProxy, model: MistakesModel | ExamsModel
    ) -> Mistake | Exam | None:
        rows = view.selectionModel().selectedRows()
        if not rows:
            return None
        return model.row_at(proxy.mapToSource(rows[0]).row())

    def open_selected_mistake(self) -> None:
        """Emit ``openRound`` with the selected mistake's round, exactly as recorded."""
        mistake = self.selected_mistake()
        if mistake is not None:
            self.openRound.emit(copy.deepcopy(mistake.round), mistake)

    def _mistake_double_clicked(self, index: QModelIndex) -> None:
        self.mistakes_view.selectRow(index.row())
        self.open_selected_mistake()

    def _mistake_selection(self, *_selection: QItemSelection) -> None:
        self.open_button.setEnabled(self.selected_mistake() is not None)
