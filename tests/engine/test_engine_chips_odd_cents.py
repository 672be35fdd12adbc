"""Odd cents no chip pays (docs/rules.md §10; the site file's chips.odd_cents): rounded down
by default, as the rule set rounds, or up to the least amount the rack's chips make."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.chips import (
    DEFAULT_RACK,
    Grade,
    OddCents,
    Procedure,
    Rack,
    expected_stack,
    grade_stack,
    payable,
)
from trainer.engine.money import Odds

D = Decimal
NO_PINK = Rack.of_values([D(v) for v in ("1", "5", "20", "25", "100", "500", "1000")],
                         {D(1): "blue"})


def test_three_to_two_on_a_white_is_one_white_rounded_down_and_two_rounded_up() -> None:
    assert payable(D("1.50"), DEFAULT_RACK) == D("1.00")
    assert payable(D("1.50"), DEFAULT_RACK, OddCents.ROUND_UP) == D("2.00")
    up = expected_stack([D(1)], Odds(3, 2), Procedure.CONVERT, DEFAULT_RACK, OddCents.ROUND_UP)
    assert (up.settled, up.amount, up.stack) == (D("1.50"), D("2.00"), (D(1), D(1)))
    assert "rounded up to $2.00" in up.reason


def test_seven_fifty_without_a_pink_is_seven_down_or_eight_up() -> None:
    # 3 to 2 on one red: $7.50. Down: a red and two blue ($7); up: a red and three blue ($8).
    down = expected_stack([D(5)], Odds(3, 2), Procedure.COLOUR_FOR_COLOUR, NO_PINK)
    assert (down.amount, down.stack) == (D("7.00"), (D(5), D(1), D(1)))
    up = expected_stack([D(5)], Odds(3, 2), Procedure.COLOUR_FOR_COLOUR, NO_PINK,
                        OddCents.ROUND_UP)
    assert (up.amount, up.stack) == (D("8.00"), (D(5), D(1), D(1), D(1)))


def test_rounded_up_the_seven_dollar_stack_is_the_wrong_amount() -> None:
    paid = [D(5), D(1), D(1)]
    graded = grade_stack([D(5)], Odds(3, 2), Procedure.CONVERT, paid, NO_PINK,
                         OddCents.ROUND_UP)
    assert graded.grade is Grade.WRONG_AMOUNT
    assert graded.reason == ("one red $5 and two blue $1 is $7.00, but one red $5 at 3 to 2"
                             " pays $8.00")


def test_an_amount_the_chips_make_is_never_rounded() -> None:
    assert payable(D("7.50"), DEFAULT_RACK, OddCents.ROUND_UP) == D("7.50")
    assert payable(D("45.00"), NO_PINK, OddCents.ROUND_UP) == D("45.00")
