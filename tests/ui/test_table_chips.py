"""Chip stacks: an amount broken into casino chips, worked by hand.

Denominations: $1,000, $500, $100, $25, $5, $2.50 (pink, only for a half
dollar), $1; anything under a dollar is one 'cents' chip.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.ui.table.chips import DENOMINATIONS, amount_text, chip_breakdown


def d(text: str) -> Decimal:
    return Decimal(text)


@pytest.mark.parametrize(
    ("amount", "chips"),
    [
        # $30 = one $25 + one $5
        ("30", ["25", "5"]),
        # $7.50 = one $5 + one pink $2.50
        ("7.50", ["5", "2.50"]),
        # $3 is three $1 chips: no pink chip without a half dollar
        ("3", ["1", "1", "1"]),
        # $2.50 is the pink chip alone
        ("2.50", ["2.50"]),
        # $12.75 = $5 + $5 + $2.50 + 25 cents
        ("12.75", ["5", "5", "2.50", "0.25"]),
        # $1.50: too little for a pink chip: $1 + a 50-cent chip
        ("1.50", ["1", "0.50"]),
        # 25 cents is one cents chip
        ("0.25", ["0.25"]),
        # $1,630 = $1,000 + $500 + $100 + $25 + $5
        ("1630", ["1000", "500", "100", "25", "5"]),
        # $60 (a 3x raise on $20) = $25 + $25 + $5 + $5
        ("60", ["25", "25", "5", "5"]),
        # $8 = $5 + $1 + $1 + $1
        ("8", ["5", "1", "1", "1"]),
        # nothing on the spot, no chips
        ("0", []),
    ],
)
def test_chip_breakdown_worked_by_hand(amount: str, chips: list[str]) -> None:
    assert chip_breakdown(d(amount)) == [d(chip) for chip in chips]


def test_chip_breakdown_adds_up_to_every_amount_to_the_cent() -> None:
    # Every amount from $0.00 to $60.00: the chips add up exactly, largest first,
    # each a real denomination or one cents chip at the end.
    for cents in range(0, 6001):
        amount = Decimal(cents) / 100
        chips = chip_breakdown(amount)
        assert sum(chips, Decimal(0)) == amount
        assert chips == sorted(chips, reverse=True)
        small = [chip for chip in chips if chip < 1]
        assert len(small) <= 1
        assert all(chip in DENOMINATIONS for chip in chips if chip >= 1)
        assert chips.count(d("2.50")) <= 1


def test_chip_breakdown_refuses_floats_and_impossible_amounts() -> None:
    with pytest.raises(TypeError):
        chip_breakdown(7.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an amount"):
        chip_breakdown(d("-5"))
    with pytest.raises(ValueError, match="fractions of a cent"):
        chip_breakdown(d("0.375"))


@pytest.mark.parametrize(
    ("amount", "text"),
    [("30", "$30"), ("7.50", "$7.50"), ("1000", "$1,000"), ("0.25", "$0.25"),
     ("30000.00", "$30,000")],
)
def test_chip_label_text(amount: str, text: str) -> None:
    assert amount_text(d(amount)) == text
