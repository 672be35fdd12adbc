"""Where everything sits on the table, in scene units (a 1920 x 1080 scene).

The table is seen from the dealer's side: the dealer's straight edge at the
bottom, the six player positions along the curved rail at the top, seat 1
(first base, the dealer's left) on the screen's left.

Each seat's betting spots follow New York 2018 (a)(2), which describes them
"as viewed by a player". The player faces the dealer, so the player's right
is the screen's LEFT, "behind" the ante is toward the player (UP on screen)
and "above" the ante is toward the dealer (DOWN on screen)::

        [6-CARD BONUS]        [  RAISE  ]      <- behind the ante (ii); the progressive
                                                  sensor takes the left place if there
                                                  is no 6-Card Bonus
        [    ODDS    ]   =    [  ANTE   ]      <- odds to the player's right, "=" (iii)
        [POCKET BONUS]        [TRIPS PLUS]     <- trips above the ante (iv),
                                                  pocket to the right of trips (v)

The hole cards are on the player's edge, above the spots.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from trainer.engine.round import Wager

SCENE_RECT = QRectF(0, 0, 1920, 1080)

# --- the table outline ---------------------------------------------------------------

FELT_LEFT, FELT_RIGHT = 52.0, 1868.0
FELT_BOTTOM = 1040.0
FELT_SIDE_TOP = 175.0
"""Where the straight sides of the felt turn into the curved player rail."""
FELT_APEX = 34.0
RAIL_WIDTH = 34.0


def felt_path() -> QPainterPath:
    """The playing surface: straight dealer edge at the bottom, curved rail on top."""
    path = QPainterPath(QPointF(FELT_LEFT, FELT_BOTTOM))
    path.lineTo(FELT_LEFT, FELT_SIDE_TOP)
    path.cubicTo(FELT_LEFT, 80, 430, FELT_APEX, 960, FELT_APEX)
    path.cubicTo(1490, FELT_APEX, FELT_RIGHT, 80, FELT_RIGHT, FELT_SIDE_TOP)
    path.lineTo(FELT_RIGHT, FELT_BOTTOM)
    path.closeSubpath()
    return path


def _top_edge() -> list[QPointF]:
    path = felt_path()
    return [path.pointAtPercent(i / 600) for i in range(601)]


_TOP_POINTS: list[QPointF] | None = None


def felt_top_at(x: float) -> float:
    """The lowest y of the curved rail's inner edge at scene x (the felt starts below)."""
    global _TOP_POINTS
    if _TOP_POINTS is None:
        _TOP_POINTS = [p for p in _top_edge() if p.y() < FELT_BOTTOM - 1]
    best = FELT_BOTTOM
    for a, b in pairwise(_TOP_POINTS):
        low, high = sorted((a.x(), b.x()))
        if low <= x <= high and high > low:
            t = (x - a.x()) / (b.x() - a.x())
            best = min(best, a.y() + t * (b.y() - a.y()))
    return best


# --- a seat --------------------------------------------------------------------------

SEAT_W = 276.0
SEAT_MARGIN = 8.0
SPOT_W = 114.0
SPOT_H = 70.0
EQUALS_W = 32.0
LABEL_H = 28.0
HOLE_W, HOLE_H = 76.0, 106.0
CARD_GAP = 8.0
ROW_GAP = 8.0

COL_LEFT = SEAT_MARGIN
COL_RIGHT = SEAT_MARGIN + SPOT_W + EQUALS_W
CARDS_TOP = LABEL_H + 4.0
ROW_A = CARDS_TOP + HOLE_H + 12.0
ROW_B = ROW_A + SPOT_H + ROW_GAP
ROW_C = ROW_B + SPOT_H + ROW_GAP
SEAT_H = ROW_C + SPOT_H + SEAT_MARGIN


@dataclass(frozen=True, slots=True)
class SeatGeometry:
    """Rects local to a seat's area (origin at its top-left corner)."""

    area: QRectF
    label: QRectF
    cards: tuple[QRectF, QRectF]
    spots: dict[Wager, QRectF]
    equals: QRectF


def seat_geometry(six_card_bonus: bool, progressive: bool) -> SeatGeometry:
    """The inside of a seat for a rule set with or without the extra spots."""
    # The progressive sensor takes the free place behind the odds spot; only a rule
    # set with a 6-Card Bonus too moves it up beside the hole cards.
    sensor_by_cards = progressive and six_card_bonus
    first = SEAT_MARGIN + 4 if sensor_by_cards else (SEAT_W - 2 * HOLE_W - CARD_GAP) / 2
    cards = (
        QRectF(first, CARDS_TOP, HOLE_W, HOLE_H),
        QRectF(first + HOLE_W + CARD_GAP, CARDS_TOP, HOLE_W, HOLE_H),
    )
    spots = {
        Wager.RAISE: QRectF(COL_RIGHT, ROW_A, SPOT_W, SPOT_H),
        Wager.ODDS: QRectF(COL_LEFT, ROW_B, SPOT_W, SPOT_H),
        Wager.ANTE: QRectF(COL_RIGHT, ROW_B, SPOT_W, SPOT_H),
        Wager.POCKET_BONUS: QRectF(COL_LEFT, ROW_C, SPOT_W, SPOT_H),
        Wager.TRIPS_PLUS: QRectF(COL_RIGHT, ROW_C, SPOT_W, SPOT_H),
    }
    if six_card_bonus:
        spots[Wager.SIX_CARD_BONUS] = QRectF(COL_LEFT, ROW_A, SPOT_W, SPOT_H)
    if sensor_by_cards:
        left = first + 2 * HOLE_W + CARD_GAP + 8
        spots[Wager.PROGRESSIVE] = QRectF(left, CARDS_TOP + 12, SEAT_W - SEAT_MARGIN - left,
                                          HOLE_H - 24)
    elif progressive:
        spots[Wager.PROGRESSIVE] = QRectF(COL_LEFT, ROW_A, SPOT_W, SPOT_H)
    equals = QRectF(COL_LEFT + SPOT_W + 6, ROW_B + SPOT_H / 2 - 14, EQUALS_W - 12, 28)
    return SeatGeometry(
        area=QRectF(0, 0, SEAT_W, SEAT_H),
        label=QRectF(SEAT_MARGIN, 2, SEAT_W - 2 * SEAT_MARGIN, LABEL_H - 4),
        cards=cards,
        spots=spots,
        equals=equals,
    )


SEAT_AREA_LEFT, SEAT_AREA_RIGHT = 70.0, 1850.0
SEAT_GAP = (SEAT_AREA_RIGHT - SEAT_AREA_LEFT - 6 * SEAT_W) / 5


def seat_origin(number: int) -> QPointF:
    """Top-left corner of seat ``number`` (1 = screen left), following the rail's curve."""
    x = SEAT_AREA_LEFT + (number - 1) * (SEAT_W + SEAT_GAP)
    top = max(felt_top_at(x), felt_top_at(x + SEAT_W))
    return QPointF(x, top + 16)


# --- the dealer's side ------------------------------------------------------------------

BOARD_W, BOARD_H = 112.0, 157.0
BOARD_GAP = 14.0
DEALER_W, DEALER_H = 112.0, 157.0
SIX_W, SIX_H = 64.0, 90.0

CENTRE_X = SCENE_RECT.center().x()


def board_rects(top: float) -> list[QRectF]:
    width = 5 * BOARD_W + 4 * BOARD_GAP
    left = CENTRE_X - width / 2
    return [QRectF(left + i * (BOARD_W + BOARD_GAP), top, BOARD_W, BOARD_H) for i in range(5)]


def dealer_rects() -> list[QRectF]:
    top = FELT_BOTTOM - 40 - DEALER_H
    left = CENTRE_X - DEALER_W - BOARD_GAP / 2
    return [QRectF(left + i * (DEALER_W + BOARD_GAP), top, DEALER_W, DEALER_H) for i in range(2)]


def six_card_rects() -> list[QRectF]:
    """The four 6-Card Bonus cards, a 2 x 2 block at the dealer's right hand (screen right)."""
    dealer = dealer_rects()
    left = dealer[1].right() + 40
    bottom = dealer[1].bottom()
    tops = (bottom - 2 * SIX_H - 8, bottom - SIX_H)
    return [QRectF(left + col * (SIX_W + 8), top, SIX_W, SIX_H) for top in tops for col in (0, 1)]
