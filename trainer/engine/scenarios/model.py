"""What a scenario kind is: :class:`Scenario`, and the predicates its kinds share.

A kind pairs a *match* (the seats of a settled round that show its situation;
empty when the round does not) with a *build* (the cards and requirements of
one attempt at it, see :mod:`trainer.engine.scenarios.build`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from trainer.engine.evaluator import Category
from trainer.engine.rulesets import RuleSet
from trainer.engine.scenarios.build import Build
from trainer.engine.settlement import SeatResult, Settlement
from trainer.i18n import _

Match = Callable[[Settlement], tuple[int, ...]]
"""The seats of a settled round that show a situation (empty: it does not hold)."""
Builder = Callable[[Build], None]
"""Places the cards of a situation in an attempt; raises ``Retry`` when the fill spoils it."""
Requires = Callable[[RuleSet], str | None]
"""Why a rule set cannot host a kind, or None when it can."""


class ScenarioError(ValueError):
    """An unknown kind, a rule set that cannot host a kind, or bad ``seats``."""


def any_ruleset(ruleset: RuleSet) -> str | None:
    """Every rule set can host the kind."""
    return None


@dataclass(frozen=True, slots=True)
class Scenario:
    """A practice situation that :func:`~trainer.engine.scenarios.generate_scenario` can build."""

    kind: str
    description: str
    """What the trainee is told to expect, one sentence (English, marked for the catalogue;
    :attr:`shown` is the trainer's language)."""
    rules: str | None
    """The preset the kind needs (``"house"`` for the 6-Card Bonus), or None for any."""
    match: Match = field(repr=False, compare=False)
    build: Builder = field(repr=False, compare=False)
    requires: Requires = field(default=any_ruleset, repr=False, compare=False)
    """Why a rule set cannot host the kind, or None when it can."""
    every_seat: bool = False
    """The situation needs all six seats occupied (``seats`` may only ask for all six)."""

    @property
    def shown(self) -> str:
        """:attr:`description` in the trainer's language."""
        return _(self.description)

    def holds(self, settlement: Settlement) -> bool:
        """True when the settled round shows the situation the description names."""
        return bool(self.match(settlement))

    def seats(self, settlement: Settlement) -> tuple[int, ...]:
        """The seats showing the situation; every seat for a table-wide one
        (the dealer's hand, a full table)."""
        return self.match(settlement)

    def unsupported(self, ruleset: RuleSet) -> str | None:
        """Why ``ruleset`` cannot host this kind, or None."""
        return self.requires(ruleset)


def all_seats(settlement: Settlement) -> tuple[int, ...]:
    """Every occupied seat: the match of a table-wide situation."""
    return tuple(sorted(seat.seat for seat in settlement.seats))


def active_seats(settlement: Settlement) -> tuple[int, ...]:
    """The seats that did not fold."""
    return tuple(
        sorted(seat.seat for seat in settlement.seats if seat.result is not SeatResult.FOLD)
    )


def wins_with(category: Category) -> Match:
    """The seats that beat the dealer holding ``category``."""

    def match(settlement: Settlement) -> tuple[int, ...]:
        return tuple(
            sorted(
                seat.seat
                for seat in settlement.seats
                if seat.result is SeatResult.WIN and seat.hand.category is category
            )
        )

    return match


def loses_with(categories: Callable[[Settlement], Sequence[Category]]) -> Match:
    """The seats that lose to the dealer holding one of ``categories`` (read off the round)."""

    def match(settlement: Settlement) -> tuple[int, ...]:
        allowed = categories(settlement)
        return tuple(
            sorted(
                seat.seat
                for seat in settlement.seats
                if seat.result is SeatResult.LOSE and seat.hand.category in allowed
            )
        )

    return match
