"""A whole seat in one line in chip mode (issue 22, item 6): the result typed, Space, then
each of the seat's payouts as a stack built from the rack, by keys or clicks; Right moves
to the next payout, Left back, T and P take and push a part; Enter pays the line, each
part graded as if answered alone. A typed amount is never a chip answer.

The round, worked by hand from docs/rules.md: the dealer's 9d 4s on Ah Kh Qh 7s 9c is a
pair of nines and qualifies (§3); seat 1's Jc Td makes the ace-high straight and wins, so
ante and raise pay 1 to 1 and the odds wager pays a straight 1 to 1 (§4). Colour for
colour (the default procedure, §10): the ante (two red $5) is paid two red, the raise (a
green $25 and a red, $30) a green and a red, the odds (two red) two red.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.training.conftest import CAPPED_ROUND
from tests.ui.test_chip_mode_window import keys, make_window, rack_point
from trainer.engine.round import parse_round
from trainer.ui.main_window import MainWindow

FIVE, TWENTY_FIVE = Decimal("5.00"), Decimal("25.00")
LINE_ROUND = {
    "rules": "ny-2018", "dealer": ["9d", "4s"], "board": ["Ah", "Kh", "Qh", "7s", "9c"],
    "seats": [{"seat": 1, "hole": ["Jc", "Td"], "ante": "10", "odds": "10", "raise": "30",
               "chips": {"ante": {"5": 2}, "odds": {"5": 2}, "raise": {"25": 1, "5": 1}}}],
}


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = make_window(qtbot)
    main.play_round(parse_round(LINE_ROUND))
    for text in ("pair of nines 9d 9c Ah Kh Qh", "y", "straight"):
        main.panel.field.clear()
        qtbot.keyClicks(main.panel.field, text)
        qtbot.keyClick(main.panel.field, Qt.Key.Key_Return)
    state = main.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-1-result"
    yield main
    main.close()


def arrow(qtbot: QtBot, main: MainWindow, key: Qt.Key) -> None:
    qtbot.keyClick(main.panel.field, key)


def test_a_whole_seat_from_the_keyboard_each_payout_a_stack(
        qtbot: QtBot, window: MainWindow) -> None:
    assert "Space" in window.panel.hint.text()  # the line is offered at the result
    keys(qtbot, window, "w", "Space")
    line = window.rounds.line
    assert line is not None and line.current is not None
    assert line.current.id == "seat-1-ante"
    keys(qtbot, window, "2", "3")  # two of the third chip: two red $5
    assert window.table.building_stack.chips == (FIVE, FIVE)
    arrow(qtbot, window, Qt.Key.Key_Right)
    assert line.current.id == "seat-1-raise"
    assert window.table.building_stack.chips == ()  # a new stack beside the raise
    keys(qtbot, window, "4", "Space", "3")  # a green, then a red
    arrow(qtbot, window, Qt.Key.Key_Right)
    assert line.current.id == "seat-1-odds"
    keys(qtbot, window, "2", "3")
    assert window.panel.field.text() == "w | 2x$5 | 1x$25 + 1x$5 | 2x$5\u2026"
    state = window.state
    assert state is not None and len(state.grades) == 3  # nothing graded before Enter
    keys(qtbot, window, "Enter")
    assert state.finished and window.rounds.line is None
    graded = [(g.question.id, g.given_text, g.correct) for g in state.grades[3:]]
    assert graded == [
        ("seat-1-result", "win", True),
        ("seat-1-ante", "2x$5", True),
        ("seat-1-raise", "1x$25 + 1x$5", True),
        ("seat-1-odds", "2x$5", True),
    ]
    chips = [g.chips for g in state.grades[4:]]
    assert all(result is not None and result.correct for result in chips)
    assert len({g.seconds for g in state.grades[3:]}) == 1  # an equal share each


def test_left_brings_the_part_before_back_and_right_with_nothing_built_is_refused(
        qtbot: QtBot, window: MainWindow) -> None:
    keys(qtbot, window, "w", "Space")
    line = window.rounds.line
    assert line is not None and line.current is not None
    arrow(qtbot, window, Qt.Key.Key_Right)  # nothing built for the ante
    assert "Nothing is built for the Ante $10.00" in window.panel.error.text()
    assert line.current.id == "seat-1-ante"
    keys(qtbot, window, "3")
    arrow(qtbot, window, Qt.Key.Key_Right)
    assert line.current.id == "seat-1-raise"
    arrow(qtbot, window, Qt.Key.Key_Left)  # back to the ante: its one red comes back
    assert line.current.id == "seat-1-ante"
    assert window.table.building_stack.chips == (FIVE,)
    keys(qtbot, window, "Escape", "Escape")  # the whole payout back: start it again
    assert window.table.building_stack.chips == ()
    arrow(qtbot, window, Qt.Key.Key_Left)  # back to the result as typed
    assert window.rounds.line is None and window.rounds.builder is None
    assert window.panel.field.text() == "w"
    state = window.state
    assert state is not None and len(state.grades) == 3  # still nothing graded


def test_t_and_p_give_a_part_and_enter_pays_a_shorter_line(
        qtbot: QtBot, window: MainWindow) -> None:
    """A wrong line is graded part by part: the ante pushed and the raise taken are
    wrong (both pay), the rest of the seat is asked as usual."""
    keys(qtbot, window, "w", "Space", "p", "t", "Enter")
    state = window.state
    assert state is not None and state.current is not None
    assert [(g.question.id, g.correct) for g in state.grades[3:]] == [
        ("seat-1-result", True), ("seat-1-ante", False), ("seat-1-raise", False)]
    assert state.current.id == "seat-1-odds"
    assert window.rounds.builder is not None and window.rounds.line is None  # asked alone


def test_clicks_on_the_rack_build_each_part_of_the_line(
        qtbot: QtBot, window: MainWindow) -> None:
    keys(qtbot, window, "w", "Space")
    rack = window.chip_rack
    for value in (FIVE, FIVE):
        qtbot.mouseClick(rack, Qt.MouseButton.LeftButton, pos=rack_point(window, value))
    arrow(qtbot, window, Qt.Key.Key_Right)
    for value in (TWENTY_FIVE, FIVE):
        qtbot.mouseClick(rack, Qt.MouseButton.LeftButton, pos=rack_point(window, value))
    arrow(qtbot, window, Qt.Key.Key_Right)
    for value in (FIVE, FIVE):
        qtbot.mouseClick(rack, Qt.MouseButton.LeftButton, pos=rack_point(window, value))
    arrow(qtbot, window, Qt.Key.Key_Right)  # after the last part: the line is paid
    state = window.state
    assert state is not None and state.finished and all(g.correct for g in state.grades)


def test_a_typed_line_with_amounts_is_refused_in_chip_mode(
        qtbot: QtBot, window: MainWindow) -> None:
    window.panel.field.setText("w 10 30 10")
    qtbot.keyClick(window.panel.field, Qt.Key.Key_Return)
    assert "each payout of a line is a stack" in window.panel.error.text()
    state = window.state
    assert state is not None and len(state.grades) == 3


def test_a_word_that_is_not_a_result_is_said_when_space_starts_the_line(
        qtbot: QtBot, window: MainWindow) -> None:
    keys(qtbot, window, "x", "Space")
    assert window.rounds.line is None and window.panel.error.text() != ""
    state = window.state
    assert state is not None and len(state.grades) == 3


def test_a_capped_total_in_a_line_is_paid_in_chips_never_taken(qtbot: QtBot) -> None:
    """tests/training/conftest.py's capped round (house rules, $3,000 cap): seat 6's
    royal flush wins far above the cap; its line ends with the capped total, a fixed
    amount paid in the fewest chips (docs/rules.md §6, §10): three orange $1,000."""
    main = make_window(qtbot)
    main.play_round(parse_round(CAPPED_ROUND))
    for text in ("pair 4c 4d Qh Jh Th", "y", "6", "royal"):
        main.panel.field.clear()
        qtbot.keyClicks(main.panel.field, text)
        qtbot.keyClick(main.panel.field, Qt.Key.Key_Return)
    keys(qtbot, main, "w", "Space", "t", "t", "t", "t", "t")  # five parts taken (wrongly)
    line = main.rounds.line
    assert line is not None and line.current is not None
    assert line.current.id == "seat-6-capped-total"
    keys(qtbot, main, "t")
    assert "Seat 6 is capped" in main.panel.error.text()
    assert line.current.id == "seat-6-capped-total" and len(line.paid) == 5
    keys(qtbot, main, "3", "7", "Enter")  # three of the seventh chip: $1,000 each
    state = main.state
    assert state is not None
    graded = {g.question.id: g for g in state.grades}
    capped = graded["seat-6-capped-total"]
    assert capped.correct and capped.given_text == "3x$1,000"
    assert capped.chips is not None and capped.chips.correct
    assert not graded["seat-6-odds"].correct  # a royal's odds are not taken
    main.close()
