"""Spot the dealer's mistake with chips draws the dealer's chips on the felt (issues 22 and
23): each paid wager's chips beside the wager's own, as the exercise gives them; the wager
chosen in the list as a plate beside its spot with each column counted (PAID) and, after
the verdict, where it was wrong or marked, the right stack beside that (EXPECTED). Nothing
covers a spot, a card or another stack. Without chips the felt is as before: amounts only.

The round and its chips are worked by hand in tests/training/test_chip_procedure_mistakes.py
(default rack, the house pays colour for colour; the dealer converted seat 4's payouts):

- seat 4: ante $25 bet as five red, paid 1 to 1; the dealer converted it to one green
  (colour for colour: five red). Raise $25 bet as one green: one green either way. Odds
  pushed (three nines are below a straight): no payout, no stack.
- seat 6: ante $10 (two red) paid two red; raise $30 (a green and a red) paid a green and
  a red; odds $10 (two red) at 3 to 2 = $15, three red.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from tests.training.test_chip_procedure_mistakes import ANTE_4, converted
from tests.ui.test_table_layout import is_ancestor, overlap
from trainer.engine.chips import DEFAULT_CHIPS
from trainer.engine.round import Wager
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import Outcome
from trainer.exam_setup import ExamSetup
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import Spot, with_mistakes
from trainer.ui.mistakes_window import MistakesWindow
from trainer.ui.table import layout

D = Decimal
RED, GREEN = D("5.00"), D("25.00")
DEALERS_CHIPS = {
    (4, Wager.ANTE): (GREEN,),
    (4, Wager.RAISE): (GREEN,),
    (6, Wager.ANTE): (RED, RED),
    (6, Wager.RAISE): (GREEN, RED),
    (6, Wager.ODDS): (RED, RED, RED),
}
"""Each paid wager's chips as the dealer paid them, largest first (worked above)."""
SIZES = [(1366, 768), (3840, 2160)]


def opened(qtbot: QtBot, size: tuple[int, int], chips: bool, rules: str = "ny-2018",
           seats: int | None = None) -> MistakesWindow:
    window = MistakesWindow(shipped_catalogue(), load_ruleset(rules), seed=1, seats=seats,
                            chips=DEFAULT_CHIPS if chips else None)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MistakesWindow]:
    made = opened(qtbot, (1366, 768), chips=True)
    made.show_exercise(converted())
    yield made
    made.close()


def test_each_paid_wager_has_the_dealers_chips_beside_it(window: MistakesWindow) -> None:
    assert window.table.paid_chips() == DEALERS_CHIPS
    # drawn as a dealer sets them out: one column per colour, each chip counted
    assert window.table.spot_item(4, Wager.ANTE).payout.columns == ((GREEN, 1),)
    assert window.table.spot_item(6, Wager.RAISE).payout.columns == ((GREEN, 1), (RED, 1))
    assert window.table.spot_item(6, Wager.ODDS).payout.columns == ((RED, 3),)
    # the pushed odds has no payout; the chips paid replace the written amount
    assert not window.table.spot_item(4, Wager.ODDS).payout.isVisible()
    assert not window.table.spot_item(6, Wager.ODDS).label.isVisible()


def test_the_chosen_wager_is_paid_on_a_plate_beside_it(window: MistakesWindow) -> None:
    window.select_spot(Spot(6, Wager.ODDS))
    assert window.table.paid_stack.isVisible()
    assert window.table.paid_stack.chips == (RED, RED, RED)
    assert not window.table.expected_stack.isVisible()  # nothing judged before Done
    window.select_spot(Spot(4, Wager.ODDS))  # pushed: nothing paid, no plate
    assert not window.table.paid_stack.isVisible()


def test_after_done_a_missed_payout_shows_the_right_stack_beside_the_dealers(
        window: MistakesWindow) -> None:
    window.select_spot(ANTE_4)
    assert window.table.paid_stack.chips == (GREEN,)
    window.finish()  # no marks: seat 4's ante and nothing else was wrong, missed
    assert window.grade is not None
    window.select_spot(ANTE_4)
    assert window.table.paid_stack.chips == (GREEN,)  # what the dealer paid
    assert window.table.expected_stack.isVisible()
    assert window.table.expected_stack.chips == (RED,) * 5  # colour for colour
    # the felt now shows the right settlement: five red on seat 4's ante
    assert window.table.paid_chips()[(4, Wager.ANTE)] == (RED,) * 5
    window.select_spot(Spot(6, Wager.ODDS))  # right, and not marked: no EXPECTED
    assert window.table.paid_stack.chips == (RED, RED, RED)
    assert not window.table.expected_stack.isVisible()


def test_an_exam_shows_the_dealers_chips_and_nothing_right_before_its_end(
        qtbot: QtBot) -> None:
    exam = ExamSetup("Floor test", 2, 60.0, ruleset_id="ny-2018", seed=4711, mistakes=True)
    window = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), exam=exam,
                            chips=DEFAULT_CHIPS)
    qtbot.addWidget(window)
    try:
        window.resize(1366, 768)
        window.show()
        window.show_exercise(converted())
        assert window.table.paid_chips() == DEALERS_CHIPS
        window.finish()  # exercise 1 of 2 done: nothing explained yet
        window.select_spot(ANTE_4)
        assert window.table.paid_stack.chips == (GREEN,)
        assert not window.table.expected_stack.isVisible()
        assert window.table.paid_chips() == DEALERS_CHIPS  # still the dealer's
    finally:
        window.close()


def felt(window: MistakesWindow) -> list[tuple[str, QRectF]]:
    """Every item on the felt, with the plates shown."""
    table = window.table
    items = table.layout_items()
    for name, plate in (("plate.paid", table.paid_stack), ("plate.expected",
                                                            table.expected_stack)):
        if plate.isVisible():
            items.append((name, plate.layout_rect()))
    return items


SPOT = re.compile(r"seat\d\.(" + "|".join(wager.value for wager in Wager) + ")")
CARD = re.compile(r"seat\d\.card\d|board\d|dealer\d|six_card\d")
STACK = re.compile(r".*\.(payout|chips)|plate\..*")


def clashes(window: MistakesWindow) -> list[tuple[str, str]]:
    """Payouts drawn (on a spot or as a plate) over a spot, a card or another stack, or
    off the felt (the rail, the room): a payout may sit only in its own spot."""
    items = felt(window)
    payouts = [(name, rect) for name, rect in items
               if name.endswith(".payout") or name.startswith("plate.")]
    cloth = layout.felt_path()
    found = [(name, "off the felt") for name, rect in payouts
             if not all(cloth.contains(corner) for corner in (
                 rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight()))]
    for (a, ra), (b, rb) in itertools.product(payouts, items):
        if a != b and overlap(ra, rb) and not is_ancestor(b, a) \
                and any(kind.fullmatch(b) for kind in (SPOT, CARD, STACK)):
            found.append((a, b))
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules", ["ny-2018", "house"])
def test_no_stack_covers_a_spot_a_card_or_another_stack(
        qtbot: QtBot, size: tuple[int, int], rules: str) -> None:
    window = opened(qtbot, size, chips=True, rules=rules, seats=6)
    try:
        paid = 0
        for seed in range(1, 9):
            window.show_exercise(window.deal(seed))
            exercise = window.exercise
            assert exercise is not None
            drawn = window.table.paid_chips()
            assert drawn == {(seat.seat, settled.wager): settled.chips
                             for seat in exercise.dealer.seats for settled in seat.wagers
                             if settled.outcome is Outcome.WIN and settled.chips}, seed
            paid += len(drawn)
            assert clashes(window) == [], seed
            for row in range(window.model.rowCount()):  # each wager chosen in turn
                window.spots.selectRow(row)
                assert clashes(window) == [], (seed, row)
            window.finish()
            for row in range(window.model.rowCount()):
                window.spots.selectRow(row)
                assert clashes(window) == [], (seed, row, "after Done")
        assert paid >= 8 * 3  # full tables: several payouts to place every round
    finally:
        window.close()


def test_without_chips_the_felt_shows_amounts_and_no_stacks(qtbot: QtBot) -> None:
    window = opened(qtbot, (1366, 768), chips=False)
    try:
        window.show_exercise(window.deal(1))
        assert window.exercise is not None and window.exercise.chips is None
        assert window.table.paid_chips() == {}
        for row in range(window.model.rowCount()):
            window.spots.selectRow(row)
            assert not window.table.paid_stack.isVisible()
        window.finish()
        assert not window.table.expected_stack.isVisible()
        settlement = converted().settlement
        window.show_exercise(with_mistakes(settlement, ()))  # seat 6's odds paid $15
        spot = window.table.spot_item(6, Wager.ODDS)
        assert spot.label.isVisible() and spot.label.text == "$15"
        assert window.table.paid_chips() == {}
    finally:
        window.close()
