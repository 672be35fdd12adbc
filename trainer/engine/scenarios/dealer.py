"""Kinds where the dealer does not qualify (docs/rules.md §3): less than a pair."""

from __future__ import annotations

from trainer.engine.cards import Suit
from trainer.engine.evaluator import Category
from trainer.engine.scenarios.build import SUITS, Build, Retry, category, fill_all
from trainer.engine.scenarios.model import Scenario, active_seats, wins_with
from trainer.engine.settlement import Settlement
from trainer.i18n import N_


def _dealer_high_card(b: Build, avoid: Suit | None = None) -> None:
    """Dealer hole cards that leave the dealer short of a pair (docs/rules.md §3)."""
    ranks = {card.rank for card in b.board}
    first = b.draw(lambda card: card.rank not in ranks and card.suit is not avoid)
    second = b.draw(lambda card: card.rank not in ranks | {first.rank} and card.suit is not avoid)
    b.dealer.extend((first, second))
    if category((*b.dealer, *b.board)) is not Category.HIGH_CARD:
        raise Retry


# --- dealer-not-qualify ------------------------------------------------------------------


def _match_dealer_not_qualify(settlement: Settlement) -> tuple[int, ...]:
    return () if settlement.dealer_qualifies else active_seats(settlement)


def _build_dealer_not_qualify(b: Build) -> None:
    for rank in b.ranks(5):
        b.board.append(b.of_rank(rank))
    _dealer_high_card(b)
    fill_all(b)
    b.stay()


DEALER_NOT_QUALIFY = Scenario(
    "dealer-not-qualify",
    N_("The dealer does not qualify (less than a pair) and at least one seat has raised."),
    rules=None,
    match=_match_dealer_not_qualify,
    build=_build_dealer_not_qualify,
)


# --- dealer-not-qualify-flush-wins -------------------------------------------------------


def _match_dnq_flush(settlement: Settlement) -> tuple[int, ...]:
    if settlement.dealer_qualifies:
        return ()
    return wins_with(Category.FLUSH)(settlement)


def _build_dnq_flush(b: Build) -> None:
    suit = b.rng.choice(SUITS)
    on_board = b.rng.choice((3, 4))
    ranks = b.ranks(5)
    for index, rank in enumerate(ranks):
        if index < on_board:
            b.board.append(b.of_rank(rank, suit))
        else:
            b.board.append(b.of_rank(rank, not_suit=suit))
    b.hole.append(b.draw(lambda card: card.suit is suit))
    if on_board == 3:
        b.hole.append(b.draw(lambda card: card.suit is suit))
    _dealer_high_card(b, avoid=suit)
    fill_all(b)
    if category((*b.hole, *b.board)) is not Category.FLUSH:
        raise Retry
    b.stay()


DEALER_NOT_QUALIFY_FLUSH_WINS = Scenario(
    "dealer-not-qualify-flush-wins",
    N_("The dealer does not qualify and at least one seat wins with a flush."),
    rules=None,
    match=_match_dnq_flush,
    build=_build_dnq_flush,
)
