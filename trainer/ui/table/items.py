"""The scene's items: one per seat area, betting spot, card, chip stack and label.

Every item draws itself with QPainter vector calls in ``draw()``; ``paint()``
passes that drawing through :data:`~trainer.ui.table.render_cache.SHARED`, which
keeps it as a picture at the current device resolution under a key naming
everything it depends on (``visual_key()``), so the table is sharp at any size
and a new hand redraws only what changed. Items never compute anything about
the game: they show what :class:`~trainer.ui.table.view.TableView` hands them
from the round.
Items are not QObjects; a click is passed to the view through a plain
callback, and the view emits the Qt signals.

No item ever sets a Qt cursor or changes its flags after it is built: an item
only says whether it takes a click now (:meth:`_Item.wants_pointer`) and the
view sets its viewport's cursor from that. ``QGraphicsItem.unsetCursor`` on an
item under a pointer that has not moved since the window opened (or since a
dialog closed over it) makes Qt read a mouse event the view never stored, and
the process dies in libQt6Gui (issue 10); the viewport's own cursor has no such
path.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from decimal import Decimal
from functools import cache

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from trainer.engine.cards import Card
from trainer.engine.chips import Rack
from trainer.engine.round import Seat, Wager
from trainer.engine.settlement import Outcome
from trainer.i18n import N_, _
from trainer.ui.table import layout
from trainer.ui.table.card_art import card_outline, paint_card
from trainer.ui.table.chips import (
    amount_text,
    chip_breakdown,
    chip_columns,
    chip_geometry,
    paint_chip_stack,
    rack_key,
    rack_styles,
    stack_size,
)
from trainer.ui.table.inscriptions import PayTableText
from trainer.ui.table.render_cache import SHARED

# --- look -----------------------------------------------------------------------------

UI_FAMILIES = ["Segoe UI", "Helvetica Neue", "Helvetica", "Arial", "Nimbus Sans", "DejaVu Sans"]
INK = QColor("#f6eed5")
"""Cream print on the felt."""
GOLD = QColor("#ecc85f")
LINE = QColor(246, 238, 213, 210)
FELT = QColor("#0d6a3c")
FELT_DARK = QColor("#08492a")
HIGHLIGHT = QColor("#ffd54a")
FOLD_RED = QColor("#c62f2f")
PLAYS_GOLD = QColor("#f0b429")
"""The outline of a card that plays in a settlement shown (picking is HIGHLIGHT, lifted)."""
WIN_GREEN = QColor("#1f8f4a")
PUSH_BLUE = QColor("#2f5f9e")

def spot_name(wager: Wager) -> str:
    """The wager's name as the felt prints it on its spot, in the language in use: the
    brand names as they are (TRIPS PLUS), the Raise a SUBIDA in Spanish (the glossary)."""
    return wager.display_name.upper()
"""What is printed on each betting spot: the wager's name in capitals."""
_SPOT_TINT = {
    Wager.TRIPS_PLUS: QColor(176, 36, 48, 95),
    Wager.POCKET_BONUS: QColor(32, 82, 170, 95),
    Wager.SIX_CARD_BONUS: QColor(120, 60, 160, 95),
    Wager.PROGRESSIVE: QColor(120, 20, 28, 80),
}
SEAT_POSITIONS = {1: N_("first base"), 6: N_("third base")}

MAX_CHIPS_SHOWN = 5
CHIP_WIDTH = 40.0
PAYOUT_CHIP_WIDTH = 28.0
PLAQUE_PX = 17
MAX_PAYOUT_CHIPS_SHOWN = 3
"""A payout stack sits under the spot's name: at most three chips fit below it."""


@cache
def ui_font(pixel_size: int, bold: bool = False, italic: bool = False,
            spacing: float = 0.0) -> QFont:
    """A sans-serif font by pixel size (scene units), the same on every platform's fonts."""
    font = QFont()
    font.setFamilies(UI_FAMILIES)
    font.setPixelSize(pixel_size)
    font.setWeight(QFont.Weight.Bold if bold else QFont.Weight.Normal)
    font.setItalic(italic)
    if spacing:
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def seat_title(number: int) -> str:
    """``Seat 1 — first base``, ``Seat 3``, ``Seat 6 — third base``."""
    position = SEAT_POSITIONS.get(number)
    if position:
        return _("Seat {seat} \u2014 {position}", seat=number, position=_(position))
    return _("Seat {seat}", seat=number)


class _Item(QGraphicsItem):
    """A painted item with a fixed local rect and a dotted name for layout checks."""

    def __init__(self, name: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def local_rect(self) -> QRectF:
        return QRectF(self._rect)

    def set_local_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)

    def layout_rect(self) -> QRectF:
        """The rect the layout test checks, in scene coordinates."""
        return self.mapRectToScene(self._rect)

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def wants_pointer(self) -> bool:
        """True while a click on this item does something (the view shows a pointing hand)."""
        return False

    def visual_key(self) -> Hashable:
        """Everything the drawing depends on: equal keys draw identical pictures."""
        raise NotImplementedError

    def draw(self, painter: QPainter) -> None:
        """Paint the item with vectors (in item coordinates)."""
        raise NotImplementedError

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        SHARED.draw(painter, (type(self).__name__, self.visual_key()), self.boundingRect(),
                    self.draw)


def rect_key(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.x(), rect.y(), rect.width(), rect.height())


# --- cards ------------------------------------------------------------------------------


class CardItem(_Item):
    """One card; cards the trainee may pick lift up and get a gold outline when picked."""

    LIFT = 0.12

    def __init__(self, name: str, size: QSizeF, parent: QGraphicsItem | None = None,
                 on_click: Callable[[CardItem], None] | None = None) -> None:
        super().__init__(name, parent)
        self._size = QSizeF(size)
        self._rect = QRectF(QPointF(0, 0), size)
        self.card: Card | None = None
        self.face_up = True
        self.four_colour = False
        self.selectable = False
        self.selected = False
        self.plays: bool | None = None
        """In a settlement shown: True, one of the five that play (gold outline); False,
        a hole card that does not play (faded); None, no settlement shown."""
        self.tags: tuple[str, ...] = ()
        """On a board card in a settlement shown: whose five it is in (``D`` the dealer,
        ``6`` seat 6), printed in small badges along its bottom edge."""
        self._hover = False
        self._on_click = on_click
        if on_click is not None:
            self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
            self.setAcceptHoverEvents(True)

    @property
    def lift(self) -> float:
        return self._size.height() * self.LIFT

    def boundingRect(self) -> QRectF:
        margin = 7.0
        return QRectF(-margin, -self.lift - margin, self._size.width() + 2 * margin + 3,
                      self._size.height() + self.lift + 2 * margin + self.TAG_H / 2 + 4)

    TAG_H = 28.0

    def face_rect(self) -> QRectF:
        """Where the card is drawn now (lifted when selected)."""
        return QRectF(QPointF(0, -self.lift if self.selected else 0), self._size)

    def set_card(self, card: Card | None, *, face_up: bool = True) -> None:
        if card is not self.card or face_up != self.face_up:
            self.card = card
            self.face_up = face_up
            self.update()
        self.setVisible(card is not None)

    def set_four_colour(self, enabled: bool) -> None:
        if enabled != self.four_colour:
            self.four_colour = enabled
            self.update()

    def set_selectable(self, enabled: bool) -> None:
        if enabled != self.selectable:
            self.selectable = enabled
            if not enabled:
                self._hover = False
            self.update()

    def wants_pointer(self) -> bool:
        return self.selectable and self._on_click is not None

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    def set_plays(self, plays: bool | None, tags: tuple[str, ...] = ()) -> None:
        """Mark the card in a settlement shown (None and no tags: unmarked)."""
        if (plays, tags) != (self.plays, self.tags):
            self.plays, self.tags = plays, tags
            self.update()

    def visual_key(self) -> Hashable:
        return (self.card.text if self.card else None, self.face_up, self.four_colour,
                self.selected, self.selectable, self._hover, self._size.width(),
                self._size.height(), self.plays, self.tags)

    def draw(self, painter: QPainter) -> None:
        rect = self.face_rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        lifted = 4.0 if self.selected else 0.0
        painter.fillPath(card_outline(rect.translated(2.5 + lifted, 3.5 + lifted)),
                         QColor(0, 0, 0, 80))
        paint_card(painter, rect, self.card, four_colour=self.four_colour,
                   face_up=self.face_up)
        if self.selected:
            glow = QPen(QColor(255, 213, 74, 110), 9)
            painter.setPen(glow)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(card_outline(rect))
            painter.setPen(QPen(HIGHLIGHT, 3.5))
            painter.drawPath(card_outline(rect.adjusted(-1, -1, 1, 1)))
        elif self.selectable:
            colour = QColor(255, 255, 255, 200 if self._hover else 90)
            painter.setPen(QPen(colour, 2.5 if self._hover else 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(card_outline(rect.adjusted(-3, -3, 3, 3)))
        if self.plays is False:
            painter.fillPath(card_outline(rect), QColor(6, 40, 22, 150))
        elif self.plays:
            # Solid gold, close to the card and never lifted: picking lifts the card
            # and glows yellow, so a pick and a card that plays never look alike.
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 120), 7))
            painter.drawPath(card_outline(rect.adjusted(-3, -3, 3, 3)))
            painter.setPen(QPen(PLAYS_GOLD, 4.5))
            painter.drawPath(card_outline(rect.adjusted(-3, -3, 3, 3)))
        if self.tags:
            self._draw_tags(painter, rect)

    TAG_GAP = 3.0
    MIN_TAG = 24.0
    """The smallest badge: a digit ~11 px high on a 1366x768 screen. When one row of
    badges across the card would be smaller, they go in two rows (issue 19, item 22:
    "D 1 3 4 5 6" shrank to ~6 px)."""

    def tag_rects(self, rect: QRectF | None = None) -> list[QRectF]:
        """Where each of :attr:`tags` is drawn (item coordinates): round badges centred
        on the card's bottom edge, in one row when they fit at :attr:`MIN_TAG` or more,
        else in two, the first half (the dealer's ``D`` first) above the rest."""
        rect = self.face_rect() if rect is None else rect
        count = len(self.tags)
        if not count:
            return []
        room = rect.width() + 8

        def fitting(per_row: int) -> float:
            return min(self.TAG_H, (room - self.TAG_GAP * (per_row - 1)) / per_row)

        rows = [self.tags] if fitting(count) >= self.MIN_TAG else \
            [self.tags[:(count + 1) // 2], self.tags[(count + 1) // 2:]]
        size = fitting(max(len(row) for row in rows))
        rects = []
        for index, row in enumerate(rows):
            top = rect.bottom() - size / 2 - (len(rows) - 1 - index) * (size + 1)
            x = rect.center().x() - (size * len(row) + self.TAG_GAP * (len(row) - 1)) / 2
            for _tag in row:
                rects.append(QRectF(x, top, size, size))
                x += size + self.TAG_GAP
        return rects

    def _draw_tags(self, painter: QPainter, rect: QRectF) -> None:
        """Badges straddling the bottom edge: gold ``D`` for the dealer, cream seat numbers."""
        badges = self.tag_rects(rect)
        painter.setFont(ui_font(round(badges[0].height() * 0.72), bold=True))
        for tag, badge in zip(self.tags, badges, strict=True):
            dealer = tag == "D"
            painter.setPen(QPen(QColor(0, 0, 0, 160), 1.5))
            painter.setBrush(PLAYS_GOLD if dealer else INK)
            painter.drawEllipse(badge)
            painter.setPen(QColor("#1a1a1a"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, tag)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # A pickable card takes its clicks even while picking is off, so a click
        # on the board never falls through to the felt.
        event.accept()
        if self.selectable and self._on_click is not None \
                and event.button() == Qt.MouseButton.LeftButton:
            self._on_click(self)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.selectable:
            self._hover = True
            self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self._hover:
            self._hover = False
            self.update()


# --- chips --------------------------------------------------------------------------------


class ChipStackItem(_Item):
    """A short stack of the chips that make an amount; its bottom centre is its position."""

    def __init__(self, name: str, parent: QGraphicsItem | None = None,
                 width: float = CHIP_WIDTH) -> None:
        super().__init__(name, parent)
        self._width = width
        self._chips: list[Decimal] = []
        self.taken = False
        """The dealer takes these chips (a losing wager): faded and struck through in red."""
        self._columns: tuple[tuple[Decimal, int], ...] = ()
        """Chips given (:meth:`set_columns`): one column per value, largest on the left."""
        self._column_width = width
        self._rack: Rack | None = None

    def set_amount(self, amount: Decimal | None, max_chips: int = MAX_CHIPS_SHOWN) -> None:
        chips = chip_breakdown(amount)[:max_chips] if amount else []
        if chips != self._chips or self._columns:
            self._chips, self._columns, self._rack = chips, (), None
            self.set_local_rect(stack_size(len(chips), self._width) if chips else QRectF())
            self.update()
        self.setVisible(bool(chips))

    def set_columns(self, chips: Sequence[Decimal], rack: Rack, width: float,
                    height: float) -> None:
        """Draw ``chips`` as given, in ``rack``'s colours: one column per value (largest
        on the left, as :func:`~trainer.ui.table.chips.chip_columns`), each chip as wide
        as fits a ``width`` x ``height`` box (at most this stack's chip width)."""
        columns = tuple(chip_columns(chips))
        gap = 3.0
        count = max(1, len(columns))
        tallest = max((n for _value, n in columns), default=1)
        ellipse, thickness = chip_geometry(1.0)
        chip = min(self._width, (width - gap * (count - 1)) / count,
                   height / (ellipse + thickness * tallest))
        self._chips, self._columns, self._rack = [], columns, rack
        self._column_width = chip
        total = count * chip + gap * (count - 1)
        self.set_local_rect(QRectF(-total / 2, -chip * (ellipse + thickness * tallest),
                                   total, chip * (ellipse + thickness * tallest))
                            if columns else QRectF())
        self.update()
        self.setVisible(bool(columns))

    @property
    def columns(self) -> tuple[tuple[Decimal, int], ...]:
        """The chips given to :meth:`set_columns`, as (value, count) columns."""
        return self._columns

    def set_taken(self, taken: bool) -> None:
        if taken != self.taken:
            self.taken = taken
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -2, 3, 3)

    def visual_key(self) -> Hashable:
        return (tuple(self._chips), self._width, self.taken, self._columns,
                self._column_width, None if self._rack is None else rack_key(self._rack))

    def draw(self, painter: QPainter) -> None:
        if self._columns and self._rack is not None:
            styles = rack_styles(self._rack)
            x = self._rect.left() + self._column_width / 2
            for value, count in self._columns:
                paint_chip_stack(painter, QPointF(x, 0), self._column_width, [value] * count,
                                 style_of=styles)
                x += self._column_width + 3.0
            return
        if not self._chips:
            return
        if self.taken:
            painter.setOpacity(0.4)
        paint_chip_stack(painter, QPointF(0, 0), self._width, self._chips)
        if self.taken:
            painter.setOpacity(1.0)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            pen = QPen(FOLD_RED, 4.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            r = self._rect
            painter.drawLine(QPointF(r.left() + 2, r.bottom() - 2),
                             QPointF(r.right() - 2, r.top() + 2))


class ChipLabelItem(_Item):
    """The amount on a spot, e.g. ``$30``: light text on a dark pill, sized to fit its box."""

    MAX_PX = 19
    MIN_PX = 11

    def __init__(self, name: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(name, parent)
        self.text = ""
        self.tone: QColor | None = None
        self._font = ui_font(self.MAX_PX, bold=True)

    def set_text(self, text: str, box: QRectF, tone: QColor | None = None,
                 max_px: int = MAX_PX) -> None:
        """Show ``text`` centred in ``box`` (parent coordinates), as large as fits.

        A wide amount (``$10,000``) is set in the condensed face when the family has one
        (DejaVu Sans does) before the size is reduced, so it stays legible at 1080p.
        """
        self._font = self._fitting_font(text, box.width(), max_px)
        metrics = QFontMetricsF(self._font)
        width = min(box.width(), metrics.horizontalAdvance(text) + 12)
        height = metrics.height() + 4
        self.text = text
        self.tone = tone
        self.setPos(box.center())
        self.set_local_rect(QRectF(-width / 2, -height / 2, width, height))
        self.update()

    @classmethod
    def _fitting_font(cls, text: str, width: float, max_px: int = MAX_PX) -> QFont:
        fonts = []
        for px in range(max_px, cls.MIN_PX - 1, -1):
            normal = ui_font(px, bold=True)
            condensed = ui_font(px, bold=True)
            condensed.setStretch(QFont.Stretch.Condensed)
            fonts += [normal, condensed]
        for font in fonts:
            if QFontMetricsF(font).horizontalAdvance(text) + 12 <= width:
                return font
        return fonts[-1]

    def visual_key(self) -> Hashable:
        return (self.text, self._font.pixelSize(), self._font.stretch(), rect_key(self._rect),
                self.tone.name() if self.tone is not None else None)

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 60 if self.tone is None else 150), 1))
        painter.setBrush(self.tone if self.tone is not None else QColor(10, 20, 14, 190))
        radius = self._rect.height() / 2
        painter.drawRoundedRect(self._rect, radius, radius)
        painter.setFont(self._font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


# --- betting spots --------------------------------------------------------------------------


class SpotItem(_Item):
    """A regulated betting area with its printed name and any chips on it."""

    def __init__(self, seat: int, wager: Wager, parent: QGraphicsItem) -> None:
        super().__init__(f"seat{seat}.{wager.value}", parent)
        self.wager = wager
        self.amount: Decimal | None = None
        self.folded = False
        self.dim = False
        self.outcome: Outcome | None = None
        """The wager's result in a settlement shown (None: none shown)."""
        self.paid: Decimal | None = None
        """What a winning wager is paid (the settlement's amount)."""
        self.paid_chips: tuple[Decimal, ...] | None = None
        """A winning wager's payout as chips given (Spot the dealer's mistake with chips):
        drawn beside the wager's own chips in place of the payout's amount."""
        self._paid_rack: Rack | None = None
        self.chips = ChipStackItem(f"{self.name}.chips", self)
        self.payout = ChipStackItem(f"{self.name}.payout", self, width=PAYOUT_CHIP_WIDTH)
        self.payout.setVisible(False)
        self.label = ChipLabelItem(f"{self.name}.label", self)
        self._show_state()

    def set_geometry(self, rect: QRectF) -> None:
        self.setPos(rect.topLeft())
        self.set_local_rect(QRectF(0, 0, rect.width(), rect.height()))
        self._show_state()

    def set_amount(self, amount: Decimal | None, *, folded: bool = False,
                   dim: bool = False) -> None:
        if amount is not None and not amount:
            amount = None
        changed = (amount, folded, dim) != (self.amount, self.folded, self.dim)
        self.amount, self.folded, self.dim = amount, folded, dim
        self._show_state()
        if changed:
            self.update()

    def set_result(self, outcome: Outcome | None, paid: Decimal | None = None) -> None:
        """Show how the wager is settled: LOSE the chips taken, PUSH marked, WIN the
        payout ``paid`` as a second stack beside the wager (None: no result shown).
        A result is shown only while chips are on the spot: a spot with nothing on it
        has nothing to settle."""
        if outcome is not Outcome.WIN:
            paid = None
        if (outcome, paid) == (self.outcome, self.paid):
            return
        self.outcome, self.paid = outcome, paid
        self._show_state()
        self.update()

    def set_paid_chips(self, chips: tuple[Decimal, ...] | None, rack: Rack | None = None
                       ) -> None:
        """The payout's chips as given, in ``rack``'s colours (None: its amount, as
        always); drawn while the spot shows a win."""
        if (chips, rack) != (self.paid_chips, self._paid_rack):
            self.paid_chips, self._paid_rack = chips, rack
            self._show_state()
            self.update()

    def shown_outcome(self) -> Outcome | None:
        """The result the spot shows now: its outcome while chips are on it, else None."""
        return self.outcome if self.amount is not None else None

    def _show_state(self) -> None:
        """Set the chips, the payout stack and the label from the spot's state alone
        (amount, outcome, payout), every one of them every time: nothing shown for an
        earlier round or an earlier result can outlive the state that made it (issue 19,
        item 13: an emptied seat kept the last round's payout plaque)."""
        outcome = self.shown_outcome()
        paid = self.paid if outcome is Outcome.WIN else None
        self.chips.set_amount(self.amount)
        self.chips.set_taken(outcome is Outcome.LOSE)
        self.payout.set_amount(paid, MAX_PAYOUT_CHIPS_SHOWN)
        self.label.setVisible(self.amount is not None and not self._chips_paid())
        self._place_chips()

    def _chips_paid(self) -> bool:
        """Whether the payout is drawn as the chips given (:meth:`set_paid_chips`)."""
        return (self.paid_chips is not None and self._paid_rack is not None
                and self.shown_outcome() is Outcome.WIN and self.paid is not None)

    def _place_chips(self) -> None:
        w, h = self._rect.width(), self._rect.height()
        if self.wager is Wager.PROGRESSIVE:
            circle = self._sensor_rect()
            self.chips.setPos(circle.center().x(), circle.center().y() + 10)
            label_box = QRectF(circle.right() + 4, circle.center().y() - 14,
                               w - circle.right() - 8, 28)
        else:
            self.chips.setPos(8 + CHIP_WIDTH / 2, h - 7)
            label_box = QRectF(8 + CHIP_WIDTH + 5, 27, w - CHIP_WIDTH - 18, h - 33)
        outcome = self.shown_outcome()
        if self.amount is None:
            return
        if self._chips_paid():
            # The chips paid beside the wager, as given, in the rest of the spot.
            assert self.paid_chips is not None and self._paid_rack is not None
            area = (label_box if self.wager is Wager.PROGRESSIVE
                    else QRectF(8 + CHIP_WIDTH + 4, 24, w - CHIP_WIDTH - 18, h - 29))
            self.payout.setPos(area.center().x(), area.bottom())
            self.payout.set_columns(self.paid_chips, self._paid_rack, area.width(),
                                    area.height())
        elif outcome is Outcome.WIN and self.paid is not None:
            # The payout beside the wager, its amount on a green plaque under it.
            # The plaque may reach 2 units past the spot's edge, into the gap between rows.
            right = QRectF(8 + CHIP_WIDTH + 2, h - 24, w - CHIP_WIDTH - 12, 24)
            self.payout.setPos(label_box.center().x(), right.top() - 3)
            self.label.set_text(amount_text(self.paid), right, WIN_GREEN,
                                max_px=PLAQUE_PX)
        elif outcome is Outcome.LOSE:
            self.label.set_text(_("TAKE"), label_box, FOLD_RED)
        elif outcome is Outcome.PUSH:
            self.label.set_text(_("PUSH"), label_box, PUSH_BLUE)
        else:
            self.label.set_text(amount_text(self.amount), label_box)

    def _sensor_rect(self) -> QRectF:
        """The progressive's coin sensor: under the name, at the chip's place when lit."""
        w, h = self._rect.width(), self._rect.height()
        radius = min((h - 30) / 2, 21.0)
        cx = 8 + CHIP_WIDTH / 2 if self.amount is not None else w / 2
        cy = 24 + (h - 24) / 2
        return QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius)

    def _name_font(self, name: str, width: float) -> QFont:
        px = 13
        while px > 10 and QFontMetricsF(ui_font(px, bold=True, spacing=0.4)) \
                .horizontalAdvance(name) > width:
            px -= 1
        return ui_font(px, bold=True, spacing=0.4)

    def visual_key(self) -> Hashable:
        return (self.wager, rect_key(self._rect), self.amount is None, self.folded, self.dim)

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(0.45 if self.dim else 1.0)
        rect = self._rect.adjusted(1.5, 1.5, -1.5, -1.5)
        radius = 14.0
        tint = _SPOT_TINT.get(self.wager)
        painter.setBrush(tint if tint is not None else QColor(0, 0, 0, 28))
        painter.setPen(QPen(LINE, 2.2))
        painter.drawRoundedRect(rect, radius, radius)
        if self.wager is Wager.ANTE:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(LINE, 1.2))
            painter.drawRoundedRect(rect.adjusted(4, 4, -4, -4), radius - 4, radius - 4)
        name = spot_name(self.wager)
        painter.setPen(GOLD if tint is not None else INK)
        top_band = QRectF(rect.left(), rect.top() + 3, rect.width(), 19)
        if self.wager is Wager.PROGRESSIVE:
            painter.setFont(self._name_font(name, rect.width() - 12))
            painter.drawText(top_band, Qt.AlignmentFlag.AlignCenter, name)
            self._paint_sensor(painter)
        elif self.amount is None and not self.folded:
            font = ui_font(16, bold=True, spacing=0.8)
            if QFontMetricsF(font).horizontalAdvance(name) > rect.width() - 14:
                name = name.replace(" ", "\n", 1)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, name)
        else:
            painter.setFont(self._name_font(name, rect.width() - 16))
            painter.drawText(top_band, Qt.AlignmentFlag.AlignCenter, name)
        if self.folded:
            badge = QRectF(rect.center().x() - 38, rect.top() + 28, 76, 26)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(FOLD_RED)
            painter.drawRoundedRect(badge, 13, 13)
            painter.setPen(QColor("#ffffff"))
            folded, px = _("FOLDED"), 14  # RETIRADO in Spanish: smaller where it must be
            while px > 9 and QFontMetricsF(ui_font(px, bold=True, spacing=1.0)) \
                    .horizontalAdvance(folded) > badge.width() - 8:
                px -= 1
            painter.setFont(ui_font(px, bold=True, spacing=1.0))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, folded)

    def _paint_sensor(self, painter: QPainter) -> None:
        circle = self._sensor_rect()
        lit = self.amount is not None
        glow = QRadialGradient(circle.center(), circle.width() / 2)
        glow.setColorAt(0.0, QColor("#ff6b5a") if lit else QColor("#6b2323"))
        glow.setColorAt(0.7, QColor("#c0141f") if lit else QColor("#401616"))
        glow.setColorAt(1.0, QColor("#40070b"))
        painter.setBrush(QBrush(glow))
        painter.setPen(QPen(GOLD, 2.0))
        painter.drawEllipse(circle)


# --- a seat ------------------------------------------------------------------------------------


class SeatItem(_Item):
    """A player position: its area (clickable), label, hole cards and spots."""

    def __init__(self, number: int, on_click: Callable[[int], None]) -> None:
        super().__init__(f"seat{number}")
        self.number = number
        self._on_click = on_click
        self.occupied = False
        self.folded = False
        self.highlighted = False
        self.geometry = layout.seat_geometry(False, False)
        size = QSizeF(layout.HOLE_W, layout.HOLE_H)
        self.cards = [CardItem(f"seat{number}.card{i + 1}", size, self) for i in range(2)]
        self.spots = {wager: SpotItem(number, wager, self) for wager in Wager}
        self.equals_rect = QRectF()
        self.setPos(layout.seat_origin(number))
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.configure(self.geometry)

    def configure(self, geometry: layout.SeatGeometry) -> None:
        """Place the cards and spots (a rule set with other extras has other spots)."""
        self.geometry = geometry
        self.set_local_rect(geometry.area)
        for card, rect in zip(self.cards, geometry.cards, strict=True):
            card.setPos(rect.topLeft())
        for wager, spot in self.spots.items():
            spot_rect = geometry.spots.get(wager)
            spot.setVisible(spot_rect is not None)
            if spot_rect is not None:
                spot.set_geometry(spot_rect)
        self.equals_rect = QRectF(geometry.equals)
        self.update()

    def show_seat(self, seat: Seat | None, four_colour: bool) -> None:
        """Mirror one seat of the round (None: nobody sits here this round)."""
        occupied = seat is not None
        folded = bool(seat and seat.folded)
        if (occupied, folded) != (self.occupied, self.folded):
            self.occupied, self.folded = occupied, folded
            self.update()
        for index, card in enumerate(self.cards):
            card.set_four_colour(four_colour)
            card.set_card(seat.hole[index] if seat else None)
        for wager, spot in self.spots.items():
            if seat is None:
                spot.set_amount(None, dim=True)
            elif wager is Wager.RAISE:
                spot.set_amount(None if seat.folded else seat.raise_amount, folded=seat.folded)
            else:
                spot.set_amount(seat.stake(wager))

    def wants_pointer(self) -> bool:
        return True

    def set_highlighted(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-8, -8, 8, 8)

    def visual_key(self) -> Hashable:
        return (self.number, self.occupied, self.folded, self.highlighted,
                rect_key(self._rect), rect_key(self.equals_rect),
                rect_key(self.geometry.cards[0]), rect_key(self.geometry.cards[1]))

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        area = self._rect
        if self.highlighted:
            for width, alpha in ((14, 50), (8, 90)):
                painter.setPen(QPen(QColor(255, 213, 74, alpha), width))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(area, 18, 18)
            painter.setPen(QPen(HIGHLIGHT, 3.5))
            painter.setBrush(QColor(255, 230, 140, 34))
        else:
            painter.setPen(QPen(QColor(255, 255, 255, 38), 1.2))
            painter.setBrush(QColor(0, 0, 0, 30))
        painter.drawRoundedRect(area, 18, 18)

        label = self.geometry.label
        title = seat_title(self.number)
        painter.setFont(ui_font(18, bold=True))
        painter.setPen(HIGHLIGHT if self.highlighted else INK)
        if not self.occupied:
            painter.setOpacity(0.6)
        painter.drawText(label, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         title)
        painter.setOpacity(1.0)
        if not self.occupied:
            empty = _("no player")
            painter.setFont(ui_font(15, italic=True))
            painter.setPen(QColor(246, 238, 213, 150))
            # Beside the title when both fit (a longer language's "Seat 1 - first base"
            # may not): else the dimmed title and the empty card outlines say it alone.
            if (QFontMetricsF(ui_font(18, bold=True)).horizontalAdvance(title)
                    + QFontMetricsF(ui_font(15, italic=True)).horizontalAdvance(empty) + 8
                    <= label.width()):
                painter.drawText(label,
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                                 empty)
            painter.setPen(QPen(QColor(246, 238, 213, 70), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for rect in self.geometry.cards:
                painter.drawRoundedRect(rect, 6, 6)
        elif self.folded:
            painter.setFont(ui_font(14, bold=True, spacing=1.0))
            painter.setPen(QColor("#ff9b8f"))
            painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             _("folded"))
        # The "=" that separates the odds spot from the ante (NY (a)(2)(iii)).
        painter.setOpacity(0.45 if not self.occupied else 1.0)
        path = QPainterPath()
        eq = self.equals_rect
        bar = eq.height() * 0.16
        path.addRoundedRect(QRectF(eq.left(), eq.center().y() - bar * 1.9, eq.width(), bar),
                            bar / 2, bar / 2)
        path.addRoundedRect(QRectF(eq.left(), eq.center().y() + bar * 0.9, eq.width(), bar),
                            bar / 2, bar / 2)
        painter.fillPath(path, INK)
        painter.setOpacity(1.0)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self._on_click(self.number)
        else:
            event.ignore()


# --- the felt and its inscriptions -------------------------------------------------------------


class Felt:
    """The table itself: a padded rail with stitching, green felt and a gold pinstripe.

    It never changes, so the view paints it as its (cached) background rather than
    as an item.
    """

    def __init__(self) -> None:
        self._felt = layout.felt_path()
        self._rail = self._stroke(layout.RAIL_WIDTH * 2).united(self._felt).simplified()
        self._stitching = self._stroke(layout.RAIL_WIDTH)
        self._pinstripe = self._stroke(20)
        self.bounds = self._rail.boundingRect().adjusted(-2, -2, 2, 2)
        outside = QPainterPath()
        outside.addRect(self.bounds)
        self._outside = outside.subtracted(self._felt)

    def _stroke(self, width: float) -> QPainterPath:
        """The band ``width`` wide centred on the felt's edge."""
        stroker = QPainterPathStroker()
        stroker.setWidth(width)
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return stroker.createStroke(self._felt)

    def paint(self, painter: QPainter) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        bounds = self._rail.boundingRect()
        rail = QLinearGradient(bounds.topLeft(), bounds.bottomLeft())
        rail.setColorAt(0.0, QColor("#5e3a22"))
        rail.setColorAt(0.5, QColor("#40261a"))
        rail.setColorAt(1.0, QColor("#2b190e"))
        painter.fillPath(self._rail, QBrush(rail))
        painter.setPen(QPen(QColor(255, 220, 170, 70), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._rail)
        # Stitching along the middle of the padded rail (outside the felt).
        painter.save()
        painter.setClipPath(self._outside, Qt.ClipOperation.IntersectClip)
        stitch = QPen(QColor(255, 226, 180, 80), 1.6)
        stitch.setDashPattern([4, 3])
        painter.setPen(stitch)
        painter.drawPath(self._stitching)
        painter.restore()
        felt = QRadialGradient(QPointF(960, 520), 1100)
        felt.setColorAt(0.0, QColor("#138a4d"))
        felt.setColorAt(0.6, FELT)
        felt.setColorAt(1.0, FELT_DARK)
        painter.fillPath(self._felt, QBrush(felt))
        painter.setPen(QPen(QColor(0, 0, 0, 130), 3))
        painter.drawPath(self._felt)
        # A printed gold pinstripe a little inside the rail.
        painter.setClipPath(self._felt, Qt.ClipOperation.IntersectClip)
        painter.setPen(QPen(QColor(236, 200, 95, 140), 2))
        painter.drawPath(self._pinstripe)
        painter.restore()


class InscriptionItem(_Item):
    """A pay table printed on the felt: title, subtitle, and rows of hand and payout."""

    def __init__(self, name: str, rect: QRectF) -> None:
        super().__init__(name)
        self.setPos(rect.topLeft())
        self.set_local_rect(QRectF(0, 0, rect.width(), rect.height()))
        self.table: PayTableText | None = None

    TITLE_H = 26.0
    SUBTITLE_H = 18.0
    ROW_H = 22.0
    TOP = 8.0

    @classmethod
    def height_for(cls, table: PayTableText) -> float:
        rows = len(table.rows) + (1 if table.header else 0)
        return cls.TOP + cls.TITLE_H + cls.SUBTITLE_H + 6 + rows * cls.ROW_H + 10

    def set_table(self, table: PayTableText | None) -> None:
        if table != self.table:
            self.table = table
            self.update()
        self.setVisible(table is not None)

    def visual_key(self) -> Hashable:
        return (self.table, rect_key(self._rect))

    def draw(self, painter: QPainter) -> None:
        table = self.table
        if table is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = self._rect
        painter.setPen(QPen(QColor(236, 200, 95, 150), 1.5))
        painter.setBrush(QColor(0, 0, 0, 38))
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 12, 12)
        inner = rect.adjusted(14, self.TOP, -14, -4)
        centred = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
        painter.setPen(GOLD)
        painter.setFont(ui_font(20, bold=True, spacing=1.2))
        painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), self.TITLE_H),
                         centred, table.title)
        painter.setPen(QColor(246, 238, 213, 200))
        painter.setFont(ui_font(14, italic=True))
        painter.drawText(QRectF(inner.left(), inner.top() + self.TITLE_H, inner.width(),
                                self.SUBTITLE_H), centred, table.subtitle)
        y = inner.top() + self.TITLE_H + self.SUBTITLE_H + 3
        painter.setPen(QPen(QColor(236, 200, 95, 120), 1))
        painter.drawLine(QPointF(inner.left() + 10, y), QPointF(inner.right() - 10, y))
        y += 3
        columns = max(len(row) for row in table.rows) - 1
        value_w = 92.0 if columns > 1 else 0.0
        rows: list[tuple[str, ...]] = list(table.rows)
        if table.header:
            rows.insert(0, table.header)
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for index, row in enumerate(rows):
            header = table.header is not None and index == 0
            line = QRectF(inner.left(), y, inner.width(), self.ROW_H)
            painter.setFont(ui_font(15 if header else 17, bold=header, italic=header))
            painter.setPen(GOLD if header else INK)
            painter.drawText(line, left, row[0])
            painter.setFont(ui_font(15 if header else 17, bold=True))
            if columns > 1:
                for k, value in enumerate(row[1:]):
                    cell = QRectF(inner.right() - (columns - k) * value_w, y, value_w, self.ROW_H)
                    painter.drawText(cell, right, value)
            else:
                painter.drawText(line, right, row[1])
            y += self.ROW_H


class RulesItem(_Item):
    """Centre inscriptions: dealer qualification, permissible raises, the payout cap."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__("inscription.rules")
        self.setPos(rect.topLeft())
        self.set_local_rect(QRectF(0, 0, rect.width(), rect.height()))
        self.lines: list[str] = []

    def set_lines(self, lines: Sequence[str]) -> None:
        if list(lines) != self.lines:
            self.lines = list(lines)
            self.update()

    def visual_key(self) -> Hashable:
        return (tuple(self.lines), rect_key(self._rect))

    def draw(self, painter: QPainter) -> None:
        y = 0.0
        for index, line in enumerate(self.lines):
            first = index == 0
            painter.setFont(ui_font(23 if first else 18, bold=first, spacing=1.0 if first else 0))
            painter.setPen(GOLD if first else INK)
            height = 32.0 if first else 26.0
            painter.drawText(QRectF(0, y, self._rect.width(), height),
                             Qt.AlignmentFlag.AlignCenter,
                             line.upper() if first else line)
            y += height


class MeterItem(_Item):
    """A jackpot meter: what the round says the progressive pool or jackpot stands at."""

    def __init__(self, name: str, rect: QRectF) -> None:
        super().__init__(name)
        self.setPos(rect.topLeft())
        self.set_local_rect(QRectF(0, 0, rect.width(), rect.height()))
        self.title = ""
        self.value = ""

    def set_value(self, title: str, value: str | None) -> None:
        self.setVisible(value is not None)
        if (title, value or "") != (self.title, self.value):
            self.title, self.value = title, value or ""
            self.update()

    def visual_key(self) -> Hashable:
        return (self.title, self.value, rect_key(self._rect))

    def draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = self._rect.adjusted(1, 1, -1, -1)
        painter.setPen(QPen(GOLD, 1.5))
        painter.setBrush(QColor("#141414"))
        painter.drawRoundedRect(rect, 8, 8)
        painter.setPen(GOLD)
        painter.setFont(ui_font(13, bold=True, spacing=0.8))
        painter.drawText(QRectF(rect.left(), rect.top() + 4, rect.width(), 20),
                         Qt.AlignmentFlag.AlignCenter, self.title)
        painter.setPen(QColor("#ff4b3a"))
        painter.setFont(ui_font(22, bold=True))
        painter.drawText(QRectF(rect.left(), rect.top() + 24, rect.width(), rect.height() - 28),
                         Qt.AlignmentFlag.AlignCenter, self.value)


class CaptionItem(_Item):
    """A short printed caption on the felt (``DEALER``, ``6-CARD BONUS CARDS``)."""

    SPACING = 1.5

    def __init__(self, name: str, text: str, rect: QRectF, px: int = 16) -> None:
        super().__init__(name)
        self.text = text
        self._px = px
        self.setPos(rect.topLeft())
        self.set_local_rect(QRectF(0, 0, rect.width(), rect.height()))
        self.font = self._fitting_font()

    def _fitting_font(self) -> QFont:
        """The caption's size when it fits its width; otherwise tighter letter
        spacing, then the condensed face, then up to 3 px smaller (the font
        installed decides how wide capitals are)."""
        candidates = []
        for px in range(self._px, self._px - 4, -1):
            for spacing in (self.SPACING, 0.0):
                normal = ui_font(px, bold=True, spacing=spacing)
                condensed = QFont(normal)
                condensed.setStretch(QFont.Stretch.Condensed)
                candidates += [normal, condensed]
        for font in candidates:
            if QFontMetricsF(font).horizontalAdvance(self.text) <= self._rect.width():
                return font
        return candidates[-1]

    def visual_key(self) -> Hashable:
        return (self.text, self._px, rect_key(self._rect))

    def draw(self, painter: QPainter) -> None:
        painter.setFont(self.font)
        painter.setPen(GOLD)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)
