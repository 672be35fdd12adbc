"""A Linux station without Qt's X libraries is told which and how to install them."""

from __future__ import annotations

import pytest

from trainer import system_libraries
from trainer.system_libraries import LIBRARY_PACKAGES, missing_libraries_message


def test_every_library_qt_needs_here_is_found() -> None:
    assert system_libraries.missing_libraries() == []


def test_missing_library_is_named_with_the_command_that_installs_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LIBRARY_PACKAGES, "libxcb-not-here.so.0", "libxcb-not-here0")
    monkeypatch.setattr(system_libraries.sys, "platform", "linux")
    monkeypatch.delenv("QT_QPA_PLATFORM")
    message = missing_libraries_message()
    assert message is not None
    assert "libxcb-not-here.so.0" in message
    assert "sudo apt-get install -y libxcb-not-here0" in message


def test_no_check_when_qt_is_told_to_draw_offscreen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LIBRARY_PACKAGES, "libxcb-not-here.so.0", "libxcb-not-here0")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert missing_libraries_message() is None


def test_the_trainer_stops_with_the_message_before_loading_qt(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.ui.app import run_app

    monkeypatch.setitem(LIBRARY_PACKAGES, "libxcb-not-here.so.0", "libxcb-not-here0")
    monkeypatch.setattr(system_libraries.sys, "platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert run_app() == 1
    error = capsys.readouterr().err
    assert "cannot open its window" in error
    assert "sudo apt-get install -y libxcb-not-here0" in error
