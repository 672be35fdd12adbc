"""The 52 card faces and the back, drawn with QPainter vector paths.

Nothing here is a bitmap: suits are hand-built :class:`QPainterPath` shapes
and ranks are glyph outlines scaled into their boxes, so a card is sharp at
any size and on any screen. :func:`paint_card` is the one entry point.

Faces follow real cards: large corner indices (rank over suit) in the top
left and, turned over, the bottom right; the pips of 2-10 in the usual
columns, the lower ones upside down; one large pip on an ace; a framed,
point-symmetric court panel (crown, letter and suit) on J, Q and K.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

from trainer.engine.cards import Card, Suit

# --- colours -------------------------------------------------------------------

RED = QColor("#c8102e")
BLACK = QColor("#16161a")
BLUE = QColor("#1f56c2")
GREEN = QColor("#12813a")
CARD_WHITE = QColor("#fdfdfb")
CARD_EDGE = QColor("#8c8c8c")
BACK_RED = QColor("#9e1b2a")
BACK_LINE = QColor(255, 255, 255, 90)
COURT_PANEL = QColor("#fbf3dc")
COURT_GOLD = QColor("#d9a935")

_TWO_COLOUR = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK}
_FOUR_COLOUR = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN}

CARD_ASPECT = 2.5 / 3.5
"""Width over height of a poker-size card."""

INDEX_FAMILIES = ["Arial", "Helvetica Neue", "Helvetica", "Liberation Sans", "DejaVu Sans"]
COURT_FAMILIES = ["Georgia", "Times New Roman", "Liberation Serif", "DejaVu Serif"]


def suit_colour(suit: Suit, four_colour: bool = False) -> QColor:
    """The ink of a suit: red/black, or black/red/blue/green on a four-colour deck."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


# --- suit shapes (unit square, y down) ------------------------------------------


def _heart() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.97))
    path.cubicTo(0.16, 0.70, 0.0, 0.52, 0.0, 0.31)
    path.cubicTo(0.0, 0.12, 0.13, 0.02, 0.27, 0.02)
    path.cubicTo(0.38, 0.02, 0.46, 0.09, 0.5, 0.21)
    path.cubicTo(0.54, 0.09, 0.62, 0.02, 0.73, 0.02)
    path.cubicTo(0.87, 0.02, 1.0, 0.12, 1.0, 0.31)
    path.cubicTo(1.0, 0.52, 0.84, 0.70, 0.5, 0.97)
    path.closeSubpath()
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath(QPointF(0.5, 0.0))
    path.quadTo(0.62, 0.28, 0.88, 0.5)
    path.quadTo(0.62, 0.72, 0.5, 1.0)
    path.quadTo(0.38, 0.72, 0.12, 0.5)
    path.quadTo(0.38, 0.28, 0.5, 0.0)
    path.closeSubpath()
    return path


def _stem() -> QPainterPath:
    path = QPainterPath(QPointF(0.47, 0.62))
    path.cubicTo(0.46, 0.82, 0.40, 0.93, 0.28, 1.0)
    path.lineTo(0.72, 1.0)
    path.cubicTo(0.60, 0.93, 0.54, 0.82, 0.53, 0.62)
    path.closeSubpath()
    return path


def _spade() -> QPainterPath:
    body = QPainterPath(QPointF(0.5, 0.0))
    body.cubicTo(0.80, 0.26, 1.0, 0.42, 1.0, 0.60)
    body.cubicTo(1.0, 0.76, 0.88, 0.84, 0.75, 0.84)
    body.cubicTo(0.64, 0.84, 0.56, 0.79, 0.5, 0.70)
    body.cubicTo(0.44, 0.79, 0.36, 0.84, 0.25, 0.84)
    body.cubicTo(0.12, 0.84, 0.0, 0.76, 0.0, 0.60)
    body.cubicTo(0.0, 0.42, 0.20, 0.26, 0.5, 0.0)
    body.closeSubpath()
    return body.united(_stem()).simplified()


def _club() -> QPainterPath:
    path = QPainterPath()
    radius = 0.235
    for cx, cy in ((0.5, 0.25), (0.245, 0.58), (0.755, 0.58)):
        circle = QPainterPath()
        circle.addEllipse(QPointF(cx, cy), radius, radius)
        path = path.united(circle)
    middle = QPainterPath()
    middle.addEllipse(QPointF(0.5, 0.52), 0.14, 0.14)
    return path.united(middle).united(_stem()).simplified()


@cache
def suit_path(suit: Suit) -> QPainterPath:
    """The suit symbol filling the unit square (0,0)-(1,1)."""
    return {
        Suit.HEARTS: _heart,
        Suit.DIAMONDS: _diamond,
        Suit.SPADES: _spade,
        Suit.CLUBS: _club,
    }[suit]()


def draw_suit(painter: QPainter, suit: Suit, centre: QPointF, size: float, colour: QColor,
              *, upside_down: bool = False) -> None:
    """Fill a suit symbol ``size`` wide and high around ``centre``."""
    transform = QTransform()
    transform.translate(centre.x(), centre.y())
    if upside_down:
        transform.rotate(180)
    transform.scale(size, size)
    transform.translate(-0.5, -0.5)
    painter.fillPath(transform.map(suit_path(suit)), colour)


# --- text as outlines ------------------------------------------------------------


@cache
def _glyph_path(text: str, serif: bool) -> QPainterPath:
    """The outline of ``text`` in a bold face, moved so its ink box starts at (0, 0)."""
    font = QFont()
    font.setFamilies(COURT_FAMILIES if serif else INDEX_FAMILIES)
    font.setPixelSize(200)
    font.setWeight(QFont.Weight.Bold)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    box = path.boundingRect()
    return path.translated(-box.left(), -box.top())


def draw_glyphs(painter: QPainter, text: str, box: QRectF, colour: QColor, *,
                serif: bool = False, upside_down: bool = False) -> None:
    """Fill ``text`` so its ink is ``box.height()`` tall, narrowed if wider than the box."""
    path = _glyph_path(text, serif)
    ink = path.boundingRect()
    if ink.isEmpty():
        return
    scale_y = box.height() / ink.height()
    scale_x = min(scale_y, box.width() / ink.width())
    width = ink.width() * scale_x
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    if upside_down:
        transform.rotate(180)
    transform.translate(-width / 2, -box.height() / 2)
    transform.scale(scale_x, scale_y)
    painter.fillPath(transform.map(path), colour)


def rank_text(rank: int) -> str:
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


# --- pips ---------------------------------------------------------------------------

_L, _C, _R = 0.375, 0.5, 0.625
PIP_TOP, PIP_BOTTOM = 0.215, 0.785
"""The pip area, as fractions of the card's height (clear of the corner indices)."""

PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3),
        (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
         (_C, 5 / 6), (_L, 1), (_R, 1)),
}
"""Pip centres as printed on real cards: (fraction of the card's width, fraction of the
way down the pip area). Pips below the middle are drawn upside down."""


# --- the card ------------------------------------------------------------------------


def card_outline(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    radius = rect.width() * 0.075
    path.addRoundedRect(rect, radius, radius)
    return path


def paint_card(painter: QPainter, rect: QRectF, card: Card | None, *,
               four_colour: bool = False, face_up: bool = True) -> None:
    """Draw ``card`` filling ``rect`` (keep it at :data:`CARD_ASPECT`); the back if
    ``card`` is None or ``face_up`` is False."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if card is None or not face_up:
        _paint_back(painter, rect)
    else:
        _paint_face(painter, rect, card, suit_colour(card.suit, four_colour))
    painter.restore()


CORNER_SUIT = 0.26
"""The corner suit's size, a share of the card's width. At 1366x768 a hole card is about
54 px wide and a board card 80: at 0.2 a trainee read Q\u2663 for Q\u2660 (issue 12) and,
on the hole cards, J\u2666 for J\u2665 and 2\u2663 for 2\u2660 (issue 19, item 23)."""
COURT_SUIT = 0.45
"""The suit beside a court card's letter, a share of its panel's inner width (it was 0.3,
about 7 px on a hole card at 1366x768)."""
FEW_PIPS = 0.22
"""The pips of a 2 or a 3 (one column, room to spare), a share of the card's width;
other cards' pips are :data:`PIP` (two columns must fit)."""
PIP = 0.16


def _paint_face(painter: QPainter, rect: QRectF, card: Card, ink: QColor) -> None:
    w, h = rect.width(), rect.height()
    outline = card_outline(rect)
    painter.fillPath(outline, CARD_WHITE)
    painter.setPen(QPen(CARD_EDGE, max(0.8, w * 0.008)))
    painter.drawPath(outline)

    # Corner indices: rank over suit, large enough to read across the table.
    column = QRectF(rect.left() + w * 0.035, rect.top() + h * 0.035, w * 0.21, h * 0.2)
    rank = rank_text(card.rank)
    for upside_down in (False, True):
        rank_box = QRectF(column)
        suit_size = w * CORNER_SUIT
        suit_centre = QPointF(column.center().x(), column.bottom() + h * 0.025 + suit_size / 2)
        if upside_down:
            centre = rect.center()
            rank_box.moveCenter(centre * 2 - column.center())
            suit_centre = centre * 2 - suit_centre
        draw_glyphs(painter, rank, rank_box, ink, upside_down=upside_down)
        draw_suit(painter, card.suit, suit_centre, suit_size, ink, upside_down=upside_down)

    if card.rank == 14:
        size = w * (0.46 if card.suit is Suit.SPADES else 0.40)
        draw_suit(painter, card.suit, rect.center(), size, ink)
    elif card.rank >= 11:
        _paint_court(painter, rect, card, ink)
    else:
        pip = w * (FEW_PIPS if card.rank <= 3 else PIP)
        for fx, fy in PIP_LAYOUTS[card.rank]:
            y = PIP_TOP + fy * (PIP_BOTTOM - PIP_TOP)
            centre = QPointF(rect.left() + fx * w, rect.top() + y * h)
            draw_suit(painter, card.suit, centre, pip, ink, upside_down=fy > 0.5)


def _crown_path(rank: int) -> QPainterPath:
    """A small headpiece in a unit box: a crown (K), a tiara (Q), a cap with feather (J)."""
    path = QPainterPath()
    if rank == 13:
        path.moveTo(0.0, 1.0)
        path.lineTo(0.0, 0.25)
        path.lineTo(0.25, 0.6)
        path.lineTo(0.5, 0.0)
        path.lineTo(0.75, 0.6)
        path.lineTo(1.0, 0.25)
        path.lineTo(1.0, 1.0)
        path.closeSubpath()
    elif rank == 12:
        path.moveTo(0.0, 1.0)
        path.quadTo(0.05, 0.45, 0.18, 0.35)
        path.quadTo(0.3, 0.65, 0.5, 0.15)
        path.quadTo(0.7, 0.65, 0.82, 0.35)
        path.quadTo(0.95, 0.45, 1.0, 1.0)
        path.closeSubpath()
        path.addEllipse(QPointF(0.5, 0.12), 0.09, 0.09)
    else:
        path.moveTo(0.05, 1.0)
        path.quadTo(0.1, 0.35, 0.55, 0.35)
        path.quadTo(0.95, 0.35, 0.95, 1.0)
        path.closeSubpath()
        feather = QPainterPath(QPointF(0.6, 0.4))
        feather.quadTo(0.7, 0.0, 1.0, 0.0)
        feather.quadTo(0.85, 0.25, 0.72, 0.45)
        feather.closeSubpath()
        path = path.united(feather)
    return path


def _paint_court(painter: QPainter, rect: QRectF, card: Card, ink: QColor) -> None:
    w, h = rect.width(), rect.height()
    panel = QRectF(rect.left() + w * 0.27, rect.top() + h * 0.075, w * 0.46, h * 0.85)
    gradient = QLinearGradient(panel.topLeft(), panel.bottomRight())
    gradient.setColorAt(0.0, COURT_PANEL)
    gradient.setColorAt(0.5, QColor("#f3e6bf"))
    gradient.setColorAt(1.0, COURT_PANEL)
    painter.setPen(QPen(ink, max(0.8, w * 0.014)))
    painter.setBrush(QBrush(gradient))
    painter.drawRect(panel)
    inner = panel.adjusted(w * 0.025, w * 0.025, -w * 0.025, -w * 0.025)
    painter.setPen(QPen(COURT_GOLD, max(0.6, w * 0.008)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(inner)
    # The panel is point-symmetric like a real court card: a rule divides the halves.
    painter.setPen(QPen(COURT_GOLD, max(0.6, w * 0.008)))
    middle = inner.center().y()
    painter.drawLine(QPointF(inner.left() + inner.width() * 0.12, middle),
                     QPointF(inner.right() - inner.width() * 0.12, middle))

    letter = rank_text(card.rank)
    crown = _crown_path(card.rank)
    centre = rect.center()
    for upside_down in (False, True):
        painter.save()
        if upside_down:
            painter.translate(centre)
            painter.rotate(180)
            painter.translate(-centre)
        half_top = inner.top() + inner.height() * 0.035
        crown_box = QRectF(inner.left() + inner.width() * 0.2, half_top,
                           inner.width() * 0.6, inner.height() * 0.1)
        transform = QTransform()
        transform.translate(crown_box.left(), crown_box.top())
        transform.scale(crown_box.width(), crown_box.height())
        painter.fillPath(transform.map(crown), COURT_GOLD)
        painter.setPen(QPen(ink, max(0.5, w * 0.006)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(transform.map(crown))
        letter_box = QRectF(inner.left() + inner.width() * 0.08,
                            crown_box.bottom() + inner.height() * 0.025,
                            inner.width() * 0.46, inner.height() * 0.27)
        draw_glyphs(painter, letter, letter_box, ink, serif=True)
        suit_size = inner.width() * COURT_SUIT
        draw_suit(painter, card.suit,
                  QPointF(inner.right() - inner.width() * 0.03 - suit_size / 2,
                          letter_box.bottom() - suit_size / 2),
                  suit_size, ink)
        painter.restore()


def _paint_back(painter: QPainter, rect: QRectF) -> None:
    w = rect.width()
    outline = card_outline(rect)
    painter.fillPath(outline, CARD_WHITE)
    painter.setPen(QPen(CARD_EDGE, max(0.8, w * 0.008)))
    painter.drawPath(outline)
    inner = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
    inner_path = QPainterPath()
    inner_path.addRoundedRect(inner, w * 0.04, w * 0.04)
    painter.fillPath(inner_path, BACK_RED)
    painter.save()
    painter.setClipPath(inner_path)
    painter.setPen(QPen(BACK_LINE, max(0.6, w * 0.012)))
    step = w * 0.11
    span = inner.width() + inner.height()
    offset = -inner.height()
    while offset < inner.width():
        x = inner.left() + offset
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + span, inner.top() + span))
        painter.drawLine(QPointF(x + inner.height(), inner.top()),
                         QPointF(x + inner.height() - span, inner.top() + span))
        offset += step
    painter.restore()
    emblem = QRectF(0, 0, inner.width() * 0.56, inner.width() * 0.56)
    emblem.moveCenter(inner.center())
    painter.setPen(QPen(QColor("#f4e3b2"), max(0.8, w * 0.018)))
    painter.setBrush(BACK_RED)
    painter.drawEllipse(emblem)
    draw_suit(painter, Suit.SPADES, inner.center(), emblem.width() * 0.5, QColor("#f4e3b2"))
    painter.setPen(QPen(QColor(255, 255, 255, 160), max(0.6, w * 0.01)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, w * 0.04, w * 0.04)
