"""The felt's printed inscriptions, as text built from a round's rule set.

New York 2018 (a)(2)(vi)-(vii) requires inscriptions for the payout odds of
the odds wager, the bad beat bonus, Trips Plus and Pocket Bonus, and for the
permissible raises. Everything here is read from the round's
:class:`~trainer.engine.rulesets.RuleSet` and
:class:`~trainer.engine.rulesets.TableChoice`; nothing is computed. Pure
Python, no Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.round import Round, Wager
from trainer.engine.rulesets import Award, RuleSet
from trainer.i18n import N_, _


@dataclass(frozen=True, slots=True)
class PayTableText:
    """One printed pay table: a title, a smaller subtitle, and rows of columns."""

    key: str
    title: str
    subtitle: str
    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None


def multiples_text(multiples: tuple[int, ...]) -> str:
    """``(3, 2, 1)`` -> ``1x-3x``; ``(3,)`` -> ``3x``; ``(3, 1)`` -> ``1x or 3x``."""
    ordered = sorted(multiples)
    if len(ordered) == 1:
        return f"{ordered[0]}x"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}x-{ordered[-1]}x"
    return ", ".join(f"{m}x" for m in ordered[:-1]) + f" or {ordered[-1]}x"


def raise_text(ruleset: RuleSet) -> str:
    """The permissible raises, e.g. ``Raise 1x-3x before the flop, 1x-2x on the flop,
    1x after the river``."""
    return (
        f"Raise {multiples_text(ruleset.raises_preflop)} before the flop,"
        f" {multiples_text(ruleset.raises_flop)} on the flop,"
        f" {multiples_text(ruleset.raises_river)} after the river"
    )


QUALIFY_TEXT = N_("Dealer qualifies with a pair or better")


def whole_dollars(amount: Decimal) -> str:
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


def cap_text(ruleset: RuleSet) -> str | None:
    """The maximum aggregate payout, if the rule set has one."""
    cap = ruleset.max_aggregate_payout
    if cap is None:
        return None
    return f"Maximum aggregate payout {whole_dollars(cap)} to a player per round"


def _hand(category: Category) -> str:
    return category.value.capitalize()


def _by_strength(table: Mapping[Category, object]) -> list[Category]:
    return sorted(table, key=lambda category: category.strength, reverse=True)


def pay_tables(round_: Round) -> list[PayTableText]:
    """The pay tables printed on the felt for this round's rule set and table choice."""
    tables = round_.tables
    ruleset = round_.ruleset
    result = [
        PayTableText(
            "odds_win",
            "ODDS WAGER",
            "pays when the player wins",
            tuple((_hand(c), str(tables.odds_win[c])) for c in _by_strength(tables.odds_win)),
        ),
        PayTableText(
            "bad_beat",
            "BAD BEAT BONUS",
            f"odds wager, dealer wins \u00b7 table {tables.bad_beat_name}",
            tuple((_hand(c), str(tables.bad_beat[c])) for c in _by_strength(tables.bad_beat)),
        ),
        PayTableText(
            Wager.TRIPS_PLUS.value,
            Wager.TRIPS_PLUS.label.upper(),
            f"best five of seven \u00b7 table {tables.trips_plus_letter}",
            tuple(
                (_hand(c), str(tables.trips_plus[c])) for c in _by_strength(tables.trips_plus)
            ),
        ),
        PayTableText(
            Wager.POCKET_BONUS.value,
            Wager.POCKET_BONUS.label.upper(),
            f"the two hole cards \u00b7 table {tables.pocket_bonus_letter}",
            tuple(
                (hand.label[0].upper() + hand.label[1:], str(odds))
                for hand, odds in tables.pocket_bonus.items()
            ),
        ),
    ]
    if ruleset.six_card_bonus:
        wagers = sorted(ruleset.six_card_bonus, reverse=True)
        categories = _by_strength(ruleset.six_card_bonus[wagers[0]])
        result.append(
            PayTableText(
                Wager.SIX_CARD_BONUS.value,
                Wager.SIX_CARD_BONUS.label.upper(),
                "hole cards + 4 bonus cards",
                tuple(
                    (_hand(c), *(_award(ruleset.six_card_bonus[w].get(c)) for w in wagers))
                    for c in categories
                ),
                header=("", *(f"{whole_dollars(w)} bet" for w in wagers)),
            )
        )
    return result


def _award(award: Award | None) -> str:
    if award is None:
        return "-"
    if award.percent is not None:
        return "Jackpot" if award.percent == 100 else f"{award.percent:f}% jackpot"
    return str(award)


def rule_lines(ruleset: RuleSet) -> list[str]:
    """The centre inscriptions: dealer qualification, permissible raises, the cap."""
    lines = [_(QUALIFY_TEXT), raise_text(ruleset)]
    cap = cap_text(ruleset)
    if cap:
        lines.append(cap)
    return lines
