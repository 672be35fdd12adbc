"""The table as the trainee sees it: everything on screen, nothing on top of anything else,
and the betting spots where New York 2018 (a)(2) puts them.

Overlap rule. ``TableView.layout_items()`` names every item with a dotted path
whose prefix is the item it sits in: ``seat3`` is a seat area, ``seat3.ante``
a spot in it, ``seat3.ante.chips`` / ``seat3.ante.label`` the chip stack and
the amount on that spot, ``seat3.card1`` a hole card. Two items may overlap
only when one is an ancestor of the other (a spot inside its own seat area,
chips on their own spot). Siblings never overlap: not two seats, not two
spots, not a chip stack and its own label, not a card and a pay table.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from trainer.engine.round import Round, Wager, parse_round
from trainer.ui.table.items import CaptionItem
from trainer.ui.table.view import TableView

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

# Casino house rules: every seat has every wager the rule set offers (Trips Plus,
# Pocket Bonus, 6-Card Bonus), seat 1 folded, amounts with cents.
HOUSE_EVERY_WAGER = {
    "rules": "house",
    "dealer": ["Kh", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "six_card_bonus_cards": ["4s", "8s", "Ts", "2d"],
    "six_card_bonus_jackpot": "53525",
    "seats": [
        {"seat": 1, "hole": ["Tc", "3d"], "ante": "10", "odds": "10", "folded": True,
         "trips_plus": "10", "pocket_bonus": "10", "six_card_bonus": "5"},
        {"seat": 2, "hole": ["6c", "6d"], "ante": "5", "odds": "5", "raise": "15",
         "trips_plus": "2", "pocket_bonus": "2", "six_card_bonus": "2"},
        {"seat": 3, "hole": ["8d", "4c"], "ante": "10", "odds": "10", "raise": "30",
         "trips_plus": "10", "pocket_bonus": "10", "six_card_bonus": "5"},
        {"seat": 4, "hole": ["Qh", "3h"], "ante": "7.50", "odds": "7.50", "raise": "22.50",
         "trips_plus": "7.50", "pocket_bonus": "2.50", "six_card_bonus": "5"},
        {"seat": 5, "hole": ["Js", "Jc"], "ante": "10", "odds": "10", "raise": "20",
         "trips_plus": "10", "pocket_bonus": "10", "six_card_bonus": "2"},
        {"seat": 6, "hole": ["As", "Qs"], "ante": "10", "odds": "10", "raise": "10",
         "trips_plus": "5", "pocket_bonus": "5", "six_card_bonus": "5"},
    ],
}

# New York 2018: every wager including the $1 progressive, with the widest amounts
# the limits allow ($10,000 ante, $30,000 raise) to stress the chip labels.
NEW_YORK_EVERY_WAGER = {
    "rules": "ny-2018",
    "dealer": ["As", "Kd"],
    "board": ["2c", "7c", "9c", "Jd", "Qs"],
    "progressive_pool": "197499.45",
    "seats": [
        {"seat": 1, "hole": ["Ah", "Ad"], "ante": "10000", "odds": "10000", "raise": "30000",
         "trips_plus": "1000", "pocket_bonus": "1000", "progressive": "1"},
        {"seat": 2, "hole": ["8s", "3d"], "ante": "12.50", "odds": "12.50", "folded": True,
         "trips_plus": "2.50", "pocket_bonus": "2", "progressive": "1"},
        {"seat": 3, "hole": ["Th", "Tc"], "ante": "25", "odds": "25", "raise": "50",
         "trips_plus": "5", "pocket_bonus": "5", "progressive": "1"},
        {"seat": 4, "hole": ["4h", "5h"], "ante": "1", "odds": "1", "raise": "1",
         "trips_plus": "1", "pocket_bonus": "1", "progressive": "1"},
        {"seat": 5, "hole": ["6s", "6d"], "ante": "9999", "odds": "9999", "raise": "29997",
         "trips_plus": "999", "pocket_bonus": "999", "progressive": "1"},
        {"seat": 6, "hole": ["Kc", "Qc"], "ante": "100", "odds": "100", "raise": "200",
         "trips_plus": "25", "pocket_bonus": "25", "progressive": "1"},
    ],
}

ROUNDS = {"house": HOUSE_EVERY_WAGER, "ny-2018": NEW_YORK_EVERY_WAGER}
SIZES = [(1920, 1080), (3840, 2160)]


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[TableView]:
    """A shown table, closed and deleted at teardown (qtbot.addWidget)."""
    table = TableView()
    qtbot.addWidget(table)
    table.resize(1920, 1080)
    table.show()
    qtbot.waitExposed(table)
    yield table


def shown(qtbot: QtBot, view: TableView, rules: str, size: tuple[int, int]) -> Round:
    round_ = parse_round(ROUNDS[rules])
    view.resize(*size)
    qtbot.waitUntil(lambda: view.viewport().width() == size[0])
    view.show_round(round_)
    view.grab()  # paint everything once: a fault in any paint() fails the test
    return round_


def is_ancestor(outer: str, inner: str) -> bool:
    return inner.startswith(outer + ".")


def overlap(a: QRectF, b: QRectF) -> bool:
    common = a.intersected(b)
    return common.width() > 0.01 and common.height() > 0.01


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_every_seat_spot_card_and_chip_label_is_on_screen_and_apart(
    qtbot: QtBot, view: TableView, rules: str, size: tuple[int, int]
) -> None:
    round_ = shown(qtbot, view, rules, size)
    items = view.layout_items()
    names = [name for name, _ in items]
    assert len(names) == len(set(names)), "every item has its own name"

    # Everything the round holds is there: 6 seats, 2 hole cards each, every spot
    # the rule set has, a chip stack and label for every wager, 5 + 2 (+ 4) cards.
    wagers = [Wager.ANTE, Wager.ODDS, Wager.RAISE, Wager.TRIPS_PLUS, Wager.POCKET_BONUS]
    wagers.append(Wager.SIX_CARD_BONUS if rules == "house" else Wager.PROGRESSIVE)
    for seat in round_.seats:
        n = seat.seat
        assert {f"seat{n}", f"seat{n}.card1", f"seat{n}.card2", f"seat{n}.equals"} <= set(names)
        for wager in wagers:
            assert f"seat{n}.{wager.value}" in names
            placed = seat.stake(wager) is not None and not (wager is Wager.RAISE and seat.folded)
            assert (f"seat{n}.{wager.value}.label" in names) == placed
            assert (f"seat{n}.{wager.value}.chips" in names) == placed
    cards = [f"board{i}" for i in range(1, 6)] + ["dealer1", "dealer2"]
    if rules == "house":
        cards += [f"six_card{i}" for i in range(1, 5)]
    assert set(cards) <= set(names)
    assert {"inscription.odds_win", "inscription.bad_beat", "inscription.trips_plus",
            "inscription.pocket_bonus", "inscription.rules"} <= set(names)

    # Inside the visible view.
    visible = view.viewport().rect()
    for name, rect in items:
        on_screen = view.mapFromScene(rect).boundingRect()
        assert visible.contains(on_screen), f"{name} {on_screen} is outside {visible}"

    # Apart, except an item and what sits in it.
    clashes = [
        (a, b)
        for (a, ra), (b, rb) in itertools.combinations(items, 2)
        if overlap(ra, rb) and not is_ancestor(a, b) and not is_ancestor(b, a)
    ]
    assert clashes == []


def test_chip_labels_are_legible_on_a_1080p_screen(qtbot: QtBot, view: TableView) -> None:
    shown(qtbot, view, "ny-2018", (1920, 1080))
    for name, rect in view.layout_items():
        if name.endswith(".label"):
            on_screen = view.mapFromScene(rect).boundingRect()
            assert on_screen.height() >= 18, f"{name} is only {on_screen.height()} px high"


@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_every_caption_fits_its_place_on_the_felt(
    qtbot: QtBot, view: TableView, rules: str
) -> None:
    """Printed captions (DEALER, 6-CARD BONUS CARDS) are never cut off, whatever
    the installed font's width."""
    shown(qtbot, view, rules, (1920, 1080))
    captions = [item for item in view.scene().items() if isinstance(item, CaptionItem)]
    assert {caption.text for caption in captions} >= {"DEALER"}
    for caption in captions:
        width = QFontMetricsF(caption.font).horizontalAdvance(caption.text)
        assert width <= caption.boundingRect().width(), caption.text
        assert caption.font.pixelSize() >= 10, caption.text


def centre_x(view: TableView, name: str) -> float:
    return dict(view.layout_items())[name].center().x()


@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_seat_one_is_on_the_dealers_left_which_is_the_screens_left(
    qtbot: QtBot, view: TableView, rules: str
) -> None:
    shown(qtbot, view, rules, (1920, 1080))
    xs = [centre_x(view, f"seat{n}") for n in range(1, 7)]
    assert xs == sorted(xs)
    # The dealer sits at the bottom centre, below the board.
    rects = dict(view.layout_items())
    dealer = rects["dealer1"].united(rects["dealer2"])
    assert abs(dealer.center().x() - view.sceneRect().center().x()) < 1
    assert dealer.top() > rects["board1"].bottom()
    assert all(dealer.top() > rects[f"seat{n}"].bottom() for n in range(1, 7))


@pytest.mark.parametrize("rules", sorted(ROUNDS))
def test_spots_are_where_new_york_puts_them_as_viewed_by_a_player(
    qtbot: QtBot, view: TableView, rules: str
) -> None:
    # The player faces the dealer: the player's right is the screen's left, "behind"
    # the ante is toward the player (up), "above" it toward the dealer (down).
    shown(qtbot, view, rules, (1920, 1080))
    rects = dict(view.layout_items())
    for n in range(1, 7):
        ante = rects[f"seat{n}.ante"]
        odds = rects[f"seat{n}.odds"]
        raise_ = rects[f"seat{n}.raise"]
        trips = rects[f"seat{n}.trips_plus"]
        pocket = rects[f"seat{n}.pocket_bonus"]
        equals = rects[f"seat{n}.equals"]
        # (iii) odds to the right of the ante as viewed by a player, separated by "="
        assert odds.right() <= equals.left() < equals.right() <= ante.left()
        assert odds.top() < ante.center().y() < odds.bottom()
        # (ii) raise immediately behind the ante
        assert raise_.bottom() <= ante.top()
        assert raise_.left() < ante.center().x() < raise_.right()
        # (iv) trips plus immediately above the ante
        assert trips.top() >= ante.bottom()
        assert trips.left() < ante.center().x() < trips.right()
        # (v) pocket bonus to the right of trips plus
        assert pocket.right() <= trips.left()
        assert pocket.top() < trips.center().y() < pocket.bottom()
        # the hole cards on the player's edge, behind every spot
        card = rects[f"seat{n}.card1"]
        assert card.bottom() <= min(raise_.top(), odds.top())


def test_clicking_cards_picks_them_and_emits_dealer_selection_changed(
    qtbot: QtBot, view: TableView
) -> None:
    round_ = shown(qtbot, view, "house", (1920, 1080))
    rects = dict(view.layout_items())

    def click(name: str) -> None:
        point = view.mapFromScene(rects[name].center())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)

    # Not asked for yet: a click picks nothing.
    with qtbot.assertNotEmitted(view.dealerSelectionChanged):
        click("board1")
    assert view.selected_dealer_cards() == []

    view.set_dealer_card_selection(True)
    with qtbot.waitSignal(view.dealerSelectionChanged, timeout=1000):
        click("board3")
    with qtbot.waitSignal(view.dealerSelectionChanged, timeout=1000):
        click("dealer1")
    # Listed in table order: the dealer's cards, then the board.
    assert view.selected_dealer_cards() == [round_.dealer[0], round_.board[2]]
    picked = [item for item in view.pickable_card_items() if item.selected]
    assert all(item.face_rect().top() < 0 for item in picked), "picked cards are raised"

    # A second click puts a card back.
    with qtbot.waitSignal(view.dealerSelectionChanged, timeout=1000):
        click("board3")
    assert view.selected_dealer_cards() == [round_.dealer[0]]

    # Five at most: the five that play.
    for name in ("dealer2", "board1", "board2", "board4"):
        click(name)
    assert len(view.selected_dealer_cards()) == 5
    with qtbot.assertNotEmitted(view.dealerSelectionChanged):
        click("board5")
    assert round_.board[4] not in view.selected_dealer_cards()

    with qtbot.waitSignal(view.dealerSelectionChanged, timeout=1000):
        view.clear_dealer_card_selection()
    assert view.selected_dealer_cards() == []


def test_clicking_a_seat_emits_its_number(qtbot: QtBot, view: TableView) -> None:
    shown(qtbot, view, "house", (1920, 1080))
    rects = dict(view.layout_items())
    for n, part in ((1, "seat1"), (4, "seat4.card2"), (6, "seat6.trips_plus.label")):
        point: QPoint = view.mapFromScene(rects[part].center())
        with qtbot.waitSignal(view.seatClicked, timeout=1000) as blocker:
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert blocker.args == [n]


def test_highlight_follows_the_seat_being_settled(qtbot: QtBot, view: TableView) -> None:
    shown(qtbot, view, "house", (1920, 1080))
    view.highlight_seat(5)
    assert [view.seat_item(n).highlighted for n in range(1, 7)] == [False] * 4 + [True, False]
    view.highlight_seat(None)
    assert not any(view.seat_item(n).highlighted for n in range(1, 7))


def test_dealer_cards_face_down_until_revealed(qtbot: QtBot, view: TableView) -> None:
    round_ = parse_round(HOUSE_EVERY_WAGER)
    view.show_round(round_, dealer_revealed=False)
    dealer = view.pickable_card_items()[:2]
    assert [item.face_up for item in dealer] == [False, False]
    view.show_round(round_)
    assert [item.face_up for item in dealer] == [True, True]
    assert [item.card for item in dealer] == list(round_.dealer)


def test_four_colour_deck_reaches_every_card(qtbot: QtBot, view: TableView) -> None:
    shown(qtbot, view, "house", (1920, 1080))
    view.set_four_colour(True)
    assert all(item.four_colour for item in view.pickable_card_items())
    assert all(card.four_colour for card in view.seat_item(3).cards)
    view.set_four_colour(False)
    assert not any(card.four_colour for card in view.seat_item(3).cards)


def test_empty_seats_show_no_cards_or_chips(qtbot: QtBot, view: TableView) -> None:
    data = dict(NEW_YORK_EVERY_WAGER)
    data["seats"] = [seat for seat in NEW_YORK_EVERY_WAGER["seats"] if seat["seat"] in (2, 5)]
    view.show_round(parse_round(data))
    names = {name for name, _ in view.layout_items()}
    assert "seat3.card1" not in names and "seat3.ante.label" not in names
    assert "seat5.card1" in names and "seat5.ante.label" in names
    assert "seat3.ante" in names, "an empty seat still shows its printed spots"


def test_next_hand_reuses_the_items_and_is_fast(qtbot: QtBot, view: TableView) -> None:
    import random

    from trainer.engine.generator import generate_round
    from trainer.engine.rulesets import load_preset

    rng = random.Random(2026)
    rules = [load_preset("house"), load_preset("ny-2018")]
    view.show_round(generate_round(rng, rules[0], seats=6))
    before = set(view.scene().items())
    times = []
    for index in range(30):
        round_ = generate_round(rng, rules[index % 2], seats=None)
        started = time.perf_counter()
        view.show_round(round_)
        times.append(time.perf_counter() - started)
    view.grab()
    # The same scene items mirror every round (pay tables are made once per kind).
    assert before <= set(view.scene().items())
    assert len(view.scene().items()) - len(before) <= 1
    assert statistics.median(times) < 0.050
