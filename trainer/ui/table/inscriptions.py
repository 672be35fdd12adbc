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
from trainer.engine.money import Odds
from trainer.engine.round import Round, Wager
from trainer.engine.rulesets import Award, PocketHand, RuleSet
from trainer.i18n import N_, _, in_room_format


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
    return _("{choices} or {last}", choices=", ".join(f"{m}x" for m in ordered[:-1]),
             last=str(ordered[-1]) + "x")


def raise_text(ruleset: RuleSet) -> str:
    """The permissible raises, e.g. ``Raise 1x-3x before the flop, 1x-2x on the flop,
    1x after the river``."""
    return _("Raise {preflop} before the flop, {flop} on the flop, {river} after the river",
             preflop=multiples_text(ruleset.raises_preflop),
             flop=multiples_text(ruleset.raises_flop),
             river=multiples_text(ruleset.raises_river))


QUALIFY_TEXT = N_("Dealer qualifies with a pair or better")


def whole_dollars(amount: Decimal) -> str:
    """``$3,000`` or ``$2.50``, in the room's number format (``$3.000``, ``$2,50``)."""
    if amount == amount.to_integral_value():
        return "$" + in_room_format(f"{amount:,.0f}")
    return "$" + in_room_format(f"{amount:,.2f}")


def cap_text(ruleset: RuleSet) -> str | None:
    """The maximum aggregate payout, if the rule set has one."""
    cap = ruleset.max_aggregate_payout
    if cap is None:
        return None
    return _("Maximum aggregate payout {amount} to a player per round",
             amount=whole_dollars(cap))


def _hand(category: Category) -> str:
    name = category.display_name
    return name[:1].upper() + name[1:]


POCKET_HANDS = {
    PocketHand.PAIR_OF_ACES: N_("Pair of aces"),
    PocketHand.ACE_FACE_SUITED: N_("Ace with K, Q or J suited"),
    PocketHand.ACE_FACE_UNSUITED: N_("Ace with K, Q or J unsuited"),
    PocketHand.PAIR: N_("Pair, 2s through Ks"),
}
"""The Pocket Bonus classes as the felt prints them (their codes are the engine's)."""


def _by_strength(table: Mapping[Category, object]) -> list[Category]:
    return sorted(table, key=lambda category: category.strength, reverse=True)


def pay_tables(round_: Round) -> list[PayTableText]:
    """The pay tables printed on the felt for this round's rule set and table choice."""
    tables = round_.tables
    ruleset = round_.ruleset
    result = [
        PayTableText(
            "odds_win",
            _("ODDS WAGER"),
            _("pays when the player wins"),
            tuple((_hand(c), _odds(tables.odds_win[c])) for c in _by_strength(tables.odds_win)),
        ),
        PayTableText(
            "bad_beat",
            _("BAD BEAT BONUS"),
            _("odds wager, dealer wins \u00b7 table {table}", table=tables.bad_beat_name),
            tuple((_hand(c), _odds(tables.bad_beat[c])) for c in _by_strength(tables.bad_beat)),
        ),
        PayTableText(
            Wager.TRIPS_PLUS.value,
            Wager.TRIPS_PLUS.label.upper(),
            _("best five of seven \u00b7 table {table}", table=tables.trips_plus_letter),
            tuple(
                (_hand(c), _odds(tables.trips_plus[c])) for c in _by_strength(tables.trips_plus)
            ),
        ),
        PayTableText(
            Wager.POCKET_BONUS.value,
            Wager.POCKET_BONUS.label.upper(),
            _("the two hole cards \u00b7 table {table}", table=tables.pocket_bonus_letter),
            tuple(
                (_(POCKET_HANDS[hand]) if hand in POCKET_HANDS
                 else hand.label[0].upper() + hand.label[1:], _odds(odds))
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
                _("hole cards + 4 bonus cards"),
                tuple(
                    (_hand(c), *(_award(ruleset.six_card_bonus[w].get(c)) for w in wagers))
                    for c in categories
                ),
                header=("", *(_("{amount} bet", amount=whole_dollars(w)) for w in wagers)),
            )
        )
    return result


def _award(award: Award | None) -> str:
    if award is None:
        return "-"
    if award.percent is not None:
        return (_("Jackpot") if award.percent == 100
                else _("{percent}% jackpot", percent=in_room_format(f"{award.percent:f}")))
    if award.odds is not None:
        return _odds(award.odds)
    if award.fixed is not None:
        return whole_dollars(award.fixed)
    return str(award)


def _odds(odds: Odds) -> str:
    """``500 to 1`` as the felt prints it, in the language in use (``500 a 1``)."""
    return _("{to_win} to {per}", to_win=in_room_format(f"{odds.to_win:,}"), per=odds.per)


def rule_lines(ruleset: RuleSet) -> list[str]:
    """The centre inscriptions: dealer qualification, permissible raises, the cap."""
    lines = [_(QUALIFY_TEXT), raise_text(ruleset)]
    cap = cap_text(ruleset)
    if cap:
        lines.append(cap)
    return lines
