"""The instructor's sign-in, or the first instructor's creation on a new station.

Wrong passwords make the next try wait (:mod:`trainer.storage.accounts`); the
dialog says how long instead of freezing. While the site file is there but
unusable, no instructor can be created here (``refusal`` says why).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import N_, _
from trainer.storage.interfaces import InstructorAccounts
from trainer.storage.models import StorageError
from trainer.storage.passwords import MIN_PASSWORD_LENGTH
from trainer.ui.lock import Clock, refusal_text, system_clock
from trainer.ui.progress.labels import error_label, heading

WRONG_SIGN_IN = N_("Wrong name or password")


class InstructorSignInDialog(QDialog):
    """Name and password; or, on a station with no instructor yet, create the first one.

    A wrong name or password (a trainee's name included) shows "Wrong name or
    password" and the dialog stays open. ``signed_in_name`` holds the instructor
    once the dialog is accepted.
    """

    def __init__(
        self,
        db: InstructorAccounts,
        parent: QWidget | None = None,
        *,
        refusal: str | None = None,
        clock: Clock = system_clock,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.clock = clock
        self.refusal = refusal
        """Why no instructor may be created here (a broken site file); None: one may."""
        self.signed_in_name: str | None = None
        self.creating = not db.list_instructors()
        title = _("Create the first instructor") if self.creating else _("Instructor sign-in")
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        self.heading = heading(
            _("Create the first instructor") if self.creating else _("Instructor area")
        )
        layout.addWidget(self.heading)
        self.explanation = QLabel(
            _("No instructor has been set up on this station yet. Choose the name and"
              " password of the first one (at least {count} characters). The password"
              " protects every trainee's records.", count=MIN_PASSWORD_LENGTH)
            if self.creating
            else _("Sign in to see trainees' records, set up exams and print reports.")
        )
        self.explanation.setWordWrap(True)
        layout.addWidget(self.explanation)

        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("name")
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("password")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.repeat_edit = QLineEdit()
        self.repeat_edit.setObjectName("repeat")
        self.repeat_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(_("&Name"), self.name_edit)
        form.addRow(_("&Password"), self.password_edit)
        if self.creating:
            form.addRow(_("&Repeat password"), self.repeat_edit)
        else:
            self.repeat_edit.hide()
        layout.addLayout(form)

        self.message = error_label()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Create and sign in") if self.creating else _("Sign in"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.name_edit.setFocus()
        if self.creating and refusal is not None:
            self.explanation.setText(refusal)
            self.explanation.setObjectName("refusal")
            for edit in (self.name_edit, self.password_edit, self.repeat_edit):
                edit.setEnabled(False)
            self.ok_button.setEnabled(False)
        em = self.fontMetrics().averageCharWidth()
        self.setMinimumWidth(em * 64)

    def accept(self) -> None:
        """Check the entries; close only when signed in (or the instructor was created)."""
        if self.creating and self.refusal is not None:
            self.message.setText(self.refusal)
            return
        try:
            done = self._create() if self.creating else self._sign_in()
        except StorageError as error:
            self.message.setText(_("The database could not be read ({reason}).", reason=error))
            return
        if done:
            super().accept()

    def _sign_in(self) -> bool:
        name = self.name_edit.text().strip()
        attempt = self.db.check_instructor(name, self.password_edit.text(), at=self.clock())
        if attempt.accepted:
            self.signed_in_name = self.db.known_instructor(name)
            self.message.clear()
            return True
        self.message.setText(refusal_text(attempt, _(WRONG_SIGN_IN)))
        self.password_edit.clear()
        self.password_edit.setFocus()
        return False

    def _create(self) -> bool:
        name = self.name_edit.text().strip()
        password = self.password_edit.text()
        if not name:
            self.message.setText(_("Type the instructor's name."))
            self.name_edit.setFocus()
            return False
        if password != self.repeat_edit.text():
            self.message.setText(_("The two passwords differ: type the same password twice."))
            self.repeat_edit.clear()
            self.repeat_edit.setFocus()
            return False
        try:
            self.db.create_instructor(name, password)
        except StorageError as error:
            self.message.setText(str(error))
            return False
        self.signed_in_name = name
        self.message.clear()
        return True
