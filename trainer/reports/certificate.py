"""The printable certificate of a sign-off, as HTML the UI prints to one PDF page (no Qt).

It names the trainee (and employee id), the exam passed (set-up, attempt,
score, pass mark, when), who signed it off and when, how long it is valid,
the training room, and the verification code with the command that checks it
(``hhe-trainer verify CODE``). A revoked certification prints "REVOKED" across
its head, so an old printout is never mistaken for a current one.
"""

from __future__ import annotations

import html
from datetime import date
from typing import Protocol

from trainer.i18n import _, in_language
from trainer.reports.queries import find_exam
from trainer.reports.text import (
    attempt_text,
    exam_setup_name,
    local_time,
    ruleset_title,
    score_text,
)
from trainer.storage.certificates import certification_status
from trainer.storage.interfaces import CertificateStore, ExamResults, ExamSetups, TraineeDirectory
from trainer.storage.models import Certification, CertificationStatus, StorageError

_STYLE = """
body { font-family: 'DejaVu Serif', 'Georgia', serif; font-size: 12pt; color: #111; }
h1 { font-size: 26pt; text-align: center; color: #123d2a; margin-bottom: 0; }
p.centre { text-align: center; }
p.name { text-align: center; font-size: 22pt; font-weight: bold; margin: 6pt 0; }
p.small { text-align: center; font-size: 9pt; color: #444; }
p.revoked { text-align: center; font-size: 20pt; font-weight: bold; color: #a3121f; }
p.code { text-align: center; font-family: 'DejaVu Sans Mono', monospace; font-size: 16pt;
         font-weight: bold; }
td { font-size: 11pt; }
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def validity_text(certification: Certification, today: date) -> str:
    """``Valid until 2027-03-02``, ``Does not expire``, ``Expired on ...`` or ``Revoked ...``."""
    status = certification_status(certification, today)
    if status is CertificationStatus.REVOKED:
        return _("Revoked {moment}", moment=local_time(certification.revoked))
    if certification.expires is None:
        return _("Does not expire")
    if status is CertificationStatus.EXPIRED:
        return _("Expired on {day}", day=certification.expires.isoformat())
    return _("Valid until {day}", day=certification.expires.isoformat())


class CertificateSources(CertificateStore, ExamResults, ExamSetups, TraineeDirectory, Protocol):
    """What a certificate reads: the certification, its exam, set-up and trainee."""


def certificate_html(
    db: CertificateSources, certification_id: int, *, room: str | None = None,
    today: date | None = None, language: str | None = None,
) -> str:
    """The certificate of one certification (StorageError naming the field when there is
    none), in ``language`` (``en``, ``es``; None: the station's, which is the trainee's
    own when they print it: the trainer keeps no language per trainee, see README
    "Languages")."""
    with in_language(language):
        return _certificate(db, certification_id, room, today)


def _certificate(db: CertificateSources, certification_id: int, room: str | None,
                 today: date | None) -> str:
    found = next((c for c in db.certifications() if c.id == certification_id), None)
    if found is None:
        raise StorageError(_("certification_id: no certification {number}",
                             number=certification_id))
    trainee = db.get_trainee(found.trainee_id)
    if trainee is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=found.trainee_id))
    exam = find_exam(db, found.exam_id)
    config = None if exam.config_id is None else db.get_exam_config(exam.config_id)
    exam_name = (exam_setup_name(exam, config.name if config else None)
                 or _("Exam #{exam}", exam=exam.id))
    day = today or date.today()
    revoked = (
        '<p class="revoked">{}</p>'.format(
            _e(_("REVOKED {moment}", moment=local_time(found.revoked))))
        if found.revoked is not None else ""
    )
    employee = (
        '<p class="centre">{}</p>'.format(
            _e(_("Employee id {employee_id}", employee_id=trainee.employee_id)))
        if trainee.employee_id else ""
    )
    facts = [
        (_("Exam"), exam_name),
        (_("Attempt"), attempt_text(exam)),
        (_("Rule set"), ruleset_title(exam.ruleset_id)),
        (_("Taken"), local_time(exam.finished or exam.started)),
        (_("Score"), _("{score} (pass mark {mark}%)", score=score_text(exam.score),
                       mark=format(exam.pass_mark, "g"))),
        (_("Signed off by"), found.signed_by),
        (_("Signed off on"), local_time(found.signed_at)),
        (_("Validity"), validity_text(found, day)),
    ]
    if room:
        facts.insert(0, (_("Training room"), room))
    rows = "".join(
        f'<tr><td width="35%"><b>{_e(key)}</b></td><td>{_e(value)}</td></tr>'
        for key, value in facts
    )
    line = "_" * 28
    signature = _e(_("Signature:"))
    instructor = _e(_("Instructor: {name}", name=found.signed_by))
    signee = _e(_("Trainee: {name}", name=trainee.name))
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{_e(_('Certificate: {trainee}', trainee=trainee.name))}</title>"
        f"<style>{_STYLE}</style></head><body>"
        + revoked
        + f"<h1>{_e(_('Certificate of Qualification'))}</h1>"
        + '<p class="centre">{}</p>'.format(_e(_("Heads Up Hold'em dealer training")))
        + f'<p class="centre">&nbsp;</p><p class="centre">{_e(_("This certifies that"))}</p>'
        + f'<p class="name">{_e(trainee.name)}</p>'
        + employee
        + '<p class="centre">{}</p>'.format(_e(_(
            "has passed the dealer examination below and has been signed off by an"
            " instructor.")))
        + '<p class="centre">&nbsp;</p>'
        + f'<table align="center" cellspacing="0" cellpadding="5" width="80%">{rows}</table>'
        + '<p class="centre">&nbsp;</p>'
        + '<table align="center" width="90%" cellpadding="6"><tr>'
        + f'<td width="50%">{instructor}<br><br>{signature} {line}</td>'
        + f'<td width="50%">{signee}<br><br>{signature} {line}</td>'
        + "</tr></table>"
        + f'<p class="centre">&nbsp;</p><p class="centre">{_e(_("Verification code"))}</p>'
        + f'<p class="code">{_e(found.code)}</p>'
        + '<p class="small">{}</p>'.format(_e(_(
            "Anyone holding the training room's records can check this certificate with:")))
        + f'<p class="small" style="white-space: nowrap">hhe-trainer verify {_e(found.code)}</p>'
        + "</body></html>"
    )
