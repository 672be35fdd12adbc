"""Kinds about the side wagers (docs/rules.md §5): Trips Plus, the Pocket Bonus (a folded
seat's too, docs/rules.md §7) and the 6-Card Bonus."""

from __future__ import annotations

from trainer.engine.evaluator import Category, evaluate
from trainer.engine.round import Wager
from trainer.engine.rulesets import RuleSet
from trainer.engine.scenarios.build import (
    Build,
    Retry,
    category,
    fill_all,
    made_cards,
    seat_holds,
    split,
    weighted,
)
from trainer.engine.scenarios.model import Scenario
from trainer.engine.settlement import Settlement
from trainer.i18n import N_

_TRIPS_PLUS_MIX = {
    Category.THREE_OF_A_KIND: 40,
    Category.STRAIGHT: 20,
    Category.FLUSH: 15,
    Category.FULL_HOUSE: 15,
    Category.FOUR_OF_A_KIND: 6,
    Category.STRAIGHT_FLUSH: 3,
    Category.ROYAL_FLUSH: 1,
}
"""How often each paying hand is built, for Trips Plus and the 6-Card Bonus."""


# --- folded-seat-pocket-pair -------------------------------------------------------------


def _match_folded_pocket_pair(settlement: Settlement) -> tuple[int, ...]:
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.round.seats
            if seat.folded
            and seat.hole[0].rank == seat.hole[1].rank
            and Wager.POCKET_BONUS in seat.side_bets
        )
    )


_FOLDED_PAIR_WEIGHTS = {rank: 3 if rank <= 6 else 2 if rank <= 10 else 1 for rank in range(2, 14)}
_FOLDED_PAIR_WEIGHTS[14] = 1  # the Pocket Bonus pays a pair of aces on its own line


def _build_folded_pocket_pair(b: Build) -> None:
    """docs/rules.md §5/§7: a folded seat's Pocket Bonus still settles. Small pairs that the
    board leaves at a pair or two pair, as a player would plausibly give up."""
    rank = b.rng.choices(list(_FOLDED_PAIR_WEIGHTS), list(_FOLDED_PAIR_WEIGHTS.values()))[0]
    b.hole.extend((b.of_rank(rank), b.of_rank(rank)))
    fill_all(b)
    if category((*b.hole, *b.board)) > Category.TWO_PAIR:
        raise Retry
    b.stays_in[b.key] = False
    b.bet(Wager.POCKET_BONUS)


FOLDED_SEAT_POCKET_PAIR = Scenario(
    "folded-seat-pocket-pair",
    N_("A seat that folded holds a pocket pair and a Pocket Bonus wager, which is still paid."),
    rules=None,
    match=_match_folded_pocket_pair,
    build=_build_folded_pocket_pair,
)


# --- trips-plus-win ----------------------------------------------------------------------


def _match_trips_plus(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §5 Trips Plus: best five of seven, three of a kind or better (folded too)."""
    table = settlement.round.tables.trips_plus
    return tuple(
        sorted(
            result.seat
            for result in settlement.seats
            if Wager.TRIPS_PLUS in settlement.round.seat(result.seat).side_bets
            and result.hand.category in table
        )
    )


def _build_trips_plus(b: Build) -> None:
    """The key seat's best five of seven pays Trips Plus; board-only hands count (docs/rules.md
    §5)."""
    table = b.tables.trips_plus
    made = weighted(b.rng, {c: w for c, w in _TRIPS_PLUS_MIX.items() if c in table})
    in_hole = (0, 1, 1, 2, 2) if made is Category.THREE_OF_A_KIND else (1, 2)
    seat_holds(b, made, in_hole)
    b.bet(Wager.TRIPS_PLUS)


TRIPS_PLUS_WIN = Scenario(
    "trips-plus-win",
    N_("A seat's Trips Plus wager wins: its best hand is three of a kind or better."),
    rules=None,
    match=_match_trips_plus,
    build=_build_trips_plus,
)


# --- pocket-aces -------------------------------------------------------------------------


def _match_pocket_aces(settlement: Settlement) -> tuple[int, ...]:
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.round.seats
            if seat.hole[0].rank == seat.hole[1].rank == 14 and Wager.POCKET_BONUS in seat.side_bets
        )
    )


def _build_pocket_aces(b: Build) -> None:
    b.hole.extend((b.of_rank(14), b.of_rank(14)))
    fill_all(b)
    b.bet(Wager.POCKET_BONUS)


POCKET_ACES = Scenario(
    "pocket-aces",
    N_("A seat holds a pair of aces and a Pocket Bonus wager."),
    rules=None,
    match=_match_pocket_aces,
    build=_build_pocket_aces,
)


# --- six-card-bonus-win ------------------------------------------------------------------


def _match_six_card(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §5 6-Card Bonus: hole cards plus the four bonus cards, trips or better."""
    round_ = settlement.round
    if round_.six_card_bonus_cards is None or round_.ruleset.six_card_bonus is None:
        return ()
    seats = []
    for seat in round_.seats:
        stake = seat.side_bets.get(Wager.SIX_CARD_BONUS)
        if stake is None:
            continue
        six = evaluate((*seat.hole, *round_.six_card_bonus_cards))
        if six.category in round_.ruleset.six_card_bonus[stake]:
            seats.append(seat.seat)
    return tuple(sorted(seats))


def _build_six_card(b: Build) -> None:
    """docs/rules.md §5: the 6-Card Bonus is the hole cards plus four extra cards, best five."""
    assert b.ruleset.six_card_bonus is not None
    stake = b.rng.choice(list(b.ruleset.six_card_bonus))
    table = b.ruleset.six_card_bonus[stake]
    made = weighted(b.rng, {c: w for c, w in _TRIPS_PLUS_MIX.items() if c in table})
    b.six = []
    split(b, made_cards(b, made), b.hole, b.six, b.rng.choice((1, 2)))
    b.fill(b.six, 4)
    fill_all(b)
    if category((*b.hole, *b.six)) not in table:
        raise Retry
    b.bet(Wager.SIX_CARD_BONUS, stake)


def _needs_six_card(ruleset: RuleSet) -> str | None:
    if not ruleset.six_card_bonus:
        return f"rule set {ruleset.id!r} offers no 6-Card Bonus (the house preset does)"
    return None


SIX_CARD_BONUS_WIN = Scenario(
    "six-card-bonus-win",
    N_("A seat's 6-Card Bonus wins: its two hole cards and the four bonus cards make three of"
       " a kind or better."),
    rules="house",
    match=_match_six_card,
    build=_build_six_card,
    requires=_needs_six_card,
)
