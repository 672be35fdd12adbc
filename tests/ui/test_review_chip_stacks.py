"""The review of a stored round (and the instructor's replay, the same window) draws the
stack a chip answer built beside the expected one (issue 22, item 6)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import AnswerRecord, Mistake
from trainer.ui.review_window import ReviewWindow

D = Decimal
T0 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)

# Seat 6's heart flush beats the dealer's kings: its odds, one red $5, pays 3 to 2 = $7.50.
FLUSH_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kc", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "seats": [{"seat": 6, "hole": ["Qh", "3h"], "ante": "5", "odds": "5", "raise": "15",
               "chips": {"odds": {"5": 1}}}],
}


def _mistake(question: str, skill: Skill, expected: str, given: str) -> Mistake:
    answer = AnswerRecord(1, 1, 1, question, QuestionKind.PAYOUT, skill, 6, Wager.ODDS,
                          expected, given, False, 4.0, T0)
    version = load_ruleset("ny-2018").version
    return Mistake(answer, FLUSH_ROUND, "ny-2018", version, T0)


def test_a_chip_mistake_shows_the_stack_built_then_beside_the_expected_one(
        qtbot: QtBot) -> None:
    # Three pinks ($7.50, the right amount) where colour for colour pays one red at 3 to 2
    # with one red and, for the $2.50 no red pays, one pink.
    mistake = _mistake("seat-6-odds.chips", Skill.CHIP_PROCEDURE, "1x$5 + 1x$2.50", "3x$2.50")
    review = ReviewWindow(FLUSH_ROUND, mistake=mistake)
    qtbot.addWidget(review)
    review.resize(1366, 768)
    review.show()
    assert review.stacks is not None
    captions = [(stack.caption, stack.chips) for stack in review.stacks.stacks]
    assert captions == [("BUILT THEN", (D("2.50"),) * 3), ("EXPECTED", (D("5.00"), D("2.50")))]
    assert review.stacks.isVisible()
    assert review.notes[0].startswith("Recorded in chips")
    note = review.findChild(QLabel, "recorded-note")
    assert note is not None and note.isVisible()
    assert note.text().startswith("Seat 6, Odds: Built then: 3 x $2.50 pink ($7.50);"
                                  " expected: 1 x $5 red, 1 x $2.50 pink ($7.50)")
    shots = os.environ.get("HHE_SHOTS")
    if shots:
        review.grab().save(str(Path(shots) / "review_chip_stacks.png"))
    review.close()


def test_a_wrong_amount_in_chips_shows_the_stack_the_procedure_expects(qtbot: QtBot) -> None:
    mistake = _mistake("seat-6-odds", Skill.ODDS_WIN, "$7.50", "1x$5")
    review = ReviewWindow(FLUSH_ROUND, mistake=mistake)
    qtbot.addWidget(review)
    assert review.stacks is not None
    assert review.stacks.stacks[1].chips == (D("5.00"), D("2.50"))
    review.close()


def test_a_typed_mistake_draws_no_stacks(qtbot: QtBot) -> None:
    mistake = _mistake("seat-6-odds", Skill.ODDS_WIN, "$7.50", "5")
    review = ReviewWindow(FLUSH_ROUND, mistake=mistake)
    qtbot.addWidget(review)
    assert review.stacks is None
    assert review.notes[0] == "Recorded: 5 \u2014 right: $7.50."
    review.close()
    assert parse_round(FLUSH_ROUND).seat(6).chips[Wager.ODDS] == (D("5.00"),)


def test_the_replay_of_a_stored_chip_mistake_from_the_progress_view_draws_both_stacks(
        qtbot: QtBot, tmp_path: Path) -> None:
    # What the trainee's and the instructor's progress view open ("Open on table"):
    # MainWindow.reopen_round with the stored mistake, read back from the database.
    from trainer.storage import NewAnswer, open_database
    from trainer.training.session import TrainingSettings
    from trainer.ui.main_window import MainWindow

    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana", at=T0)
        session = db.start_session(ana, "practice", "ny-2018", at=T0)
        played = db.record_round(session, FLUSH_ROUND, "ny-2018", 1, at=T0)
        db.record_answer(NewAnswer(played, "seat-6-odds.chips", "payout", "chip_procedure", 6,
                                   "odds", "1x$5 + 1x$2.50", "3x$2.50", False, 4.0), at=T0)
        (mistake,) = db.trainee_mistakes(ana)
        window = MainWindow(TrainingSettings(sound=False), db=db, trainee_id=ana)
        qtbot.addWidget(window)
        window.reopen_round(mistake.round, mistake)
        review = window.review
        assert review.stacks is not None
        assert [stack.chips for stack in review.stacks.stacks] == [
            (D("2.50"),) * 3, (D("5.00"), D("2.50"))]
        review.close()
        window.close()
