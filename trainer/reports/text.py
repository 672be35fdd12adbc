"""The words and figures every report shares: labels, times, percentages, targets (no Qt).

The CSV files (:mod:`.csv`), the printable report (:mod:`.html`) and the
instructor's screens all show a skill, a question, a time or a result in
these words, so a figure reads the same everywhere.
"""

from __future__ import annotations

from datetime import datetime

from trainer.engine.round import Wager
from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import AnswerRecord, Exam, ExamStatus, SkillStat

TARGET_ACCURACY = 0.95
"""A skill's target: at least this fraction of answers correct ..."""
TARGET_MEAN_SECONDS = 10.0
"""... answered in at most this many seconds on average ..."""
TARGET_MIN_ANSWERS = 20
"""... over at least this many answers (fewer prove nothing yet)."""

_KIND_TEXT = {
    QuestionKind.DEALER_HAND: "Dealer's hand",
    QuestionKind.QUALIFIES: "Does the dealer qualify?",
    QuestionKind.NEXT_SEAT: "Which seat is settled next?",
    QuestionKind.SEAT_HAND: "best hand",
    QuestionKind.SEAT_RESULT: "win, lose or tie",
    QuestionKind.PAYOUT: "pay, push or take",
    QuestionKind.CAPPED_TOTAL: "capped total",
}

_SKILL_ORDER = {skill: index for index, skill in enumerate(Skill)}


def skill_label(skill: Skill) -> str:
    """The skill's name for people."""
    return skill.label


def skill_order(skill: Skill) -> int:
    """Where a skill comes in the dealer's order of work."""
    return _SKILL_ORDER[skill]


def wager_label(wager: Wager | None) -> str:
    """``Trips Plus`` for ``trips_plus``; empty for None."""
    return "" if wager is None else wager.label


def question_text(answer: AnswerRecord) -> str:
    """A short description of the question asked, e.g. ``Seat 6 Odds: pay, push or take``."""
    what = _KIND_TEXT[answer.kind]
    subject = " ".join(
        part
        for part in (
            f"Seat {answer.seat}" if answer.seat is not None else "",
            wager_label(answer.wager),
        )
        if part
    )
    return f"{subject}: {what}" if subject else what


def given_text(given: str | None) -> str:
    """What the trainee answered; ``(no answer)`` when time ran out."""
    return "(no answer)" if given is None else given


def local_time(moment: datetime | None, *, seconds: bool = False) -> str:
    """A stored UTC time as local ``YYYY-MM-DD HH:MM``; empty for None."""
    if moment is None:
        return ""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def percent(fraction: float | None, digits: int = 1) -> str:
    """``87.5`` for 0.875; empty for None (no answers yet)."""
    return "" if fraction is None else f"{100 * fraction:.{digits}f}"


def seconds_text(seconds: float | None, digits: int = 1) -> str:
    """``12.3`` seconds; empty for None."""
    return "" if seconds is None else f"{seconds:.{digits}f}"


def target_met(stat: SkillStat) -> bool:
    """Whether a skill meets the training target (accuracy, speed and enough answers)."""
    return (
        stat.answers >= TARGET_MIN_ANSWERS
        and stat.accuracy >= TARGET_ACCURACY
        and stat.mean_seconds <= TARGET_MEAN_SECONDS
    )


def target_text() -> str:
    """The target in words, for tooltips and reports."""
    return (
        f"Target: at least {TARGET_ACCURACY:.0%} correct, at most"
        f" {TARGET_MEAN_SECONDS:g} s per answer on average, over at least"
        f" {TARGET_MIN_ANSWERS} answers."
    )


def ruleset_title(ruleset_id: str, version: int | None = None) -> str:
    """``New York 2018 (ny-2018, version 3)``; the bare id for a rule set not found here."""
    try:
        ruleset = load_ruleset(ruleset_id)
    except (RuleSetError, OSError, ValueError):
        return ruleset_id if version is None else f"{ruleset_id} (version {version})"
    shown = ruleset.version if version is None else version
    return f"{ruleset.name} ({ruleset_id}, version {shown})"


def exam_result_text(exam: Exam) -> str:
    """``PASS``, ``FAIL`` or ``in progress``."""
    if exam.status is ExamStatus.PASSED:
        return "PASS"
    if exam.status is ExamStatus.FAILED:
        return "FAIL"
    return "in progress"


def time_limit_text(seconds: int | None) -> str:
    """``30 min`` or ``none``."""
    if not seconds:
        return "none"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min" if not rest else f"{minutes} min {rest} s"
