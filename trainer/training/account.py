"""A worked example's settlement as Markdown for people (no Qt, no arithmetic).

Every figure and reason comes from the engine's :class:`Settlement`; this
module only puts them in the order the dealer works and in words.
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.cards import Card
from trainer.engine.money import dollars
from trainer.engine.settlement import Outcome, SeatResult, Settlement, WagerResult


def cards_label(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)


def _action(result: WagerResult) -> str:
    if result.outcome is Outcome.WIN:
        return f"**Pay {dollars(result.amount)}**"
    if result.outcome is Outcome.PUSH:
        return "**Push**"
    return f"**Take {dollars(-result.amount)}**"


def settlement_markdown(settlement: Settlement) -> str:
    """The dealer's hand, qualification, order and every seat's wagers, in dealing order."""
    round_ = settlement.round
    ruleset = round_.ruleset
    dealer = settlement.dealer
    verdict = ("qualifies (a pair or better)" if settlement.dealer_qualifies
               else "does **not** qualify (less than a pair)")
    lines = [
        f"**Dealer:** {cards_label(round_.dealer)} \u2192 **{dealer.describe()}**"
        f" ({cards_label(dealer.cards)}): {verdict}.",
        "",
        f"**Board:** {cards_label(round_.board)} \u2022 **Rule set:** {ruleset.name}",
        "",
        "**Order:** " + ", ".join(f"seat {number}" for number in settlement.order),
    ]
    for seat in settlement.seats:
        hole = round_.seat(seat.seat).hole
        result = "FOLD" if seat.result is SeatResult.FOLD else seat.result.value.upper()
        lines += [
            "",
            f"**Seat {seat.seat}**: {cards_label(hole)} \u2192 {seat.hand.describe()}"
            f" \u2022 **{result}** \u2022 seat total {dollars(seat.total)}",
            "",
        ]
        lines += [f"- {_action(wager)}: {wager.reason}" for wager in seat.wagers]
        if seat.capped and seat.cap_reason:
            lines.append(f"- **Cap:** {seat.cap_reason}")
    return "\n".join(lines)
