"""The instructor's skill grid on a real SQLite file: colours, tooltips, sorting, filters.

Figures worked by hand from mastery's formula against a 6 s target time:
Ana 10 of 10 antes right at 4 s (100, mastered) and 4 of 12 Pocket Bonus payouts
at 3 s (33, learning); Ben 19 of 20 antes at 12 s (100 x 0.95 x 0.9 = 85.5 -> 86,
proficient, slow); Cy no answer since added 30 days before; Dee 5 of 10 antes
at 2 s (50, practising), ten days before.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import give_answers
from trainer.reports.skill_grid import Flag
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.training.mastery import Level
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.models import SORT_ROLE
from trainer.ui.progress.skill_grid import (
    ANY_FLAG,
    LEVEL_COLOURS,
    SkillGridModel,
    SkillGridView,
)

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Lesson:
    id: str
    skills: tuple[Skill, ...]
    target_seconds: float


LESSONS = (Lesson("all", (Skill.ANTE, Skill.POCKET_BONUS), 6.0),)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "grid.sqlite3", backup_on_session=False) as database:
        yield database


@pytest.fixture
def ids(db: TrainerDB) -> dict[str, int]:
    added = NOW - timedelta(days=30)
    ids = {name: db.create_trainee(name, at=added) for name in ("Ana", "Ben", "Cy", "Dee")}
    yesterday = NOW - timedelta(days=1)
    give_answers(db, ids["Ana"], Skill.ANTE, [True] * 10, 4.0, yesterday)
    give_answers(db, ids["Ana"], Skill.POCKET_BONUS, [True, False, False] * 4, 3.0, yesterday)
    give_answers(db, ids["Ben"], Skill.ANTE, [False] + [True] * 19, 12.0, yesterday)
    give_answers(db, ids["Dee"], Skill.ANTE, [True, False] * 5, 2.0, NOW - timedelta(days=10))
    return ids


@pytest.fixture
def grid(qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> SkillGridView:
    view = SkillGridView(db, lessons=LESSONS, now=NOW)
    qtbot.addWidget(view)
    view.resize(1400, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def _cell(view: SkillGridView, name: str, skill: Skill) -> QModelIndex:
    model = view.model
    row = next(r for r in range(model.rowCount()) if model.row_at(r).name == name)
    return model.index(row, model.skill_column(skill))


def test_each_cell_shows_the_score_coloured_by_level(grid: SkillGridView) -> None:
    expected = {
        ("Ana", Skill.ANTE): ("100", Level.MASTERED),
        ("Ana", Skill.POCKET_BONUS): ("33", Level.LEARNING),
        ("Ben", Skill.ANTE): ("86", Level.PROFICIENT),
        ("Dee", Skill.ANTE): ("50", Level.PRACTISING),
        ("Cy", Skill.ANTE): ("\u2014", Level.NOT_STARTED),
    }
    for (name, skill), (text, level) in expected.items():
        index = _cell(grid, name, skill)
        assert index.data() == text, (name, skill)
        assert index.data(Qt.ItemDataRole.BackgroundRole).color() == LEVEL_COLOURS[level]


def test_the_colours_are_painted_on_screen(grid: SkillGridView) -> None:
    for name, skill, level in (("Ana", Skill.POCKET_BONUS, Level.LEARNING),
                               ("Ana", Skill.ANTE, Level.MASTERED)):
        index = grid.proxy.mapFromSource(_cell(grid, name, skill))
        grid.view.scrollTo(index)
        image = grid.view.viewport().grab().toImage()
        rect = grid.view.visualRect(index)
        corner = QColor(image.pixel(rect.left() + 3, rect.top() + 3))
        assert corner == LEVEL_COLOURS[level], (name, skill)


def test_a_cells_tooltip_gives_its_counts_against_the_target_time(grid: SkillGridView) -> None:
    tip = _cell(grid, "Ana", Skill.POCKET_BONUS).data(Qt.ItemDataRole.ToolTipRole)
    assert "Settling the Pocket Bonus: 33 (learning)" in tip
    assert "Last 12 answers: 4 right (33%)" in tip
    assert "Median 3.0 s, mean 3.0 s; target 6 s" in tip
    header = grid.model.headerData(grid.model.skill_column(Skill.ANTE), Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.ToolTipRole)
    # Ante: Ana 100 (mastered), Ben 86, Dee 50; Cy not started: a mean of 236 / 3 = 78.7.
    assert header == ("Settling the ante (target time 6 s)\n"
                      "3 of 4 trainees practised it, 1 mastered; mean score 79.")


def test_the_weakest_skill_and_the_flags_have_columns(grid: SkillGridView) -> None:
    model = grid.model
    rows = {model.row_at(r).name: r for r in range(model.rowCount())}
    assert model.index(rows["Ana"], SkillGridModel.WEAKEST).data() == "Pocket Bonus (33)"
    assert model.index(rows["Cy"], SkillGridModel.WEAKEST).data() == "\u2014"
    flags = {name: model.index(row, SkillGridModel.FLAGS).data() for name, row in rows.items()}
    assert flags == {
        "Ana": "below target",
        "Ben": "below target, slow",
        "Cy": "idle",
        "Dee": "below target, idle",
    }
    tip = model.index(rows["Ben"], SkillGridModel.FLAGS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == ("Below target: some practised skill is not mastered yet\n"
                   "Slower than target time: some practised skill's median time is above its"
                   " target time")
    # Dee's last answer came 9 minutes after the first, ten days ago: 9 whole days.
    assert model.index(rows["Dee"], SkillGridModel.LAST_ANSWER).data(
        Qt.ItemDataRole.ToolTipRole).endswith("(9 days ago)")


def test_sorting_by_a_skill_puts_the_weakest_first_and_not_started_last(
        grid: SkillGridView) -> None:
    grid.view.sortByColumn(grid.model.skill_column(Skill.ANTE), Qt.SortOrder.AscendingOrder)
    assert grid.shown_names() == ["Dee", "Ben", "Ana", "Cy"]
    grid.view.sortByColumn(grid.model.skill_column(Skill.ANTE), Qt.SortOrder.DescendingOrder)
    assert grid.shown_names() == ["Ana", "Ben", "Dee", "Cy"]
    grid.view.sortByColumn(SkillGridModel.WEAKEST, Qt.SortOrder.AscendingOrder)
    assert grid.shown_names() == ["Ana", "Dee", "Ben", "Cy"]  # 33, 50, 86, none
    grid.view.sortByColumn(SkillGridModel.NAME, Qt.SortOrder.DescendingOrder)
    assert grid.shown_names() == ["Dee", "Cy", "Ben", "Ana"]
    index = grid.proxy.index(0, SkillGridModel.FLAGS)
    assert index.data(SORT_ROLE) == (2, "below target, not practised")


def test_filtering_by_name_and_by_flag(qtbot: QtBot, grid: SkillGridView) -> None:
    qtbot.keyClicks(grid.name_filter, "E")
    assert grid.shown_names() == ["Ben", "Dee"]
    assert grid.count_label.text() == "2 of 4 trainees shown"
    grid.name_filter.clear()
    grid.set_flag_filter(Flag.SLOW)
    assert grid.shown_names() == ["Ben"]
    grid.set_flag_filter(Flag.NOT_PRACTISED)
    assert grid.shown_names() == ["Cy", "Dee"]
    # Ten days without an answer before the flag: Dee (9 days 23 h 51 min) is not flagged.
    grid.days.setValue(10)
    assert grid.shown_names() == ["Cy"]
    grid.set_flag_filter(ANY_FLAG)
    assert grid.shown_names() == ["Ana", "Ben", "Cy", "Dee"]
    grid.set_flag_filter(None)
    assert grid.count_label.text() == "4 trainees"


def test_the_grid_shows_a_list_of_trainees_and_opens_one(
        qtbot: QtBot, grid: SkillGridView, ids: dict[str, int]) -> None:
    grid.set_trainees([ids["Ben"], ids["Dee"]])
    assert grid.shown_names() == ["Ben", "Dee"]
    with qtbot.waitSignal(grid.traineeActivated) as opened:
        grid.view.activated.emit(grid.proxy.index(1, SkillGridModel.NAME))
    assert opened.args == [ids["Dee"]]


def test_a_hidden_grid_reads_the_database_when_shown(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    view = SkillGridView(db, [ids["Ana"]], lessons=LESSONS, now=NOW)
    qtbot.addWidget(view)
    assert view.model.rowCount() == 0
    view.show()
    qtbot.waitExposed(view)
    assert view.shown_names() == ["Ana"]


def test_the_dashboard_shows_the_grid_as_a_tab_and_opens_a_trainee(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    dashboard = InstructorDashboard(db)
    qtbot.addWidget(dashboard)
    dashboard.resize(1366, 700)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    tabs = dashboard.roster_tabs
    assert [tabs.tabText(i) for i in range(tabs.count())][:3] == ["Roster", "Skill grid", "Trends"]
    tabs.setCurrentWidget(dashboard.skill_grid)
    assert dashboard.skill_grid.shown_names() == ["Ana", "Ben", "Cy", "Dee"]
    grid = dashboard.skill_grid
    grid.view.activated.emit(grid.proxy.index(0, SkillGridModel.NAME))
    assert dashboard.trainee_page is not None and dashboard.trainee_page.trainee_id == ids["Ana"]
    assert dashboard.stack.currentWidget() is dashboard.trainee_page
    # A new answer shows once the dashboard reads the figures again.
    give_answers(db, ids["Cy"], Skill.ANTE, [True], 1.0, NOW)
    dashboard.show_roster()
    dashboard.refresh()
    row = next(r for r in range(grid.model.rowCount()) if grid.model.row_at(r).name == "Cy")
    assert grid.model.index(row, grid.model.skill_column(Skill.ANTE)).data() == "100"


def test_figures_that_cannot_be_read_are_said_not_raised(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    db.conn.execute("UPDATE skill_recent SET skill = 'juggling' WHERE trainee_id = ?",
                    (ids["Ana"],))
    view = SkillGridView(db, lessons=LESSONS, now=NOW)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    assert view.problem.isVisible()
    assert view.problem.text() == (
        f"The skill grid could not be read: skill_recent of trainee {ids['Ana']}:"
        " 'juggling' is not a skill this trainer knows")
    assert view.model.rowCount() == 0
