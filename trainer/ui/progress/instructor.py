"""The instructor area: sign-in, the roster, a trainee's page, exam set-up, reports, merging.

Everything here reads and writes through :class:`~trainer.storage.database.TrainerDB`;
reports come from :mod:`trainer.reports`. File choices go through
:meth:`InstructorDashboard._ask_save_path` / :meth:`~InstructorDashboard._ask_open_path`
and modal dialogs through :meth:`InstructorDashboard._run_dialog`, so tests can
replace them. Problems are shown as a sentence in the dashboard, never as a traceback.
"""

from __future__ import annotations

import copy
import math
import re
import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import QItemSelection, QModelIndex, QStandardPaths, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.engine.rulesets import PRESETS, RuleSetError, load_preset
from trainer.storage.database import TrainerDB
from trainer.storage.models import Exam, MergeError, MergeReport, Mistake, StorageError
from trainer.storage.passwords import MIN_PASSWORD_LENGTH
from trainer.ui.progress.models import (
    ExamsModel,
    MistakesModel,
    RosterModel,
    SortFilterProxy,
)
from trainer.ui.progress.pdf import write_pdf
from trainer.ui.progress.progress_view import ProgressView, configure_table

__all__ = [
    "ExamSetup",
    "ExamSetupDialog",
    "InstructorDashboard",
    "InstructorSignInDialog",
    "RosterModel",
    "SortFilterProxy",
    "TraineePage",
    "parse_exam_setup",
]

WRONG_SIGN_IN = "Wrong name or password"
ERROR_STYLE = "color: #b3261e; font-weight: bold;"
PROBLEMS = (StorageError, sqlite3.Error, OSError)
"""What a dashboard action may run into; each is shown as a sentence."""


def _error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("message")
    label.setStyleSheet(ERROR_STYLE)
    label.setWordWrap(True)
    return label


def _heading(text: str, scale: float = 1.35) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


# --------------------------------------------------------------------------- sign-in


class InstructorSignInDialog(QDialog):
    """Name and password; or, on a station with no instructor yet, create the first one.

    A wrong name or password (a trainee's name included) shows "Wrong name or
    password" and the dialog stays open. ``signed_in_name`` holds the instructor
    once the dialog is accepted.
    """

    def __init__(self, db: TrainerDB, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.signed_in_name: str | None = None
        self.creating = not db.list_instructors()
        title = "Create the first instructor" if self.creating else "Instructor sign-in"
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        self.heading = _heading(
            "Create the first instructor" if self.creating else "Instructor area"
        )
        layout.addWidget(self.heading)
        self.explanation = QLabel(
            "No instructor has been set up on this station yet. Choose the name and"
            f" password of the first one (at least {MIN_PASSWORD_LENGTH} characters)."
            " The password protects every trainee's records."
            if self.creating
            else "Sign in to see trainees' records, set up exams and print reports."
        )
        self.explanation.setWordWrap(True)
        layout.addWidget(self.explanation)

        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("name")
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("password")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.repeat_edit = QLineEdit()
        self.repeat_edit.setObjectName("repeat")
        self.repeat_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("&Name", self.name_edit)
        form.addRow("&Password", self.password_edit)
        if self.creating:
            form.addRow("&Repeat password", self.repeat_edit)
        else:
            self.repeat_edit.hide()
        layout.addLayout(form)

        self.message = _error_label()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Create and sign in" if self.creating else "Sign in")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.name_edit.setFocus()
        em = self.fontMetrics().averageCharWidth()
        self.setMinimumWidth(em * 64)

    def accept(self) -> None:
        """Check the entries; close only when signed in (or the instructor was created)."""
        try:
            done = self._create() if self.creating else self._sign_in()
        except sqlite3.Error as error:
            self.message.setText(f"The database could not be read ({error}).")
            return
        if done:
            super().accept()

    def _sign_in(self) -> bool:
        name = self.name_edit.text().strip()
        if self.db.verify_instructor(name, self.password_edit.text()):
            self.signed_in_name = name
            self.message.clear()
            return True
        self.message.setText(WRONG_SIGN_IN)
        self.password_edit.clear()
        self.password_edit.setFocus()
        return False

    def _create(self) -> bool:
        name = self.name_edit.text().strip()
        password = self.password_edit.text()
        if not name:
            self.message.setText("Type the instructor's name.")
            self.name_edit.setFocus()
            return False
        if password != self.repeat_edit.text():
            self.message.setText("The two passwords differ: type the same password twice.")
            self.repeat_edit.clear()
            self.repeat_edit.setFocus()
            return False
        try:
            self.db.create_instructor(name, password)
        except StorageError as error:
            self.message.setText(str(error))
            return False
        self.signed_in_name = name
        self.message.clear()
        return True


# --------------------------------------------------------------------------- exam set-up


@dataclass(frozen=True)
class ExamSetup:
    """A checked exam set-up, ready for ``db.create_exam_config``."""

    name: str
    rounds: int
    ruleset_id: str
    pass_mark: float
    time_limit_seconds: int | None


MAX_EXAM_ROUNDS = 1000
MAX_TIME_LIMIT_MINUTES = 600


def parse_exam_setup(
    name: str, rounds: str, ruleset_id: str, pass_mark: str, minutes: str
) -> ExamSetup:
    """Check the typed set-up; raise ``ValueError`` with a sentence naming the field."""
    clean_name = name.strip()
    if not clean_name:
        raise ValueError("Name: give the exam set-up a name, e.g. \u201cFinal exam\u201d.")
    text = rounds.strip()
    if not re.fullmatch(r"\d+", text) or not 1 <= int(text) <= MAX_EXAM_ROUNDS:
        raise ValueError(
            f"Number of rounds: {text or 'nothing'} is not a whole number from 1 to"
            f" {MAX_EXAM_ROUNDS}."
        )
    if ruleset_id not in PRESETS:
        raise ValueError(f"Rule set: {ruleset_id!r} is not one of {', '.join(PRESETS)}.")
    mark_text = pass_mark.strip().removesuffix("%").strip()
    try:
        mark = float(mark_text)
    except ValueError:
        mark = math.nan
    if not math.isfinite(mark) or not 0 <= mark <= 100:
        raise ValueError(
            f"Pass mark: {pass_mark.strip() or 'nothing'} is not a percentage from 0 to 100."
        )
    limit_text = minutes.strip()
    limit: int | None = None
    if limit_text:
        if not re.fullmatch(r"\d+", limit_text) or not (
            1 <= int(limit_text) <= MAX_TIME_LIMIT_MINUTES
        ):
            raise ValueError(
                f"Time limit: {limit_text} is not a whole number of minutes from 1 to"
                f" {MAX_TIME_LIMIT_MINUTES} (leave it empty for no limit)."
            )
        limit = int(limit_text) * 60
    return ExamSetup(clean_name, int(text), ruleset_id, mark, limit)


def _preset_title(preset: str) -> str:
    try:
        ruleset = load_preset(preset)
    except (RuleSetError, OSError):
        return preset
    return f"{ruleset.name} ({preset})"


class ExamSetupDialog(QDialog):
    """Exam set-up: name, number of rounds, rule set, pass mark %, time limit in minutes.

    Invalid values are refused with a message under the form; ``config_id`` holds
    the new set-up's id once the dialog is accepted.
    """

    def __init__(self, db: TrainerDB, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.config_id: int | None = None
        self.setup: ExamSetup | None = None
        self.setWindowTitle("Exam set-up")
        layout = QVBoxLayout(self)
        layout.addWidget(_heading("New exam set-up"))
        form = QFormLayout()
        existing = {config.name for config in db.list_exam_configs()}
        default = "Final exam"
        number = 2
        while default in existing:
            default = f"Final exam {number}"
            number += 1
        self.name_edit = QLineEdit(default)
        self.name_edit.setObjectName("exam_name")
        self.rounds_edit = QLineEdit("10")
        self.rounds_edit.setObjectName("rounds")
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setObjectName("ruleset")
        for preset in PRESETS:
            self.ruleset_combo.addItem(_preset_title(preset), preset)
        self.pass_mark_edit = QLineEdit("80")
        self.pass_mark_edit.setObjectName("pass_mark")
        self.time_limit_edit = QLineEdit()
        self.time_limit_edit.setObjectName("time_limit")
        self.time_limit_edit.setPlaceholderText("empty: no limit")
        form.addRow("&Name", self.name_edit)
        form.addRow("Number of &rounds", self.rounds_edit)
        form.addRow("Rule &set", self.ruleset_combo)
        form.addRow("&Pass mark (%)", self.pass_mark_edit)
        form.addRow("&Time limit (minutes)", self.time_limit_edit)
        layout.addLayout(form)
        if existing:
            listing = QLabel("Existing set-ups: " + ", ".join(sorted(existing)))
            listing.setWordWrap(True)
            listing.setStyleSheet("color: palette(placeholder-text);")
            layout.addWidget(listing)
        self.message = _error_label()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

    def accept(self) -> None:
        """Save the set-up, or say what is wrong and stay open."""
        try:
            setup = parse_exam_setup(
                self.name_edit.text(),
                self.rounds_edit.text(),
                str(self.ruleset_combo.currentData()),
                self.pass_mark_edit.text(),
                self.time_limit_edit.text(),
            )
            self.config_id = self.db.create_exam_config(
                setup.name,
                setup.rounds,
                setup.ruleset_id,
                setup.pass_mark,
                setup.time_limit_seconds,
            )
        except (ValueError, sqlite3.Error) as error:  # StorageError is a ValueError
            self.message.setText(str(error))
            return
        self.setup = setup
        super().accept()


# --------------------------------------------------------------------------- trainee page


class TraineePage(QWidget):
    """One trainee for the instructor: progress, mistakes (re-openable) and exams.

    ``openRound`` carries a mistake's round (a dict, exactly as recorded);
    ``back`` asks to return to the roster.
    """

    openRound = Signal(object)  # a dict: the round as recorded
    back = Signal()

    def __init__(self, db: TrainerDB, trainee_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_id = trainee_id
        self.setObjectName("trainee_page")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.back_button = QPushButton("\u2190 All trainees")
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.back)
        top.addWidget(self.back_button)
        top.addStretch(1)
        layout.addLayout(top)

        self.tabs = QTabWidget()
        self.progress = ProgressView(db, trainee_id)
        self.tabs.addTab(self.progress, "Progress")

        self.mistakes_model = MistakesModel(self)
        self.mistakes_proxy = SortFilterProxy(self)
        self.mistakes_proxy.setSourceModel(self.mistakes_model)
        self.mistakes_view = QTableView()
        self.mistakes_view.setObjectName("mistakes")
        self.mistakes_view.setModel(self.mistakes_proxy)
        configure_table(self.mistakes_view, stretch=4)  # the answer given
        self.mistakes_view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.mistakes_view.doubleClicked.connect(self._mistake_double_clicked)
        self.open_button = QPushButton("Open on table")
        self.open_button.setObjectName("open_on_table")
        self.open_button.setToolTip("Deal this round again exactly as it was dealt (practice)")
        self.open_button.clicked.connect(self.open_selected_mistake)
        self.mistakes_hint = QLabel(
            "Double-click a mistake, or select it and press \u201cOpen on table\u201d, to deal"
            " its round again exactly as it was dealt."
        )
        self.mistakes_hint.setWordWrap(True)
        mistakes_page = QWidget()
        mistakes_layout = QVBoxLayout(mistakes_page)
        mistakes_layout.addWidget(self.mistakes_hint)
        mistakes_layout.addWidget(self.mistakes_view, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.open_button)
        mistakes_layout.addLayout(row)
        self.tabs.addTab(mistakes_page, "Mistakes")

        self.exams_model = ExamsModel(self)
        self.exams_proxy = SortFilterProxy(self)
        self.exams_proxy.setSourceModel(self.exams_model)
        self.exams_view = QTableView()
        self.exams_view.setObjectName("exams")
        self.exams_view.setModel(self.exams_proxy)
        configure_table(self.exams_view, stretch=None)
        self.exams_view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        exams_page = QWidget()
        exams_layout = QVBoxLayout(exams_page)
        self.exams_hint = QLabel(
            "Select an exam and press \u201cExam PDF\u2026\u201d for its printable report."
        )
        exams_layout.addWidget(self.exams_hint)
        exams_layout.addWidget(self.exams_view, 1)
        self.tabs.addTab(exams_page, "Exams")
        layout.addWidget(self.tabs, 1)

        self.mistakes_view.selectionModel().selectionChanged.connect(self._mistake_selection)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the trainee's figures, mistakes and exams."""
        self.progress.refresh()
        self.mistakes_model.set_rows(self.db.trainee_mistakes(self.trainee_id))
        self.exams_model.set_rows(self.db.exam_results(self.trainee_id))
        self.tabs.setTabText(1, f"Mistakes ({self.mistakes_model.rowCount()})")
        self.tabs.setTabText(2, f"Exams ({self.exams_model.rowCount()})")
        if self.mistakes_proxy.rowCount():
            self.mistakes_view.selectRow(0)
        if self.exams_proxy.rowCount():
            self.exams_view.selectRow(0)
        self._mistake_selection()

    def selected_mistake(self) -> Mistake | None:
        """The mistake selected in the list, if any."""
        return self._selected(self.mistakes_view, self.mistakes_proxy, self.mistakes_model)

    def selected_exam(self) -> Exam | None:
        """The exam selected in the list, if any."""
        return self._selected(self.exams_view, self.exams_proxy, self.exams_model)

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
            self.openRound.emit(copy.deepcopy(mistake.round))

    def _mistake_double_clicked(self, index: QModelIndex) -> None:
        self.mistakes_view.selectRow(index.row())
        self.open_selected_mistake()

    def _mistake_selection(self, *_: QItemSelection) -> None:
        self.open_button.setEnabled(self.selected_mistake() is not None)


# --------------------------------------------------------------------------- dashboard


def _describe_merge(report: MergeReport) -> str:
    if not report.added_anything:
        return (
            f"Station {report.station}: everything in this file was merged before;"
            " nothing new was added."
        )
    parts = [
        (report.trainees, "trainee"),
        (report.sessions, "session"),
        (report.rounds, "round"),
        (report.answers, "answer"),
        (report.exams, "exam"),
        (report.course_answers, "ruling or scenario answer"),
    ]
    added = ", ".join(f"{count} {word}{'s' * (count != 1)}" for count, word in parts)
    return f"Merged station {report.station}: added {added}."


def _safe_file_part(text: str) -> str:
    return re.sub(r"[^\w.-]+", "-", text, flags=re.UNICODE).strip("-") or "trainee"


class InstructorDashboard(QWidget):
    """The roster (sortable, filterable), a trainee's page, exam set-up, reports and merging.

    ``openRound`` carries a mistake's round (a dict, exactly as recorded) for the
    main window to deal on the table.
    """

    openRound = Signal(object)  # a dict: the round as recorded

    def __init__(self, db: TrainerDB, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_page: TraineePage | None = None
        self.room_key: str | None = None
        """The training room's key for station files (None: the default key)."""
        self.setObjectName("instructor_dashboard")
        self._folder = Path(
            QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            or Path.home()
        )
        em = self.fontMetrics().height()

        # Actions, always visible above the roster or the trainee page.
        self.open_button = QPushButton("Open trainee")
        self.roster_csv_button = QPushButton("Export roster CSV\u2026")
        self.answers_csv_button = QPushButton("Export answers CSV\u2026")
        self.report_button = QPushButton("PDF report\u2026")
        self.exam_pdf_button = QPushButton("Exam PDF\u2026")
        self.setup_button = QPushButton("Exam set-up\u2026")
        self.merge_button = QPushButton("Merge station file\u2026")
        self.station_export_button = QPushButton("Export this station\u2026")
        self.refresh_button = QPushButton("Refresh")
        tips = {
            self.open_button: "Open the selected trainee's page (or double-click the trainee)",
            self.roster_csv_button: "Save every trainee's figures as a CSV file",
            self.answers_csv_button: "Save every answer the selected trainee gave as a CSV file",
            self.report_button: "Save a printable PDF report on the selected trainee",
            self.exam_pdf_button: "Save a printable PDF report on the exam selected on the"
            " trainee's Exams tab",
            self.setup_button: "Set up an exam: rounds, rule set, pass mark, time limit",
            self.merge_button: "Merge a training-room station's exported results",
            self.station_export_button: "Save this station's results to a file for the"
            " instructor's machine to merge",
            self.refresh_button: "Read the figures again (F5)",
        }
        for button, tip in tips.items():
            button.setToolTip(tip)
        self.open_button.clicked.connect(self.open_selected_trainee)
        self.roster_csv_button.clicked.connect(self.export_roster_csv)
        self.answers_csv_button.clicked.connect(self.export_answers_csv)
        self.report_button.clicked.connect(self.export_trainee_pdf)
        self.exam_pdf_button.clicked.connect(self.export_exam_pdf)
        self.setup_button.clicked.connect(self.open_exam_setup)
        self.merge_button.clicked.connect(self.merge_station_file)
        self.station_export_button.clicked.connect(self.export_station_file)
        self.refresh_button.clicked.connect(self.refresh)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self, self.refresh)

        actions = QHBoxLayout()
        actions.setSpacing(round(em * 0.4))
        actions.addWidget(QLabel("Trainee:"))
        for button in (
            self.open_button,
            self.answers_csv_button,
            self.report_button,
            self.exam_pdf_button,
        ):
            actions.addWidget(button)
        actions.addSpacing(em)
        separator = QFrame()
        separator.setFrameShape(QFrame.Shape.VLine)
        separator.setFrameShadow(QFrame.Shadow.Sunken)
        actions.addWidget(separator)
        actions.addSpacing(em)
        actions.addWidget(QLabel("Station:"))
        for button in (
            self.roster_csv_button,
            self.setup_button,
            self.merge_button,
            self.station_export_button,
        ):
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.refresh_button)

        # The roster page.
        self.roster_model = RosterModel(db, self)
        self.proxy = SortFilterProxy(self)
        self.proxy.setSourceModel(self.roster_model)
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("name_filter")
        self.filter_edit.setPlaceholderText("Filter by name\u2026")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter_changed)
        self.filter_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 32)
        self.count_label = QLabel()
        self.roster_view = QTableView()
        self.roster_view.setObjectName("roster")
        self.roster_view.setModel(self.proxy)
        configure_table(self.roster_view, stretch=None)
        self.roster_view.sortByColumn(RosterModel.NAME, Qt.SortOrder.AscendingOrder)
        self.roster_view.activated.connect(self._roster_activated)
        self.roster_view.selectionModel().selectionChanged.connect(self._update_buttons)
        roster_page = QWidget()
        roster_layout = QVBoxLayout(roster_page)
        roster_layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.addWidget(_heading("Trainees"))
        header.addSpacing(em)
        header.addWidget(self.count_label)
        header.addStretch(1)
        header.addWidget(self.filter_edit)
        roster_layout.addLayout(header)
        roster_layout.addWidget(self.roster_view, 1)
        hint = QLabel(
            "Click a column title to sort by it. Double-click a trainee (or press Enter) to"
            " open their progress, mistakes and exams."
        )
        hint.setStyleSheet("color: palette(placeholder-text);")
        roster_layout.addWidget(hint)

        self.stack = QStackedWidget()
        self.stack.addWidget(roster_page)
        self.roster_page = roster_page

        self.message = QLabel()
        self.message.setObjectName("dashboard_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        layout = QVBoxLayout(self)
        layout.setSpacing(round(em * 0.5))
        layout.addLayout(actions)
        layout.addWidget(self.message)
        layout.addWidget(self.stack, 1)
        self._update_count()
        if self.proxy.rowCount():
            self.roster_view.selectRow(0)
        self._update_buttons()

    # -- roster

    def refresh(self) -> None:
        """Re-read the roster (keeping the selection) and the open trainee page."""
        selected = self._roster_selection()
        self.roster_model.refresh()
        if selected is not None:
            self.select_trainee(selected)
        self._update_count()
        if self.trainee_page is not None:
            self.trainee_page.refresh()
        self._update_buttons()

    def select_trainee(self, trainee_id: int) -> bool:
        """Select a trainee in the roster; False when not shown (e.g. filtered out)."""
        row = self.roster_model.row_of(trainee_id)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.roster_model.index(row, 0))
        if not index.isValid():
            return False
        self.roster_view.selectRow(index.row())
        return True

    def _roster_selection(self) -> int | None:
        rows = self.roster_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.roster_model.trainee_id(self.proxy.mapToSource(rows[0]).row())

    def _filter_changed(self, text: str) -> None:
        self.proxy.set_name_filter(text)
        self._update_count()
        self._update_buttons()

    def _update_count(self) -> None:
        total = self.roster_model.rowCount()
        shown = self.proxy.rowCount()
        noun = "trainee" if total == 1 else "trainees"
        self.count_label.setText(
            f"{total} {noun}" if shown == total else f"{shown} of {total} {noun} shown"
        )

    def _roster_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_trainee(self.roster_model.trainee_id(self.proxy.mapToSource(index).row()))

    # -- trainee page

    def open_selected_trainee(self) -> None:
        trainee_id = self._roster_selection()
        if trainee_id is not None:
            self.open_trainee(trainee_id)

    def open_trainee(self, trainee_id: int) -> TraineePage:
        """Show a trainee's page in place of the roster."""
        self._close_trainee_page()
        page = TraineePage(self.db, trainee_id)
        page.openRound.connect(self.openRound)
        page.back.connect(self.show_roster)
        page.exams_view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.trainee_page = page
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self._update_buttons()
        return page

    def show_roster(self) -> None:
        """Back to the roster (the trainee stays selected)."""
        trainee_id = self.trainee_page.trainee_id if self.trainee_page else None
        self.stack.setCurrentWidget(self.roster_page)
        self._close_trainee_page()
        if trainee_id is not None:
            self.select_trainee(trainee_id)
        self.roster_view.setFocus()
        self._update_buttons()

    def _close_trainee_page(self) -> None:
        page, self.trainee_page = self.trainee_page, None
        if page is not None:
            self.stack.removeWidget(page)
            page.hide()
            page.deleteLater()

    def selected_trainee_id(self) -> int | None:
        """The trainee whose page is open, else the one selected in the roster."""
        if self.trainee_page is not None:
            return self.trainee_page.trainee_id
        return self._roster_selection()

    def selected_exam_id(self) -> int | None:
        """The exam selected on the open trainee page's Exams tab."""
        if self.trainee_page is None:
            return None
        exam = self.trainee_page.selected_exam()
        return None if exam is None else exam.id

    def _update_buttons(self, *_: QItemSelection) -> None:
        trainee = self.selected_trainee_id() is not None
        self.open_button.setEnabled(self.trainee_page is None and trainee)
        self.answers_csv_button.setEnabled(trainee)
        self.report_button.setEnabled(trainee)
        self.exam_pdf_button.setEnabled(self.selected_exam_id() is not None)

    @property
    def file_folder(self) -> Path:
        """Where the file dialogs open (the last folder used)."""
        return self._folder

    def open_files_in(self, folder: Path) -> None:
        """Open the file dialogs in ``folder`` (the room's results folder), if it exists."""
        if folder.is_dir():
            self._folder = folder

    # -- messages and choices (replaceable in tests)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """Say what happened, in the banner above the roster."""
        colours = ("#fdecea", "#8c1d18", "#e6a19b") if error else ("#e8f3ec", "#14532d", "#9cc9ab")
        background, foreground, border = colours
        self.message.setStyleSheet(
            f"QLabel {{ background: {background}; color: {foreground};"
            f" border: 1px solid {border}; border-radius: 4px; padding: 0.4em 0.7em; }}"
        )
        self.message.setText(text)
        self.message.show()

    def _ask_save_path(self, title: str, file_filter: str, suggested: str = "") -> Path | None:
        """Ask where to save; None when cancelled. Adds the filter's extension if missing."""
        chosen, _ = QFileDialog.getSaveFileName(
            self, title, str(self._folder / suggested), file_filter
        )
        if not chosen:
            return None
        path = Path(chosen)
        extension = re.search(r"\*(\.\w+)", file_filter)
        if extension and not path.suffix:
            path = path.with_suffix(extension.group(1))
        self._folder = path.parent
        return path

    def _ask_open_path(self, title: str, file_filter: str) -> Path | None:
        """Ask for a file to read; None when cancelled."""
        chosen, _ = QFileDialog.getOpenFileName(self, title, str(self._folder), file_filter)
        if not chosen:
            return None
        path = Path(chosen)
        self._folder = path.parent
        return path

    def _run_dialog(self, dialog: QDialog) -> bool:
        """Show a modal dialog; True when accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    # -- actions

    def _trainee_file_name(self, trainee_id: int, what: str, extension: str) -> str:
        trainee = self.db.get_trainee(trainee_id)
        name = _safe_file_part(trainee.name if trainee else str(trainee_id))
        return f"{name}-{what}-{date.today().isoformat()}.{extension}"

    def export_roster_csv(self) -> Path | None:
        """Save the roster as CSV; returns the file written, or None."""
        path = self._ask_save_path(
            "Export roster CSV", "CSV files (*.csv)", f"roster-{date.today().isoformat()}.csv"
        )
        if path is None:
            return None
        try:
            reports.roster_csv(self.db, path)
        except PROBLEMS as error:
            self.show_message(f"The roster could not be saved: {error}", error=True)
            return None
        self.show_message(f"Roster saved to {path}.")
        return path

    def export_answers_csv(self) -> Path | None:
        """Save the selected trainee's answers as CSV; returns the file written, or None."""
        trainee_id = self.selected_trainee_id()
        if trainee_id is None:
            self.show_message("Select a trainee first.", error=True)
            return None
        path = self._ask_save_path(
            "Export answers CSV",
            "CSV files (*.csv)",
            self._trainee_file_name(trainee_id, "answers", "csv"),
        )
        if path is None:
            return None
        try:
            reports.trainee_answers_csv(self.db, trainee_id, path)
        except PROBLEMS as error:
            self.show_message(f"The answers could not be saved: {error}", error=True)
            return None
        self.show_message(f"Answers saved to {path}.")
        return path

    def export_trainee_pdf(self) -> Path | None:
        """Save the selected trainee's PDF report; returns the file written, or None."""
        trainee_id = self.selected_trainee_id()
        if trainee_id is None:
            self.show_message("Select a trainee first.", error=True)
            return None
        path = self._ask_save_path(
            "Trainee PDF report",
            "PDF files (*.pdf)",
            self._trainee_file_name(trainee_id, "report", "pdf"),
        )
        if path is None:
            return None
        try:
            write_pdf(reports.trainee_report_html(self.db, trainee_id), path)
        except PROBLEMS as error:
            self.show_message(f"The report could not be saved: {error}", error=True)
            return None
        self.show_message(f"Report saved to {path}.")
        return path

    def export_exam_pdf(self) -> Path | None:
        """Save the selected exam's PDF report; returns the file written, or None."""
        exam_id = self.selected_exam_id()
        if exam_id is None or self.trainee_page is None:
            self.show_message(
                "Open a trainee, then select an exam on the Exams tab.", error=True
            )
            return None
        path = self._ask_save_path(
            "Exam PDF report",
            "PDF files (*.pdf)",
            self._trainee_file_name(self.trainee_page.trainee_id, f"exam-{exam_id}", "pdf"),
        )
        if path is None:
            return None
        try:
            write_pdf(reports.exam_report_html(self.db, exam_id), path)
        except PROBLEMS as error:
            self.show_message(f"The exam report could not be saved: {error}", error=True)
            return None
        self.show_message(f"Exam report saved to {path}.")
        return path

    def open_exam_setup(self) -> int | None:
        """Set up an exam; returns the new set-up's id, or None when cancelled."""
        dialog = ExamSetupDialog(self.db, self)
        try:
            if not self._run_dialog(dialog) or dialog.setup is None:
                return None
            setup = dialog.setup
            limit = reports.time_limit_text(setup.time_limit_seconds)
            self.show_message(
                f"Exam set-up \u201c{setup.name}\u201d saved: {setup.rounds} rounds,"
                f" {reports.ruleset_title(setup.ruleset_id)}, pass mark {setup.pass_mark:g}%,"
                f" time limit {limit}."
            )
            return dialog.config_id
        finally:
            dialog.deleteLater()

    def export_station_file(self) -> Path | None:
        """Save this station's results for merging on the instructor's machine."""
        name = _safe_file_part(self.db.station)
        path = self._ask_save_path(
            "Export this station",
            "Station files (*.hhe)",
            f"station-{name}-{date.today().isoformat()}.hhe",
        )
        if path is None:
            return None
        try:
            self.db.export_station(path, self.room_key)
        except PROBLEMS as error:
            self.show_message(f"This station's results could not be saved: {error}", error=True)
            return None
        self.show_message(
            f"This station's results are saved to {path}. Merge the file on the"
            " instructor's machine (Merge station file\u2026); merging it again adds nothing."
        )
        return path

    def merge_station_file(self) -> MergeReport | None:
        """Merge a station's export; shows what was added, or why the file was refused."""
        path = self._ask_open_path(
            "Merge station file", "Station files (*.hhe *.json);;All files (*)"
        )
        if path is None:
            return None
        try:
            report = self.db.merge_station(path, self.room_key)
        except MergeError as error:
            self.show_message(f"The station file was refused: {error}", error=True)
            return None
        except PROBLEMS as error:
            self.show_message(f"The station file could not be merged: {error}", error=True)
            return None
        self.show_message(_describe_merge(report))
        self.refresh()
        return report
