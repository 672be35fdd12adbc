"""The table test (issue 23, item 3): an instructor's set-up that is a table test, chosen in
Exam mode, runs in Run the round: every candidate gets the same whole rounds (the hands
number), nothing is explained until the last is run, the test is scored against its pass
mark from the steps kept, and its report is the record for the personnel file (trainee,
game, rule set, date, rounds, errors by kind, pass/fail, the examiner's sign-off line),
sealed and checked by ``hhe-trainer verify``.

The errors are made by hand: in round 1 the first wager wrongly accepted or refused, the
first deal step given to another target, the dealer's qualifying question answered the
other way; in round 2 the first clearing step given to another target. So the errors by
kind are 1 wager, 1 deal, 0 decisions, 1 settlement, 1 clearing: 4 of all the steps."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog
from pytestqt.qtbot import QtBot

from trainer import reports
from trainer.cli import main as cli
from trainer.engine.procedure import DealMethod, Target
from trainer.engine.round import round_to_json
from trainer.exam_setup import ExamSetup
from trainer.skills import QuestionKind
from trainer.storage.database import TrainerDB, open_database
from trainer.training.procedure import Step, StepKind
from trainer.training.procedure_records import errors_by_kind
from trainer.training.questions import answer_text
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.procedure_window import ProcedureWindow

TABLE_TEST = ExamSetup("Table test", 2, 90.0, ruleset_id="house", seats=2, seed=4711,
                       table_test=DealMethod.MANUAL)


@pytest.fixture
def db(private_data_dir: Path) -> Iterator[TrainerDB]:
    database = open_database(backup_on_session=False)  # the station's file, for verify
    yield database
    database.close()


def start_test(qtbot: QtBot, db: TrainerDB, name: str,
               monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, ProcedureWindow]:
    """``name`` signs in, chooses Exam mode and the first set-up offered."""
    trainee = db.create_trainee(name)
    main = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(main)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args: (args[3][0], True))
    main.set_mode(Mode.EXAM)
    [window] = main.findChildren(ProcedureWindow)
    assert main.mode is Mode.PRACTICE  # the practice window stays as it was
    return main, window


def right(step: Step) -> object:
    if step.kind is not StepKind.SETTLEMENT:
        return step.expected
    assert step.question is not None
    text = answer_text(step.question.kind, step.question.expected)
    return "take" if text.startswith("take") else text


def other_target(step: Step) -> Target:
    return next(choice for choice in step.choices if choice != step.expected)


def first(steps: tuple[Step, ...], kind: StepKind) -> Step:
    return next(step for step in steps if step.kind is kind)


def test_every_candidate_runs_the_same_rounds(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(TABLE_TEST)
    dealt = []
    for name in ("Ana", "Bo"):
        main, window = start_test(qtbot, db, name, monkeypatch)
        assert window.exam is not None and window.exam.table_test is DealMethod.MANUAL
        assert window.stage.text().startswith("Table test Table test: round 1 of 2")
        assert window.run is not None
        round_ = window.run.round.round
        assert len(round_.seats) == 2 and round_.ruleset.id == "house"
        dealt.append((round_to_json(round_), [s.id for s in window.run.round.steps]))
        window.close()
        main.close()
    assert dealt[0] == dealt[1]


def test_a_table_test_is_scored_recorded_and_verified(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        private_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db.create_exam_setup(TABLE_TEST)
    main, window = start_test(qtbot, db, "Ana", monkeypatch)
    # round 1: three errors
    assert window.run is not None
    steps = window.run.round.steps
    wrong: dict[str, object] = {}
    wager = first(steps, StepKind.WAGER)
    wrong[wager.id] = not wager.expected
    deal = first(steps, StepKind.DEAL)
    wrong[deal.id] = other_target(deal)
    qualifies = next(s for s in steps if s.question is not None
                     and s.question.kind is QuestionKind.QUALIFIES)
    wrong[qualifies.id] = "no" if right(qualifies) == "yes" else "yes"
    for step in steps:
        window.give(wrong.get(step.id, right(step)))
    assert window.run.finished
    assert "Nothing is explained until the table test is over" in window.stage.text()
    assert "Wrong" not in window.feedback.toPlainText()  # nothing explained yet
    first_total = len(steps)
    window.next_round()
    assert window.exam_number == 2
    # round 2: one error, the first clearing step
    steps = window.run.round.steps
    clear = first(steps, StepKind.CLEAR)
    for step in steps:
        window.give(other_target(step) if step is clear else right(step))
    total = first_total + len(steps)
    # 4 errors in all the steps of both rounds
    expected_score = 100 * (total - 4) / total
    result = window.exam_result
    assert result is not None and result.score == pytest.approx(expected_score)
    assert result.passed is (expected_score >= 90)
    verdict = "passed" if result.passed else "not passed"
    assert window.stage.text().startswith(f"All rounds run. Score {expected_score:.1f}%"
                                          f" (pass mark 90%): {verdict}.")
    shown = window.feedback.toPlainText()
    assert "the wagers before the deal: 1 of " in shown and "the decisions: 0 of " in shown
    assert "the deal: 1 of " in shown and "clearing the table: 1 of " in shown
    assert "the settlement's questions: 1 of " in shown
    window.next_round()  # no round after the last
    assert window.exam_number == 2

    # the rows kept, by kind of step
    assert main.trainee_id is not None
    [exam] = db.exam_results(main.trainee_id)
    kept = [a for a in db.trainee_answers(main.trainee_id) if a.session_id == exam.session_id]
    assert len(kept) == total
    counts = errors_by_kind(kept)
    assert [wrong for _steps, wrong in counts.values()] == [1, 1, 0, 1, 1]
    assert sum(steps for steps, _wrong in counts.values()) == total

    # the record: its HTML, and the PDF's text read back
    html = reports.exam_report_html(db, exam.id).replace("&#x27;", "'")
    assert "<title>Table test record: Ana</title>" in html
    assert "<b>Game</b></td><td>Heads Up Hold'em</td>" in html
    assert "<b>Deal</b></td><td>dealt by hand</td>" in html
    assert ("<b>Rounds</b></td><td>2 set, 2 run from the first wager to the cleared"
            " table</td>") in html
    assert f"<b>Steps</b></td><td>{total}, of which 4 errors</td>" in html
    assert "Examiner (floor supervisor or above)" in html
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    from trainer.ui.progress.pdf import write_pdf

    path = tmp_path / "record.pdf"
    write_pdf(reports.exam_report_html(db, exam.id), path)
    text = " ".join(subprocess.run(["pdftotext", str(path), "-"], check=True,
                                   capture_output=True, text=True).stdout.split())
    assert "Table test record: Ana" in text
    assert exam.started.astimezone().strftime("%Y-%m-%d") in text
    assert "Casino house rules (house, version 1)" in text  # the rule set, by name and key
    assert "Errors by kind of step" in text
    for name, wrong_count in (("The wagers before the deal (accepted or refused)", 1),
                              ("The players' decisions (accepted or refused)", 0),
                              ("Clearing the table, in order", 1)):
        assert f"{name} {counts_of(counts, name)} {wrong_count}" in text
    assert ("PASS" if result.passed else "FAIL") in text
    assert "COMAR 36.05.03.18" in text and "611a.5" in text
    assert exam.verification_code is not None and exam.verification_code in text
    # sealed: verify on the stored record
    capsys.readouterr()
    assert cli(["verify", exam.verification_code,
                "--data-folder", str(private_data_dir)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Record: valid")
    main.close()


_NAMES = {"The wagers before the deal (accepted or refused)": StepKind.WAGER,
          "The players' decisions (accepted or refused)": StepKind.DECISION,
          "Clearing the table, in order": StepKind.CLEAR}


def counts_of(counts: dict[StepKind, tuple[int, int]], name: str) -> int:
    """The steps of the kind the record names ``name``."""
    return counts[_NAMES[name]][0]


def test_a_table_test_closed_before_its_end_is_not_passed(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    db.create_exam_setup(TABLE_TEST)
    main, window = start_test(qtbot, db, "Cy", monkeypatch)
    assert window.run is not None
    steps = window.run.round.steps
    for step in steps[:5]:
        window.give(right(step))  # five steps right, then the window closed
    window.close()
    [exam] = db.exam_results(main.trainee_id)
    # the rest of round 1 kept as unanswered: 5 right of its steps, not passed
    assert exam.score == pytest.approx(100 * 5 / len(steps))
    assert exam.passed is False
    main.close()
