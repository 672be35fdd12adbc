"""The site file's ``[procedure]`` section: running the round (no Qt).

::

    [procedure]
    rounds_per_hour = 40     # the house's pace, 10 to 120; 40 by default
    deal = "manual"          # "manual" or "shoe" (an automated shoe, docs/rules.md §7)

- ``rounds_per_hour``: the pace a trainee's rounds are held to in "Run the round"
  (:func:`trainer.training.procedure.pace`). Without it, 40: table-game pace figures put
  house-banked poker games at 30 to 50 hands an hour.
- ``deal``: how the room's tables deal, and so the order the deal steps are asked in
  (manual: one card at a time from seat 1; shoe: the board first, then two-card stacks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.engine.money import shown
from trainer.engine.procedure import (
    DEFAULT_PROCEDURE,
    DEFAULT_ROUNDS_PER_HOUR,
    DealMethod,
    RoomProcedure,
)
from trainer.i18n import _

PROCEDURE_KEYS = frozenset({"rounds_per_hour", "deal"})
ROUNDS_PER_HOUR = range(10, 121)
"""The house's pace a site file may set, in whole rounds an hour."""
__all__ = ["DEFAULT_PROCEDURE", "PROCEDURE_KEYS", "ROUNDS_PER_HOUR", "RoomProcedure",
           "room_procedure"]


def room_procedure(raw: Mapping[str, Any], problems: list[str]) -> RoomProcedure:
    """``[procedure]``; a problem appended (naming the key) for each value out of place."""
    pace = raw.get("rounds_per_hour", DEFAULT_ROUNDS_PER_HOUR)
    low, high = ROUNDS_PER_HOUR[0], ROUNDS_PER_HOUR[-1]
    if isinstance(pace, bool) or not isinstance(pace, int):
        problems.append(_("procedure.rounds_per_hour: {value} is not a whole number of"
                          " rounds an hour ({low} to {high})", value=shown(pace), low=low,
                          high=high))
        pace = DEFAULT_ROUNDS_PER_HOUR
    elif pace not in ROUNDS_PER_HOUR:
        problems.append(_("procedure.rounds_per_hour: {value} is outside {low} to {high}"
                          " (house-banked poker games deal 30 to 50 rounds an hour)",
                          value=pace, low=low, high=high))
        pace = DEFAULT_ROUNDS_PER_HOUR
    deal_raw = raw.get("deal", DealMethod.MANUAL.value)
    try:
        deal = DealMethod(deal_raw)
    except (ValueError, TypeError):
        first, second = (f'"{method.value}"' for method in DealMethod)
        problems.append(_("procedure.deal: {value} is not {first} or {second}",
                          value=shown(deal_raw), first=first, second=second))
        deal = DealMethod.MANUAL
    return RoomProcedure(pace, deal)
