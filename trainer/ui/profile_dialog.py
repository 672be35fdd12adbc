"""Who is training? Pick a trainee profile (with its PIN, when it has one) or create one.

What is asked follows the room's policy (``[security] trainee_pin`` in the
site file, :mod:`trainer.site_config.security`):

- a trainee with a PIN types it (wrong tries make the next one wait, as for
  instructors; the wait is said, the window never freezes);
- under ``required`` a trainee without a PIN chooses one before training,
  and a new profile needs one;
- under ``optional`` a new profile may have one; a trainee without one
  signs in by picking the name;
- under ``off`` nothing is asked.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import N_, _
from trainer.site_config import DEFAULT_PIN_POLICY, PinPolicy
from trainer.storage.interfaces import TraineeAccounts
from trainer.storage.models import StorageError
from trainer.storage.passwords import MIN_PASSWORD_LENGTH, MIN_PIN_DIGITS, trainee_secret_problem
from trainer.ui.lock import Clock, refusal_text, system_clock

WRONG_PIN = N_("Wrong PIN or password")
"""Shown translated: ``_(WRONG_PIN)``."""
SECRET_RULE_TEXT = N_("a PIN of at least {digits} digits or a password of at least {length}"
                      " characters")


def secret_rule() -> str:
    """What a trainee's PIN or password must be, in the language in use."""
    return _(SECRET_RULE_TEXT, digits=MIN_PIN_DIGITS, length=MIN_PASSWORD_LENGTH)


SECRET_RULE = SECRET_RULE_TEXT.format(digits=MIN_PIN_DIGITS, length=MIN_PASSWORD_LENGTH)
"""The rule in English (windows not translated yet); :func:`secret_rule` translates it."""


def optional_secret_placeholder(required: bool) -> str:
    return _("PIN or password") if required else _("PIN or password (optional)")


def secret_field(name: str, placeholder: str = "") -> QLineEdit:
    """A PIN or password field: typed without echo."""
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setPlaceholderText(placeholder)
    return edit


def new_secret_problem(secret: str, repeat: str) -> str | None:
    """What is wrong with a PIN chosen (typed twice); None when it will do."""
    problem = trainee_secret_problem(secret)
    if problem is not None:
        return problem[0].upper() + problem[1:] + "."
    if secret != repeat:
        return _("The two differ: type the same PIN or password twice.")
    return None


class ProfileDialog(QDialog):
    """Choose a trainee; ``trainee_id`` holds the one signed in after ``exec()``."""

    def __init__(
        self,
        db: TraineeAccounts,
        parent: QWidget | None = None,
        *,
        policy: PinPolicy = DEFAULT_PIN_POLICY,
        clock: Clock = system_clock,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Who is training?"))
        self.db = db
        self.policy = policy
        self.clock = clock
        self.trainee_id: int | None = None
        self.instructor_requested = False
        self.with_pin: set[int] = set()
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Pick your name, or type a new one and press Create.")))
        self.names = QListWidget()
        self.names.setObjectName("trainees")
        self.names.itemActivated.connect(lambda _item: self.accept())
        self.names.currentItemChanged.connect(lambda *_: self._update_secret())
        layout.addWidget(self.names)

        # The selected trainee's PIN (or the one they choose now).
        self.secret_box = QWidget()
        secret_form = QFormLayout(self.secret_box)
        secret_form.setContentsMargins(0, 0, 0, 0)
        self.pin_edit = secret_field("pin")  # Enter: the default button, Start training
        self.repeat_edit = secret_field("pin_repeat")
        self.pin_label = QLabel(_("Your &PIN or password"))
        self.pin_label.setBuddy(self.pin_edit)
        self.repeat_label = QLabel(_("&Repeat it"))
        self.repeat_label.setBuddy(self.repeat_edit)
        secret_form.addRow(self.pin_label, self.pin_edit)
        secret_form.addRow(self.repeat_label, self.repeat_edit)
        layout.addWidget(self.secret_box)
        self.choose_note = QLabel()
        self.choose_note.setWordWrap(True)
        layout.addWidget(self.choose_note)

        # A new profile.
        row = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setObjectName("new_name")
        self.new_name.setPlaceholderText(_("New trainee's name"))
        self.new_name.returnPressed.connect(self._create_on_enter)
        required = policy is PinPolicy.REQUIRED
        self.new_pin = secret_field("new_pin", optional_secret_placeholder(required))
        self.new_pin.setToolTip(_("Keeps others from training under your name: {rule}",
                                  rule=secret_rule()))
        self.new_pin.returnPressed.connect(self._create_on_enter)
        self.new_repeat = secret_field("new_pin_repeat", _("Repeat it"))
        self.new_repeat.returnPressed.connect(self._create_on_enter)
        self._enter_creates = False
        create = QPushButton(_("Create"))
        create.setAutoDefault(False)
        create.clicked.connect(self.create_profile)
        row.addWidget(self.new_name, 1)
        row.addWidget(create)
        layout.addLayout(row)
        pin_row = QHBoxLayout()
        pin_row.addWidget(self.new_pin)
        pin_row.addWidget(self.new_repeat)
        layout.addLayout(pin_row)
        self.new_pin.setVisible(policy is not PinPolicy.OFF)
        self.new_repeat.setVisible(policy is not PinPolicy.OFF)

        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Start training"))
        instructor = buttons.addButton(
            _("Instructor area\u2026"), QDialogButtonBox.ButtonRole.ActionRole
        )
        instructor.setAutoDefault(False)
        instructor.clicked.connect(self._instructor)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill()
        self.resize(520, 520)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown with a trainee who has a PIN already selected: the PIN field has the
        keyboard, so they type it straight away (the list is one Shift+Tab away)."""
        super().showEvent(event)
        if self.secret_mode != "none":
            self.pin_edit.setFocus()

    # -- what the selected trainee is asked

    @property
    def secret_mode(self) -> str:
        """``ask`` (type the PIN), ``choose`` (set one first) or ``none``."""
        trainee_id = self._selected()
        if trainee_id is None or self.policy is PinPolicy.OFF:
            return "none"
        if trainee_id in self.with_pin:
            return "ask"
        return "choose" if self.policy is PinPolicy.REQUIRED else "none"

    def _selected(self) -> int | None:
        item = self.names.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _update_secret(self) -> None:
        mode = self.secret_mode
        self.pin_edit.clear()
        self.repeat_edit.clear()
        self.error.clear()
        self.secret_box.setVisible(mode != "none")
        choosing = mode == "choose"
        self.pin_label.setText(_("Choose a &PIN or password") if choosing
                               else _("Your &PIN or password"))
        self.repeat_label.setVisible(choosing)
        self.repeat_edit.setVisible(choosing)
        self.choose_note.setVisible(choosing)
        self.choose_note.setText(
            _("The training room requires a PIN: choose {rule}. You will type it each time"
              " you sign in.", rule=secret_rule()) if choosing else ""
        )

    def _fill(self, select: int | None = None) -> None:
        self.with_pin = self.db.trainees_with_pin()
        self.names.clear()
        for trainee in self.db.list_trainees():
            item = QListWidgetItem(trainee.name)
            item.setData(Qt.ItemDataRole.UserRole, trainee.id)
            self.names.addItem(item)
            if trainee.id == select:
                self.names.setCurrentItem(item)
        if select is None and self.names.count():
            self.names.setCurrentRow(0)
        if not self.names.count():
            self.new_name.setFocus()
        self._update_secret()

    def select(self, name: str) -> bool:
        """Select a trainee by name (tests, and a name typed in the list)."""
        found = self.names.findItems(name, Qt.MatchFlag.MatchFixedString)
        if not found:
            return False
        self.names.setCurrentItem(found[0])
        return True

    # -- creating a profile

    def create_profile(self) -> None:
        name = self.new_name.text().strip()
        if not name:
            self.error.setText(_("Type a name first."))
            return
        secret = self.new_pin.text() if self.policy is not PinPolicy.OFF else ""
        if secret or self.policy is PinPolicy.REQUIRED:
            problem = new_secret_problem(secret, self.new_repeat.text())
            if problem is not None:
                if self.policy is PinPolicy.REQUIRED and not secret:
                    problem = _("The training room requires a PIN: choose {rule}.",
                                rule=secret_rule())
                self.error.setText(problem)
                self.new_pin.setFocus()
                return
        try:
            trainee_id = self.db.create_trainee(name)
            if secret:
                self.db.set_trainee_pin(trainee_id, secret)
        except StorageError as error:
            self.error.setText(str(error))
            return
        self.error.clear()
        for edit in (self.new_name, self.new_pin, self.new_repeat):
            edit.clear()
        self._fill(select=trainee_id)
        self.trainee_id = trainee_id  # just made (with the PIN typed twice): signed in
        super().accept()

    def _create_on_enter(self) -> None:
        """Enter in a new-profile field creates it; the same Enter then reaches the
        default button, which must not sign in whoever is selected in the list."""
        self._enter_creates = True
        QTimer.singleShot(0, self._enter_done)
        self.create_profile()

    def _enter_done(self) -> None:
        self._enter_creates = False

    def _instructor(self) -> None:
        self.instructor_requested = True
        self.reject()

    # -- signing in

    def accept(self) -> None:
        if self._enter_creates:
            return
        trainee_id = self._selected()
        if trainee_id is None:
            self.error.setText(_("Pick a name, or create a new trainee."))
            return
        try:
            signed_in = self._check(trainee_id)
        except StorageError as error:
            self.error.setText(_("The database could not be read ({reason}).", reason=error))
            return
        if signed_in:
            self.trainee_id = trainee_id
            super().accept()

    def _check(self, trainee_id: int) -> bool:
        altered = self.db.trainee_account_problem(trainee_id)
        if altered is not None:  # a PIN cleared or swapped outside the trainer
            self.error.setText(altered)
            return False
        mode = self.secret_mode
        if mode == "none":
            return True
        secret = self.pin_edit.text()
        if mode == "choose":
            problem = new_secret_problem(secret, self.repeat_edit.text())
            if problem is not None:
                self.error.setText(problem)
                self.pin_edit.setFocus()
                return False
            self.db.set_trainee_pin(trainee_id, secret)
            self.with_pin.add(trainee_id)
            return True
        if not secret:
            self.error.setText(_("Type your PIN or password."))
            self.pin_edit.setFocus()
            return False
        attempt = self.db.check_trainee_pin(trainee_id, secret, at=self.clock())
        if attempt.accepted:
            return True
        self.error.setText(refusal_text(attempt, _(WRONG_PIN)))
        self.pin_edit.clear()
        self.pin_edit.setFocus()
        return False
