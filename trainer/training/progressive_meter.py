"""The station's progressive meter: one pool that grows and pays out like a real table's.

New York 2018 (k)(2): the table system tabulates the pool "by adding to any
initial seed amount an amount of each progressive contribution for wagers
placed at such table"; a display meter shows it. On this station the meter
starts at a random pool when the trainer starts, and from then on:

- each progressive wager placed adds :data:`CONTRIBUTION` before the deal
  (the round is settled against the pool *with* its own contributions);
- the round's percent-of-pool awards are taken out of it
  (:func:`trainer.engine.settlement.progressive_pool_paid`);
- a 100% award (shared or not) empties it, and it starts again from :data:`SEED`.

So the figure on the table moves only by the table's own play, never jumps
between rounds. An exam deals its own pools (the same for every candidate).
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from trainer.engine.generator import random_pool
from trainer.engine.round import Round, Wager
from trainer.engine.settlement import Settlement, progressive_pool_paid

SEED = Decimal("50000.00")
"""The pool a meter starts again from after a 100% award (the generator's lowest pool)."""
CONTRIBUTION = Decimal("0.25")
"""What each $1 progressive wager adds to the pool ("as the gaming facility may determine")."""


class ProgressiveMeter:
    """The pool shown on the table, carried from round to round (no Qt)."""

    def __init__(self, amount: Decimal) -> None:
        self.amount = amount

    @classmethod
    def started(cls, rng: random.Random) -> ProgressiveMeter:
        """A meter at a random pool, as a table found mid-way through its cycle."""
        return cls(random_pool(rng))

    def deal(self, round_: Round) -> Round:
        """``round_`` played against this meter: its wagers' contributions added first.

        A round of a rule set without the progressive is returned unchanged."""
        if round_.tables.progressive is None:
            return round_
        wagers = sum(Wager.PROGRESSIVE in seat.side_bets for seat in round_.seats)
        self.amount += CONTRIBUTION * wagers
        return replace(round_, progressive_pool=self.amount)

    def pay(self, settlement: Settlement) -> None:
        """Take the round's percent-of-pool awards out; after a 100% award, start from SEED."""
        if settlement.round.progressive_pool is None:
            return
        paid = progressive_pool_paid(settlement)
        self.amount = SEED if paid.emptied else self.amount - paid.amount
