"""Fuzzing the round reader (issue 10): whatever JSON value lands in whatever field of a
round, the engine either settles it or refuses it with a RoundError naming that field;
nothing else escapes (no InvalidOperation, RecursionError, KeyError...) and no message
repeats a long value in full."""

from __future__ import annotations

import copy
import re
from decimal import Decimal
from typing import Any

from engine_support import make_round, seat
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from trainer.engine.money import MAX_AMOUNT, AmountError, parse_amount
from trainer.engine.round import RoundError, parse_round
from trainer.engine.rulesets import PRESETS
from trainer.engine.settlement import settle, settlement_to_json

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

huge_numbers = st.one_of(
    st.integers(min_value=10**9, max_value=10**80),
    st.integers(min_value=-(10**80), max_value=-1),
    st.builds(lambda digits: Decimal("9" * digits), st.integers(1, 6000)),
    st.builds(lambda e: Decimal(f"1E{e}"), st.integers(-(10**6), 10**6)),
    st.floats(allow_nan=True, allow_infinity=True),
)
json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=20),
    huge_numbers,
    st.decimals(allow_nan=False, allow_infinity=False, places=3),
    st.text(max_size=12),
    st.sampled_from(["5", "10", "30", "As", "Kd", "ny-2018", "house", "A", "", "$5"]),
    st.just("\u0661\u0660"),  # ten in Arabic-Indic digits
    st.builds(lambda n: "x" * n, st.integers(100, 100_000)),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _nest(depth: int, leaf: object) -> object:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


deeply_nested = st.builds(_nest, st.integers(50, 900), st.sampled_from(["5", 5, None, {}]))


def _valid() -> dict[str, Any]:
    """Every field in use: two seats, every side wager of the New York preset."""
    return make_round(
        "As Kd",
        "2c 7c 9c Jd Qs",
        [
            seat(6, "Ah Ad", ante="10", raise_="30", trips_plus="5", pocket_bonus="5",
                 progressive="1"),
            seat(2, "8s 3d", ante="5", folded=True, pocket_bonus="2"),
        ],
        options={"trips_plus_table": "A"},
        progressive_pool="150000",
    )  # fmt: skip


ROUND_FIELDS = ["rules", "options", "dealer", "board", "seats", "progressive_pool",
                "six_card_bonus_jackpot", "six_card_bonus_cards"]  # fmt: skip
SEAT_FIELDS = ["seat", "hole", "ante", "odds", "raise", "folded", "trips_plus", "pocket_bonus",
               "six_card_bonus", "progressive"]  # fmt: skip


def _settle_or_refuse(data: object) -> str | None:
    """None when the round settles, else the RoundError's message; anything else fails."""
    try:
        settlement_to_json(settle(parse_round(data)))
    except RoundError as error:
        message = str(error)
        assert len(message) < 600, f"{len(message)} characters: {message[:200]}"
        return message
    return None


@FUZZ
@given(field=st.sampled_from(ROUND_FIELDS), value=st.one_of(json_values, deeply_nested))
@example(field="rules", value="house")  # the round's Trips Plus table A is not offered
@example(field="rules", value="standard")  # nor is the progressive
def test_any_value_in_a_round_field_settles_or_is_refused_naming_the_field(
    field: str, value: object
) -> None:
    data = _valid()
    data[field] = value
    message = _settle_or_refuse(data)
    if message is None:
        return
    if field == "rules" and value in PRESETS:
        # Another real rule set: the refusal names the part of the round it does not
        # offer (the Trips Plus table A, the progressive) and the rule set.
        assert f"rule set {value!r}" in message, message
        assert re.match(r"(options\.|seat [1-6]\.progressive)", message), message
    else:  # a card clash names both places
        assert field in message, message


@FUZZ
@given(
    index=st.sampled_from([0, 1]),
    field=st.sampled_from(SEAT_FIELDS),
    value=st.one_of(json_values, deeply_nested),
)
def test_any_value_in_a_seat_field_settles_or_is_refused_naming_the_seat(
    index: int, field: str, value: object
) -> None:
    data = _valid()
    data["seats"][index][field] = value
    message = _settle_or_refuse(data)
    if message is not None:
        assert re.match(r"(seat [1-6]\.|seats\[[01]\]|seats: |six_card_bonus_cards|"
                        r"progressive_pool|board: duplicate|dealer: duplicate)", message), message


@FUZZ
@given(key=st.text(min_size=1, max_size=200_000).filter(lambda k: k not in ROUND_FIELDS))
def test_an_unknown_round_field_of_any_name_is_refused_briefly(key: str) -> None:
    data = _valid()
    data[key] = "5"
    message = _settle_or_refuse(data)
    assert message is not None and "unknown field" in message


@FUZZ
@given(raw=st.one_of(json_leaves, st.text(alphabet="0123456789.,$ -+eE\u0661\u0660", max_size=40)))
def test_a_contract_amount_is_plain_digits_with_two_decimals_at_most_a_billion(raw: object) -> None:
    try:
        value = parse_amount(raw, field="ante", plain=True)
    except AmountError as error:
        assert str(error).startswith("ante: ")
        return
    assert Decimal(0) <= value <= MAX_AMOUNT
    assert value == value.quantize(Decimal("0.01"))
    if isinstance(raw, str):
        assert re.fullmatch(r"[0-9]+(\.[0-9]{1,2})?", raw), raw


def test_the_valid_round_used_by_the_fuzz_tests_settles() -> None:
    assert _settle_or_refuse(copy.deepcopy(_valid())) is None
