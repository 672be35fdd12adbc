"""Chip mode on the table: the rack under it, the payout stack built beside the wager.

The rack shows the room's chips (the site file's ``[chips]``), smallest first, each with
the key that takes it (``1`` for the smallest ... ``7`` for the largest). A payout is
built by clicking rack chips, dragging them onto the table, or pressing their keys
(:class:`StackBuilder` reads the keys); the stack being built is drawn on the table
beside the wager being paid (:class:`PayoutStackItem`), and after a graded answer in
practice, the stack the house's procedure expects beside it. Nothing here decides what
a stack should be: the stack is what the trainee built, the expected one is what
training says (:mod:`trainer.training.chip_grading`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QSizePolicy,
    QWidget,
)

from trainer.engine.chips import DEFAULT_RACK, Rack, value_text
from trainer.i18n import _
from trainer.ui.table import layout
from trainer.ui.table.chips import (
    chip_columns,
    chip_geometry,
    paint_chip_stack,
    rack_key,
)
from trainer.ui.table.chips import rack_styles as rack_styles
from trainer.ui.table.items import CardItem, SeatItem, SpotItem, _Item, rect_key, ui_font

# --- keys ---------------------------------------------------------------------------------

MAX_KEYS = 9
"""Keys 1-9 name a rack chip (a rack of more than nine takes the rest by click)."""


@dataclass
class StackBuilder:
    """The stack of a payout being built, and how the keys build it (no Qt).

    ``key(n)`` for a digit: chip ``n`` of the rack, smallest first. Repeated presses add
    one chip each (``3`` ``3`` = two of the third chip); a digit pressed right after a
    single press of another digit is a count (``4`` ``3`` = four of the third chip: the
    chip the ``4`` added is taken back). A digit no chip has (``8`` on a seven-chip
    rack) can only be a count and waits for its chip. :meth:`separate` (Space) ends a
    run, so ``1`` Space ``3`` is one of the first chip and one of the third.
    """

    values: tuple[Decimal, ...] = DEFAULT_RACK.values[::-1]
    """The rack's chip values, smallest first (key 1 is the first)."""
    chips: list[Decimal] = field(default_factory=list)
    """The stack, in the order built (the last is the top chip)."""
    count: int | None = None
    """A count typed, waiting for its chip."""
    _run: tuple[int, int] | None = None
    """The digit of the run of presses going on, and how many."""

    def key(self, digit: int) -> None:
        if not 1 <= digit <= MAX_KEYS:
            raise ValueError(f"chip key {digit}: keys are 1 to {MAX_KEYS}")
        if digit > len(self.values):  # no such chip: only a count
            self.count = digit
            self._run = None
            return
        value = self.values[digit - 1]
        if self.count is not None:
            self.chips.extend([value] * self.count)
            self.count, self._run = None, None
        elif self._run is not None and self._run[1] == 1 and self._run[0] != digit:
            times = self._run[0]
            self.chips.pop()  # the first press was a count, not a chip
            self.chips.extend([value] * times)
            self._run = None
        else:
            self.chips.append(value)
            presses = self._run[1] + 1 if self._run is not None and self._run[0] == digit else 1
            self._run = (digit, presses)

    def add(self, value: Decimal) -> None:
        """A rack chip clicked: one chip (a count typed before applies to it)."""
        self.chips.extend([value] * (self.count or 1))
        self.count, self._run = None, None

    def separate(self) -> None:
        self.count, self._run = None, None

    def take_back(self) -> None:
        """Backspace, or a click on the stack: the top chip goes back to the rack."""
        if self.count is not None:
            self.count = None
        elif self.chips:
            self.chips.pop()
        self._run = None

    def clear(self) -> None:
        """Escape: the whole payout back to the rack (start it again)."""
        self.chips.clear()
        self.count, self._run = None, None


# --- styles ---------------------------------------------------------------------------------


def _ink_on(face: QColor) -> QColor:
    return QColor("#111111") if face.lightness() > 150 else QColor("#ffffff")


# --- the rack under the table ------------------------------------------------------------------

RACK_HEIGHT_SHARE = 9
"""The rack is 1/9 of its window's height (85 px at 768, 240 at 2160)..."""
MIN_RACK_PX = 72
MAX_RACK_PX = 260


class ChipRack(QWidget):
    """The room's chips under the table, smallest first, each with its key; click one, or
    drag it onto :attr:`drop_target` (the table), to add it to the payout. A line beside
    the chips says what is being built (a count typed, and the running total when the
    trainee asked for it in practice)."""

    chipClicked = Signal(object)
    """The :class:`~decimal.Decimal` value of the rack chip clicked, or dragged from the
    rack and let go over :attr:`drop_target`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chip_rack")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rack: Rack = DEFAULT_RACK
        self._styles = rack_styles(self.rack)
        self.status = ""
        """The line beside the chips: a count waiting, the total when shown."""
        self.active = False
        """A payout is being built now (the chips take clicks)."""
        self._watched: QWidget | None = None
        self.drop_target: QWidget | None = None
        """Where a chip dragged from the rack is let go to add it (the table)."""
        self._pressed: tuple[Decimal, QPoint] | None = None
        """The chip the button went down on, and where."""
        self.dragging: Decimal | None = None
        """The chip being dragged (the pointer shows it), else None."""

    def set_rack(self, rack: Rack) -> None:
        self.rack = rack
        self._styles = rack_styles(rack)
        self.update()

    @property
    def smallest_first(self) -> tuple[Decimal, ...]:
        return self.rack.values[::-1]

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            if not active:
                self._end_drag()
            self.update()

    def set_status(self, text: str) -> None:
        if text != self.status:
            self.status = text
            self.update()

    # --- size ----------------------------------------------------------------------------

    def _height(self) -> int:
        window = self.window()
        height = window.height() if window is not self else 768
        return max(MIN_RACK_PX, min(MAX_RACK_PX, height // RACK_HEIGHT_SHARE))

    def sizeHint(self) -> QSize:
        return QSize(480, self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(240, self._height())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        window = self.window()
        if window is not self and window is not self._watched:
            window.installEventFilter(self)
            self._watched = window
        self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Resize:
            self.updateGeometry()
        return False

    # --- drawing ---------------------------------------------------------------------------

    def chip_rects(self) -> list[tuple[Decimal, QRectF]]:
        """Each chip's place, smallest first (its face, its key under it)."""
        h = float(self.height())
        count = max(1, len(self.rack.chips))
        # The chips take at most 70% of the width: the rest says what is being built.
        size = min(h * 0.62, self.width() * 0.7 / (count * 1.28 + 0.28))
        gap = size * 0.28
        x = gap
        rects = []
        for value in self.smallest_first:
            rects.append((value, QRectF(x, h * 0.06, size, size)))
            x += size + gap
        return rects

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#2b1d12"))  # the wooden tray
        h = float(self.height())
        painter.fillRect(QRectF(0, 0, self.width(), h * 0.04), QColor("#4a321f"))
        key_font = ui_font(max(10, round(h * 0.2)), bold=True)
        rects = self.chip_rects()
        gap = rects[0][1].left() if rects else 0.0
        for index, (value, rect) in enumerate(rects):
            self._paint_face(painter, rect, value)
            if index < MAX_KEYS:
                painter.setFont(key_font)
                painter.setPen(QColor("#f5e6c8") if self.active else QColor("#8b7a60"))
                key_box = QRectF(rect.left() - gap, rect.bottom(), rect.width() + 2 * gap,
                                 h - rect.bottom())
                painter.drawText(key_box, Qt.AlignmentFlag.AlignCenter, str(index + 1))
        if self.status and rects:
            left = rects[-1][1].right() + rects[0][1].left()
            font = ui_font(max(11, round(h * 0.22)), bold=True)
            painter.setFont(font)
            painter.setPen(QColor("#f5e6c8"))
            painter.drawText(QRectF(left, 0, max(0.0, self.width() - left - 8), h),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             self.status)
        painter.end()

    def _paint_face(self, painter: QPainter, rect: QRectF, value: Decimal, *,
                    opaque: bool = False) -> None:
        """A chip seen from above: its face, edge inserts, and its value written on it."""
        style = self._styles(value)
        painter.save()
        painter.setOpacity(1.0 if self.active or opaque else 0.55)
        painter.setPen(QPen(QColor(0, 0, 0, 140), max(1.0, rect.width() * 0.02)))
        painter.setBrush(style.face)
        painter.drawEllipse(rect)
        pen = QPen(style.stripe, rect.width() * 0.09)
        pen.setDashPattern([1.1, 1.4])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect.adjusted(rect.width() * 0.07, rect.width() * 0.07,
                                          -rect.width() * 0.07, -rect.width() * 0.07))
        inner = rect.adjusted(rect.width() * 0.2, rect.width() * 0.2,
                              -rect.width() * 0.2, -rect.width() * 0.2)
        painter.setPen(QPen(style.stripe, max(1.0, rect.width() * 0.02)))
        painter.setBrush(style.face.lighter(112))
        painter.drawEllipse(inner)
        text = value_text(value)
        font = _fitting(text, inner.width() * 0.95, round(inner.height() * 0.5))
        painter.setFont(font)
        painter.setPen(_ink_on(style.face))
        painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def _chip_at(self, point: QPointF) -> Decimal | None:
        for value, rect in self.chip_rects():
            if rect.contains(point):
                return value
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """The button goes down on a chip: a click when it comes up on it, a drag when the
        pointer moves away first."""
        if event.button() != Qt.MouseButton.LeftButton or not self.active:
            return super().mousePressEvent(event)
        value = self._chip_at(event.position())
        self._pressed = None if value is None else (value, event.position().toPoint())
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pressed = self._pressed
        if pressed is None or self.dragging is not None:
            return super().mouseMoveEvent(event)
        if ((event.position().toPoint() - pressed[1]).manhattanLength()
                >= QApplication.startDragDistance()):
            self.dragging = pressed[0]
            self.setCursor(QCursor(self.chip_pixmap(pressed[0])))
        return None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click adds the chip; a drag adds it when let go over the table (anywhere
        else, the chip goes back to the rack)."""
        pressed, dragged = self._pressed, self.dragging
        self._end_drag()
        if event.button() != Qt.MouseButton.LeftButton or pressed is None or not self.active:
            return super().mouseReleaseEvent(event)
        if dragged is None:
            if self._chip_at(event.position()) == pressed[0]:
                self.chipClicked.emit(pressed[0])
        elif self._over_target(event.globalPosition().toPoint()):
            self.chipClicked.emit(dragged)
        return None

    def _over_target(self, point: QPoint) -> bool:
        target = self.drop_target
        return (target is not None and target.isVisible()
                and target.rect().contains(target.mapFromGlobal(point)))

    def _end_drag(self) -> None:
        if self.dragging is not None:
            self.unsetCursor()
        self._pressed, self.dragging = None, None

    def chip_pixmap(self, value: Decimal) -> QPixmap:
        """The chip as the pointer carries it in a drag: its face as the rack draws it."""
        rects = dict(self.chip_rects())
        size = max(24, round(rects[value].width())) if value in rects else 48
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(round(size * ratio), round(size * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._paint_face(painter, QRectF(1, 1, size - 2, size - 2), value, opaque=True)
        painter.end()
        return pixmap


def _fitting(text: str, width: float, px: int) -> QFont:
    px = max(8, px)
    font = ui_font(px, bold=True)
    while px > 8 and QFontMetricsF(font).horizontalAdvance(text) > width:
        px -= 1
        font = ui_font(px, bold=True)
    return font


# --- the payout on the table -------------------------------------------------------------------

PAYOUT_CHIP = 46.0


class PayoutStackItem(_Item):
    """A stack of chips on a dark plate beside a wager: the payout being built (a click
    takes its top chip back) or the stack the procedure expects. Chips are sorted into
    one column per value, largest on the left, with each column's count under it."""

    def __init__(self, name: str, caption: str, on_click: Callable[[], None] | None = None
                 ) -> None:
        super().__init__(name)
        self.caption = caption
        self.chips: tuple[Decimal, ...] = ()
        self._on_click = on_click
        self._styles = rack_styles(DEFAULT_RACK)
        self._rack_key: tuple[tuple[Decimal, str, str], ...] = ()
        self.setZValue(50)
        if on_click is not None:
            self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    def set_chips(self, chips: Sequence[Decimal], rack: Rack) -> None:
        self.chips = tuple(chips)
        self._styles = rack_styles(rack)
        self._rack_key = rack_key(rack)
        self.set_local_rect(QRectF(0, 0, *self.size_for(self.columns())))
        self.update()

    def columns(self) -> list[tuple[Decimal, int]]:
        return chip_columns(self.chips)

    @staticmethod
    def size_for(columns: list[tuple[Decimal, int]]) -> tuple[float, float]:
        ellipse, thickness = chip_geometry(PAYOUT_CHIP)
        tallest = max((count for _, count in columns), default=1)
        width = max(130.0, len(columns) * (PAYOUT_CHIP + 10) + 18)
        return width, 32 + ellipse + thickness * max(tallest, 6) + 34

    def wants_pointer(self) -> bool:
        return self._on_click is not None and bool(self.chips)

    def visual_key(self) -> Hashable:
        return (self.caption, self.chips, rect_key(self._rect), self._rack_key)

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = self._rect
        painter.setPen(QPen(QColor("#e8c766"), 1.5))
        painter.setBrush(QColor(8, 14, 10, 215))
        painter.drawRoundedRect(rect, 10, 10)
        painter.setFont(ui_font(20, bold=True, spacing=0.6))
        painter.setPen(QColor("#e8c766"))
        painter.drawText(QRectF(rect.left(), rect.top() + 3, rect.width(), 26),
                         Qt.AlignmentFlag.AlignCenter, self.caption)
        columns = self.columns()
        if not columns:
            painter.setPen(QColor("#cfcfcf"))
            painter.setFont(ui_font(18))
            painter.drawText(rect.adjusted(4, 30, -4, -4), Qt.AlignmentFlag.AlignCenter,
                             _("no chips"))
            return
        base_y = rect.bottom() - 32
        x = rect.left() + 9 + PAYOUT_CHIP / 2 + 5
        count_font = ui_font(20, bold=True)
        for value, count in columns:
            paint_chip_stack(painter, QPointF(x, base_y), PAYOUT_CHIP, [value] * count,
                             style_of=self._styles)
            painter.setFont(count_font)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(QRectF(x - PAYOUT_CHIP / 2 - 5, base_y + 4, PAYOUT_CHIP + 10, 26),
                             Qt.AlignmentFlag.AlignCenter, f"\u00d7{count}")
            x += PAYOUT_CHIP + 10

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._on_click is not None and event.button() == Qt.MouseButton.LeftButton:
            self._on_click()
            event.accept()
            return
        super().mousePressEvent(event)


PLATE_GAP = 6.0
"""Space between a payout plate and what it sits beside."""
NEAR_ENOUGH = 220.0
"""How far (scene px, between edges) a plate may sit from its wager before covering a card
or a pay table is preferred to going farther."""
AREA_PER_PX = 20.0
"""Near its wager, a plate that must cover something takes the place covering the least,
each scene px farther from the wager counting as this many px² covered."""


def place_beside(item: QGraphicsItem, spot: QRectF, scene: QRectF, *, after: QRectF | None = None,
                 cards_too: bool = False, on_felt: bool = False) -> QRectF:
    """Put ``item`` (a payout plate) as near ``spot`` (the wager paid) as it goes without
    covering any wager's spot or another plate (``after``: one placed just before it, not
    shown yet), nor with ``cards_too`` any card, and near it covering as little as it can
    of the cards, seats' names and pay tables (:func:`_free_place`). Inside ``scene``
    (``on_felt``: inside the felt, off the rail, where a place there is free); returns
    its scene rect."""
    size = item.boundingRect().size()
    width, height = size.width(), size.height()
    hard, soft = _obstacles(item, spot, after, cards_too)
    key = (_box(spot), width, height, _box(scene), tuple(hard), tuple(soft), on_felt)
    found = _PLACES.get(key)
    if found is None:
        found = _free_place(width, height, _box(spot), _box(scene), hard, soft,
                            _on_felt if on_felt else None)
        if len(_PLACES) > 512:
            _PLACES.clear()
        _PLACES[key] = found
    x, y = found
    item.setPos(x, y)
    return QRectF(x, y, width, height)


_Box = tuple[float, float, float, float]
"""left, top, right, bottom (scene px)."""
_PLACES: dict[Hashable, tuple[float, float]] = {}
"""Places found (a payout is re-placed at every chip; the table stays the same)."""


def _box(rect: QRectF) -> _Box:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def _obstacles(item: QGraphicsItem, spot: QRectF, after: QRectF | None,
               cards_too: bool = False) -> tuple[list[_Box], list[_Box]]:
    """What a plate must not cover (every wager's spot, the other plates; ``cards_too``:
    the cards) and what it should not (cards, seats' names, pay tables, captions,
    meters)."""
    hard = [_box(spot)] + ([_box(after)] if after is not None else [])
    soft: list[_Box] = []
    scene = item.scene()
    if scene is None:
        return hard, soft
    for other in scene.items():
        if other is item or not isinstance(other, _Item) or not other.isVisible():
            continue
        if isinstance(other, (SpotItem, PayoutStackItem)) \
                or (cards_too and isinstance(other, CardItem)):
            hard.append(_box(other.layout_rect()))
        elif isinstance(other, SeatItem):
            soft.append(_box(other.mapRectToScene(other.geometry.label)))
        elif other.parentItem() is None or isinstance(other.parentItem(), SeatItem):
            soft.append(_box(other.layout_rect()))
    return sorted(hard), sorted(soft)


def _gap(a: _Box, b: _Box) -> float:
    """The distance between two boxes' edges (0 when they touch or overlap)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return float((dx * dx + dy * dy) ** 0.5)


def _hits(box: _Box, others: list[_Box]) -> bool:
    """Whether ``box`` overlaps any of ``others`` (touching is not overlapping)."""
    left, top, right, bottom = box
    return any(left < other[2] and right > other[0] and top < other[3] and bottom > other[1]
               for other in others)


def _overlap(a: _Box, b: _Box) -> float:
    return (max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
            * max(0.0, min(a[3], b[3]) - max(a[1], b[1])))


@cache
def _felt_top(x: float) -> float:
    return layout.felt_top_at(x)


def _on_felt(box: _Box) -> bool:
    """Whether ``box`` lies on the felt (the curved rail's inner edge is highest at an
    end of any stretch of it, so the top corners decide)."""
    left, top, right, bottom = box
    return (left >= layout.FELT_LEFT and right <= layout.FELT_RIGHT
            and bottom <= layout.FELT_BOTTOM
            and top >= max(_felt_top(left), _felt_top(right)))


def _free_place(width: float, height: float, spot: _Box, scene: _Box,
                hard: list[_Box], soft: list[_Box],
                allowed: Callable[[_Box], bool] | None = None) -> tuple[float, float]:
    """The top-left corner of the nearest place for a ``width`` x ``height`` plate free of
    ``hard`` and ``soft`` within :data:`NEAR_ENOUGH` of ``spot``; else the place there free
    of ``hard`` covering the least of ``soft`` (:data:`AREA_PER_PX`); else the nearest free
    of ``hard``; else the place covering the least of ``hard``. Candidates sit beside the
    spot or an obstacle's edge; with ``allowed``, only boxes it allows, but for a place
    free of ``hard`` none of those gives."""
    reach = NEAR_ENOUGH + width + height
    near_hard = sorted((box for box in hard if _gap(box, spot) <= reach),
                       key=lambda box: _gap(box, spot))  # the likeliest in the way first
    near_soft = [box for box in soft if _gap(box, spot) <= reach]
    best: tuple[float, float, float] | None = None
    for distance, x, y in _candidates(width, height, spot, scene, near_hard + near_soft):
        if distance > NEAR_ENOUGH or (best is not None and AREA_PER_PX * distance >= best[0]):
            break  # nearest first: nothing farther can cost less
        box = (x, y, x + width, y + height)
        if _hits(box, near_hard) or (allowed is not None and not allowed(box)):
            continue
        if not _hits(box, near_soft):
            return x, y
        hidden = sum(_overlap(box, other) for other in near_soft)
        cost = hidden + AREA_PER_PX * distance
        if best is None or cost < best[0]:
            best = (cost, x, y)
    if best is not None:
        return best[1], best[2]
    least: tuple[float, float, float] | None = None  # a crowded table: look everywhere
    free: tuple[float, float] | None = None
    for _distance, x, y in _candidates(width, height, spot, scene, hard + soft):
        box = (x, y, x + width, y + height)
        covered = sum(_overlap(box, other) for other in hard)
        if not covered:
            if allowed is None or allowed(box):
                return x, y
            free = free or (x, y)
        elif least is None or covered < least[0]:
            least = (covered, x, y)
    if free is not None:
        return free
    if least is None:
        return max(scene[0], spot[2] + PLATE_GAP), max(scene[1], spot[1])
    return least[1], least[2]


def _candidates(width: float, height: float, spot: _Box, scene: _Box,
                obstacles: list[_Box]) -> list[tuple[float, float, float]]:
    """Places inside ``scene`` beside ``spot`` or an obstacle's edge, as (distance from
    the spot, x, y), nearest first; beside the spot (right, then left) before above or
    below it at the same distance."""
    left, top = scene[0] + 4, scene[1] + 4
    right, bottom = scene[2] - 4 - width, scene[3] - 4 - height
    xs = {spot[2] + PLATE_GAP, spot[0] - PLATE_GAP - width, left, right}
    ys = {(spot[1] + spot[3] - height) / 2, spot[1], spot[3] - height, top, bottom}
    for box in obstacles:
        xs.update((box[2] + PLATE_GAP, box[0] - PLATE_GAP - width))
        ys.update((box[3] + PLATE_GAP, box[1] - PLATE_GAP - height))
    found = []
    for x in xs:
        if not left <= x <= right:
            continue
        for y in ys:
            if top <= y <= bottom:
                side = 0.0 if y < spot[3] and y + height > spot[1] else 1.0
                found.append((_gap((x, y, x + width, y + height), spot), side, x < spot[0],
                              y, x))
    found.sort()
    return [(distance, x, y) for distance, _side, _left, y, x in found]
