"""The badges on a board card that plays (gold ``D`` for the dealer, seat numbers) stay
readable when many seats use the card (issue 19, item 22: "D 1 3 4 5 6" shrank to
~6 px at 1366x768).

The round, worked by hand (docs/rules.md §1): the board Ks Qs Js Ts 9h is a king-high
straight; the dealer's 2h 3h and seats 1, 3, 4, 5 and 6 (2c 3c, 4c 4d, 5c 5d, 6c 6d,
7c 8c) cannot better it, so the five board cards play for the dealer and those five
seats; seat 2 folded and marks nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from trainer.engine.round import parse_round
from trainer.engine.settlement import settle
from trainer.ui.table.view import TableView

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

HOLES = {1: "2c 3c", 2: "2d 3d", 3: "4c 4d", 4: "5c 5d", 5: "6c 6d", 6: "7c 8c"}
SHARED_STRAIGHT = parse_round({
    "rules": "ny-2018", "dealer": ["2h", "3h"], "board": ["Ks", "Qs", "Js", "Ts", "9h"],
    "seats": [{"seat": n, "hole": hole.split(), "ante": "10", "odds": "10",
               "raise": "0" if n == 2 else "10", "folded": n == 2}
              for n, hole in HOLES.items()],
})
MIN_BADGE_PX = 16
"""A badge of 16 px holds a digit about 11 px high."""


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[TableView]:
    table = TableView()
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.show()
    qtbot.waitUntil(lambda: table.viewport().width() == 1366)
    yield table


def test_six_badges_on_a_board_card_stay_readable_at_1366x768(
        qtbot: QtBot, view: TableView) -> None:
    view.show_round(SHARED_STRAIGHT)
    view.show_settlement(settle(SHARED_STRAIGHT))
    view.grab()
    board = view.pickable_card_items()[2:]
    for card in board:
        assert card.tags == ("D", "1", "3", "4", "5", "6"), card.name
        badges = [card.mapRectToScene(rect) for rect in card.tag_rects()]
        assert len(badges) == 6
        for badge in badges:
            on_screen = view.mapFromScene(badge).boundingRect()
            assert min(on_screen.width(), on_screen.height()) >= MIN_BADGE_PX, card.name
        assert not any(a.intersects(b) for a, b in itertools.combinations(badges, 2))
        # Every badge stays over its own card's column, clear of the next card.
        face = card.layout_rect()
        assert all(face.left() - 4 <= b.left() and b.right() <= face.right() + 4
                   for b in badges)
        assert all(card.mapRectToScene(card.boundingRect()).contains(b) for b in badges)


def test_a_few_badges_keep_one_row_on_the_cards_edge(qtbot: QtBot, view: TableView) -> None:
    view.show_round(SHARED_STRAIGHT)
    view.show_settlement(settle(SHARED_STRAIGHT), [1, 3], dealer=True)
    card = view.pickable_card_items()[2]
    assert card.tags == ("D", "1", "3")
    rects = card.tag_rects()
    assert len({rect.top() for rect in rects}) == 1
    assert rects[0].center().y() == card.face_rect().bottom()
    assert rects[0].height() == card.TAG_H
