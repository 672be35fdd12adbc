"""The instructor's Exam set-up dialog; the set-up's fields, limits and checks are
:mod:`trainer.exam_setup`'s."""

from __future__ import annotations

import sqlite3

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.rulesets import PRESETS, RuleSetError, load_preset
from trainer.exam_setup import ExamSetup, parse_exam_setup
from trainer.storage.database import TrainerDB
from trainer.ui.progress.labels import error_label, heading


def _preset_title(preset: str) -> str:
    try:
        ruleset = load_preset(preset)
    except (RuleSetError, OSError):
        return preset
    return f"{ruleset.name} ({preset})"


class ExamSetupDialog(QDialog):
    """Exam set-up: name, number of rounds, rule set, pass mark %, time limit in minutes.

    Invalid values are refused with a message under the form; ``config_id`` holds
    the new set-up's id once the dialog is accepted.
    """

    def __init__(self, db: TrainerDB, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.config_id: int | None = None
        self.setup: ExamSetup | None = None
        self.setWindowTitle("Exam set-up")
        layout = QVBoxLayout(self)
        layout.addWidget(heading("New exam set-up"))
        form = QFormLayout()
        existing = {config.name for config in db.list_exam_configs()}
        default = "Final exam"
        number = 2
        while default in existing:
            default = f"Final exam {number}"
            number += 1
        self.name_edit = QLineEdit(default)
        self.name_edit.setObjectName("exam_name")
        self.rounds_edit = QLineEdit("10")
        self.rounds_edit.setObjectName("rounds")
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setObjectName("ruleset")
        for preset in PRESETS:
            self.ruleset_combo.addItem(_preset_title(preset), preset)
        self.pass_mark_edit = QLineEdit("80")
        self.pass_mark_edit.setObjectName("pass_mark")
        self.time_limit_edit = QLineEdit()
        self.time_limit_edit.setObjectName("time_limit")
        self.time_limit_edit.setPlaceholderText("empty: no limit")
        form.addRow("&Name", self.name_edit)
        form.addRow("Number of &rounds", self.rounds_edit)
        form.addRow("Rule &set", self.ruleset_combo)
        form.addRow("&Pass mark (%)", self.pass_mark_edit)
        form.addRow("&Time limit (minutes)", self.time_limit_edit)
        layout.addLayout(form)
        if existing:
            listing = QLabel("Existing set-ups: " + ", ".join(sorted(existing)))
            listing.setWordWrap(True)
            listing.setStyleSheet("color: palette(placeholder-text);")
            layout.addWidget(listing)
        self.message = error_label()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)

    def accept(self) -> None:
        """Save the set-up, or say what is wrong and stay open."""
        try:
            setup = parse_exam_setup(
                self.name_edit.text(),
                self.rounds_edit.text(),
                str(self.ruleset_combo.currentData()),
                self.pass_mark_edit.text(),
                self.time_limit_edit.text(),
            )
            self.config_id = self.db.create_exam_config(
                setup.name,
                setup.rounds,
                setup.ruleset_id,
                setup.pass_mark,
                setup.time_limit_seconds,
            )
        except (ValueError, sqlite3.Error) as error:  # StorageError is a ValueError
            self.message.setText(str(error))
            return
        self.setup = setup
        super().accept()
