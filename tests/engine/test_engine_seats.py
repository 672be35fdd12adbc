"""The table's six seats (docs/rules.md §2, §7: seat 1 at the dealer's left to seat 6 at the
dealer's right), the one definition every reader of a seat number or count uses."""

from __future__ import annotations

import random

import pytest

from trainer.engine.generator import choose_seats, generate_round
from trainer.engine.round import SEAT_NUMBERS, TABLE_SEATS, is_seat_count, is_seat_number
from trainer.engine.rulesets import load_preset


def test_the_table_has_seats_one_to_six() -> None:
    assert list(SEAT_NUMBERS) == [1, 2, 3, 4, 5, 6]
    assert TABLE_SEATS == 6


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_each_seat_number_is_a_seat(number: int) -> None:
    assert is_seat_number(number)
    assert is_seat_count(number)


@pytest.mark.parametrize("value", [0, 7, -1, True, False, 3.0, "3", None, [3]])
def test_a_number_outside_one_to_six_or_not_whole_is_no_seat(value: object) -> None:
    assert not is_seat_number(value)
    assert not is_seat_count(value)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (0, "0 occupied seats is not 1 to 6"),
        (7, "7 occupied seats is not 1 to 6"),
        ([0, 1], "must list seat numbers 1 to 6"),
        ([2, 7], "must list seat numbers 1 to 6"),
        ([3, 3], "lists a seat twice"),
        ([], "must list seat numbers 1 to 6"),
        (True, "is not a number of seats or a list of seats"),
        (2.5, "is not a number of seats or a list of seats"),
    ],
)
def test_generating_refuses_seats_the_table_does_not_have(seats: object, message: str) -> None:
    with pytest.raises(ValueError, match="seats: .*" + message):
        generate_round(random.Random(1), load_preset("ny-2018"), seats=seats)  # type: ignore[arg-type]


def test_seats_asked_for_by_number_are_dealt_in_seat_order() -> None:
    assert choose_seats(random.Random(1), [5, 2]) == [2, 5]
    assert choose_seats(random.Random(1), (6, 1, 3)) == [1, 3, 6]


def test_a_count_of_seats_deals_that_many_distinct_seats() -> None:
    rng = random.Random(4)
    for count in range(1, 7):
        numbers = choose_seats(rng, count)
        assert len(numbers) == count == len(set(numbers))
        assert set(numbers) <= {1, 2, 3, 4, 5, 6}
