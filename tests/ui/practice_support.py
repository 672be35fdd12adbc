"""What the tests of a mode opened from the practice window share (Run the round, Spot
the dealer's mistake): the practice window of a trainee signed in at a station, and the
one window of a kind it has open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from trainer.site_config.config import SiteConfig
from trainer.storage.database import TrainerDB
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow

Owned = TypeVar("Owned", bound=QWidget)


@contextmanager
def signed_in_practice_window(qtbot: QtBot, db: TrainerDB, settings: TrainingSettings,
                              owned: type[QWidget], site: SiteConfig | None = None
                              ) -> Iterator[MainWindow]:
    """The practice window shown for Ana, a new trainee of ``db``; at the end the windows
    of kind ``owned`` it opened are closed first (their sessions end), then it."""
    trainee = db.create_trainee("Ana")
    window = MainWindow(settings, db=db, trainee_id=trainee, site=site)
    qtbot.addWidget(window)
    window.show()
    try:
        yield window
    finally:
        for child in window.findChildren(owned):
            child.close()
        window.close()


def the_one(main: MainWindow, kind: type[Owned]) -> Owned:
    """The window of ``kind`` the practice window has open: exactly one."""
    found = main.findChildren(kind)
    assert len(found) == 1, f"{len(found)} windows of {kind.__name__} open"
    return found[0]
