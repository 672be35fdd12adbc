"""Table models of the progress and instructor screens (model apart from view).

Each model holds the storage layer's dataclasses and answers ``DisplayRole``
with text for people and :data:`SORT_ROLE` with a value that sorts correctly
(numbers as numbers, times as timestamps, empty figures as ``None``).
:class:`SortFilterProxy` sorts on that role and keeps empty figures last in
either direction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from trainer import reports
from trainer.i18n import N_, _, ngettext
from trainer.storage.interfaces import RosterReads
from trainer.storage.models import Exam, ExamStatus, Mistake, RosterRow, SkillStat
from trainer.training.mastery import Level, Mastery, target_met
from trainer.training.questions import Skill

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The value a column sorts by (a number, a timestamp, text or None)."""
ROW_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's dataclass (a RosterRow, Mistake, Exam or SkillRow)."""

GOOD = QColor("#17723a")
BAD = QColor("#b3261e")
NO_FIGURE = "\u2014"
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter

Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")


@dataclass(frozen=True)
class Column(Generic[Row]):
    """One column: its title, its text, its sort value and how it lines up."""

    title: str
    """Marked with N_; shown translated."""
    text: Callable[[Row], str]
    key: Callable[[Row], Any]
    numeric: bool = False
    centre: bool = False
    tooltip: Callable[[Row], str] | None = None
    colour: Callable[[Row], QColor | None] | None = None


def _alignment(column: Column[Any]) -> Qt.AlignmentFlag:
    if column.centre:
        return Qt.AlignmentFlag.AlignCenter
    return RIGHT if column.numeric else LEFT


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A read-only table over a list of rows, described by :class:`Column`\\ s."""

    columns: Sequence[Column[Row]] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Replace every row (views keep their sorting through the proxy)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[Row]:
        return list(self._rows)

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == SORT_ROLE:
            return column.key(row)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _alignment(column)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
            return column.tooltip(row)
        if role == Qt.ItemDataRole.ForegroundRole and column.colour is not None:
            colour = column.colour(row)
            return None if colour is None else QBrush(colour)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return _(column.title)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _alignment(column)
        return None


class SortFilterProxy(QSortFilterProxyModel):
    """Sorts on :data:`SORT_ROLE` (numbers numerically), empty values last either way;
    filters the first column by a case-insensitive substring."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(0)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._needle = ""

    def set_name_filter(self, text: str) -> None:
        """Show only rows whose first column contains ``text`` (any case)."""
        self.beginFilterChange()
        self._needle = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._needle:
            return True
        model = self.sourceModel()
        text = model.data(model.index(source_row, self.filterKeyColumn(), source_parent))
        return self._needle in str(text or "").casefold()

    def lessThan(self, left: Index, right: Index) -> bool:
        a = left.data(SORT_ROLE)
        b = right.data(SORT_ROLE)
        if a is None or b is None:
            if a is None and b is None:
                return left.row() < right.row()
            # None is "largest" ascending and "smallest" descending: last either way.
            descending = self.sortOrder() == Qt.SortOrder.DescendingOrder
            return (a is None) == descending
        if isinstance(a, str) and isinstance(b, str):
            return a.casefold() < b.casefold()
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)


# --------------------------------------------------------------------------- skills


@dataclass(frozen=True)
class SkillRow:
    """One skill on the progress screens: totals over every answer, and its mastery
    (over the latest answers, as the course counts it)."""

    stat: SkillStat
    mastery: Mastery


def _verdict_tooltip(row: SkillRow) -> str:
    return _("{verdict}\n{target}", verdict=reports.verdict_text(row.mastery),
             target=reports.target_text())


class SkillTableModel(RowsModel[SkillRow]):
    """Per-skill figures: answers, accuracy, mean time, mastery and whether the target
    (the skill mastered) is met."""

    columns = (
        Column[SkillRow](
            N_("Skill"),
            lambda r: reports.skill_label(r.stat.skill),
            lambda r: reports.skill_order(r.stat.skill),
        ),
        Column[SkillRow](N_("Answers"), lambda r: str(r.stat.answers), lambda r: r.stat.answers,
                         True),
        Column[SkillRow](
            N_("Accuracy"),
            lambda r: _("{percent}%", percent=reports.percent(r.stat.accuracy))
            if r.stat.answers else NO_FIGURE,
            lambda r: r.stat.accuracy if r.stat.answers else None,
            True,
            tooltip=lambda r: ngettext("{correct} of {count} correct, over every answer",
                                       "{correct} of {count} correct, over every answer",
                                       r.stat.answers, correct=r.stat.correct),
        ),
        Column[SkillRow](
            N_("Mean time"),
            lambda r: (
                _("{seconds} s", seconds=reports.seconds_text(r.stat.mean_seconds))
                if r.stat.answers else NO_FIGURE
            ),
            lambda r: r.stat.mean_seconds if r.stat.answers else None,
            True,
        ),
        Column[SkillRow](
            N_("Mastery"),
            lambda r: reports.mastery_text(r.mastery) or NO_FIGURE,
            lambda r: None if r.mastery.level is Level.NOT_STARTED else r.mastery.score,
            True,
            tooltip=_verdict_tooltip,
        ),
        Column[SkillRow](
            N_("Target met?"),
            lambda r: _("\u2713 met") if target_met(r.mastery) else _("not yet"),
            lambda r: (target_met(r.mastery), r.mastery.score),
            centre=True,
            tooltip=_verdict_tooltip,
            colour=lambda r: GOOD if target_met(r.mastery) else None,
        ),
    )

    def set_stats(
        self,
        stats: Sequence[SkillStat],
        mastery: Mapping[Skill, Mastery],
        *,
        ahead: Iterable[Skill] = tuple(Skill),
    ) -> None:
        """Show these skills, with their ``mastery``, in the dealer's order of work, and
        the skills ``ahead`` not practised yet (with no figures), so a trainee sees what
        is to come."""
        shown = {stat.skill: stat for stat in stats}
        for skill in ahead:
            shown.setdefault(skill, SkillStat(skill, 0, 0, 0.0))
        ordered = sorted(shown.values(), key=lambda s: (reports.skill_order(s.skill), s.skill))
        self.set_rows([SkillRow(stat, mastery[stat.skill]) for stat in ordered])


# --------------------------------------------------------------------------- roster


def _exam_colour(status: ExamStatus) -> QColor | None:
    return {ExamStatus.PASSED: GOOD, ExamStatus.FAILED: BAD, ExamStatus.ALTERED: BAD}.get(status)


_EXAM_LABEL = {
    ExamStatus.NONE: N_("no exam"),
    ExamStatus.IN_PROGRESS: N_("in progress"),
    ExamStatus.FAILED: N_("failed"),
    ExamStatus.PASSED: N_("passed"),
    ExamStatus.ALTERED: N_("ALTERED"),
    ExamStatus.UNCHECKABLE: N_("cannot be checked"),
}


def exam_status_label(status: ExamStatus) -> str:
    """A trainee's latest exam for people (its value is what storage and CSV keep)."""
    return _(_EXAM_LABEL[status])


_EXAM_ORDER = {
    ExamStatus.NONE: 0,
    ExamStatus.IN_PROGRESS: 1,
    ExamStatus.FAILED: 2,
    ExamStatus.PASSED: 3,
    ExamStatus.UNCHECKABLE: 4,
    ExamStatus.ALTERED: 5,
}


class RosterModel(RowsModel[RosterRow]):
    """Every trainee's figures from ``db.roster()``: name, accuracy, average seconds
    per round, rounds played, last active and exam status."""

    NAME, ACCURACY, SECONDS_PER_ROUND, ROUNDS_PLAYED, LAST_ACTIVE, EXAM_STATUS = range(6)

    columns = (
        Column[RosterRow](N_("Name"), lambda r: r.name, lambda r: r.name),
        Column[RosterRow](
            N_("Accuracy"),
            lambda r: NO_FIGURE if r.accuracy is None
            else _("{percent}%", percent=reports.percent(r.accuracy)),
            lambda r: r.accuracy,
            True,
            tooltip=lambda r: ngettext("{count} answer", "{count} answers", r.answers),
        ),
        Column[RosterRow](
            N_("Avg time / round"),
            lambda r: NO_FIGURE
            if r.seconds_per_round is None
            else _("{seconds} s", seconds=reports.seconds_text(r.seconds_per_round)),
            lambda r: r.seconds_per_round,
            True,
        ),
        Column[RosterRow](
            N_("Rounds played"), lambda r: str(r.rounds_played), lambda r: r.rounds_played, True
        ),
        Column[RosterRow](
            N_("Last active"),
            lambda r: reports.local_time(r.last_active) or _("never"),
            lambda r: None if r.last_active is None else r.last_active.timestamp(),
        ),
        Column[RosterRow](
            N_("Exam"),
            lambda r: exam_status_label(r.exam_status),
            lambda r: _EXAM_ORDER[r.exam_status],
            colour=lambda r: _exam_colour(r.exam_status),
        ),
    )

    def __init__(self, db: RosterReads | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        if db is not None:
            self.refresh()

    def refresh(self) -> None:
        """Reload the roster from the database."""
        if self.db is not None:
            self.set_rows(self.db.roster())

    def trainee_id(self, row: int) -> int:
        return self.row_at(row).trainee_id

    def row_of(self, trainee_id: int) -> int | None:
        """The source row of a trainee, or None."""
        return next(
            (i for i, row in enumerate(self._rows) if row.trainee_id == trainee_id), None
        )


# --------------------------------------------------------------------------- trainee page


class MistakesModel(RowsModel[Mistake]):
    """Wrong answers, newest first: when, skill, question, expected, given."""

    columns = (
        Column[Mistake](
            N_("When"),
            lambda m: reports.local_time(m.answer.answered_at),
            lambda m: m.answer.answered_at.timestamp(),
        ),
        Column[Mistake](
            N_("Skill"),
            lambda m: reports.skill_label(m.answer.skill),
            lambda m: reports.skill_order(m.answer.skill),
        ),
        Column[Mistake](
            N_("Question"),
            lambda m: reports.question_text(m.answer),
            lambda m: reports.question_text(m.answer),
            tooltip=lambda m: _("{question} \u2014 {rules}", question=m.answer.question_id,
                                rules=reports.ruleset_title(m.ruleset_id)),
        ),
        Column[Mistake](N_("Expected"), lambda m: reports.answer_words(m.answer.expected),
                        lambda m: m.answer.expected),
        Column[Mistake](
            N_("Given"),
            lambda m: reports.given_text(m.answer.given),
            lambda m: reports.given_text(m.answer.given),
            colour=lambda m: BAD,
        ),
    )


class ExamsModel(RowsModel[Exam]):
    """A trainee's exams, newest first."""

    columns = (
        Column[Exam](N_("Started"), lambda e: reports.local_time(e.started), lambda e: e.started),
        Column[Exam](
            N_("Set-up"), reports.exam_setup_name, reports.exam_setup_name,
            tooltip=lambda e: "; ".join(_("{fact}: {value}", fact=k, value=v)
                                        for k, v in reports.exam_setup_facts(e)),
        ),
        Column[Exam](N_("Attempt"), reports.attempt_text, lambda e: e.attempt or 0, True),
        Column[Exam](
            N_("Rule set"), lambda e: reports.ruleset_title(e.ruleset_id, e.ruleset_version),
            lambda e: e.ruleset_id
        ),
        Column[Exam](N_("Rounds"), lambda e: str(e.rounds), lambda e: e.rounds, True),
        Column[Exam](N_("Pass mark"), lambda e: _("{percent}%", percent=format(e.pass_mark, "g")),
                     lambda e: e.pass_mark, True),
        Column[Exam](
            N_("Score"),
            lambda e: reports.score_text(e.score),
            lambda e: e.score,
            True,
        ),
        Column[Exam](
            N_("Result"),
            reports.exam_result_text,
            lambda e: _EXAM_ORDER[e.status],
            colour=lambda e: _exam_colour(e.status),
        ),
        Column[Exam](
            N_("Time limit"),
            lambda e: reports.time_limit_text(e.time_limit_seconds),
            lambda e: e.time_limit_seconds,
            True,
        ),
    )
