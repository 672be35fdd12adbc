"""Trends by week and the most-missed questions on screen: the trainee page and a class.

Weeks are local ISO weeks; the answers are given at 15:00 UTC, the same local day
in any zone within ten hours of UTC. 2 March 2026 is a Monday (week 10).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import give_answers
from trainer.engine.round import Wager
from trainer.skills import Skill
from trainer.storage import TrainerDB, open_database
from trainer.ui.progress.models import BAD, GOOD
from trainer.ui.progress.trainee_page import TraineePage
from trainer.ui.progress.trends import TrendsView


def day(number: int) -> datetime:
    return datetime(2026, 3, number, 15, 0, tzinfo=UTC)


def give(db: TrainerDB, who: int, skill: Skill, wager: Wager, results: Sequence[bool],
         seconds: float, when: datetime) -> None:
    give_answers(db, who, skill, results, seconds, when, wager=wager)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "trends.sqlite3", backup_on_session=False) as database:
        yield database


@pytest.fixture
def ids(db: TrainerDB) -> dict[str, int]:
    ana, ben = db.create_trainee("Ana", at=day(1)), db.create_trainee("Ben", at=day(1))
    # Ana, Pocket Bonus: week 10 1 of 4 right at 6 s; week 11 3 of 4 at 4 s.
    give(db, ana, Skill.POCKET_BONUS, Wager.POCKET_BONUS, [True, False, False, False], 6.0,
         day(3))
    give(db, ana, Skill.POCKET_BONUS, Wager.POCKET_BONUS, [True, True, True, False], 4.0,
         day(10))
    # Ben, ante: week 11 2 of 2 right at 3 s.
    give(db, ben, Skill.ANTE, Wager.ANTE, [True, True], 3.0, day(11))
    return {"Ana": ana, "Ben": ben}


def test_the_trainee_page_shows_each_skills_weeks_and_change(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    page = TraineePage(db, ids["Ana"])
    qtbot.addWidget(page)
    page.show()
    assert page.tabs.tabText(3) == "Trends"
    page.tabs.setCurrentWidget(page.trends)
    qtbot.waitExposed(page.trends)
    # Week 11 against 10: 75 % - 25 % = +50 points; 4 s - 6 s = 2 s faster.
    assert page.trends.shown_trends() == [
        ("Settling the Pocket Bonus", "2026-W10", "4", "25.0%", "new", "6.0 s", "new"),
        ("Settling the Pocket Bonus", "2026-W11", "4", "75.0%", "+50.0 pts", "4.0 s", "-2.0 s"),
    ]
    better = page.trends.trends_proxy.index(1, 4).data(Qt.ItemDataRole.ForegroundRole)
    faster = page.trends.trends_proxy.index(1, 6).data(Qt.ItemDataRole.ForegroundRole)
    assert better.color() == GOOD and faster.color() == GOOD
    missed = page.trends.missed_proxy
    assert [missed.index(0, c).data() for c in range(5)] == [
        "Pocket Bonus: pay, push or take", "Settling the Pocket Bonus", "4", "8", "50.0%"]
    assert missed.index(0, 2).data(Qt.ItemDataRole.ForegroundRole).color() == BAD


def test_a_class_pools_its_members_and_a_skill_can_be_picked(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    view = TrendsView(db, [ids["Ana"], ids["Ben"]])
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    assert [row[:3] for row in view.shown_trends()] == [
        ("Settling the ante", "2026-W11", "2"),
        ("Settling the Pocket Bonus", "2026-W10", "4"),
        ("Settling the Pocket Bonus", "2026-W11", "4"),
    ]
    view.skill_choice.setCurrentIndex(view.skill_choice.findData(Skill.ANTE))
    assert [row[:4] for row in view.shown_trends()] == [
        ("Settling the ante", "2026-W11", "2", "100.0%")]
    view.set_trainees([ids["Ben"]])
    assert view.missed_proxy.rowCount() == 0  # Ben missed nothing


def test_figures_that_cannot_be_read_are_said_not_raised(
        qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> None:
    db.conn.execute("UPDATE answers SET skill = 'juggling'")
    view = TrendsView(db, [ids["Ana"]])
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    assert view.problem.isVisible()
    assert view.problem.text().startswith("The trends could not be read: answers of week")
    assert "'juggling' is not a skill this trainer knows" in view.problem.text()
