"""The instructor's dashboard: the roster, a trainee's page, exam set-up, reports, merging.

Everything here reads and writes through :class:`~trainer.storage.interfaces.Storage`;
reports come from :mod:`trainer.reports`. File choices go through
:meth:`InstructorDashboard._ask_save_path` / :meth:`~InstructorDashboard._ask_open_path`
and modal dialogs through :meth:`InstructorDashboard._run_dialog`, so tests can
replace them. Every file saved goes through :meth:`InstructorDashboard._export`.
Problems are shown as a sentence in the dashboard, never as a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path

from PySide6.QtCore import QItemSelection, QModelIndex, QStandardPaths, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import (
    ENGLISH,
    LANGUAGE_NAMES,
    N_,
    _,
    available_languages,
    current_language,
    ngettext,
)
from trainer.reports.certificate import certificate_html
from trainer.storage.interfaces import Storage
from trainer.storage.models import (
    FILE_OR_STORAGE_ERRORS,
    Certification,
    MergeError,
    MergeReport,
    RosterRow,
)
from trainer.ui.progress.assign import AssignDialog
from trainer.ui.progress.certify import CertifiedRosterModel, CertifyDialog
from trainer.ui.progress.classes import ClassesTab
from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog
from trainer.ui.progress.labels import heading
from trainer.ui.progress.models import RosterModel, SortFilterProxy
from trainer.ui.progress.pdf import write_pdf
from trainer.ui.progress.progress_view import configure_table
from trainer.ui.progress.room_view import ClassViewSnapshot, RoomClassView
from trainer.ui.progress.skill_grid import SkillGridView
from trainer.ui.progress.trainee_page import TraineePage
from trainer.ui.progress.trends import TrendsView

"""What a dashboard action may run into; each is shown as a sentence."""



@dataclass(frozen=True)
class FileKind:
    """A file the dashboard saves: what it is, in the messages and the file dialog."""

    what: str
    """Named in a failure: ``{what} could not be saved: ...``; marked with N_, like
    ``saved``, ``title`` and ``file_filter``, and translated where shown."""
    saved: str
    """Said when saved; ``{path}`` is the file."""
    title: str
    file_filter: str
    extension: str


CSV_FILES = N_("CSV files (*.csv)")
PDF_FILES = N_("PDF files (*.pdf)")
ROSTER_CSV = FileKind(N_("The roster"), N_("Roster saved to {path}."), N_("Export roster CSV"),
                      CSV_FILES, "csv")
ANSWERS_CSV = FileKind(N_("The answers"), N_("Answers saved to {path}."),
                       N_("Export answers CSV"), CSV_FILES, "csv")
SKILLS_CSV = FileKind(N_("The skills"), N_("Skills saved to {path}."), N_("Export skills CSV"),
                      CSV_FILES, "csv")
TRAINEE_PDF = FileKind(N_("The report"), N_("Report saved to {path}."),
                       N_("Trainee PDF report"), PDF_FILES, "pdf")
EXAM_PDF = FileKind(N_("The exam report"), N_("Exam report saved to {path}."),
                    N_("Exam PDF report"), PDF_FILES, "pdf")
EXAM_PDF_TIP = N_("Save a printable PDF report on the exam selected on the trainee's Exams tab")
CERTIFICATE_PDF = FileKind(N_("The certificate"), N_("Certificate saved to {path}."),
                           N_("Certificate PDF"), PDF_FILES, "pdf")
MERGE_FILES = N_("Station files (*.hhe *.hhe-station *.json);;All files (*)")
"""What Merge station file… lists: a station file saved by hand (``.hhe``), one a station
wrote to the site's results folder (``<host>-<station id>.hhe-station``), or an older
``.json`` export; all three are the same signed format."""
STATION_FILE = FileKind(
    N_("This station's results"),
    N_("This station's results are saved to {path}. Merge the file on the instructor's"
       " machine (Merge station file\u2026); merging it again adds nothing."),
    N_("Export this station"), N_("Station files (*.hhe)"), "hhe",
)


def _describe_merge(report: MergeReport) -> str:
    if not report.added_anything:
        said = _("Station {station}: everything in this file was merged before; nothing new"
                 " was added.", station=report.station)
    else:
        added = ", ".join((
            ngettext("{count} trainee", "{count} trainees", report.trainees),
            ngettext("{count} session", "{count} sessions", report.sessions),
            ngettext("{count} round", "{count} rounds", report.rounds),
            ngettext("{count} answer", "{count} answers", report.answers),
            ngettext("{count} exam", "{count} exams", report.exams),
            ngettext("{count} ruling or scenario answer", "{count} ruling or scenario answers",
                     report.course_answers),
        ))
        said = _("Merged station {station}: added {added}.", station=report.station,
                 added=added)
    if report.warning:
        return _("{said} Warning: {warning}", said=said, warning=report.warning)
    return said


def _safe_file_part(text: str) -> str:
    return re.sub(r"[^\w.-]+", "-", text, flags=re.UNICODE).strip("-") or "trainee"


class InstructorDashboard(QWidget):
    """The roster (sortable, filterable), a trainee's page, exam set-up, reports and merging.

    ``openRound`` carries a mistake's round (a dict, exactly as recorded) for the
    main window to deal on the table.
    """

    openRound = Signal(object, object)  # the round as recorded (a dict), and its Mistake
    traineeOpened = Signal(int)
    """A trainee's page opened (their id): with a room, their records are fetched from it."""

    def __init__(self, db: Storage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_page: TraineePage | None = None
        self.room_key: str | None = None
        """The training room's key for station files (None: the default key)."""
        self.allow_default_room_key = False
        """True only when the site file says so: a station file signed with the public
        default key merges (with a warning); refused otherwise, with no site file too."""
        self.site_exam_id: int | None = None
        """The exam set-up the site file fixes (not edited or retired here)."""
        self.room: str | None = None
        """The training room's name (the site file's ``[site] room``), printed on reports."""
        self.instructor: str | None = None
        """The instructor signed in: who signs off and assigns (:meth:`set_instructor`)."""
        self.room_language: str | None = None
        """The room's language (the site file's ``[language] default``): a trainee's who
        never chose one, which *Reports in* starts at for them."""
        self._reports_follow: int | None = None
        """The trainee whose language *Reports in* was last set to."""
        self.setObjectName("instructor_dashboard")
        self._folder = Path(
            QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            or Path.home()
        )
        em = self.fontMetrics().height()

        # Actions, always visible above the roster or the trainee page.
        self.open_button = QPushButton(_("Open trainee"))
        self.roster_csv_button = QPushButton(_("Export roster CSV\u2026"))
        self.answers_csv_button = QPushButton(_("Export answers CSV\u2026"))
        self.report_button = QPushButton(_("PDF report\u2026"))
        self.exam_pdf_button = QPushButton(_("Exam PDF\u2026"))
        self.setup_button = QPushButton(_("Exam set-ups\u2026"))
        self.merge_button = QPushButton(_("Merge station file\u2026"))
        self.station_export_button = QPushButton(_("Export this station\u2026"))
        self.refresh_button = QPushButton(_("Refresh"))
        # Sign-off, certificate and the trainee's employee id: one menu (the row must fit
        # a 1366-pixel screen).
        self.sign_off_menu_button = QPushButton(_("Sign-off"))
        self.sign_off_menu_button.setObjectName("sign_off_menu")
        sign_off_menu = QMenu(self.sign_off_menu_button)
        self.sign_off_action = sign_off_menu.addAction(_("Sign off on a passed exam\u2026"))
        self.certificate_action = sign_off_menu.addAction(_("Certificate PDF\u2026"))
        self.revoke_action = sign_off_menu.addAction(_("Revoke the certificate\u2026"))
        sign_off_menu.addSeparator()
        self.employee_id_action = sign_off_menu.addAction(_("Employee id\u2026"))
        sign_off_menu.setToolTipsVisible(True)
        for action, tip in (
            (self.sign_off_action, _("Sign the selected trainee off on a passed exam: a"
                                     " certificate with a verification code and an optional"
                                     " expiry")),
            (self.certificate_action, _("Save the selected trainee's latest certificate as a"
                                        " printable PDF")),
            (self.revoke_action, _("Revoke the selected trainee's current certificate (the"
                                   " record stays; a printed copy then reads REVOKED)")),
            (self.employee_id_action, _("Set the selected trainee's employee id (printed on"
                                        " reports, CSV files and certificates)")),
        ):
            action.setToolTip(tip)
        self.sign_off_menu_button.setMenu(sign_off_menu)
        tips = {
            self.sign_off_menu_button: _("Sign the selected trainee off, save or revoke"
                                         " their certificate, set their employee id"),
            self.open_button: _("Open the selected trainee's page (or double-click the"
                                " trainee)"),
            self.roster_csv_button: _("Save every trainee's figures as a CSV file"),
            self.answers_csv_button: _("Save every answer the selected trainee gave as a CSV"
                                       " file"),
            self.report_button: _("Save a printable PDF report on the selected trainee"),
            self.exam_pdf_button: _(EXAM_PDF_TIP),
            self.setup_button: _("List, add, edit (a new version) and retire exam set-ups:"
                                 " rule set and tables, seats, side bets, hands, rounds,"
                                 " attempts, pass mark, time limit"),
            self.merge_button: _("Merge a training-room station's exported results"),
            self.station_export_button: _("Save this station's results to a file for the"
                                          " instructor's machine to merge"),
            self.refresh_button: _("Read the figures again (F5)"),
        }
        for button, tip in tips.items():
            button.setToolTip(tip)
        self.open_button.clicked.connect(self.open_selected_trainee)
        self.roster_csv_button.clicked.connect(self.export_roster_csv)
        self.answers_csv_button.clicked.connect(self.export_answers_csv)
        self.report_button.clicked.connect(self.export_trainee_pdf)
        self.exam_pdf_button.clicked.connect(self.export_exam_pdf)
        self.setup_button.clicked.connect(self.open_exam_setups)
        self.merge_button.clicked.connect(self.merge_station_file)
        self.station_export_button.clicked.connect(self.export_station_file)
        self.refresh_button.clicked.connect(self.refresh)
        self.sign_off_action.triggered.connect(self.sign_off_trainee)
        self.certificate_action.triggered.connect(self.export_certificate_pdf)
        self.employee_id_action.triggered.connect(self.edit_employee_id)
        self.revoke_action.triggered.connect(self.revoke_certificate)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self, self.refresh)

        # The language of the reports, certificates and CSV headings saved from here
        # (a certificate in the trainee's language, whatever the station's).
        self.report_language_combo = QComboBox()
        self.report_language_combo.setObjectName("report_language")
        for code in available_languages():
            self.report_language_combo.addItem(LANGUAGE_NAMES.get(code, code), code)
        self.report_language_combo.setCurrentIndex(
            max(0, self.report_language_combo.findData(current_language())))
        self.report_language_combo.setToolTip(_(
            "The language of the PDF reports, certificates and CSV headings saved from"
            " here (a certificate in the trainee's language); CSV values are the same in"
            " every language"))
        report_language_label = QLabel(_("Reports &in"))
        report_language_label.setBuddy(self.report_language_combo)

        # Two rows of actions: the selected trainee's, then the station's (one row of
        # both no longer fits a 1366-pixel screen once translated).
        actions = QGridLayout()
        actions.setHorizontalSpacing(round(em * 0.4))
        actions.setVerticalSpacing(round(em * 0.3))
        rows = (
            (_("Trainee:"), (self.open_button, self.answers_csv_button, self.report_button,
                             self.exam_pdf_button, self.sign_off_menu_button),
             (report_language_label, self.report_language_combo)),
            (_("Station:"), (self.roster_csv_button, self.setup_button, self.merge_button,
                             self.station_export_button), (self.refresh_button,)),
        )
        for number, (title, buttons, right) in enumerate(rows):
            actions.addWidget(QLabel(title), number, 0)
            line = QHBoxLayout()
            line.setSpacing(round(em * 0.4))
            for button in buttons:
                line.addWidget(button)
            line.addStretch(1)
            for widget in right:
                line.addWidget(widget)
            actions.addLayout(line, number, 1)

        # The roster page.
        self.roster_model = CertifiedRosterModel(db, self)  # with each one's certification
        self.proxy = SortFilterProxy(self)
        self.proxy.setSourceModel(self.roster_model)
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("name_filter")
        self.filter_edit.setPlaceholderText(_("Filter by name\u2026"))
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
        roster_list = QWidget()
        roster_layout = QVBoxLayout(roster_list)
        roster_layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.addWidget(heading(_("Trainees")))
        header.addSpacing(em)
        header.addWidget(self.count_label)
        header.addStretch(1)
        header.addWidget(self.filter_edit)
        roster_layout.addLayout(header)
        roster_layout.addWidget(self.roster_view, 1)
        hint = QLabel(_(
            "Click a column title to sort by it. Double-click a trainee (or press Enter) to"
            " open their progress, mistakes and exams."
        ))
        hint.setStyleSheet("color: palette(placeholder-text);")
        roster_layout.addWidget(hint)

        # The roster's views, as tabs: the list, the skill grid, the trends of every trainee.
        self.skill_grid = SkillGridView(db)
        self.skill_grid.traineeActivated.connect(self._grid_trainee_activated)
        self.roster_tabs = QTabWidget()
        self.roster_tabs.setObjectName("roster_tabs")
        self.roster_tabs.addTab(roster_list, _("Roster"))
        self.roster_tabs.addTab(self.skill_grid, _("Skill grid"))
        self.trends = TrendsView(db)
        self.roster_tabs.addTab(self.trends, _("Trends"))
        self.classes = ClassesTab(db)
        self.classes.traineeActivated.connect(self.open_trainee)
        self.roster_tabs.addTab(self.classes, _("Classes"))
        roster_page = QWidget()
        tabs_layout = QVBoxLayout(roster_page)
        tabs_layout.setContentsMargins(0, 0, 0, 0)
        tabs_layout.addWidget(self.roster_tabs)

        self.stack = QStackedWidget()
        self.stack.addWidget(roster_page)
        self.roster_page = roster_page

        self.message = QLabel()
        self.message.setObjectName("dashboard_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        self.records_banner = QLabel()
        self.records_banner.setObjectName("records_banner")
        self.records_banner.setWordWrap(True)
        self.records_banner.setStyleSheet("color: #a3121f; font-weight: bold")

        layout = QVBoxLayout(self)
        layout.setSpacing(round(em * 0.5))
        layout.addLayout(actions)
        layout.addWidget(self.message)
        layout.addWidget(self.records_banner)
        self.room_line = QLabel()  # where the skill grid and trends read from (a room)
        self.room_line.setObjectName("class_view_source")
        self.room_line.setWordWrap(True)
        self.room_line.hide()
        layout.addWidget(self.room_line)
        self.room_view: RoomClassView | None = None
        layout.addWidget(self.stack, 1)
        self._update_records_banner()
        self._update_count()
        if self.proxy.rowCount():
            self.roster_view.selectRow(0)
        self._update_buttons()

    # -- roster

    def refresh(self) -> None:
        """Re-read the roster (keeping the selection) and the open trainee page."""
        selected = self._roster_selection()
        self.roster_model.refresh()
        self.skill_grid.refresh()
        self.trends.refresh()
        self.classes.refresh()
        if selected is not None:
            self.select_trainee(selected)
        self._update_records_banner()
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

    def _update_records_banner(self) -> None:
        """Records removed from the end of a chain (outside the trainer) said above all."""
        removed = [table.replace("_", " ") for table in self.db.chain_ends_altered()]
        self.records_banner.setText(_(
            "Records were removed or altered outside the trainer ({tables}): run"
            " \u201chhe-trainer verify\u201d on this station to see which.",
            tables=", ".join(removed)) if removed else "")
        self.records_banner.setVisible(bool(removed))

    def _update_count(self) -> None:
        total = self.roster_model.rowCount()
        shown = self.proxy.rowCount()
        self.count_label.setText(
            ngettext("{count} trainee", "{count} trainees", total) if shown == total
            else ngettext("{shown} of {count} trainee shown", "{shown} of {count} trainees shown",
                          total, shown=shown)
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
        page.skillsCsvRequested.connect(self.export_skills_csv)
        page.assignRequested.connect(self.assign_to_trainee)
        page.exams_view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.trainee_page = page
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self._update_buttons()
        self.traineeOpened.emit(trainee_id)
        return page

    def refresh_trainee_page(self) -> None:
        """Read the open trainee's page again (records came from the room)."""
        if self.trainee_page is not None:
            self.trainee_page.refresh()

    def assign_to_trainee(self) -> int | None:
        """Assign the open trainee a lesson or an exam; the assignment's id, or None."""
        page = self.trainee_page
        if page is None:
            return None
        dialog = AssignDialog(self.db, page.trainee_id, self.instructor or _("instructor"),
                              self.classes.lessons, date.today(), self)
        try:
            if not self._run_dialog(dialog):
                return None
            page.refresh()
            return dialog.assignment_id
        finally:
            dialog.deleteLater()

    def show_roster(self) -> None:
        """Back to the roster (the trainee stays selected)."""
        trainee_id = self.trainee_page.trainee_id if self.trainee_page else None
        self.stack.setCurrentWidget(self.roster_page)
        self._close_trainee_page()
        if trainee_id is not None:
            self.select_trainee(trainee_id)
        self.roster_view.setFocus()
        self._update_buttons()

    # -- the class view, live from the room

    def read_class_view_from(self, live: RoomClassView | None) -> None:
        """The skill grid and trends read the room through ``live`` (started here, and
        stopped with the dashboard) instead of this station's database; None: no room."""
        if live is None:
            return
        self.room_view = live
        live.setParent(self)
        live.snapshotRead.connect(self._room_snapshot)
        live.unreachable.connect(self._room_unreachable)
        self.room_line.setText(_("Roster, skill grid and trends: reading the room\u2026"))
        self.room_line.show()
        live.start()

    def _room_snapshot(self, snapshot: ClassViewSnapshot) -> None:
        self.skill_grid.db = self.trends.db = snapshot
        self.skill_grid.refresh()
        self.trends.refresh()
        self._roster_figures_from(
            lambda: snapshot.roster_here(self.db.list_trainees(), self.db.roster()))
        count = len(snapshot.trainees)
        self.room_line.setStyleSheet("color: #1b5e20;")
        self.room_line.setText(ngettext(
            "Roster, skill grid and trends: live from the room ({count} trainee at every"
            " station).", "Roster, skill grid and trends: live from the room ({count}"
            " trainees at every station).", count))

    def _room_unreachable(self, problem: str) -> None:
        self.skill_grid.db = self.trends.db = self.db
        self.skill_grid.refresh()
        self.trends.refresh()
        self._roster_figures_from(None)
        self.room_line.setStyleSheet("color: #8a4b00;")
        self.room_line.setText(_(
            "The room cannot be read now ({why}): the roster, skill grid and trends"
            " show this station's own answers until it can.", why=problem))

    def _roster_figures_from(self, figures: Callable[[], list[RosterRow]] | None) -> None:
        """The roster's figures from the room (this station's trainees, every station's
        answers) or, with None, from this station; the selection kept."""
        selected = self._roster_selection()
        self.roster_model.figures_from = figures
        self.roster_model.refresh()
        if selected is not None:
            self.select_trainee(selected)
        self._update_count()

    def _grid_trainee_activated(self, trainee_id: int) -> None:
        """A trainee double-clicked in the grid: their page, when this station has them
        (the room numbers trainees its own way: they are found by uid)."""
        grid_db = self.skill_grid.db
        if not isinstance(grid_db, ClassViewSnapshot):
            self.open_trainee(trainee_id)
            return
        chosen = next((t for t in grid_db.trainees if t.id == trainee_id), None)
        here = None if chosen is None else next(
            (t for t in self.db.list_trainees() if t.uid == chosen.uid), None)
        if here is None:
            self.show_message(
                _("{trainee} has no records on this station: a trainee's page shows the"
                  " records of the station it is opened on.", trainee=chosen.name) if chosen
                else _("This trainee has no records on this station: a trainee's page shows"
                       " the records of the station it is opened on."), error=True)
            return
        self.open_trainee(here.id)

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

    def _update_buttons(self, *_selection: QItemSelection) -> None:
        self._reports_in_trainees_language()
        trainee = self.selected_trainee_id() is not None
        self.open_button.setEnabled(self.trainee_page is None and trainee)
        self.answers_csv_button.setEnabled(trainee)
        self.report_button.setEnabled(trainee)
        exam = self.selected_exam_id() is not None
        self.exam_pdf_button.setEnabled(exam)
        self.sign_off_menu_button.setEnabled(trainee)
        # A greyed button says why (Qt shows a disabled button's tooltip).
        self.exam_pdf_button.setToolTip(
            _(EXAM_PDF_TIP) if exam else _("{tip}.\n{why}", tip=_(EXAM_PDF_TIP),
                                           why=self.exam_pdf_hint()))

    def exam_pdf_hint(self) -> str:
        """Why Exam PDF… is greyed, and what to do."""
        if self.trainee_page is None:
            return _("Greyed: open a trainee (double-click them, or Open trainee), then"
                     " select one of their exams on the Exams tab")
        if not self.trainee_page.exams_model.rowCount():
            return _("Greyed: this trainee has taken no instructor's exam yet")
        return _("Greyed: select one of the exams on the Exams tab")

    def set_instructor(self, name: str | None) -> None:
        """Who is signed in: they sign off trainees and assign work."""
        self.instructor = name
        self.classes.instructor = name

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
        chosen, _filter = QFileDialog.getSaveFileName(
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
        chosen, _filter = QFileDialog.getOpenFileName(self, title, str(self._folder),
                                                      file_filter)
        if not chosen:
            return None
        path = Path(chosen)
        self._folder = path.parent
        return path

    def _ask_text(self, title: str, label: str, text: str) -> str | None:
        """Ask for a line of text; None when cancelled."""
        typed, accepted = QInputDialog.getText(self, title, label, text=text)
        return typed if accepted else None

    def _confirm(self, title: str, text: str) -> bool:
        """Ask yes or no (no by default)."""
        answer = QMessageBox.question(
            self, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _ask_password(self, title: str, text: str) -> str | None:
        """The signed-in instructor's password, or None when cancelled."""
        typed, ok = QInputDialog.getText(self, title, text, QLineEdit.EchoMode.Password)
        return typed if ok else None

    def _run_dialog(self, dialog: QDialog) -> bool:
        """Show a modal dialog; True when accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    # -- actions

    def _trainee_file_name(self, trainee_id: int, what: str, extension: str) -> str:
        trainee = self.db.get_trainee(trainee_id)
        name = _safe_file_part(trainee.name if trainee else str(trainee_id))
        return f"{name}-{what}-{date.today().isoformat()}.{extension}"

    def _reports_in_trainees_language(self) -> None:
        """A trainee newly selected or opened: *Reports in* starts at their language
        (their own, else the room's, else English), so their certificate and reports are
        in it; the instructor may still choose another for them (issue 24)."""
        from trainer.ui.trainee_language import own_language

        trainee_id = self.selected_trainee_id()
        if trainee_id is None or trainee_id == self._reports_follow:
            return
        self._reports_follow = trainee_id
        language = own_language(self.db, trainee_id) or self.room_language or ENGLISH
        index = self.report_language_combo.findData(language)
        if index >= 0:
            self.report_language_combo.setCurrentIndex(index)

    def report_language(self) -> str:
        """The language chosen for the reports, certificates and CSV headings."""
        return str(self.report_language_combo.currentData())

    def _export(self, kind: FileKind, suggested: str,
                write: Callable[[Path], object]) -> Path | None:
        """Ask where to save a ``kind`` of file, ``write`` it there and say what happened.
        Returns the file written, or None (cancelled, or it could not be written)."""
        path = self._ask_save_path(_(kind.title), _(kind.file_filter), suggested)
        if path is None:
            return None
        try:
            write(path)
        except FILE_OR_STORAGE_ERRORS as error:
            self.show_message(_("{what} could not be saved: {why}", what=_(kind.what),
                                why=error), error=True)
            return None
        self.show_message(_(kind.saved, path=path))
        return path

    def _export_for_trainee(self, kind: FileKind, name: str,
                            write: Callable[[int, Path], object]) -> Path | None:
        """:meth:`_export` for the selected trainee (or say to select one first)."""
        trainee_id = self.selected_trainee_id()
        if trainee_id is None:
            self.show_message(_("Select a trainee first."), error=True)
            return None
        return self._export(kind, self._trainee_file_name(trainee_id, name, kind.extension),
                            lambda path: write(trainee_id, path))

    def export_roster_csv(self) -> Path | None:
        """Save the roster as CSV; returns the file written, or None."""
        return self._export(ROSTER_CSV, f"roster-{date.today().isoformat()}.csv",
                            lambda path: reports.roster_csv(
                                self.db, path, language=self.report_language()))

    def export_answers_csv(self) -> Path | None:
        """Save the selected trainee's answers as CSV; returns the file written, or None."""
        return self._export_for_trainee(ANSWERS_CSV, "answers", partial(
            reports.trainee_answers_csv, self.db, language=self.report_language()))

    def export_skills_csv(self) -> Path | None:
        """Save the selected trainee's figures and mastery per skill as CSV; returns the
        file written, or None."""
        return self._export_for_trainee(SKILLS_CSV, "skills", partial(
            reports.trainee_skills_csv, self.db, language=self.report_language()))

    def export_trainee_pdf(self) -> Path | None:
        """Save the selected trainee's PDF report; returns the file written, or None."""
        language = self.report_language()
        return self._export_for_trainee(TRAINEE_PDF, "report", lambda trainee_id, path: (
            write_pdf(reports.trainee_report_html(self.db, trainee_id, room=self.room,
                                                  language=language), path,
                      language=language)))

    def export_exam_pdf(self) -> Path | None:
        """Save the selected exam's PDF report; returns the file written, or None."""
        exam_id = self.selected_exam_id()
        if exam_id is None or self.trainee_page is None:
            self.show_message(
                _("Open a trainee, then select an exam on the Exams tab."), error=True
            )
            return None
        name = self._trainee_file_name(self.trainee_page.trainee_id, f"exam-{exam_id}", "pdf")
        language = self.report_language()
        return self._export(EXAM_PDF, name, lambda path: write_pdf(
            reports.exam_report_html(self.db, exam_id, room=self.room, language=language),
            path, language=language))

    def edit_employee_id(self) -> bool:
        """Set (or, left empty, clear) the selected trainee's employee id."""
        trainee_id = self.selected_trainee_id()
        trainee = None if trainee_id is None else self.db.get_trainee(trainee_id)
        if trainee is None:
            self.show_message(_("Select a trainee first."), error=True)
            return False
        typed = self._ask_text(_("Employee id"), _("{trainee}'s employee id (empty: none):",
                                                   trainee=trainee.name),
                               trainee.employee_id or "")
        if typed is None:
            return False
        try:
            self.db.set_employee_id(trainee.id, typed)
        except FILE_OR_STORAGE_ERRORS as error:
            self.show_message(_("The employee id was not saved: {why}", why=error),
                              error=True)
            return False
        shown = typed.strip()
        self.show_message(_("{trainee}'s employee id is now {id}.", trainee=trainee.name,
                            id=shown) if shown
                          else _("{trainee} has no employee id now.", trainee=trainee.name))
        return True

    def sign_off_trainee(self) -> Certification | None:
        """Sign the selected trainee off on a passed exam; the certification, or None."""
        trainee_id = self.selected_trainee_id()
        if trainee_id is None:
            self.show_message(_("Select a trainee first."), error=True)
            return None
        dialog = CertifyDialog(self.db, trainee_id, self.instructor, self)
        try:
            if not self._run_dialog(dialog) or dialog.certification is None:
                return None
            signed = dialog.certification
        finally:
            dialog.deleteLater()
        trainee = self.db.get_trainee(trainee_id)
        facts = {"trainee": trainee.name if trainee else _("The trainee"),
                 "instructor": signed.signed_by, "number": signed.exam_id,
                 "code": signed.code}
        if signed.expires:
            said = _("{trainee} is signed off by {instructor} on exam #{number}, valid until"
                     " {day}: certificate {code} (save it with Sign-off \u25b8 Certificate"
                     " PDF\u2026)", day=signed.expires.isoformat(), **facts)
        else:
            said = _("{trainee} is signed off by {instructor} on exam #{number}, with no"
                     " expiry: certificate {code} (save it with Sign-off \u25b8 Certificate"
                     " PDF\u2026)", **facts)
        self.show_message(said)
        self.refresh()
        return signed

    def revoke_certificate(self) -> Certification | None:
        """Revoke the selected trainee's current certificate, once confirmed."""
        trainee_id = self.selected_trainee_id()
        trainee = None if trainee_id is None else self.db.get_trainee(trainee_id)
        if trainee is None:
            self.show_message(_("Select a trainee first."), error=True)
            return None
        live = next((c for c in self.db.certifications(trainee.id) if c.revoked is None), None)
        if live is None:
            self.show_message(_("{trainee} has no certificate to revoke.",
                                trainee=trainee.name), error=True)
            return None
        if self.instructor is None:
            self.show_message(_("Sign in as an instructor to revoke: the revocation is"
                                " signed with your key."), error=True)
            return None
        password = self._ask_password(
            _("Revoke certificate"), _("Revoke {trainee}'s certificate {code}? The record"
                                       " stays and reads revoked.\nYour password signs the"
                                       " revocation:", trainee=trainee.name, code=live.code))
        if password is None:
            return None
        try:
            revoked = self.db.revoke_certification(live.id, revoked_by=self.instructor,
                                                   password=password)
        except FILE_OR_STORAGE_ERRORS as error:
            self.show_message(_("The certificate was not revoked: {why}", why=error),
                              error=True)
            return None
        self.show_message(_("{trainee}'s certificate {code} is revoked.", trainee=trainee.name,
                            code=revoked.code))
        self.refresh()
        return revoked

    def export_certificate_pdf(self) -> Path | None:
        """Save the selected trainee's latest certificate (a revoked one says so)."""
        trainee_id = self.selected_trainee_id()
        if trainee_id is None:
            self.show_message(_("Select a trainee first."), error=True)
            return None
        try:
            found = self.db.certifications(trainee_id)
        except FILE_OR_STORAGE_ERRORS as error:
            self.show_message(_("The certificates could not be read: {why}", why=error),
                              error=True)
            return None
        if not found:
            self.show_message(_("This trainee has no certificate yet: sign them off first"
                                " (Sign-off \u25b8 Sign off on a passed exam\u2026)."),
                              error=True)
            return None
        latest = next((c for c in found if c.revoked is None), found[0])
        name = self._trainee_file_name(trainee_id, "certificate", "pdf")
        language = self.report_language()
        return self._export(CERTIFICATE_PDF, name, lambda path: write_pdf(
            certificate_html(self.db, latest.id, room=self.room, language=language), path,
            language=language))

    def open_exam_setup(self) -> int | None:
        """Set up an exam; returns the new set-up's id, or None when cancelled."""
        dialog = ExamSetupDialog(self.db, self)
        try:
            if not self._run_dialog(dialog) or dialog.setup is None:
                return None
            setup = dialog.setup
            limit = reports.time_limit_text(setup.time_limit_seconds)
            self.show_message(ngettext(
                "Exam set-up \u201c{setup}\u201d saved: {count} round, {rules}, {seats}, side"
                " bets {side_bets}, {hands}, payouts {payouts}, attempts {attempts}, pass mark"
                " {pass_mark}%, time limit {limit}.",
                "Exam set-up \u201c{setup}\u201d saved: {count} rounds, {rules}, {seats}, side"
                " bets {side_bets}, {hands}, payouts {payouts}, attempts {attempts}, pass mark"
                " {pass_mark}%, time limit {limit}.", setup.rounds, setup=setup.name,
                rules=reports.ruleset_title(setup.ruleset_id), seats=setup.seats_text,
                side_bets=setup.side_bets_text, hands=setup.hands_text,
                payouts=setup.payouts_text, attempts=setup.attempts_text,
                pass_mark=format(setup.pass_mark, "g"), limit=limit))
            return dialog.config_id
        finally:
            dialog.deleteLater()

    def open_exam_setups(self) -> None:
        """Every exam set-up: add one, edit one (a new version), retire one."""
        dialog = ExamSetupsDialog(self.db, self, site_exam_id=self.site_exam_id)
        try:
            self._run_dialog(dialog)
        finally:
            dialog.deleteLater()

    def export_station_file(self) -> Path | None:
        """Save this station's results for merging on the instructor's machine."""
        name = f"station-{_safe_file_part(self.db.station)}-{date.today().isoformat()}.hhe"
        return self._export(STATION_FILE, name,
                            lambda path: self.db.export_station(path, self.room_key))

    def merge_station_file(self) -> MergeReport | None:
        """Merge a station's export; shows what was added, or why the file was refused."""
        path = self._ask_open_path(_("Merge station file"), _(MERGE_FILES))
        if path is None:
            return None
        try:
            report = self.db.merge_station(path, self.room_key,
                                           allow_default_key=self.allow_default_room_key)
        except MergeError as error:
            self.show_message(_("The station file was refused: {why}", why=error), error=True)
            return None
        except FILE_OR_STORAGE_ERRORS as error:
            self.show_message(_("The station file could not be merged: {why}", why=error),
                              error=True)
            return None
        self.show_message(_describe_merge(report))
        self.refresh()
        return report
