"""Paying with chips (docs/rules.md §10): the expected stack of each procedure and the
grade of a built one, every expected stack worked by hand from the written procedure.

Default rack: $1 white, $2.50 pink, $5 red, $25 green, $100 black, $500 purple,
$1,000 orange. The custom rack of the issue: $1 blue, $5 red, $20 yellow, $25 green,
$100 black, $500 purple, $1,000 orange, no $2.50.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine.chips import (
    DEFAULT_RACK,
    ChipError,
    Grade,
    Procedure,
    Rack,
    chip_breakdown,
    expected_stack,
    fewest_chips,
    grade_stack,
    payable,
)
from trainer.engine.money import Odds

C4C = Procedure.COLOUR_FOR_COLOUR
CONVERT = Procedure.CONVERT
BLACK_UP = Procedure.COLOUR_FOR_COLOUR_BLACK_AND_UP

CUSTOM = Rack.of_values(
    [Decimal(v) for v in ("1", "5", "20", "25", "100", "500", "1000")], {Decimal(1): "blue"}
)
WITH_HALF = Rack.of_values([Decimal(v) for v in ("0.50", "1", "2.50", "5", "25", "100")])


def chips(*values: str | tuple[str, int]) -> list[Decimal]:
    """``chips("25", ("5", 4))`` -> one $25 and four $5, largest first."""
    out: list[Decimal] = []
    for value in values:
        text, count = value if isinstance(value, tuple) else (value, 1)
        out += [Decimal(text)] * count
    return sorted(out, reverse=True)


def odds(text: str) -> Odds:
    return Odds.parse(text)


def expected(bet: list[Decimal], pays: Odds | Decimal, procedure: Procedure,
             rack: Rack = DEFAULT_RACK) -> list[Decimal]:
    return list(expected_stack(bet, pays, procedure, rack).stack)


# --- the default rack: colours as data ---------------------------------------------------


def test_default_rack_is_the_issues_chips_and_colours() -> None:
    assert [(chip.value, chip.colour) for chip in DEFAULT_RACK.chips] == [
        (Decimal("1000"), "orange"), (Decimal("500"), "purple"), (Decimal("100"), "black"),
        (Decimal("25"), "green"), (Decimal("5"), "red"), (Decimal("2.50"), "pink"),
        (Decimal("1"), "white"),
    ]
    assert Decimal("0.50") not in DEFAULT_RACK  # no $0.50 unless the room has it
    assert all(chip.face.startswith("#") and len(chip.face) == 7 for chip in DEFAULT_RACK.chips)


def test_table_breakdown_is_the_engines() -> None:
    from trainer.engine import chips as engine_chips

    # $12.75 drawn on a spot: $5 + $5 + $2.50 + a 25-cent chip (the table's picture).
    assert engine_chips.chip_breakdown(Decimal("12.75")) == chips(("5", 2), "2.50", "0.25")
    assert chip_breakdown is engine_chips.chip_breakdown


# --- colour for colour --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "pays", "stack"),
    [
        # The issue: 3 to 2 on two red $5 is $15 = three red.
        (chips(("5", 2)), "3:2", chips(("5", 3))),
        # 1 to 1 on one green and one red: one green and one red.
        (chips("25", "5"), "1:1", chips("25", "5")),
        # $7.50 on one red at 3 to 2: one red, and the $2.50 no red can pay in a pink.
        (chips("5"), "3:2", chips("5", "2.50")),
        # 3 to 2 on one green: one green ($25) + $12.50 in the fewest chips under $25:
        # two red and a pink.
        (chips("25"), "3:2", chips("25", ("5", 2), "2.50")),
        # Rainbow $30 (green + red) at 3 to 2 = $45: one green (part $12.50 left), one red
        # (part $2.50 left); the $15 left over in the fewest chips under $25: three red.
        (chips("25", "5"), "3:2", chips("25", ("5", 4))),
        # Rainbow $10 as one red and five white at 3 to 2 = $15: one red (part $2.50),
        # seven white (part $0.50); the $3 left in chips under $5: $2.50 + $0.50 is
        # impossible, so three white. One red and ten white.
        (chips("5", ("1", 5)), "3:2", chips("5", ("1", 10))),
        # Large odds: 10 to 1 on two red is $100 = twenty red (a full stack).
        (chips(("5", 2)), "10:1", chips(("5", 20))),
        # Straight flush 50 to 1 on one black: fifty black ($5,000).
        (chips("100"), "50:1", chips(("100", 50))),
        # One black and one white at 3 to 2 = $151.50: one black (part $50), one white
        # (part $0.50); $50.50 in chips under $100: $25 + four $5 + $2.50 + three $1
        # (nine chips; $25 + $25 leaves $0.50 no chip pays).
        (chips("100", "1"), "3:2", chips("100", "25", ("5", 4), "2.50", ("1", 4))),
        # Bad beat 4 to 1 on two green: eight green.
        (chips(("25", 2)), "4:1", chips(("25", 8))),
    ],
)
def test_colour_for_colour_expected_stacks(bet: list[Decimal], pays: str,
                                           stack: list[Decimal]) -> None:
    assert expected(bet, odds(pays), C4C) == stack
    assert grade_stack(bet, odds(pays), C4C, stack).grade is Grade.RIGHT


def test_colour_for_colour_refuses_a_converted_payout_as_wrong_chips() -> None:
    # 3 to 2 on two red = three red; the right $15 built as two red and two pink is the
    # right amount in the wrong chips.
    graded = grade_stack(chips(("5", 2)), odds("3:2"), C4C, chips(("5", 2), ("2.50", 2)))
    assert graded.grade is Grade.WRONG_CHIPS
    assert graded.reason == ("right amount, wrong chips: colour for colour pays two red $5"
                             " at 3 to 2 with three red $5, not two red $5 and two pink"
                             " $2.50")
    # Rainbow $10 (red + five white) at 3 to 2 paid as three red: right amount, wrong chips.
    assert grade_stack(chips("5", ("1", 5)), odds("3:2"), C4C,
                       chips(("5", 3))).grade is Grade.WRONG_CHIPS


def test_colour_for_colour_large_payout_converted_is_wrong_chips() -> None:
    # 10 to 1 on two red paid with one black: the right $100, not colour for colour.
    graded = grade_stack(chips(("5", 2)), odds("10:1"), C4C, chips("100"))
    assert graded.grade is Grade.WRONG_CHIPS
    assert "twenty red $5" in graded.reason and "one black $100" in graded.reason


# --- convert --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "pays", "stack"),
    [
        # 10 to 1 on two red = $100: one black.
        (chips(("5", 2)), "10:1", chips("100")),
        # 3 to 2 on two red = $15: three red (no larger chip fits).
        (chips(("5", 2)), "3:2", chips(("5", 3))),
        # Royal flush 500 to 1 on one red = $2,500: two orange and one purple.
        (chips("5"), "500:1", chips(("1000", 2), "500")),
        # 3 to 2 on three red ($15) = $22.50: four red and a pink.
        (chips(("5", 3)), "3:2", chips(("5", 4), "2.50")),
        # 3 to 1 on a rainbow $30 (green + red) = $90: three green, three red.
        (chips("25", "5"), "3:1", chips(("25", 3), ("5", 3))),
        # $3 is three white: a pink would leave $0.50 that no chip pays.
        (chips(("1", 2)), "3:2", chips(("1", 3))),
    ],
)
def test_convert_expected_stacks(bet: list[Decimal], pays: str, stack: list[Decimal]) -> None:
    assert expected(bet, odds(pays), CONVERT) == stack
    assert grade_stack(bet, odds(pays), CONVERT, stack).grade is Grade.RIGHT


def test_convert_refuses_colour_for_colour_as_wrong_chips() -> None:
    # Twenty red for $100 is the right amount but not the fewest chips (one black).
    graded = grade_stack(chips(("5", 2)), odds("10:1"), CONVERT, chips(("5", 20)))
    assert graded.grade is Grade.WRONG_CHIPS
    assert graded.reason == ("right amount, wrong chips: the fewest chips for two red $5 at"
                             " 10 to 1 are one black $100, not twenty red $5")


# --- colour for colour from black up ------------------------------------------------------


def test_black_and_up_large_odds_on_reds_either_way() -> None:
    # 10 to 1 on two red = $100: no chip of the bet is $100 or more, so either way: one
    # black (shown) or twenty red; four green is neither.
    bet = chips(("5", 2))
    assert expected(bet, odds("10:1"), BLACK_UP) == chips("100")
    assert grade_stack(bet, odds("10:1"), BLACK_UP, chips("100")).grade is Grade.RIGHT
    assert grade_stack(bet, odds("10:1"), BLACK_UP, chips(("5", 20))).grade is Grade.RIGHT
    assert grade_stack(bet, odds("10:1"), BLACK_UP,
                       chips(("25", 4))).grade is Grade.WRONG_CHIPS


def test_black_and_up_pays_black_in_black() -> None:
    # 50 to 1 on one black = $5,000: fifty black; five orange (converted) is wrong chips.
    bet = chips("100")
    assert expected(bet, odds("50:1"), BLACK_UP) == chips(("100", 50))
    graded = grade_stack(bet, odds("50:1"), BLACK_UP, chips(("1000", 5)))
    assert graded.grade is Grade.WRONG_CHIPS
    assert "colour for colour from $100 up" in graded.reason


def test_black_and_up_rainbow_black_and_green() -> None:
    # One black and one green at 3 to 2 = $187.50: one black for the black (floor 1.5);
    # the rest $87.50 either way. Converted: three green, two red, one pink (six chips).
    bet = chips("100", "25")
    assert expected(bet, odds("3:2"), BLACK_UP) == chips("100", ("25", 3), ("5", 2), "2.50")
    # The same $187.50 without the black (seven green, two red, a pink) is wrong chips.
    assert grade_stack(bet, odds("3:2"), BLACK_UP,
                       chips(("25", 7), ("5", 2), "2.50")).grade is Grade.WRONG_CHIPS


def test_black_and_up_rest_colour_for_colour_also_right() -> None:
    # Rainbow $10 (red + five white) at 3 to 2 = $15: nothing of $100 or more, so both
    # colour for colour (one red, ten white) and converted (three red) are right.
    bet = chips("5", ("1", 5))
    assert grade_stack(bet, odds("3:2"), BLACK_UP, chips("5", ("1", 10))).grade is Grade.RIGHT
    assert grade_stack(bet, odds("3:2"), BLACK_UP, chips(("5", 3))).grade is Grade.RIGHT
    # Fifteen white is neither.
    assert grade_stack(bet, odds("3:2"), BLACK_UP,
                       chips(("1", 15))).grade is Grade.WRONG_CHIPS


# --- fixed awards and a capped seat: converted, whatever the procedure --------------------


@pytest.mark.parametrize("procedure", list(Procedure))
def test_six_card_bonus_award_is_converted(procedure: Procedure) -> None:
    # A $5 6-Card Bonus wager winning the $1,000 award: one orange.
    x = expected_stack(chips("5"), Decimal("1000"), procedure)
    assert list(x.stack) == chips("1000")
    assert "fixed award" in x.reason
    # Two hundred red for it: right amount, wrong chips.
    graded = grade_stack(chips("5"), Decimal("1000"), procedure, chips(("5", 200)))
    assert graded.grade is Grade.WRONG_CHIPS


@pytest.mark.parametrize("procedure", list(Procedure))
def test_capped_seat_total_is_converted(procedure: Procedure) -> None:
    # A seat capped at $3,000 (rules §6): three orange, whatever its bets' colours.
    bet = chips(("25", 2))
    assert expected(bet, Decimal("3000"), procedure) == chips(("1000", 3))
    assert grade_stack(bet, Decimal("3000"), procedure,
                       chips(("25", 120))).grade is Grade.WRONG_CHIPS
    assert grade_stack(bet, Decimal("3000"), procedure,
                       chips(("1000", 2), ("500", 2))).grade is Grade.WRONG_CHIPS


def test_progressive_share_odd_cents_rounded_down() -> None:
    # A share of $1,234.56: no chip for the 6 cents; $1,234.50 is paid. Fewest chips:
    # orange, two black, green, red, pink, two white (eight).
    x = expected_stack(chips("1"), Decimal("1234.56"), CONVERT)
    assert x.amount == Decimal("1234.50")
    assert x.settled == Decimal("1234.56")
    assert list(x.stack) == chips("1000", ("100", 2), "25", "5", "2.50", ("1", 2))
    assert "$0.06 of the $1,234.56" in x.reason
    # Three pink for the red and the pink: the same $1,234.50 in nine chips, not the fewest.
    assert grade_stack(chips("1"), Decimal("1234.56"), CONVERT,
                       chips("1000", ("100", 2), "25", ("2.50", 3), ("1", 2))
                       ).grade is Grade.WRONG_CHIPS
    # $1 short is the wrong amount.
    short = grade_stack(chips("1"), Decimal("1234.56"), CONVERT,
                        chips("1000", ("100", 2), "25", "5", "2.50", "1"))
    assert short.grade is Grade.WRONG_AMOUNT


def test_a_tie_for_fewest_chips_is_right_either_way() -> None:
    # A rack of $1, $5, $6 and $10: $11 is $10 + $1 or $6 + $5, two chips either way.
    rack = Rack.of_values([Decimal(v) for v in ("1", "5", "6", "10")])
    for paid in (chips("10", "1"), chips("6", "5")):
        assert grade_stack(chips("1"), Decimal("11"), CONVERT, paid, rack).grade is Grade.RIGHT
    assert grade_stack(chips("1"), Decimal("11"), CONVERT, chips("5", "5", "1"),
                       rack).grade is Grade.WRONG_CHIPS


# --- odd cents with and without a chip for them -------------------------------------------


def test_odd_cents_without_a_chip_are_rounded_down() -> None:
    # 3 to 2 on one white = $1.50; the default rack has nothing for $0.50: one white.
    x = expected_stack(chips("1"), odds("3:2"), C4C)
    assert (x.amount, x.settled, list(x.stack)) == (
        Decimal("1.00"), Decimal("1.50"), chips("1"))
    assert "rounded down" in x.reason


def test_odd_cents_with_a_half_dollar_chip() -> None:
    # A room with $0.50 chips: one white and one $0.50.
    assert expected(chips("1"), odds("3:2"), C4C, WITH_HALF) == chips("1", "0.50")
    # Three white at 3 to 2 = $4.50: four white and a $0.50 colour for colour;
    # converted, a pink, two white (fewer than a pink and four $0.50).
    assert expected(chips(("1", 3)), odds("3:2"), C4C, WITH_HALF) == chips(("1", 4), "0.50")
    assert expected(chips(("1", 3)), odds("3:2"), CONVERT, WITH_HALF) == chips(
        "2.50", ("1", 2))


@pytest.mark.parametrize(
    ("amount", "paid"),
    [("0.50", "0"), ("1.50", "1"), ("2.50", "2.50"), ("3.50", "3.50"), ("22.50", "22.50"),
     ("7.25", "7"), ("0", "0")],
)
def test_payable_is_what_the_default_rack_makes(amount: str, paid: str) -> None:
    # $1 and $2.50 make every whole dollar and every half dollar from $2.50 up.
    assert payable(Decimal(amount), DEFAULT_RACK) == Decimal(paid)


# --- the issue's custom rack: $1 blue, $20 yellow, no $2.50 --------------------------------


def test_custom_rack_colours_and_fewest_chips() -> None:
    assert CUSTOM.chip(Decimal(1)).name == "blue $1"
    assert CUSTOM.chip(Decimal(20)).name == "yellow $20"
    # $40: two yellow (greedy would take a green and three red: four chips).
    assert expected(chips(("20", 2)), odds("1:1"), CONVERT, CUSTOM) == chips(("20", 2))
    # $30 converted: green and red. Colour for colour on one yellow at 3 to 2 ($30): one
    # yellow, and the $10 no yellow pays in chips under $20: two red.
    assert expected(chips("5", "25"), odds("1:1"), CONVERT, CUSTOM) == chips("25", "5")
    assert expected(chips("20"), odds("3:2"), C4C, CUSTOM) == chips("20", ("5", 2))
    assert expected(chips("20"), odds("3:2"), CONVERT, CUSTOM) == chips("25", "5")
    for procedure in Procedure:  # 1 to 1 on two yellow: two yellow every way
        assert expected(chips(("20", 2)), odds("1:1"), procedure, CUSTOM) == chips(("20", 2))
    # The same $30 as green and red under colour for colour: wrong chips.
    assert grade_stack(chips("20"), odds("3:2"), C4C, chips("25", "5"),
                       CUSTOM).grade is Grade.WRONG_CHIPS


def test_custom_rack_without_pink_rounds_odd_half_dollars_down() -> None:
    # 3 to 2 on one red = $7.50; no $2.50 and no $0.50: $7 - one red, two blue.
    x = expected_stack(chips("5"), odds("3:2"), C4C, CUSTOM)
    assert (x.amount, list(x.stack)) == (Decimal("7.00"), chips("5", ("1", 2)))
    assert x.reason == ("one red $5 and two blue $1 for one red $5 at 3 to 2: colour for"
                        " colour; $0.50 of the $7.50 has no chip in this rack and is not"
                        " paid (rounded down, as the rule set rounds)")
    # 3 to 2 on one green = $37.50 -> $37: one green, then $12 under $25: two red, two blue.
    assert expected(chips("25"), odds("3:2"), C4C, CUSTOM) == chips("25", ("5", 2), ("1", 2))
    # A pink is not a chip of this rack.
    with pytest.raises(ChipError, match=r"paid: \$2.50 is not a chip of the rack"):
        grade_stack(chips("5"), odds("3:2"), C4C, chips("5", "2.50"), CUSTOM)


# --- grading: the amount first -------------------------------------------------------------


def test_wrong_amount_whatever_the_chips() -> None:
    graded = grade_stack(chips(("5", 2)), odds("3:2"), C4C, chips(("5", 2)))
    assert graded.grade is Grade.WRONG_AMOUNT
    assert graded.reason == "two red $5 is $10.00, but two red $5 at 3 to 2 pays $15.00"
    # One chip too many, in the procedure's colours, is still the wrong amount.
    assert grade_stack(chips(("5", 2)), odds("3:2"), C4C,
                       chips(("5", 4))).grade is Grade.WRONG_AMOUNT


def test_right_reason_names_the_stack_built() -> None:
    graded = grade_stack(chips(("5", 2)), odds("3:2"), C4C, chips(("5", 3)))
    assert graded.reason == "three red $5 for two red $5 at 3 to 2: colour for colour"


def test_bad_bets_are_refused_by_name() -> None:
    with pytest.raises(ChipError, match=r"bet: \$20 is not a chip of the rack"):
        expected_stack(chips("20"), odds("1:1"), C4C)
    with pytest.raises(ChipError, match="bet: no chips"):
        expected_stack([], odds("1:1"), C4C)
    # A rack of irregular values ($9.97, $9.89, ...) is refused for a payout whose fewest
    # chips would take too long to find, by name, rather than hanging the caller.
    odd = Rack.of_values([Decimal(v) for v in ("9.97", "9.89", "9.83", "9.79", "9.73",
                                               "9.71", "9.67", "9.61", "9.59", "9.53")])
    with pytest.raises(ChipError, match=r"^rack: its chip values are too irregular"):
        expected_stack([Decimal("9.97")], Decimal("1234.56"), CONVERT, odd)
    with pytest.raises(ChipError, match=r"pays: the payout \$1,000,000.00 takes more than 10,000"):
        expected_stack(chips("1"), odds("1000000:1"), C4C)


# --- the fewest chips against an independent count ------------------------------------------


def _fewest_table(top: int, denoms: list[int]) -> list[int | None]:
    """The fewest coins for every amount up to ``top`` cents, by the textbook table."""
    best: list[int | None] = [0] + [None] * top
    for amount in range(1, top + 1):
        options = [count for d in denoms if d <= amount
                   if (count := best[amount - d]) is not None]
        best[amount] = min(options) + 1 if options else None
    return best


@pytest.mark.parametrize("rack", [DEFAULT_RACK, CUSTOM, WITH_HALF],
                         ids=["default", "custom", "half"])
def test_fewest_chips_match_an_independent_table(rack: Rack) -> None:
    denoms = [int(value * 100) for value in rack.values]
    table = _fewest_table(250_000, denoms)
    rng = random.Random(7)
    for cents in [*range(0, 3000, 50), *(rng.randrange(0, 250_000, 50) for _ in range(40))]:
        found = fewest_chips(Decimal(cents) / 100, rack.values)
        reference = table[cents]
        if reference is None:
            assert found is None, cents
        else:
            assert found is not None and len(found) == reference, cents
            assert sum(found, Decimal(0)) == Decimal(cents) / 100


def test_generator_bet_amounts_are_stacks_of_the_default_rack() -> None:
    # The dealt antes ($5 ... $100) and side bets ($1 ... $25) are whole-dollar amounts the
    # default rack's $1, $5, $25 and $100 chips make exactly.
    from trainer.engine.generator import CHIP_UNITS, SIDE_BET_UNITS

    for amount in (*CHIP_UNITS, *SIDE_BET_UNITS):
        assert payable(amount, DEFAULT_RACK) == amount
        stack = fewest_chips(amount, DEFAULT_RACK.values)
        assert stack is not None and sum(stack, Decimal(0)) == amount


# --- docs/rules.md §10's table of worked examples, row by row ------------------------------

_SECTION_10 = [
    # (bet, pays, amount, colour-for-colour, convert, black-and-up shown, also right)
    (chips(("5", 2)), "3:2", "15", chips(("5", 3)), chips(("5", 3)), chips(("5", 3)), []),
    (chips("5"), "3:2", "7.50", chips("5", "2.50"), chips("5", "2.50"), chips("5", "2.50"),
     []),
    (chips("25"), "3:2", "37.50", chips("25", ("5", 2), "2.50"),
     chips("25", ("5", 2), "2.50"), chips("25", ("5", 2), "2.50"), []),
    (chips("25", "5"), "3:2", "45", chips("25", ("5", 4)), chips("25", ("5", 4)),
     chips("25", ("5", 4)), []),
    (chips("5", ("1", 5)), "3:2", "15", chips("5", ("1", 10)), chips(("5", 3)),
     chips(("5", 3)), [chips("5", ("1", 10))]),
    (chips(("5", 2)), "10:1", "100", chips(("5", 20)), chips("100"), chips("100"),
     [chips(("5", 20))]),
    (chips("100"), "50:1", "5000", chips(("100", 50)), chips(("1000", 5)),
     chips(("100", 50)), []),
    (chips("5"), "500:1", "2500", chips(("5", 500)), chips(("1000", 2), "500"),
     chips(("1000", 2), "500"), [chips(("5", 500))]),
    (chips("100", "25"), "3:2", "187.50", chips("100", ("25", 3), ("5", 2), "2.50"),
     chips("100", ("25", 3), ("5", 2), "2.50"), chips("100", ("25", 3), ("5", 2), "2.50"),
     []),
    (chips("1"), "3:2", "1", chips("1"), chips("1"), chips("1"), []),
    (chips("5"), "1000", "1000", chips("1000"), chips("1000"), chips("1000"), []),
    (chips("1"), "1234.56", "1234.50", *[chips("1000", ("100", 2), "25", "5", "2.50",
                                                ("1", 2))] * 3, []),
    (chips(("25", 2)), "3000", "3000", *[chips(("1000", 3))] * 3, []),
]


@pytest.mark.parametrize("row", _SECTION_10, ids=[f"{i}" for i in range(len(_SECTION_10))])
def test_rules_section_10_worked_examples(row: tuple) -> None:  # type: ignore[type-arg]
    bet, pays, amount, c4c, convert, up, also = row
    payout = odds(pays) if ":" in pays else Decimal(pays)
    for procedure, stack in ((C4C, c4c), (CONVERT, convert), (BLACK_UP, up)):
        x = expected_stack(bet, payout, procedure)
        assert x.amount == Decimal(amount), procedure
        assert list(x.stack) == stack, procedure
    for stack in also:
        assert grade_stack(bet, payout, BLACK_UP, stack).grade is Grade.RIGHT
