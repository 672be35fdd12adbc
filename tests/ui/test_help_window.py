"""Help (F1): the keys and the rules in force, readable beside the table (issue 12)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE
from trainer.engine.round import parse_round
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow


def test_f1_opens_keys_and_the_rules_of_the_table_in_force(qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(seed=3, sound=False))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    qtbot.keyClick(window.panel.field, Qt.Key.Key_F1)
    help_window = window.help_window
    assert help_window is not None and help_window.isVisible()
    assert not help_window.isModal()  # the table stays usable beside it
    keys = help_window.keys.toPlainText()
    for binding in ("Ctrl+N", "Ctrl+,", "Ctrl+L", "Ctrl+M", "F1"):
        assert binding in keys
    rules = help_window.rules.toPlainText()
    assert "Dealer qualifies with a pair or better" in rules  # rules §3
    assert "Raise 1x-3x before the flop, 1x-2x on the flop, 1x after the river" in rules
    assert "Pair of aces" in rules and "30 to 1" in rules  # Pocket Bonus table A (rules §5)
    assert "Royal flush" in rules and "500 to 1" in rules  # odds wager (rules §4)
    assert "from seat 6 (the dealer's right) toward seat 1" in rules  # rules §7
    help_window.close()


def test_help_follows_the_rule_set_on_the_table(qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(seed=3, sound=False))
    qtbot.addWidget(window)
    window.play_round(parse_round({**SETTLE_MD_EXAMPLE, "rules": "massachusetts"}))
    window.open_help()
    assert window.help_window is not None
    assert "massachusetts" in window.help_window.rules.toPlainText()
    window.help_window.close()
