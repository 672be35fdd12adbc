"""Trends per skill by week, and the questions a class misses most (no Qt).

A week is an ISO week in local time: Monday 00:00 to Sunday 24:00 on the
station's clock, named by its ISO year and number (``2026-W10``). Each week's
figures on a skill are over every answer given on it that week (accuracy,
mean seconds); the change is against the calendar week just before, and
there is none when that week had no answer on the skill (a gap is not a
change). For a set of trainees (a class) the answers are pooled: a trainee
who answered more weighs more, as in the roster's figures.

The most-missed questions group wrong answers by skill, question kind and
wager (Seat 1 and Seat 6's Pocket Bonus payouts are one kind of question);
the most wrong answers first, ties to the higher share wrong, then the
dealer's order of work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from trainer.engine.round import Wager
from trainer.i18n import N_, _
from trainer.reports.text import percent, skill_label, skill_order, wager_label
from trainer.skills import QuestionKind, Skill
from trainer.storage.grid_queries import MissedGroup, WeekStat
from trainer.storage.interfaces import ClassViewReads

MOST_MISSED_SHOWN = 10
"""How many kinds of question the most-missed list names."""

_KIND_WORDS = {
    QuestionKind.DEALER_HAND: N_("the dealer's hand"),
    QuestionKind.QUALIFIES: N_("does the dealer qualify?"),
    QuestionKind.NEXT_SEAT: N_("which seat is settled next?"),
    QuestionKind.SEAT_HAND: N_("the player's best hand"),
    QuestionKind.SEAT_RESULT: N_("win, lose or tie"),
    QuestionKind.PAYOUT: N_("pay, push or take"),
    QuestionKind.CAPPED_TOTAL: N_("the capped total"),
    QuestionKind.MISTAKE: N_("the dealer's mistake"),
    QuestionKind.PROCEDURE: N_("running the round"),
}


def iso_week(monday: date) -> str:
    """``2026-W10`` for the week starting Monday 2 March 2026."""
    year, week, _weekday = monday.isocalendar()
    return f"{year}-W{week:02d}"


def week_label(monday: date) -> str:
    """``2026-W10 (from Mar 2)``: the month's name from the catalogue (never the
    system's locale, which ``%b`` would follow)."""
    return _("{week} (from {month} {day})", week=iso_week(monday),
             month=_(MONTHS[monday.month - 1]), day=monday.day)


MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
"""The months' short names, January first."""


@dataclass(frozen=True, slots=True)
class WeekTrend:
    """One skill in one week, and the change since the week before."""

    skill: Skill
    week: date
    """The Monday the (local, ISO) week starts on."""
    answers: int
    correct: int
    seconds: float
    accuracy_change: float | None
    """Accuracy (0-1) minus the previous week's; None when that week had no answer."""
    seconds_change: float | None
    """Mean seconds minus the previous week's; None when that week had no answer."""

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers

    @property
    def mean_seconds(self) -> float:
        return self.seconds / self.answers


def trends_from(stats: Sequence[WeekStat]) -> list[WeekTrend]:
    """Week-over-week figures from weekly totals: by skill (dealer's order), then week."""
    by_key = {(stat.skill, stat.week): stat for stat in stats}
    trends = []
    for stat in sorted(stats, key=lambda s: (skill_order(s.skill), s.week)):
        before = by_key.get((stat.skill, stat.week - timedelta(days=7)))
        accuracy = stat.correct / stat.answers
        mean = stat.seconds / stat.answers
        trends.append(WeekTrend(
            stat.skill, stat.week, stat.answers, stat.correct, stat.seconds,
            None if before is None else accuracy - before.correct / before.answers,
            None if before is None else mean - before.seconds / before.answers,
        ))
    return trends


def skill_trends(db: ClassViewReads, trainee_ids: Sequence[int] | None = None,
                 *, weeks: int | None = None) -> list[WeekTrend]:
    """Each skill's figures per week for these trainees (None: every trainee), pooled;
    with ``weeks``, only the latest that many weeks that have answers (the change of
    the first shown is still against the week before it)."""
    trends = trends_from(db.weekly_skill_stats(trainee_ids))
    if weeks is not None:
        if weeks < 1:
            raise ValueError(f"weeks: {weeks} must be at least 1")
        kept = sorted({trend.week for trend in trends})[-weeks:]
        trends = [trend for trend in trends if trend.week in kept]
    return trends


def accuracy_change_text(change: float | None) -> str:
    """``+12.5 pts`` against the week before; ``new`` without one."""
    return "new" if change is None else f"{100 * change:+.1f} pts"


def seconds_change_text(change: float | None) -> str:
    """``-1.3 s`` against the week before; ``new`` without one."""
    return "new" if change is None else f"{change:+.1f} s"


@dataclass(frozen=True, slots=True)
class MissedQuestion:
    """A kind of question and how often the trainees missed it."""

    skill: Skill
    kind: QuestionKind
    wager: Wager | None
    answers: int
    wrong: int

    @property
    def share_wrong(self) -> float:
        return self.wrong / self.answers

    @property
    def text(self) -> str:
        """``Pocket Bonus: pay, push or take``."""
        what = _(_KIND_WORDS[self.kind])
        if self.wager:
            return _("{wager}: {question}", wager=wager_label(self.wager), question=what)
        return what[0].upper() + what[1:]

    def describe(self) -> str:
        """``Pocket Bonus: pay, push or take (Settling the Pocket Bonus): 8 of 12 wrong
        (66.7%)``."""
        return _("{question} ({skill}): {wrong} of {answers} wrong ({share}%)",
                 question=self.text, skill=skill_label(self.skill), wrong=self.wrong,
                 answers=self.answers, share=percent(self.share_wrong))


def _missed(group: MissedGroup) -> MissedQuestion:
    return MissedQuestion(group.skill, group.kind, group.wager, group.answers, group.wrong)


def most_missed(db: ClassViewReads, trainee_ids: Sequence[int] | None = None,
                limit: int = MOST_MISSED_SHOWN) -> list[MissedQuestion]:
    """The kinds of question these trainees (None: every trainee) answered wrong most often."""
    if limit < 1:
        raise ValueError(f"limit: {limit} must be at least 1")
    kinds = list(QuestionKind)
    missed = sorted(
        (_missed(group) for group in db.missed_groups(trainee_ids)),
        key=lambda m: (-m.wrong, -m.share_wrong, skill_order(m.skill), kinds.index(m.kind),
                       m.wager.value if m.wager else ""),
    )
    return missed[:limit]
