"""The full-table kind: every seat occupied and every wager the rule set offers on the table."""

from __future__ import annotations

from trainer.engine.round import MAIN_WAGERS, TABLE_SEATS, offered_side_wagers
from trainer.engine.scenarios.build import Build, fill_all
from trainer.engine.scenarios.model import Scenario, all_seats
from trainer.engine.settlement import Settlement
from trainer.i18n import N_


def _match_full_table(settlement: Settlement) -> tuple[int, ...]:
    round_ = settlement.round
    if len(round_.seats) != TABLE_SEATS:
        return ()
    for wager in (*MAIN_WAGERS, *offered_side_wagers(round_.ruleset)):
        if not any(seat.stake(wager) for seat in round_.seats):
            return ()
    return all_seats(settlement)


def _build_full_table(b: Build) -> None:
    fill_all(b)
    b.stay()
    for wager in offered_side_wagers(b.ruleset):
        b.bets.setdefault(b.rng.choice(b.seats), {})[wager] = None


FULL_TABLE = Scenario(
    "full-table",
    N_("All six seats are occupied and every wager the rule set offers is on the table."),
    rules=None,
    match=_match_full_table,
    build=_build_full_table,
    every_seat=True,
)
