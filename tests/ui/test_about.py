"""Help > About shows the version and the rule set in force (and the site's lock)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from trainer import __version__
from trainer.site_config import SiteConfig
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow


def test_about_shows_the_version_and_the_rule_set_in_force(qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(rules="massachusetts", options={}))
    qtbot.addWidget(window)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert [a.text() for a in help_menu.actions()] == ["&Keys and rules at this table", "&About"]
    dialog = window.about_dialog()
    qtbot.addWidget(dialog)
    text = dialog.text()
    assert f"Version: {__version__}" in text
    ruleset = window.session.ruleset
    assert f"Rule set in force: {ruleset.name} ({ruleset.id} v{ruleset.version})" in text
    assert ruleset.id == "massachusetts"
    assert __version__ in dialog.details.text()
    dialog.close()
    window.close()


def test_about_says_when_the_training_room_fixes_the_rule_set(
    qtbot: QtBot, tmp_path: Path
) -> None:
    site = SiteConfig(
        path=tmp_path / "site.toml", rules="ny-2018", options={}, allow_station_rules=False
    )
    window = MainWindow(TrainingSettings(rules="ny-2018", options={}), site=site)
    qtbot.addWidget(window)
    dialog = window.about_dialog()
    qtbot.addWidget(dialog)
    assert "fixed by the training room" in dialog.text()
    assert str(tmp_path / "site.toml") in dialog.text()
    dialog.close()
    window.close()


def test_a_locked_rule_set_survives_the_settings_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    site = SiteConfig(
        path=tmp_path / "site.toml", rules="ny-2018", options={}, allow_station_rules=False
    )
    window = MainWindow(TrainingSettings(rules="ny-2018", options={}), site=site)
    qtbot.addWidget(window)
    window.apply_settings(TrainingSettings(rules="house", options={}))
    assert window.settings.rules == "ny-2018"
    assert window.session.ruleset.id == "ny-2018"
    window.close()
