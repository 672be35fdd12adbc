"""Dragging a chip from the rack onto the table adds it to the payout (issue 22, item 3):
the button goes down on a rack chip, the pointer carries the chip (its face) over the
felt, and letting go there pays it into the stack beside the wager; let go anywhere
else, the chip goes back to the rack. The round is tests/ui/test_chip_mode_window.py's:
seat 3's odds (two red $5) paid 4 to 1, colour for colour eight red $5 (worked by hand,
docs/rules.md §4, §10)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_chip_mode_window import built, keys, make_window, rack_point, to_the_odds
from trainer.engine.chips import Grade as ChipGradeKind
from trainer.ui.main_window import MainWindow

FIVE = Decimal("5.00")


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = make_window(qtbot)
    to_the_odds(qtbot, main)
    yield main
    main.close()


def drag(qtbot: QtBot, main: MainWindow, value: Decimal, to: QPoint,
         during: list[tuple[Decimal | None, Qt.CursorShape]] | None = None) -> None:
    """Press on the rack's chip, move in steps to ``to`` (a point in the rack's
    coordinates), let go there; ``during`` collects what the rack carries on the way."""
    rack = main.chip_rack
    start = rack_point(main, value)
    qtbot.mousePress(rack, Qt.MouseButton.LeftButton, pos=start)
    steps = 6
    for step in range(1, steps + 1):
        point = start + (to - start) * step / steps
        qtbot.mouseMove(rack, pos=point)
        if during is not None:
            during.append((rack.dragging, rack.cursor().shape()))
    qtbot.mouseRelease(rack, Qt.MouseButton.LeftButton, pos=to)


def over_the_table(main: MainWindow) -> QPoint:
    """The middle of the felt, in the rack's coordinates (the table is above the rack)."""
    table = main.table
    return main.chip_rack.mapFromGlobal(table.mapToGlobal(table.rect().center()))


def test_a_chip_dragged_onto_the_table_is_added_to_the_payout(
        qtbot: QtBot, window: MainWindow) -> None:
    carried: list[tuple[Decimal | None, Qt.CursorShape]] = []
    drag(qtbot, window, FIVE, over_the_table(window), carried)
    assert built(window) == [FIVE]
    assert window.table.building_stack.chips == (FIVE,)
    # on the way the pointer carries the red chip (its face as the pointer)
    assert carried[-1] == (FIVE, Qt.CursorShape.BitmapCursor)
    assert window.chip_rack.dragging is None  # let go: the pointer is the pointer again
    assert window.chip_rack.cursor().shape() is Qt.CursorShape.ArrowCursor
    for _ in range(7):
        drag(qtbot, window, FIVE, over_the_table(window))
    keys(qtbot, window, "Enter")
    state = window.state
    assert state is not None and state.finished
    grade = state.grades[-1]
    assert grade.given_text == "8x$5" and grade.correct
    assert grade.chips is not None and grade.chips.grade is ChipGradeKind.RIGHT


def test_a_chip_let_go_off_the_table_goes_back_to_the_rack(
        qtbot: QtBot, window: MainWindow) -> None:
    rack = window.chip_rack
    beside = QPoint(rack.width() - 5, rack_point(window, FIVE).y())  # over the rack: a drag
    drag(qtbot, window, FIVE, beside)
    assert built(window) == []
    below = QPoint(rack_point(window, FIVE).x(), rack.height() + 200)  # off the window
    drag(qtbot, window, FIVE, below)
    assert built(window) == []
    qtbot.mouseClick(rack, Qt.MouseButton.LeftButton, pos=rack_point(window, FIVE))
    assert built(window) == [FIVE]  # a click still adds one


def test_a_drag_when_no_payout_is_asked_adds_nothing(
        qtbot: QtBot, window: MainWindow) -> None:
    rack = window.chip_rack
    keys(qtbot, window, "t")  # the odds taken: the round is over, nothing is being built
    assert not rack.active
    drag(qtbot, window, FIVE, over_the_table(window))
    state = window.state
    assert state is not None and state.finished and len(state.grades) == 7
    assert rack.dragging is None
