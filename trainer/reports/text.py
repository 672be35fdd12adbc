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
from trainer.i18n import N_, _, ngettext
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
    QuestionKind.DEALER_HAND: N_("Dealer's hand"),
    QuestionKind.QUALIFIES: N_("Does the dealer qualify?"),
    QuestionKind.NEXT_SEAT: N_("Which seat is settled next?"),
    QuestionKind.SEAT_HAND: N_("best hand"),
    QuestionKind.SEAT_RESULT: N_("win, lose or tie"),
    QuestionKind.PAYOUT: N_("pay, push or take"),
    QuestionKind.CAPPED_TOTAL: N_("capped total"),
    QuestionKind.MISTAKE: N_("the dealer's mistake"),
    QuestionKind.PROCEDURE: N_("running the round"),
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
    return "" if wager is None else wager.display_name


def question_text(answer: AnswerRecord) -> str:
    """A short description of the question asked, e.g. ``Seat 6 Odds: pay, push or take``."""
    what = _(_KIND_TEXT[answer.kind])
    wager = wager_label(answer.wager)
    if answer.seat is not None and wager:
        return _("Seat {seat} {wager}: {question}", seat=answer.seat, wager=wager, question=what)
    if answer.seat is not None:
        return _("Seat {seat}: {question}", seat=answer.seat, question=what)
    if wager:
        return _("{wager}: {question}", wager=wager, question=what)
    return what


def given_text(given: str | None) -> str:
    """What the trainee answered; ``(no answer)`` when time ran out; a payout built in
    chips in words (``3 x $5 red, 1 x $2.50 pink``)."""
    return _("(no answer)") if given is None else answer_words(given)


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
    return _(
        "Target: mastered \u2014 a score of {score} of 100 over the last {window}"
        " answers on the skill (at least {least}), with speed counted against"
        " the skill's target time.",
        score=MASTERED_SCORE, window=WINDOW, least=MASTERY_MIN_ANSWERS,
    )


_LEVEL_TEXT = {
    Level.NOT_STARTED: N_("not started"),
    Level.LEARNING: N_("learning"),
    Level.PRACTISING: N_("practising"),
    Level.PROFICIENT: N_("proficient"),
    Level.MASTERED: N_("mastered"),
}


def level_text(level: Level) -> str:
    """A mastery level's name for people (its value is what CSV files carry)."""
    return _(_LEVEL_TEXT[level])


def mastery_text(figures: Mastery) -> str:
    """``87 (proficient)``; empty for a skill not started."""
    if figures.level is Level.NOT_STARTED:
        return ""
    return _("{score} ({level})", score=figures.score, level=level_text(figures.level))


def verdict_text(figures: Mastery) -> str:
    """Whether a skill meets the target, what it still lacks, and the figures behind it.

    ``Not yet: a score of 87 (needs 95). Over the last 20 answers: 90% correct,
    median 7.2 s against a target of 8 s.``
    """
    if figures.level is Level.NOT_STARTED:
        return _("Not practised yet.")
    low_score = figures.score < MASTERED_SCORE
    few = figures.answers < MASTERY_MIN_ANSWERS
    if target_met(figures):
        verdict = _("Met: a score of {score}.", score=figures.score)
    elif low_score and few:
        verdict = _("Not yet: a score of {score} (needs {needed}); {answers} of the {least}"
                    " answers needed.", score=figures.score, needed=MASTERED_SCORE,
                    answers=figures.answers, least=MASTERY_MIN_ANSWERS)
    elif few:
        verdict = _("Not yet: {answers} of the {least} answers needed.",
                    answers=figures.answers, least=MASTERY_MIN_ANSWERS)
    else:
        verdict = _("Not yet: a score of {score} (needs {needed}).", score=figures.score,
                    needed=MASTERED_SCORE)
    figures_text = ngettext(
        "Over the last {count} answer: {accuracy}% correct, median {median} s against a"
        " target of {target} s.",
        "Over the last {count} answers: {accuracy}% correct, median {median} s against a"
        " target of {target} s.",
        figures.answers, accuracy=percent(figures.accuracy, 0),
        median=seconds_text(figures.median_seconds), target=format(figures.target_seconds, "g"))
    return _("{verdict} {figures}", verdict=verdict, figures=figures_text)


def ruleset_title(ruleset_id: str, version: int | None = None) -> str:
    """``New York 2018 (ny-2018, version 3)``; the bare id for a rule set not found here."""
    try:
        ruleset = load_ruleset(ruleset_id)
    except (RuleSetError, OSError, ValueError):
        if version is None:
            return ruleset_id
        return _("{ruleset} (version {version})", ruleset=ruleset_id, version=version)
    shown = ruleset.version if version is None else version
    return _("{name} ({ruleset}, version {version})", name=ruleset.name, ruleset=ruleset_id,
             version=shown)


def exam_result_text(exam: Exam) -> str:
    """``PASS``, ``FAIL``, ``in progress``; ``ALTERED`` for a record changed outside the
    trainer (:mod:`trainer.storage.seal`), whatever it claims; and for one whose seal
    cannot be checked, its result with ``(cannot be checked)``."""
    status = exam.status
    if status is ExamStatus.ALTERED:
        return _("ALTERED")
    if status is ExamStatus.UNCHECKABLE:
        if exam.finished is None:
            return _("in progress (cannot be checked)")
        return _("PASS (cannot be checked)") if exam.passed else _("FAIL (cannot be checked)")
    if status is ExamStatus.PASSED:
        return _("PASS")
    if status is ExamStatus.FAILED:
        return _("FAIL")
    return _("in progress")


def exam_result_style(exam: Exam) -> str:
    """How a report colours an exam's result: ``pass``, ``fail`` (a fail or an altered
    record) or empty, from its status (never from the words, which are translated)."""
    return {ExamStatus.PASSED: "pass", ExamStatus.FAILED: "fail",
            ExamStatus.ALTERED: "fail"}.get(exam.status, "")


def _kinds_text(summary: SealSummary) -> str:
    """`` (2957 answers, 1 exam)``: what the records are, kinds with none left out."""
    named = [_kind_count(kind, count) for kind, count in summary.kinds if count]
    return _(" ({kinds})", kinds=", ".join(named)) if named else ""


def _kind_count(kind: str, count: int) -> str:
    """``2957 answers``, ``1 exam``: a kind of record storage names, counted."""
    if kind == "answers":
        return ngettext("{count} answer", "{count} answers", count)
    if kind == "course answers":
        return ngettext("{count} course answer", "{count} course answers", count)
    if kind == "exams":
        return ngettext("{count} exam", "{count} exams", count)
    return f"{count} {kind.removesuffix('s') if count == 1 else kind}"


def records_text(summary: SealSummary) -> str:
    """A trainee's records as their seals say, for a report or their page: every answer,
    course answer (a ruling or a drill round) and exam, each counted once and named by
    kind (``all 2958 as recorded (2957 answers, 1 exam), sealed by this station``)."""
    if summary.all_valid:
        return _("all {count}{kinds} as recorded, sealed by this station",
                 count=summary.checked, kinds=_kinds_text(summary))
    parts = []
    if summary.altered:
        shown = ", ".join(summary.altered[:10]) + (", ..." if len(summary.altered) > 10 else "")
        parts.append(_("{count} ALTERED outside the trainer ({records})",
                       count=len(summary.altered), records=shown))
    if summary.uncheckable:
        parts.append(_("{count} cannot be checked (sealed with a station secret this station"
                       " no longer has)", count=summary.uncheckable))
    return _("{count}{kinds} checked: {problems}", count=summary.checked,
             kinds=_kinds_text(summary), problems="; ".join(parts))


def record_text(exam: Exam, *, with_code: bool = True) -> str:
    """The exam record's seal as a report states it, with its verification code (unless
    ``with_code`` is false: a report that prints the code on a line of its own)."""
    if exam.status is ExamStatus.ALTERED:
        seal = _("ALTERED: this record was changed outside the trainer; its score and result"
                 " are not to be believed.")
    elif exam.status is ExamStatus.UNCHECKABLE:
        seal = _("Cannot be checked: it was sealed with a station secret this station no"
                 " longer has.")
    elif exam.verification_code is None:
        return _("Not sealed.")
    else:
        seal = _("As recorded (sealed by this station).")
    if exam.verification_code and with_code:
        return _("{seal} Verification code {code}.", seal=seal, code=exam.verification_code)
    return seal


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
    if exam.setup_version:
        return _("{name} (version {version})", name=exam.setup.name,
                 version=exam.setup_version)
    return exam.setup.name


def exam_setup_facts(exam: Exam) -> list[tuple[str, str]]:
    """What shaped the exam beyond rounds, pass mark and time limit, for its report; an
    exam from before schema 5 says so instead of guessing."""
    setup = exam.setup
    if setup is None:
        return [(_("Seats, side bets, tables"),
                 _("{before} (the station's Settings chose them then)",
                   before=_(BEFORE_SETUPS)))]
    special = setup.mistakes or setup.table_test is not None
    kind = [(_("Exercises"), setup.exercise_text)] if special else []
    return [
        *kind,
        (_("Table letters"), setup.tables_text),
        (_("Occupied seats"), str(setup.seats)),
        (_("Side bets"), setup.side_bets_text),
        (_("Hands"), setup.hands_text),
        (_("Payouts"), payouts_text(setup.chips)),
        (_("Attempts allowed"), setup.attempts_text),
    ]


def payouts_text(chips: bool) -> str:
    """How an exam's payouts were answered, for its report: a set-up that requires chips
    says so (every payout built from the room's rack and graded by its chip procedure,
    docs/rules.md §10, whatever the station's Pay with chips)."""
    if chips:
        return _("built in chips from the room's rack: the set-up required payouts in chips,"
                 " graded by the room's chip procedure")
    return _("typed amounts")


def time_limit_text(seconds: int | None) -> str:
    """``30 min`` or ``none``."""
    if not seconds:
        return _("none")
    minutes, rest = divmod(seconds, 60)
    if not rest:
        return _("{minutes} min", minutes=minutes)
    return _("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
