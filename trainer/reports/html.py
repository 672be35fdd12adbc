"""The printable reports, as HTML: a trainee's record and an exam's result (no Qt).

The UI turns :func:`trainee_report_html` and :func:`exam_report_html` into
PDF (``trainer.ui.progress.pdf``). All text that comes from the database
(names, answers typed by a trainee) is escaped with ``html.escape``.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Protocol

from trainer import __version__
from trainer.i18n import N_, _, in_language, ngettext
from trainer.reports.queries import (
    find_exam,
    roster_row,
    rulesets_used,
    skill_mastery,
)
from trainer.reports.text import (
    answer_words,
    attempt_text,
    exam_result_style,
    exam_result_text,
    exam_setup_facts,
    exam_setup_name,
    given_text,
    local_time,
    mastery_text,
    percent,
    question_text,
    record_text,
    records_text,
    ruleset_title,
    score_text,
    seconds_text,
    skill_label,
    skill_order,
    target_text,
    time_limit_text,
)
from trainer.skills import Skill
from trainer.storage.interfaces import ExamResults, ExamSetups, ProgressReads, RosterReads
from trainer.storage.models import (
    AnswerRecord,
    Exam,
    ExamStatus,
    SealState,
    SkillStat,
    StorageError,
    Trainee,
)
from trainer.training.lessons import Lesson
from trainer.training.mastery import Mastery, target_met
from trainer.training.procedure import StepKind
from trainer.training.procedure_records import errors_by_kind

MISTAKES_IN_REPORT = 50
"""The trainee report lists this many of the latest mistakes in full."""


# Qt's rich text ignores CSS padding in style sheets: cell padding is the
# tables' cellpadding attribute.
_STYLE = """
body { font-family: 'DejaVu Sans', 'Segoe UI', Arial, sans-serif; font-size: 10pt; color: #111; }
h1 { font-size: 17pt; margin-bottom: 2pt; }
h2 { font-size: 12.5pt; margin-top: 18pt; margin-bottom: 5pt; color: #123d2a; }
p.sub { color: #444; margin-top: 0; }
p.gap { font-size: 5pt; margin: 0; }
table.data { border-collapse: collapse; }
table.data th { background-color: #e4ece7; font-weight: bold; text-align: left; }
table.data th, table.data td { border: 1px solid #9aa59f; font-size: 9pt; }
table.narrow th, table.narrow td { font-size: 8pt; }
td.num { text-align: right; }
td.pass { color: #11632f; font-weight: bold; }
td.fail { color: #a3121f; font-weight: bold; }
p.note { color: #444; font-size: 8.5pt; }
"""


VERIFICATION_CODE = N_("Verification code")
"""The exam report's fact that holds the code ``hhe-trainer verify`` checks: on a line of
its own, never broken at a hyphen."""

_GAP = '<p class="gap">&nbsp;</p>'
"""Space after a table (Qt's rich text ignores a table's CSS margin)."""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


WIDEST_CELL = 36
"""Characters of a cell's text that count towards its column's share of the width."""
LINE_CHARACTERS = 80
"""About how many characters of a table's 9 pt text fill a line across an A4 page
within its margins (Letter is wider)."""
NARROW_LINE_CHARACTERS = 90
"""The same for a table whose titles do not fit on one line (longer words in another
language): its text is 8 pt, and its titles wrap between words."""


def column_widths(header: Sequence[str], texts: Sequence[Sequence[str]]) -> list[int]:
    """Each column's share of a table's width in percent (together 100).

    Qt's rich text squeezes columns below their longest word when a table is
    full ("Expecte d"), so the shares are set here: each column first gets room
    for its longest word (its whole title: titles do not wrap), then the rest is
    shared out by how much longer the column's text is (up to
    :data:`WIDEST_CELL` characters). When whole titles and the longest words cannot
    all fit on a line (longer titles in another language), a title may wrap between
    its words (:func:`titles_fit`) and needs room for its longest word only.
    """
    whole = titles_fit(header, texts)
    least = []
    wanted = []
    for index, title in enumerate(header):
        column = [row[index] for row in texts if index < len(row)]
        size = len if whole else _width
        words = [size(word) for text in column for word in text.split()]
        heading = len(title) + 1 if whole else _width(title, bold=True) + 1
        least.append(max([heading, *(word + 1 for word in words)]))
        longest = max([heading, *(min(len(text), WIDEST_CELL) + 1 for text in column)])
        wanted.append(max(longest, least[-1]))
    line = LINE_CHARACTERS if whole else NARROW_LINE_CHARACTERS
    spare = max(0, line - sum(least))
    extra = [w - m for w, m in zip(wanted, least, strict=True)]
    give = [spare * e / sum(extra) if sum(extra) else spare / len(extra) for e in extra]
    raw = [m + g for m, g in zip(least, give, strict=True)]
    shares = [max(1, round(100 * r / sum(raw))) for r in raw]
    shares[shares.index(max(shares))] += 100 - sum(shares)
    return shares


def _width(text: str, *, bold: bool = False) -> float:
    """About how many characters' room the longest word of ``text`` takes: a capital
    (``APROBADO``) is wider than a small letter, a bold title wider still. Used where
    titles wrap, so that no word is squeezed to be broken."""
    widest = max((sum(1.3 if letter.isupper() else 1.0 for letter in word)
                  for word in text.split()), default=0.0)
    return widest * (1.15 if bold else 1.0)


def titles_fit(header: Sequence[str], texts: Sequence[Sequence[str]]) -> bool:
    """Whether every column title can stay on one line beside the longest word of each
    column (else titles wrap between words, so that no word of a cell is broken)."""
    need = 0
    for index, title in enumerate(header):
        column = [row[index] for row in texts if index < len(row)]
        need += max([len(title) + 1, *(len(word) + 1 for text in column
                                       for word in text.split())])
    return need <= LINE_CHARACTERS


def _table(
    header: Sequence[str],
    rows: Iterable[Sequence[tuple[str, str] | str]],
    *,
    empty: str | None = None,
) -> str:
    """An HTML table; a cell is text, or ``(text, css class)``. All text is escaped.

    Each column's share of the width comes from :func:`column_widths`."""
    body = []
    texts = []
    for row in rows:
        cells = []
        texts.append([cell[0] if isinstance(cell, tuple) else cell for cell in row])
        for cell in row:
            text, css = cell if isinstance(cell, tuple) else (cell, "")
            attribute = f' class="{_e(css)}"' if css else ""
            cells.append(f"<td{attribute}>{_e(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    if not body:
        return f"<p>{_e(_('None.') if empty is None else empty)}</p>"
    widths = column_widths(header, texts)
    fit = titles_fit(header, texts)
    nowrap = ' style="white-space: nowrap"' if fit else ""
    narrow = "" if fit else " narrow"
    head = "".join(
        f'<th width="{width}%"{nowrap}>{_e(title)}</th>'
        for title, width in zip(header, widths, strict=True)
    )
    return (
        f'<table class="data{narrow}" width="100%" cellspacing="0" cellpadding="4">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>" + _GAP
    )


def _facts(pairs: Sequence[tuple[str, str]], *, whole: Iterable[str] = ()) -> str:
    """A table of facts, a name and its value a row; the values of the facts named in
    ``whole`` never wrap (a code broken at a hyphen cannot be typed back)."""
    unbroken = set(whole)
    rows = "".join(
        f'<tr><td><b>{_e(key)}</b></td>'
        + ('<td style="white-space: nowrap">' if key in unbroken else "<td>")
        + f"{_e(value)}</td></tr>"
        for key, value in pairs
    )
    return f'<table class="facts" cellspacing="0" cellpadding="3">{rows}</table>' + _GAP


def _sign_off(trainee: str, signer: str | None = None) -> str:
    """Two signature blocks side by side: the trainee's (named) and the instructor's (or
    ``signer``'s: a table test's examiner)."""
    line, short = "_" * 30, "_" * 14

    def block(who: str, name: str) -> str:
        return (
            f'<td width="50%"><b>{_e(who)}</b><br>{_e(_("Name:"))} {name}<br><br>'
            f'{_e(_("Signature:"))} {line}<br><br>{_e(_("Date:"))} {short}</td>'
        )

    return (
        f"<h2>{_e(_('Sign-off'))}</h2>"
        '<table class="facts" width="100%" cellspacing="0" cellpadding="4"><tr>'
        + block(_("Trainee"), _e(trainee))
        + block(signer or _("Instructor"), line)
        + "</tr></table>"
    )


def _identity(trainee: Trainee, room: str | None) -> list[tuple[str, str]]:
    """The trainee's name, their employee id and the training room, each when known."""
    facts = [(_("Trainee"), trainee.name)]
    if trainee.employee_id:
        facts.append((_("Employee id"), trainee.employee_id))
    if room:
        facts.append((_("Training room"), room))
    return facts


def _page(title: str, subtitle: str, sections: Sequence[str], trainee: str,
          signer: str | None = None) -> str:
    generated = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    footer = '<p class="note">{}</p>'.format(_e(_(
        "Generated {moment} by the Heads Up Hold'em dealer trainer {version}. Times are"
        " local.", moment=generated, version=__version__)))
    signature = _sign_off(trainee, signer)
    return (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{_e(title)}</h1><p class=\"sub\">{_e(subtitle)}</p>"
        + "".join(sections)
        + signature
        + footer
        + "</body></html>"
    )


def _skill_rows(
    stats: Sequence[SkillStat], mastery: Mapping[Skill, Mastery] | None = None
) -> list[list[tuple[str, str] | str]]:
    """A row a skill practised; with ``mastery``, its mastery and whether it meets the
    target too."""
    ordered = sorted(stats, key=lambda stat: (skill_order(stat.skill), stat.skill))
    rows: list[list[tuple[str, str] | str]] = []
    for stat in ordered:
        row: list[tuple[str, str] | str] = [
            skill_label(stat.skill),
            (str(stat.answers), "num"),
            (str(stat.correct), "num"),
            (percent(stat.accuracy) + "%", "num"),
            (seconds_text(stat.mean_seconds), "num"),
        ]
        if mastery is not None:
            figures = mastery[stat.skill]
            row.append(mastery_text(figures) or "\u2014")
            row.append((_("yes"), "pass") if target_met(figures) else (_("not yet"), ""))
        rows.append(row)
    return rows


_SKILL_HEADER = (N_("Skill"), N_("Answers"), N_("Correct"), N_("Accuracy"), N_("Mean seconds"))
_MASTERY_HEADER = (N_("Mastery"), N_("Target met"))


def _titles(header: Iterable[str]) -> tuple[str, ...]:
    """A table's column titles (marked with N_) in the current language."""
    return tuple(_(title) for title in header)


def _exam_rows(exams: Sequence[Exam]) -> list[list[tuple[str, str] | str]]:
    rows: list[list[tuple[str, str] | str]] = []
    for exam in exams:
        result = exam_result_text(exam)
        css = exam_result_style(exam)
        rows.append(
            [
                local_time(exam.started),
                local_time(exam.finished),
                exam_setup_name(exam),
                (attempt_text(exam), "num"),
                ruleset_title(exam.ruleset_id, exam.ruleset_version),
                (str(exam.rounds), "num"),
                (f"{exam.pass_mark:g}%", "num"),
                (score_text(exam.score), "num"),
                (result, css),
            ]
        )
    return rows


_EXAM_HEADER = (N_("Started"), N_("Finished"), N_("Set-up"), N_("Attempt"), N_("Rule set"),
                N_("Rounds"), N_("Pass mark"), N_("Score"), N_("Result"))


def _stats_from_answers(answers: Sequence[AnswerRecord]) -> list[SkillStat]:
    totals: dict[Skill, list[float]] = {}
    for answer in answers:
        entry = totals.setdefault(answer.skill, [0, 0, 0.0])
        entry[0] += 1
        entry[1] += int(answer.correct)
        entry[2] += answer.seconds
    return [
        SkillStat(skill, int(count), int(correct), seconds)
        for skill, (count, correct, seconds) in totals.items()
    ]


def _mistake_rows(answers: Iterable[AnswerRecord]) -> list[list[tuple[str, str] | str]]:
    return [
        [
            local_time(answer.answered_at),
            skill_label(answer.skill),
            question_text(answer),
            answer_words(answer.expected),
            given_text(answer.given),
        ]
        for answer in answers
    ]


_MISTAKE_HEADER = (N_("When"), N_("Skill"), N_("Question"), N_("Expected"), N_("Given"))


class TraineeReportSources(ProgressReads, RosterReads, ExamResults, Protocol):
    """What a trainee's report reads: history, roster figures and exams."""


class ExamReportSources(ProgressReads, ExamResults, ExamSetups, Protocol):
    """What an exam's report reads: the exam, its set-up and its answers."""


def trainee_report_html(
    db: TraineeReportSources,
    trainee_id: int,
    lessons: Sequence[Lesson] | None = None,
    *,
    room: str | None = None,
    language: str | None = None,
) -> str:
    """A printable report on one trainee: figures, skills (with mastery against the
    targets of ``lessons``, default the course's), exams and mistakes; in ``language``
    (``en``, ``es``; None: the station's), names and answers as they were kept."""
    with in_language(language):
        return _trainee_report(db, trainee_id, lessons, room)


def _trainee_report(db: TraineeReportSources, trainee_id: int,
                    lessons: Sequence[Lesson] | None, room: str | None) -> str:
    trainee = db.get_trainee(trainee_id)
    if trainee is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
    row = roster_row(db, trainee_id)
    answers = db.trainee_answers(trainee_id)
    streak = db.streak(trainee_id)
    stats = db.skill_stats(trainee_id)
    mastery = skill_mastery(db, trainee_id, lessons)
    exams = db.exam_results(trainee_id)
    mistakes = db.trainee_answers(trainee_id, wrong_only=True)
    used = rulesets_used(db, trainee_id)

    accuracy = row.accuracy if row else None
    none_yet = _("none yet")
    facts = [
        *_identity(trainee, room),
        (_("Profile created"), local_time(trainee.created)),
        (_("First answer"), local_time(answers[0].answered_at) if answers else none_yet),
        (_("Last answer"), local_time(answers[-1].answered_at) if answers else none_yet),
        (_("Last active"), local_time(trainee.last_active) or _("never")),
        (
            _("Rule sets"),
            "; ".join(ngettext("{ruleset}: {count} session", "{ruleset}: {count} sessions", n,
                               ruleset=ruleset_title(rid)) for rid, n in used)
            or none_yet,
        ),
        (_("Answers"), str(len(answers))),
        (_("Accuracy"), f"{percent(accuracy)}%" if accuracy is not None
         else _("no answers yet")),
        (_("Rounds played"), str(row.rounds_played if row else 0)),
        (
            _("Average time per round"),
            _("{seconds} s", seconds=seconds_text(row.seconds_per_round))
            if row and row.seconds_per_round is not None
            else _("no rounds yet"),
        ),
        (_("Streak of correct answers"), _("current {current}, best {best}",
                                           current=streak.current, best=streak.best)),
        (_("Latest exam"), row.exam_status.label if row else ExamStatus.NONE.label),
        (_("Records"), records_text(db.record_seals(trainee_id))),
    ]
    by_skill = Counter(answer.skill for answer in mistakes)
    summary_rows: list[list[tuple[str, str] | str]] = [
        [skill_label(skill), (str(count), "num")]
        for skill, count in sorted(by_skill.items(), key=lambda item: (-item[1], item[0]))
    ]
    latest = list(reversed(mistakes))[:MISTAKES_IN_REPORT]
    sections = [
        f"<h2>{_e(_('Summary'))}</h2>" + _facts(facts),
        f"<h2>{_e(_('Accuracy and mastery per skill'))}</h2>"
        + _table(
            _titles(_SKILL_HEADER + _MASTERY_HEADER), _skill_rows(stats, mastery),
            empty=_("No answers yet."),
        )
        + f'<p class="note">{_e(target_text())}</p>',
        f"<h2>{_e(_('Exams'))}</h2>"
        + _table(_titles(_EXAM_HEADER), _exam_rows(exams), empty=_("No exams taken.")),
        f"<h2>{_e(_('Mistakes ({count})', count=len(mistakes)))}</h2>"
        + _table(_titles((N_("Skill"), N_("Mistakes"))), summary_rows,
                 empty=_("No mistakes.")),
    ]
    if latest:
        shown = (
            _("The latest {shown} of {count}, newest first", shown=len(latest),
              count=len(mistakes))
            if len(latest) < len(mistakes)
            else _("All mistakes, newest first")
        )
        sections.append(
            f"<h2>{_e(shown)}</h2>" + _table(_titles(_MISTAKE_HEADER), _mistake_rows(latest))
        )
    subtitle = _("Dealer training record \u2014 Heads Up Hold'em \u2014 {trainee}",
                 trainee=trainee.name)
    return _page(_("Trainee report: {trainee}", trainee=trainee.name), subtitle, sections,
                 trainee.name)


def exam_report_html(db: ExamReportSources, exam_id: int, *, room: str | None = None,
                     language: str | None = None) -> str:
    """A printable report on one exam: who, when, rule set, score, pass/fail, mistakes;
    in ``language`` (``en``, ``es``; None: the station's)."""
    with in_language(language):
        return _exam_report(db, exam_id, room)


def _exam_report(db: ExamReportSources, exam_id: int, room: str | None) -> str:
    exam = find_exam(db, exam_id)
    trainee = db.get_trainee(exam.trainee_id)
    if trainee is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=exam.trainee_id))
    name = trainee.name
    config = (None if exam.config_id is None or exam.setup is not None
              else db.get_exam_config(exam.config_id))  # before schema 5: the name now
    answers = [a for a in db.trainee_answers(exam.trainee_id) if a.session_id == exam.session_id]
    wrong = [a for a in answers if not a.correct]
    if exam.session_id is not None and exam.status is not ExamStatus.ALTERED:
        answers_state = db.session_answers_state(exam.session_id)
        if answers_state is not SealState.VALID:  # an answer changed: so is the exam
            exam = replace(exam, seal_state=answers_state)
    result = exam_result_text(exam)
    duration = ""
    if exam.finished is not None:
        minutes, seconds = divmod(round((exam.finished - exam.started).total_seconds()), 60)
        duration = _("{minutes} min {seconds} s", minutes=minutes, seconds=format(seconds, "02d"))
    rounds_answered = len({a.round_id for a in answers})
    score = score_text(exam.score)
    setup_name = exam_setup_name(exam, config.name if config else None)
    code_title = _(VERIFICATION_CODE)
    facts = [
        *_identity(trainee, room),
        (_("Exam"), f"#{exam.id} \u2014 {setup_name}" if setup_name else f"#{exam.id}"),
        (_("Attempt"), attempt_text(exam)),
        (_("Rule set"), ruleset_title(exam.ruleset_id, exam.ruleset_version)),
        *exam_setup_facts(exam),
        (_("Started"), local_time(exam.started)),
        (_("Finished"), local_time(exam.finished) or _("not finished")),
        (_("Time taken"), duration or "\u2014"),
        (_("Time limit"), time_limit_text(exam.time_limit_seconds)),
        (_("Rounds"), _("{rounds} set, {answered} answered", rounds=exam.rounds,
                        answered=rounds_answered)),
        (_("Answers"), _("{count}, of which {correct} correct", count=len(answers),
                         correct=len(answers) - len(wrong))),
        (_("Pass mark"), f"{exam.pass_mark:g}%"),
        (_("Score"), score),
        (_("Result"), result),
        (_("Record"), record_text(exam, with_code=False)),
        *([(code_title, exam.verification_code)] if exam.verification_code else []),
    ]
    css = exam_result_style(exam)
    colour = {"pass": "#11632f", "fail": "#a3121f"}.get(css, "#555555")
    verdict = (
        f'<table cellspacing="0" style="border: 2px solid {colour}"><tr>'
        f'<td style="padding: 6px 16px; color: {colour}; font-size: 16pt; font-weight: bold">'
        f"{_e(result)}</td>"
        '<td style="padding: 6px 16px; font-size: 12pt">'
        + _e(_("score {score} \u2014 pass mark {mark}%", score=score,
               mark=format(exam.pass_mark, "g")))
        + "</td></tr></table>" + _GAP
    )
    sections = [
        verdict,
        f"<h2>{_e(_('Exam'))}</h2>" + _facts(facts, whole=[code_title]),
        f"<h2>{_e(_('Accuracy per skill in this exam'))}</h2>"
        + _table(
            _titles(_SKILL_HEADER),
            _skill_rows(_stats_from_answers(answers)),
            empty=_("No answers."),
        ),
        f"<h2>{_e(_('Mistakes ({count})', count=len(wrong)))}</h2>"
        + _table(_titles(_MISTAKE_HEADER), _mistake_rows(wrong), empty=_("No mistakes.")),
    ]
    if exam.setup is not None and exam.setup.table_test is not None:
        return _table_test_record(exam, trainee, room, answers, verdict, score, result,
                                  code_title, duration)
    subtitle = _("Heads Up Hold'em dealer exam \u2014 {trainee} \u2014 {moment}", trainee=name,
                 moment=local_time(exam.started))
    return _page(_("Exam report: {trainee}", trainee=name), subtitle, sections, name)


_KIND_NAMES = {
    StepKind.WAGER: N_("The wagers before the deal (accepted or refused)"),
    StepKind.DEAL: N_("The deal, in the order of the deal method"),
    StepKind.DECISION: N_("The players' decisions (accepted or refused)"),
    StepKind.SETTLEMENT: N_("The settlement (the dealer's hand, each seat, each payout)"),
    StepKind.CLEAR: N_("Clearing the table, in order"),
}
"""A table test's kinds of step as its record names them."""
_ERRORS_HEADER = (N_("Kind of step"), N_("Steps"), N_("Errors"))


def _table_test_record(exam: Exam, trainee: Trainee, room: str | None,
                       answers: Sequence[AnswerRecord], verdict: str, score: str, result: str,
                       code_title: str, duration: str) -> str:
    """A table test's result as the record for the trainee's personnel file: who, the
    game and its rule set, the date, the rounds, the errors by kind of step, pass or fail,
    the record's seal and code, and the examiner's sign-off (issue 23, item 3)."""
    setup = exam.setup
    assert setup is not None and setup.table_test is not None
    name = trainee.name
    rounds: dict[int, bool] = {}
    for answer in answers:  # a round run whole: no step of it left unanswered
        rounds[answer.round_id] = rounds.get(answer.round_id, True) and answer.given is not None
    counts = errors_by_kind(answers)
    errors = sum(wrong for _steps, wrong in counts.values())
    started = exam.started.astimezone()
    facts = [
        *_identity(trainee, room),
        (_("Game"), _("Heads Up Hold'em")),
        (_("Rule set"), ruleset_title(exam.ruleset_id, exam.ruleset_version)),
        (_("Table letters"), setup.tables_text),
        (_("Deal"), setup.deal_text),
        (_("Occupied seats"), str(setup.seats)),
        (_("Side bets"), setup.side_bets_text),
        (_("Date"), started.strftime("%Y-%m-%d")),
        (_("Time"), _("{started} to {finished} ({taken})", started=local_time(exam.started),
                      finished=local_time(exam.finished) or _("not finished"),
                      taken=duration or "\u2014")),
        (_("Test"), _("#{exam} \u2014 {setup}, attempt {attempt}", exam=exam.id,
                      setup=exam_setup_name(exam) or setup.name, attempt=attempt_text(exam))),
        (_("Rounds"), _("{rounds} set, {whole} run from the first wager to the cleared table",
                        rounds=exam.rounds, whole=sum(rounds.values()))),
        (_("Hands"), setup.hands_text),
        (_("Steps"), _("{count}, of which {errors} errors", count=len(answers),
                       errors=errors)),
        (_("Pass mark"), f"{exam.pass_mark:g}%"),
        (_("Score"), score),
        (_("Result"), result),
        (_("Record"), record_text(exam, with_code=False)),
        *([(code_title, exam.verification_code)] if exam.verification_code else []),
    ]
    rows: list[list[tuple[str, str] | str]] = [
        [_(_KIND_NAMES[kind]), str(steps), str(wrong)] for kind, (steps, wrong) in counts.items()]
    rows.append([_("All steps"), str(len(answers)), str(errors)])
    wrong_rows = _mistake_rows([a for a in answers if not a.correct])
    command = "hhe-trainer verify " + (exam.verification_code or "CODE")
    note = _e(_(
        "Kept for the trainee's personnel file as the record of a table test on the game:"
        " gaming regulators require a dealer to pass one, judged by a supervisor, before"
        " dealing a game (for example Maryland COMAR 36.05.03.18, Pennsylvania 58 Pa. Code"
        " \u00a7611a.5). Every round was run whole in the trainer from the first wager to the"
        " cleared table, each step graded against the rule set; the record is sealed, and its"
        " verification code is checked with:")) + f"<br><b>{_e(command)}</b>"
    headings = (_("Table test"), _("Errors by kind of step"),
                _("Errors ({count})", count=errors))
    sections = [
        verdict,
        f"<h2>{_e(headings[0])}</h2>" + _facts(facts, whole=[code_title]),
        f"<h2>{_e(headings[1])}</h2>"
        + _table(_titles(_ERRORS_HEADER), rows, empty=_("No steps.")),
        f'<p class="note">{note}</p>',
        f"<h2>{_e(headings[2])}</h2>"
        + _table(_titles(_MISTAKE_HEADER), wrong_rows, empty=_("No errors.")),
    ]
    subtitle = _("Heads Up Hold'em table test \u2014 {trainee} \u2014 {moment}", trainee=name,
                 moment=local_time(exam.started))
    return _page(_("Table test record: {trainee}", trainee=name), subtitle, sections, name,
                 signer=_("Examiner (floor supervisor or above)"))
