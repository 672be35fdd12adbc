"""The cap-applies kind: a seat's winnings exceed the maximum aggregate payout
(docs/rules.md §6)."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.evaluator import Category
from trainer.engine.money import CENT
from trainer.engine.rulesets import RuleSet
from trainer.engine.scenarios.build import SUITS, Build, fill_all, seat_holds
from trainer.engine.scenarios.model import Scenario
from trainer.engine.settlement import Settlement
from trainer.i18n import N_


def _cap_ante_floor(ruleset: RuleSet, line: Decimal) -> Decimal | None:
    """The smallest whole-dollar ante whose odds win at ``line`` plus a 1x raise exceeds the
    cap (docs/rules.md §6), or None when the rule set's maximum ante cannot."""
    cap = ruleset.max_aggregate_payout
    assert cap is not None
    low, high = ruleset.ante_limits
    ante = max(low, (cap / (line + 1)).to_integral_value(rounding="ROUND_FLOOR") + 1)
    ante = ante.to_integral_value(rounding="ROUND_CEILING")
    return ante.quantize(CENT) if ante <= high else None


def _needs_cap(ruleset: RuleSet) -> str | None:
    if ruleset.max_aggregate_payout is None:
        return (
            f"rule set {ruleset.id!r} has no maximum aggregate payout"
            " (the house preset caps it at $3,000)"
        )
    line = ruleset.odds_win[Category.ROYAL_FLUSH].ratio
    if _cap_ante_floor(ruleset, Decimal(line.numerator) / line.denominator) is None:
        return (
            f"rule set {ruleset.id!r}: even a royal flush at the maximum ante does not reach"
            f" its maximum aggregate payout of ${ruleset.max_aggregate_payout:,}"
        )
    return None


def _match_capped(settlement: Settlement) -> tuple[int, ...]:
    return tuple(sorted(seat.seat for seat in settlement.seats if seat.capped))


def _cap_ante(b: Build, floor: Decimal) -> Decimal:
    high = b.ruleset.ante_limits[1]
    top = min(high, floor * 2)
    return Decimal(b.rng.randint(int(floor), int(top))).quantize(CENT)


def _build_cap(b: Build) -> None:
    """docs/rules.md §6: a royal flush win, or a straight flush losing to a royal flush (bad beat),
    on an ante large enough that the capped winnings exceed the maximum aggregate payout."""
    tables = b.tables
    bad_beat = tables.bad_beat.get(Category.STRAIGHT_FLUSH)
    if bad_beat is not None and b.rng.random() < 0.25:
        floor = _cap_ante_floor(b.ruleset, Decimal(bad_beat.to_win) / bad_beat.per - 1)
        if floor is not None:
            suit = b.rng.choice(SUITS)
            b.board.extend(b.of_rank(r, suit) for r in range(10, 14))
            b.hole.append(b.of_rank(9, suit))
            b.dealer.append(b.of_rank(14, suit))
            fill_all(b)
            b.antes[b.key] = _cap_ante(b, floor)
            b.stay()
            return
    line = tables.odds_win[Category.ROYAL_FLUSH]
    floor = _cap_ante_floor(b.ruleset, Decimal(line.to_win) / line.per)
    assert floor is not None
    seat_holds(b, Category.ROYAL_FLUSH)
    b.antes[b.key] = _cap_ante(b, floor)
    b.stay()


CAP_APPLIES = Scenario(
    "cap-applies",
    N_("A seat's winnings on the main, Trips Plus and Pocket Bonus wagers exceed the maximum"
       " aggregate payout, so the seat is paid the cap."),
    rules="house",
    match=_match_capped,
    build=_build_cap,
    requires=_needs_cap,
)
