"""Chip answers as kept, read back: the chips, their worth, their words, and the review's
built and expected stacks (issue 22, item 6). Every expected value worked by hand."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.chips import Rack, RoomChips
from trainer.engine.round import Wager, parse_round
from trainer.training.chip_records import (
    chips_amount,
    chips_report_text,
    parse_chips_text,
    recorded_stack,
    report_answer_text,
)

D = Decimal

# Seat 6 makes a heart flush (Qh 3h with Ah 9h 5h) against the dealer's pair of kings:
# the odds wager, one red $5 chip, is paid 3 to 2 = $7.50 (rules §4).
FLUSH_ROUND = {
    "rules": "ny-2018",
    "dealer": ["Kc", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "seats": [{"seat": 6, "hole": ["Qh", "3h"], "ante": "5", "odds": "5", "raise": "15",
               "chips": {"odds": {"5": 1}}}],
}


def test_a_kept_stack_is_read_back_as_its_chips_largest_first() -> None:
    assert parse_chips_text("1x$25 + 3x$5") == (D("25.00"), D("5.00"), D("5.00"), D("5.00"))
    assert parse_chips_text("2x$1,000 + 1x$2.50") == (D("1000.00"), D("1000.00"),
                                                        D("2.50"))
    assert parse_chips_text("no chips") == ()


def test_typed_answers_are_not_read_as_chips() -> None:
    for typed in ("$15.00", "15", "push", "take $10.00", "3 x $5", "1x$25 +", "", None):
        assert parse_chips_text(typed) is None


def test_a_kept_stack_is_worth_the_sum_of_its_chips() -> None:
    # one green and three reds: 25 + 3 x 5 = $40
    assert chips_amount("1x$25 + 3x$5") == D("40.00")
    # three reds and a pink: 15 + 2.50 = $17.50
    assert chips_amount("3x$5 + 1x$2.50") == D("17.50")
    assert chips_amount("$40.00") is None


def test_reports_write_a_stack_with_counts_values_and_colours() -> None:
    assert chips_report_text([D("2.50"), D(5), D(5), D(5)]) == "3 x $5 red, 1 x $2.50 pink"
    assert report_answer_text("1x$1,000 + 2x$100") == "1 x $1,000 orange, 2 x $100 black"
    assert report_answer_text("take $10.00") == "take $10.00"
    assert chips_report_text([]) == "no chips"


def test_reports_name_a_rooms_own_colours() -> None:
    rack = Rack.of_values([D(20), D(5), D(1)], {D(1): "blue"})
    assert chips_report_text([D(20), D(1), D(1)], rack) == "1 x $20 yellow, 2 x $1 blue"


def test_the_review_shows_the_stack_built_and_the_stack_kept_as_expected() -> None:
    # The chip procedure's row: three pinks ($7.50, right amount) where colour for colour
    # wanted one red and one pink.
    found = recorded_stack("seat-6-odds.chips", "3x$2.50", "1x$5 + 1x$2.50",
                           parse_round(FLUSH_ROUND))
    assert found is not None
    assert (found.seat, found.wager) == (6, Wager.ODDS)
    assert found.built == (D("2.50"),) * 3
    assert found.expected == (D("5.00"), D("2.50"))
    assert found.note.startswith("Built then: 3 x $2.50 pink ($7.50); expected: 1 x $5 red,"
                                 " 1 x $2.50 pink ($7.50)")


def test_the_review_of_a_wrong_amount_works_out_the_expected_stack_by_the_procedure() -> None:
    # One red paid where $7.50 was due: colour for colour pays 3 to 2 on one red with
    # floor(1 x 3 / 2) = one red, and the $2.50 no red can pay in one pink.
    found = recorded_stack("seat-6-odds", "1x$5", "$7.50", parse_round(FLUSH_ROUND))
    assert found is not None
    assert found.built == (D("5.00"),)
    assert found.expected == (D("5.00"), D("2.50"))
    assert "expected: 1 x $5 red, 1 x $2.50 pink ($7.50)" in found.note


def test_the_review_expects_the_rooms_own_rack_and_rounding() -> None:
    # A rack of $5 and $1 only has no chip for the 50 cents: $7.50 rounds down to $7
    # (rules §10); colour for colour pays the red one red, the $2 left in two whites.
    room = RoomChips(rack=Rack.of_values([D(5), D(1)]))
    found = recorded_stack("seat-6-odds", "1x$5", "$7.50", parse_round(FLUSH_ROUND), room)
    assert found is not None
    assert found.expected == (D("5.00"), D("1.00"), D("1.00"))


def test_a_typed_answer_has_no_recorded_stack() -> None:
    assert recorded_stack("seat-6-odds", "7.50", "$7.50", parse_round(FLUSH_ROUND)) is None
