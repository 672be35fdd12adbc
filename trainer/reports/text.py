"""The words and figures every report shares: labels, times, percentages, the target (no Qt).

The CSV files (:mod:`.csv`), the printable report (:mod:`.html`) and the
progress and instructor screens all show a skill, a question, a time, a
result or a skill's mastery in these words, so a figure reads the same
everywhere. The target itself, and every number in it, is
:mod:`trainer.training.mastery`'s.
"""

from __future__ import annotations

from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from trainer.engine.round import Wager
from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.exam_setup import BEFORE_SETUPS
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import AnswerRecord, Exam, ExamStatus, SealSummary
from trainer.training.chip_records import report_answer_text
from trainer.training.mastery import (
    MASTERED_SCORE,
    MASTERY_MIN_ANSWERS,
    WINDOW,
    Level,
    Mastery,
    target_met,
)

_KIND_TEXT = {
    QuestionKind.DEALER_HAND: "Dealer's hand",
    QuestionKind.QUALIFIES: "Does the dealer qualify?",
    QuestionKind.NEXT_SEAT: "Which seat is settled next?",
    QuestionKind.SEAT_HAND: "best hand",
    QuestionKind.SEAT_RESULT: "win, lose or tie",
    QuestionKind.PAYOUT: "pay, push or take",
    QuestionKind.CAPPED_TOTAL: "capped total",
    QuestionKind.MISTAKE: "the dealer's mistake",
    QuestionKind.PROCEDURE: "running the round",
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
    """What the trainee answered; ``(no answer)`` when time ran out; a payout built in
    chips in words (``3 x $5 red, 1 x $2.50 pink``)."""
    return "(no answer)" if given is None else answer_words(given)


def answer_words(text: str) -> str:
    """An answer or an expected answer as a person reads it: a stack of chips as kept
    (``3x$5 + 1x$2.50``) in words with its colours (``3 x $5 red, 1 x $2.50 pink``),
    anything else as it was kept."""
    shown = report_answer_text(text)
    return text if shown is None else shown


def local_time(moment: datetime | None, *, seconds: bool = False) -> str:
    """A stored UTC time as local ``YYYY-MM-DD HH:MM``; empty for None."""
    if moment is None:
        return ""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def iso_time(moment: datetime | None) -> str:
    """A stored UTC time as local ISO 8601 with its zone, ``2026-03-02T16:00:00+01:00``
    (what the CSV files carry: a spreadsheet in another zone reads the same moment);
    empty for None."""
    if moment is None:
        return ""
    return moment.astimezone().isoformat(timespec="seconds")


def percent(fraction: float | None, digits: int = 1) -> str:
    """``87.5`` for 0.875; empty for None (no answers yet)."""
    return "" if fraction is None else f"{100 * fraction:.{digits}f}"


def seconds_text(seconds: float | None, digits: int = 1) -> str:
    """``12.3`` seconds; empty for None."""
    return "" if seconds is None else f"{seconds:.{digits}f}"


def target_text() -> str:
    """The target in words, for the screens and the reports."""
    return (
        f"Target: mastered \u2014 a score of {MASTERED_SCORE} of 100 over the last {WINDOW}"
        f" answers on the skill (at least {MASTERY_MIN_ANSWERS}), with speed counted against"
        " the skill's target time."
    )


def mastery_text(figures: Mastery) -> str:
    """``87 (proficient)``; empty for a skill not started."""
    if figures.level is Level.NOT_STARTED:
        return ""
    return f"{figures.score} ({figures.level.value})"


def verdict_text(figures: Mastery) -> str:
    """Whether a skill meets the target, what it still lacks, and the figures behind it.

    ``Not yet: a score of 87 (needs 95). Over the last 20 answers: 90% correct,
    median 7.2 s against a target of 8 s.``
    """
    if figures.level is Level.NOT_STARTED:
        return "Not practised yet."
    lacking = []
    if figures.score < MASTERED_SCORE:
        lacking.append(f"a score of {figures.score} (needs {MASTERED_SCORE})")
    if figures.answers < MASTERY_MIN_ANSWERS:
        lacking.append(f"{figures.answers} of the {MASTERY_MIN_ANSWERS} answers needed")
    verdict = (
        f"Met: a score of {figures.score}." if target_met(figures)
        else "Not yet: " + "; ".join(lacking) + "."
    )
    plural = "s" * (figures.answers != 1)
    return (
        f"{verdict} Over the last {figures.answers} answer{plural}:"
        f" {percent(figures.accuracy, 0)}% correct, median"
        f" {seconds_text(figures.median_seconds)} s against a target of"
        f" {figures.target_seconds:g} s."
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
    """``PASS``, ``FAIL``, ``in progress``; ``ALTERED`` for a record changed outside the
    trainer (:mod:`trainer.storage.seal`), whatever it claims; and for one whose seal
    cannot be checked, its result with ``(cannot be checked)``."""
    status = exam.status
    if status is ExamStatus.ALTERED:
        return "ALTERED"
    if status is ExamStatus.UNCHECKABLE:
        claimed = "in progress" if exam.finished is None else ("PASS" if exam.passed else "FAIL")
        return f"{claimed} (cannot be checked)"
    if status is ExamStatus.PASSED:
        return "PASS"
    if status is ExamStatus.FAILED:
        return "FAIL"
    return "in progress"


def _kinds_text(summary: SealSummary) -> str:
    """`` (2957 answers, 1 exam)``: what the records are, kinds with none left out."""
    named = [f"{count} {kind.removesuffix('s') if count == 1 else kind}"
             for kind, count in summary.kinds if count]
    return f" ({', '.join(named)})" if named else ""


def records_text(summary: SealSummary) -> str:
    """A trainee's records as their seals say, for a report or their page: every answer,
    course answer (a ruling or a drill round) and exam, each counted once and named by
    kind (``all 2958 as recorded (2957 answers, 1 exam), sealed by this station``)."""
    if summary.all_valid:
        return f"all {summary.checked}{_kinds_text(summary)} as recorded, sealed by this station"
    parts = []
    if summary.altered:
        shown = ", ".join(summary.altered[:10]) + (", ..." if len(summary.altered) > 10 else "")
        parts.append(f"{len(summary.altered)} ALTERED outside the trainer ({shown})")
    if summary.uncheckable:
        parts.append(f"{summary.uncheckable} cannot be checked (sealed with a station secret"
                     " this station no longer has)")
    return f"{summary.checked}{_kinds_text(summary)} checked: " + "; ".join(parts)


def record_text(exam: Exam, *, with_code: bool = True) -> str:
    """The exam record's seal as a report states it, with its verification code (unless
    ``with_code`` is false: a report that prints the code on a line of its own)."""
    code = (f" Verification code {exam.verification_code}."
            if exam.verification_code and with_code else "")
    if exam.status is ExamStatus.ALTERED:
        return ("ALTERED: this record was changed outside the trainer; its score and result"
                " are not to be believed." + code)
    if exam.status is ExamStatus.UNCHECKABLE:
        return ("Cannot be checked: it was sealed with a station secret this station no"
                " longer has." + code)
    if exam.verification_code is None:
        return "Not sealed."
    return "As recorded (sealed by this station)." + code


def score_text(score: float | None) -> str:
    """An exam's score as every screen and report shows it (the trainee's end screen and
    page, the instructor's exams tab, the PDF): a percentage to one decimal, halves
    rounded up, ``78.6%``; ``—`` before it is scored."""
    if score is None:
        return "—"
    tenths = Decimal(repr(float(score))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return f"{tenths}%"


def attempt_text(exam: Exam) -> str:
    """``2`` for a second attempt; ``—`` for an exam from before attempts were counted."""
    return "—" if exam.attempt is None else str(exam.attempt)


def exam_setup_name(exam: Exam, fallback: str | None = None) -> str:
    """``Final exam (version 2)`` as the exam copied it; for an exam from before schema 5,
    ``fallback`` (the set-up's name now) or empty."""
    if exam.setup is None:
        return fallback or ""
    version = f" (version {exam.setup_version})" if exam.setup_version else ""
    return exam.setup.name + version


def exam_setup_facts(exam: Exam) -> list[tuple[str, str]]:
    """What shaped the exam beyond rounds, pass mark and time limit, for its report; an
    exam from before schema 5 says so instead of guessing."""
    setup = exam.setup
    if setup is None:
        return [("Seats, side bets, tables", BEFORE_SETUPS + " (the station's Settings chose"
                 " them then)")]
    kind = [("Exercises", setup.exercise_text)] if setup.mistakes else []
    return [
        *kind,
        ("Table letters", setup.tables_text),
        ("Occupied seats", str(setup.seats)),
        ("Side bets", setup.side_bets_text),
        ("Hands", setup.hands_text),
        ("Payouts", payouts_text(setup.chips)),
        ("Attempts allowed", setup.attempts_text),
    ]


def payouts_text(chips: bool) -> str:
    """How an exam's payouts were answered, for its report: a set-up that requires chips
    says so (every payout built from the room's rack and graded by its chip procedure,
    docs/rules.md §10, whatever the station's Pay with chips)."""
    if chips:
        return ("built in chips from the room's rack: the set-up required payouts in chips,"
                " graded by the room's chip procedure")
    return "typed amounts"


def time_limit_text(seconds: int | None) -> str:
    """``30 min`` or ``none``."""
    if not seconds:
        return "none"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min" if not rest else f"{minutes} min {rest} s"
