"""Dealing a scenario: attempts at its build until one settles into its situation, each
completed into a whole round (the rest of the deck, wagers and decisions at random)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from trainer.engine.generator import (
    chip_source,
    choose_seats,
    decide_raise,
    generate_round,
    random_jackpot,
    random_pool,
    side_bet_amount,
    with_chips,
)
from trainer.engine.round import SEAT_NUMBERS, TABLE_SEATS, Round, Seat, Wager, is_seat_number
from trainer.engine.rulesets import RuleSet
from trainer.engine.scenarios.build import Build, Retry, fill_all
from trainer.engine.scenarios.model import Scenario, ScenarioError
from trainer.engine.settlement import settle

MAX_ATTEMPTS = 400
"""Redraws of the random fill before giving up (a bug, never seen in practice)."""


def occupied_seats(
    rng: random.Random, seats: int | Sequence[int] | None, chosen: Scenario
) -> list[int]:
    """``seats`` as for :func:`~trainer.engine.generator.choose_seats` (a count, seat numbers,
    or None for 1 to 6 at random); a kind that needs every seat takes only all six."""
    if isinstance(seats, bool) or not (seats is None or isinstance(seats, int | Sequence)):
        raise ScenarioError(f"seats: {seats!r} is not a number of seats or a list of seats")
    if chosen.every_seat:
        every = list(SEAT_NUMBERS)
        if (
            seats is None
            or seats == TABLE_SEATS
            or (
                not isinstance(seats, int)
                and all(is_seat_number(number) for number in seats)
                and sorted(seats) == every
            )
        ):
            return every
        raise ScenarioError(f"seats: scenario {chosen.kind!r} needs all six seats, not {seats!r}")
    try:
        return choose_seats(rng, seats)
    except ValueError as error:
        raise ScenarioError(str(error)) from None


def deal(
    chosen: Scenario,
    rng: random.Random,
    ruleset: RuleSet,
    numbers: list[int],
    options: Mapping[str, str],
) -> Round:
    """A round on seats ``numbers`` whose settlement shows ``chosen`` on the seat it was
    built on; a :class:`ScenarioError` after :data:`MAX_ATTEMPTS` spoiled attempts."""
    for _ in range(MAX_ATTEMPTS):
        key = rng.choice(numbers)
        attempt = Build(rng, ruleset, options, numbers, key)
        try:
            chosen.build(attempt)
        except Retry:
            continue
        round_ = _assemble(attempt)
        if key in chosen.match(settle(round_, explain=False)):
            return round_
    raise ScenarioError(
        f"scenario {chosen.kind!r}: no round found in {MAX_ATTEMPTS} attempts under rule set"
        f" {ruleset.id!r} (a bug in trainer/engine/scenarios/)"
    )


def _assemble(b: Build) -> Round:
    """Fill every remaining card, then wagers (generate_round) and decisions (decide_raise)."""
    rng, ruleset = b.rng, b.ruleset
    fill_all(b)
    for cards in b.holes.values():
        b.fill(cards, 2)
    rng.shuffle(b.board)
    base = generate_round(rng, ruleset, seats=b.seats, options=b.options, rack=None)
    board = (b.board[0], b.board[1], b.board[2], b.board[3], b.board[4])
    seats = []
    for seat in base.seats:
        number = seat.seat
        hole = (b.holes[number][0], b.holes[number][1])
        ante = b.antes.get(number, seat.ante)
        bets = dict(seat.side_bets)
        for wager, amount in b.bets.get(number, {}).items():
            if amount is None:
                amount = bets.get(wager) or side_bet_amount(rng, ruleset, wager)
            bets[wager] = amount
        multiple = decide_raise(rng, ruleset, hole, board)
        forced = b.stays_in.get(number)
        if forced is True and multiple == 0:
            multiple = 1  # the river call (docs/rules.md §2): exactly 1x the ante
        elif forced is False:
            multiple = 0
        seats.append(Seat(number, hole, ante, ante, ante * multiple, multiple == 0, bets))
    six_cards = None
    jackpot = None
    if any(Wager.SIX_CARD_BONUS in seat.side_bets for seat in seats):
        six = b.six if b.six is not None else []
        b.fill(six, 4)
        six_cards = tuple(six)
        jackpot = base.six_card_bonus_jackpot or random_jackpot(rng)
    pool: Decimal | None = None
    if any(Wager.PROGRESSIVE in seat.side_bets for seat in seats):
        pool = base.progressive_pool or random_pool(rng)
    chips = chip_source(rng)  # the wagers are the scenario's: their chips are made here
    return with_chips(Round(
        ruleset=ruleset,
        options=base.options,
        tables=base.tables,
        dealer=(b.dealer[0], b.dealer[1]),
        board=board,
        seats=tuple(seats),
        six_card_bonus_cards=six_cards,
        six_card_bonus_jackpot=jackpot,
        progressive_pool=pool,
    ), chips)
