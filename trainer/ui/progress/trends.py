"""Trends per skill by week, and the most-missed questions, for a trainee or a class.

:class:`TrendsView` takes a list of trainee ids (one trainee on the trainee
page, a class's members, or None for every trainee). Figures:
:mod:`trainer.reports.trends` (local ISO weeks, Monday start; the change is
against the week before, none after a week without answers).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import N_, _, ngettext
from trainer.reports.trends import (
    MOST_MISSED_SHOWN,
    MissedQuestion,
    WeekTrend,
    accuracy_change_text,
    iso_week,
    most_missed,
    seconds_change_text,
    skill_trends,
    week_label,
)
from trainer.skills import Skill
from trainer.storage.interfaces import ClassViewReads
from trainer.storage.models import FILE_OR_STORAGE_ERRORS
from trainer.ui.progress.figures_view import TraineeFiguresView
from trainer.ui.progress.labels import error_label
from trainer.ui.progress.models import BAD, GOOD, Column, RowsModel, SortFilterProxy
from trainer.ui.progress.progress_view import configure_table

TREND_WEEKS = 8
"""Weeks (the latest with answers) the trends table shows."""


def _better(change: float | None, *, lower_is_better: bool = False) -> QColor | None:
    if change is None or change == 0:
        return None
    return GOOD if (change < 0) == lower_is_better else BAD


class TrendsModel(RowsModel[WeekTrend]):
    """One row per skill and week: answers, accuracy, mean time and their change."""

    columns = (
        Column[WeekTrend](
            N_("Skill"), lambda t: reports.skill_label(t.skill),
            lambda t: (reports.skill_order(t.skill), t.week.toordinal()),
        ),
        Column[WeekTrend](N_("Week"), lambda t: iso_week(t.week), lambda t: t.week.toordinal(),
                          tooltip=lambda t: week_label(t.week)),
        Column[WeekTrend](N_("Answers"), lambda t: str(t.answers), lambda t: t.answers, True),
        Column[WeekTrend](
            N_("Accuracy"), lambda t: _("{percent}%", percent=reports.percent(t.accuracy)),
            lambda t: t.accuracy, True,
            tooltip=lambda t: ngettext("{correct} of {count} right", "{correct} of {count} right",
                                       t.answers, correct=t.correct),
        ),
        Column[WeekTrend](
            N_("Accuracy change"), lambda t: accuracy_change_text(t.accuracy_change),
            lambda t: t.accuracy_change, True,
            tooltip=lambda t: _("Against the week before") if t.accuracy_change is not None
            else _("No answer on this skill the week before"),
            colour=lambda t: _better(t.accuracy_change),
        ),
        Column[WeekTrend](
            N_("Mean time"), lambda t: _("{seconds} s",
                                         seconds=reports.seconds_text(t.mean_seconds)),
            lambda t: t.mean_seconds, True,
        ),
        Column[WeekTrend](
            N_("Time change"), lambda t: seconds_change_text(t.seconds_change),
            lambda t: t.seconds_change, True,
            colour=lambda t: _better(t.seconds_change, lower_is_better=True),
        ),
    )


class MissedModel(RowsModel[MissedQuestion]):
    """The kinds of question missed most: question, skill, wrong of asked."""

    columns = (
        Column[MissedQuestion](N_("Question"), lambda m: m.text, lambda m: m.text),
        Column[MissedQuestion](N_("Skill"), lambda m: reports.skill_label(m.skill),
                               lambda m: reports.skill_order(m.skill)),
        Column[MissedQuestion](N_("Wrong"), lambda m: str(m.wrong), lambda m: m.wrong, True,
                               colour=lambda m: BAD),
        Column[MissedQuestion](N_("Asked"), lambda m: str(m.answers), lambda m: m.answers, True),
        Column[MissedQuestion](
            N_("Share wrong"), lambda m: _("{percent}%", percent=reports.percent(m.share_wrong)),
            lambda m: m.share_wrong, True,
        ),
    )


class TrendsView(TraineeFiguresView):
    """Each skill's weekly figures with the change, and the most-missed questions,
    for ``trainee_ids`` (None: every trainee). Reads when shown after :meth:`refresh`."""

    def __init__(self, db: ClassViewReads, trainee_ids: Sequence[int] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(db, trainee_ids, parent)
        self.setObjectName("trends_view")

        self.skill_choice = QComboBox()
        self.skill_choice.setObjectName("trends_skill")
        self.skill_choice.addItem(_("Every skill"), None)
        for skill in Skill:
            self.skill_choice.addItem(reports.skill_label(skill), skill)
        self.skill_choice.currentIndexChanged.connect(self.refresh)

        self.trends = TrendsModel(self)
        self.trends_proxy = SortFilterProxy(self)
        self.trends_proxy.setSourceModel(self.trends)
        self.trends_view = QTableView()
        self.trends_view.setObjectName("trends")
        self.trends_view.setModel(self.trends_proxy)
        configure_table(self.trends_view, stretch=0)
        self.trends_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)

        self.missed = MissedModel(self)
        self.missed_proxy = SortFilterProxy(self)
        self.missed_proxy.setSourceModel(self.missed)
        self.missed_view = QTableView()
        self.missed_view.setObjectName("most_missed")
        self.missed_view.setModel(self.missed_proxy)
        configure_table(self.missed_view, stretch=0)
        self.missed_view.sortByColumn(2, Qt.SortOrder.DescendingOrder)

        top = QHBoxLayout()
        top.addWidget(QLabel(ngettext(
            "Accuracy and time per skill, by week (the latest {count} week with answers;"
            " weeks run Monday to Sunday):", "Accuracy and time per skill, by week (the latest"
            " {count} weeks with answers; weeks run Monday to Sunday):", TREND_WEEKS)))
        top.addStretch(1)
        top.addWidget(self.skill_choice)
        trends_box = QWidget()
        trends_layout = QVBoxLayout(trends_box)
        trends_layout.setContentsMargins(0, 0, 0, 0)
        trends_layout.addLayout(top)
        trends_layout.addWidget(self.trends_view, 1)
        missed_box = QWidget()
        missed_layout = QVBoxLayout(missed_box)
        missed_layout.setContentsMargins(0, 0, 0, 0)
        missed_layout.addWidget(QLabel(_("Most missed questions (top {count}, every answer"
                                         " counted):", count=MOST_MISSED_SHOWN)))
        missed_layout.addWidget(self.missed_view, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(trends_box)
        splitter.addWidget(missed_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.problem = error_label()
        self.problem.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.problem)
        layout.addWidget(splitter)

    def reload(self) -> None:
        """Read the figures now; a problem is said above the tables (the last figures stay)."""
        super().reload()
        skill = self.skill_choice.currentData()
        try:
            trends = skill_trends(self.db, self.trainee_ids, weeks=TREND_WEEKS)
            missed = most_missed(self.db, self.trainee_ids)
        except FILE_OR_STORAGE_ERRORS as error:
            self.problem.setText(_("The trends could not be read: {why}", why=error))
            self.problem.show()
            return
        self.problem.hide()
        self.trends.set_rows([t for t in trends if skill is None or t.skill == skill])
        self.missed.set_rows(missed)
        self.trends_view.setToolTip("" if self.trends.rowCount() else _("No answers yet"))

    def shown_trends(self) -> list[tuple[str, ...]]:
        """The trends table's text, as shown (sorted)."""
        return [tuple(str(self.trends_proxy.index(row, column).data())
                      for column in range(self.trends_proxy.columnCount()))
                for row in range(self.trends_proxy.rowCount())]

