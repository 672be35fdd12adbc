"""Casino chips: drawing a short stack (the breakdown into chips is the engine's).

Colours follow the usual casino scheme: $1 white, $2.50 pink, $5 red, $25
green, $100 black, $500 purple, $1,000 yellow-orange; anything under a dollar
is one small grey "cents" chip. The breakdown is exact (``Decimal`` cents,
never floats) and is only a picture of an amount the round already holds: the
table never computes a payout.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from trainer.engine.chips import DENOMINATIONS as DENOMINATIONS
from trainer.engine.chips import HALF_DOLLAR_CHIP as HALF_DOLLAR_CHIP
from trainer.engine.chips import Rack
from trainer.engine.chips import chip_breakdown as chip_breakdown

# The breakdown of an amount into chips is an engine fact (trainer/engine/chips.py):
# re-exported here, where the table has always imported it from.


def amount_text(amount: Decimal) -> str:
    """A chip label: ``$30``, ``$7.50``, ``$1,000``, ``$0.25``."""
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


@dataclass(frozen=True, slots=True)
class ChipStyle:
    face: QColor
    stripe: QColor
    small: bool = False
    """The 'cents' chip is drawn smaller than real chips."""


_STYLES: dict[Decimal, ChipStyle] = {
    Decimal("1000.00"): ChipStyle(QColor("#f3a712"), QColor("#5a2d0c")),
    Decimal("500.00"): ChipStyle(QColor("#6b2f96"), QColor("#f1e4ff")),
    Decimal("100.00"): ChipStyle(QColor("#1c1c1f"), QColor("#f2f2f2")),
    Decimal("25.00"): ChipStyle(QColor("#1d8a3b"), QColor("#f4f4f4")),
    Decimal("5.00"): ChipStyle(QColor("#c62a2a"), QColor("#f7f7f7")),
    Decimal("2.50"): ChipStyle(QColor("#f08cb5"), QColor("#ffffff")),
    Decimal("1.00"): ChipStyle(QColor("#f3f1ea"), QColor("#2a5fb0")),
}
CENTS_STYLE = ChipStyle(QColor("#9a9ca1"), QColor("#f0f0f0"), small=True)


def chip_style(chip: Decimal) -> ChipStyle:
    """The colours of a chip of value ``chip`` (any value under $1 is a cents chip)."""
    return _STYLES.get(chip, CENTS_STYLE)


def rack_styles(rack: Rack) -> Callable[[Decimal], ChipStyle]:
    """Each chip of ``rack`` in the room's own colours (the site file's)."""
    styles = {chip.value: ChipStyle(QColor(chip.face), QColor(chip.stripe))
              for chip in rack.chips}
    plain = ChipStyle(QColor("#9a9ca1"), QColor("#f0f0f0"))
    return lambda value: styles.get(value, plain)


def rack_key(rack: Rack) -> tuple[tuple[Decimal, str, str], ...]:
    """What a drawing of ``rack``'s chips depends on (its values and colours)."""
    return tuple((chip.value, chip.face, chip.stripe) for chip in rack.chips)


COLUMN_CHIPS = 20
"""A column holds at most 20 chips, as a dealer's stacks of twenty."""


def chip_columns(chips: Sequence[Decimal]) -> list[tuple[Decimal, int]]:
    """``chips`` as a dealer sets them out: one column per value, largest first, each of
    at most :data:`COLUMN_CHIPS` (value, count)."""
    counts: dict[Decimal, int] = {}
    for chip in sorted(chips, reverse=True):
        counts[chip] = counts.get(chip, 0) + 1
    result = []
    for value, count in counts.items():
        while count > 0:
            result.append((value, min(count, COLUMN_CHIPS)))
            count -= COLUMN_CHIPS
    return result


def chip_geometry(width: float) -> tuple[float, float]:
    """(ellipse height, thickness) of a chip ``width`` across, seen at a table angle."""
    return width * 0.36, width * 0.13


def stack_size(count: int, width: float) -> QRectF:
    """The box of a stack of ``count`` chips whose bottom centre is (0, 0)."""
    ellipse, thickness = chip_geometry(width)
    height = ellipse + thickness * max(count, 1)
    return QRectF(-width / 2, -height, width, height)


def paint_chip_stack(painter: QPainter, base: QPointF, width: float,
                     chips: Sequence[Decimal],
                     style_of: Callable[[Decimal], ChipStyle] = chip_style) -> None:
    """Draw ``chips`` (bottom first) as a stack whose bottom centre is ``base``, each chip
    in ``style_of`` its value (the usual colours, or a room's rack)."""
    ellipse, thickness = chip_geometry(width)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # A soft shadow on the felt.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawEllipse(QRectF(base.x() - width * 0.52, base.y() - ellipse * 0.8,
                               width * 1.08, ellipse * 1.05))
    for index, chip in enumerate(chips):
        style = style_of(chip)
        chip_width = width * (0.72 if style.small else 1.0)
        chip_ellipse = ellipse * (0.72 if style.small else 1.0)
        top = base.y() - chip_ellipse / 2 - thickness * (index + 1)
        _paint_chip(painter, QPointF(base.x(), top), chip_width, chip_ellipse, thickness,
                    style, top_face=index == len(chips) - 1)
    painter.restore()


def _paint_chip(painter: QPainter, centre: QPointF, width: float, ellipse: float,
                thickness: float, style: ChipStyle, *, top_face: bool) -> None:
    """One chip: its edge (with stripes) below the top ellipse centred at ``centre``."""
    half_w, half_h = width / 2, ellipse / 2
    x, y = centre.x(), centre.y()
    side = QPainterPath()
    side.moveTo(x - half_w, y)
    side.lineTo(x - half_w, y + thickness)
    side.arcTo(QRectF(x - half_w, y + thickness - half_h, width, ellipse), 180, 180)
    side.lineTo(x + half_w, y)
    side.arcTo(QRectF(x - half_w, y - half_h, width, ellipse), 0, -180)
    side.closeSubpath()
    painter.fillPath(side, style.face.darker(135))
    # Edge inserts: the short stripes that show on a chip's rim.
    stripes = 8
    for k in range(stripes):
        angle = (k + 0.5) * math.tau / stripes
        sin_a, cos_a = math.sin(angle), math.cos(angle)
        if sin_a <= 0.2:
            continue
        stripe_w = width * 0.1 * sin_a
        sx = x + half_w * cos_a
        sy = y + half_h * sin_a
        painter.fillRect(QRectF(sx - stripe_w / 2, sy + thickness * 0.12, stripe_w,
                                thickness * 0.76), style.stripe)
    painter.setPen(QPen(QColor(0, 0, 0, 110), max(0.5, width * 0.015)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(side)
    face = QRectF(x - half_w, y - half_h, width, ellipse)
    painter.setBrush(style.face)
    painter.drawEllipse(face)
    if top_face:
        ring = face.adjusted(width * 0.14, ellipse * 0.14, -width * 0.14, -ellipse * 0.14)
        pen = QPen(style.stripe, max(0.8, width * 0.05))
        pen.setDashPattern([1.2, 1.6])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(ring)
        inlay = face.adjusted(width * 0.28, ellipse * 0.28, -width * 0.28, -ellipse * 0.28)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.face.lighter(115))
        painter.drawEllipse(inlay)
