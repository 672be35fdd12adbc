"""Money and pay odds, exact (RULES.md §4: 3 to 2 on $5 is $7.50).

Amounts are :class:`~decimal.Decimal` dollars with at most two decimals.
Odds are exact fractions ("3 to 2" is ``Fraction(3, 2)``). A payout that
would come to a fraction of a cent (3 to 2 on $0.25 is $0.375) is rounded
down to the cent: the house never pays money that is not on the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction

CENT = Decimal("0.01")
ZERO = Decimal("0.00")

_AMOUNT_TEXT = re.compile(r"^\$?\s*(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$")


class AmountError(ValueError):
    """An amount of money that cannot be read or is not allowed."""


_PARSED: dict[object, Decimal] = {}
"""Amounts already read (tables repeat a handful of amounts); Decimals are immutable."""


def parse_amount(raw: object, *, field: str = "amount") -> Decimal:
    """Read a dollar amount from JSON (a string or a number) or typed text.

    Accepts ``5``, ``"7.50"``, ``"$1,000"``; refuses anything negative, more
    than two decimals, not a number, ``true``/``false``, NaN or infinity.
    """
    if type(raw) is str or type(raw) is int:
        cached = _PARSED.get(raw)
        if cached is not None:
            return cached
        value = _parse_amount(raw, field)
        if len(_PARSED) < 4096:
            _PARSED[raw] = value
        return value
    return _parse_amount(raw, field)


def _parse_amount(raw: object, field: str) -> Decimal:
    if isinstance(raw, bool) or raw is None:
        raise AmountError(f"{field}: {raw!r} is not an amount of money")
    if isinstance(raw, int):
        value = Decimal(raw)
    elif isinstance(raw, float):
        value = Decimal(repr(raw))
    elif isinstance(raw, Decimal):
        value = raw
    elif isinstance(raw, str):
        text = raw.strip()
        if text.startswith("-") or text.startswith("$-"):
            raise AmountError(f"{field}: {raw!r} is negative; amounts are never below $0")
        if not text or not _AMOUNT_TEXT.match(text) or text in {"$", ".", "$."}:
            raise AmountError(f"{field}: {raw!r} is not an amount of money (e.g. 7.50)")
        try:
            value = Decimal(text.lstrip("$").strip().replace(",", ""))
        except InvalidOperation:
            raise AmountError(f"{field}: {raw!r} is not an amount of money") from None
    else:
        raise AmountError(f"{field}: {raw!r} is not an amount of money")
    if not value.is_finite():
        raise AmountError(f"{field}: {raw!r} is not an amount of money")
    if value < 0:
        raise AmountError(f"{field}: {raw!r} is negative; amounts are never below $0")
    if value != value.quantize(CENT):
        raise AmountError(
            f"{field}: {raw!r} has more than two decimals (cents are the smallest unit)"
        )
    return value.quantize(CENT)


def to_cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_DOWN)


def format_amount(value: Decimal) -> str:
    """The contract's form: exactly two decimals, a leading minus when collected."""
    return f"{value.quantize(CENT):f}"


def dollars(value: Decimal) -> str:
    """A person's form: ``$7.50``, ``-$5.00``, ``$1,000.00``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${abs(value).quantize(CENT):,.2f}"


@dataclass(frozen=True, slots=True)
class Odds:
    """ "X to Y": the player keeps the wager and is paid X/Y times it."""

    to_win: int
    per: int = 1

    @property
    def ratio(self) -> Fraction:
        return Fraction(self.to_win, self.per)

    def pay(self, wager: Decimal) -> Decimal:
        return to_cents(wager * self.to_win / self.per)

    def __str__(self) -> str:
        return f"{self.to_win:,} to {self.per}"

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read ``"3 to 2"``, ``"500 to 1"`` or ``"1,000:1"``."""
        match = re.fullmatch(r"\s*([\d,]+)\s*(?:to|:)\s*(\d+)\s*", text)
        if not match:
            raise ValueError(f"{text!r} is not odds such as '3 to 2'")
        to_win, per = int(match[1].replace(",", "")), int(match[2])
        if to_win <= 0 or per <= 0:
            raise ValueError(f"{text!r}: both sides of the odds must be above 0")
        return cls(to_win, per)
