"""The table view: a QGraphicsScene that mirrors a :class:`~trainer.engine.round.Round`.

The scene is built once: six seat areas with their cards and spots, the
board, the dealer's cards, the 6-Card Bonus cards, the printed pay tables and
meters. :meth:`TableView.show_round` then only updates those items from the
round (a model-to-item map: seat number -> :class:`SeatItem`, wager ->
:class:`SpotItem`, board position -> :class:`CardItem`), so a new hand costs
a few attribute changes and one repaint.

The view shows what the round holds and never computes a payout: a settlement
shown (:meth:`TableView.show_settlement`) is the engine's
:class:`~trainer.engine.settlement.Settlement`, drawn as it stands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QEnterEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from trainer.engine.cards import Card
from trainer.engine.chips import Rack
from trainer.engine.round import SEAT_NUMBERS, Round, Wager
from trainer.engine.settlement import Settlement
from trainer.i18n import _
from trainer.ui.table import layout
from trainer.ui.table.inscriptions import pay_tables, rule_lines, whole_dollars
from trainer.ui.table.items import (
    CaptionItem,
    CardItem,
    Felt,
    InscriptionItem,
    MeterItem,
    RulesItem,
    SeatItem,
    SpotItem,
)
from trainer.ui.table.rack import PayoutStackItem, place_beside
from trainer.ui.table.render_cache import SHARED

BACKDROP = QColor("#1b1d21")
"""The room around the table."""

MAX_SELECTED = 5
"""The trainee picks the five cards that play (or the two that do not)."""


class TableView(QGraphicsView):
    """The casino table seen from the dealer's side, drawn as vectors at any size."""

    dealerSelectionChanged = Signal()
    """The set of picked dealer/board cards changed."""
    seatClicked = Signal(int)
    """A seat's area was clicked (seat number 1-6)."""
    payoutStackClicked = Signal()
    """The payout being built (chip mode) was clicked: its top chip goes back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scene = QGraphicsScene(self)
        self._scene.setSceneRect(layout.SCENE_RECT)
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(self._scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setMinimumSize(480, 270)
        self.viewport().setMouseTracking(True)
        self._pointing = False

        self._round: Round | None = None
        self._four_colour = False
        self._selection_enabled = False
        self._highlighted: int | None = None
        self._extras: tuple[bool, bool] | None = None
        self._tables_key: object = None
        self._feedback_spot: tuple[int, Wager | None] | None = None

        self._felt = Felt()
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self._seats: dict[int, SeatItem] = {}
        for number in SEAT_NUMBERS:
            seat = SeatItem(number, self._seat_pressed)
            self._scene.addItem(seat)
            self._seats[number] = seat

        middle_bottom = self._seats[3].mapRectToScene(self._seats[3].local_rect()).bottom()
        board_top = middle_bottom + 34
        self._board = [self._pickable_card(f"board{i + 1}", rect)
                       for i, rect in enumerate(layout.board_rects(board_top))]
        self._dealer = [self._pickable_card(f"dealer{i + 1}", rect)
                        for i, rect in enumerate(layout.dealer_rects())]
        self._six_cards = []
        for index, rect in enumerate(layout.six_card_rects()):
            card = CardItem(f"six_card{index + 1}", rect.size())
            card.setPos(rect.topLeft())
            self._scene.addItem(card)
            self._six_cards.append(card)

        board_bottom = self._board[0].layout_rect().bottom()
        rules_rect = QRectF(layout.CENTRE_X - 330, board_bottom + 14, 660, 90)
        self._rules = RulesItem(rules_rect)
        self._scene.addItem(self._rules)
        self._dealer_caption = CaptionItem(
            "caption.dealer", _("DEALER"),
            QRectF(layout.CENTRE_X - 60, self._dealer[0].layout_rect().bottom() + 3, 120, 20),
            px=15)
        self._scene.addItem(self._dealer_caption)
        six_block = self._six_cards[0].layout_rect().united(self._six_cards[3].layout_rect())
        self._six_caption = CaptionItem(
            "caption.six_card", _("6-CARD BONUS CARDS"),
            QRectF(six_block.center().x() - 90, six_block.top() - 26, 180, 22), px=13)
        self._scene.addItem(self._six_caption)
        self._meter_top = rules_rect.bottom() + 6
        self._meters = {
            "progressive": MeterItem("meter.progressive", QRectF(0, 0, 210, 62)),
            "jackpot": MeterItem("meter.jackpot", QRectF(0, 0, 210, 62)),
        }
        for meter in self._meters.values():
            self._scene.addItem(meter)

        left_top = max(self._seats[1].layout_rect().bottom(),
                       self._seats[2].layout_rect().bottom()) + 18
        right_top = max(self._seats[5].layout_rect().bottom(),
                        self._seats[6].layout_rect().bottom()) + 18
        self._inscription_regions = {
            "left": QRectF(layout.FELT_LEFT + 22, left_top,
                           self._board[0].layout_rect().left() - layout.FELT_LEFT - 50,
                           layout.FELT_BOTTOM - 16 - left_top),
            "right": QRectF(self._board[4].layout_rect().right() + 28, right_top,
                            layout.FELT_RIGHT - 22 - self._board[4].layout_rect().right() - 28,
                            layout.FELT_BOTTOM - 16 - right_top),
        }
        self._inscriptions: dict[str, InscriptionItem] = {}
        # Chip mode: the payout being built, and after a graded answer (practice) the
        # stack paid with the one the procedure expects beside it.
        self.building_stack = PayoutStackItem("payout.building", _("PAYOUT"),
                                              on_click=self.payoutStackClicked.emit)
        self.paid_stack = PayoutStackItem("payout.paid", _("PAID"))
        self.expected_stack = PayoutStackItem("payout.expected", _("EXPECTED"))
        for item in (self.building_stack, self.paid_stack, self.expected_stack):
            item.setVisible(False)
            self._scene.addItem(item)

    # --- building -------------------------------------------------------------------------

    def _pickable_card(self, name: str, rect: QRectF) -> CardItem:
        card = CardItem(name, QSizeF(rect.size()), on_click=self._card_pressed)
        card.setPos(rect.topLeft())
        self._scene.addItem(card)
        return card

    def _inscription(self, key: str) -> InscriptionItem:
        item = self._inscriptions.get(key)
        if item is None:
            item = InscriptionItem(f"inscription.{key}", QRectF(0, 0, 10, 10))
            self._scene.addItem(item)
            self._inscriptions[key] = item
        return item

    def _layout_inscriptions(self, round_: Round) -> None:
        """Print the round's pay tables in the two lower corners of the felt."""
        tables = {table.key: table for table in pay_tables(round_)}
        side_pair = [Wager.TRIPS_PLUS.value, Wager.POCKET_BONUS.value]
        placement = {
            "left": [["odds_win", "bad_beat"]],
            "right": [side_pair],
        }
        if Wager.SIX_CARD_BONUS.value in tables:
            placement["left"].append([Wager.SIX_CARD_BONUS.value])
        for item in self._inscriptions.values():
            item.set_table(None)
        for side, rows in placement.items():
            region = self._inscription_regions[side]
            y = region.top()
            for keys in rows:
                gap = 16.0
                width = (region.width() - gap * (len(keys) - 1)) / len(keys)
                widths = [width] * len(keys)
                if keys == side_pair:
                    widths = [region.width() * 0.42 - gap / 2, region.width() * 0.58 - gap / 2]
                height = max(InscriptionItem.height_for(tables[key]) for key in keys)
                x = region.left()
                for key, w in zip(keys, widths, strict=True):
                    item = self._inscription(key)
                    item.setPos(x, y)
                    item.set_local_rect(QRectF(0, 0, w, height))
                    item.set_table(tables[key])
                    x += w + gap
                y += height + 14

    def _place_meters(self) -> None:
        """Centre the visible meters in a row between the rules and the dealer's cards."""
        shown = [meter for meter in self._meters.values() if meter.isVisible()]
        gap = 24.0
        width = sum(meter.local_rect().width() for meter in shown) + gap * (len(shown) - 1)
        x = layout.CENTRE_X - width / 2
        for meter in shown:
            meter.setPos(x, self._meter_top)
            x += meter.local_rect().width() + gap

    # --- public API ---------------------------------------------------------------------------

    def show_round(self, round_: Round, *, dealer_revealed: bool = True) -> None:
        """Show ``round_``: cards, chips on every spot, and the rule set's inscriptions."""
        ruleset = round_.ruleset
        extras = (ruleset.six_card_bonus is not None, ruleset.progressive is not None)
        if extras != self._extras:
            geometry = layout.seat_geometry(*extras)
            for seat in self._seats.values():
                seat.configure(geometry)
            self._extras = extras
        occupied = {seat.seat: seat for seat in round_.seats}
        for number, seat_item in self._seats.items():
            seat_item.show_seat(occupied.get(number), self._four_colour)
        for item, card in zip(self._board, round_.board, strict=True):
            item.set_card(card)
            item.set_four_colour(self._four_colour)
        for item, card in zip(self._dealer, round_.dealer, strict=True):
            item.set_card(card, face_up=dealer_revealed)
            item.set_four_colour(self._four_colour)
        six = round_.six_card_bonus_cards or ()
        for index, item in enumerate(self._six_cards):
            item.set_card(six[index] if index < len(six) else None)
            item.set_four_colour(self._four_colour)
        self._six_caption.setVisible(bool(six))

        tables_key = (ruleset.id, ruleset.version, round_.tables)
        if tables_key != self._tables_key:
            self._layout_inscriptions(round_)
            self._rules.set_lines(rule_lines(ruleset))
            self._tables_key = tables_key
        letter = round_.tables.progressive_letter
        self._meters["progressive"].set_value(
            _("PROGRESSIVE \u00b7 TABLE {table}", table=letter) if letter
            else _("PROGRESSIVE"),
            whole_dollars(round_.progressive_pool) if round_.progressive_pool is not None
            else None)
        self._meters["jackpot"].set_value(
            _("6-CARD BONUS JACKPOT"),
            whole_dollars(round_.six_card_bonus_jackpot)
            if round_.six_card_bonus_jackpot is not None else None)

        self._place_meters()
        self._round = round_
        self.clear_settlement()
        self.highlight_seat(None)
        self.clear_dealer_card_selection()
        self._refresh_pointer()

    @property
    def shown_round(self) -> Round | None:
        """The round on the table now."""
        return self._round

    def meter_reading(self, name: str) -> str | None:
        """What the ``progressive`` or ``jackpot`` meter shows; None while it is hidden."""
        meter = self._meters[name]
        return meter.value if meter.isVisible() else None

    def set_four_colour(self, enabled: bool) -> None:
        """Four-colour deck: spades black, hearts red, diamonds blue, clubs green."""
        self._four_colour = enabled
        for card in self._all_cards():
            card.set_four_colour(enabled)

    def highlight_seat(self, seat: int | None) -> None:
        """Outline the seat being settled now (None: no seat)."""
        self._highlighted = seat
        for number, item in self._seats.items():
            item.set_highlighted(number == seat)

    def set_dealer_card_selection(self, enabled: bool) -> None:
        """Let the trainee click the dealer's and the board's cards to pick the five that play."""
        self._selection_enabled = enabled
        for card in self._pickable_cards():
            card.set_selectable(enabled)
        self._refresh_pointer()

    def selected_dealer_cards(self) -> list[Card]:
        """The picked cards: the dealer's first, then the board's, in table order."""
        return [item.card for item in self._pickable_cards()
                if item.selected and item.card is not None]

    def clear_dealer_card_selection(self) -> None:
        """Unpick every card (emits ``dealerSelectionChanged`` if any was picked)."""
        changed = False
        for card in self._pickable_cards():
            if card.selected:
                card.set_selected(False)
                changed = True
        if changed:
            self.dealerSelectionChanged.emit()

    def show_settlement(self, settlement: Settlement, seats: Iterable[int] | None = None,
                        *, dealer: bool = True) -> None:
        """Show how ``settlement`` settles the dealer and ``seats`` (None: every seat).

        The dealer's five cards that play get a gold outline (and a ``D`` badge on the
        board cards among them), the dealer's card that does not play is faded; for each
        seat shown that did not fold, likewise its hole cards, and the board cards in its
        five carry its number. Each of the seat's wagers shows its result: taken, push,
        or the payout beside it. Everything comes from ``settlement``; anything else on
        the table is cleared. Picked cards are unpicked (the right five replace them).
        """
        self.clear_settlement()
        self.clear_dealer_card_selection()
        wanted = None if seats is None else set(seats)
        shown = [seat for seat in settlement.seats if wanted is None or seat.seat in wanted]
        tags: dict[int, list[str]] = {index: [] for index in range(len(self._board))}
        board = list(settlement.round.board)
        if dealer:
            plays = set(settlement.dealer.cards)
            for item in self._dealer:
                item.set_plays(item.card in plays)
            for index, card in enumerate(board):
                if card in plays:
                    tags[index].append("D")
        for seat in sorted(shown, key=lambda result: result.seat):
            seat_item = self._seats[seat.seat]
            if not settlement.round.seat(seat.seat).folded:
                plays = set(seat.hand.cards)
                for item in seat_item.cards:
                    item.set_plays(item.card in plays)
                for index, card in enumerate(board):
                    if card in plays:
                        tags[index].append(str(seat.seat))
            for result in seat.wagers:
                spot = seat_item.spots[result.wager]
                spot.set_result(result.outcome, result.amount)
        for index, item in enumerate(self._board):
            dealer_plays = "D" in tags[index]
            item.set_plays(True if dealer_plays else None, tuple(tags[index]))

    def _wager_rect(self, seat: int, wager: Wager | None) -> QRectF:
        """The spot a payout is built beside (a capped seat's total: its ante)."""
        return self._seats[seat].spots[wager or Wager.ANTE].layout_rect()

    def show_building(self, seat: int, wager: Wager | None, chips: Sequence[Decimal],
                      rack: Rack) -> None:
        """The payout being built for ``seat``'s ``wager``, beside it (chip mode)."""
        item = self.building_stack
        item.set_chips(chips, rack)
        spot = self._wager_rect(seat, wager)
        shown = self.paid_stack.isVisible() and self._feedback_spot == (seat, wager)
        place_beside(item, spot, self._scene.sceneRect(),
                     after=self.expected_stack.layout_rect() if shown else None)
        item.setVisible(True)
        self._refresh_pointer()

    def hide_building(self) -> None:
        self.building_stack.setVisible(False)
        self._refresh_pointer()

    def show_chip_feedback(self, seat: int, wager: Wager | None, paid: Sequence[Decimal],
                           expected: Sequence[Decimal], rack: Rack) -> None:
        """After a graded payout: the stack paid beside the wager, and the stack the
        house's procedure expects beside that (both as training graded them)."""
        spot = self._wager_rect(seat, wager)
        self.paid_stack.set_chips(paid, rack)
        self.expected_stack.set_chips(expected, rack)
        first = place_beside(self.paid_stack, spot, self._scene.sceneRect())
        place_beside(self.expected_stack, spot, self._scene.sceneRect(), after=first)
        self.paid_stack.setVisible(True)
        self.expected_stack.setVisible(True)
        self._feedback_spot = (seat, wager)

    def clear_chip_feedback(self) -> None:
        self.paid_stack.setVisible(False)
        self.expected_stack.setVisible(False)
        self._feedback_spot = None

    def show_paid_chips(self, stacks: Mapping[tuple[int, Wager], Sequence[Decimal]],
                        rack: Rack) -> None:
        """The chips each winning wager was paid (Spot the dealer's mistake with chips):
        ``stacks`` by (seat, wager), drawn on the spot beside the wager's own chips as
        given (in place of the payout's amount); every other spot as without chips."""
        for number, seat in self._seats.items():
            for wager, spot in seat.spots.items():
                chips = stacks.get((number, wager))
                spot.set_paid_chips(None if chips is None else tuple(chips), rack)

    def paid_chips(self) -> dict[tuple[int, Wager], tuple[Decimal, ...]]:
        """The chips drawn on the spots now (:meth:`show_paid_chips`), by (seat, wager)."""
        return {(number, wager): spot.paid_chips
                for number, seat in self._seats.items()
                for wager, spot in seat.spots.items()
                if spot.paid_chips is not None and spot.payout.isVisible()}

    def show_paid_stack(self, seat: int, wager: Wager, chips: Sequence[Decimal], rack: Rack,
                        expected: Sequence[Decimal] | None = None) -> None:
        """The chips paid on ``seat``'s ``wager`` as a plate beside it (PAID), and with
        ``expected`` the stack training says is right beside that (EXPECTED); neither
        covers a spot, a card or the other plate, and both stay on the felt where a
        place there is free."""
        self.clear_chip_feedback()
        spot = self._wager_rect(seat, wager)
        scene = self._scene.sceneRect()
        self.paid_stack.set_chips(chips, rack)
        first = place_beside(self.paid_stack, spot, scene, cards_too=True, on_felt=True)
        self.paid_stack.setVisible(True)
        if expected is not None:
            self.expected_stack.set_chips(expected, rack)
            place_beside(self.expected_stack, spot, scene, after=first, cards_too=True,
                         on_felt=True)
            self.expected_stack.setVisible(True)
        self._feedback_spot = (seat, wager)

    def clear_settlement(self) -> None:
        """No settlement shown: every card and spot as the round alone shows it."""
        for card in self._all_cards():
            card.set_plays(None)
        for seat in self._seats.values():
            for spot in seat.spots.values():
                spot.set_result(None)
                spot.set_paid_chips(None)

    def layout_items(self) -> list[tuple[str, QRectF]]:
        """Name and scene rect of every visible seat area, spot, card, chip stack and label,
        pay table, meter and caption. A dotted name's prefix is the item it sits in
        (``seat2.ante.label`` is on ``seat2.ante``, which is in ``seat2``)."""
        result: list[tuple[str, QRectF]] = []
        for seat in self._seats.values():
            result.append((seat.name, seat.layout_rect()))
            result.append((f"{seat.name}.equals", seat.mapRectToScene(seat.equals_rect)))
            for card in seat.cards:
                if card.isVisible():
                    result.append((card.name, card.layout_rect()))
            for spot in seat.spots.values():
                if not spot.isVisible():
                    continue
                result.append((spot.name, spot.layout_rect()))
                for child in (spot.chips, spot.payout, spot.label):
                    if child.isVisible():
                        result.append((child.name, child.layout_rect()))
        for card in (*self._board, *self._dealer, *self._six_cards):
            if card.isVisible():
                result.append((card.name, card.layout_rect()))
        others = [self._rules, self._dealer_caption, self._six_caption,
                  *self._meters.values(), *self._inscriptions.values()]
        for item in others:
            if item.isVisible():
                result.append((item.name, item.layout_rect()))
        return result

    # --- for tests and the screenshot script ------------------------------------------------

    def seat_item(self, number: int) -> SeatItem:
        return self._seats[number]

    def spot_item(self, seat: int, wager: Wager) -> SpotItem:
        return self._seats[seat].spots[wager]

    def pickable_card_items(self) -> list[CardItem]:
        """The dealer's two cards then the five board cards."""
        return self._pickable_cards()

    # --- internals ------------------------------------------------------------------------------

    def _pickable_cards(self) -> list[CardItem]:
        return [*self._dealer, *self._board]

    def _all_cards(self) -> list[CardItem]:
        cards = [*self._dealer, *self._board, *self._six_cards]
        for seat in self._seats.values():
            cards.extend(seat.cards)
        return cards

    def _card_pressed(self, card: CardItem) -> None:
        if not self._selection_enabled:
            return
        if not card.selected and len(self.selected_dealer_cards()) >= MAX_SELECTED:
            return
        card.set_selected(not card.selected)
        self.dealerSelectionChanged.emit()

    def _seat_pressed(self, number: int) -> None:
        self.seatClicked.emit(number)

    # --- the pointer ----------------------------------------------------------------------

    def pointing_at_clickable(self) -> bool:
        """Whether the viewport shows the pointing hand now (tests, the soak driver)."""
        return self._pointing

    def _update_pointer(self, view_point: QPoint) -> None:
        """Pointing hand over an item that takes a click now, the arrow elsewhere.

        Set on the viewport, never on an item: see :mod:`trainer.ui.table.items`.
        """
        pointing = any(getattr(item, "wants_pointer", bool)() for item in self.items(view_point))
        if pointing != self._pointing:
            self._pointing = pointing
            if pointing:
                self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
            else:
                self.viewport().unsetCursor()

    def _refresh_pointer(self) -> None:
        """After the items changed under a pointer that may be resting over them."""
        if self.viewport().underMouse():
            self._update_pointer(self.viewport().mapFromGlobal(QCursor.pos()))
        elif self._pointing:
            self._pointing = False
            self.viewport().unsetCursor()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._update_pointer(event.position().toPoint())

    def enterEvent(self, event: QEnterEvent) -> None:
        super().enterEvent(event)
        self._refresh_pointer()

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        self._refresh_pointer()

    def _fit(self) -> None:
        self.fitInView(self._scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        ratio = self.devicePixelRatioF()
        size = self.viewport().size()
        SHARED.fit_to_view(round(size.width() * ratio * size.height() * ratio))

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The room and the table (cached by the view until it is resized)."""
        painter.fillRect(rect, BACKDROP)
        self._felt.paint(painter)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()
