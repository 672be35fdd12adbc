"""First run on a station: welcome, set up the instructor if none, create the first trainee.

Shown instead of "Who is training?" (:class:`trainer.ui.profile_dialog.ProfileDialog`)
while the station's database holds no trainee. When no instructor exists
either (and the site file named none), it asks for the instructor's set-up
first, through the same dialog the instructor area uses
(:class:`trainer.ui.progress.sign_in.InstructorSignInDialog`); the instructor
may also skip the trainee and go straight to the instructor area.

When the training room's site file is there but cannot be used, no
instructor set-up is offered at all (``refusal`` says that IT must fix the
file, naming it): the file may name the room's instructor, who is created
at the first start after it is mended. The first trainee may choose a PIN
(or must, under the room's ``required`` policy).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.site_config import DEFAULT_PIN_POLICY, PinPolicy
from trainer.storage.interfaces import AccountStore, TraineeDirectory
from trainer.storage.models import StorageError
from trainer.ui.profile_dialog import SECRET_RULE, new_secret_problem, secret_field


def is_first_run(db: TraineeDirectory) -> bool:
    """No trainee yet on this station."""
    return not db.list_trainees()


class WelcomeDialog(QDialog):
    """``trainee_id`` (the trainee created) or ``instructor_requested`` after it closes."""

    def __init__(
        self,
        db: AccountStore,
        parent: QWidget | None = None,
        *,
        site_note: str | None = None,
        policy: PinPolicy = DEFAULT_PIN_POLICY,
        refusal: str | None = None,
    ) -> None:
        super().__init__(parent)
        from trainer.ui.progress.sign_in import InstructorSignInDialog

        self.setWindowTitle("Welcome")
        self.db = db
        self.policy = policy
        self.refusal = refusal
        """Why no instructor may be set up here (a broken site file); None: one may."""
        self.trainee_id: int | None = None
        self.instructor_requested = False
        self.instructor_dialog: InstructorSignInDialog | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<h2>Welcome to the Heads Up Hold'em Dealer Trainer</h2>"
            "You will deal practice rounds, settle every wager and get feedback on each"
            " answer. Your answers are saved as you give them."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        if site_note:
            note = QLabel(site_note)
            note.setObjectName("site_note")
            note.setWordWrap(True)
            layout.addWidget(note)

        self.instructor_box = QGroupBox("1. The instructor")
        box = QVBoxLayout(self.instructor_box)
        self.instructor_status = QLabel()
        self.instructor_status.setObjectName("instructor_status")
        self.instructor_status.setWordWrap(True)
        box.addWidget(self.instructor_status)
        self.instructor_button = QPushButton("Set up the instructor\u2026")
        self.instructor_button.setObjectName("set_up_instructor")
        self.instructor_button.clicked.connect(self.set_up_instructor)
        self.instructor_button.setAutoDefault(False)  # Enter in "Your name" creates the trainee
        box.addWidget(self.instructor_button)
        layout.addWidget(self.instructor_box)

        trainee_box = QGroupBox("2. The first trainee")
        form = QVBoxLayout(trainee_box)
        form.addWidget(QLabel("Type your name to create your profile and start training."))
        row = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("trainee_name")
        self.name_edit.setPlaceholderText("Your name")
        # Enter: the default button, "Create and start training" (one creation)
        row.addWidget(self.name_edit)
        form.addLayout(row)
        required = policy is PinPolicy.REQUIRED
        self.pin_edit = secret_field(
            "trainee_pin", "PIN or password" + ("" if required else " (optional)"))
        self.pin_edit.setToolTip(f"Keeps others from training under your name: {SECRET_RULE}")
        self.repeat_edit = secret_field("trainee_pin_repeat", "Repeat it")
        for edit in (self.pin_edit, self.repeat_edit):  # Enter: the default button, Create
            edit.setVisible(policy is not PinPolicy.OFF)
        self.pin_label = QLabel(
            ("A &PIN or password" if required else "A &PIN or password, if you want one")
            + f" ({SECRET_RULE}), typed twice:")
        self.pin_label.setBuddy(self.pin_edit)
        self.pin_label.setVisible(policy is not PinPolicy.OFF)
        form.addWidget(self.pin_label)  # still named once the fields are filled in
        pin_row = QHBoxLayout()
        pin_row.addWidget(self.pin_edit)
        pin_row.addWidget(self.repeat_edit)
        form.addLayout(pin_row)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setWordWrap(True)
        form.addWidget(self.error)
        self.four_colour_box = QCheckBox(
            "Four-colour deck: spades black, hearts red, diamonds blue, clubs green"
            " (the suits are easier to tell apart; Settings can change it later)")
        self.four_colour_box.setObjectName("four_colour")
        form.addWidget(self.four_colour_box)
        layout.addWidget(trainee_box)

        buttons = QDialogButtonBox()
        self.start_button = buttons.addButton(
            "Create and start training", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.start_button.setObjectName("start")
        self.start_button.setDefault(True)
        self.instructor_area_button = buttons.addButton(
            "Instructor area only\u2026", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.instructor_area_button.clicked.connect(self._instructor_area)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.create_trainee)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.instructor_area_button.setAutoDefault(False)
        self._update_instructor()
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self.name_edit.setFocus()  # a trainee types their name first (issue 12)

    @property
    def four_colour(self) -> bool:
        """The trainee chose the four-colour deck."""
        return self.four_colour_box.isChecked()

    @property
    def needs_instructor(self) -> bool:
        return not self.db.list_instructors()

    def _update_instructor(self) -> None:
        names = self.db.list_instructors()
        if names:
            self.instructor_status.setText(
                f"Instructor: {', '.join(names)}. Trainees' records are behind the"
                " instructor's password."
            )
            self.instructor_button.hide()
        elif self.refusal is not None:
            self.instructor_status.setText(self.refusal)
            self.instructor_button.hide()
            self.instructor_area_button.hide()
        else:
            self.instructor_status.setText(
                "No instructor is set up on this station yet. The instructor should do"
                " this first: the instructor's password protects every trainee's records"
                " and sets up exams."
            )
            self.instructor_button.show()
        self.instructor_box.setVisible(True)

    @property
    def offers_instructor_setup(self) -> bool:
        """The "Set up the instructor" button is there (no instructor, a usable site file)."""
        return self.needs_instructor and self.refusal is None

    def set_up_instructor(self) -> None:
        """Open the instructor set-up (window-modal, not nested)."""
        from trainer.ui.progress.sign_in import InstructorSignInDialog

        dialog = InstructorSignInDialog(self.db, self, refusal=self.refusal)
        dialog.accepted.connect(self._update_instructor)
        dialog.finished.connect(dialog.deleteLater)
        self.instructor_dialog = dialog
        dialog.open()

    def create_trainee(self) -> None:
        name = self.name_edit.text().strip()
        if not name:
            self.error.setText("Type your name first.")
            self.name_edit.setFocus()
            return
        secret = self.pin_edit.text() if self.policy is not PinPolicy.OFF else ""
        if secret or self.policy is PinPolicy.REQUIRED:
            problem = new_secret_problem(secret, self.repeat_edit.text())
            if problem is not None:
                if not secret:
                    problem = f"The training room requires a PIN: choose {SECRET_RULE}."
                self.error.setText(problem)
                self.pin_edit.setFocus()
                return
        try:
            trainee_id = self.db.create_trainee(name)
            if secret:
                self.db.set_trainee_pin(trainee_id, secret)
        except StorageError as error:
            self.error.setText(str(error))
            return
        self.trainee_id = trainee_id
        self.error.clear()
        self.accept()

    def _instructor_area(self) -> None:
        self.instructor_requested = True
        self.reject()
