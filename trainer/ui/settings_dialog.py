"""Settings: rule set and pay-table letters, side bets, seats, deck, sound."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.round import SIDE_WAGERS, TABLE_SEATS, Wager
from trainer.engine.rulesets import PRESETS, RuleSet, load_ruleset
from trainer.exam_setup import MAX_EXAM_ROUNDS, MIN_EXAM_ROUNDS
from trainer.i18n import LANGUAGE_NAMES, N_, _, available_languages, local_dollars
from trainer.training.session import TrainingSettings
from trainer.ui.text_scale import follow_window_text

TABLE_OPTIONS = (
    ("trips_plus_table", N_("Trips Plus table"), "trips_plus_tables", "trips_plus_default"),
    ("pocket_bonus_table", N_("Pocket Bonus table"), "pocket_bonus_tables",
     "pocket_bonus_default"),
    ("bad_beat_table", N_("Bad-beat table"), "bad_beat_tables", "bad_beat_default"),
)


FIXED_BY_SITE = N_("Fixed by the training room's site file")


FOUR_COLOUR_TEXT = N_("Four-colour deck: diamonds blue, clubs green (easier to tell apart)")

CHIP_MODE_TEXT = N_("Pay with chips: build each payout from the chip rack instead of typing"
                    " it")
CHIP_TOTAL_TEXT = N_("Show the running total of the chips (practice only; never in speed or"
                     " exams)")

LANGUAGE_STATION_TEXT = N_("This station's language while nobody is signed in: the trainer"
                           " changes to it at once.")


class SettingsDialog(QDialog):
    def __init__(self, settings: TrainingSettings, parent: QWidget | None = None, *,
                 rules_fixed: bool = False, exam_fixed: bool = False,
                 trainee: str | None = None) -> None:
        """``rules_fixed`` / ``exam_fixed``: the training room's site file fixes the
        rule set and pay tables / the exam length; those fields are shown, greyed.
        ``trainee``: the signed-in trainee's name, whose language the box chooses."""
        super().__init__(parent)
        self.setWindowTitle(_("Settings"))
        self._settings = settings
        self._rules_fixed = rules_fixed
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)

        self.rules = QComboBox()
        for preset in PRESETS:
            self.rules.addItem(load_ruleset(preset).name, preset)
        index = self.rules.findData(settings.rules)
        if index < 0:  # a room's own rule-set file
            self.rules.addItem(settings.rules, settings.rules)
            index = self.rules.count() - 1
        self.rules.setCurrentIndex(index)
        form.addRow(_("Rule set"), self.rules)

        self.tables: dict[str, QComboBox] = {}
        for key, label, _attr, _default in TABLE_OPTIONS:
            combo = QComboBox()
            self.tables[key] = combo
            form.addRow(_(label), combo)
        self.progressive_table = QComboBox()
        form.addRow(_("Progressive table"), self.progressive_table)

        self.side_bets: dict[Wager, QCheckBox] = {}
        for wager in SIDE_WAGERS:
            box = QCheckBox(wager.display_name)
            box.setChecked(wager in settings.side_bets if settings.side_bets else True)
            self.side_bets[wager] = box
            form.addRow("" if len(self.side_bets) > 1 else _("Side bets shown"), box)

        self.seats = QSpinBox()
        self.seats.setRange(0, TABLE_SEATS)
        self.seats.setSpecialValueText(_("1 to 6 at random"))
        self.seats.setValue(settings.seats or 0)
        form.addRow(_("Occupied seats"), self.seats)

        self.exam_rounds = QSpinBox()
        self.exam_rounds.setRange(MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS)
        self.exam_rounds.setValue(settings.exam_rounds)
        form.addRow(_("Exam rounds"), self.exam_rounds)
        if exam_fixed:
            self.exam_rounds.setEnabled(False)
            self.exam_rounds.setToolTip(_(FIXED_BY_SITE))

        # Said in full, as the welcome screen says it: red and black suits alike are
        # easy to misread on a small screen (issue 19, item 23).
        self.four_colour = QCheckBox(_(FOUR_COLOUR_TEXT))
        self.four_colour.setChecked(settings.four_colour)
        form.addRow("", self.four_colour)
        self.sound = QCheckBox(_("Sound on a wrong answer"))
        self.sound.setChecked(settings.sound)
        form.addRow("", self.sound)
        # Chip mode (issue 22): typed amounts stay the default.
        self.chip_mode = QCheckBox(_(CHIP_MODE_TEXT))
        self.chip_mode.setObjectName("chip_mode")
        self.chip_mode.setChecked(settings.chip_mode)
        form.addRow("", self.chip_mode)
        self.chip_total = QCheckBox(_(CHIP_TOTAL_TEXT))
        self.chip_total.setObjectName("chip_total")
        self.chip_total.setChecked(settings.chip_total)
        self.chip_total.setEnabled(settings.chip_mode)
        self.chip_mode.toggled.connect(self.chip_total.setEnabled)
        form.addRow("", self.chip_total)
        # The trainee's language (issue 24): kept with the signed-in trainee (with nobody
        # signed in, the station's); the window changes to it at once.
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.language.addItem(_("The training room's"), None)
        for code in available_languages():
            self.language.addItem(LANGUAGE_NAMES.get(code, code), code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        form.addRow(_("Language"), self.language)
        self.language_note = QLabel(
            _(LANGUAGE_STATION_TEXT) if trainee is None else
            _("Kept for {trainee} at this station; the trainer changes to it at once.",
              trainee=trainee))
        self.language_note.setObjectName("language_note")
        self.language_note.setWordWrap(True)
        form.addRow("", self.language_note)

        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # At the text size of the window it opens from (issue 19, item 17).
        follow_window_text(self, parent)
        self.rules.currentIndexChanged.connect(self._fill_tables)
        self._fill_tables()
        if rules_fixed:
            self.rules.setEnabled(False)
            self.rules.setToolTip(_(FIXED_BY_SITE))

    def _ruleset(self) -> RuleSet:
        return load_ruleset(self.rules.currentData())

    def _fill_tables(self) -> None:
        ruleset = self._ruleset()
        options = self._settings.options if ruleset.id == self._settings.rules else {}
        for key, _label, attr, default_attr in TABLE_OPTIONS:
            combo = self.tables[key]
            combo.clear()
            for letter in getattr(ruleset, attr):
                combo.addItem(letter, letter)
            combo.setCurrentIndex(
                max(0, combo.findData(options.get(key, getattr(ruleset, default_attr))))
            )
            combo.setEnabled(combo.count() > 1 and not self._rules_fixed)
            combo.setToolTip(_(FIXED_BY_SITE) if self._rules_fixed else "")
        self.progressive_table.clear()
        if ruleset.progressive is not None:
            for letter in ruleset.progressive.tables:
                self.progressive_table.addItem(letter, letter)
            chosen = options.get("progressive_table", ruleset.progressive.default)
            self.progressive_table.setCurrentIndex(max(0, self.progressive_table.findData(chosen)))
        self.progressive_table.setEnabled(
            self.progressive_table.count() > 1 and not self._rules_fixed)
        self.side_bets[Wager.SIX_CARD_BONUS].setEnabled(ruleset.six_card_bonus is not None)
        self.side_bets[Wager.PROGRESSIVE].setEnabled(ruleset.progressive is not None)
        cap = ruleset.max_aggregate_payout
        notes = ([_("Maximum aggregate payout: {amount}.",
                    amount=local_dollars(Decimal(cap)).removesuffix(",00").removesuffix(".00"))]
                 if cap else [])
        if self._rules_fixed:
            notes.append(_("The rule set and pay tables are fixed by the training room."))
        self.note.setText(" ".join(notes))

    def result_settings(self) -> TrainingSettings:
        ruleset = self._ruleset()
        options = {
            key: combo.currentData()
            for key, combo in self.tables.items()
            if combo.currentData() is not None
        }
        if ruleset.progressive is not None and self.progressive_table.currentData():
            options["progressive_table"] = self.progressive_table.currentData()
        side_bets = tuple(
            wager for wager, box in self.side_bets.items() if box.isChecked() and box.isEnabled()
        )
        return dataclasses.replace(
            self._settings,
            rules=self.rules.currentData(),
            options=options,
            side_bets=side_bets,
            seats=self.seats.value() or None,
            exam_rounds=self.exam_rounds.value(),
            four_colour=self.four_colour.isChecked(),
            sound=self.sound.isChecked(),
            chip_mode=self.chip_mode.isChecked(),
            chip_total=self.chip_total.isChecked(),
            language=self.language.currentData(),
        )
