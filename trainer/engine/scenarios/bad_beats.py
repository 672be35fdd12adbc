"""Kinds where a seat loses to the dealer with a strong hand: the bad-beat line of the odds
wager (docs/rules.md §4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from trainer.engine.evaluator import Category, evaluate
from trainer.engine.rulesets import RuleSet
from trainer.engine.scenarios.build import SUITS, Build, Retry, ace_high, fill_all, value
from trainer.engine.scenarios.model import Requires, Scenario, loses_with
from trainer.engine.settlement import Settlement
from trainer.i18n import N_

# Each loser places a hand of its category for the key seat and a better one for the dealer.


def _lose_straight(b: Build) -> None:
    rng, low = b.rng, b.rng.randint(1, 9)
    way = rng.randrange(3)
    if way == 0:  # a higher straight: the dealer holds the card above
        b.board.extend(b.of_rank(r) for r in range(low + 1, low + 5))
        b.hole.append(b.of_rank(low))
        b.dealer.append(b.of_rank(low + 5))
        return
    run = list(range(low, low + 5))
    rng.shuffle(run)
    if way == 1:  # a flush beats the straight
        suit = rng.choice(SUITS)
        b.board.extend(b.of_rank(r, suit) for r in run[:3])
        b.hole.extend(b.of_rank(r, not_suit=suit) for r in run[3:])
        b.dealer.extend((b.draw(lambda c: c.suit is suit), b.draw(lambda c: c.suit is suit)))
    else:  # a full house beats the straight
        pair = b.ranks(1, [ace_high(r) for r in run])[0]
        b.board.extend([*(b.of_rank(r) for r in run[:3]), b.of_rank(pair), b.of_rank(pair)])
        b.hole.extend(b.of_rank(r) for r in run[3:])
        b.dealer.extend((b.of_rank(pair), b.of_rank(run[0])))


def _lose_flush(b: Build) -> None:
    suit = b.rng.choice(SUITS)
    if b.rng.random() < 0.6:  # a higher flush
        b.board.extend(b.draw(lambda c: c.suit is suit) for _ in range(3))
        b.hole.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
        b.dealer.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
        if value((*b.hole, *b.board[:3])) > value((*b.dealer, *b.board[:3])):
            b.hole[:], b.dealer[:] = b.dealer[:], b.hole[:]
        return
    pair, side = b.ranks(2)  # a full house beats the flush
    b.board.extend((b.of_rank(pair, suit), b.of_rank(pair, not_suit=suit), b.of_rank(side, suit)))
    b.board.append(b.draw(lambda c: c.suit is suit))
    b.hole.extend(b.draw(lambda c: c.suit is suit) for _ in range(2))
    b.dealer.extend((b.of_rank(pair), b.of_rank(side)))


def _lose_full_house(b: Build) -> None:
    if b.rng.random() < 0.6:  # a higher full house: the dealer's trips outrank the seat's
        high, low = sorted(b.ranks(2), reverse=True)
        b.board.extend((b.of_rank(high), b.of_rank(high), b.of_rank(low)))
        b.hole.extend((b.of_rank(low), b.of_rank(low)))
        b.dealer.extend((b.of_rank(high), b.of_rank(low)))
        return
    pair, trips = b.ranks(2)  # four of a kind beats the full house
    b.board.extend((b.of_rank(pair), b.of_rank(pair), b.of_rank(trips)))
    b.hole.extend((b.of_rank(trips), b.of_rank(trips)))
    b.dealer.extend((b.of_rank(pair), b.of_rank(pair)))


def _lose_quads(b: Build) -> None:
    if b.rng.random() < 0.6:  # higher four of a kind: board p p q q, seat q q, dealer p p
        high, low = sorted(b.ranks(2), reverse=True)
        b.board.extend((b.of_rank(high), b.of_rank(high), b.of_rank(low), b.of_rank(low)))
        b.hole.extend((b.of_rank(low), b.of_rank(low)))
        b.dealer.extend((b.of_rank(high), b.of_rank(high)))
        return
    # a straight flush beats four of a kind: the board holds three of the quads' rank
    suit, low = b.rng.choice(SUITS), b.rng.randint(1, 10)
    run = list(range(low, low + 5))
    b.rng.shuffle(run)
    quads = run[0]
    b.board.append(b.of_rank(quads, suit))
    b.board.extend(b.of_rank(quads, not_suit=suit) for _ in range(2))
    b.board.extend(b.of_rank(r, suit) for r in run[1:3])
    b.dealer.extend(b.of_rank(r, suit) for r in run[3:])
    b.hole.append(b.of_rank(quads, not_suit=suit))


def _lose_straight_flush(b: Build) -> None:
    suit = b.rng.choice(SUITS)
    if b.rng.random() < 0.5:  # board c..c+3, seat c-1, dealer c+4
        c = b.rng.randint(2, 10)
        b.board.extend(b.of_rank(r, suit) for r in range(c, c + 4))
        b.hole.append(b.of_rank(c - 1, suit))
        b.dealer.append(b.of_rank(c + 4, suit))
    else:  # board c..c+2, seat c-2 and c-1, dealer c+3 and c+4
        c = b.rng.randint(3, 10)
        b.board.extend(b.of_rank(r, suit) for r in range(c, c + 3))
        b.hole.extend(b.of_rank(r, suit) for r in (c - 2, c - 1))
        b.dealer.extend(b.of_rank(r, suit) for r in (c + 3, c + 4))


_LOSERS: dict[Category, Callable[[Build], None]] = {
    Category.STRAIGHT: _lose_straight,
    Category.FLUSH: _lose_flush,
    Category.FULL_HOUSE: _lose_full_house,
    Category.FOUR_OF_A_KIND: _lose_quads,
    Category.STRAIGHT_FLUSH: _lose_straight_flush,
}


def _seat_loses_with(b: Build, made: Category) -> None:
    """The key seat holds ``made`` and the dealer's hand beats it (docs/rules.md §4)."""
    _LOSERS[made](b)
    fill_all(b)
    seat = evaluate((*b.hole, *b.board))
    if seat.category is not made or value((*b.dealer, *b.board)) <= seat.value:
        raise Retry
    b.stay()


# --- bad-beat ----------------------------------------------------------------------------


def _bad_beat_categories(settlement: Settlement) -> Sequence[Category]:
    return tuple(settlement.round.tables.bad_beat)


def _build_bad_beat(b: Build) -> None:
    categories = [c for c in b.tables.bad_beat if c in _LOSERS]
    _seat_loses_with(b, b.rng.choice(categories))


BAD_BEAT = Scenario(
    "bad-beat",
    N_("A seat loses to the dealer with a hand on the rule set's bad-beat table"
       " (a straight or better)."),
    rules=None,
    match=loses_with(_bad_beat_categories),
    build=_build_bad_beat,
)


# --- bad-beat-quads and seat-loses-with-quads --------------------------------------------


def _quads_on_bad_beat_table(settlement: Settlement) -> Sequence[Category]:
    quads = Category.FOUR_OF_A_KIND
    return (quads,) if quads in settlement.round.tables.bad_beat else ()


def _needs_bad_beat_line(made: Category) -> Requires:
    def requires(ruleset: RuleSet) -> str | None:
        if made not in ruleset.choose_tables().bad_beat:
            return f"rule set {ruleset.id!r}'s bad-beat table has no {made} line"
        return None

    return requires


def _build_loses_with_quads(b: Build) -> None:
    _seat_loses_with(b, Category.FOUR_OF_A_KIND)


BAD_BEAT_QUADS = Scenario(
    "bad-beat-quads",
    N_("A seat loses to the dealer with four of a kind: its odds wager pays the bad-beat"
       " line for four of a kind."),
    rules=None,
    match=loses_with(_quads_on_bad_beat_table),
    build=_build_loses_with_quads,
    requires=_needs_bad_beat_line(Category.FOUR_OF_A_KIND),
)

SEAT_LOSES_WITH_QUADS = Scenario(
    "seat-loses-with-quads",
    N_("A seat loses with four of a kind."),
    rules=None,
    match=loses_with(lambda settlement: (Category.FOUR_OF_A_KIND,)),
    build=_build_loses_with_quads,
)
