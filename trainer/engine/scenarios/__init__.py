"""Targeted practice rounds: build a named situation directly (issue 5).

Random deals rarely show what a trainee most needs to practise: a seat losing
with four of a kind turns up about once in tens of thousands of rounds. Each
scenario *kind* chooses the cards that make its situation (the key seat's
hole cards, the board, the dealer's cards), fills every other card at random
from the rest of the deck, then takes wagers and decisions from
:mod:`trainer.engine.generator` (:func:`~trainer.engine.generator.generate_round`
for antes and side bets, :func:`~trainer.engine.generator.decide_raise` for the
players' decisions). The finished round is settled and checked against the
scenario's own predicate; a random fill that spoils the situation (say a
board card that turns the built straight into a flush) is redrawn, a bounded
number of times.

:data:`SCENARIOS` maps each kind to a :class:`Scenario`: the sentence a trainee
reads, the rule set the kind needs (if any), the predicate
:meth:`Scenario.holds` over a settled round and the builder. Each family of
kinds keeps its predicates and builders together in one module: ``hands``,
``ties``, ``dealer``, ``bad_beats``, ``side_wagers``, ``cap``, ``full_table``;
``build`` holds one attempt's cards, ``deal`` completes and checks the round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from trainer.engine.round import Round
from trainer.engine.rulesets import DEFAULT_RULES, RuleSet, load_preset
from trainer.engine.scenarios import (
    bad_beats,
    cap,
    dealer,
    full_table,
    hands,
    side_wagers,
    ties,
)
from trainer.engine.scenarios.deal import MAX_ATTEMPTS, deal, occupied_seats
from trainer.engine.scenarios.model import Scenario, ScenarioError

__all__ = [
    "MAX_ATTEMPTS",
    "SCENARIOS",
    "Scenario",
    "ScenarioError",
    "check_ruleset",
    "generate_scenario",
    "scenario",
]

SCENARIOS: Mapping[str, Scenario] = MappingProxyType(
    {
        kind.kind: kind
        for kind in (
            hands.ROYAL_FLUSH,
            hands.STRAIGHT_FLUSH,
            hands.FOUR_OF_A_KIND_WINS,
            hands.WHEEL_STRAIGHT,
            ties.BOARD_PLAYS_TIE,
            hands.KICKER_DECIDES,
            hands.COUNTERFEITED_TWO_PAIR,
            dealer.DEALER_NOT_QUALIFY,
            dealer.DEALER_NOT_QUALIFY_FLUSH_WINS,
            bad_beats.BAD_BEAT,
            bad_beats.BAD_BEAT_QUADS,
            bad_beats.SEAT_LOSES_WITH_QUADS,
            side_wagers.FOLDED_SEAT_POCKET_PAIR,
            side_wagers.TRIPS_PLUS_WIN,
            side_wagers.POCKET_ACES,
            side_wagers.SIX_CARD_BONUS_WIN,
            cap.CAP_APPLIES,
            full_table.FULL_TABLE,
            ties.TIE_DEALER_QUALIFIES,
        )
    }
)
"""Every scenario kind, in the order a lesson author would meet them."""


def scenario(kind: str) -> Scenario:
    """The scenario of a kind; a :class:`ScenarioError` naming the known kinds otherwise."""
    try:
        return SCENARIOS[kind]
    except (KeyError, TypeError):
        raise ScenarioError(
            f"unknown scenario kind {kind!r} (known: {', '.join(SCENARIOS)})"
        ) from None


def check_ruleset(kind: str, ruleset: RuleSet) -> None:
    """Refuse, with a :class:`ScenarioError`, a rule set that cannot host ``kind``."""
    reason = scenario(kind).unsupported(ruleset)
    if reason is not None:
        raise ScenarioError(f"scenario {kind!r} cannot be dealt: {reason}")


def generate_scenario(
    kind: str,
    rng: random.Random,
    ruleset: RuleSet | None = None,
    *,
    seats: int | Sequence[int] | None = None,
    options: Mapping[str, str] | None = None,
) -> Round:
    """A round showing the situation of ``kind``, reproducible from ``rng``'s seed.

    ``ruleset`` None deals under the preset the kind needs (:attr:`Scenario.rules`),
    else the default rule set. ``seats`` is as for
    :func:`~trainer.engine.generator.generate_round`: how many seats are occupied, or
    which seat numbers; the situation is built on one of them. ``options`` picks the
    round's pay tables, as in a round's ``options`` (e.g. ``{"trips_plus_table": "B"}``).
    """
    chosen = scenario(kind)
    if ruleset is None:
        ruleset = load_preset(chosen.rules or DEFAULT_RULES)
    check_ruleset(kind, ruleset)
    options = {key: str(value).upper() for key, value in (options or {}).items()}
    ruleset.choose_tables(options)  # refuses an option the rule set does not offer
    return deal(chosen, rng, ruleset, occupied_seats(rng, seats, chosen), options)
