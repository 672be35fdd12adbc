"""Issue 19, item 16: Settings ▸ OK keeps the hand in play when nothing that shapes a
round changed; when something did, it asks before putting the hand away."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import type_answer, typed_form
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.settings_dialog import SettingsDialog

STATION = TrainingSettings(rules="ny-2018", seats=3, seed=8, sound=False)


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(STATION)
    qtbot.addWidget(main)
    main.next_hand()
    state = main.state
    assert state is not None and state.current is not None
    type_answer(qtbot, main, typed_form(state.current.kind, state.current.expected))
    assert len(state.grades) == 1
    yield main
    main.close()


def _settings_ok(monkeypatch: pytest.MonkeyPatch,
                 change: dict[str, object] | None = None) -> None:
    """Settings opens and OK is pressed, with ``change`` made in the dialog first."""
    def exec_(dialog: SettingsDialog) -> int:
        if change:
            chosen = replace(dialog.result_settings(), **change)  # type: ignore[arg-type]
            monkeypatch.setattr(dialog, "result_settings", lambda: chosen)
        return QDialog.DialogCode.Accepted.value
    monkeypatch.setattr(SettingsDialog, "exec", exec_)


def _asked(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return button
    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_ok_with_nothing_changed_keeps_the_hand_and_the_meter(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    session, state, pool = window.session, window.state, window.meter.amount
    asked = _asked(monkeypatch, QMessageBox.StandardButton.Yes)
    _settings_ok(monkeypatch)
    window.open_settings()
    assert asked == []
    assert window.session is session and window.state is state
    assert window.meter.amount == pool


def test_the_four_colour_deck_alone_keeps_the_hand(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    state = window.state
    asked = _asked(monkeypatch, QMessageBox.StandardButton.Yes)
    _settings_ok(monkeypatch, {"four_colour": True})
    window.open_settings()
    assert asked == [] and window.state is state
    assert window.settings.four_colour and window.session.settings.four_colour


def test_a_change_that_shapes_rounds_asks_and_no_finishes_the_hand_first(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    state = window.state
    assert state is not None
    asked = _asked(monkeypatch, QMessageBox.StandardButton.No)
    _settings_ok(monkeypatch, {"seats": 5})
    window.open_settings()
    assert len(asked) == 1 and f"(1 of {len(state.questions)} questions answered)" in asked[0]
    assert window.state is state  # kept: finish it first
    while state.current is not None:
        type_answer(qtbot, window, typed_form(state.current.kind, state.current.expected))
    window.next_hand()
    assert window.state is not state and window.state is not None
    assert len(window.state.round.seats) == 5  # the next hand under the new settings


def test_yes_puts_the_hand_away_and_deals_under_the_new_settings(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    state = window.state
    asked = _asked(monkeypatch, QMessageBox.StandardButton.Yes)
    _settings_ok(monkeypatch, {"seats": 2})
    window.open_settings()
    assert len(asked) == 1
    assert window.state is not state and window.state is not None
    assert len(window.state.round.seats) == 2
