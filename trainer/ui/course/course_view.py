"""The course: every lesson in order with the trainee's mastery, what is due, and
the lesson files that could not be loaded (listed, never in the way)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import N_, _, ngettext
from trainer.training.lessons import Lesson, LessonProblem
from trainer.training.mastery import LessonMastery, Level
from trainer.ui.course.lesson_page import drill_summary
from trainer.ui.keys import shortcut
from trainer.ui.progress.labels import heading

Index = QModelIndex | QPersistentModelIndex

LEVEL_COLOURS = {
    Level.NOT_STARTED: "#6b6f76",
    Level.LEARNING: "#b00020",
    Level.PRACTISING: "#8a5a00",
    Level.PROFICIENT: "#1f5fa8",
    Level.MASTERED: "#1b5e20",
}


class LessonTableModel(QAbstractTableModel):
    """One row a lesson, in course order: number, title, what it trains, practice, mastery."""

    HEADERS = ("#", N_("Lesson"), N_("Trains"), N_("Practice"), N_("Mastery"), N_("Level"))
    """Marked for the catalogue; translated where shown (headerData)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lessons: list[Lesson] = []
        self.mastery: dict[str, LessonMastery] = {}

    def set_lessons(self, lessons: Sequence[Lesson],
                    mastery: Mapping[str, LessonMastery]) -> None:
        self.beginResetModel()
        self.lessons = list(lessons)
        self.mastery = dict(mastery)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.lessons)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(self.HEADERS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        lesson = self.lessons[index.row()]
        mastery = self.mastery.get(lesson.id)
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(lesson.order)
            if column == 1:
                return lesson.title
            if column == 2:
                return ", ".join(skill.label for skill in lesson.skills) or _("Rulings")
            if column == 3:
                examples = len(lesson.examples)
                shown = ngettext("{count} example", "{count} examples", examples) \
                    if examples else ""
                return " \u2022 ".join(part for part in (shown, drill_summary(lesson)) if part)
            if column == 4:
                if mastery is None or mastery.level is Level.NOT_STARTED:
                    return "\u2014"
                return f"{mastery.score}%"
            if column == 5:
                return _(mastery.level.value) if mastery is not None else "\u2014"
        if role == Qt.ItemDataRole.ForegroundRole and column in (4, 5) and mastery is not None:
            return QBrush(QColor(LEVEL_COLOURS[mastery.level]))
        if role == Qt.ItemDataRole.FontRole and column in (1, 4):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == 2:
            return "\n".join(skill.label for skill in lesson.skills) or _("Rulings")
        if role == Qt.ItemDataRole.ToolTipRole and lesson.source is not None:
            return str(lesson.source)
        return None

    def lesson_at(self, row: int) -> Lesson | None:
        return self.lessons[row] if 0 <= row < len(self.lessons) else None


class CourseView(QWidget):
    """The course's home: lessons with mastery, "Practise what's due", "Work my mistakes"."""

    lessonOpened = Signal(str)
    """The trainee chose a lesson (its id)."""
    dueRequested = Signal()
    mistakesRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setSpacing(10)

        top = QHBoxLayout()
        self.heading = heading(_("Course"), scale=1.7)
        top.addWidget(self.heading, stretch=1)
        self.due_button = QPushButton(_("Practise what's due"))
        self.due_button.setObjectName("practise-due")
        self.due_button.setToolTip(_("A short drill of what the schedule says is due now (Ctrl+D)"))
        self.mistakes_button = QPushButton(_("Work my mistakes"))
        self.mistakes_button.setObjectName("work-mistakes")
        self.mistakes_button.setToolTip(_("Deal again the rounds you made mistakes on (Ctrl+M)"))
        for button in (self.due_button, self.mistakes_button):
            font = QFont(button.font())
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.15)
            button.setFont(font)
            button.setMinimumHeight(button.sizeHint().height() * 3 // 2)
            button.setMinimumWidth(button.sizeHint().width() + 40)
            top.addWidget(button)
        self.due_button.clicked.connect(self.dueRequested)
        self.mistakes_button.clicked.connect(self.mistakesRequested)
        layout.addLayout(top)

        self.status = QLabel()
        self.status.setObjectName("course-status")
        status_font = QFont(self.status.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.15)
        self.status.setFont(status_font)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        self.model = LessonTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("lessons")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        font = QFont(self.table.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.table.setFont(font)
        pad = self.table.fontMetrics().averageCharWidth()
        self.table.setStyleSheet(
            f"QTableView::item {{ padding-left: {pad}px; padding-right: {pad}px; }}"
            f" QHeaderView::section {{ padding-left: {pad}px; padding-right: {pad}px; }}")
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(round(self.table.fontMetrics().height() * 2.2))
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(self._activated)
        layout.addWidget(self.table, stretch=1)

        bottom = QHBoxLayout()
        hint = QLabel(_("Double-click a lesson (or select it and press Enter) to open it."))
        bottom.addWidget(hint, stretch=1)
        self.open_button = QPushButton(_("Open lesson"))
        self.open_button.setObjectName("open-lesson")
        self.open_button.clicked.connect(self._open_selected)
        bottom.addWidget(self.open_button)
        layout.addLayout(bottom)

        self.problems_box = QGroupBox()
        self.problems_box.setObjectName("lesson-problems")
        problems_layout = QVBoxLayout(self.problems_box)
        self.problems_intro = QLabel()
        self.problems_intro.setWordWrap(True)
        problems_layout.addWidget(self.problems_intro)
        self.problems = QListWidget()
        self.problems.setObjectName("problem-list")
        self.problems.setWordWrap(True)
        self.problems.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.problems.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        problem_font = QFont(self.problems.font())
        problem_font.setPointSizeF(problem_font.pointSizeF() * 1.1)
        self.problems.setFont(problem_font)
        problems_layout.addWidget(self.problems)
        layout.addWidget(self.problems_box)
        self.problems_box.hide()

        shortcut("Ctrl+D", self, self.due_button.click)

    # --- contents -------------------------------------------------------------------------

    def set_course(self, lessons: Sequence[Lesson], mastery: Mapping[str, LessonMastery],
                   problems: Sequence[LessonProblem] = (),
                   notices: Sequence[LessonProblem] = ()) -> None:
        """Show the lessons (course order) and list any problem and notice."""
        selected = self.selected_lesson()
        self.model.set_lessons(lessons, mastery)
        if selected is not None:
            for row, lesson in enumerate(self.model.lessons):
                if lesson.id == selected.id:
                    self.table.selectRow(row)
        elif lessons:
            self.table.selectRow(0)
        self._show_problems(problems, notices)
        self.open_button.setEnabled(bool(lessons))
        self.due_button.setEnabled(bool(lessons))

    def set_status(self, trainee: str | None, due: str | None, mistakes: int | None) -> None:
        """Who is training, what is due, how many mistakes there are to work."""
        self.heading.setText(_("Course \u2014 {trainee}", trainee=trainee) if trainee
                             else _("Course"))
        parts = []
        if due:
            parts.append(_("Due now: <b>{due}</b>", due=html.escape(due, quote=False)))
        if mistakes is None:
            parts.append(_("Sign in as a trainee to keep your answers and work your mistakes."))
            self.mistakes_button.setEnabled(False)
            self.mistakes_button.setText(_("Work my mistakes"))
        else:
            self.mistakes_button.setEnabled(mistakes > 0)
            self.mistakes_button.setText(_("Work my mistakes ({count})", count=mistakes))
            if not mistakes:
                parts.append(_("No mistakes to work on."))
        self.status.setText(" \u2022 ".join(parts))

    def _show_problems(self, problems: Sequence[LessonProblem],
                       notices: Sequence[LessonProblem]) -> None:
        self.problems.clear()
        files = {problem.file for problem in problems}
        if files:
            self.problems_box.setTitle(ngettext(
                "{count} lesson file could not be loaded",
                "{count} lesson files could not be loaded", len(files)))
            self.problems_intro.setText(_(
                "These files were skipped; every other lesson works. Tell your instructor,"
                " or fix the line named and reopen the course."))
        else:
            self.problems_box.setTitle(_("Notes on the lesson files"))
            self.problems_intro.setText(_("Nothing was skipped."))
        for problem in problems:
            where = _("{file}, line {line}", file=problem.file.name, line=problem.line) \
                if problem.line else problem.file.name
            item = QListWidgetItem(f"\u2718 {where}: {problem.message}")
            item.setForeground(QColor("#b00020"))
            item.setToolTip(str(problem.file))
            self.problems.addItem(item)
        for notice in notices:
            where = _("{file}, line {line}", file=notice.file.name, line=notice.line) \
                if notice.line else notice.file.name
            item = QListWidgetItem(f"\u2139 {where}: {notice.message}")
            item.setToolTip(str(notice.file))
            self.problems.addItem(item)
        shown = self.problems.count()
        self.problems_box.setVisible(bool(shown))
        if shown:
            rows = min(shown, 6)
            line = self.problems.fontMetrics().height()
            self.problems.setMaximumHeight(rows * line * 2 + 12)

    # --- choosing ---------------------------------------------------------------------------

    def selected_lesson(self) -> Lesson | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return self.model.lesson_at(rows[0].row()) if rows else None

    def _activated(self, index: QModelIndex) -> None:
        lesson = self.model.lesson_at(index.row())
        if lesson is not None:
            self.lessonOpened.emit(lesson.id)

    def _open_selected(self) -> None:
        lesson = self.selected_lesson()
        if lesson is not None:
            self.lessonOpened.emit(lesson.id)
