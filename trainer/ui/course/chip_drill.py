"""A chip task of the course (cut and size): the stacks to read, the rack to build from
or a box for an amount, and the verdict with the expected stack.

What is shown, what is right and why come from :mod:`trainer.training.chip_drills`
(its answers from :mod:`trainer.engine.chips`): this panel draws and collects only.
Keys, as at the table in chip mode: ``1`` for the smallest rack chip and up, a count
before a chip (``4`` ``3``: four of the third), Space between runs, Backspace takes the
top chip back, Escape brings the whole stack back, Enter pays (and, once answered,
goes on).
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QFontInfo, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.chips import stack_text
from trainer.i18n import N_, _
from trainer.training.answers import AnswerError, parse_amount_answer
from trainer.training.chip_drills import (
    AnswerForm,
    ChipTask,
    ChipTaskResult,
    Shown,
    grade_task,
)
from trainer.ui.chip_stacks import ChipStacksView, DrawnStack
from trainer.ui.table.rack import ChipRack, StackBuilder

CHIP_KEYS_HINT = N_("Keys: 1 = smallest chip \u2026 a count first (4 then 3 = four of the"
                    " third) \u2022 Backspace: top chip back \u2022 Escape: whole stack back"
                    " \u2022 Enter: pay")


class ChipTaskPanel(QWidget):
    """One chip task at a time; ``answered`` (the result, seconds) once graded,
    ``nextRequested`` when the trainee goes on."""

    answered = Signal(object, float)
    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chip_task")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.task: ChipTask | None = None
        self.result: ChipTaskResult | None = None
        self.builder = StackBuilder()
        self._timer = QElapsedTimer()

        layout = QVBoxLayout(self)
        self.label = QLabel()
        self.label.setObjectName("chip_task_label")
        layout.addWidget(self.label)
        self.prompt = QLabel()
        self.prompt.setObjectName("chip_task_prompt")
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)
        self.stacks = ChipStacksView()
        layout.addWidget(self.stacks, stretch=1)

        self.amount = QLineEdit()
        self.amount.setObjectName("chip_task_amount")
        self.amount.setPlaceholderText(_("Type the amount, e.g. 100, and press Enter"))
        self.amount.installEventFilter(self)  # Enter: graded here, never passed on
        layout.addWidget(self.amount)
        self.hint = QLabel()
        self.hint.setObjectName("chip_task_hint")
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        self.feedback = QLabel()
        self.feedback.setObjectName("chip_task_feedback")
        self.feedback.setWordWrap(True)
        layout.addWidget(self.feedback)

        self.rack = ChipRack()
        self.rack.chipClicked.connect(self.add_chip)
        layout.addWidget(self.rack)
        row = QHBoxLayout()
        row.addStretch(1)
        self.pay_button = QPushButton(_("Pay  (Enter)"))
        self.pay_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.pay_button.clicked.connect(self.pay)
        row.addWidget(self.pay_button)
        self.next_button = QPushButton(_("Next  (Enter)"))
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.clicked.connect(self.nextRequested.emit)
        row.addWidget(self.next_button)
        layout.addLayout(row)
        self._scale_fonts()

    def _scale_fonts(self) -> None:
        """The prompt, the amount and the verdict larger than the window's text, which
        grows with the window (ui/text_scale.py): set again whenever it changes."""
        base = self.font()
        px = QFontInfo(base).pixelSize()  # the window's text may be set in pixels
        for widget, scale, bold in ((self.prompt, 1.5, True), (self.amount, 1.5, True),
                                    (self.feedback, 1.2, False)):
            font = QFont(base)
            font.setPixelSize(max(1, round(px * scale)))
            font.setBold(bold)
            widget.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._scale_fonts()

    # --- a task ---------------------------------------------------------------------------

    def show_task(self, task: ChipTask, label: str) -> None:
        self.task = task
        self.result = None
        self.label.setText(label)
        self.prompt.setText(task.prompt)
        self.feedback.clear()
        self.builder = StackBuilder(task.rack.values[::-1])
        self.rack.set_rack(task.rack)
        chips = task.form is AnswerForm.CHIPS
        self.rack.setVisible(chips)
        self.rack.set_active(chips)
        self.pay_button.setVisible(chips)
        self.pay_button.setEnabled(chips)
        self.amount.setVisible(not chips)
        self.amount.setEnabled(not chips)
        self.amount.clear()
        self.next_button.setVisible(False)
        self.hint.setText(_(CHIP_KEYS_HINT) if chips else "")
        self.hint.setVisible(chips)
        self._draw()
        self._timer.start()
        if chips:
            self.setFocus()
        else:
            self.amount.setFocus()

    def _draw(self) -> None:
        task = self.task
        if task is None:
            return
        drawn = [_drawn(shown) for shown in task.shown]
        if task.form is AnswerForm.CHIPS:
            if self.result is None:
                drawn.append(DrawnStack(_("PAYOUT"), tuple(self.builder.chips)))
            else:
                drawn.append(DrawnStack(_("PAID"), tuple(self.builder.chips)))
                if not self.result.correct:
                    drawn.append(DrawnStack(_("EXPECTED"), task.expected_chips))
        self.stacks.set_stacks(drawn, task.rack)
        status = f"{self.builder.count} \u00d7 \u2026" if self.builder.count else ""
        self.rack.set_status(status)

    # --- building -------------------------------------------------------------------------

    def add_chip(self, value: Decimal) -> None:
        if self._building():
            self.builder.add(value)
            self._draw()

    def _building(self) -> bool:
        return (self.task is not None and self.task.form is AnswerForm.CHIPS
                and self.result is None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in the amount box answers (or, once answered, goes on) and is consumed:
        a line edit passes Enter on to its parent, which would take it as "next" too."""
        if (watched is self.amount and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self._submit_amount()
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.result is not None:
                self.nextRequested.emit()
            elif self._building():
                self.pay()
            return
        if not self._building():
            return super().keyPressEvent(event)
        text = event.text()
        if text.isdigit() and text != "0":
            self.builder.key(int(text))
        elif key == Qt.Key.Key_Space:
            self.builder.separate()
        elif key == Qt.Key.Key_Backspace:
            self.builder.take_back()
        elif key == Qt.Key.Key_Escape:
            self.builder.clear()
        else:
            return super().keyPressEvent(event)
        self._draw()
        return None

    # --- answering --------------------------------------------------------------------------

    def pay(self) -> None:
        """Enter with a stack built: graded as it stands."""
        if self._building():
            assert self.task is not None
            self._graded(grade_task(self.task, tuple(self.builder.chips)))

    def _submit_amount(self) -> None:
        task = self.task
        if task is None or task.form is not AnswerForm.AMOUNT:
            return
        if self.result is not None:
            self.nextRequested.emit()
            return
        try:
            amount = parse_amount_answer(self.amount.text())
        except AnswerError as error:
            self.feedback.setStyleSheet("color: #b00020;")
            self.feedback.setText(str(error))
            return
        self._graded(grade_task(task, amount))

    def submit(self, answer: tuple[Decimal, ...] | Decimal) -> None:
        """Answer as if built or typed (tests)."""
        if self.task is not None and self.result is None:
            if isinstance(answer, Decimal):
                self.amount.setText(str(answer))
                self._submit_amount()
            else:
                self.builder.chips[:] = list(answer)
                self.pay()

    def _graded(self, result: ChipTaskResult) -> None:
        assert self.task is not None
        self.result = result
        seconds = self._timer.elapsed() / 1000
        reason = result.reason[:1].upper() + result.reason[1:]
        if result.correct:
            self.feedback.setStyleSheet("color: #1b5e20;")
            self.feedback.setText(f"\u2714 {reason} ({seconds:.1f} s)")
        else:
            self.feedback.setStyleSheet("color: #b00020;")
            expected = (self.task.expected_text if self.task.form is AnswerForm.AMOUNT
                        else stack_text(self.task.expected_chips, self.task.rack))
            self.feedback.setText(_("\u2718 {reason}\nExpected: {expected}.", reason=reason,
                                                   expected=expected))
        self.rack.set_active(False)
        self.hint.setVisible(False)
        self.pay_button.setVisible(False)
        self.amount.setEnabled(False)
        self.next_button.setVisible(True)
        self._draw()
        self.setFocus()
        self.answered.emit(result, seconds)


def _drawn(shown: Shown) -> DrawnStack:
    return DrawnStack(shown.caption, shown.chips, shown.counts)
