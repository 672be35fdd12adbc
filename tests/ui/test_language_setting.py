"""Settings: the trainee chooses a language (issue 24). The choice is saved with the
settings and shown at the next start, which the dialog says; a settings file naming a
language with no catalogue is named, its other settings kept."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from trainer.preferences import load_settings, save_settings
from trainer.training.session import TrainingSettings
from trainer.ui.settings_dialog import SettingsDialog


def test_the_trainee_chooses_spanish_and_is_told_it_shows_at_the_next_start(
        qtbot: QtBot, tmp_path: Path) -> None:
    dialog = SettingsDialog(TrainingSettings())
    qtbot.addWidget(dialog)
    names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert names == ["The training room's", "English", "Español"]
    assert dialog.result_settings().language is None  # the room's, until chosen
    assert dialog.language_note.text() == (
        "A new language is shown when the trainer is started again.")
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
