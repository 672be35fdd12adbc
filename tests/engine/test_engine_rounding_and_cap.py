"""Shares of a meter round down to the cent (docs/rules.md §4: exact cents; README,
"Decisions where the rules are silent": shares never add up to more than the pool)
and the maximum aggregate payout applies as soon as the winnings exceed the cap by
a single cent (docs/rules.md §6), losing wagers still collected beside it.

Every amount below is worked by hand; the comments show the arithmetic.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

import pytest
from engine_support import lose, make_round, seat, seat_out, settle_json, wager, win

from trainer.engine.round import parse_round
from trainer.engine.rulesets import load_preset
from trainer.engine.settlement import settle, settlement_to_json

# --- progressive pool shares ------------------------------------------------------------------


def test_ten_percent_of_the_pool_is_rounded_down_to_the_cent() -> None:
    # Table A pays a royal flush made on the turn 10% of the pool:
    # 10% of $1,234.56 is $123.456, paid as $123.45 (never $123.46).
    data = make_round(
        "4c 5d",
        "Ah Kh 2d Qh 3c",
        [seat(1, "Jh Th", progressive="1")],
        progressive_pool="1234.56",
    )
    assert wager(settle_json(data), 1, "progressive") == win("123.45")


def _flopped_royal_winners(pool: str, winners: int) -> dict[str, Any]:
    """``winners`` seats each holding the flopped royal flush in spades (100% of the pool).

    One deck cannot deal two such hands, so after validation every seat is handed
    seat 1's hole cards (settle does not re-check the deck), as in
    test_engine_side_wagers.py.
    """
    fillers = ["8c 9c", "8d 9d", "6h 7h", "6c 7c", "6d 7d"]
    seats = [seat(1, "Js Ts", progressive="1")]
    seats += [seat(n + 2, fillers[n], progressive="1") for n in range(winners - 1)]
    round_ = parse_round(make_round("4h 5h", "As Ks Qs 2d 3c", seats, progressive_pool=pool))
    royal = round_.seat(1).hole
    twins = tuple(dataclasses.replace(s, hole=royal) for s in round_.seats)
    return settlement_to_json(settle(dataclasses.replace(round_, seats=twins)))


@pytest.mark.parametrize(
    ("pool", "winners", "share"),
    [
        # $1,000.01 / 2 = $500.005: each is paid $500.00, the half cent stays in the pool.
        ("1000.01", 2, "500.00"),
        # $1,000.01 / 3 = $333.3366...: each is paid $333.33.
        ("1000.01", 3, "333.33"),
        # $1,000.02 / 3 = $333.34 exactly: nothing to round.
        ("1000.02", 3, "333.34"),
        # $100.00 / 6 = $16.6666...: each is paid $16.66.
        ("100.00", 6, "16.66"),
    ],
)
def test_a_shared_pool_pays_each_winner_the_equal_share_rounded_down(
    pool: str, winners: int, share: str
) -> None:
    settlement = _flopped_royal_winners(pool, winners)
    for number in settlement["order"]:
        assert wager(settlement, number, "progressive") == win(share)


# --- §6 the maximum aggregate payout, at and around the cap -------------------------------------


def _house_with_cap(cap: str) -> Any:
    """The house rules with the cap moved, so that ordinary wagers reach it."""
    return dataclasses.replace(load_preset("house"), max_aggregate_payout=Decimal(cap))


def _straight_beats_a_pair(cap: str) -> dict[str, Any]:
    """Seat 3: 8-high straight (8c 4d on 5c 6d 7h Ks 2s) over the dealer's pair of kings.

    Winnings under the cap: ante 10 (1 to 1) + raise 30 (1 to 1) + odds 10 (straight
    1 to 1) + Trips Plus 5 (table C straight 4 to 1: 20) = $70.00. The $5 Pocket
    Bonus loses (8-4 is neither a pair nor an ace with a face card): -$5.00, a loss,
    which the cap does not touch.
    """
    data = make_round(
        "Kd 9h",
        "5c 6d 7h Ks 2s",
        [seat(3, "8c 4d", ante="10", raise_="30", trips_plus="5", pocket_bonus="5")],
        rules=None,
    )
    return seat_out(settlement_to_json(settle(parse_round(data, _house_with_cap(cap)))), 3)


def test_each_wager_keeps_its_own_odds_under_a_cap() -> None:
    out = _straight_beats_a_pair("69.99")
    assert out["hand"] == "straight"
    assert out["wagers"] == {
        "ante": win("10.00"),
        "raise": win("30.00"),
        "odds": win("10.00"),
        "trips_plus": win("20.00"),
        "pocket_bonus": lose("-5.00"),
    }


@pytest.mark.parametrize(
    ("cap", "total", "capped"),
    [
        # Winnings $70.00 exceed a $69.99 cap by one cent: paid $69.99, less the $5 loss.
        ("69.99", "64.99", True),
        # Exactly $1 over a $69.00 cap: paid $69.00, less $5.
        ("69.00", "64.00", True),
        # Winnings equal to the cap do not exceed it: $70.00 - $5.00, not capped.
        ("70.00", "65.00", False),
        # One cent under the cap.
        ("70.01", "65.00", False),
        # Far over: a $10 cap pays $10.00 - $5.00.
        ("10.00", "5.00", True),
    ],
)
def test_the_cap_applies_once_winnings_exceed_it_by_one_cent(
    cap: str, total: str, capped: bool
) -> None:
    out = _straight_beats_a_pair(cap)
    assert (out["total"], out["capped"]) == (total, capped)


def test_a_capped_seat_is_told_what_it_won_and_what_it_is_paid() -> None:
    data = make_round(
        "Kd 9h",
        "5c 6d 7h Ks 2s",
        [seat(3, "8c 4d", ante="10", raise_="30", trips_plus="5", pocket_bonus="5")],
        rules=None,
    )
    result = settle(parse_round(data, _house_with_cap("69.99"))).seat(3)
    assert result.capped is True
    assert result.winnings_before_cap == Decimal("70.00")
    assert result.total == Decimal("64.99")
    assert result.cap_reason == (
        "winnings of $70.00 on the main and bonus wagers exceed the"
        " maximum aggregate payout: the seat is paid $69.99"
    )


def test_an_uncapped_seat_has_no_cap_reason() -> None:
    data = make_round(
        "Kd 9h",
        "5c 6d 7h Ks 2s",
        [seat(3, "8c 4d", ante="10", raise_="30", trips_plus="5", pocket_bonus="5")],
        rules=None,
    )
    result = settle(parse_round(data, _house_with_cap("70.00"))).seat(3)
    assert (result.capped, result.winnings_before_cap, result.cap_reason) == (
        False,
        Decimal("70.00"),
        None,
    )


def test_winnings_of_a_dollar_or_less_count_toward_the_cap() -> None:
    # New York rules with a $4.99 cap: a $1 ante with a straight over the dealer's pair
    # of kings wins ante $1 + raise $3 + odds $1 (straight 1 to 1) = $5.00, paid $4.99.
    ruleset = dataclasses.replace(load_preset("ny-2018"), max_aggregate_payout=Decimal("4.99"))
    data = make_round("Kd 9h", "5c 6d 7h Ks 2s", [seat(3, "8c 4d", ante="1")], rules=None)
    out = seat_out(settlement_to_json(settle(parse_round(data, ruleset))), 3)
    assert out["wagers"] == {"ante": win("1.00"), "raise": win("3.00"), "odds": win("1.00")}
    assert (out["total"], out["capped"]) == ("4.99", True)
