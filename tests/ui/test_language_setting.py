"""Settings: the language (issue 24). With nobody signed in the box chooses the
station's, kept in the settings file, which the dialog says (a signed-in trainee's is
kept with the trainee: tests/ui/test_language_per_trainee.py); a settings file naming a
language with no catalogue is named, its other settings kept."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from trainer.preferences import load_settings, save_settings
from trainer.training.session import TrainingSettings
from trainer.ui.settings_dialog import SettingsDialog


def test_with_nobody_signed_in_spanish_is_the_stations_kept_in_the_settings_file(
        qtbot: QtBot, tmp_path: Path) -> None:
    dialog = SettingsDialog(TrainingSettings())
    qtbot.addWidget(dialog)
    names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert names == ["The training room's", "English", "Español"]
    assert dialog.result_settings().language is None  # the room's, until chosen
    assert dialog.language_note.text() == (
        "This station's language while nobody is signed in: the trainer changes to it at"
        " once.")
    dialog.language.setCurrentIndex(dialog.language.findData("es"))
    chosen = dialog.result_settings()
    assert chosen.language == "es"
    path = tmp_path / "settings.json"
    assert save_settings(chosen, path) is None
    assert json.loads(path.read_text("utf-8"))["language"] == "es"
    assert load_settings(path) == (chosen, None)


def test_the_dialog_shows_the_language_chosen_before(qtbot: QtBot) -> None:
    dialog = SettingsDialog(TrainingSettings(language="es"))
    qtbot.addWidget(dialog)
    assert dialog.language.currentText() == "Español"


def test_a_settings_file_naming_a_language_without_catalogue_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "klingon", "seats": 3}), "utf-8")
    settings, problem = load_settings(path)
    assert settings.language is None and settings.seats == 3
    assert problem is not None
    assert "language: 'klingon' is not a language code" in problem
