"""Trends per skill by local ISO week, week over week, and the most-missed questions.

Answers are written into a real SQLite file at chosen times; the expected
figures are counted by hand. 2 March 2026 is a Monday, the first day of ISO
week 10.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND
from trainer.engine.round import Wager
from trainer.reports.text import percent, seconds_text, skill_label
from trainer.reports.trends import (
    MOST_MISSED_SHOWN,
    WeekTrend,
    accuracy_change_text,
    iso_week,
    most_missed,
    seconds_change_text,
    skill_trends,
    week_label,
)
from trainer.skills import QuestionKind, Skill
from trainer.storage import NewAnswer, TrainerDB, open_database

W10, W11, W12, W13 = (date(2026, 3, day) for day in (2, 9, 16, 23))


def utc(day: int, hour: int = 15) -> datetime:
    return datetime(2026, 3, day, hour, 0, tzinfo=UTC)


@pytest.fixture
def new_york_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time five hours behind UTC, for SQLite and Python alike."""
    monkeypatch.setenv("TZ", "EST+5")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "trends.sqlite3", backup_on_session=False) as database:
        yield database


class Desk:
    """One trainee's session and round, to give answers on at chosen times."""

    def __init__(self, db: TrainerDB, name: str) -> None:
        self.db = db
        self.id = db.create_trainee(name, at=utc(1))
        session = db.start_session(self.id, "practice", "ny-2018", at=utc(1))
        self.round = db.record_round(session, ROUND, "ny-2018", 1, at=utc(1))

    def give(self, when: datetime, skill: Skill, correct: bool, seconds: float = 3.0, *,
             kind: QuestionKind = QuestionKind.PAYOUT, wager: Wager | None = Wager.ANTE) -> None:
        self.db.record_answer(
            NewAnswer(self.round, "q", kind, skill, 1, wager, "10.00",
                      "10.00" if correct else "0.00", correct, seconds),
            at=when,
        )


def _ana(db: TrainerDB) -> Desk:
    ana = Desk(db, "Ana")
    ana.give(utc(2), Skill.ANTE, True, 2.0)
    ana.give(utc(3), Skill.ANTE, True, 4.0)
    ana.give(utc(4), Skill.ANTE, False, 6.0)
    ana.give(utc(9, 3), Skill.ANTE, True, 8.0)  # Sunday 8 March, 22:00 in New York
    ana.give(utc(9), Skill.ANTE, True, 1.0)
    ana.give(utc(10), Skill.ANTE, True, 3.0)
    ana.give(utc(23), Skill.ANTE, False, 10.0)  # week 12 skipped
    ana.give(utc(11), Skill.RAISE, True, 4.0, wager=Wager.RAISE)
    return ana


def _figures(trends: list[WeekTrend]) -> list[tuple[object, ...]]:
    return [(t.skill, t.week, t.answers, t.correct, t.seconds,
             None if t.accuracy_change is None else round(t.accuracy_change, 9),
             None if t.seconds_change is None else round(t.seconds_change, 9)) for t in trends]


@pytest.mark.usefixtures("new_york_time")
def test_a_trainees_weeks_run_monday_to_sunday_in_local_time(db: TrainerDB) -> None:
    ana = _ana(db)
    assert _figures(skill_trends(db, [ana.id])) == [
        # Week 10: 3 of 4 right (75 %), 20 s over 4 answers (5 s): the first week.
        (Skill.ANTE, W10, 4, 3, 20.0, None, None),
        # Week 11: 2 of 2 (100 %), 2 s each: +25 points and 3 s faster than week 10.
        (Skill.ANTE, W11, 2, 2, 4.0, 0.25, -3.0),
        # Week 13 follows a week without answers: no change to show.
        (Skill.ANTE, W13, 1, 0, 10.0, None, None),
        (Skill.RAISE, W11, 1, 1, 4.0, None, None),
    ]


def test_the_week_an_answer_counts_in_follows_the_local_clock(
        db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = _ana(db)
    monkeypatch.setenv("TZ", "UTC0")
    time.tzset()
    try:
        # In UTC the answer at 03:00 on 9 March is on Monday: week 11.
        ante = [t for t in skill_trends(db, [ana.id]) if t.skill is Skill.ANTE]
        assert [(t.week, t.answers) for t in ante] == [(W10, 3), (W11, 3), (W13, 1)]
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.usefixtures("new_york_time")
def test_a_class_pools_its_trainees_answers_and_leaves_others_out(db: TrainerDB) -> None:
    ana = _ana(db)
    ben = Desk(db, "Ben")
    ben.give(utc(5), Skill.ANTE, False, 10.0)
    cy = Desk(db, "Cy")
    cy.give(utc(5), Skill.ANTE, True, 1.0)
    ante = [t for t in skill_trends(db, [ana.id, ben.id]) if t.skill is Skill.ANTE]
    # Week 10: Ana's 3 of 4 and Ben's 0 of 1: 3 of 5 (60 %), 30 s over 5 (6 s).
    # Week 11: 2 of 2 at 2 s: +40 points, 4 s faster.
    assert _figures(ante)[:2] == [
        (Skill.ANTE, W10, 5, 3, 30.0, None, None),
        (Skill.ANTE, W11, 2, 2, 4.0, 0.4, -4.0),
    ]
    assert ante[0].accuracy == 0.6 and ante[0].mean_seconds == 6.0
    # The latest two weeks with answers: 11 and 13; week 11's change is still against 10.
    latest = skill_trends(db, [ana.id, ben.id], weeks=2)
    assert [(t.skill, t.week) for t in latest] == [
        (Skill.ANTE, W11), (Skill.ANTE, W13), (Skill.RAISE, W11)]
    assert latest[0].accuracy_change == pytest.approx(0.4)
    with pytest.raises(ValueError, match="weeks: 0 must be at least 1"):
        skill_trends(db, weeks=0)


@pytest.mark.usefixtures("new_york_time")
def test_trends_read_as_text_with_their_change(db: TrainerDB) -> None:
    ana = _ana(db)
    trends = skill_trends(db, [ana.id])
    rows = [(skill_label(t.skill), iso_week(t.week), str(t.answers), percent(t.accuracy),
             seconds_text(t.mean_seconds), accuracy_change_text(t.accuracy_change),
             seconds_change_text(t.seconds_change)) for t in trends]
    assert rows[0] == ("Settling the ante", "2026-W10", "4", "75.0", "5.0", "new", "new")
    assert rows[1] == ("Settling the ante", "2026-W11", "2", "100.0", "2.0", "+25.0 pts",
                       "-3.0 s")
    assert accuracy_change_text(trends[2].accuracy_change) == "new"
    assert iso_week(date(2026, 1, 1)) == "2026-W01"  # a Thursday: week 1 holds it
    assert iso_week(date(2027, 1, 1)) == "2026-W53"  # a Friday: the year before's last week
    assert week_label(W10) == "2026-W10 (from Mar 2)"


def test_the_most_missed_questions_across_a_class(db: TrainerDB) -> None:
    ana = _ana(db)  # ante payouts: 2 wrong of 7
    ben = Desk(db, "Ben")
    ben.give(utc(5), Skill.ANTE, False)  # ante payouts: now 3 wrong of 8
    for correct in (False, False, True, False):  # Pocket Bonus: 3 wrong of 4
        ben.give(utc(6), Skill.POCKET_BONUS, correct, wager=Wager.POCKET_BONUS)
    ben.give(utc(6), Skill.QUALIFICATION, False, kind=QuestionKind.QUALIFIES, wager=None)
    cy = Desk(db, "Cy")  # not in the class: five wrong raises
    for _ in range(5):
        cy.give(utc(7), Skill.RAISE, False, wager=Wager.RAISE)
    missed = most_missed(db, [ana.id, ben.id])
    # 3 wrong each: the Pocket Bonus (3 of 4) before the ante (3 of 8); then 1 of 1.
    assert [(m.skill, m.kind, m.wager, m.wrong, m.answers) for m in missed] == [
        (Skill.POCKET_BONUS, QuestionKind.PAYOUT, Wager.POCKET_BONUS, 3, 4),
        (Skill.ANTE, QuestionKind.PAYOUT, Wager.ANTE, 3, 8),
        (Skill.QUALIFICATION, QuestionKind.QUALIFIES, None, 1, 1),
    ]
    assert missed[0].describe() == (
        "Pocket Bonus: pay, push or take (Settling the Pocket Bonus): 3 of 4 wrong (75.0%)")
    assert missed[2].text == "Does the dealer qualify?"
    # Everyone: Cy's five wrong raises come first; the raise Ana got right is not missed.
    everyone = most_missed(db, limit=2)
    assert [(m.skill, m.wrong, m.answers) for m in everyone] == [
        (Skill.RAISE, 6 - 1, 6), (Skill.POCKET_BONUS, 3, 4)]
    assert most_missed(db, [cy.id], limit=MOST_MISSED_SHOWN)[0].wrong == 5
    with pytest.raises(ValueError, match="limit: 0 must be at least 1"):
        most_missed(db, limit=0)
