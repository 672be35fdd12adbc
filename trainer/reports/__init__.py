"""Reports for HR and gaming-compliance files: CSV exports and printable HTML (no Qt).

One job a module: :mod:`.text` (the words and figures every report shares),
:mod:`.queries` (what storage has no single call for, and each skill's
mastery as the course works it out), :mod:`.csv` (the CSV exports),
:mod:`.html` (the printable trainee and exam reports, which the UI turns into
PDF), :mod:`.certificate` (a sign-off's printable certificate),
:mod:`.assignments` (what a trainee was assigned and where it stands). Every
name is importable from this package.
"""

from trainer.reports.assignments import AssignedItem, class_progress, trainee_assignments
from trainer.reports.certificate import certificate_html, validity_text
from trainer.reports.csv import (
    ANSWERS_HEADER,
    CSV_ENCODING,
    ROSTER_HEADER,
    SKILLS_HEADER,
    amount_paid,
    roster_csv,
    trainee_answers_csv,
    trainee_skills_csv,
)
from trainer.reports.html import MISTAKES_IN_REPORT, exam_report_html, trainee_report_html
from trainer.reports.queries import (
    course_lessons,
    find_exam,
    roster_row,
    rulesets_used,
    skill_mastery,
    trainee_name,
)
from trainer.reports.text import (
    answer_words,
    attempt_text,
    exam_result_text,
    exam_setup_facts,
    exam_setup_name,
    given_text,
    iso_time,
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
    verdict_text,
    wager_label,
)

__all__ = [
    "ANSWERS_HEADER",
    "CSV_ENCODING",
    "MISTAKES_IN_REPORT",
    "ROSTER_HEADER",
    "SKILLS_HEADER",
    "AssignedItem",
    "amount_paid",
    "answer_words",
    "attempt_text",
    "certificate_html",
    "class_progress",
    "course_lessons",
    "exam_report_html",
    "exam_result_text",
    "exam_setup_facts",
    "exam_setup_name",
    "find_exam",
    "given_text",
    "iso_time",
    "local_time",
    "mastery_text",
    "percent",
    "question_text",
    "record_text",
    "records_text",
    "roster_csv",
    "roster_row",
    "ruleset_title",
    "rulesets_used",
    "score_text",
    "seconds_text",
    "skill_label",
    "skill_mastery",
    "skill_order",
    "target_text",
    "time_limit_text",
    "trainee_answers_csv",
    "trainee_assignments",
    "trainee_name",
    "trainee_report_html",
    "trainee_skills_csv",
    "validity_text",
    "verdict_text",
    "wager_label",
]
