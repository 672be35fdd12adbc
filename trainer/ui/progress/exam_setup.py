"""The instructor's exam set-ups: the Exam set-up dialog (a new set-up, or a new version
of one) and the list of set-ups (new, edit, retire). The set-up's fields, limits and
checks are :mod:`trainer.exam_setup`'s."""

from __future__ import annotations

import random
from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.procedure import DealMethod
from trainer.engine.round import SIDE_WAGERS, Wager, offered_side_wagers
from trainer.engine.rulesets import PRESETS, RuleSet, RuleSetError, load_preset, load_ruleset
from trainer.exam_setup import (
    BEFORE_SETUPS,
    MAX_SEATS,
    MAX_SEED,
    MIN_SEATS,
    MIN_SEED,
    ExamSetup,
    parse_exam_setup,
)
from trainer.i18n import N_, _
from trainer.storage.interfaces import ExamSetups
from trainer.storage.models import ExamConfig, StorageError
from trainer.ui.progress.labels import error_label, heading

SAVE_ERRORS: tuple[type[Exception], ...] = (ValueError, StorageError)
"""A typed value refused (StorageError is a ValueError) or storage failing."""
TABLES = (
    ("trips_plus_table", N_("Trips Plus table")),
    ("pocket_bonus_table", N_("Pocket Bonus table")),
    ("bad_beat_table", N_("Bad-beat table")),
    ("progressive_table", N_("Progressive table")),
)


def _preset_title(preset: str) -> str:
    try:
        ruleset = load_preset(preset)
    except (RuleSetError, OSError):
        return preset
    return _("{rules} ({preset})", rules=ruleset.name, preset=preset)


def _letters(ruleset: RuleSet, key: str) -> tuple[list[str], str | None]:
    """The letters a rule set offers for one table, and its default (none: no such table)."""
    if key == "progressive_table":
        if ruleset.progressive is None:
            return [], None
        return list(ruleset.progressive.tables), ruleset.progressive.default
    name = key.removesuffix("_table")
    return list(getattr(ruleset, f"{name}_tables")), getattr(ruleset, f"{name}_default")


class ExamSetupDialog(QDialog):
    """Exam set-up: name, rounds, rule set and its tables, occupied seats, side bets, the
    same hands for every candidate, payouts built in chips, an exam of dealer's mistakes,
    attempts and the wait between them, pass mark %, time limit in minutes.

    With ``config``, a new version of that set-up (its name stays; exams already taken
    keep the version they ran under). Invalid values are refused with a message under
    the form; ``config_id`` holds the set-up's id once the dialog is accepted.
    """

    def __init__(self, db: ExamSetups, parent: QWidget | None = None, *,
                 config: ExamConfig | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.editing = config
        self.config_id: int | None = None
        self.setup: ExamSetup | None = None
        start = config.for_new_exams.complete() if config is not None else None
        self.setWindowTitle(_("Exam set-up"))
        layout = QVBoxLayout(self)
        if config is None:
            layout.addWidget(heading(_("New exam set-up")))
        else:
            layout.addWidget(heading(_(
                "Edit \u201c{setup}\u201d: version {version} \u2192 {next}",
                setup=config.name, version=config.version, next=config.version + 1)))
            note = QLabel(
                _("Exams already taken keep the version they ran under.") if config.setup
                is not None else _("Exams already taken keep the version they ran under."
                                   " This set-up was {before}: saving fixes them.",
                                   before=BEFORE_SETUPS))
            note.setWordWrap(True)
            layout.addWidget(note)
        form = QFormLayout()
        existing = {c.name for c in db.list_exam_configs(retired=True)}
        default = _("Final exam")
        number = 2
        while default in existing:
            default = _("Final exam {number}", number=number)
            number += 1
        self.name_edit = QLineEdit(config.name if config else default)
        self.name_edit.setObjectName("exam_name")
        self.name_edit.setReadOnly(config is not None)
        self.rounds_edit = QLineEdit(str(start.rounds) if start else "10")
        self.rounds_edit.setObjectName("rounds")
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setObjectName("ruleset")
        for preset in PRESETS:
            self.ruleset_combo.addItem(_preset_title(preset), preset)
        if start is not None and self.ruleset_combo.findData(start.ruleset_id) < 0:
            self.ruleset_combo.addItem(start.ruleset_id, start.ruleset_id)  # a site's file
        self.table_combos: dict[str, QComboBox] = {}
        for key, _label in TABLES:
            combo = QComboBox()
            combo.setObjectName(key)
            self.table_combos[key] = combo
        self.seats_spin = QSpinBox()
        self.seats_spin.setObjectName("seats")
        self.seats_spin.setRange(MIN_SEATS, MAX_SEATS)
        self.seats_spin.setValue(start.seats if start else MAX_SEATS)
        self.side_bet_boxes: dict[Wager, QCheckBox] = {}
        side_bets = QHBoxLayout()
        for wager in SIDE_WAGERS:
            box = QCheckBox(wager.display_name)
            box.setObjectName(wager.value)
            box.setChecked(start is None or wager in (start.side_bets or ()))
            self.side_bet_boxes[wager] = box
            side_bets.addWidget(box)
        self.same_hands_box = QCheckBox(_("The same hands for every candidate"))
        self.same_hands_box.setObjectName("same_hands")
        self.same_hands_box.setToolTip(_(
            "Every candidate is dealt the same rounds in the same order (the hands number"
            " picks them)"))
        self.seed_edit = QLineEdit("" if start is None or start.seed is None else str(start.seed))
        self.seed_edit.setObjectName("seed")
        self.seed_edit.setPlaceholderText(_("hands number"))
        self.same_hands_box.setChecked(start is not None and start.seed is not None)
        self.same_hands_box.toggled.connect(self._same_hands)
        hands = QHBoxLayout()
        hands.addWidget(self.same_hands_box)
        hands.addWidget(self.seed_edit)
        self.chips_box = QCheckBox(_("Built in chips from the room's rack (whatever a"
                                     " station's Pay with chips)"))
        self.chips_box.setObjectName("chips")
        self.chips_box.setToolTip(_(
            "Every candidate builds each payout from the chip rack, graded by the room's"
            " chip procedure; unticked, every candidate types amounts"))
        self.chips_box.setChecked(start is not None and start.chips)
        self.mistakes_box = QCheckBox(_("An exam of dealer's mistakes: each round settled"
                                        " by a dealer, to mark and correct"))
        self.mistakes_box.setObjectName("mistakes")
        self.mistakes_box.setToolTip(_(
            "Each round is an exercise of Spot the dealer's mistake, the same for every"
            " candidate (it needs the same hands); payouts are typed, not built in chips"))
        self.mistakes_box.setChecked(start is not None and start.mistakes)
        self.mistakes_box.toggled.connect(self._mistakes)
        self.table_test_combo = QComboBox()
        self.table_test_combo.setObjectName("table_test")
        self.table_test_combo.addItem(_("No"), None)
        self.table_test_combo.addItem(_("Whole rounds run, dealt by hand"), DealMethod.MANUAL)
        self.table_test_combo.addItem(_("Whole rounds run, from an automated shoe"),
                                      DealMethod.SHOE)
        self.table_test_combo.setToolTip(_(
            "A table test: each round run in Run the round from the first wager to the"
            " cleared table, the same rounds for every candidate (it needs the same hands);"
            " its report is the table test record for the personnel file"))
        self.table_test_combo.setCurrentIndex(max(0, self.table_test_combo.findData(
            None if start is None else start.table_test)))
        self.table_test_combo.currentIndexChanged.connect(self._table_test)
        self.attempts_edit = QLineEdit(
            "" if start is None or start.max_attempts is None else str(start.max_attempts))
        self.attempts_edit.setObjectName("attempts")
        self.attempts_edit.setPlaceholderText(_("empty: no limit"))
        self.wait_edit = QLineEdit(
            "" if start is None or start.wait_hours is None else str(start.wait_hours))
        self.wait_edit.setObjectName("wait_hours")
        self.wait_edit.setPlaceholderText(_("empty: no wait"))
        self.pass_mark_edit = QLineEdit(f"{start.pass_mark:g}" if start else "80")
        self.pass_mark_edit.setObjectName("pass_mark")
        minutes = start.time_limit_seconds // 60 if start and start.time_limit_seconds else None
        self.time_limit_edit = QLineEdit("" if minutes is None else str(minutes))
        self.time_limit_edit.setObjectName("time_limit")
        self.time_limit_edit.setPlaceholderText(_("empty: no limit"))
        form.addRow(_("&Name"), self.name_edit)
        form.addRow(_("Number of &rounds"), self.rounds_edit)
        form.addRow(_("Rule &set"), self.ruleset_combo)
        for key, label in TABLES:
            form.addRow(_(label), self.table_combos[key])
        form.addRow(_("&Occupied seats"), self.seats_spin)
        form.addRow(_("Side bets"), side_bets)
        hands_label = QLabel(_("&Hands"))  # a row of a layout: its label needs a buddy, or
        hands_label.setBuddy(self.same_hands_box)  # the "&" is shown, not a mnemonic
        form.addRow(hands_label, hands)
        payouts_label = QLabel(_("Pa&youts"))
        payouts_label.setBuddy(self.chips_box)
        form.addRow(payouts_label, self.chips_box)
        mistakes_label = QLabel(_("&Mistakes"))
        mistakes_label.setBuddy(self.mistakes_box)
        form.addRow(mistakes_label, self.mistakes_box)
        table_test_label = QLabel(_("Ta&ble test"))
        table_test_label.setBuddy(self.table_test_combo)
        form.addRow(table_test_label, self.table_test_combo)
        form.addRow(_("&Attempts allowed"), self.attempts_edit)
        form.addRow(_("&Wait between attempts (hours)"), self.wait_edit)
        form.addRow(_("&Pass mark (%)"), self.pass_mark_edit)
        form.addRow(_("&Time limit (minutes)"), self.time_limit_edit)
        layout.addLayout(form)
        self.message = error_label()
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        # At least 72 characters wide, never narrower than the form needs (a minimum width
        # set by hand would override the layout's and cut the side bets' check boxes).
        self.resize(max(self.sizeHint().width(), self.fontMetrics().averageCharWidth() * 72),
                    self.sizeHint().height())
        self._start_tables: Mapping[str, str] = start.options if start else {}
        if start is not None:
            self.ruleset_combo.setCurrentIndex(self.ruleset_combo.findData(start.ruleset_id))
        self.ruleset_combo.currentIndexChanged.connect(self._fill_tables)
        self._fill_tables()
        self._same_hands(self.same_hands_box.isChecked())
        self.chips_box.setEnabled(not self.mistakes_box.isChecked()
                                  and self.table_test_combo.currentData() is None)

    def _fill_tables(self) -> None:
        """The tables and side bets the chosen rule set offers (its defaults, or the
        set-up's letters when it is the set-up's rule set)."""
        try:
            ruleset = load_ruleset(str(self.ruleset_combo.currentData()))
        except (RuleSetError, OSError, ValueError) as error:
            self.message.setText(_("Rule set: {why}", why=error))
            return
        for key, combo in self.table_combos.items():
            letters, default = _letters(ruleset, key)
            combo.clear()
            for letter in letters:
                combo.addItem(letter, letter)
            chosen = self._start_tables.get(key, default)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))
            combo.setEnabled(combo.count() > 1)
        offered = offered_side_wagers(ruleset)
        for wager, box in self.side_bet_boxes.items():
            box.setEnabled(wager in offered)
            if wager not in offered:
                box.setChecked(False)
                box.setToolTip(_("{rules} does not offer the {wager}", rules=ruleset.name,
                                  wager=wager.display_name))
            else:
                box.setToolTip("")

    def _mistakes(self, on: bool) -> None:
        """An exam of dealer's mistakes: the same hands for every candidate (a hands
        number filled in, seen), no chips."""
        if on:
            self.same_hands_box.setChecked(True)
            self.chips_box.setChecked(False)
            self.table_test_combo.setCurrentIndex(0)
        self.chips_box.setEnabled(not on)

    def _table_test(self) -> None:
        """A table test: the same hands for every candidate, no chips, not an exam of
        dealer's mistakes."""
        on = self.table_test_combo.currentData() is not None
        if on:
            self.same_hands_box.setChecked(True)
            self.chips_box.setChecked(False)
            self.mistakes_box.setChecked(False)
        self.chips_box.setEnabled(not on and not self.mistakes_box.isChecked())

    def _same_hands(self, on: bool) -> None:
        self.seed_edit.setEnabled(on)
        if on and not self.seed_edit.text().strip():
            self.seed_edit.setText(str(random.randint(MIN_SEED, MAX_SEED)))

    def typed_setup(self) -> ExamSetup:
        """The set-up as typed, checked; ``ValueError`` naming the field."""
        tables = {key: str(combo.currentData()) for key, combo in self.table_combos.items()
                  if combo.count()}
        return parse_exam_setup(
            self.name_edit.text(),
            self.rounds_edit.text(),
            str(self.ruleset_combo.currentData()),
            self.pass_mark_edit.text(),
            self.time_limit_edit.text(),
            tables=tables,
            seats=self.seats_spin.value(),
            side_bets=[w for w, box in self.side_bet_boxes.items() if box.isChecked()],
            seed=self.seed_edit.text() if self.same_hands_box.isChecked() else "",
            attempts=self.attempts_edit.text(),
            wait_hours=self.wait_edit.text(),
            chips=self.chips_box.isChecked(),
            mistakes=self.mistakes_box.isChecked(),
            table_test=self.table_test_combo.currentData(),
        )

    def accept(self) -> None:
        """Save the set-up (or its new version), or say what is wrong and stay open."""
        try:
            setup = self.typed_setup()
            if self.editing is None:
                self.config_id = self.db.create_exam_setup(setup)
            else:
                self.config_id = self.db.edit_exam_config(self.editing.id, setup).id
        except SAVE_ERRORS as error:
            self.message.setText(str(error))
            return
        self.setup = setup
        super().accept()


class ExamSetupsDialog(QDialog):
    """Every exam set-up: offered or retired, its version and what it fixes; New,
    Edit (a new version) and Retire (no longer offered for new exams).

    Dialogs and questions go through :meth:`_run_dialog` and :meth:`_confirm`, so tests
    can replace them."""

    COLUMNS = (N_("Name"), N_("Version"), N_("Fixes"), N_("Offered"))
    FIXES = COLUMNS.index("Fixes")

    SITE_FIXED = N_("Fixed by the training room's site file: IT changes or removes it there"
                  " (edited or retired here, the next start would only make it again).")

    def __init__(self, db: ExamSetups, parent: QWidget | None = None, *,
                 site_exam_id: int | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.site_exam_id = site_exam_id
        """The set-up the site file fixes: neither edited nor retired here."""
        self.setWindowTitle(_("Exam set-ups"))
        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("Exam set-ups")))
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("exam_setups")
        self.table.setHorizontalHeaderLabels([_(column) for column in self.COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # Every column in view, never a sideways scroll: name, version and offered as wide
        # as their text, what the set-up fixes takes the rest and wraps onto more lines.
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        for column in range(len(self.COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.FIXES, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _item: self.edit_selected())
        layout.addWidget(self.table, 1)
        self.message = QLabel()
        self.message.setObjectName("setups_message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        row = QHBoxLayout()
        self.new_button = QPushButton(_("New\u2026"))
        self.edit_button = QPushButton(_("Edit\u2026"))
        self.edit_button.setToolTip(_("Save a new version; exams already taken keep theirs"))
        self.retire_button = QPushButton(_("Retire"))
        self.retire_button.setToolTip(
            _("No longer offered for new exams; exams taken under it still show it"))
        self.close_button = QPushButton(_("Close"))
        self.new_button.clicked.connect(self.new_setup)
        self.edit_button.clicked.connect(self.edit_selected)
        self.retire_button.clicked.connect(self.retire_selected)
        self.close_button.clicked.connect(self.accept)
        for button in (self.new_button, self.edit_button, self.retire_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.configs: list[ExamConfig] = []
        self.refresh()
        em = self.fontMetrics().averageCharWidth()
        room = self.screen().availableGeometry()  # 1366x768: the whole list still in view
        self.resize(min(em * 150, room.width() - 4 * em),
                    min(self.fontMetrics().height() * 24, room.height() - 4 * em))

    def refresh(self, select: int | None = None) -> None:
        """Re-read the set-ups (offered first, then retired), selecting ``select``."""
        self.configs = sorted(self.db.list_exam_configs(retired=True),
                              key=lambda c: (c.retired is not None, c.name.casefold()))
        self.table.setRowCount(len(self.configs))
        for row, config in enumerate(self.configs):
            fixes = (config.setup.described if config.setup is not None
                     else _("{figures}; {before}", figures=config.for_new_exams.figures,
                            before=BEFORE_SETUPS))
            site = config.id == self.site_exam_id
            if config.retired:
                day = config.retired.astimezone().strftime("%Y-%m-%d")
                offered = (_("retired {day} (site file)", day=day) if site
                           else _("retired {day}", day=day))
            else:
                offered = _("yes (site file)") if site else _("yes")
            for column, text in enumerate((config.name, str(config.version), fixes, offered)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
            if config.id == select:
                self.table.selectRow(row)
        if select is None and self.configs:
            self.table.selectRow(0)
        self._update_buttons()

    def selected(self) -> ExamConfig | None:
        rows = self.table.selectionModel().selectedRows()
        return self.configs[rows[0].row()] if rows else None

    def _update_buttons(self) -> None:
        config = self.selected()
        site_fixed = config is not None and config.id == self.site_exam_id
        offered = config is not None and config.retired is None and not site_fixed
        self.edit_button.setEnabled(offered)
        self.retire_button.setEnabled(offered)
        if site_fixed:
            self.message.setText(_(self.SITE_FIXED))

    def _run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    def _confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, _("Retire the exam set-up?"), question)
        return answer == QMessageBox.StandardButton.Yes

    def new_setup(self) -> int | None:
        """A new set-up; its id, or None when cancelled."""
        return self._edit(None)

    def edit_selected(self) -> int | None:
        """A new version of the selected set-up; its id, or None."""
        config = self.selected()
        if config is None or config.retired is not None or config.id == self.site_exam_id:
            return None
        return self._edit(config)

    def _edit(self, config: ExamConfig | None) -> int | None:
        dialog = ExamSetupDialog(self.db, self, config=config)
        try:
            if not self._run_dialog(dialog) or dialog.config_id is None:
                return None
            saved = self.db.get_exam_config(dialog.config_id)
            if saved is not None:
                if config is None:
                    said = _("\u201c{setup}\u201d saved.", setup=saved.name)
                elif saved.version != config.version:
                    said = _("\u201c{setup}\u201d saved as version {version}.",
                             setup=saved.name, version=saved.version)
                else:
                    said = _("\u201c{setup}\u201d unchanged.", setup=saved.name)
                self.message.setText(said)
            self.refresh(dialog.config_id)
            return dialog.config_id
        finally:
            dialog.deleteLater()

    def retire_selected(self) -> bool:
        """Retire the selected set-up after asking; True when retired."""
        config = self.selected()
        if config is None or config.retired is not None or config.id == self.site_exam_id:
            return False
        if not self._confirm(_(
            "Retire \u201c{setup}\u201d? It is no longer offered for new exams;"
            " exams already taken under it keep showing it.", setup=config.name
        )):
            return False
        self.db.retire_exam_config(config.id)
        self.message.setText(_("\u201c{setup}\u201d retired: no longer offered.",
                               setup=config.name))
        self.refresh(config.id)
        return True
