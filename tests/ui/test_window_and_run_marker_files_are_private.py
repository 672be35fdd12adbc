"""``windows.ini`` and ``logs/running-<pid>.json`` are the user's only (0600) from the
moment they are made, like every file in the data folder, under the usual umask 022
(issue 19, item 25)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from trainer.ui.window_fit import GEOMETRY_FILE, remember_window
from trainer.unexpected_stop import MARKER_PREFIX, mark_running, mark_stopped

pytestmark = pytest.mark.skipif(os.name != "posix", reason="modes are POSIX (Windows: ACLs)")


@pytest.fixture(autouse=True)
def permissive_umask() -> Iterator[None]:
    """The usual 022: a file made without care would be 0644."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_window_geometry_file_is_made_0600(qtbot: QtBot, private_data_dir: Path) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setGeometry(QRect(60, 70, 420, 300))
    remember_window(window, "small")
    remember_window(window, "again")  # a second save replaces the file: still 0600
    ini = private_data_dir / GEOMETRY_FILE
    assert "small" in ini.read_text("utf-8")
    assert _mode(ini) == 0o600


def test_the_running_marker_is_made_0600(private_data_dir: Path) -> None:
    mark_running()
    marker = private_data_dir / "logs" / f"{MARKER_PREFIX}{os.getpid()}.json"
    assert '"started"' in marker.read_text("utf-8")
    assert _mode(marker) == 0o600
    mark_stopped()
    assert not marker.exists()
