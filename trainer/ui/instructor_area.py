"""The instructor area: the dashboard behind a signed-in instructor, with its own idle lock.

:class:`InstructorArea` is the window: a bar naming who is signed in (with
*Trainee's PIN...*, *Instructors...*, *Change my password...*, *Lock* and
*Sign out*) above the :class:`~trainer.ui.progress.dashboard.InstructorDashboard`.
After the site's ``idle_lock_minutes`` untouched it covers itself: only the
same instructor's password (with the growing delay after wrong ones) opens it
again; *Sign out* closes it. The practice window closes it when it closes.
Dialogs are built by ``*_dialog`` methods and run through :meth:`InstructorArea._run_dialog`,
so tests can drive them.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import _
from trainer.site_config import DEFAULT_IDLE_LOCK_MINUTES, DEFAULT_PIN_POLICY, PinPolicy
from trainer.storage.interfaces import AccountStore, InstructorAccounts, TraineeAccounts
from trainer.storage.models import StorageError
from trainer.storage.passwords import MIN_PASSWORD_LENGTH
from trainer.ui.lock import Clock, IdleWatcher, LockPage, owned_by, refusal_text, system_clock
from trainer.ui.profile_dialog import SECRET_RULE, new_secret_problem, secret_field
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.labels import error_label, heading


def close_owned_windows(owner: QWidget) -> None:
    """Close every window ``owner`` opened (dialogs are rejected), so a lock hides them."""
    for widget in QApplication.topLevelWidgets():
        if widget is owner or not widget.isVisible() or not owned_by(widget, owner):
            continue
        if isinstance(widget, QDialog):
            widget.reject()
        else:
            widget.close()


class InstructorsDialog(QDialog):
    """Add and remove instructors (never oneself, never the last one)."""

    def __init__(self, db: InstructorAccounts, signed_in: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.signed_in = signed_in
        self.setWindowTitle(_("Instructors"))
        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("Instructors")))
        self.names = QListWidget()
        self.names.setObjectName("instructors")
        layout.addWidget(self.names)
        self.remove_button = QPushButton(_("Remove the selected instructor"))
        self.remove_button.setAutoDefault(False)
        self.remove_button.clicked.connect(self.remove_selected)
        layout.addWidget(self.remove_button)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("new_instructor")
        self.password_edit = secret_field("new_password")
        self.repeat_edit = secret_field("new_repeat")
        form.addRow(_("&Name"), self.name_edit)
        form.addRow(_("&Password (at least {count} characters)", count=MIN_PASSWORD_LENGTH),
                    self.password_edit)
        form.addRow(_("&Repeat password"), self.repeat_edit)
        layout.addLayout(form)
        self.add_button = QPushButton(_("Add instructor"))
        self.add_button.clicked.connect(self.add)
        layout.addWidget(self.add_button)
        self.message = error_label()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill()

    def _fill(self) -> None:
        self.names.clear()
        self.names.addItems(self.db.list_instructors())

    def add(self) -> bool:
        name = self.name_edit.text().strip()
        if not name:
            self.message.setText(_("Type the new instructor's name."))
            return False
        if self.password_edit.text() != self.repeat_edit.text():
            self.message.setText(_("The two passwords differ: type the same password twice."))
            return False
        try:
            self.db.create_instructor(name, self.password_edit.text())
        except StorageError as error:
            self.message.setText(str(error))
            return False
        for edit in (self.name_edit, self.password_edit, self.repeat_edit):
            edit.clear()
        self.message.clear()
        self._fill()
        return True

    def remove_selected(self) -> bool:
        item = self.names.currentItem()
        if item is None:
            self.message.setText(_("Select the instructor to remove."))
            return False
        try:
            self.db.remove_instructor(item.text(), signed_in=self.signed_in)
        except StorageError as error:
            self.message.setText(str(error))
            return False
        self.message.clear()
        self._fill()
        return True


class ChangePasswordDialog(QDialog):
    """One's own new password; the current one is asked first (with the wait)."""

    def __init__(self, db: InstructorAccounts, name: str, parent: QWidget | None = None,
                 *, clock: Clock = system_clock) -> None:
        super().__init__(parent)
        self.db = db
        self.name = name
        self.clock = clock
        self.setWindowTitle(_("Change my password"))
        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("Change the password of {instructor}", instructor=name)))
        form = QFormLayout()
        self.current_edit = secret_field("current")
        self.new_edit = secret_field("new")
        self.repeat_edit = secret_field("repeat")
        form.addRow(_("&Current password"), self.current_edit)
        form.addRow(_("&New password (at least {count} characters)", count=MIN_PASSWORD_LENGTH),
                    self.new_edit)
        form.addRow(_("&Repeat the new one"), self.repeat_edit)
        layout.addLayout(form)
        self.message = error_label()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Change password"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        if self.new_edit.text() != self.repeat_edit.text():
            self.message.setText(_("The two new passwords differ: type the same one twice."))
            return
        try:
            attempt = self.db.change_instructor_password(
                self.name, self.current_edit.text(), self.new_edit.text(), at=self.clock())
        except StorageError as error:
            self.message.setText(str(error))
            return
        if not attempt.accepted:
            self.current_edit.clear()
            self.message.setText(refusal_text(attempt, _("Wrong current password")))
            return
        super().accept()


class TraineePinDialog(QDialog):
    """An instructor sets a new PIN for a trainee who forgot theirs (or removes it,
    where the room's policy does not require one)."""

    def __init__(self, db: TraineeAccounts, trainee_id: int, parent: QWidget | None = None,
                 *, policy: PinPolicy = DEFAULT_PIN_POLICY) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_id = trainee_id
        trainee = db.get_trainee(trainee_id)
        name = trainee.name if trainee else str(trainee_id)
        self.setWindowTitle(_("PIN of {trainee}", trainee=name))
        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("A new PIN for {trainee}", trainee=name)))
        note = QLabel(_("Type {rule} twice and tell it to {trainee} in person; the old one"
                        " stops working.", rule=_(SECRET_RULE), trainee=name))
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        self.pin_edit = secret_field("trainee_pin")
        self.repeat_edit = secret_field("trainee_pin_repeat")
        form.addRow(_("New &PIN or password"), self.pin_edit)
        form.addRow(_("&Repeat it"), self.repeat_edit)
        layout.addLayout(form)
        self.message = error_label()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Set the PIN"))
        self.remove_button = buttons.addButton(_("Remove the PIN"),
                                               QDialogButtonBox.ButtonRole.DestructiveRole)
        self.remove_button.setObjectName("remove_pin")
        self.remove_button.setVisible(policy is not PinPolicy.REQUIRED
                                      and db.trainee_has_pin(trainee_id))
        self.remove_button.clicked.connect(self.remove_pin)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        problem = new_secret_problem(self.pin_edit.text(), self.repeat_edit.text())
        if problem is not None:
            self.message.setText(problem)
            return
        try:
            self.db.set_trainee_pin(self.trainee_id, self.pin_edit.text(), by_instructor=True)
        except StorageError as error:
            self.message.setText(str(error))
            return
        super().accept()

    def remove_pin(self) -> None:
        try:
            self.db.remove_trainee_pin(self.trainee_id)
        except StorageError as error:
            self.message.setText(str(error))
            return
        super().accept()


class InstructorArea(QWidget):
    """The signed-in instructor's window; ``signedOut`` when it closes, ``lockedNow``
    when it locks (the practice window then closes a review opened from it)."""

    signedOut = Signal()
    lockedNow = Signal()

    def __init__(
        self,
        db: AccountStore,
        name: str,
        dashboard: InstructorDashboard,
        parent: QWidget | None = None,
        *,
        idle_minutes: int = DEFAULT_IDLE_LOCK_MINUTES,
        policy: PinPolicy = DEFAULT_PIN_POLICY,
        clock: Clock = system_clock,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("instructor_area")
        self.db = db
        self.name = name
        self.dashboard = dashboard
        self.policy = policy
        self.clock = clock
        self.idle_minutes = idle_minutes
        self.above_dashboard: QWidget | None = None

        bar = QHBoxLayout()
        self.who = QLabel(_("Signed in as {instructor}", instructor=f"<b>{escape(name)}</b>"))
        self.who.setTextFormat(Qt.TextFormat.RichText)
        bar.addWidget(self.who)
        bar.addStretch(1)
        self.pin_button = QPushButton(_("Trainee's PIN\u2026"))
        self.pin_button.setToolTip(_("Set a new PIN for the selected trainee (a forgotten one)"))
        self.pin_button.clicked.connect(self.open_trainee_pin)
        self.instructors_button = QPushButton(_("Instructors\u2026"))
        self.instructors_button.clicked.connect(self.open_instructors)
        self.password_button = QPushButton(_("Change my password\u2026"))
        self.password_button.clicked.connect(self.open_change_password)
        self.lock_button = QPushButton(_("Lock"))
        self.lock_button.clicked.connect(self.lock)
        self.sign_out_button = QPushButton(_("Sign out"))
        self.sign_out_button.setObjectName("sign_out")
        self.sign_out_button.clicked.connect(self.sign_out)
        self.bar_buttons = (self.pin_button, self.instructors_button, self.password_button,
                            self.lock_button, self.sign_out_button)
        for button in self.bar_buttons:
            button.setAutoDefault(False)
            bar.addWidget(button)

        self.lock_page = LockPage()
        self.lock_page.add_button(_("Sign out"), "lock_sign_out", self.sign_out)
        self.lock_page.unlocked.connect(self.unlock)
        self.stack = QStackedWidget()
        self.stack.addWidget(dashboard)
        self.stack.addWidget(self.lock_page)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.stack, 1)

        self.idle = IdleWatcher(self, idle_minutes)
        self.idle.idle.connect(self.lock)
        self.idle.start()

    def show_above_dashboard(self, line: QWidget) -> None:
        """A line between the bar and the dashboard (the room's quiet stations); it
        goes with the area (its thread is stopped when the area closes)."""
        self.above_dashboard = line
        line.setParent(self)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(1, line)

    @property
    def locked(self) -> bool:
        return self.stack.currentWidget() is self.lock_page

    def lock(self) -> None:
        """Cover the records; the same instructor's password opens them again."""
        if self.locked:
            return
        self.idle.stop()
        close_owned_windows(self)
        for button in self.bar_buttons:
            button.setEnabled(False)
        self.stack.setCurrentWidget(self.lock_page)
        self.lock_page.show_lock(
            _("Instructor area locked"),
            _("Nobody used the instructor area for {minutes} min, or it was locked."
              " {instructor}: type your password to go on.", minutes=self.idle_minutes,
              instructor=self.name),
            lambda password: self.db.check_instructor(self.name, password, at=self.clock()),
            wrong=_("Wrong password"),
        )
        self.lockedNow.emit()

    def unlock(self) -> None:
        for button in self.bar_buttons:
            button.setEnabled(True)
        self.stack.setCurrentWidget(self.dashboard)
        self.dashboard.refresh()
        self.idle.start()

    def sign_out(self) -> None:
        self.close()

    # -- dialogs (built by the *_dialog methods; tests drive those)

    def _run_dialog(self, dialog: QDialog) -> bool:
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        dialog.deleteLater()
        return accepted

    def instructors_dialog(self) -> InstructorsDialog:
        return InstructorsDialog(self.db, self.name, self)

    def open_instructors(self) -> None:
        self._run_dialog(self.instructors_dialog())

    def change_password_dialog(self) -> ChangePasswordDialog:
        return ChangePasswordDialog(self.db, self.name, self, clock=self.clock)

    def open_change_password(self) -> None:
        if self._run_dialog(self.change_password_dialog()):
            self.dashboard.show_message(_("Your password is changed."))

    def trainee_pin_dialog(self) -> TraineePinDialog | None:
        trainee_id = self.dashboard.selected_trainee_id()
        if trainee_id is None:
            self.dashboard.show_message(_("Select a trainee first."), error=True)
            return None
        return TraineePinDialog(self.db, trainee_id, self, policy=self.policy)

    def open_trainee_pin(self) -> None:
        dialog = self.trainee_pin_dialog()
        if dialog is not None and self._run_dialog(dialog):
            self.dashboard.show_message(_("The trainee's PIN is changed."))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.idle.detach()
        stop = getattr(self.above_dashboard, "stop", None)
        if callable(stop):
            stop()
        close_owned_windows(self)
        super().closeEvent(event)
        self.signedOut.emit()
