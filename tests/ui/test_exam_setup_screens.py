"""The instructor's exam set-ups on screen (new, edit as a new version, retire) and the
trainee's exam following its set-up, never the station's Settings; one score text on
every screen and in the PDF (issue 14)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox, QTableView
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, create_exam_config
from tests.ui.test_practice_loop import play_all_correct, type_answer
from trainer import reports
from trainer.engine.evaluator import Category
from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup
from trainer.skills import Skill
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.storage.models import ExamConfig
from trainer.training.questions import DealerHandAnswer, QuestionKind
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog
from trainer.ui.progress.trainee_page import ExamsTable, TraineePage

STATION = TrainingSettings(rules="massachusetts", seats=1, side_bets=(), sound=False,
                           exam_rounds=7, seed=1)
"""A station whose Settings say 1 seat, no side bets, another rule set, 7 exam rounds."""


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "room.sqlite3", backup_on_session=False)
    yield database
    database.close()


@pytest.fixture
def setups(qtbot: QtBot, db: TrainerDB) -> Iterator[ExamSetupsDialog]:
    dialog = ExamSetupsDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    yield dialog
    dialog.close()


def _fill(dialog: ExamSetupDialog, *, rounds: str = "3", seats: int = 4,
          bets: tuple[Wager, ...] = (Wager.TRIPS_PLUS,), seed: str | None = "4711",
          attempts: str = "2", wait: str = "24") -> None:
    dialog.rounds_edit.setText(rounds)
    dialog.seats_spin.setValue(seats)
    for wager, box in dialog.side_bet_boxes.items():
        box.setChecked(wager in bets)
    dialog.same_hands_box.setChecked(seed is not None)
    dialog.seed_edit.setText(seed or "")
    dialog.attempts_edit.setText(attempts)
    dialog.wait_edit.setText(wait)


def test_the_set_up_dialog_saves_tables_seats_side_bets_same_hands_and_attempts(
    qtbot: QtBot, db: TrainerDB
) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    _fill(dialog)
    trips = dialog.table_combos["trips_plus_table"]
    trips.setCurrentIndex(trips.findData("B"))
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted, dialog.message.text()
    [config] = db.list_exam_configs()
    setup = config.setup
    assert setup is not None and config.version == 1
    assert (setup.rounds, setup.seats, setup.side_bets) == (3, 4, (Wager.TRIPS_PLUS,))
    assert (setup.seed, setup.max_attempts, setup.wait_hours) == (4711, 2, 24)
    assert setup.options["trips_plus_table"] == "B"


def test_a_rule_set_without_a_progressive_offers_no_progressive_side_bet(
    qtbot: QtBot, db: TrainerDB
) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("massachusetts"))
    box = dialog.side_bet_boxes[Wager.PROGRESSIVE]
    assert not box.isEnabled() and not box.isChecked()
    assert dialog.table_combos["progressive_table"].count() == 0


def test_a_hands_number_of_zero_is_refused_by_its_field(qtbot: QtBot, db: TrainerDB) -> None:
    dialog = ExamSetupDialog(db)
    qtbot.addWidget(dialog)
    _fill(dialog, seed="0")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.message.text() == (
        "Same hands: the hands number: 0 is not a whole number from 1 to 999,999,999"
        " (leave it empty for new hands each time).")
    assert db.list_exam_configs() == []


def test_editing_a_set_up_saves_version_2_under_its_name_and_the_list_shows_it(
    setups: ExamSetupsDialog, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_id = db.create_exam_setup(ExamSetup("Final", 10, 80.0, seats=6))
    setups.refresh(config_id)

    def edit(dialog: QDialog) -> bool:
        assert isinstance(dialog, ExamSetupDialog)
        assert dialog.name_edit.isReadOnly() and dialog.name_edit.text() == "Final"
        assert dialog.seats_spin.value() == 6  # the set-up as it is
        _fill(dialog, rounds="12", seats=2, seed=None, attempts="", wait="")
        dialog.accept()
        return dialog.result() == QDialog.DialogCode.Accepted

    monkeypatch.setattr(setups, "_run_dialog", edit)
    assert setups.edit_selected() == config_id
    config = db.get_exam_config(config_id)
    assert config is not None and config.setup is not None
    assert (config.name, config.version, config.rounds, config.setup.seats) == ("Final", 2, 12, 2)
    assert setups.message.text() == "\u201cFinal\u201d saved as version 2."
    row = [setups.table.item(0, column).text() for column in range(4)]
    assert row[:2] == ["Final", "2"] and row[3] == "yes"
    assert "12 rounds" in row[2] and "2 occupied seats" in row[2]


def test_a_retired_set_up_is_no_longer_offered_when_a_trainee_chooses_an_exam(
    qtbot: QtBot, setups: ExamSetupsDialog, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_exam_config(db, "Kept", 5, "ny-2018", 80)
    old = create_exam_config(db, "Old", 5, "ny-2018", 80)
    setups.refresh(old)
    monkeypatch.setattr(setups, "_confirm", lambda question: "Retire \u201cOld\u201d" in question)
    assert setups.retire_selected()
    assert not setups.edit_button.isEnabled() and not setups.retire_button.isEnabled()
    assert setups.table.item(1, 0).text() == "Old"  # retired ones listed last
    assert setups.table.item(1, 3).text().startswith("retired ")

    offered: list[str] = []

    def choose(*args: Any) -> tuple[str, bool]:
        offered.extend(args[3])
        return args[3][-1], True  # the practice exam

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    trainee = db.create_trainee("Ana")
    window = MainWindow(STATION, db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    assert window._choose_exam_config() is None
    assert [label.split(":")[0] for label in offered] == [
        "Kept", "Station exam (this station's Settings, pass mark 80%; not an instructor's"
        " exam)"]
    window.close()


def _choose(config: ExamConfig) -> Any:
    def choose(*args: Any) -> tuple[str, bool]:
        return next(label for label in args[3] if label.startswith(f"{config.name}:")), True

    return choose


def test_switching_to_exam_mode_deals_the_set_ups_exam_and_ignores_the_stations_settings(
    qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_id = db.create_exam_setup(ExamSetup(
        "Full table", 3, 80.0, None, "ny-2018", seats=5,
        side_bets=(Wager.TRIPS_PLUS, Wager.POCKET_BONUS)))
    config = db.get_exam_config(config_id)
    assert config is not None
    monkeypatch.setattr(QInputDialog, "getItem", _choose(config))
    trainee = db.create_trainee("Ana")
    window = MainWindow(STATION, db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    state = window.state
    assert state is not None
    assert len(state.round.seats) == 5 and state.round.ruleset.id == "ny-2018"
    assert window.session.settings.exam_rounds == 3
    assert window.session.settings.side_bets == (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)
    assert window._position(state).startswith("Exam round 1 of 3 ")
    assert window.settings.seats == 1  # the station's Settings are left as they were
    recorder = window.recorder
    assert recorder is not None and recorder.exam is not None
    assert recorder.exam.setup is not None and recorder.exam.setup.seats == 5
    assert recorder.exam.attempt == 1
    window.close()


def test_an_attempt_during_the_wait_is_refused_saying_when_and_the_choice_comes_back(
    qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_id = db.create_exam_setup(ExamSetup("Daily", 1, 80.0, wait_hours=24))
    config = db.get_exam_config(config_id)
    assert config is not None
    trainee = db.create_trainee("Ana")
    first = db.start_exam(trainee, config_id)
    db.finish_exam(first.id)
    answers = iter([True, False])  # the set-up, then the practice exam

    def choose(*args: Any) -> tuple[str, bool]:
        return (args[3][0] if next(answers) else args[3][-1]), True

    said: list[str] = []
    monkeypatch.setattr(QInputDialog, "getItem", choose)
    monkeypatch.setattr(QMessageBox, "information", lambda *args: said.append(args[2]))
    window = MainWindow(STATION, db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    finished = db.exam_results(trainee)[0].finished
    assert finished is not None
    allowed = (finished + timedelta(hours=24)).astimezone().strftime("%Y-%m-%d %H:%M")
    assert said == [f"Attempt 2 at the exam \u201cDaily\u201d is allowed from {allowed}:"
                    " 24 hours after the last attempt ended."]
    assert window.recorder is not None and window.recorder.exam is None  # a practice exam
    assert len(db.exam_results(trainee)) == 1
    window.close()


def _score_cell(table: QTableView) -> str:
    model = table.model()
    column = next(c for c in range(model.columnCount())
                  if model.headerData(c, Qt.Orientation.Horizontal) == "Score")
    return str(model.index(0, column).data())


def test_one_exam_shows_the_same_score_on_the_end_screen_my_exams_the_exams_tab_and_pdf(
    qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_id = db.create_exam_setup(ExamSetup("One round", 1, 50.0, None, "ny-2018",
                                               seats=2, side_bets=(), seed=12))
    config = db.get_exam_config(config_id)
    assert config is not None
    monkeypatch.setattr(QInputDialog, "getItem", _choose(config))
    trainee = db.create_trainee("Ana")
    window = MainWindow(STATION, db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    state = window.state
    assert state is not None and state.current is not None
    expected_hand = state.current.expected
    assert isinstance(expected_hand, DealerHandAnswer)
    wrong = "royal flush" if expected_hand.category is not Category.ROYAL_FLUSH else "high card"
    type_answer(qtbot, window, f"{wrong} " + " ".join(str(c) for c in expected_hand.cards))
    assert state.grades and not state.grades[0].correct
    play_all_correct(qtbot, window)
    questions = len(state.questions)
    # One wrong of all the round's questions, rounded to one decimal, halves up.
    expected = (Decimal(100 * (questions - 1)) / questions).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_UP)
    text = f"{expected}%"

    [exam] = db.exam_results(trainee)
    end_screen = window.panel.hint.text()
    dialog = window.progress_dialog()
    assert dialog is not None
    mine = dialog.findChild(ExamsTable)
    assert mine is not None
    page = TraineePage(db, trainee)
    qtbot.addWidget(page)
    pdf = reports.exam_report_html(db, exam.id)

    assert f"({text})" in end_screen
    assert _score_cell(mine) == text
    assert _score_cell(page.exams_view) == text
    assert f"score {text}" in pdf
    dialog.deleteLater()
    window.close()


def test_the_issues_78_6_percent_reads_the_same_in_my_exams_the_exams_tab_and_the_pdf(
    qtbot: QtBot, db: TrainerDB
) -> None:
    trainee = db.create_trainee("Ana")
    exam = db.start_exam(trainee, create_exam_config(db, "Final", 1, "ny-2018", 80))
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, "ny-2018", 1)
    for index in range(14):  # 11 of 14: 78.571...%
        db.record_answer(NewAnswer(round_id, f"q{index}", QuestionKind.PAYOUT, Skill.ANTE, 1,
                                   Wager.ANTE, "10.00", "10.00" if index < 11 else "20.00",
                                   index < 11, 3.0))
    db.finish_exam(exam.id)
    mine = ExamsTable()
    qtbot.addWidget(mine)
    mine.set_exams(db.exam_results(trainee))
    page = TraineePage(db, trainee)
    qtbot.addWidget(page)
    assert _score_cell(mine) == _score_cell(page.exams_view) == "78.6%"
    assert "score 78.6%" in reports.exam_report_html(db, exam.id)


def test_the_site_files_exam_is_neither_edited_nor_retired_in_the_list(
    qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Retired here, the next start would only make the site's exam again under another
    name: IT changes it in the site file, and the list says so."""
    site_exam = create_exam_config(db, "Audition", 20, "ny-2018", 90)
    dialog = ExamSetupsDialog(db, site_exam_id=site_exam)
    qtbot.addWidget(dialog)
    dialog.refresh(site_exam)
    monkeypatch.setattr(dialog, "_confirm", lambda question: True)
    assert not dialog.edit_button.isEnabled() and not dialog.retire_button.isEnabled()
    assert not dialog.retire_selected() and dialog.edit_selected() is None
    assert "site file" in dialog.message.text()
    assert dialog.table.item(0, 3).text() == "yes (site file)"
    assert [config.retired for config in db.list_exam_configs(retired=True)] == [None]
