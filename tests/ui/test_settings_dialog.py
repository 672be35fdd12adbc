"""Settings: rule set and pay tables, and what a training room's site file fixes."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from trainer.training.session import TrainingSettings
from trainer.ui.settings_dialog import FIXED_BY_SITE, SettingsDialog


def test_a_station_chooses_the_rule_set_and_the_tables_it_allows(qtbot: QtBot) -> None:
    dialog = SettingsDialog(TrainingSettings(rules="ny-2018"))
    qtbot.addWidget(dialog)
    assert dialog.rules.isEnabled()
    assert [dialog.tables["trips_plus_table"].itemData(i) for i in range(4)] == list("ABCD")
    dialog.rules.setCurrentIndex(dialog.rules.findData("standard"))
    dialog.tables["bad_beat_table"].setCurrentIndex(
        dialog.tables["bad_beat_table"].findData("3"))
    chosen = dialog.result_settings()
    assert chosen.rules == "standard" and chosen.options["bad_beat_table"] == "3"


def test_a_rule_set_fixed_by_the_site_is_shown_greyed_and_kept(qtbot: QtBot) -> None:
    settings = TrainingSettings(rules="massachusetts", options={"trips_plus_table": "B"})
    dialog = SettingsDialog(settings, rules_fixed=True, exam_fixed=True)
    qtbot.addWidget(dialog)
    assert not dialog.rules.isEnabled() and dialog.rules.toolTip() == FIXED_BY_SITE
    assert not any(combo.isEnabled() for combo in dialog.tables.values())
    assert not dialog.exam_rounds.isEnabled()
    assert "fixed by the training room" in dialog.note.text()
    assert dialog.four_colour.isEnabled() and dialog.seats.isEnabled()  # the station's own
    chosen = dialog.result_settings()
    assert chosen.rules == "massachusetts" and chosen.options["trips_plus_table"] == "B"
    assert chosen.exam_rounds == settings.exam_rounds


def test_an_exam_length_the_settings_file_allows_is_kept_by_the_settings_dialog(
        qtbot: QtBot) -> None:
    """500 rounds is a valid exam length (settings.json takes up to 1,000): the
    dialog shows it and gives it back, never cut to a smaller cap of its own."""
    dialog = SettingsDialog(TrainingSettings(exam_rounds=500))
    qtbot.addWidget(dialog)
    assert dialog.exam_rounds.value() == 500
    assert dialog.result_settings().exam_rounds == 500
    dialog.exam_rounds.setValue(1000)
    assert dialog.result_settings().exam_rounds == 1000
