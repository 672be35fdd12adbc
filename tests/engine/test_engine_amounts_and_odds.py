"""Money is read exactly and refused clearly (docs/rules.md §4: exact cents): an amount
typed or written in a file is refused with a message naming the field and quoting
the value, cut short when it is long; pay odds are read within their bounds.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine import money
from trainer.engine.money import (
    AmountError,
    Odds,
    _Brief,
    dollars,
    parse_amount,
    shown,
)


@pytest.fixture(autouse=True)
def read_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every amount is read here, not taken from the cache of amounts already read."""
    monkeypatch.setattr(money, "_PARSED", {})


# --- typed amounts --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["-5", " -5", "$-5", "-0.01"])
def test_a_typed_negative_amount_is_refused_as_negative(text: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(text, field="ante")
    assert str(error.value) == f"ante: {text!r} is negative; amounts are never below $0"


@pytest.mark.parametrize("text", ["$", ".", "$.", "abc", "", "  ", "5 dollars"])
def test_typed_text_that_is_not_an_amount_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(text, field="ante")
    assert str(error.value) == f"ante: {text!r} is not an amount of money (e.g. 7.50)"


@pytest.mark.parametrize(
    ("text", "amount"), [("$5", "5.00"), ("1,000", "1000.00"), ("$ 7.5", "7.50"), (".5", "0.50")]
)
def test_typed_amounts_may_carry_a_dollar_sign_and_thousands_commas(text: str, amount: str) -> None:
    assert parse_amount(text) == Decimal(amount)


@pytest.mark.parametrize("text", ["$ .", "$ "])
def test_a_dollar_sign_without_digits_is_not_an_amount(text: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(text)
    assert str(error.value).startswith(f"amount: {text!r} is not an amount of money")


def test_an_amount_read_twice_is_the_same_amount() -> None:
    assert parse_amount("$1,234.5") == parse_amount("$1,234.5") == Decimal("1234.50")


@pytest.mark.parametrize(("raw", "amount"), [(0, "0.00"), ("0", "0.00"), ("0.50", "0.50")])
def test_nothing_and_less_than_a_dollar_are_amounts(raw: object, amount: str) -> None:
    assert parse_amount(raw) == Decimal(amount)


@pytest.mark.parametrize("raw", [[5], True, None, {"dollars": 5}])
def test_a_value_that_is_no_amount_at_all_is_refused_quoting_it(raw: object) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(raw)
    assert str(error.value) == f"amount: {raw!r} is not an amount of money"


@pytest.mark.parametrize(
    ("raw", "quoted"),
    [
        (float("inf"), "inf"),
        (float("nan"), "nan"),
        (Decimal("NaN"), "NaN"),
        (Decimal("-Inf"), "-Infinity"),
    ],
)
def test_infinity_and_not_a_number_are_refused_quoting_them(raw: object, quoted: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(raw)
    assert str(error.value) == f"amount: {quoted} is not an amount of money"


@pytest.mark.parametrize(
    ("raw", "quoted"), [(-1, "-1"), (Decimal("-0.01"), "-0.01"), (-0.5, "-0.5")]
)
def test_a_negative_number_is_refused_as_negative(raw: object, quoted: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(raw, field="odds")
    assert str(error.value) == f"odds: {quoted} is negative; amounts are never below $0"


def test_a_billion_dollars_as_a_whole_number_is_accepted_and_one_more_refused() -> None:
    assert parse_amount(1_000_000_000) == Decimal("1000000000.00")
    with pytest.raises(AmountError) as error:
        parse_amount(1_000_000_001, field="progressive_pool")
    assert str(error.value) == (
        "progressive_pool: 1000000001 is more than $1,000,000,000.00,"
        " the largest amount the trainer accepts"
    )


def test_an_amount_above_a_billion_dollars_is_refused_naming_the_largest() -> None:
    with pytest.raises(AmountError) as error:
        parse_amount("1000000000.01", field="progressive_pool")
    assert str(error.value) == (
        "progressive_pool: '1000000000.01' is more than $1,000,000,000.00,"
        " the largest amount the trainer accepts"
    )


def test_a_billion_dollars_exactly_is_accepted() -> None:
    assert parse_amount("1,000,000,000") == Decimal("1000000000.00")


# --- the settle contract's plain amounts -------------------------------------------------------


@pytest.mark.parametrize("text", ["7,50", "$7.50", "7.50 ", "seven"])
def test_a_contract_amount_other_than_plain_digits_is_refused_with_the_form(text: str) -> None:
    with pytest.raises(AmountError) as error:
        parse_amount(text, field="seats[0].ante", plain=True)
    assert str(error.value) == (
        f"seats[0].ante: {text!r} is not an amount of money: write digits with at most two"
        ' decimals, e.g. "7.50" (no $, commas or spaces)'
    )


def test_a_contract_amount_with_three_decimals_names_the_cents() -> None:
    with pytest.raises(AmountError) as error:
        parse_amount("7.555", field="seats[0].ante", plain=True)
    assert str(error.value) == (
        "seats[0].ante: '7.555' has more than two decimals (cents are the smallest unit)"
    )


# --- pay odds -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "odds"),
    [
        ("3 to 2", Odds(3, 2)),
        ("500 to 1", Odds(500, 1)),
        ("1,000:1", Odds(1000, 1)),
        ("1,000,000 to 1", Odds(1_000_000, 1)),
        ("1 to 1000000", Odds(1, 1_000_000)),
    ],
)
def test_odds_are_read_both_sides_up_to_a_million(text: str, odds: Odds) -> None:
    assert Odds.parse(text) == odds


@pytest.mark.parametrize("text", ["0 to 1", "1 to 0", "0 to 0"])
def test_odds_with_nothing_on_either_side_are_refused(text: str) -> None:
    with pytest.raises(ValueError) as error:
        Odds.parse(text)
    assert str(error.value) == f"{text!r}: both sides of the odds must be above 0"


@pytest.mark.parametrize("text", ["1,000,001 to 1", "1 to 1000001"])
def test_odds_above_a_million_to_one_are_refused(text: str) -> None:
    with pytest.raises(ValueError) as error:
        Odds.parse(text)
    assert str(error.value) == f"{text!r}: odds are at most 1,000,000 to 1"


def test_text_that_is_not_odds_is_refused_with_an_example() -> None:
    with pytest.raises(ValueError) as error:
        Odds.parse("evens")
    assert str(error.value) == "'evens' is not odds such as '3 to 2'"


# --- values quoted in messages -------------------------------------------------------------------


def test_a_value_quoted_in_60_characters_is_not_cut() -> None:
    # 58 letters between two quote marks: 60 characters, shown whole.
    assert shown("a" * 58) == "'" + "a" * 58 + "'"


def test_a_value_quoted_in_61_characters_is_cut_to_60_and_an_ellipsis() -> None:
    assert shown("a" * 59) == "'" + "a" * 59 + "…"


@pytest.mark.parametrize("text", ["a" * 59 + "'", "a" * 60 + "'", "a" * 61 + "'", "b" * 5000])
def test_a_long_text_is_quoted_as_its_first_61_characters_would_be(text: str) -> None:
    # Only the start of a long value is quoted; its quote marks are those of that start.
    assert shown(text) == repr(text[:61])[:60] + "…"


def test_an_amount_read_from_json_is_quoted_as_written() -> None:
    assert shown(Decimal("7.555")) == "7.555"


def test_a_whole_number_of_240_bits_is_quoted_by_its_digits() -> None:
    value = 2**240 - 1  # 240 bits, 73 digits: the first 60 are quoted
    assert shown(value) == str(value)[:60] + "…"


def test_a_whole_number_longer_than_240_bits_is_described_not_written() -> None:
    # 2**240 has 241 bits; 241 bits x log10(2) (0.30103) = 72.5: "about 72 digits".
    assert shown(2**240) == "a whole number of about 72 digits"
    # A googol: 333 bits x 0.30103 = 100.2.
    assert shown(10**100) == "a whole number of about 100 digits"


def test_nesting_deeper_than_three_levels_is_elided() -> None:
    assert _Brief().repr([[[[1]]]]) == "[[[[...]]]]"
    assert _Brief().repr([[[1]]]) == "[[[1]]]"


def test_a_list_of_more_than_six_items_is_cut() -> None:
    assert _Brief().repr(list(range(7))) == "[0, 1, 2, 3, 4, 5, ...]"
    assert _Brief().repr(list(range(6))) == "[0, 1, 2, 3, 4, 5]"


def test_any_other_long_value_is_cut_to_61_characters_for_the_ellipsis() -> None:
    # 61 characters, so that shown() cuts one more and ends in its ellipsis.
    assert len(_Brief().repr(b"x" * 100)) == 61
    assert shown(b"x" * 100).endswith("…")


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("-5", "-$5.00"),
        ("-1234.5", "-$1,234.50"),
        ("0", "$0.00"),
        ("0.50", "$0.50"),
        ("1000", "$1,000.00"),
    ],
)
def test_an_amount_is_shown_to_a_person_in_dollars_and_cents(amount: str, text: str) -> None:
    assert dollars(Decimal(amount)) == text
