"""The instructor area shows what the seals say: an exam passed with an SQLite tool reads
ALTERED on the roster and the exams tab, the trainee's page names each altered record in
red, and merging a file signed with the public default room key says so plainly."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, create_exam_config, find_trainee
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.models import RosterModel


def _failed_exam(db: TrainerDB, name: str) -> int:
    """``name`` failed "Final": 1 of 2 answers right, pass mark 75%."""
    trainee = db.create_trainee(name)
    exam = db.start_exam(trainee, create_exam_config(db, f"Final {name}", 1, RULES, 75.0))
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3)
    for number, correct in enumerate((True, False)):
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "10.00", "10.00" if correct else "5.00", correct, 2.0))
    db.finish_exam(exam.id)
    return trainee


@pytest.fixture
def dashboard(qtbot: QtBot, db: TrainerDB) -> Iterator[InstructorDashboard]:
    widget = InstructorDashboard(db)
    qtbot.addWidget(widget)
    widget.resize(1400, 900)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.close()


def _sql(db: TrainerDB, statement: str) -> None:
    conn = sqlite3.connect(db.path, isolation_level=None)
    conn.execute(statement)
    conn.close()


def test_an_exam_passed_with_sqlite_reads_altered_on_the_roster_and_the_exams_tab(
    dashboard: InstructorDashboard, db: TrainerDB
) -> None:
    ana = _failed_exam(db, "Ana")
    _sql(db, "UPDATE exams SET score = 96, passed = 1")
    dashboard.refresh()
    proxy = dashboard.proxy
    assert proxy.index(0, RosterModel.NAME).data() == "Ana"
    assert proxy.index(0, RosterModel.EXAM_STATUS).data() == "ALTERED"
    page = dashboard.open_trainee(ana)
    results = [page.exams_proxy.index(row, column).data()
               for row in range(page.exams_proxy.rowCount())
               for column in range(page.exams_proxy.columnCount())]
    assert "ALTERED" in results and "passed" not in results
    assert "exam #1" in page.records_label.text() and "ALTERED" in page.records_label.text()
    assert "a3121f" in page.records_label.styleSheet()


def test_a_trainees_page_says_their_records_are_as_recorded(
    dashboard: InstructorDashboard, db: TrainerDB
) -> None:
    page = dashboard.open_trainee(_failed_exam(db, "Ana"))
    # Two answers and the exam: three records, each kind named so the count adds up
    # beside the page's "2 answers".
    assert page.records_label.text() == (
        "Records: all 3 (2 answers, 1 exam) as recorded, sealed by this station.")
    assert page.progress.answers_tile.value.text() == "2"
    assert "course answers" in page.records_label.toolTip()
    assert page.records_label.styleSheet() == ""


def test_merging_with_the_public_default_room_key_warns_plainly(
    qtbot: QtBot, dashboard: InstructorDashboard, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with open_database(tmp_path / "station" / "t.sqlite3", backup_on_session=False) as other:
        _failed_exam(other, "Eve")
        station_file = other.export_station(tmp_path / "eve.hhe")
    dashboard.allow_default_room_key = True  # the site file's explicit allow
    monkeypatch.setattr(dashboard, "_ask_open_path", lambda *args: station_file)
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    text = dashboard.message.text()
    assert "added 1 trainee" in text and "Warning: " in text
    assert "public default room key" in text


def test_without_a_site_files_allow_the_dashboard_refuses_a_default_key_file_saying_how(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with open_database(tmp_path / "station" / "t.sqlite3", backup_on_session=False) as other:
        _failed_exam(other, "Eve")
        station_file = other.export_station(tmp_path / "eve.hhe")
    assert dashboard.allow_default_room_key is False  # no site file: refused
    monkeypatch.setattr(dashboard, "_ask_open_path", lambda *args: station_file)
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    text = dashboard.message.text()
    assert text.startswith("The station file was refused: eve.hhe was signed with the public")
    assert "[results] room_key" in text and "allow_default_room_key = true" in text
    assert find_trainee(db, "Eve") is None



def test_answers_removed_from_the_end_are_announced_above_the_roster(
    dashboard: InstructorDashboard, db: TrainerDB
) -> None:
    _failed_exam(db, "Ana")
    dashboard.refresh()
    assert dashboard.records_banner.isHidden()
    conn = sqlite3.connect(db.path, isolation_level=None)
    conn.execute("DELETE FROM skill_recent WHERE answer_id = (SELECT MAX(id) FROM answers)")
    conn.execute("DELETE FROM answers WHERE id = (SELECT MAX(id) FROM answers)")
    conn.close()
    dashboard.refresh()
    assert not dashboard.records_banner.isHidden()
    assert "(answers)" in dashboard.records_banner.text()
    assert "hhe-trainer verify" in dashboard.records_banner.text()
