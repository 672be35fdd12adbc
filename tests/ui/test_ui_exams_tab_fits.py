"""The trainee page's Exams tab shows each exam's set-up name and attempt with nothing
cut off, even in a narrow window."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.storage import NewAnswer, TrainerDB
from trainer.ui.progress.trainee_page import TraineePage

LONG_NAME = "Final certification exam for the Heads Up Hold'em table (evening shift)"


def test_the_exams_tab_shows_name_and_attempt_with_nothing_cut_off(
    qtbot: QtBot, db: TrainerDB
) -> None:
    ana = db.create_trainee("Ana", at=T0)
    config = create_exam_config(db, LONG_NAME, 1, RULES, 80)
    for attempt in range(2):
        when = T0 + timedelta(hours=attempt)
        exam = db.start_exam(ana, config, at=when)
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
        db.record_answer(NewAnswer(round_id, "q", "payout", "ante", 1, "ante", "$10.00", "10",
                                   True, 3.0), at=when)
        db.finish_exam(exam.id, at=when + timedelta(minutes=5))
    page = TraineePage(db, ana)
    qtbot.addWidget(page)
    page.resize(700, 600)  # narrower than the columns together
    page.show()
    page.tabs.setCurrentIndex(page.tabs.indexOf(page.exams_view.parentWidget()))
    view = page.exams_view
    qtbot.waitExposed(view)
    model = view.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert "Set-up" in titles and "Attempt" in titles
    setup_column, attempt_column = titles.index("Set-up"), titles.index("Attempt")
    shown = {model.index(row, attempt_column).data() for row in range(model.rowCount())}
    assert shown == {"1", "2"}
    assert all(LONG_NAME in model.index(row, setup_column).data()
               for row in range(model.rowCount()))
    header = view.horizontalHeader()
    for column in range(model.columnCount()):
        needed = max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
        assert view.columnWidth(column) >= needed, titles[column]
