"""Idle locks and the pages that cover a window while it is locked.

:class:`IdleWatcher` notices when nobody has touched a window (nor a window
it owns: a dialog, the course) for the site file's ``idle_lock_minutes`` and
says so; the window then covers itself with a :class:`LockPage`, which takes
the person's PIN or password through a check that applies the growing delay
(:mod:`trainer.storage.accounts`): a try made too early is refused with the
seconds left, never by freezing the window. Tests set a short interval with
:meth:`IdleWatcher.set_interval_ms`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import _
from trainer.storage.accounts import SignIn
from trainer.storage.models import StorageError
from trainer.ui.progress.labels import error_label, heading

Clock = Callable[[], datetime]
"""The present moment, for the sign-in delay (tests pass their own)."""

_ACTIVITY = frozenset({
    QEvent.Type.KeyPress,
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseMove,
    QEvent.Type.Wheel,
    QEvent.Type.TouchBegin,
})


def system_clock() -> datetime:
    return datetime.now(UTC)


def wait_text(seconds: float) -> str:
    """The sentence for a try refused because the wait after wrong tries is not over."""
    whole = max(1, math.ceil(seconds))
    return _("Too many wrong tries: wait {seconds} s, then try again.", seconds=whole)


def refusal_text(attempt: SignIn, wrong: str) -> str:
    """What a refused try says: ``wrong`` (e.g. "Wrong PIN"), and the wait, if any; the
    account's own refusal when it was altered outside the trainer."""
    if attempt.refusal is not None:
        return attempt.refusal
    if not attempt.checked:
        return wait_text(attempt.wait_seconds)
    if attempt.wait_seconds > 0:
        whole = max(1, math.ceil(attempt.wait_seconds))
        return _("{refusal}. Wait {seconds} s before the next try.", refusal=wrong,
                 seconds=whole)
    return wrong


def owned_by(widget: QWidget | None, owner: QWidget) -> bool:
    """Whether ``widget`` is ``owner`` or inside it or one of the windows it owns."""
    while widget is not None:
        if widget is owner:
            return True
        widget = widget.parentWidget()
    return False


class IdleWatcher(QObject):
    """Emits ``idle`` after ``minutes`` without a key, click or mouse move in ``owner``'s
    windows; any such input starts the period again."""

    idle = Signal()

    def __init__(self, owner: QWidget, minutes: int) -> None:
        super().__init__(owner)
        self.owner = owner
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(minutes * 60_000)
        self.timer.timeout.connect(self._expired)

    def _expired(self) -> None:
        self.stop()
        self.idle.emit()

    def set_interval_ms(self, milliseconds: int) -> None:
        """Another period (tests: a few milliseconds); restarts a running watch."""
        self.timer.setInterval(milliseconds)
        if self.timer.isActive():
            self.timer.start()

    def start(self) -> None:
        """Watch from now (the application's input is looked at only while watching)."""
        app = QApplication.instance()
        if app is not None and not self.timer.isActive():
            app.installEventFilter(self)
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    @property
    def watching(self) -> bool:
        return self.timer.isActive()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (self.timer.isActive() and event.type() in _ACTIVITY
                and isinstance(watched, QWidget) and owned_by(watched, self.owner)):
            self.timer.start()
        return False

    def detach(self) -> None:
        """Stop watching for good (the owner is closing)."""
        self.stop()


class LockPage(QWidget):
    """A page that covers a locked window: a sentence, a PIN or password field (when the
    person has one) and buttons. ``check`` answers one try; ``unlocked`` follows a right one.
    """

    unlocked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lock_page")
        self.check: Callable[[str], SignIn] | None = None
        self.wrong = _("Wrong PIN")
        outer = QHBoxLayout(self)
        column = QWidget()
        column.setMaximumWidth(self.fontMetrics().averageCharWidth() * 80)
        outer.addStretch(1)
        outer.addWidget(column, 4)
        outer.addStretch(1)
        layout = QVBoxLayout(column)
        layout.addStretch(1)
        self.title = heading(_("Locked"))
        layout.addWidget(self.title)
        self.explanation = QLabel()
        self.explanation.setObjectName("lock_explanation")
        self.explanation.setWordWrap(True)
        layout.addWidget(self.explanation)
        self.secret_edit = QLineEdit()
        self.secret_edit.setObjectName("lock_secret")
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_edit.returnPressed.connect(self.try_unlock)
        layout.addWidget(self.secret_edit)
        self.message = error_label()
        layout.addWidget(self.message)
        self.buttons = QHBoxLayout()
        self.unlock_button = QPushButton(_("Unlock"))
        self.unlock_button.setObjectName("unlock")
        self.unlock_button.setDefault(True)
        self.unlock_button.clicked.connect(self.try_unlock)
        self.buttons.addWidget(self.unlock_button)
        self.buttons.addStretch(1)
        layout.addLayout(self.buttons)
        layout.addStretch(2)

    def add_button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _checked=False: slot())
        self.buttons.addWidget(button)
        return button

    def show_lock(self, title: str, explanation: str,
                  check: Callable[[str], SignIn] | None, *, wrong: str | None = None,
                  unlock_text: str | None = None) -> None:
        """Ask for a secret checked by ``check``; None: the Unlock button alone goes on.
        ``wrong`` (a wrong try) and ``unlock_text`` default to "Wrong PIN" and "Unlock"."""
        self.title.setText(title)
        self.explanation.setText(explanation)
        self.check = check
        self.wrong = _("Wrong PIN") if wrong is None else wrong
        self.message.clear()
        self.secret_edit.clear()
        self.secret_edit.setVisible(check is not None)
        self.unlock_button.setText(_("Unlock") if unlock_text is None else unlock_text)
        self.unlock_button.setVisible(True)
        if check is not None:
            self.secret_edit.setFocus()

    def try_unlock(self) -> None:
        if self.check is None:
            self.unlocked.emit()
            return
        try:
            attempt = self.check(self.secret_edit.text())
        except StorageError as error:
            self.message.setText(_("The database could not be read ({reason}).", reason=error))
            return
        self.secret_edit.clear()
        if attempt.accepted:
            self.message.clear()
            self.unlocked.emit()
            return
        self.message.setText(refusal_text(attempt, self.wrong))
        self.secret_edit.setFocus()
