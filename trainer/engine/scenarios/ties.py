"""Kinds where a seat ties the dealer (docs/rules.md §4): the board plays for both, or a
tie against a dealer who qualifies."""

from __future__ import annotations

from trainer.engine.evaluator import Category, hand_value
from trainer.engine.scenarios.build import (
    SUITS,
    Build,
    Retry,
    fill_all,
    made_cards,
    value,
    weighted,
)
from trainer.engine.scenarios.model import Scenario
from trainer.engine.settlement import SeatResult, Settlement
from trainer.i18n import N_


def _board_that_plays(b: Build) -> None:
    """A board no hole cards improve on for the key seat and the dealer."""
    shape = weighted(
        b.rng,
        {
            Category.STRAIGHT: 40,
            Category.FLUSH: 25,
            Category.FULL_HOUSE: 20,
            Category.FOUR_OF_A_KIND: 15,
        },
    )
    if shape is Category.STRAIGHT:
        top = b.rng.randint(6, 14)
        suits = b.rng.sample(SUITS * 2, 5)  # at most two of a suit: no flush can come
        b.board.extend(b.of_rank(r, s) for r, s in zip(range(top - 4, top + 1), suits, strict=True))
    elif shape is Category.FOUR_OF_A_KIND:
        rank = b.rng.randint(2, 14)
        b.board.extend(b.of_rank(rank, suit) for suit in SUITS)
        kicker = 13 if rank == 14 else 14
        b.board.append(b.of_rank(kicker if b.rng.random() < 0.8 else b.ranks(1, (rank,))[0]))
    else:
        b.board.extend(made_cards(b, shape))
    board = value(b.board)
    for hole in (b.hole, b.dealer):
        for _ in range(40):
            pair = [b.draw(), b.draw()]
            if value((*pair, *b.board)) == board:
                hole.extend(pair)
                break
            b.used.difference_update(pair)
        else:
            raise Retry


# --- board-plays-tie ---------------------------------------------------------------------


def _match_board_plays_tie(settlement: Settlement) -> tuple[int, ...]:
    board = hand_value([card.code for card in settlement.round.board])
    if settlement.dealer.value != board:
        return ()
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result is SeatResult.TIE and seat.hand.value == board
        )
    )


def _build_board_plays_tie(b: Build) -> None:
    _board_that_plays(b)
    b.stay()


BOARD_PLAYS_TIE = Scenario(
    "board-plays-tie",
    N_("The five community cards are the best hand of both the dealer and a seat,"
       " so that seat ties the dealer."),
    rules=None,
    match=_match_board_plays_tie,
    build=_build_board_plays_tie,
)


# --- tie-dealer-qualifies ----------------------------------------------------------------


def _match_tie_qualifies(settlement: Settlement) -> tuple[int, ...]:
    if not settlement.dealer_qualifies:
        return ()
    return tuple(sorted(s.seat for s in settlement.seats if s.result is SeatResult.TIE))


def _build_tie_qualifies(b: Build) -> None:
    if b.rng.random() < 0.5:
        _board_that_plays(b)
    else:  # the same two ranks in both hands
        first, second = b.ranks(2)
        b.hole.extend((b.of_rank(first), b.of_rank(second)))
        b.dealer.extend((b.of_rank(first), b.of_rank(second)))
        fill_all(b)
        dealer = value((*b.dealer, *b.board))
        if dealer != value((*b.hole, *b.board)) or dealer >> 20 == 0:
            raise Retry
    b.stay()


TIE_DEALER_QUALIFIES = Scenario(
    "tie-dealer-qualifies",
    N_("A seat ties a dealer who qualifies: its ante, raise and odds push."),
    rules=None,
    match=_match_tie_qualifies,
    build=_build_tie_qualifies,
)
