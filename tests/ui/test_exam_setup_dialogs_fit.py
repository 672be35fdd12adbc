"""The exam set-up dialogs and the sign-off dialog show all they hold: no literal "&" in a
label, no cut check box, every column of the set-ups list in view at 1366x768 (what a
set-up fixes wraps), the sign-off's exam lines wrapped instead of a sideways scroll."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.engine.round import Wager
from trainer.exam_setup import parse_exam_setup
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.certify import CertifyDialog
from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog

LONG_NAME = "Audition for the high-limit pit, spring intake"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    """Three set-ups that fix everything (the longest line of what a set-up fixes)."""
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        for name in ("Final exam", LONG_NAME, "Refresher"):
            database.create_exam_setup(parse_exam_setup(
                name, "20", "ny-2018", "90", "30", tables={}, seats=6,
                side_bets=[Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE],
                seed="4711", attempts="3", wait_hours="24"))
        yield database


def _shown(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)


def test_every_label_with_a_mnemonic_has_a_buddy_so_no_ampersand_is_shown(
    qtbot: QtBot, db: TrainerDB
) -> None:
    dialog = ExamSetupDialog(db)
    _shown(qtbot, dialog)
    marked = [label for label in dialog.findChildren(QLabel)
              if "&" in label.text().replace("&&", "")]
    assert "&Hands" in [label.text() for label in marked]
    assert [label.text() for label in marked if label.buddy() is None] == []
    hands = next(label for label in marked if label.text() == "&Hands")
    assert hands.buddy() is dialog.same_hands_box


def test_the_new_set_up_dialog_never_cuts_a_side_bet_or_the_hands_number(
    qtbot: QtBot, db: TrainerDB
) -> None:
    dialog = ExamSetupDialog(db)
    _shown(qtbot, dialog)
    for box in [*dialog.side_bet_boxes.values(), dialog.same_hands_box]:
        assert box.width() >= box.sizeHint().width(), box.text()
    assert dialog.seed_edit.width() >= dialog.seed_edit.minimumSizeHint().width()


@pytest.mark.parametrize("width", [1326, 900])
def test_every_column_of_the_set_ups_list_is_in_view_and_what_it_fixes_wraps(
    qtbot: QtBot, db: TrainerDB, width: int
) -> None:
    """1326: the widest the list can be at 1366x768 (the screen less a margin); 900: a
    narrower window still shows every column."""
    dialog = ExamSetupsDialog(db)
    _shown(qtbot, dialog)
    dialog.resize(width, 400)
    qtbot.wait(1)  # let the layout follow the resize
    table = dialog.table
    assert table.horizontalScrollBar().maximum() == 0
    right = table.columnViewportPosition(3) + table.columnWidth(3)
    assert right <= table.viewport().width()
    assert [table.horizontalHeaderItem(c).text() for c in range(4)] == [
        "Name", "Version", "Fixes", "Offered"]
    fixes = dialog.FIXES
    metrics = table.fontMetrics()
    for row in range(table.rowCount()):
        text = table.item(row, fixes).text()
        needed = metrics.boundingRect(QRect(0, 0, table.columnWidth(fixes) - 8, 0),
                                      Qt.TextFlag.TextWordWrap, text).height()
        assert table.rowHeight(row) >= needed, text
    names = [table.item(row, 0).text() for row in range(table.rowCount())]
    assert table.columnWidth(0) >= metrics.horizontalAdvance(max(names, key=len))


def test_the_sign_off_dialog_wraps_a_long_exam_line_instead_of_scrolling_sideways(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with open_database(tmp_path / "s.sqlite3", backup_on_session=False) as db:
        db.create_instructor("Pat", "correct horse battery")
        ana = db.create_trainee("Ana Lopez-Fitzgerald", at=T0)
        config = create_exam_config(db, LONG_NAME, 1, RULES, 80)
        for hours in (1, 2):
            when = T0 + timedelta(hours=hours)
            exam = db.start_exam(ana, config, at=when)
            round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
            db.record_answer(NewAnswer(round_id, "q1", "payout", "ante", 1, "ante", "$10.00",
                                       "10", True, 3.0), at=when)
            db.finish_exam(exam.id, at=when + timedelta(minutes=10))
        dialog = CertifyDialog(db, ana, "Pat", today=date(2026, 3, 2))
        _shown(qtbot, dialog)
        dialog.resize(480, dialog.height())
        qtbot.wait(1)
        exams = dialog.exams
        assert not exams.horizontalScrollBar().isVisible()
        line_height = exams.fontMetrics().height()
        for row in range(exams.count()):
            item = exams.item(row)
            assert LONG_NAME in item.text()
            shown = exams.visualItemRect(item)
            assert shown.right() <= exams.viewport().width()
            assert shown.height() >= 2 * line_height  # wrapped onto a second line
