"""The table while a ruling is asked: the deal as far as it went, mistakes included.

A ruling's :class:`~trainer.training.lessons.RulingTable` need not be a valid
round (a player with three cards, a dealer with one, a card found face up in
the deck), so it cannot go through :meth:`TableView.show_round`. This view is
the same table (felt, seats, spots, card art) and places the cards through the
items' own methods; cards are face down unless the ruling lists them as
exposed. (A public "show a partial deal" on ``TableView`` would let this
subclass go.)
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtWidgets import QWidget

from trainer.engine.cards import Card
from trainer.engine.round import SEAT_NUMBERS, Round, Wager
from trainer.i18n import _
from trainer.training.lessons import RulingTable
from trainer.ui.table import layout
from trainer.ui.table.items import CaptionItem, CardItem, SeatItem
from trainer.ui.table.view import TableView

FAN = 0.42
"""An extra card overlaps the one before it, showing this fraction of its width."""


class RulingTableView(TableView):
    """A :class:`TableView` that can also show a ruling's (possibly irregular) deal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._extra_cards: list[CardItem] = []
        self._exposed_cards: list[CardItem] = []
        rects = layout.six_card_rects()
        for index, rect in enumerate(rects):
            card = CardItem(f"exposed{index + 1}", rect.size())
            card.setPos(rect.topLeft())
            card.setVisible(False)
            self.scene().addItem(card)
            self._exposed_cards.append(card)
        block = rects[0].united(rects[-1])
        self._exposed_caption = CaptionItem(
            "caption.exposed", _("FOUND FACE UP IN THE DECK"),
            QRectF(block.center().x() - 150, block.top() - 26, 300, 22), px=13)
        self._exposed_caption.setVisible(False)
        self.scene().addItem(self._exposed_caption)

    def show_round(self, round_: Round, *, dealer_revealed: bool = True) -> None:
        """A whole round, as the practice table shows it (no ruling's extras)."""
        self._clear_extras()
        for item in self._exposed_cards:
            item.set_card(None)
        self._exposed_caption.setVisible(False)
        super().show_round(round_, dealer_revealed=dealer_revealed)

    def show_ruling_table(self, table: RulingTable) -> None:
        """Show the deal of a ruling: cards face down unless ``table.exposed`` has them."""
        self._clear_extras()
        self.clear_settlement()
        exposed = set(table.exposed)
        placed: set[Card] = set()
        cards = self.pickable_card_items()
        dealer_items = [item for item in cards if item.name.startswith("dealer")]
        board_items = [item for item in cards if item.name.startswith("board")]
        self._fill(dealer_items, table.dealer, exposed, None)
        placed.update(table.dealer)
        for index, item in enumerate(board_items):
            item.set_card(table.board[index] if index < len(table.board) else None)
        placed.update(table.board)
        occupied = {seat.seat: seat for seat in table.seats}
        for number in SEAT_NUMBERS:
            seat_item = self.seat_item(number)
            seat = occupied.get(number)
            self._show_seat(seat_item, seat is not None)
            if seat is None:
                self._fill(seat_item.cards, (), exposed, seat_item)
                for wager in Wager:
                    seat_item.spots[wager].set_amount(None, dim=True)
                continue
            self._fill(seat_item.cards, seat.hole, exposed, seat_item)
            placed.update(seat.hole)
            for wager in Wager:
                seat_item.spots[wager].set_amount(seat.wagers.get(wager))
        loose = [card for card in table.exposed if card not in placed]
        for index, item in enumerate(self._exposed_cards):
            item.set_card(loose[index] if index < len(loose) else None)
        self._exposed_caption.setVisible(bool(loose))
        self.highlight_seat(None)
        self.clear_dealer_card_selection()
        self.set_dealer_card_selection(False)

    def _fill(self, items: list[CardItem], cards: tuple[Card, ...], exposed: set[Card],
              parent: SeatItem | None) -> None:
        """Put ``cards`` on ``items``; cards beyond them fan out on extra items."""
        for index, item in enumerate(items):
            card = cards[index] if index < len(cards) else None
            item.set_card(card, face_up=card in exposed)
        last = items[-1]
        for number, card in enumerate(cards[len(items):], start=1):
            size = QSizeF(last.local_rect().size())
            extra = CardItem(f"{last.name}+{number}", size, parent)
            offset = size.width() * FAN * number
            extra.setPos(last.pos().x() + offset, last.pos().y())
            extra.setZValue(last.zValue() + number)
            if parent is None:
                self.scene().addItem(extra)
            extra.set_card(card, face_up=card in exposed)
            self._extra_cards.append(extra)

    @staticmethod
    def _show_seat(item: SeatItem, occupied: bool) -> None:
        if item.occupied != occupied or item.folded:
            item.occupied, item.folded = occupied, False
            item.update()

    def _clear_extras(self) -> None:
        for extra in self._extra_cards:
            self.scene().removeItem(extra)
        self._extra_cards.clear()
