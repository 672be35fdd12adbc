"""Signing a trainee off on a passed exam, and the roster's certification column.

:class:`CertifyDialog` lists the trainee's exams; only one the storage rules
allow (:meth:`~trainer.storage.certificates.Certificates.certification_problem`:
passed, finished, unaltered, not signed off yet) can be chosen, and the others
say why not. The instructor signing is the one signed in (or, when the
dashboard was opened without one, chosen from the station's instructors), who
types their password: it unlocks their signing key for this one signature
(the key is never kept in memory after it, nor stored in clear), so a
certificate is signed with a key only the instructor holds
(:mod:`trainer.storage.signing`). An expiry is optional: one year from today
by default.

Before signing, the dialog shows the chosen exam's evidence
(:func:`trainer.storage.evidence.exam_evidence`, read by storage; the dialog only
shows it): the station it was sat at, every attempt of the same set-up known
here (sat here or merged from station files), and its answer times, with
flags in red (a duplicate attempt number, more attempts than the set-up allows,
a payout answered in under a second, an exam faster than a person can read it).
A flag does not forbid signing: it needs one more tick, "I have looked at these
flags", before Sign off is enabled.

:class:`CertifiedRosterModel` is the roster with one more column: each
trainee's certification (certified, expiring within
:data:`~trainer.storage.certificates.EXPIRING_DAYS` days, expired).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, Protocol

from PySide6.QtCore import QDate, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer import reports
from trainer.i18n import N_, _, ngettext
from trainer.storage.certificates import EXPIRING_DAYS
from trainer.storage.evidence import ExamEvidence
from trainer.storage.interfaces import (
    CertificateStore,
    ExamResults,
    ExamSetups,
    InstructorAccounts,
    RosterReads,
    TraineeDirectory,
)
from trainer.storage.models import (
    Certification,
    CertificationStatus,
    Exam,
    RosterRow,
    StorageError,
)
from trainer.ui.progress.labels import heading
from trainer.ui.progress.models import BAD, GOOD, SORT_ROLE, RosterModel

DEFAULT_VALID_DAYS = 365
"""A new certificate's default validity: a year (the instructor may change or clear it)."""
EXAM_ROLE = Qt.ItemDataRole.UserRole + 10

_STATUS_ORDER = {
    CertificationStatus.NONE: 0,
    CertificationStatus.REVOKED: 0,
    CertificationStatus.EXPIRED: 1,
    CertificationStatus.EXPIRING: 2,
    CertificationStatus.CERTIFIED: 3,
}
_STATUS_COLOUR = {
    CertificationStatus.CERTIFIED: GOOD,
    CertificationStatus.EXPIRING: QColor("#a15c00"),
    CertificationStatus.EXPIRED: BAD,
}


def _exam_line(exam: Exam, config_name: str | None) -> str:
    name = reports.exam_setup_name(exam, config_name) or _("exam #{number}", number=exam.id)
    return _("{when} \u2014 {setup}, attempt {attempt}: {score} ({result})",
             when=reports.local_time(exam.finished or exam.started), setup=name,
             attempt=reports.attempt_text(exam), score=reports.score_text(exam.score),
             result=reports.exam_result_text(exam))


def _duration(seconds: float) -> str:
    if seconds < 120:
        return _("{seconds} s", seconds=format(seconds, ".1f"))
    return _("{minutes} min", minutes=format(seconds / 60, ".0f"))


def evidence_lines(evidence: ExamEvidence) -> list[str]:
    """The evidence as the dialog shows it, one line each (the flags apart)."""
    lines = [_("Sat at {station}.", station=evidence.sat_at.label)]
    lines.append(_("Attempts of \u201c{setup}\u201d known here:", setup=evidence.setup_name))
    for seen in evidence.attempts:
        exam = seen.exam
        facts = {"attempt": reports.attempt_text(exam), "number": exam.id,
                 "when": reports.local_time(exam.started),
                 "score": reports.score_text(exam.score),
                 "result": reports.exam_result_text(exam), "station": seen.sat_at.label}
        if exam.id == evidence.exam_id:
            line = _("this exam: attempt {attempt}, exam #{number}, {when}: {score} {result},"
                     " at {station}", **facts)
        else:
            line = _("attempt {attempt}, exam #{number}, {when}: {score} {result},"
                     " at {station}", **facts)
        lines.append(f"    {line}")
    questions = ngettext("{count} question", "{count} questions", evidence.questions)
    payouts = ngettext("{count} payout", "{count} payouts", evidence.payouts)
    fast = len(evidence.fast_payouts)
    under = (_("none under a second") if not fast
             else ngettext("{count} under a second", "{count} under a second", fast))
    if evidence.elapsed_seconds is None:
        lines.append(_("Answer times: {questions} in {answering} of answering; {payouts},"
                       " {under}.", questions=questions,
                       answering=_duration(evidence.answer_seconds), payouts=payouts,
                       under=under))
    else:
        lines.append(_("Answer times: {questions} in {answering} of answering, {elapsed} from"
                       " start to finish; {payouts}, {under}.", questions=questions,
                       answering=_duration(evidence.answer_seconds),
                       elapsed=_duration(evidence.elapsed_seconds), payouts=payouts,
                       under=under))
    return lines


class CertifySources(CertificateStore, ExamResults, ExamSetups, InstructorAccounts,
                     TraineeDirectory, Protocol):
    """What signing off reads and writes: the trainee, exams, set-ups, instructors."""


class CertifiedRosterSources(RosterReads, CertificateStore, Protocol):
    """The roster and every trainee's certification."""


class CertifyDialog(QDialog):
    """Sign a trainee off on one of their passed exams; ``certification`` holds the
    result when accepted."""

    def __init__(self, db: CertifySources, trainee_id: int, instructor: str | None,
                 parent: QWidget | None = None, *, today: date | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_id = trainee_id
        self.certification: Certification | None = None
        self.today = today or date.today()
        trainee = db.get_trainee(trainee_id)
        name = trainee.name if trainee else _("trainee {number}", number=trainee_id)
        self.setWindowTitle(_("Sign off {trainee}", trainee=name))
        self.setObjectName("certify_dialog")
        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("Sign off {trainee}", trainee=name)))
        intro = QLabel(_(
            "Choose the passed exam this sign-off rests on. Only a finished, passed exam"
            " whose record is unaltered can be signed off, once."
        ))
        intro.setWordWrap(True)
        layout.addWidget(intro)

        self.exams = QListWidget()
        self.exams.setObjectName("certify_exams")
        # A long set-up name or reason wraps onto more lines: never a sideways scroll.
        self.exams.setWordWrap(True)
        self.exams.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.exams.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.exams.setResizeMode(QListView.ResizeMode.Adjust)
        self.exams.setSpacing(2)
        # As tall as its exams (the evidence below needs the room), shrunk on a short screen.
        self.exams.setSizeAdjustPolicy(QListWidget.SizeAdjustPolicy.AdjustToContents)
        self.exams.setMinimumHeight(3 * self.exams.fontMetrics().height())
        configs = {c.id: c.name for c in db.list_exam_configs(retired=True)}
        for exam in db.exam_results(trainee_id):
            problem = db.certification_problem(trainee_id, exam.id)
            line = _exam_line(exam, configs.get(exam.config_id or -1))
            item = QListWidgetItem(line if problem is None else _(
                "{exam} \u2014 {why}", exam=line, why=_why(problem)))
            item.setData(EXAM_ROLE, exam.id)
            if problem is not None:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled
                              & ~Qt.ItemFlag.ItemIsSelectable)
                item.setToolTip(_why(problem))
            self.exams.addItem(item)
        layout.addWidget(self.exams, 1)

        box = QGroupBox(_("Evidence of the chosen exam"))
        box.setObjectName("certify_evidence_box")
        shown = QVBoxLayout(box)
        self.evidence = QLabel()
        self.evidence.setObjectName("certify_evidence")
        self.evidence.setWordWrap(True)
        self.evidence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        shown.addWidget(self.evidence)
        self.flags = QLabel()
        self.flags.setObjectName("certify_flags")
        self.flags.setWordWrap(True)
        self.flags.setStyleSheet("color: #b3261e;")
        shown.addWidget(self.flags)
        self.flags_seen = QCheckBox(_("I have looked at these flags and sign off anyway"))
        self.flags_seen.setObjectName("certify_flags_seen")
        self.flags_seen.toggled.connect(self._update)
        shown.addWidget(self.flags_seen)
        layout.addWidget(box)
        self.current_evidence: ExamEvidence | None = None

        form = QFormLayout()
        self.instructor = QComboBox()
        self.instructor.setObjectName("certify_instructor")
        if instructor:
            self.instructor.addItem(instructor)
            self.instructor.setEnabled(False)
        else:
            self.instructor.addItems(db.list_instructors())
        form.addRow(_("Signed off by"), self.instructor)
        self.password = QLineEdit()
        self.password.setObjectName("certify_password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(_("unlocks your signing key for this signature"))
        form.addRow(_("Your password"), self.password)
        self.expires_box = QCheckBox(_("Expires on"))
        self.expires_box.setObjectName("certify_expires_box")
        self.expires_box.setChecked(True)
        self.expires = QDateEdit()
        self.expires.setObjectName("certify_expires")
        self.expires.setCalendarPopup(True)
        self.expires.setDisplayFormat("yyyy-MM-dd")
        first = QDate(self.today.year, self.today.month, self.today.day)
        self.expires.setMinimumDate(first.addDays(1))
        self.expires.setDate(first.addDays(DEFAULT_VALID_DAYS))
        self.expires_box.toggled.connect(self.expires.setEnabled)
        expiry = QHBoxLayout()
        expiry.addWidget(self.expires_box)
        expiry.addWidget(self.expires)
        expiry.addStretch(1)
        form.addRow(_("Validity"), expiry)
        layout.addLayout(form)
        note = QLabel(ngettext("The roster shows \u201cexpiring\u201d from {count} day before"
                               " the last valid day.",
                               "The roster shows \u201cexpiring\u201d from {count} days before"
                               " the last valid day.", EXPIRING_DAYS))
        note.setStyleSheet("color: palette(placeholder-text);")
        layout.addWidget(note)

        self.message = QLabel()
        self.message.setObjectName("certify_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Sign off"))
        self.buttons.accepted.connect(self.sign_off)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.exams.currentItemChanged.connect(self._update)
        for row in range(self.exams.count()):
            if self.exams.item(row).flags() & Qt.ItemFlag.ItemIsEnabled:
                self.exams.setCurrentRow(row)
                break
        if not self.signable_exam_ids():
            self.message.setText(_("No exam of this trainee can be signed off yet."))
        self._update()
        em = self.fontMetrics().averageCharWidth()
        # Wide enough for the evidence's lines to wrap little; never taller than the
        # screen (a 1366x768 laptop): the list of exams gives up its height first.
        screen = self.screen().availableGeometry()
        width = min(max(self.sizeHint().width(), em * 100), screen.width() - 16)
        self.resize(width, min(self.heightForWidth(width) if self.hasHeightForWidth()
                               else self.sizeHint().height(), screen.height() - 48))

    def signable_exam_ids(self) -> list[int]:
        """The exams offered (the others are shown greyed, with the reason)."""
        return [
            int(self.exams.item(row).data(EXAM_ROLE)) for row in range(self.exams.count())
            if self.exams.item(row).flags() & Qt.ItemFlag.ItemIsEnabled
        ]

    def choose_exam(self, exam_id: int) -> bool:
        """Select an exam by id (False when it is not offered)."""
        for row in range(self.exams.count()):
            item = self.exams.item(row)
            if item.data(EXAM_ROLE) == exam_id and item.flags() & Qt.ItemFlag.ItemIsEnabled:
                self.exams.setCurrentRow(row)
                return True
        return False

    def _chosen(self) -> int | None:
        item = self.exams.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return None
        return int(item.data(EXAM_ROLE))

    def _show_evidence(self, exam_id: int | None) -> None:
        """Read and show the chosen exam's evidence (a flag unticks the confirmation)."""
        evidence = None
        if exam_id is not None:
            try:
                evidence = self.db.exam_evidence(exam_id)
            except StorageError as error:
                self.evidence.setText(_("Its evidence cannot be read: {why}",
                                        why=error.reason))
        if evidence is not None:
            self.evidence.setText("\n".join(evidence_lines(evidence)))
        elif exam_id is None:
            self.evidence.setText(_("Choose a passed exam to see what it rests on."))
        if evidence != self.current_evidence:
            self.flags_seen.setChecked(False)
        self.current_evidence = evidence
        flags = () if evidence is None else evidence.flags
        self.flags.setText("\n".join(_("\u26a0 {flag}", flag=flag.text) for flag in flags))
        self.flags.setVisible(bool(flags))
        self.flags_seen.setVisible(bool(flags))

    def needs_flags_seen(self) -> bool:
        """The chosen exam has flags the instructor has not ticked as looked at."""
        evidence = self.current_evidence
        return bool(evidence and evidence.flags) and not self.flags_seen.isChecked()

    def _update(self, *_args: object) -> None:
        chosen = self._chosen()
        if self.current_evidence is None or self.current_evidence.exam_id != chosen:
            self._show_evidence(chosen)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(chosen is not None and self.instructor.count() > 0
                      and not self.needs_flags_seen())

    def sign_off(self) -> bool:
        """Record the sign-off; a refusal is shown in the dialog, which stays open."""
        exam_id = self._chosen()
        if exam_id is None:
            self.message.setText(_("Choose a passed exam first."))
            return False
        if self.needs_flags_seen():
            self.message.setText(_("Look at the flags above first: tick that you have, to"
                                   " sign off anyway."))
            return False
        if not self.password.text():
            self.message.setText(_("Type your password: it signs the certificate."))
            self.password.setFocus()
            return False
        expires = None
        if self.expires_box.isChecked():
            chosen = self.expires.date()
            expires = date(chosen.year(), chosen.month(), chosen.day())
        try:
            self.certification = self.db.certify(
                self.trainee_id, exam_id, self.instructor.currentText(),
                password=self.password.text(), expires=expires
            )
        except StorageError as error:
            self.message.setText(_("Not signed off: {why}", why=error.reason))
            return False
        finally:
            self.password.clear()
        self.accept()
        return True


_STATUS_LABEL = {
    CertificationStatus.NONE: N_("not certified"),
    CertificationStatus.CERTIFIED: N_("certified"),
    CertificationStatus.EXPIRING: N_("expiring"),
    CertificationStatus.EXPIRED: N_("expired"),
    CertificationStatus.REVOKED: N_("revoked"),
}


def status_label(status: CertificationStatus) -> str:
    """A certification's status for people (its value is what storage and CSV keep)."""
    return _(_STATUS_LABEL[status])


def _why(problem: str) -> str:
    """A storage refusal (``exam_id: exam 3 was not passed``) without its field name, read
    by storage's own rule (:attr:`StorageError.reason`), never split here."""
    return StorageError(problem).reason


class CertifiedRosterModel(RosterModel):
    """The roster, with each trainee's certification as the last column."""

    CERTIFICATION = len(RosterModel.columns)
    db: CertifiedRosterSources | None

    def __init__(self, db: CertifiedRosterSources | None = None, parent: QObject | None = None, *,
                 today: date | None = None) -> None:
        super().__init__(None, parent)
        self.statuses: dict[int, CertificationStatus] = {}
        self.today = today
        """A fixed day for tests; None: today."""
        self.figures_from: Callable[[], list[RosterRow]] | None = None
        """Where the rows' figures come from instead of ``db.roster()`` (the room's,
        :meth:`~trainer.ui.progress.room_view.ClassViewSnapshot.roster_here`); None:
        the database's."""
        self.db = db
        if db is not None:
            self.refresh()

    def refresh(self) -> None:
        if self.db is not None:
            self.statuses = self.db.certification_statuses(self.today or date.today())
        if self.figures_from is not None:
            self.set_rows(self.figures_from())
        else:
            super().refresh()

    def status(self, trainee_id: int) -> CertificationStatus:
        return self.statuses.get(trainee_id, CertificationStatus.NONE)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns) + 1

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.column() != self.CERTIFICATION:
            return super().data(index, role)
        if not 0 <= index.row() < self.rowCount():
            return None
        status = self.status(self.row_at(index.row()).trainee_id)
        if role == Qt.ItemDataRole.DisplayRole:
            return "\u2014" if status in (CertificationStatus.NONE,
                                          CertificationStatus.REVOKED) else status_label(status)
        if role == SORT_ROLE:
            return _STATUS_ORDER[status]
        if role == Qt.ItemDataRole.ForegroundRole:
            colour = _STATUS_COLOUR.get(status)
            return None if colour is None else QBrush(colour)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (ngettext("Expiring: within {count} day of the certificate's last valid"
                             " day", "Expiring: within {count} days of the certificate's last"
                             " valid day", EXPIRING_DAYS)
                    if status is CertificationStatus.EXPIRING else None)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and section == self.CERTIFICATION:
            return _("Certification") if role == Qt.ItemDataRole.DisplayRole else None
        return super().headerData(section, orientation, role)
