"""The status bar's word on answers waiting for a database another program keeps locked.

The line of waiting writes is the storage layer's (:mod:`trainer.storage.waiting`); this
only looks at it once a second, says how many wait, and retries them (each retry waits
for the lock no longer than :data:`~trainer.storage.waiting.RETRY_WAIT`, so the window
never stalls). When the line empties it says so for a few seconds.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QStatusBar

from trainer.i18n import _, ngettext
from trainer.storage.interfaces import WaitingQueue
from trainer.storage.models import StorageError

RETRY_EVERY_MS = 1000
WRITTEN_SHOWN_MS = 8000


def counted_writes(kind: str, count: int) -> str:
    """``1 answer``, ``3 rounds`` in the language in use (the line's kinds are codes)."""
    if kind == "answer":
        return ngettext("{count} answer", "{count} answers", count)
    if kind == "round":
        return ngettext("{count} round", "{count} rounds", count)
    if kind == "session start":
        return ngettext("{count} session start", "{count} session starts", count)
    if kind == "session end":
        return ngettext("{count} session end", "{count} session ends", count)
    if kind == "exam end":
        return ngettext("{count} exam end", "{count} exam ends", count)
    return ngettext("{count} write", "{count} writes", count)


def waiting_described(kinds: Mapping[str, int]) -> str:
    """``3 answers and 1 round`` (answers first); empty when nothing waits."""
    order = sorted(kinds, key=lambda kind: (kind != "answer", kind != "round", kind))
    parts = [counted_writes(kind, kinds[kind]) for kind in order]
    if len(parts) <= 1:
        return "".join(parts)
    return _("{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1])


def waiting_sentence(db: WaitingQueue) -> str:
    """``The database is busy (locked by another program): 3 answers waiting, retrying.``"""
    return _("The database is busy (locked by another program): {waiting} waiting, retrying."
             " Nothing is lost; keep going.", waiting=waiting_described(db.waiting.kinds()))


class WaitingNotice(QObject):
    """Retries the database's waiting writes and says so in ``status_bar``."""

    def __init__(self, db: WaitingQueue, status_bar: QStatusBar, parent: QObject) -> None:
        super().__init__(parent)
        self.db = db
        self._status_bar = status_bar
        self.label = QLabel()
        self.label.setObjectName("waiting_writes")
        self.label.setStyleSheet("QLabel { color: #8a4b00; font-weight: bold; }")
        self.label.hide()
        status_bar.insertPermanentWidget(0, self.label, 1)  # status tips never hide it
        self.timer = QTimer(self)
        self.timer.setInterval(RETRY_EVERY_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.problem: str | None = None
        """A failure other than the lock while retrying (the writes still wait)."""

    def tick(self) -> None:
        """Retry what waits, then say what is left (nothing when nothing waits)."""
        waiting = self.db.waiting
        if not waiting:
            return
        if self.problem is None:
            try:
                waiting.retry()
            except StorageError as error:  # not the lock: said, and the writes kept
                self.problem = str(error)
        self.show_state()

    def show_state(self) -> None:
        waiting = self.db.waiting
        if waiting:
            text = waiting_sentence(self.db)
            if self.problem is not None:
                text = _("{waiting} could not be written ({reason}); they are kept and"
                         " written to a side file when the trainer closes.",
                         waiting=waiting_described(waiting.kinds()), reason=self.problem)
            self.label.setText(text)
            self.label.setToolTip(text)
            self.label.show()
            return
        if self.label.isVisible():
            self.label.hide()
            self._status_bar.showMessage(ngettext(
                "The database is free again: {count} waiting write written, in order.",
                "The database is free again: {count} waiting writes written, in order.",
                waiting.written_late), WRITTEN_SHOWN_MS)
