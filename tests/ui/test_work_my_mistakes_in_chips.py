""""Work my mistakes" and the course's drills in chip mode (issue 22, item 6): with the
trainee's Pay with chips, a drill's payouts are built from the room's rack as at the table;
a mistake made paying in chips (the right amount in the wrong chips, or a wrong stack) is
dealt again and paid in chips whatever the setting, its payout question asked again.

The round (tests/ui/realx/chip_driver.py): dealer royal flush over seat 3's straight; the
odds wager, two red $5, is paid 4 to 1 by the bad-beat table (docs/rules.md §4, §9): $40.
Colour for colour (the default house procedure, docs/rules.md §10) pays each red 4 to 1 in
reds: eight red $5. One green and three red is the right $40 in the wrong chips. Worked by
hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.realx.chip_driver import CHIP_ROUND
from trainer.engine.chips import DEFAULT_CHIPS
from trainer.engine.chips import Grade as ChipGradeKind
from trainer.engine.round import parse_round
from trainer.engine.settlement import Outcome
from trainer.skills import Skill
from trainer.storage.database import TrainerDB, open_database
from trainer.training.chip_grading import ChipPayout
from trainer.training.recorder import SessionRecorder
from trainer.training.session import TrainingSession, TrainingSettings
from trainer.ui.course import CourseWindow

FIVE, TWENTY_FIVE = Decimal("5.00"), Decimal("25.00")
TYPED = TrainingSettings(seed=20260503, sound=False)


@pytest.fixture
def db(private_data_dir: Path) -> Iterator[TrainerDB]:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    database = open_database(private_data_dir / "station.sqlite3")
    yield database
    database.close()


def play_to_the_odds(state: object) -> None:
    """The dealer's hand, qualifying, seat 3's hand and result, the ante and raise taken:
    all right, typed."""
    for text in ("royal flush Ah Kh Qh Jh Th", "y", "straight", "lose", "lose", "lose"):
        state.answer(text)  # type: ignore[attr-defined]


def odds_in_wrong_chips(db: TrainerDB, trainee: int) -> None:
    """Seat 3's odds paid one green and three red: the right $40, the wrong chips."""
    session = TrainingSession(TrainingSettings(seed=1, sound=False, chip_mode=True))
    recorder = SessionRecorder(db, trainee, session)
    state = session.start_round(parse_round(CHIP_ROUND))
    play_to_the_odds(state)
    assert state.current is not None and state.current.id == "seat-3-odds"
    grade = state.answer_chips(ChipPayout(Outcome.WIN, (TWENTY_FIVE, FIVE, FIVE, FIVE)),
                               DEFAULT_CHIPS)
    assert grade.correct and grade.chips is not None
    assert grade.chips.grade is ChipGradeKind.WRONG_CHIPS
    recorder.close()


def odds_typed_wrong(db: TrainerDB, trainee: int) -> None:
    """Seat 3's odds typed as $30 (3 to 1): the wrong amount, typed."""
    session = TrainingSession(TYPED)
    recorder = SessionRecorder(db, trainee, session)
    state = session.start_round(parse_round(CHIP_ROUND))
    play_to_the_odds(state)
    assert not state.answer("30").correct
    recorder.close()


def open_mistakes(qtbot: QtBot, db: TrainerDB, trainee: int,
                  settings: TrainingSettings = TYPED) -> CourseWindow:
    window = CourseWindow(settings, db=db, trainee_id=trainee)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.work_my_mistakes()
    assert window.pages.currentWidget() is window.drill
    return window


def press(qtbot: QtBot, window: CourseWindow, *presses: str) -> None:
    field = window.drill.panel.field
    for text in presses:
        if text in ("Enter", "Space"):
            qtbot.keyClick(field, Qt.Key.Key_Return if text == "Enter" else Qt.Key.Key_Space)
        else:
            qtbot.keyClicks(field, text)


def test_a_chip_procedure_mistake_is_paid_again_in_chips_though_the_trainee_types(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    odds_in_wrong_chips(db, trainee)
    window = open_mistakes(qtbot, db, trainee)  # Pay with chips is off
    drill = window.drill
    state = drill.state
    assert state is not None
    # The payout the chips were wrong for is asked again (before: no question at all).
    assert [question.id for question in state.questions] == ["seat-3-odds"]
    assert "Chip procedure" in drill.position.text()
    assert drill.rounds.builder is not None and drill.chip_rack.isVisible()
    press(qtbot, window, "8", "3", "Enter")  # eight of the third chip: eight red $5
    (grade,) = state.grades
    assert grade.correct and grade.chips is not None
    assert grade.chips.grade is ChipGradeKind.RIGHT
    assert grade.chips.paid == (FIVE,) * 8
    window.close()


def test_a_drill_asks_payouts_in_chips_when_the_trainee_pays_with_chips(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Ben")
    odds_typed_wrong(db, trainee)
    chips = TrainingSettings(seed=20260503, sound=False, chip_mode=True)
    window = open_mistakes(qtbot, db, trainee, chips)
    drill = window.drill
    state = drill.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-3-odds" and state.current.skill is Skill.BAD_BEAT
    assert drill.rounds.builder is not None and drill.chip_rack.isVisible()
    # one of the fourth chip (a green), a red; Space; two more red
    press(qtbot, window, "1", "4", "3", "Space", "3", "3", "Enter")
    (grade,) = state.grades
    assert grade.correct  # the right $40 for the bad beat ...
    assert grade.chips is not None and grade.chips.grade is ChipGradeKind.WRONG_CHIPS
    # ... and, as in practice, the expected stack is drawn beside the one built.
    assert drill.table.expected_stack.isVisible()
    window.close()


def test_a_typed_mistake_stays_typed_when_the_trainee_types(
        qtbot: QtBot, db: TrainerDB) -> None:
    trainee = db.create_trainee("Cleo")
    odds_typed_wrong(db, trainee)
    window = open_mistakes(qtbot, db, trainee)
    drill = window.drill
    assert drill.state is not None and drill.state.current is not None
    assert drill.state.current.id == "seat-3-odds"
    assert drill.rounds.builder is None and not drill.chip_rack.isVisible()
    press(qtbot, window, "40", "Enter")
    assert drill.state.grades[-1].correct
    window.close()
