"""A view of some trainees' figures that reads the database only when shown."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from trainer.storage.interfaces import ClassViewReads


class TraineeFiguresView(QWidget):
    """Figures for ``trainee_ids`` (None: every trainee), read by :meth:`reload` when the
    view is shown after :meth:`refresh` or :meth:`set_trainees`, never while hidden (a
    tab not looked at costs nothing)."""

    def __init__(self, db: ClassViewReads, trainee_ids: Sequence[int] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.trainee_ids = None if trainee_ids is None else list(trainee_ids)
        self._stale = True

    def set_trainees(self, trainee_ids: Sequence[int] | None) -> None:
        """Show these trainees' figures (None: every trainee's)."""
        self.trainee_ids = None if trainee_ids is None else list(trainee_ids)
        self.refresh()

    def refresh(self) -> None:
        """Read the figures again now if shown, else when next shown."""
        self._stale = True
        if self.isVisible():
            self.reload()

    def reload(self) -> None:
        """Read the figures now (each view its own)."""
        self._stale = False

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self.reload()
        super().showEvent(event)
