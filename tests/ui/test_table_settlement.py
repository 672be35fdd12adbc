"""The table shows a correct settlement: the five cards that play, the wagers taken,
pushed and paid, with the payout's chips beside each winning wager (issue 12).

The round is the settle contract's example (trainer/settle_example.json), worked by
hand from docs/rules.md:

- dealer As Kd, board 2c 7c 9c Jd Qs: ace high, As Kd Qs Jd 9c play (§1); no pair,
  so the dealer does not qualify (§3);
- seat 6, Ah Ad, raised $30 on a $10 ante: a pair of aces, Ah Ad Qs Jd 9c, beats ace
  high. Ante pushes (dealer not qualified), raise pays 1 to 1 = $30, odds push (a win
  with less than a straight), Trips Plus loses (a pair is not three of a kind),
  Pocket Bonus table A pays 30 to 1 on a pair of aces: $5 x 30 = $150 (§4, §5);
- seat 2, 8s 3d, folded: ante $5 and odds $5 are taken, and its $2 Pocket Bonus
  (neither a pair nor an ace with a face) is taken too.

Each test asserts the items' states, never pixels.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import type_answer
from tests.ui.test_table_layout import ROUNDS, is_ancestor, overlap
from trainer.engine.round import Wager, parse_round
from trainer.engine.settlement import Outcome, Settlement, settle
from trainer.selfcheck import settle_example
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.table.view import TableView

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

EXAMPLE = settle_example()
DEALER_PLAYS = {"As", "Kd", "Qs", "Jd", "9c"}
SEAT_6_PLAYS = {"Ah", "Ad", "Qs", "Jd", "9c"}
ANSWERS = [
    "high card As Kd Qs Jd 9c",  # dealer-hand
    "n",                         # the dealer does not qualify
    "2",                         # seat 2 first: folded with a side bet (§7)
    "t", "t", "t",               # seat 2: ante, odds, pocket bonus taken
    "one pair", "win",           # seat 6
    "p", "30", "p", "t", "150",  # seat 6: ante, raise, odds, trips plus, pocket bonus
]


@pytest.fixture
def settlement() -> Settlement:
    return settle(parse_round(EXAMPLE))


@pytest.fixture
def view(qtbot: QtBot, settlement: Settlement) -> Iterator[TableView]:
    table = TableView()
    qtbot.addWidget(table)
    table.resize(1600, 900)
    table.show()
    table.show_round(settlement.round)
    yield table


def marked_cards(view: TableView) -> dict[str, bool | None]:
    """Every visible card's text and its mark: True plays, False does not, None unmarked."""
    cards = [*view.pickable_card_items()]
    for number in (2, 6):
        cards.extend(view.seat_item(number).cards)
    return {item.card.text: item.plays for item in cards if item.card is not None}


def results(view: TableView, seat: int) -> dict[Wager, tuple[Outcome | None, str, bool]]:
    """Per wager on the seat: outcome shown, the spot's label and whether the chips are taken."""
    shown = {}
    for wager in (Wager.ANTE, Wager.ODDS, Wager.RAISE, Wager.TRIPS_PLUS, Wager.POCKET_BONUS):
        spot = view.spot_item(seat, wager)
        label = spot.label.text if spot.label.isVisible() else ""
        shown[wager] = (spot.outcome, label, spot.chips.taken)
    return shown


def test_the_whole_settlement_marks_the_five_that_play_and_every_wager(
        qtbot: QtBot, view: TableView, settlement: Settlement) -> None:
    view.show_settlement(settlement)
    view.grab()  # every paint() runs with the new states

    marks = marked_cards(view)
    # The dealer's As Kd both play; the board's 9c Jd Qs play for the dealer.
    assert {card for card, plays in marks.items() if plays} == DEALER_PLAYS | {"Ah", "Ad"}
    # 2c and 7c play for nobody; the folded seat's cards are not marked.
    assert marks["2c"] is None and marks["7c"] is None
    assert marks["8s"] is None and marks["3d"] is None
    board = {item.card.text: item.tags for item in view.pickable_card_items()[2:]
             if item.card is not None}
    assert board == {"2c": (), "7c": (), "9c": ("D", "6"), "Jd": ("D", "6"), "Qs": ("D", "6")}

    assert results(view, 6) == {
        Wager.ANTE: (Outcome.PUSH, "PUSH", False),
        Wager.RAISE: (Outcome.WIN, "$30", False),
        Wager.ODDS: (Outcome.PUSH, "PUSH", False),
        Wager.TRIPS_PLUS: (Outcome.LOSE, "TAKE", True),
        Wager.POCKET_BONUS: (Outcome.WIN, "$150", False),
    }
    raise_spot = view.spot_item(6, Wager.RAISE)
    pocket = view.spot_item(6, Wager.POCKET_BONUS)
    assert (raise_spot.paid, pocket.paid) == (Decimal("30.00"), Decimal("150.00"))
    assert raise_spot.payout.isVisible() and pocket.payout.isVisible()
    assert not view.spot_item(6, Wager.ANTE).payout.isVisible()
    assert not view.spot_item(6, Wager.TRIPS_PLUS).payout.isVisible()

    # Seat 2 folded: ante, odds and Pocket Bonus taken; its raise spot holds nothing.
    assert results(view, 2) == {
        Wager.ANTE: (Outcome.LOSE, "TAKE", True),
        Wager.ODDS: (Outcome.LOSE, "TAKE", True),
        Wager.RAISE: (None, "", False),
        Wager.TRIPS_PLUS: (None, "", False),
        Wager.POCKET_BONUS: (Outcome.LOSE, "TAKE", True),
    }


@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_payouts_and_marks_stay_in_their_seat_and_clear_of_everything_else(
        qtbot: QtBot, view: TableView, rules: str) -> None:
    """The layout test's rule (siblings never overlap), with every wager of every seat
    settled: a payout stack, its plaque and the wager's chips all stay apart, and a
    plaque that reaches into the gap under its spot stays inside its seat."""
    view.resize(1920, 1080)
    qtbot.waitUntil(lambda: view.viewport().width() == 1920)
    settlement = settle(parse_round(ROUNDS[rules]))
    view.show_round(settlement.round)
    view.show_settlement(settlement)
    view.grab()
    items = view.layout_items()
    places = dict(items)
    clashes = [(a, b) for (a, ra), (b, rb) in itertools.combinations(items, 2)
               if overlap(ra, rb) and not is_ancestor(a, b) and not is_ancestor(b, a)]
    assert clashes == []
    paid = [name for name, _ in items if name.endswith(".payout")]
    assert paid, "some wager wins in this round"
    for name in paid:
        seat = name.split(".")[0]
        plaque = places[name.replace(".payout", ".label")]
        assert places[seat].contains(plaque), name
        assert view.mapFromScene(plaque).boundingRect().height() >= 18, f"{name} is legible"


def test_only_the_seats_asked_for_are_shown_and_the_dealer_on_request(
        qtbot: QtBot, view: TableView, settlement: Settlement) -> None:
    view.show_settlement(settlement, [2], dealer=False)
    assert all(plays is None for plays in marked_cards(view).values())
    assert all(item.tags == () for item in view.pickable_card_items())
    assert results(view, 2)[Wager.POCKET_BONUS] == (Outcome.LOSE, "TAKE", True)
    assert all(outcome is None for outcome, _, _ in results(view, 6).values())
    assert results(view, 6)[Wager.RAISE] == (None, "$30", False)


def test_a_new_round_and_clear_settlement_take_every_mark_away(
        qtbot: QtBot, view: TableView, settlement: Settlement) -> None:
    for clear in (view.clear_settlement, lambda: view.show_round(settlement.round)):
        view.show_settlement(settlement)
        clear()
        assert all(plays is None for plays in marked_cards(view).values())
        assert all(item.tags == () for item in view.pickable_card_items())
        for seat in (2, 6):
            assert all(outcome is None and not taken
                       for outcome, _, taken in results(view, seat).values())
        assert results(view, 6)[Wager.POCKET_BONUS] == (None, "$5", False)
        assert not view.spot_item(6, Wager.POCKET_BONUS).payout.isVisible()


def test_every_new_mark_is_part_of_what_the_render_cache_keys_on(
        qtbot: QtBot, view: TableView, settlement: Settlement) -> None:
    """Items draw through a cache keyed by visual_key(): a mark outside it would never show."""
    card = view.pickable_card_items()[0]
    spot = view.spot_item(6, Wager.TRIPS_PLUS)
    before = (card.visual_key(), spot.chips.visual_key(), spot.label.visual_key())
    view.show_settlement(settlement)
    after = (card.visual_key(), spot.chips.visual_key(), spot.label.visual_key())
    assert all(b != a for b, a in zip(before, after, strict=True))


def test_picked_cards_are_unpicked_when_the_five_that_play_are_shown(
        qtbot: QtBot, view: TableView, settlement: Settlement) -> None:
    view.set_dealer_card_selection(True)
    first = view.pickable_card_items()[2]  # 2c, which does not play
    first.set_selected(True)
    view.set_dealer_card_selection(False)
    view.show_settlement(settlement)
    assert view.selected_dealer_cards() == []


# --- in the practice window -----------------------------------------------------------


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(TrainingSettings(seed=7, sound=False))
    qtbot.addWidget(main)
    main.resize(1600, 900)
    main.show()
    yield main
    main.close()


def test_practice_shows_what_is_settled_after_each_answer(
        qtbot: QtBot, window: MainWindow) -> None:
    window.play_round(parse_round(EXAMPLE))
    table = window.table
    assert all(plays is None for plays in marked_cards(table).values())

    type_answer(qtbot, window, ANSWERS[0])  # the dealer's hand answered
    marks = marked_cards(table)
    assert {card for card, plays in marks.items() if plays} == DEALER_PLAYS
    assert all(outcome is None for outcome, _, _ in results(table, 2).values())

    for text in ANSWERS[1:5]:  # qualifies, next seat, seat 2's ante and odds
        type_answer(qtbot, window, text)
    assert all(outcome is None for outcome, _, _ in results(table, 2).values()), \
        "seat 2 still has its Pocket Bonus to answer"
    type_answer(qtbot, window, ANSWERS[5])  # seat 2's last question
    assert results(table, 2)[Wager.ANTE] == (Outcome.LOSE, "TAKE", True)
    assert results(table, 2)[Wager.POCKET_BONUS] == (Outcome.LOSE, "TAKE", True)
    assert all(outcome is None for outcome, _, _ in results(table, 6).values())

    for text in ANSWERS[6:]:
        type_answer(qtbot, window, text)
    state = window.state
    assert state is not None and state.finished
    assert {card for card, plays in marked_cards(table).items() if plays} \
        == DEALER_PLAYS | SEAT_6_PLAYS
    assert results(table, 6)[Wager.POCKET_BONUS] == (Outcome.WIN, "$150", False)


def test_speed_mode_shows_nothing_until_the_round_ends_then_everything(
        qtbot: QtBot, window: MainWindow) -> None:
    window.set_mode(Mode.SPEED)
    window.play_round(parse_round(EXAMPLE))
    for text in ANSWERS[:-1]:
        type_answer(qtbot, window, text)
    assert all(plays is None for plays in marked_cards(window.table).values())
    assert all(outcome is None for outcome, _, _ in results(window.table, 2).values())
    type_answer(qtbot, window, ANSWERS[-1])
    assert results(window.table, 6)[Wager.RAISE] == (Outcome.WIN, "$30", False)
    assert results(window.table, 2)[Wager.ODDS] == (Outcome.LOSE, "TAKE", True)


def test_an_exam_shows_its_settlements_only_when_the_exam_is_over(
        qtbot: QtBot, window: MainWindow) -> None:
    """The exam gives no feedback until its last round (README, Modes)."""
    from tests.ui.test_practice_loop import typed_form

    window.settings = TrainingSettings(seed=7, sound=False, exam_rounds=2)
    window.set_mode(Mode.EXAM)

    def answer_round() -> None:
        state = window.state
        assert state is not None
        while state.current is not None:
            type_answer(qtbot, window, typed_form(state.current.kind, state.current.expected))

    answer_round()
    first = window.state
    assert first is not None and first.finished
    spots = [spot for seat in first.round.seats
             for spot in window.table.seat_item(seat.seat).spots.values()]
    assert all(spot.outcome is None for spot in spots), "no settlement mid-exam"
    window.next_hand()
    answer_round()
    last = window.state
    assert last is not None and window.session.exam_finished
    shown = {(seat.seat, result.wager): result.outcome
             for seat in last.settlement.seats for result in seat.wagers}
    on_table = {(seat, wager): window.table.spot_item(seat, wager).outcome
                for seat, wager in shown}
    assert on_table == shown
