"""The instructor dashboard on a seeded SQLite file: roster, trainee page, exports, merging."""

from __future__ import annotations

import csv
import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import create_exam_config
from trainer.engine.generator import generate_round
from trainer.engine.round import parse_round, round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.exam_setup import ExamSetupDialog
from trainer.ui.progress.models import RosterModel
from trainer.ui.progress.trainee_page import TraineePage

RULES = "ny-2018"
VERSION = load_ruleset(RULES).version
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def dealt(seed: int) -> dict[str, Any]:
    """A generated round in the settle contract's form (what storage keeps)."""
    return round_to_json(generate_round(random.Random(seed), load_ruleset(RULES)))


def give(db: TrainerDB, round_id: int, minute: float, correct: bool, given: str = "10.00") -> None:
    db.record_answer(NewAnswer(
        round_id, "seat-1-ante", "payout", "ante", 1, "ante", "10.00",
        given if not correct else "10.00", correct, 3.0), at=at(minute),
    )


def seed(db: TrainerDB) -> dict[str, int]:
    """Ana 1 of 11 right (9.1%), Ben 3 of 4 (75.0%), Cy 2 of 2 (100.0%): as text,
    "100.0%" < "75.0%" < "9.1%", so only a numeric sort puts them in order. Dee has
    no answers."""
    ids = {}
    plan = {"Ana": [True] + [False] * 10, "Ben": [True, True, True, False], "Cy": [True, True]}
    for index, (name, results) in enumerate(plan.items()):
        trainee = ids[name] = db.create_trainee(name, at=at(0))
        session = db.start_session(trainee, "practice", RULES, at=at(index * 100))
        for number, correct in enumerate(results):
            minute = index * 100 + number
            round_id = db.record_round(session, dealt(index * 100 + number), RULES, VERSION,
                                       at=at(minute))
            give(db, round_id, minute + 0.5, correct, given="5.00")
    ids["Dee"] = db.create_trainee("Dee", at=at(0))
    return ids


@pytest.fixture
def ids(db: TrainerDB) -> dict[str, int]:
    return seed(db)


@pytest.fixture
def dashboard(qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> Iterator[InstructorDashboard]:
    widget = InstructorDashboard(db)
    qtbot.addWidget(widget)
    widget.resize(1600, 900)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.close()


def shown_names(dashboard: InstructorDashboard) -> list[str]:
    proxy = dashboard.proxy
    return [proxy.index(row, RosterModel.NAME).data() for row in range(proxy.rowCount())]


def shown_column(dashboard: InstructorDashboard, column: int) -> list[str]:
    proxy = dashboard.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def double_click_row(qtbot: QtBot, view: Any, row: int) -> None:
    """A person's double-click: a click, then the double-click (QTest's mouseDClick alone
    sends no first click, and an item view acts only on an item it saw pressed)."""
    centre = view.visualRect(view.model().index(row, 0)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def open_page(qtbot: QtBot, dashboard: InstructorDashboard, name: str) -> TraineePage:
    row = shown_names(dashboard).index(name)
    double_click_row(qtbot, dashboard.roster_view, row)
    page = dashboard.trainee_page
    assert page is not None
    return page


# --------------------------------------------------------------------------- roster


def test_the_dashboard_shows_the_seeded_roster(dashboard: InstructorDashboard) -> None:
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee"]
    assert shown_column(dashboard, RosterModel.ACCURACY) == ["9.1%", "75.0%", "100.0%", "\u2014"]
    assert shown_column(dashboard, RosterModel.ROUNDS_PLAYED) == ["11", "4", "2", "0"]
    assert shown_column(dashboard, RosterModel.SECONDS_PER_ROUND) == ["3.0 s"] * 3 + ["\u2014"]
    assert shown_column(dashboard, RosterModel.EXAM_STATUS) == ["no exam"] * 4
    assert shown_column(dashboard, RosterModel.LAST_ACTIVE)[3] == "never"
    assert dashboard.count_label.text() == "4 trainees"
    headers = [
        dashboard.proxy.headerData(c, Qt.Orientation.Horizontal) for c in range(6)
    ]
    assert headers == [
        "Name", "Accuracy", "Avg time / round", "Rounds played", "Last active", "Exam"
    ]


def test_sorting_by_accuracy_is_numeric_with_no_figures_last(
    qtbot: QtBot, dashboard: InstructorDashboard
) -> None:
    header = dashboard.roster_view.horizontalHeader()
    title = QPoint(header.sectionViewportPosition(RosterModel.ACCURACY) + 5, header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=title)
    assert header.sortIndicatorSection() == RosterModel.ACCURACY
    order = header.sortIndicatorOrder()
    ascending = ["Ana", "Ben", "Cy", "Dee"]
    descending = ["Cy", "Ben", "Ana", "Dee"]  # Dee has no figure: last either way
    assert shown_names(dashboard) == (
        ascending if order == Qt.SortOrder.AscendingOrder else descending
    )
    dashboard.roster_view.sortByColumn(RosterModel.ACCURACY, Qt.SortOrder.DescendingOrder)
    assert shown_names(dashboard) == descending
    dashboard.roster_view.sortByColumn(RosterModel.ACCURACY, Qt.SortOrder.AscendingOrder)
    assert shown_names(dashboard) == ascending
    dashboard.roster_view.sortByColumn(RosterModel.ROUNDS_PLAYED, Qt.SortOrder.DescendingOrder)
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee"]  # 11 > 4 > 2 > 0, not "4" > "2"


def test_filtering_by_name_is_case_insensitive(
    qtbot: QtBot, dashboard: InstructorDashboard
) -> None:
    qtbot.keyClicks(dashboard.filter_edit, "BE")
    assert shown_names(dashboard) == ["Ben"]
    assert dashboard.count_label.text() == "1 of 4 trainees shown"
    dashboard.filter_edit.clear()
    qtbot.keyClicks(dashboard.filter_edit, "e")
    assert shown_names(dashboard) == ["Ben", "Dee"]
    dashboard.filter_edit.clear()
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee"]


def test_double_clicking_a_trainee_opens_their_page_and_back_returns(
    qtbot: QtBot, dashboard: InstructorDashboard, ids: dict[str, int]
) -> None:
    page = open_page(qtbot, dashboard, "Ben")
    assert dashboard.stack.currentWidget() is page
    assert page.trainee_id == ids["Ben"]
    assert page.progress.title.text() == "Ben"
    assert page.tabs.tabText(1) == "Mistakes (1)"
    assert page.tabs.tabText(2) == "Exams (0)"
    assert page.progress.streak_tile.value.text() == "0"
    assert page.progress.best_tile.value.text() == "3"
    assert dashboard.selected_trainee_id() == ids["Ben"]
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert dashboard.stack.currentWidget() is dashboard.roster_page
    assert dashboard.trainee_page is None
    assert dashboard.selected_trainee_id() == ids["Ben"]  # still selected in the roster


# --------------------------------------------------------------------------- mistakes


def test_open_on_table_emits_the_round_exactly_as_recorded(
    qtbot: QtBot, dashboard: InstructorDashboard, db: TrainerDB, ids: dict[str, int]
) -> None:
    recorded = dealt(100 + 3)  # Ben's fourth round, the one he got wrong
    page = open_page(qtbot, dashboard, "Ben")
    page.tabs.setCurrentIndex(1)
    assert page.mistakes_proxy.rowCount() == 1
    page.mistakes_view.selectRow(0)
    assert page.open_button.isEnabled()
    with qtbot.waitSignal(dashboard.openRound, timeout=1000) as blocker:
        qtbot.mouseClick(page.open_button, Qt.MouseButton.LeftButton)
    sent = blocker.args[0]
    assert sent == recorded
    assert json.dumps(sent) == json.dumps(recorded)  # key order too: exactly as dealt
    assert parse_round(sent) == parse_round(recorded)
    sent["seats"].clear()  # the receiver's copy: the record itself is untouched
    assert db.trainee_mistakes(ids["Ben"])[0].round == recorded


def test_double_clicking_a_mistake_reopens_it(
    qtbot: QtBot, dashboard: InstructorDashboard
) -> None:
    page = open_page(qtbot, dashboard, "Ana")
    page.tabs.setCurrentIndex(1)
    assert page.mistakes_proxy.rowCount() == 10
    newest = dealt(10)  # Ana's last round: mistakes are listed newest first
    with qtbot.waitSignal(dashboard.openRound, timeout=1000) as blocker:
        double_click_row(qtbot, page.mistakes_view, 0)
    assert blocker.args[0] == newest
    texts = [page.mistakes_proxy.index(0, c).data() for c in range(5)]
    assert texts[1:] == ["Settling the ante", "Seat 1 Ante: pay, push or take", "10.00", "5.00"]


def test_a_trainee_without_mistakes_cannot_open_one(
    qtbot: QtBot, dashboard: InstructorDashboard
) -> None:
    page = open_page(qtbot, dashboard, "Cy")
    assert page.mistakes_proxy.rowCount() == 0
    assert not page.open_button.isEnabled()


# --------------------------------------------------------------------------- exports


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as file:
        return list(csv.reader(file))


def choose(monkeypatch: pytest.MonkeyPatch, dashboard: InstructorDashboard, path: Path) -> None:
    """Answer the next save dialog with ``path``."""
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: path)


def test_export_roster_csv_writes_what_the_roster_shows(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "out" / "roster.csv"
    target.parent.mkdir()
    choose(monkeypatch, dashboard, target)
    qtbot.mouseClick(dashboard.roster_csv_button, Qt.MouseButton.LeftButton)
    rows = read_csv(target)
    assert rows[0][:9] == [
        "Name", "Employee id", "Accuracy %", "Answers", "Average seconds per round",
        "Rounds played", "Last active", "Exam status", "Certification",
    ]
    assert [row[:6] for row in rows[1:]] == [
        ["Ana", "", "9.1", "11", "3.0", "11"],
        ["Ben", "", "75.0", "4", "3.0", "4"],
        ["Cy", "", "100.0", "2", "3.0", "2"],
        ["Dee", "", "", "0", "", "0"],
    ]
    assert {row[8] for row in rows[1:]} == {"not certified"}  # nobody signed off here
    assert dashboard.message.isVisible()
    assert dashboard.message.text() == f"Roster saved to {target}."


def test_export_answers_csv_of_the_selected_trainee(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    dashboard.roster_view.selectRow(shown_names(dashboard).index("Ben"))
    target = tmp_path / "ben.csv"
    choose(monkeypatch, dashboard, target)
    qtbot.mouseClick(dashboard.answers_csv_button, Qt.MouseButton.LeftButton)
    rows = read_csv(target)
    assert rows[0][:5] == ["Trainee", "Employee id", "Answered at", "Mode", "Session"]
    assert {row[0] for row in rows[1:]} == {"Ben"}
    given = rows[0].index("Given")
    correct = rows[0].index("Correct")
    assert [(row[given], row[correct]) for row in rows[1:]] == [
        ("10.00", "yes"), ("10.00", "yes"), ("10.00", "yes"), ("5.00", "no")
    ]


def test_export_skills_csv_from_the_trainee_page(
    qtbot: QtBot, dashboard: InstructorDashboard, ids: dict[str, int],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    page = dashboard.open_trainee(ids["Cy"])
    target = tmp_path / "cy-skills.csv"
    choose(monkeypatch, dashboard, target)
    qtbot.mouseClick(page.skills_csv_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text() == f"Skills saved to {target}."
    rows = read_csv(target)
    column = {name: rows[0].index(name) for name in ("Skill", "Answers", "Target met")}
    ante = next(row for row in rows[1:] if row[column["Skill"]] == "Settling the ante")
    # Cy: 2 right ante answers, 10 needed before a skill can be mastered.
    assert (ante[column["Answers"]], ante[column["Target met"]]) == ("2", "no")


def test_a_cancelled_file_choice_writes_nothing(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: None)
    qtbot.mouseClick(dashboard.roster_csv_button, Qt.MouseButton.LeftButton)
    assert not dashboard.message.isVisible()
    assert list(tmp_path.glob("*.csv")) == []


def test_a_file_that_cannot_be_written_is_reported_not_raised(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    choose(monkeypatch, dashboard, tmp_path / "no such folder" / "roster.csv")
    qtbot.mouseClick(dashboard.roster_csv_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text().startswith("The roster could not be saved: ")
    assert "No such file or directory" in dashboard.message.text()


def check_pdf(path: Path, tmp_path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(data) > 5000
    assert data.rstrip().endswith(b"%%EOF")
    if shutil.which("pdftoppm"):  # poppler can read it: render the first page
        prefix = tmp_path / path.stem
        subprocess.run(
            ["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(path), str(prefix)],
            check=True,
        )
        assert list(tmp_path.glob(f"{path.stem}*.png"))


def test_pdf_report_of_the_selected_trainee(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    dashboard.roster_view.selectRow(shown_names(dashboard).index("Ana"))
    target = tmp_path / "ana.pdf"
    choose(monkeypatch, dashboard, target)
    qtbot.mouseClick(dashboard.report_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text() == f"Report saved to {target}."
    check_pdf(target, tmp_path)


def test_exam_pdf_of_the_selected_exam(
    qtbot: QtBot,
    dashboard: InstructorDashboard,
    db: TrainerDB,
    ids: dict[str, int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    config = create_exam_config(db, "Final", 1, RULES, 80.0, 600)
    exam = db.start_exam(ids["Cy"], config, at=at(500))
    round_id = db.record_round(exam.session_id or 0, dealt(500), RULES, VERSION, at=at(500))
    give(db, round_id, 501, True)
    db.finish_exam(exam.id, at=at(505))
    dashboard.refresh()
    assert shown_column(dashboard, RosterModel.EXAM_STATUS)[2] == "passed"
    assert not dashboard.exam_pdf_button.isEnabled()  # no exam selected on the roster
    page = open_page(qtbot, dashboard, "Cy")
    page.tabs.setCurrentIndex(2)
    assert page.tabs.tabText(2) == "Exams (1)"
    page.exams_view.selectRow(0)
    assert dashboard.selected_exam_id() == exam.id
    assert dashboard.exam_pdf_button.isEnabled()
    target = tmp_path / "exam.pdf"
    choose(monkeypatch, dashboard, target)
    qtbot.mouseClick(dashboard.exam_pdf_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text() == f"Exam report saved to {target}."
    check_pdf(target, tmp_path)


# --------------------------------------------------------------------------- exam set-up


@pytest.fixture
def setup_dialog(qtbot: QtBot, db: TrainerDB) -> Iterator[ExamSetupDialog]:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    yield dialog
    dialog.close()


def fill(dialog: ExamSetupDialog, **fields: str) -> None:
    for name, text in fields.items():
        edit = getattr(dialog, f"{name}_edit")
        edit.setText(text)


def test_exam_setup_refuses_a_pass_mark_of_150(
    qtbot: QtBot, setup_dialog: ExamSetupDialog, db: TrainerDB
) -> None:
    fill(setup_dialog, pass_mark="150")
    qtbot.mouseClick(setup_dialog.save_button, Qt.MouseButton.LeftButton)
    assert setup_dialog.message.text() == "Pass mark: 150 is not a percentage from 0 to 100."
    assert setup_dialog.isVisible()
    assert setup_dialog.result() != QDialog.DialogCode.Accepted
    assert db.list_exam_configs() == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rounds": "0"}, "Number of rounds: 0 is not a whole number from 1 to 1000."),
        ({"rounds": "ten"}, "Number of rounds: ten is not a whole number from 1 to 1000."),
        ({"pass_mark": "-1"}, "Pass mark: -1 is not a percentage from 0 to 100."),
        ({"pass_mark": "nan"}, "Pass mark: nan is not a percentage from 0 to 100."),
        ({"time_limit": "0"}, "Time limit: 0 is not a whole number of minutes from 1 to 600"
         " (leave it empty for no limit)."),
        ({"name": "  "}, "Name: give the exam set-up a name, e.g. \u201cFinal exam\u201d."),
    ],
)
def test_exam_setup_refuses_other_invalid_values(
    qtbot: QtBot,
    setup_dialog: ExamSetupDialog,
    db: TrainerDB,
    fields: dict[str, str],
    message: str,
) -> None:
    fill(setup_dialog, **fields)
    qtbot.mouseClick(setup_dialog.save_button, Qt.MouseButton.LeftButton)
    assert setup_dialog.message.text() == message
    assert db.list_exam_configs() == []


def test_exam_setup_saves_rounds_rule_set_pass_mark_and_time_limit(
    qtbot: QtBot, setup_dialog: ExamSetupDialog, db: TrainerDB
) -> None:
    fill(setup_dialog, name="Certification", rounds="25", pass_mark="92.5%", time_limit="45")
    setup_dialog.ruleset_combo.setCurrentIndex(setup_dialog.ruleset_combo.findData("standard"))
    qtbot.mouseClick(setup_dialog.save_button, Qt.MouseButton.LeftButton)
    assert setup_dialog.result() == QDialog.DialogCode.Accepted
    [config] = db.list_exam_configs()
    assert (config.name, config.rounds, config.ruleset_id) == ("Certification", 25, "standard")
    assert (config.pass_mark, config.time_limit_seconds) == (92.5, 45 * 60)
    assert setup_dialog.config_id == config.id


def test_a_duplicate_exam_name_is_refused_with_storages_message(
    qtbot: QtBot, setup_dialog: ExamSetupDialog, db: TrainerDB
) -> None:
    create_exam_config(db, "Final", 5, RULES, 80)
    fill(setup_dialog, name="Final")
    qtbot.mouseClick(setup_dialog.save_button, Qt.MouseButton.LeftButton)
    assert setup_dialog.message.text() == "name: an exam set-up named 'Final' already exists"


def test_the_dashboard_runs_the_exam_setup_and_reports_it(
    dashboard: InstructorDashboard, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(dialog: ExamSetupDialog) -> bool:
        fill(dialog, rounds="12", pass_mark="85", time_limit="30")
        dialog.accept()
        return dialog.result() == QDialog.DialogCode.Accepted

    monkeypatch.setattr(dashboard, "_run_dialog", answer)
    config_id = dashboard.open_exam_setup()
    [config] = db.list_exam_configs()
    assert config_id == config.id
    text = dashboard.message.text()
    assert text.startswith("Exam set-up \u201cFinal exam\u201d saved: 12 rounds, New York 2018")
    assert text.endswith("pass mark 85%, time limit 30 min.")


# --------------------------------------------------------------------------- merging


ROOM_KEY = "pit 3 room key"


@pytest.fixture
def station_file(tmp_path: Path, dashboard: InstructorDashboard) -> Path:
    """A training-room station's export holding one trainee, Eve, and a ruling she picked,
    signed with the room's own key, which the dashboard merges with (as the site file says)."""
    dashboard.room_key = ROOM_KEY
    with open_database(tmp_path / "station.sqlite3", backup_on_session=False) as station:
        eve = station.create_trainee("Eve", at=at(0))
        session = station.start_session(eve, "practice", RULES, at=at(1))
        round_id = station.record_round(session, dealt(1), RULES, VERSION, at=at(1))
        give(station, round_id, 2, False)
        station.record_course_answer(eve, "ruling", "0123abcd", False, 7.5,
                                     lesson="irregularities", at=at(3))
        return station.export_station(tmp_path / "station-1.hhe", ROOM_KEY)


def test_merging_a_tampered_station_file_shows_the_refusal(
    qtbot: QtBot,
    dashboard: InstructorDashboard,
    db: TrainerDB,
    monkeypatch: pytest.MonkeyPatch,
    station_file: Path,
) -> None:
    data = station_file.read_bytes()
    assert b'"Eve"' in data
    station_file.write_bytes(data.replace(b'"Eve"', b'"Evil"', 1))
    monkeypatch.setattr(dashboard, "_ask_open_path", lambda *args: station_file)
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    text = dashboard.message.text()
    assert text.startswith("The station file was refused: ")
    assert "damaged or altered" in text and "nothing was merged" in text
    assert "Traceback" not in text
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee"]
    assert len(db.list_trainees()) == 4


def test_merging_a_station_file_adds_its_trainees_once(
    qtbot: QtBot,
    dashboard: InstructorDashboard,
    monkeypatch: pytest.MonkeyPatch,
    station_file: Path,
) -> None:
    monkeypatch.setattr(dashboard, "_ask_open_path", lambda *args: station_file)
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    assert (
        "added 1 trainee, 1 session, 1 round, 1 answer, 0 exams, 1 ruling or scenario answer."
        in dashboard.message.text()
    )
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee", "Eve"]
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    assert "merged before; nothing new was added." in dashboard.message.text()
    assert shown_names(dashboard) == ["Ana", "Ben", "Cy", "Dee", "Eve"]


def test_merging_a_file_that_is_not_a_station_export_is_refused(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    junk = tmp_path / "holiday.jpg"
    junk.write_bytes(b"\xff\xd8\xff\xe0 not a station file")
    monkeypatch.setattr(dashboard, "_ask_open_path", lambda *args: junk)
    qtbot.mouseClick(dashboard.merge_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text().startswith("The station file was refused: ")


def test_row_indexes_outside_the_model_give_no_data(dashboard: InstructorDashboard) -> None:
    model = dashboard.roster_model
    assert model.data(QModelIndex()) is None
    assert model.rowCount(model.index(0, 0)) == 0


def test_this_stations_export_merges_into_the_instructors_database(
    qtbot: QtBot,
    dashboard: InstructorDashboard,
    db: TrainerDB,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """A station's results, saved with the Station button, merge elsewhere once."""
    target = tmp_path / "exports" / "from-this-station"
    target.parent.mkdir()
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: target)
    qtbot.mouseClick(dashboard.station_export_button, Qt.MouseButton.LeftButton)
    assert dashboard.message.text().startswith(f"This station's results are saved to {target}")
    with open_database(tmp_path / "instructor.sqlite3", backup_on_session=False) as elsewhere:
        first = elsewhere.merge_station(target, allow_default_key=True)
        again = elsewhere.merge_station(target, allow_default_key=True)
        names = sorted(trainee.name for trainee in elsewhere.list_trainees())
    assert names == sorted(trainee.name for trainee in db.list_trainees())
    assert first.trainees == len(names) and again.trainees == 0


def test_a_station_export_that_cannot_be_written_says_so(
    qtbot: QtBot, dashboard: InstructorDashboard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder_in_the_way = tmp_path / "taken.hhe"
    folder_in_the_way.mkdir()
    monkeypatch.setattr(dashboard, "_ask_save_path", lambda *args: folder_in_the_way)
    qtbot.mouseClick(dashboard.station_export_button, Qt.MouseButton.LeftButton)
    text = dashboard.message.text()
    assert text.startswith("This station's results could not be saved: ")
    assert "Traceback" not in text


def test_file_dialogs_open_in_the_rooms_results_folder(
    dashboard: InstructorDashboard, tmp_path: Path
) -> None:
    results = tmp_path / "results"
    dashboard.open_files_in(results)  # not there (yet): the dialogs stay where they were
    assert dashboard.file_folder != results
    results.mkdir()
    dashboard.open_files_in(results)
    assert dashboard.file_folder == results
