"""The order in which the dealer settles the seats (docs/rules.md §7).

1. Seats that folded with nothing but ante and odds were collected as they
   folded, in the order the decision went round: seat 1 (dealer's left) up.
2. Folded seats still holding a side wager (Pocket Bonus, Trips Plus, 6-Card
   Bonus, progressive) are settled next, from the dealer's right (seat 6)
   toward seat 1.
3. Then the seats that raised, again from seat 6 toward seat 1 (this is also
   the order in which antes are returned when the dealer does not qualify).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _SeatLike(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def folded(self) -> bool: ...

    @property
    def has_side_bet(self) -> bool: ...


def settlement_order(seats: Iterable[_SeatLike]) -> tuple[int, ...]:
    seats = list(seats)
    folded_bare = sorted(s.seat for s in seats if s.folded and not s.has_side_bet)
    folded_with_side = sorted((s.seat for s in seats if s.folded and s.has_side_bet), reverse=True)
    raised = sorted((s.seat for s in seats if not s.folded), reverse=True)
    return (*folded_bare, *folded_with_side, *raised)
