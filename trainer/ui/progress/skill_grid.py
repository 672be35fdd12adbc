"""The class's skill grid for the instructor: a heat map of trainees x skills.

One row per trainee, one column per skill (those of the rule sets played),
each cell the trainee's mastery score coloured by its level (from not started
to mastered, the target), with the counts behind it on hover; a weakest-skill
column, the flags (below target, not practised for N days, slower than the
target time) and the last answer. Sortable by any column; filtered by name
and by flag. :class:`SkillGridView` takes a list of trainee ids (a class's
members) or None for every trainee. Figures: :mod:`trainer.reports.skill_grid`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import N_, _, ngettext
from trainer.reports.skill_grid import (
    LEVELS,
    NOT_PRACTISED_DAYS,
    Flag,
    GridRow,
    SkillGrid,
    cell_tooltip,
    flags_text,
    skill_grid,
)
from trainer.reports.text import level_text
from trainer.skills import Skill
from trainer.storage.interfaces import ClassViewReads
from trainer.storage.models import FILE_OR_STORAGE_ERRORS
from trainer.training.mastery import LessonLike, Level
from trainer.ui.progress.figures_view import TraineeFiguresView
from trainer.ui.progress.labels import error_label
from trainer.ui.progress.models import NO_FIGURE, ROW_ROLE, SORT_ROLE, Index, SortFilterProxy
from trainer.ui.progress.progress_view import configure_table

LEVEL_COLOURS: dict[Level, QColor] = {
    Level.NOT_STARTED: QColor("#eceff1"),
    Level.LEARNING: QColor("#f4b9b2"),
    Level.PRACTISING: QColor("#f9d99a"),
    Level.PROFICIENT: QColor("#cfe6a6"),
    Level.MASTERED: QColor("#7cc891"),
}
"""A cell's background by level: red (far from the target) to green (mastered)."""
CELL_TEXT = QColor("#1b1b1b")
"""Dark text on every cell colour, whatever the theme (all are light)."""
NOT_STARTED_TEXT = QColor("#6b7378")

SHORT_SKILL_NAMES: dict[Skill, str] = {
    Skill.DEALER_HAND: N_("Dealer\nhand"),
    Skill.QUALIFICATION: N_("Dealer\nqualifies"),
    Skill.ORDER: N_("Order"),
    Skill.PLAYER_HAND: N_("Player\nhand"),
    Skill.RESULT: N_("Result"),
    Skill.ANTE: N_("Ante"),
    Skill.RAISE: N_("Raise"),
    Skill.ODDS_WIN: N_("Odds\nwin"),
    Skill.ODDS_PUSH_OR_LOSE: N_("Odds push\nor lose"),
    Skill.BAD_BEAT: N_("Bad\nbeat"),
    Skill.TRIPS_PLUS: N_("Trips\nPlus"),
    Skill.POCKET_BONUS: N_("Pocket\nBonus"),
    Skill.SIX_CARD_BONUS: N_("6-Card\nBonus"),
    Skill.PROGRESSIVE: N_("Progressive"),
    Skill.CAP: N_("Cap"),
    Skill.CHIP_PROCEDURE: N_("Chip\nprocedure"),
    Skill.SPOT_MISTAKES: N_("Spot\nmistakes"),
    Skill.CORRECT_MISTAKES: N_("Correct\nmistakes"),
    Skill.PROCEDURE: N_("Run the\nround"),
}
"""Column titles short enough for a grid, broken between words only; the header's
tooltip gives the skill's full name."""

SHORT_FLAGS: dict[Flag, str] = {
    Flag.BELOW_TARGET: N_("below target"),
    Flag.NOT_PRACTISED: N_("idle"),
    Flag.SLOW: N_("slow"),
}
"""The flags column's words; its tooltip gives each flag in full."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def short_skill(skill: Skill) -> str:
    """A skill's short name on one line."""
    return _(SHORT_SKILL_NAMES[skill]).replace("\n", " ")


def short_flags(flags: frozenset[Flag]) -> str:
    return ", ".join(_(SHORT_FLAGS[flag]) for flag in Flag if flag in flags)


"""What reading the figures may run into; each is said in a sentence above the table."""

ANY_FLAG = "any"
"""The flag filter's value for a trainee with at least one flag."""


class SkillGridModel(QAbstractTableModel):
    """The grid: Name, Weakest skill, Flags, Last answer, then one column per skill."""

    NAME, WEAKEST, FLAGS, LAST_ANSWER = range(4)
    FIXED = 4

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.grid: SkillGrid | None = None
        self._rows: list[GridRow] = []
        self._skills: tuple[Skill, ...] = ()

    def set_grid(self, grid: SkillGrid) -> None:
        self.beginResetModel()
        self.grid = grid
        self._rows = list(grid.rows)
        self._skills = grid.skills
        self.endResetModel()

    @property
    def skills(self) -> tuple[Skill, ...]:
        return self._skills

    def row_at(self, row: int) -> GridRow:
        return self._rows[row]

    def skill_column(self, skill: Skill) -> int:
        return self.FIXED + self._skills.index(skill)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else self.FIXED + len(self._skills)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == ROW_ROLE:
            return row
        if column >= self.FIXED:
            return self._cell_data(row, self._skills[column - self.FIXED], role)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == SORT_ROLE:
            return self._key(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ForegroundRole and column == self.FLAGS and row.flags:
            return QBrush(QColor("#b3261e"))
        return None

    def _text(self, row: GridRow, column: int) -> str:
        if column == self.NAME:
            return row.name
        if column == self.WEAKEST:
            if row.weakest is None:
                return NO_FIGURE
            return _("{skill} ({score})", skill=short_skill(row.weakest),
                     score=row.cells[row.weakest].mastery.score)
        if column == self.FLAGS:
            return short_flags(row.flags)
        if row.last_active is None:
            return _("never")
        return row.last_active.astimezone().strftime("%Y-%m-%d")

    def _key(self, row: GridRow, column: int) -> Any:
        if column == self.NAME:
            return row.name
        if column == self.WEAKEST:
            return None if row.weakest is None else row.cells[row.weakest].mastery.score
        if column == self.FLAGS:
            return len(row.flags), flags_text(row.flags)
        return None if row.last_active is None else row.last_active.timestamp()

    def _tooltip(self, row: GridRow, column: int) -> str | None:
        if column == self.WEAKEST and row.weakest is not None:
            return cell_tooltip(row.cells[row.weakest])
        if column == self.FLAGS and row.flags:
            days = self.grid.not_practised_days if self.grid else NOT_PRACTISED_DAYS
            return "\n".join(_("{flag}: {description}", flag=_capital(flag.display_name),
                                description=flag.description(days))
                              for flag in Flag if flag in row.flags)
        if column == self.LAST_ANSWER:
            if row.last_active is None:
                return _("No answer yet")
            return ngettext("{when} ({count} day ago)", "{when} ({count} days ago)",
                            row.idle_days, when=reports.local_time(row.last_active))
        if column == self.NAME:
            return ngettext("{mastered} of {count} practised skill mastered",
                            "{mastered} of {count} practised skills mastered", row.practised,
                            mastered=row.mastered)
        return None

    @staticmethod
    def _cell_data(row: GridRow, skill: Skill, role: int) -> Any:
        cell = row.cells[skill]
        level = cell.mastery.level
        if role == Qt.ItemDataRole.DisplayRole:
            return str(cell.mastery.score) if cell.started else NO_FIGURE
        if role == SORT_ROLE:
            return cell.mastery.score if cell.started else None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(LEVEL_COLOURS[level])
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(CELL_TEXT if cell.started else NOT_STARTED_TEXT)
        if role == Qt.ItemDataRole.ToolTipRole:
            return cell_tooltip(cell)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if section >= self.FIXED:
            skill = self._skills[section - self.FIXED]
            if role == Qt.ItemDataRole.DisplayRole:
                return _(SHORT_SKILL_NAMES[skill])
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._skill_tooltip(skill)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (_("Name"), _("Weakest skill"), _("Flags"), _("Last answer"))[section]
        if role == Qt.ItemDataRole.ToolTipRole and section == self.WEAKEST:
            return _("The practised skill with the lowest score (a tie: the one settled"
                     " first in the dealer's order of work)")
        return None


    def _skill_tooltip(self, skill: Skill) -> str:
        """The skill's name and target time, and how the trainees shown stand on it."""
        if self.grid is None:
            return reports.skill_label(skill)
        target = self.grid.targets.get(skill)
        summary = self.grid.summary(skill)
        if summary.mean_score is None:
            standing = _("Nobody has practised it yet.")
        else:
            standing = ngettext(
                "{practised} of {count} trainee practised it, {mastered} mastered; mean score"
                " {mean}.", "{practised} of {count} trainees practised it, {mastered} mastered;"
                " mean score {mean}.", len(self.grid.rows), practised=summary.practised,
                mastered=summary.mastered, mean=format(summary.mean_score, ".0f"))
        if target:
            return _("{skill} (target time {target} s)\n{standing}",
                     skill=reports.skill_label(skill), target=format(target, "g"),
                     standing=standing)
        return _("{skill}\n{standing}", skill=reports.skill_label(skill), standing=standing)


class SkillGridProxy(SortFilterProxy):
    """Sorts as every table here does; filters by name and by flag."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._flag: Flag | str | None = None

    def set_flag_filter(self, flag: Flag | str | None) -> None:
        """Only trainees with ``flag`` (:data:`ANY_FLAG`: with any flag; None: everyone)."""
        self.beginFilterChange()
        self._flag = flag
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not super().filterAcceptsRow(source_row, source_parent):
            return False
        if self._flag is None:
            return True
        model = self.sourceModel()
        row = model.data(model.index(source_row, 0, source_parent), ROW_ROLE)
        if not isinstance(row, GridRow):
            return False
        return bool(row.flags) if self._flag == ANY_FLAG else self._flag in row.flags


def legend() -> QWidget:
    """The cell colours, from not started to mastered (the target)."""
    box = QWidget()
    box.setObjectName("skill_grid_legend")
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    em = box.fontMetrics().height()
    for level in LEVELS:
        swatch = QFrame()
        swatch.setFixedSize(em, em)
        swatch.setStyleSheet(
            f"background: {LEVEL_COLOURS[level].name()}; border: 1px solid #9aa4aa;"
        )
        layout.addWidget(swatch)
        words = (_("{level} (the target)", level=level_text(level))
                 if level is Level.MASTERED else level_text(level))
        layout.addWidget(QLabel(words))
        layout.addSpacing(round(em * 0.6))
    layout.addStretch(1)
    return box


class SkillGridView(TraineeFiguresView):
    """The grid, its filters and legend, for ``trainee_ids`` (None: every trainee).

    ``traineeActivated`` carries the id of a trainee double-clicked (or Enter).
    Reads the database when shown after :meth:`refresh` (not while hidden).
    """

    traineeActivated = Signal(int)

    def __init__(self, db: ClassViewReads, trainee_ids: Sequence[int] | None = None,
                 parent: QWidget | None = None, *, lessons: Sequence[LessonLike] | None = None,
                 now: datetime | None = None) -> None:
        super().__init__(db, trainee_ids, parent)
        self.lessons = lessons
        self.now = now
        """A fixed clock for tests and screenshots; None: the present."""
        self.setObjectName("skill_grid_view")
        em = self.fontMetrics().height()

        self.model = SkillGridModel(self)
        self.proxy = SkillGridProxy(self)
        self.proxy.setSourceModel(self.model)
        self.view = QTableView()
        self.view.setObjectName("skill_grid")
        self.view.setModel(self.proxy)
        configure_table(self.view, stretch=None)
        self.view.setAlternatingRowColors(False)
        self.view.setShowGrid(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(round(em * 2.5))
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.view.sortByColumn(SkillGridModel.NAME, Qt.SortOrder.AscendingOrder)
        self.view.activated.connect(self._activated)

        self.name_filter = QLineEdit()
        self.name_filter.setObjectName("skill_grid_name_filter")
        self.name_filter.setPlaceholderText(_("Filter by name\u2026"))
        self.name_filter.setClearButtonEnabled(True)
        self.name_filter.textChanged.connect(self._name_changed)
        self.flag_filter = QComboBox()
        self.flag_filter.setObjectName("skill_grid_flag_filter")
        self.flag_filter.addItem(_("Every trainee"), None)
        self.flag_filter.addItem(_("Any flag"), ANY_FLAG)
        for flag in Flag:
            self.flag_filter.addItem(_capital(flag.display_name), flag)
        self.flag_filter.currentIndexChanged.connect(self._flag_changed)
        self.days = QSpinBox()
        self.days.setObjectName("skill_grid_days")
        self.days.setRange(1, 365)
        self.days.setValue(NOT_PRACTISED_DAYS)
        self.days.setSuffix(_(" days"))
        self.days.setToolTip(_("Flag a trainee \u201cnot practised\u201d after this many days"
                               " without an answer"))
        self.days.valueChanged.connect(self.refresh)
        self.count_label = QLabel()

        filters = QHBoxLayout()
        filters.addWidget(self.count_label)
        filters.addStretch(1)
        filters.addWidget(QLabel(_("Show:")))
        filters.addWidget(self.flag_filter)
        filters.addWidget(QLabel(_("Not practised after")))
        filters.addWidget(self.days)
        filters.addSpacing(em)
        filters.addWidget(self.name_filter)
        self.target_note = QLabel(_("{target} Hover over a cell for its counts; double-click"
                                    " a trainee to open their page.",
                                    target=reports.target_text()))
        self.target_note.setWordWrap(True)
        self.target_note.setStyleSheet("color: palette(placeholder-text);")

        self.problem = error_label()
        self.problem.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.problem)
        layout.addWidget(self.view, 1)
        layout.addWidget(legend())
        layout.addWidget(self.target_note)

    # -- reading

    def reload(self) -> None:
        """Read the figures now; a problem is said above the grid (the last figures stay)."""
        super().reload()
        try:
            grid = skill_grid(self.db, self.trainee_ids, lessons=self.lessons, now=self.now,
                              not_practised_days=self.days.value())
        except FILE_OR_STORAGE_ERRORS as error:
            self.problem.setText(_("The skill grid could not be read: {why}", why=error))
            self.problem.show()
            return
        self.problem.hide()
        self.model.set_grid(grid)
        self._fit_skill_columns()
        self._update_count()

    def _fit_skill_columns(self) -> None:
        """Each skill column as narrow as its title (a score is at most three digits)."""
        header = self.view.horizontalHeader()
        metrics = header.fontMetrics()
        em = metrics.height()
        cell = self.view.fontMetrics()
        score = cell.horizontalAdvance("100") + 4 * cell.averageCharWidth()  # with padding
        for skill in self.model.skills:
            column = self.model.skill_column(skill)
            lines = _(SHORT_SKILL_NAMES[skill]).split("\n")
            title = max(metrics.horizontalAdvance(line) for line in lines) + em
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, max(title, score))

    # -- filters

    def _name_changed(self, text: str) -> None:
        self.proxy.set_name_filter(text)
        self._update_count()

    def _flag_changed(self, _index: int) -> None:
        self.proxy.set_flag_filter(self.flag_filter.currentData())
        self._update_count()

    def set_flag_filter(self, flag: Flag | str | None) -> None:
        """Choose the flag filter (as the drop-down does)."""
        self.flag_filter.setCurrentIndex(max(0, self.flag_filter.findData(flag)))

    def _update_count(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.count_label.setText(
            ngettext("{count} trainee", "{count} trainees", total) if shown == total
            else ngettext("{shown} of {count} trainee shown", "{shown} of {count} trainees shown",
                          total, shown=shown)
        )

    def shown_names(self) -> list[str]:
        """The names in the order shown (after sorting and filtering)."""
        return [str(self.proxy.index(row, SkillGridModel.NAME).data())
                for row in range(self.proxy.rowCount())]

    def _activated(self, index: QModelIndex) -> None:
        row = self.proxy.data(index, ROW_ROLE)
        if isinstance(row, GridRow):
            self.traineeActivated.emit(row.trainee_id)
