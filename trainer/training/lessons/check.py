"""An example's facts settled by the engine and compared (no Qt).

A lesson author works each example's facts (``expect``) by hand from the
rules; :func:`check_example` settles the example's round with the engine and
lists every fact the settlement contradicts, so a lesson that teaches a
wrong payout never loads.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.cards import Card, cards_text, find_duplicate
from trainer.engine.evaluator import evaluate
from trainer.engine.money import dollars, format_amount
from trainer.engine.round import Round
from trainer.engine.settlement import Settlement, settle
from trainer.i18n import ENGLISH, in_language
from trainer.tomllines import KeyPath
from trainer.training.lessons.model import Expect, SeatExpect


def _cards_play(cards: Sequence[Card], seven: Sequence[Card], best_value: int) -> bool:
    """Whether five named cards are among the seven and make exactly the best hand."""
    return (find_duplicate(cards) is None and all(card in seven for card in cards)
            and evaluate(cards).value == best_value)


Contradiction = tuple[KeyPath, str]
"""Where an ``expect`` is contradicted (its key path inside ``expect``) and how."""


def check_expect(expect: Expect, settlement: Settlement) -> list[Contradiction]:
    """Every fact of ``expect`` the engine's settlement contradicts; empty when it agrees."""
    found: list[Contradiction] = []
    dealer = settlement.dealer
    if expect.dealer_hand is not None and dealer.category is not expect.dealer_hand:
        found.append((("dealer_hand",), f"the dealer's best hand is {dealer.describe()}"
                      f" ({cards_text(dealer.cards)}), not {expect.dealer_hand}"))
    if expect.dealer_cards is not None:
        seven = (*settlement.round.dealer, *settlement.round.board)
        if not _cards_play(expect.dealer_cards, seven, dealer.value):
            found.append((("dealer_cards",), f"{cards_text(expect.dealer_cards)} are not five"
                          " of the dealer's cards making the best hand,"
                          f" {dealer.describe()} ({cards_text(dealer.cards)})"))
    if (expect.dealer_qualifies is not None
            and expect.dealer_qualifies != settlement.dealer_qualifies):
        verb = "qualifies" if settlement.dealer_qualifies else "does not qualify"
        found.append((("dealer_qualifies",),
                      f"the dealer {verb} with {dealer.describe()} (rules §3)"))
    if expect.order is not None and expect.order != settlement.order:
        found.append((("order",), "the settlement order is "
                      + ", ".join(map(str, settlement.order)) + ", not "
                      + ", ".join(map(str, expect.order)) + " (rules §7)"))
    for index, entry in enumerate(expect.seats):
        found.extend((("seats", index, *key), text) for key, text in _check_seat(entry, settlement))
    return found


def _check_seat(entry: SeatExpect, settlement: Settlement) -> list[Contradiction]:
    found: list[Contradiction] = []
    name = f"seat {entry.seat}"
    try:
        seat = settlement.seat(entry.seat)
    except KeyError:
        return [(("seat",), f"{name} is not in the round")]
    if entry.hand is not None and seat.hand.category is not entry.hand:
        found.append((("hand",), f"{name}'s best hand is {seat.hand.describe()}"
                      f" ({cards_text(seat.hand.cards)}), not {entry.hand}"))
    if entry.cards is not None:
        hole = settlement.round.seat(entry.seat).hole
        if not _cards_play(entry.cards, (*hole, *settlement.round.board), seat.hand.value):
            found.append((("cards",), f"{cards_text(entry.cards)} are not five of {name}'s"
                          f" cards making its best hand, {seat.hand.describe()}"
                          f" ({cards_text(seat.hand.cards)})"))
    if entry.result is not None and seat.result is not entry.result:
        found.append((("result",), f"{name}'s result is {seat.result}, not {entry.result}"))
    for wager, amount in entry.wagers.items():
        result = seat.wager(wager)
        if result is None:
            found.append(((wager.value,), f"{name} has no {wager.label} wager"))
        elif result.amount != amount:
            reason = f" ({result.reason})" if result.reason else ""
            found.append(((wager.value,), f"{name}'s {wager.label} settles at"
                          f" {format_amount(result.amount)}, not {format_amount(amount)}{reason}"))
    if entry.total is not None and seat.total != entry.total:
        found.append((("total",), f"{name}'s total is {dollars(seat.total)}, not"
                      f" {dollars(entry.total)}"))
    if entry.capped is not None and seat.capped != entry.capped:
        state = "capped" if seat.capped else "not capped"
        found.append((("capped",), f"{name} is {state} (rules §6)"))
    return found



def check_example(round_: Round, expect: Expect) -> list[Contradiction]:
    """Settle ``round_`` and compare it with ``expect`` (RoundError if it cannot be settled).

    In English whatever the trainer's language: a contradiction is a problem of the lesson
    file, said like the file's other problems (its keys, the engine's refusals), and the
    hands and reasons it quotes must not be half in another language (issue 24)."""
    with in_language(ENGLISH):
        return check_expect(expect, settle(round_))
