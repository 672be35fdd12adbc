"""What a round's progressive awards take from the pool (docs/rules.md §5 Progressive),
worked by hand from New York tables A and B: A pays a flopped royal flush in spades 100%
of the pool and any other royal 10% of it; B pays a royal (not in spades) 1,000 to 1."""

from __future__ import annotations

from decimal import Decimal

from tests.engine.engine_support import make_round, seat
from trainer.engine.round import parse_round
from trainer.engine.settlement import progressive_pool_paid, settle

POOL = "100000.00"
SPADE_ROYAL_FLOP = ("As Ks", "Qs Js Ts 2d 3c")  # hole + board: the royal on the flop
HEART_ROYAL_RIVER = ("Ah Kh", "Qh 4c Jh 2d Th")  # made on the river: a royal, not flopped


def _paid(seats: list[dict[str, object]], board: str, table: str = "A") -> tuple[Decimal, bool]:
    data = make_round("9c 9d", board, seats, options={"progressive_table": table},
                      progressive_pool=POOL)
    paid = progressive_pool_paid(settle(parse_round(data, "ny-2018")))
    return paid.amount, paid.emptied


def test_ten_percent_award_takes_ten_percent_of_the_pool() -> None:
    hole, board = HEART_ROYAL_RIVER
    assert _paid([seat(1, hole, progressive="1")], board) == (Decimal("10000.00"), False)


def test_hundred_percent_award_empties_the_pool() -> None:
    hole, board = SPADE_ROYAL_FLOP
    assert _paid([seat(1, hole, progressive="1")], board) == (Decimal("100000.00"), True)


def test_a_seat_without_the_wager_takes_nothing_from_the_pool() -> None:
    hole, board = SPADE_ROYAL_FLOP  # seat 1 holds the royal but did not wager
    seats = [seat(1, hole), seat(2, "5h 6h", progressive="1")]
    assert _paid(seats, board) == (Decimal("0"), False)


def test_fixed_and_odds_awards_are_not_paid_from_the_pool() -> None:
    hole, board = HEART_ROYAL_RIVER  # table B: a royal pays 1,000 to 1, the house's money
    assert _paid([seat(1, hole, progressive="1")], board, table="B") == (Decimal("0"), False)


def test_a_round_without_the_progressive_pays_nothing_from_a_pool() -> None:
    data = make_round("9c 9d", "Qh 4c Jh 2d Th", [seat(1, "Ah Kh")], rules="standard")
    paid = progressive_pool_paid(settle(parse_round(data, "standard")))
    assert (paid.amount, paid.emptied) == (Decimal("0"), False)


def test_every_seat_is_counted_whatever_the_seats_settled_before_it() -> None:
    # Settled seat 2 then seat 1 (docs/rules.md §7): seat 2 has no progressive wager in
    # the first round, a wager that wins nothing in the second; seat 1's 10% still counts.
    hole, board = HEART_ROYAL_RIVER
    no_wager = [seat(1, hole, progressive="1"), seat(2, "5c 6d")]
    no_award = [seat(1, hole, progressive="1"), seat(2, "5c 6d", progressive="1")]
    assert _paid(no_wager, board) == (Decimal("10000.00"), False)
    assert _paid(no_award, board) == (Decimal("10000.00"), False)


def test_two_ten_percent_awards_take_twenty_percent() -> None:
    # A royal on the board is a community royal for every seat: table A pays 10% each.
    seats = [seat(1, "2c 3d", progressive="1"), seat(2, "4c 5d", progressive="1")]
    assert _paid(seats, "Ah Kh Qh Jh Th") == (Decimal("20000.00"), False)
