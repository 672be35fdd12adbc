"""Speed mode in chip mode (issue 22, item 6): each payout is built from the rack and graded
by the house's procedure as in practice, with no running total and nothing shown until the
round is over (a dealer counts; speed mode shows a round's grades when it is finished).

The round (tests/ui/realx/chip_driver.py): seat 3's odds wager, two red $5, is paid 4 to 1
by the bad-beat table: $40, colour for colour eight red $5 (docs/rules.md §4, §9, §10).
Worked by hand.
"""

from __future__ import annotations

from decimal import Decimal

from pytestqt.qtbot import QtBot

from tests.ui.test_chip_mode_window import keys, make_window, to_the_odds
from trainer.engine.chips import Grade as ChipGradeKind
from trainer.training.session import Mode

FIVE, TWENTY_FIVE = Decimal("5.00"), Decimal("25.00")


def test_speed_mode_grades_each_stack_by_the_procedure_and_shows_it_after_the_round(
        qtbot: QtBot) -> None:
    main = make_window(qtbot, Mode.SPEED, chip_total=True)
    to_the_odds(qtbot, main)
    assert main.chip_rack.isVisible() and main.rounds.builder is not None
    keys(qtbot, main, "1", "4", "3", "Space", "3", "3")  # a green and three red: $40
    assert "Total" not in main.chip_rack.status  # asked for, but never in speed mode
    keys(qtbot, main, "Enter")
    state = main.state
    assert state is not None
    odds = state.grades[-1]
    assert odds.question.id == "seat-3-odds" and odds.correct
    assert odds.chips is not None and odds.chips.grade is ChipGradeKind.WRONG_CHIPS
    assert odds.chips.paid == (TWENTY_FIVE, FIVE, FIVE, FIVE)
    assert odds.chips.expected.stack == (FIVE,) * 8
    assert not main.table.expected_stack.isVisible()  # no feedback during the round
    assert main.session.visible_grades() == tuple(state.grades)  # the round is over
    main.close()
