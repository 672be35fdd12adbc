"""The exam set-up dialog and the set-ups list read in Spanish from the catalogue (issue
24): labels with their mnemonics (no "&" shown), the default name, the list's columns
and what saving says; nothing cut at 1366x768. English (the default) reads as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QLabel
from pytestqt.qtbot import QtBot

from trainer.engine.round import Wager
from trainer.exam_setup import parse_exam_setup
from trainer.storage import TrainerDB, open_database
from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """One set-up, already named "Examen final"."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        database.create_exam_setup(parse_exam_setup(
            "Examen final", "20", "ny-2018", "90", "30", tables={}, seats=6,
            side_bets=[Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE],
            seed="4711", attempts="3", wait_hours="24"))
        yield database


class _Accepting(ExamSetupsDialog):
    """Accepts the set-up dialog as it opens (its default name and values)."""

    def _run_dialog(self, dialog: object) -> bool:
        assert isinstance(dialog, ExamSetupDialog)
        dialog.accept()
        return dialog.config_id is not None


def test_the_exam_set_up_dialog_reads_in_spanish_and_fits_a_laptop(
    qtbot: QtBot, db: TrainerDB, spanish: None
) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Configuraci\u00f3n de examen"
    assert dialog.name_edit.text() == "Examen final 2"  # "Examen final" is taken
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "&Manos" in labels and "Nota &de aprobado (%)" in labels
    marked = [label for label in dialog.findChildren(QLabel)
              if "&" in label.text().replace("&&", "")]
    assert [label.text() for label in marked if label.buddy() is None] == []
    assert dialog.same_hands_box.text() == "Las mismas manos para todos los candidatos"
    assert dialog.attempts_edit.placeholderText() == "vac\u00edo: sin l\u00edmite"
    for box in dialog.findChildren(QCheckBox):
        assert box.width() >= box.sizeHint().width(), box.text()
    assert dialog.width() <= 1366 and dialog.height() <= 768 - 48


def test_the_set_ups_list_reads_in_spanish(
    qtbot: QtBot, db: TrainerDB, spanish: None
) -> None:
    dialog = _Accepting(db)
    qtbot.addWidget(dialog)
    table = dialog.table
    assert [table.horizontalHeaderItem(c).text() for c in range(4)] == [
        "Nombre", "Versi\u00f3n", "Fija", "Ofrecida"]
    assert table.item(0, 3).text() == "s\u00ed"
    assert dialog.new_setup() is not None
    assert dialog.message.text() == "\u00abExamen final 2\u00bb guardada."


def test_the_set_ups_list_still_reads_in_english(qtbot: QtBot, db: TrainerDB) -> None:
    dialog = _Accepting(db)
    qtbot.addWidget(dialog)
    assert dialog.table.item(0, 3).text() == "yes"
    assert dialog.new_setup() is not None
    assert dialog.message.text() == "\u201cFinal exam\u201d saved."
