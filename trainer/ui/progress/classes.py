"""The instructor's Classes tab: classes (cohorts), their trainees, averages, skill grid
and assignments.

A class is made with a name and a start date; trainees are added from the
roster and taken out again; the class's averages count each trainee once
(:class:`~trainer.storage.models.ClassAverages`); the skill grid is the
roster's (:class:`~trainer.ui.progress.skill_grid.SkillGridView`) showing the
class's trainees only. A lesson or an exam set-up is assigned to the whole
class or to one of its trainees (chosen on the Assignments page itself), with an
optional due date; each of the class's assignments shows how many of its trainees have
done it, and, selected, who has and who has not.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.class_import import ClassImportError, read_class_csv
from trainer.i18n import _, ngettext
from trainer.reports.assignments import (
    AssignmentSources,
    ClassDone,
    assignment_title,
    class_done,
)
from trainer.storage.classes import MembersAdded
from trainer.storage.interfaces import ClassViewReads
from trainer.storage.models import FILE_OR_STORAGE_ERRORS, ClassAverages
from trainer.training.lessons import Lesson
from trainer.ui.progress.assign import AssignSources, WorkChoice, day_of, qdate
from trainer.ui.progress.labels import error_label, heading
from trainer.ui.progress.skill_grid import SkillGridView

ID_ROLE = Qt.ItemDataRole.UserRole + 20
IMPORT_ERRORS: tuple[type[Exception], ...] = (ClassImportError, *FILE_OR_STORAGE_ERRORS)
"""What importing a class list may raise that the instructor is told in words."""


def averages_text(averages: ClassAverages) -> str:
    """The class's averages in one sentence (each trainee counted once)."""
    if not averages.practised:
        return ngettext("{count} trainee; none has answered a question yet.",
                        "{count} trainees; none has answered a question yet.",
                        averages.members)
    return ngettext(
        "{count} trainee, {practised} practised. Average accuracy {accuracy}%, {per_round} s"
        " per round, {rounds} rounds played each; {passed} passed their latest exam.",
        "{count} trainees, {practised} practised. Average accuracy {accuracy}%, {per_round} s"
        " per round, {rounds} rounds played each; {passed} passed their latest exam.",
        averages.members, practised=averages.practised,
        accuracy=reports.percent(averages.accuracy),
        per_round=reports.seconds_text(averages.seconds_per_round),
        rounds=format(averages.rounds_played, ".1f"), passed=averages.exams_passed)


class ClassesTabSources(AssignmentSources, AssignSources, ClassViewReads, Protocol):
    """What the Classes tab reads and writes: classes, members, assignments, each
    member's course and the class's skill grid."""


class ClassesTab(QWidget):
    """Classes: make one, fill it, see its figures and grid, assign it work.

    ``traineeActivated`` carries a trainee double-clicked in the class's list or grid.
    """

    traineeActivated = Signal(int)
    DONE = 3
    """The assignments table's Done column."""

    def __init__(self, db: ClassesTabSources, parent: QWidget | None = None, *,
                 lessons: list[Lesson] | None = None, today: date | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.instructor: str | None = None
        """Who assigns (the signed-in instructor); "instructor" when not known."""
        self._lessons = lessons
        self.today = today
        self.setObjectName("classes_tab")
        em = self.fontMetrics().height()

        # Left: the classes and a new one.
        self.class_list = QListWidget()
        self.class_list.setObjectName("class_list")
        self.class_list.currentItemChanged.connect(self._class_changed)
        self.new_name = QLineEdit()
        self.new_name.setObjectName("new_class_name")
        self.new_name.setPlaceholderText(_("New class name\u2026"))
        self.new_start = QDateEdit()
        self.new_start.setObjectName("new_class_start")
        self.new_start.setCalendarPopup(True)
        self.new_start.setDisplayFormat("yyyy-MM-dd")
        self.new_start.setDate(qdate(self._today()))
        self.create_button = QPushButton(_("Create class"))
        self.create_button.setObjectName("create_class")
        self.create_button.clicked.connect(self.create_class)
        self.new_name.returnPressed.connect(self.create_class)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(heading(_("Classes"), 1.15))
        left_layout.addWidget(self.class_list, 1)
        form = QFormLayout()
        form.addRow(_("Name"), self.new_name)
        form.addRow(_("Starts"), self.new_start)
        left_layout.addLayout(form)
        left_layout.addWidget(self.create_button)
        self.archive_button = QPushButton(_("Archive the class\u2026"))
        self.archive_button.setObjectName("archive_class")
        self.archive_button.setToolTip(_("A finished class: hidden from this list and its"
                                         " assignments from its trainees; nothing is deleted"))
        self.archive_button.clicked.connect(self.archive_class)
        left_layout.addWidget(self.archive_button)

        # Right: the chosen class.
        self.title = heading("", 1.15)
        self.title.setObjectName("class_title")
        self.averages = QLabel()
        self.averages.setObjectName("class_averages")
        self.averages.setWordWrap(True)
        self.members = QListWidget()
        self.members.setObjectName("class_members")
        self.members.itemActivated.connect(
            lambda item: self.traineeActivated.emit(int(item.data(ID_ROLE))))
        # Trainees not in the class: pick several at once (Ctrl / Shift + click).
        self.candidates = QListWidget()
        self.candidates.setObjectName("class_candidates")
        self.candidates.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.candidates.itemSelectionChanged.connect(self._candidates_changed)
        self.candidates.itemActivated.connect(lambda _item: self.add_member())
        self.add_button = QPushButton(_("\u2190 Add the selected"))
        self.add_button.setObjectName("add_member")
        self.add_button.setToolTip(_("Put every trainee selected on the right in the class"))
        self.add_button.clicked.connect(self.add_member)
        self.remove_button = QPushButton(_("Remove from class"))
        self.remove_button.setObjectName("remove_member")
        self.remove_button.clicked.connect(self.remove_member)
        self.import_button = QPushButton(_("Import names from CSV\u2026"))
        self.import_button.setObjectName("import_members")
        self.import_button.setToolTip(_(
            "Put every trainee a CSV file lists in the class: a name per line and an"
            " optional employee id (or a first line naming the columns Name and Employee"
            " id); names not on the station become new trainees. A bad line is named and"
            " nothing is changed."))
        self.import_button.clicked.connect(self.import_members)
        members_page = QWidget()
        members_layout = QHBoxLayout(members_page)
        inside = QVBoxLayout()
        inside.addWidget(QLabel(_("In the class")))
        inside.addWidget(self.members, 1)
        inside_buttons = QHBoxLayout()
        inside_buttons.addWidget(self.remove_button)
        inside_buttons.addStretch(1)
        inside_buttons.addWidget(self.import_button)
        inside.addLayout(inside_buttons)
        outside = QVBoxLayout()
        self.candidates_label = QLabel(_("Not in the class (Ctrl or Shift + click: several)"))
        outside.addWidget(self.candidates_label)
        outside.addWidget(self.candidates, 1)
        outside_buttons = QHBoxLayout()
        outside_buttons.addWidget(self.add_button)
        outside_buttons.addStretch(1)
        outside.addLayout(outside_buttons)
        members_layout.addLayout(inside, 3)
        members_layout.addLayout(outside, 2)

        self.assignments = QTableWidget(0, 5)
        self.assignments.setObjectName("class_assignments")
        self.assignments.setHorizontalHeaderLabels(
            [_("What"), _("Given to"), _("Due"), _("Done"), _("Assigned by")])
        self.assignments.verticalHeader().setVisible(False)
        self.assignments.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.assignments.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.assignments.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.assignments.horizontalHeader().setStretchLastSection(True)
        self.work = WorkChoice(db, self.lessons, self._today())
        self.kind, self.target = self.work.kind, self.work.target
        self.due_box, self.due = self.work.due_box, self.work.due
        self.assign_class_button = QPushButton(_("Assign to the class"))
        self.assign_class_button.setObjectName("assign_class")
        self.assign_class_button.clicked.connect(lambda: self.assign(to_member=False))
        self.assignee = QComboBox()  # the trainee chosen here, not on another page
        self.assignee.setObjectName("assignee")
        self.assignee.setToolTip(_("The trainee of the class to give the work to alone"))
        self.assign_member_button = QPushButton(_("Assign to this trainee"))
        self.assign_member_button.setObjectName("assign_member")
        self.assign_member_button.setToolTip(_("Give the chosen lesson or exam to the trainee"
                                               " chosen beside, not to the whole class"))
        self.assign_member_button.clicked.connect(lambda: self.assign(to_member=True))
        self.members.currentItemChanged.connect(self._member_changed)
        self.done_who = QLabel()
        self.done_who.setObjectName("assignment_done_who")
        self.done_who.setWordWrap(True)
        self.done_who.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.assignments.itemSelectionChanged.connect(self._assignment_changed)
        self._done: dict[int, ClassDone] = {}
        self.withdraw_button = QPushButton(_("Withdraw"))
        self.withdraw_button.setObjectName("withdraw_assignment")
        self.withdraw_button.clicked.connect(self.withdraw)
        assign_page = QWidget()
        assign_layout = QVBoxLayout(assign_page)
        assign_layout.addWidget(self.assignments, 1)
        assign_layout.addWidget(self.done_who)
        assign_layout.addLayout(self.work.row())
        buttons = QHBoxLayout()
        buttons.addWidget(self.assign_class_button)
        buttons.addSpacing(em)
        buttons.addWidget(QLabel(_("or to one trainee:")))
        buttons.addWidget(self.assignee)
        buttons.addWidget(self.assign_member_button)
        buttons.addStretch(1)
        buttons.addWidget(self.withdraw_button)
        assign_layout.addLayout(buttons)

        self.grid = SkillGridView(db, [])
        self.grid.traineeActivated.connect(self.traineeActivated)
        self.pages = QTabWidget()
        self.pages.setObjectName("class_pages")
        self.pages.addTab(members_page, _("Trainees"))
        self.pages.addTab(assign_page, _("Assignments"))
        self.pages.addTab(self.grid, _("Skill grid"))

        self.message = error_label()
        self.message.hide()
        self.import_result = QLabel()
        self.import_result.setObjectName("import_result")
        self.import_result.setWordWrap(True)
        self.import_result.hide()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.title)
        right_layout.addWidget(self.averages)
        right_layout.addWidget(self.pages, 1)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([em * 16, em * 48])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.message)
        layout.addWidget(self.import_result)
        layout.addWidget(splitter, 1)
        self.refresh()

    # -- reading

    def _today(self) -> date:
        return self.today or date.today()

    def lessons(self) -> list[Lesson]:
        if self._lessons is None:
            try:
                self._lessons = list(reports.course_lessons())
            except (OSError, ValueError):
                self._lessons = []
        return self._lessons

    def class_id(self) -> int | None:
        """The class shown, if any."""
        item = self.class_list.currentItem()
        return None if item is None else int(item.data(ID_ROLE))

    def refresh(self) -> None:
        """Read the classes again, keeping the one shown."""
        shown = self.class_id()
        self.class_list.blockSignals(True)
        self.class_list.clear()
        try:
            classes = self.db.list_classes()
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("The classes could not be read: {why}", why=error))
            classes = []
        for found in classes:
            starts = found.starts.isoformat()
            item = QListWidgetItem(_("{name}\nfrom {day}", name=found.name, day=starts))
            item.setToolTip(_("{name}, from {day}", name=found.name, day=starts))  # a long name
            item.setData(ID_ROLE, found.id)
            self.class_list.addItem(item)
            if found.id == shown:
                self.class_list.setCurrentItem(item)
        if self.class_list.currentItem() is None and self.class_list.count():
            self.class_list.setCurrentRow(0)
        self.class_list.blockSignals(False)
        self._show_class()

    def show_class(self, class_id: int) -> bool:
        """Show a class by id; False when it is not listed."""
        for row in range(self.class_list.count()):
            if self.class_list.item(row).data(ID_ROLE) == class_id:
                self.class_list.setCurrentRow(row)
                return True
        return False

    def _class_changed(self, *_args: object) -> None:
        self._show_class()

    def _show_class(self) -> None:
        class_id = self.class_id()
        enabled = class_id is not None
        for widget in (self.pages, self.averages):
            widget.setEnabled(enabled)
        if class_id is None:
            self.title.setText(_("No class yet: name one and press \u201cCreate class\u201d."))
            self.averages.clear()
            self.members.clear()
            self.assignments.setRowCount(0)
            self.assignee.clear()
            self.done_who.clear()
            self.grid.set_trainees([])
            return
        try:
            found = self.db.get_class(class_id)
            members = self.db.class_members(class_id)
            averages = self.db.class_averages(class_id)
            assignments = self.db.class_assignments(class_id)
            direct = [a for m in members for a in self.db.assignments_for(m.id)
                      if a.trainee_id == m.id]
            done = class_done(self.db, class_id, self.lessons())
            everyone = self.db.list_trainees()
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("The class could not be read: {why}", why=error))
            return
        self.message.hide()
        self.import_result.hide()
        self.title.setText(_("{name} \u2014 starts {day}", name=found.name,
                             day=found.starts.isoformat()) if found else "")
        self.averages.setText(averages_text(averages))
        self.members.clear()
        names = {}
        for trainee in members:
            names[trainee.id] = trainee.name
            item = QListWidgetItem(trainee.name)
            item.setData(ID_ROLE, trainee.id)
            self.members.addItem(item)
        self.candidates.clear()
        for trainee in everyone:
            if trainee.id not in names:
                item = QListWidgetItem(trainee.name)
                item.setData(ID_ROLE, trainee.id)
                self.candidates.addItem(item)
        self._candidates_changed()
        chosen = self.assignee.currentData()
        self.assignee.clear()
        for trainee in members:
            self.assignee.addItem(trainee.name, trainee.id)
        self.assignee.setCurrentIndex(max(0, self.assignee.findData(chosen)))
        self.assign_member_button.setEnabled(bool(members))
        self._done = done
        self.assignments.setRowCount(0)
        for assignment in [*assignments, *direct]:
            row = self.assignments.rowCount()
            self.assignments.insertRow(row)
            whole = assignment.class_id is not None
            cells = [
                assignment_title(self.db, assignment, self.lessons()),
                _("the class") if whole else names.get(assignment.trainee_id or -1, ""),
                assignment.due.isoformat() if assignment.due else _("no due date"),
                done[assignment.id].count_text if whole and assignment.id in done else "",
                assignment.assigned_by,
            ]
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setData(ID_ROLE, assignment.id)
                if column == self.DONE and whole and assignment.id in done:
                    cell.setToolTip(done[assignment.id].who_text)
                self.assignments.setItem(row, column, cell)
        self.assignments.resizeColumnsToContents()
        self._assignment_changed()
        self.grid.set_trainees(list(names))

    def _member_changed(self, *_args: object) -> None:
        """The trainee selected on the Trainees page is the one offered for work alone."""
        trainee_id = self._selected_member()
        if trainee_id is not None:
            self.assignee.setCurrentIndex(max(0, self.assignee.findData(trainee_id)))

    def _assignment_changed(self) -> None:
        """Under the table: who of the class has done the selected assignment, who not."""
        row = self.assignments.currentRow()
        item = self.assignments.item(row, 0) if row >= 0 else None
        if item is None:
            self.done_who.setText(_("Select an assignment to see who has done it."))
            return
        who = self._done.get(int(item.data(ID_ROLE)))
        given_cell = self.assignments.item(row, 1)
        given_to = "" if given_cell is None else given_cell.text()
        self.done_who.setText(
            _("{work} \u2014 {who}", work=item.text(), who=who.who_text) if who is not None
            else _("{work} \u2014 given to {trainee} alone.", work=item.text(),
                   trainee=given_to))

    def _problem(self, text: str) -> None:
        self.import_result.hide()
        self.message.setText(text)
        self.message.show()

    # -- actions

    def create_class(self) -> int | None:
        """Make a class of the name and start date typed; its id, or None (said why)."""
        try:
            class_id = self.db.create_class(self.new_name.text(), day_of(self.new_start.date()))
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("The class was not created: {why}", why=error))
            return None
        self.new_name.clear()
        self.refresh()
        self.show_class(class_id)
        return class_id

    def _confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, _("Archive the class?"), question)
        return answer == QMessageBox.StandardButton.Yes

    def archive_class(self) -> bool:
        """Archive the class shown after asking; True when archived."""
        class_id = self.class_id()
        found = None if class_id is None else self.db.get_class(class_id)
        if found is None:
            self._problem(_("Choose a class first."))
            return False
        if not self._confirm(_(
            "Archive \u201c{name}\u201d? It leaves this list and its trainees no"
            " longer see its assignments. Their answers, exams and certificates stay.",
            name=found.name
        )):
            return False
        try:
            self.db.archive_class(found.id)
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("The class was not archived: {why}", why=error))
            return False
        self.refresh()
        return True

    def _candidates_changed(self) -> None:
        chosen = len(self.candidates.selectedItems())
        self.add_button.setEnabled(chosen > 0)
        self.add_button.setText(_("\u2190 Add the selected") if chosen < 2
                                else _("\u2190 Add the {count} selected", count=chosen))

    def add_member(self) -> bool:
        """Put every trainee selected in the list beside in the class."""
        class_id = self.class_id()
        chosen = [int(item.data(ID_ROLE)) for item in self.candidates.selectedItems()]
        if class_id is None or not chosen:
            self._problem(_("Select one or more trainees in the list on the right first."))
            return False
        try:
            for trainee_id in chosen:
                self.db.add_class_member(class_id, trainee_id)
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("Not every trainee was added: {why}", why=error))
            self._show_class()
            return False
        self._show_class()
        return True

    def _ask_open_path(self) -> Path | None:
        """The CSV file to import; None when cancelled."""
        chosen, _filter = QFileDialog.getOpenFileName(
            self, _("Import a class list"), "", _("CSV files (*.csv *.txt);;All files (*)"))
        return Path(chosen) if chosen else None

    def import_members(self) -> MembersAdded | None:
        """Put every trainee a CSV file lists in the class, all or nothing; what was done,
        or None (cancelled, or refused with the bad lines named)."""
        class_id = self.class_id()
        if class_id is None:
            self._problem(_("Choose a class first."))
            return None
        path = self._ask_open_path()
        if path is None:
            return None
        try:
            people = read_class_csv(path)
            done = self.db.add_class_members(class_id, people)
        except IMPORT_ERRORS as error:
            self._problem(_("Nothing was imported from {file}: {why}", file=path.name, why=error))
            return None
        self._show_class()
        self.import_result.setText(_("Imported from {file}: {done}", file=path.name,
                                     done=done.text))
        self.import_result.show()
        return done

    def _selected_member(self) -> int | None:
        item = self.members.currentItem()
        return None if item is None else int(item.data(ID_ROLE))

    def remove_member(self) -> bool:
        class_id, trainee_id = self.class_id(), self._selected_member()
        if class_id is None or trainee_id is None:
            self._problem(_("Select a trainee of the class first."))
            return False
        try:
            self.db.remove_class_member(class_id, trainee_id)
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("The trainee was not taken out: {why}", why=error))
            return False
        self._show_class()
        return True

    def assign(self, *, to_member: bool) -> int | None:
        """Assign the chosen lesson or exam to the class (or its selected trainee)."""
        class_id = self.class_id()
        if class_id is None or self.target.currentData() is None:
            self._problem(_("Choose a class and a lesson or exam first."))
            return None
        chosen = self.assignee.currentData() if to_member else None
        trainee_id = None if chosen is None else int(chosen)
        if to_member and trainee_id is None:
            self._problem(_("The class has no trainee yet: add one on the Trainees page."))
            return None
        try:
            assignment_id = self.work.assign(
                self.instructor or _("instructor"),
                class_id=None if to_member else class_id, trainee_id=trainee_id)
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("Not assigned: {why}", why=error))
            return None
        self._show_class()
        return assignment_id

    def withdraw(self) -> bool:
        row = self.assignments.currentRow()
        item = self.assignments.item(row, 0) if row >= 0 else None
        if item is None:
            self._problem(_("Select an assignment first."))
            return False
        try:
            self.db.remove_assignment(int(item.data(ID_ROLE)))
        except FILE_OR_STORAGE_ERRORS as error:
            self._problem(_("Not withdrawn: {why}", why=error))
            return False
        self._show_class()
        return True
