"""A worked example's settlement as Markdown for people (no Qt, no arithmetic).

Every figure and reason comes from the engine's :class:`Settlement`; this
module only puts them in the order the dealer works and in words.
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.cards import Card
from trainer.engine.settlement import (
    Outcome,
    SeatResult,
    SeatSettlement,
    Settlement,
    WagerResult,
)
from trainer.i18n import _, local_dollars


def cards_label(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)


def _action(result: WagerResult) -> str:
    if result.outcome is Outcome.WIN:
        return _("**Pay {amount}**", amount=local_dollars(result.amount))
    if result.outcome is Outcome.PUSH:
        return _("**Push**")
    return _("**Take {amount}**", amount=local_dollars(-result.amount))


def _seat_line(seat: SeatSettlement, hole: Iterable[Card]) -> str:
    named = {"seat": seat.seat, "cards": cards_label(hole), "hand": seat.hand.describe(),
             "total": local_dollars(seat.total)}
    if seat.result is SeatResult.WIN:
        return _("**Seat {seat}**: {cards} \u2192 {hand} \u2022 **WIN** \u2022 seat total {total}",
                 **named)
    if seat.result is SeatResult.LOSE:
        return _("**Seat {seat}**: {cards} \u2192 {hand} \u2022 **LOSE** \u2022 seat total"
                 " {total}", **named)
    if seat.result is SeatResult.TIE:
        return _("**Seat {seat}**: {cards} \u2192 {hand} \u2022 **TIE** \u2022 seat total {total}",
                 **named)
    return _("**Seat {seat}**: {cards} \u2192 {hand} \u2022 **FOLD** \u2022 seat total {total}",
             **named)


def settlement_markdown(settlement: Settlement) -> str:
    """The dealer's hand, qualification, order and every seat's wagers, in dealing order,
    in the trainer's language."""
    round_ = settlement.round
    ruleset = round_.ruleset
    dealer = settlement.dealer
    named = {"cards": cards_label(round_.dealer), "hand": dealer.describe(),
             "five": cards_label(dealer.cards)}
    if settlement.dealer_qualifies:
        dealer_line = _("**Dealer:** {cards} \u2192 **{hand}** ({five}): qualifies (a pair or"
                        " better).", **named)
    else:
        dealer_line = _("**Dealer:** {cards} \u2192 **{hand}** ({five}): does **not** qualify"
                        " (less than a pair).", **named)
    lines = [
        dealer_line,
        "",
        _("**Board:** {cards} \u2022 **Rule set:** {rules}", cards=cards_label(round_.board),
          rules=ruleset.name),
        "",
        _("**Order:** {seats}", seats=", ".join(_("seat {seat}", seat=number)
                                                for number in settlement.order)),
    ]
    for seat in settlement.seats:
        lines += ["", _seat_line(seat, round_.seat(seat.seat).hole), ""]
        lines += [f"- {_action(wager)}: {wager.reason}" for wager in seat.wagers]
        if seat.capped and seat.cap_reason:
            lines.append(_("- **Cap:** {reason}", reason=seat.cap_reason))
    return "\n".join(lines)
