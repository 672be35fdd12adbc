"""A trainee's home and progress: figures per skill, streaks and the history chart.

Whether a skill meets the target is the course's verdict (the skill mastered,
:mod:`trainer.training.mastery`), worked out by :func:`trainer.reports.skill_mastery`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import _, ngettext
from trainer.reports.assignments import AssignmentSources, trainee_assignments
from trainer.reports.skill_grid import shown_skills
from trainer.storage.interfaces import RosterReads
from trainer.training.lessons import Lesson
from trainer.training.mastery import target_met
from trainer.ui.progress.assigned import AssignedBox
from trainer.ui.progress.charts import HistoryChart
from trainer.ui.progress.models import SkillTableModel, SortFilterProxy


def configure_table(view: QTableView, *, stretch: int | None = 0) -> None:
    """The look every table on these screens shares: whole rows, sortable, no grid clutter.

    ``stretch`` is the column that takes the spare width; None spreads it over every column.
    """
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setSortingEnabled(True)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    pad = view.fontMetrics().averageCharWidth()  # room between columns, in font units
    view.setStyleSheet(
        f"QTableView::item {{ padding-left: {pad}px; padding-right: {pad}px; }}"
        f" QHeaderView::section {{ padding-left: {pad}px; padding-right: {pad}px; }}"
    )
    header = view.horizontalHeader()
    header.setHighlightSections(False)
    if stretch is None:
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    else:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(view.fontMetrics().averageCharWidth() * 8)
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(round(view.fontMetrics().height() * 1.8))


def fit_to_contents(view: QTableView) -> None:
    """Make a short table exactly as tall as its rows and wide enough for every column."""
    model = view.model()
    header = view.horizontalHeader()
    frame = 2 * view.frameWidth()
    rows = model.rowCount() if model is not None else 0
    columns = model.columnCount() if model is not None else 0
    view.setFixedHeight(
        header.sizeHint().height() + rows * view.verticalHeader().defaultSectionSize() + frame
    )
    view.setMinimumWidth(  # the cells' style-sheet padding already keeps columns apart
        sum(max(view.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(columns))
        + frame
    )
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


class ProgressViewSources(AssignmentSources, RosterReads, Protocol):
    """What a trainee's progress page reads: history, mastery, roster figures and the
    work assigned."""


class StatTile(QFrame):
    """A big figure with a caption under it (e.g. "12" / "current streak")."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("stat_tile")
        layout = QVBoxLayout(self)
        em = self.fontMetrics().height()
        layout.setContentsMargins(em, round(em * 0.5), em, round(em * 0.5))
        layout.setSpacing(0)
        self.value = QLabel("\u2014")
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.9)
        big.setBold(True)
        self.value.setFont(big)
        self.caption = QLabel(caption)
        self.caption.setForegroundRole(self.caption.foregroundRole())
        self.caption.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(self.value)
        layout.addWidget(self.caption)

    def set_value(self, text: str) -> None:
        self.value.setText(text)


class ProgressView(QWidget):
    """The trainee's progress: name, key figures, streaks, per-skill table and history chart.

    Mastery is held to the target times of ``lessons`` (default: the course's,
    :func:`trainer.reports.course_lessons`).
    """

    def __init__(self, db: ProgressViewSources, trainee_id: int,
                 parent: QWidget | None = None, *,
                 lessons: Sequence[Lesson] | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_id = trainee_id
        self.lessons = lessons
        self.setObjectName("progress_view")
        em = self.fontMetrics().height()

        self.title = QLabel()
        self.title.setObjectName("progress_title")
        title_font = QFont(self.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.6)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.subtitle = QLabel()
        self.subtitle.setObjectName("progress_subtitle")
        self.subtitle.setWordWrap(True)

        self.answers_tile = StatTile(_("answers"))
        self.accuracy_tile = StatTile(_("accuracy"))
        self.round_time_tile = StatTile(_("average time per round"))
        self.streak_tile = StatTile(_("current streak (correct in a row)"))
        self.best_tile = StatTile(_("best streak"))
        tiles = QHBoxLayout()
        tiles.setSpacing(round(em * 0.6))
        for tile in (
            self.answers_tile,
            self.accuracy_tile,
            self.round_time_tile,
            self.streak_tile,
            self.best_tile,
        ):
            tiles.addWidget(tile, 1)

        self.skills = SkillTableModel(self)
        self.skills_proxy = SortFilterProxy(self)
        self.skills_proxy.setSourceModel(self.skills)
        self.skill_table = QTableView()
        self.skill_table.setObjectName("skill_table")
        self.skill_table.setModel(self.skills_proxy)
        configure_table(self.skill_table)
        self.skill_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.skill_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.skill_table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.target_note = QLabel(reports.target_text())
        self.target_note.setWordWrap(True)
        self.target_note.setStyleSheet("color: palette(placeholder-text);")
        skills_box = QGroupBox(_("Accuracy and speed per skill"))
        skills_layout = QVBoxLayout(skills_box)
        skills_layout.addWidget(self.skill_table)
        skills_layout.addWidget(self.target_note)
        skills_layout.addStretch(1)

        self.chart = HistoryChart()
        history_box = QGroupBox(_("History: accuracy and answers per day"))
        history_layout = QVBoxLayout(history_box)
        history_layout.addWidget(self.chart)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(skills_box)
        self.splitter.addWidget(history_box)
        self.splitter.setStretchFactor(0, 0)  # the table as wide as its columns need
        self.splitter.setStretchFactor(1, 1)  # the chart takes the rest

        layout = QVBoxLayout(self)
        layout.setSpacing(round(em * 0.6))
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addLayout(tiles)
        self.assigned = AssignedBox()  # what the instructor assigned (hidden when nothing)
        layout.addWidget(self.assigned)
        layout.addWidget(self.splitter, 1)
        self.refresh()

    def refresh(self) -> None:
        """Re-read every figure from the database."""
        trainee = self.db.get_trainee(self.trainee_id)
        name = (trainee.name if trainee is not None
                else _("Trainee {number}", number=self.trainee_id))
        self.title.setText(name)
        row = reports.roster_row(self.db, self.trainee_id)
        streak = self.db.streak(self.trainee_id)
        stats = self.db.skill_stats(self.trainee_id)
        mastery = reports.skill_mastery(self.db, self.trainee_id, self.lessons)
        days = self.db.history(self.trainee_id)

        answers = row.answers if row else 0
        self.answers_tile.set_value(str(answers))
        self.accuracy_tile.set_value(
            "\u2014" if row is None or row.accuracy is None
            else _("{percent}%", percent=reports.percent(row.accuracy))
        )
        self.round_time_tile.set_value(
            "\u2014"
            if row is None or row.seconds_per_round is None
            else _("{seconds} s", seconds=reports.seconds_text(row.seconds_per_round))
        )
        self.streak_tile.set_value(str(streak.current))
        self.best_tile.set_value(str(streak.best))

        met = sum(1 for stat in stats if target_met(mastery[stat.skill]))
        if answers:
            last = reports.local_time(trainee.last_active) if trainee else ""
            rounds = row.rounds_played if row else 0
            played = ngettext("{count} round played over {days}",
                              "{count} rounds played over {days}", rounds,
                              days=ngettext("{count} day", "{count} days", len(days)))
            met_text = ngettext("target met in {met} of {count} skill practised",
                                "target met in {met} of {count} skills practised", len(stats),
                                met=met)
            self.subtitle.setText(
                _("{played} \u00b7 {met} \u00b7 last active {when}", played=played,
                  met=met_text, when=last) if last
                else _("{played} \u00b7 {met}", played=played, met=met_text))
        else:
            self.subtitle.setText(_("No answers yet: deal a round to start."))
        # Skills not practised yet: those of the rule sets this trainee plays (no
        # 6-Card Bonus row for a New York trainee); every skill before a first session.
        ahead = shown_skills(self.db.rulesets_of([self.trainee_id]),
                             (stat.skill for stat in stats))
        self.skills.set_stats(stats, mastery, ahead=ahead)
        fit_to_contents(self.skill_table)
        self.chart.set_days(days)
        self.assigned.set_items(trainee_assignments(self.db, self.trainee_id,
                                                    lessons=self.lessons))
