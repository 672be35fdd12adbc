"""The ruling panel: an irregularity, its choices, the trainee's pick and the verdict.

Keyboard first like the answer panel: type the number of the ruling and press
Enter (or click a choice). Whether the pick is right is the lesson's to say
(:meth:`~trainer.training.lessons.Ruling.is_correct`); this widget only shows it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import _
from trainer.training.lessons import Ruling

RIGHT = "#1b5e20"
WRONG = "#b00020"


def _markdown_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.MarkdownText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class RulingPanel(QWidget):
    """Asks one ruling at a time."""

    answered = Signal(int)
    """The trainee picked this choice (0 is the first)."""
    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(340)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.ruling: Ruling | None = None
        self.choice: int | None = None
        layout = QVBoxLayout(self)

        self.status = QLabel()
        self.status.setObjectName("status")
        layout.addWidget(self.status)
        self.prompt = QLabel(_("What is the ruling?"))
        font = QFont(self.prompt.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.prompt.setFont(font)
        layout.addWidget(self.prompt)

        self.situation = _markdown_label("situation")
        layout.addWidget(self.situation)
        reading = QFont(self.font())
        reading.setPointSizeF(reading.pointSizeF() * 1.2)
        for widget in (self.situation,):
            widget.setFont(reading)

        self.choices = QListWidget()
        self.choices.setObjectName("choices")
        self.choices.setWordWrap(True)
        # a long choice (Spanish runs a third longer) wraps whole, never cut to "..."
        self.choices.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.choices.setSpacing(6)
        self.choices.setFont(reading)
        self.choices.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.choices.itemClicked.connect(self._clicked)
        layout.addWidget(self.choices, stretch=1)

        self.hint = QLabel(_("Type the number of the ruling and press Enter (or click it)."))
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        self.field = QLineEdit()
        self.field.setObjectName("ruling-answer")
        self.field.setPlaceholderText("1, 2, 3\u2026")
        self.field.returnPressed.connect(self._submit)
        layout.addWidget(self.field)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet(f"color: {WRONG}; font-weight: bold;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)

        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        verdict_font = QFont(self.verdict.font())
        verdict_font.setBold(True)
        self.verdict.setFont(verdict_font)
        layout.addWidget(self.verdict)
        self.explanation = _markdown_label("explanation")
        self.explanation.setFont(reading)
        layout.addWidget(self.explanation)

        self.next_button = QPushButton(_("Next  (Enter)"))
        self.next_button.setObjectName("next")
        self.next_button.clicked.connect(self.nextRequested)
        layout.addWidget(self.next_button)

    def show_ruling(self, ruling: Ruling, position: str) -> None:
        """Put a ruling up, unanswered."""
        self.ruling = ruling
        self.choice = None
        self.status.setText(position)
        rule_set = _("Rule set: {rules}", rules=ruling.rules) if ruling.rules else ""
        rules = f"\n\n*{rule_set}*" if rule_set else ""
        self.situation.setText(ruling.situation.strip() + rules)
        self.choices.clear()
        for number, text in enumerate(ruling.choices, start=1):
            self.choices.addItem(QListWidgetItem(f"{number}.  {text}"))
        self.verdict.clear()
        self.explanation.clear()
        self.error.clear()
        self.field.clear()
        self.field.setEnabled(True)
        self.next_button.setEnabled(False)
        self.next_button.setDefault(False)
        self.field.setFocus()

    def show_verdict(self, choice: int) -> None:
        """Mark the pick right or wrong and explain the ruling."""
        ruling = self.ruling
        if ruling is None:
            return
        right = ruling.is_correct(choice)
        for index in range(self.choices.count()):
            item = self.choices.item(index)
            if ruling.is_correct(index):
                item.setForeground(Qt.GlobalColor.darkGreen)
                item.setText(f"\u2714 {item.text()}")
            elif index == choice:
                item.setForeground(Qt.GlobalColor.red)
                item.setText(f"\u2718 {item.text()}")
        self.verdict.setStyleSheet(f"color: {RIGHT if right else WRONG};")
        self.verdict.setText(_("\u2714 Correct.") if right else _(
            "\u2718 Not so. The ruling is {number}: {choice}", number=ruling.answer + 1,
            choice=ruling.correct_choice))
        why = (ruling.explanation or "").strip()
        self.explanation.setText(f"{why}\n\n*{ruling.citation}*" if why
                                 else f"*{ruling.citation}*")
        self.field.setEnabled(False)
        self.next_button.setEnabled(True)
        self.next_button.setDefault(True)
        self.next_button.setFocus()

    def _clicked(self, item: QListWidgetItem) -> None:
        if self.field.isEnabled():
            self.answered.emit(self.choices.row(item))

    def _submit(self) -> None:
        ruling = self.ruling
        if ruling is None or not self.field.isEnabled():
            return
        text = self.field.text().strip()
        count = len(ruling.choices)
        if not text.isdigit() or not 1 <= int(text) <= count:
            self.error.setText(_(
                "{typed} is not one of the rulings: type a number from 1 to {count}.",
                typed=repr(text), count=count) if text
                else _("Type a number from 1 to {count}.", count=count))
            self.field.selectAll()
            return
        self.error.clear()
        self.answered.emit(int(text) - 1)
