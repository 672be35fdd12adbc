"""The answer panel: one question at a time, keyboard first.

Type the answer and press Enter (amounts as ``15``, ``$15.00`` or ``7.5``;
``p`` for push, ``t`` for take; ``y``/``n``; a seat number; a hand name). The
buttons under the field type the common answers for the mouse. Invalid input
gets an inline message and is not graded. This widget never decides what is
right: it hands the text to the training session and shows its grade.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontInfo, QResizeEvent
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.evaluator import Category
from trainer.i18n import N_, _
from trainer.training.answer_words import SPANISH_CATEGORIES, answer_words
from trainer.training.answers import MAX_ANSWER_LENGTH
from trainer.training.chip_grading import chips_text
from trainer.training.grading import Grade
from trainer.training.questions import Question, QuestionKind, answer_shown
from trainer.ui.text_scale import scale_window_text

QUICK_ANSWERS: dict[QuestionKind, tuple[tuple[str, str], ...]] = {
    QuestionKind.QUALIFIES: ((N_("Yes (Y)"), "yes"), (N_("No (N)"), "no")),
    QuestionKind.SEAT_RESULT: ((N_("Win"), "win"), (N_("Lose"), "lose"), (N_("Tie"), "tie")),
    QuestionKind.PAYOUT: ((N_("Push (P)"), "push"), (N_("Take (T)"), "take")),
}
"""Each kind's buttons: the label (translated when shown) and the neutral name of the
answer, which the button types as the trainee's language's key (answer_words)."""

HINTS: dict[QuestionKind, str] = {
    QuestionKind.DEALER_HAND: N_(
        "Click the five cards that play on the table (or the two that do not), "
        "type the hand (e.g. 'two pair', 'flush') and press Enter; or type the hand "
        "with the cards (e.g. 'ace high 2c 7c', the two that do not play)."
    ),
    QuestionKind.QUALIFIES: N_("Y or N, then Enter. The dealer needs a pair or better."),
    QuestionKind.NEXT_SEAT: N_("Type the seat number (or click the seat), then Enter."),
    QuestionKind.SEAT_HAND: N_("Type the player's best hand, e.g. 'straight', then Enter."),
    QuestionKind.SEAT_RESULT: N_("W (win), L (lose) or T (tie), then Enter."),
    QuestionKind.PAYOUT: N_("Type the amount to pay, P for push or T for take, then Enter."),
    QuestionKind.CAPPED_TOTAL: N_(
        "Type the total paid on the main and bonus wagers, then Enter."),
}
"""Each kind's hint, in English (marked for the catalogue; translated when shown)."""


def hand_completions() -> list[str]:
    """The hand names the field completes: the trainee's language's, then English."""
    names = [category.value for category in Category]
    if answer_words() is not answer_words("en"):
        names = [words[0] for words in SPANISH_CATEGORIES.values()] + names
    return names


TEXT_HEIGHT_SHARE = 60
"""The panel's text is 1/60 of its window's height (16 px at 1080p, 35 px on a 4K
screen), and so are its window's menus, status bar and dialogs
(:mod:`trainer.ui.text_scale`)..."""
MAX_TEXT_PX = 44
MIN_WIDTH_EMS = 22
"""...and the panel is at least 22 of those wide, so it grows with the screen too."""
PROMPT_SCALE = 1.35
FIELD_SCALE = 1.4


class AnswerPanel(QWidget):
    """Shows the current question, takes the typed answer, lists the grades.

    Its text scales with its window's height (:data:`TEXT_HEIGHT_SHARE`), never
    below the desktop's own size: on a 4K screen the thing the trainee reads and
    types into is no longer the smallest thing on it. The window's menus, status
    bar and the dialogs opened from it take the same size.
    """

    submitted = Signal(str)
    """The trainee pressed Enter (or a quick-answer button) with this text."""
    nextHandRequested = Signal()
    roundChosen = Signal(int)
    """A history line naming its round was chosen (clicked, or Enter on it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(340)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        base = QFontInfo(self.font()).pixelSize()
        self._base_px = base
        self._text_px = base
        layout = QVBoxLayout(self)

        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        self.prompt = QLabel(_("Press Next hand to deal."))
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)

        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setObjectName("hint")
        layout.addWidget(self.hint)

        self.field = QLineEdit()
        self.field.setObjectName("answer")
        self.field.setPlaceholderText(_("Your answer"))
        # A paste is cut at ten times the longest answer read; longer than that one
        # is refused with a one-line message (trainer.training.answers.check_length).
        self.field.setMaxLength(10 * MAX_ANSWER_LENGTH)
        self.field.returnPressed.connect(self._submit)
        completer = QCompleter(hand_completions(), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._category_completer = completer
        layout.addWidget(self.field)

        self.picked = QLabel()
        self.picked.setObjectName("picked")
        self.picked.setWordWrap(True)
        layout.addWidget(self.picked)

        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        # Red through the style sheet, bold through the font (_apply_text_size): a
        # font property in a style sheet pins the label at the desktop's size, 12 px
        # under a 35 px question at 4K (issue 19, item 17).
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)

        self.quick_row = QHBoxLayout()
        layout.addLayout(self.quick_row)

        self.feedback = QLabel()
        self.feedback.setObjectName("feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.feedback)

        self.history = QListWidget()
        self.history.setObjectName("history")
        self.history.setWordWrap(True)
        self.history.itemActivated.connect(self._history_chosen)
        self.history.itemClicked.connect(self._history_chosen)
        layout.addWidget(self.history, stretch=1)

        self.next_button = QPushButton(_("Next hand  (Ctrl+N)"))
        self.next_button.setObjectName("next")
        self.next_button.clicked.connect(self.nextHandRequested)
        layout.addWidget(self.next_button)
        self._apply_text_size(base)

    # --- size ------------------------------------------------------------------

    @property
    def text_px(self) -> int:
        """The pixel size of the panel's ordinary text now."""
        return self._text_px

    def _apply_text_size(self, px: int) -> None:
        self._text_px = px
        font = QFont(self.font())
        font.setPixelSize(px)
        self.setFont(font)
        prompt = QFont(font)
        prompt.setPixelSize(round(px * PROMPT_SCALE))
        prompt.setBold(True)
        self.prompt.setFont(prompt)
        field = QFont(font)
        field.setPixelSize(round(px * FIELD_SCALE))
        self.field.setFont(field)
        error = QFont(font)
        error.setBold(True)
        self.error.setFont(error)
        self.feedback.setFont(font)  # its colour style sheet would pin the desktop's size
        self.setMinimumWidth(max(340, px * MIN_WIDTH_EMS))
        window = self.window()
        if window is not self:
            # The menus, status bar and dialogs of the panel's window read at its size.
            scale_window_text(window, px)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The window's height, not the panel's: the panel's text sizes the window's
        # menus and status bar too, which take height from the panel; measured on the
        # panel, the size could swing between two values at every layout.
        window = self.window()
        height = window.height() if window is not self else event.size().height()
        px = min(MAX_TEXT_PX, max(self._base_px, height // TEXT_HEIGHT_SHARE))
        if px != self._text_px:
            self._apply_text_size(px)

    # --- questions -------------------------------------------------------------

    def show_question(self, question: Question, position: str) -> None:
        self.prompt.setText(question.prompt)
        self.status.setText(position)
        self.hint.setText(_(HINTS[question.kind]) if question.kind in HINTS else "")
        self.error.clear()
        self.picked.clear()
        self.field.clear()
        self.field.setEnabled(True)
        hands = question.kind in (QuestionKind.SEAT_HAND, QuestionKind.DEALER_HAND)
        # Qt takes None to remove the completer; the stub declares only QCompleter.
        self.field.setCompleter(self._category_completer if hands else None)  # type: ignore[arg-type]
        self._set_quick_answers(QUICK_ANSWERS.get(question.kind, ()))
        self.next_button.setDefault(False)
        self.field.setFocus()

    def show_line_part(self, prompt: str, kind: QuestionKind) -> None:
        """A part of a whole seat's line (chip mode) is being answered: its prompt, and
        the quick answers of its kind (Push and Take for a payout)."""
        self.prompt.setText(prompt)
        self._set_quick_answers(QUICK_ANSWERS.get(kind, ()))

    def take_focus(self) -> None:
        """Keyboard focus where the trainee types next: the field, or Next when the
        round is over."""
        if self.field.isEnabled():
            self.field.setFocus()
        else:
            self.next_button.setFocus()

    def show_picked(self, labels: list[str]) -> None:
        """The dealer's and board cards picked on the table, under the field."""
        self.picked.setText(
            _("Picked on the table: {cards} ({count})", cards=" ".join(labels),
              count=len(labels)) if labels else "")

    def show_round_over(self, summary: str) -> None:
        self.prompt.setText(_("Round complete"))
        self.hint.setText(summary)
        self.error.clear()
        self.field.clear()
        self.field.setEnabled(False)
        self._set_quick_answers(())
        self.next_button.setDefault(True)
        self.next_button.setFocus()

    def show_error(self, message: str) -> None:
        """Invalid input: say what is wrong; nothing was graded."""
        self.error.setText(message)
        self.field.selectAll()
        self.field.setFocus()

    def show_feedback(self, grade: Grade) -> None:
        if grade.correct and grade.explanation:  # chip mode: right amount, wrong chips
            self.feedback.setStyleSheet("color: #a15c00;")
            reason = grade.explanation
            self.feedback.setText(f"\u25d1 {reason[:1].upper()}{reason[1:]}")
        elif grade.correct:
            self.feedback.setStyleSheet("color: #1b5e20;")
            self.feedback.setText(_("\u2714 Correct: {answer}", answer=_expected_shown(grade)))
        else:
            self.feedback.setStyleSheet("color: #b00020;")
            self.feedback.setText(f"\u2718 {grade.explanation}")

    def clear_feedback(self) -> None:
        self.feedback.clear()

    def add_history(self, grade: Grade, reveal: bool, round_number: int | None = None) -> None:
        """Log an answered question; ``reveal`` shows whether it was right. With a
        ``round_number`` the line names its round and choosing it emits ``roundChosen``."""
        question = grade.question.prompt
        if round_number is not None:
            question = _("Round {number}: {question}", number=round_number, question=question)
        given = _given_shown(grade)
        if not reveal:
            item = QListWidgetItem(f"\u2022 {question}  \u2192  {given}")
        elif grade.correct and grade.explanation:  # chip mode: right amount, wrong chips
            item = QListWidgetItem(f"\u25d1 {question}  \u2192  {given}\n"
                                   f"    {grade.explanation}")
            item.setForeground(Qt.GlobalColor.darkYellow)
        elif grade.correct:
            item = QListWidgetItem(f"\u2714 {question}  \u2192  {given}")
            item.setForeground(Qt.GlobalColor.darkGreen)
        else:
            item = QListWidgetItem(
                f"\u2718 {question}  \u2192  {given}\n    {grade.explanation}"
            )
            item.setForeground(Qt.GlobalColor.red)
        if round_number is not None:
            item.setData(Qt.ItemDataRole.UserRole, round_number)
        self.history.addItem(item)
        self.history.scrollToBottom()

    def clear_history(self) -> None:
        self.history.clear()

    def _history_chosen(self, item: QListWidgetItem) -> None:
        number = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(number, int):
            self.roundChosen.emit(number)

    # --- internals -------------------------------------------------------------

    def _submit(self) -> None:
        if self.field.isEnabled():
            self.submitted.emit(self.field.text())

    def _set_quick_answers(self, answers: tuple[tuple[str, str], ...]) -> None:
        while self.quick_row.count():
            item = self.quick_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        keys = answer_words().keys
        for label, name in answers:
            text = keys.get(name, name)
            button = QPushButton(_(label))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _checked=False, value=text: self.submitted.emit(value))
            self.quick_row.addWidget(button)


def _expected_shown(grade: Grade) -> str:
    """The expected answer as the trainee reads it (the trainer's language)."""
    return answer_shown(grade.question.kind, grade.question.expected)


def _given_shown(grade: Grade) -> str:
    """The answer given as the trainee reads it: a stack of chips as counts and values
    (``2x$5``, the same in every language), a push or a take in the trainer's language
    (the grade's ``given_text`` is the neutral form the record keeps)."""
    if grade.chips is not None and grade.chips.paid:
        return grade.given_text
    if grade.chips is not None and grade.given_text == chips_text(()):
        return _("no chips")
    return answer_shown(grade.question.kind, grade.given)
