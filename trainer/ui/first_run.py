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
    QComboBox,
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

from trainer.i18n import (
    LANGUAGE_NAMES,
    PSEUDO,
    LanguageError,
    _,
    available_languages,
    current_language,
    ngettext,
    set_language,
)
from trainer.site_config import DEFAULT_PIN_POLICY, PinPolicy
from trainer.storage.interfaces import AccountStore, TraineeDirectory
from trainer.storage.models import StorageError
from trainer.ui.profile_dialog import (
    new_secret_problem,
    optional_secret_placeholder,
    secret_field,
    secret_rule,
)


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

        self.db = db
        self.policy = policy
        self.refusal = refusal
        """Why no instructor may be set up here (a broken site file); None: one may."""
        self.trainee_id: int | None = None
        self.instructor_requested = False
        self.instructor_dialog: InstructorSignInDialog | None = None
        layout = QVBoxLayout(self)
        # The trainee's language first (issue 24): the welcome itself changes to it at
        # once, and so does every window after it; kept in the trainee's Settings.
        language_row = QHBoxLayout()
        self.language_label = QLabel()
        self.language_box = QComboBox()
        self.language_box.setObjectName("language")
        self.language_label.setBuddy(self.language_box)
        for code in available_languages():
            self.language_box.addItem(LANGUAGE_NAMES.get(code, code), code)
        shown = current_language()
        if self.language_box.findData(shown) < 0:  # the pseudo-language (tests)
            self.language_box.addItem(shown, shown)
        self.language_box.setCurrentIndex(self.language_box.findData(shown))
        self._language_at_start = shown
        self.language_box.currentIndexChanged.connect(self._language_chosen)
        language_row.addWidget(self.language_label)
        language_row.addWidget(self.language_box)
        language_row.addStretch(1)
        layout.addLayout(language_row)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        if site_note:
            note = QLabel(site_note)
            note.setObjectName("site_note")
            note.setWordWrap(True)
            layout.addWidget(note)

        self.instructor_box = QGroupBox()
        box = QVBoxLayout(self.instructor_box)
        self.instructor_status = QLabel()
        self.instructor_status.setObjectName("instructor_status")
        self.instructor_status.setWordWrap(True)
        box.addWidget(self.instructor_status)
        self.instructor_button = QPushButton()
        self.instructor_button.setObjectName("set_up_instructor")
        self.instructor_button.clicked.connect(self.set_up_instructor)
        self.instructor_button.setAutoDefault(False)  # Enter in "Your name" creates the trainee
        box.addWidget(self.instructor_button)
        layout.addWidget(self.instructor_box)

        self.trainee_box = QGroupBox()
        form = QVBoxLayout(self.trainee_box)
        self.trainee_note = QLabel()
        form.addWidget(self.trainee_note)
        row = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("trainee_name")
        # Enter: the default button, "Create and start training" (one creation)
        row.addWidget(self.name_edit)
        form.addLayout(row)
        required = policy is PinPolicy.REQUIRED
        self.pin_edit = secret_field("trainee_pin")
        self.repeat_edit = secret_field("trainee_pin_repeat")
        for edit in (self.pin_edit, self.repeat_edit):  # Enter: the default button, Create
            edit.setVisible(policy is not PinPolicy.OFF)
        self.pin_label = QLabel()
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
        self.four_colour_box = QCheckBox()
        self.four_colour_box.setObjectName("four_colour")
        form.addWidget(self.four_colour_box)
        # What it means, wrapped under it: a check box's own text never wraps, and the
        # sentence (a third longer in Spanish) was cut off on a laptop's screen.
        self.four_colour_note = QLabel()
        self.four_colour_note.setObjectName("four_colour_note")
        self.four_colour_note.setWordWrap(True)
        self.four_colour_note.setBuddy(self.four_colour_box)
        self.four_colour_note.setContentsMargins(
            self.style().pixelMetric(self.style().PixelMetric.PM_IndicatorWidth) + 6, 0, 0, 0)
        form.addWidget(self.four_colour_note)
        layout.addWidget(self.trainee_box)

        buttons = QDialogButtonBox()
        self.start_button = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setObjectName("start")
        self.start_button.setDefault(True)
        self.instructor_area_button = buttons.addButton(
            "", QDialogButtonBox.ButtonRole.ActionRole)
        self.instructor_area_button.clicked.connect(self._instructor_area)
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.create_trainee)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.instructor_area_button.setAutoDefault(False)
        self._required = required
        self._retranslate()
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self.name_edit.setFocus()  # a trainee types their name first (issue 12)

    def _retranslate(self) -> None:
        """Every text of the welcome in the language in use (again when it is chosen)."""
        self.setWindowTitle(_("Welcome"))
        self.language_label.setText(_("&Language:"))
        self.intro.setText(
            "<h2>" + _("Welcome to the Heads Up Hold'em Dealer Trainer") + "</h2>"
            + _("You will deal practice rounds, settle every wager and get feedback on each"
                " answer. Your answers are saved as you give them."))
        self.instructor_box.setTitle(_("1. The instructor"))
        self.instructor_button.setText(_("Set up the instructor\u2026"))
        self.trainee_box.setTitle(_("2. The first trainee"))
        self.trainee_note.setText(_("Type your name to create your profile and start"
                                    " training."))
        self.name_edit.setPlaceholderText(_("Your name"))
        self.pin_edit.setPlaceholderText(optional_secret_placeholder(self._required))
        self.pin_edit.setToolTip(_("Keeps others from training under your name: {rule}",
                                   rule=secret_rule()))
        self.repeat_edit.setPlaceholderText(_("Repeat it"))
        self.pin_label.setText(
            _("A &PIN or password ({rule}), typed twice:", rule=secret_rule())
            if self._required else
            _("A &PIN or password, if you want one ({rule}), typed twice:", rule=secret_rule()))
        self.four_colour_box.setText(_("&Four-colour deck"))
        self.four_colour_note.setText(
            _("Spades black, hearts red, diamonds blue, clubs green: the suits are easier to"
              " tell apart. Settings can change it later."))
        self.start_button.setText(_("Create and start training"))
        self.instructor_area_button.setText(_("Instructor area only\u2026"))
        self.cancel_button.setText(_("Cancel"))
        self.error.clear()
        self._update_instructor()

    def _language_chosen(self) -> None:
        """A language chosen here is in force at once, for this window and every later one."""
        code = self.language_box.currentData()
        try:
            set_language(code)
        except LanguageError as error:  # a catalogue broken since the list was made
            self.error.setText(str(error))
            return
        from trainer.ui.qt_language import follow_language

        follow_language(code)
        self._retranslate()

    @property
    def language(self) -> str | None:
        """The language the trainee chose here, to keep in their Settings; None when they
        left the one in force (the room's, or the station's)."""
        code = self.language_box.currentData()
        return None if code in (self._language_at_start, PSEUDO) else str(code)

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
            self.instructor_status.setText(ngettext(
                "Instructor: {names}. Trainees' records are behind the instructor's"
                " password.",
                "Instructors: {names}. Trainees' records are behind the instructors'"
                " passwords.", len(names), names=", ".join(names)))
            self.instructor_button.hide()
        elif self.refusal is not None:
            self.instructor_status.setText(self.refusal)
            self.instructor_button.hide()
            self.instructor_area_button.hide()
        else:
            self.instructor_status.setText(_(
                "No instructor is set up on this station yet. The instructor should do"
                " this first: the instructor's password protects every trainee's records"
                " and sets up exams."))
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
            self.error.setText(_("Type your name first."))
            self.name_edit.setFocus()
            return
        secret = self.pin_edit.text() if self.policy is not PinPolicy.OFF else ""
        if secret or self.policy is PinPolicy.REQUIRED:
            problem = new_secret_problem(secret, self.repeat_edit.text())
            if problem is not None:
                if not secret:
                    problem = _("The training room requires a PIN: choose {rule}.",
                                rule=secret_rule())
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
