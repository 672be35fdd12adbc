"""Money and pay odds, exact (docs/rules.md §4: 3 to 2 on $5 is $7.50).

Amounts are :class:`~decimal.Decimal` dollars with at most two decimals.
Odds are exact fractions ("3 to 2" is ``Fraction(3, 2)``). A payout that
would come to a fraction of a cent (3 to 2 on $0.25 is $0.375) is rounded
down to the cent: the house never pays money that is not on the table.
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_AMOUNT = Decimal("1000000000.00")
"""The largest amount the trainer reads anywhere ($1,000,000,000): a wager, a limit,
a progressive pool or jackpot meter above it is a typing error, and refusing it keeps
every payout exact within Decimal's 28 digits."""
MAX_ODDS = 1_000_000
"""The largest number either side of pay odds may be ("1,000,000 to 1")."""

_AMOUNT_TEXT = re.compile(r"^\$?\s*(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$", re.ASCII)
_PLAIN_AMOUNT_TEXT = re.compile(r"[0-9]+(\.[0-9]{1,2})?", re.ASCII)
"""The settle contract's amount as a string: digits, then at most two decimals."""

QUOTE_LIMIT = 60
"""How many characters of a person's value an error message repeats."""


class _Brief(reprlib.Repr):
    """``repr`` that never grows with the value: strings and numbers cut, nesting capped."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6
        self.maxother = QUOTE_LIMIT + 1

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[: QUOTE_LIMIT + 1])

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * QUOTE_LIMIT:  # str() of a huge int is slow (or refused)
            return f"a whole number of about {int(x.bit_length() * 0.30103):,} digits"
        return repr(x)

    def repr_Decimal(self, x: Decimal, level: int) -> str:
        return str(x)


_BRIEF = _Brief()


def shown(value: object) -> str:
    """A value quoted in an error message: its ``repr``, at most QUOTE_LIMIT characters.

    A longer value is cut and ends in "…", so a 10 MB value never makes a 10 MB
    message; a JSON number read as a Decimal is shown as written (``7.555``).
    """
    text = _BRIEF.repr(value)
    if len(text) > QUOTE_LIMIT:
        return text[:QUOTE_LIMIT] + "…"
    return text


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,40}", re.ASCII)


def shown_name(key: object) -> str:
    """A field or key name as written (``trips_plus``); quoted and cut like :func:`shown`
    when it is empty, long or holds anything but letters, digits, ``_``, ``.``, ``-``."""
    text = str(key)
    return text if _PLAIN_NAME.fullmatch(text) else shown(key)


class AmountError(ValueError):
    """An amount of money that cannot be read or is not allowed."""


_PARSED: dict[object, Decimal] = {}
"""Amounts already read (tables repeat a handful of amounts); Decimals are immutable."""


def parse_amount(raw: object, *, field: str = "amount", plain: bool = False) -> Decimal:
    """Read a dollar amount from JSON (a string or a number) or typed text.

    Accepts ``5``, ``"7.50"``, ``"$1,000"``; refuses anything negative, more
    than two decimals, above :data:`MAX_AMOUNT`, not a number, ``true``/``false``,
    NaN or infinity. Digits are ASCII only. With ``plain`` (the settle contract's
    form) a string is digits with at most two decimals and nothing else: no
    ``$``, no thousands commas, no spaces.
    """
    if type(raw) is str or type(raw) is int:
        key = (raw, plain)
        cached = _PARSED.get(key)
        if cached is not None:
            return cached
        value = _parse_amount(raw, field, plain)
        if len(_PARSED) < 4096:
            _PARSED[key] = value
        return value
    return _parse_amount(raw, field, plain)


def _parse_amount(raw: object, field: str, plain: bool) -> Decimal:
    if isinstance(raw, bool) or raw is None:
        raise AmountError(f"{field}: {shown(raw)} is not an amount of money")
    if isinstance(raw, int):
        if raw > MAX_AMOUNT:  # before Decimal(): a huge int is slow to convert
            raise AmountError(_too_large(raw, field))
        value = Decimal(raw)
    elif isinstance(raw, float):
        value = Decimal(repr(raw))
    elif isinstance(raw, Decimal):
        value = raw
    elif isinstance(raw, str):
        value = _parse_amount_text(raw, field, plain)
    else:
        raise AmountError(f"{field}: {shown(raw)} is not an amount of money")
    if not value.is_finite():
        raise AmountError(f"{field}: {shown(raw)} is not an amount of money")
    if value < 0:
        raise AmountError(f"{field}: {shown(raw)} is negative; amounts are never below $0")
    if value > MAX_AMOUNT:
        raise AmountError(_too_large(raw, field))
    if value != value.quantize(CENT):
        raise AmountError(
            f"{field}: {shown(raw)} has more than two decimals (cents are the smallest unit)"
        )
    return value.quantize(CENT)


def _parse_amount_text(raw: str, field: str, plain: bool) -> Decimal:
    if plain:
        if _PLAIN_AMOUNT_TEXT.fullmatch(raw):
            return Decimal(raw)
        if raw.startswith("-") and _PLAIN_AMOUNT_TEXT.fullmatch(raw[1:]):
            raise AmountError(f"{field}: {shown(raw)} is negative; amounts are never below $0")
        if re.fullmatch(r"[0-9]+\.[0-9]{3,}", raw, re.ASCII):
            raise AmountError(
                f"{field}: {shown(raw)} has more than two decimals (cents are the smallest unit)"
            )
        raise AmountError(
            f"{field}: {shown(raw)} is not an amount of money: write digits with at most two"
            " decimals, e.g. \"7.50\" (no $, commas or spaces)"
        )
    text = raw.strip()
    if text.startswith("-") or text.startswith("$-"):
        raise AmountError(f"{field}: {shown(raw)} is negative; amounts are never below $0")
    if not text or not _AMOUNT_TEXT.match(text) or text in {"$", ".", "$."}:
        raise AmountError(f"{field}: {shown(raw)} is not an amount of money (e.g. 7.50)")
    try:
        return Decimal(text.lstrip("$").strip().replace(",", ""))
    except InvalidOperation:
        raise AmountError(f"{field}: {shown(raw)} is not an amount of money") from None


def _too_large(raw: object, field: str) -> str:
    return (
        f"{field}: {shown(raw)} is more than {dollars(MAX_AMOUNT)}, the largest amount"
        " the trainer accepts"
    )


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
        match = re.fullmatch(r"\s*([0-9,]{1,20})\s*(?:to|:)\s*([0-9]{1,20})\s*", text)
        if not match:
            raise ValueError(f"{shown(text)} is not odds such as '3 to 2'")
        to_win, per = int(match[1].replace(",", "")), int(match[2])
        if to_win <= 0 or per <= 0:
            raise ValueError(f"{shown(text)}: both sides of the odds must be above 0")
        if to_win > MAX_ODDS or per > MAX_ODDS:
            raise ValueError(f"{shown(text)}: odds are at most {MAX_ODDS:,} to 1")
        return cls(to_win, per)
