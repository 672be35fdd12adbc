"""Grading built stacks under EACH house procedure (issue 22, "How it must be shown"):
odd amounts with and without a $2.50 chip (and with a $0.50 one), rainbow bets, large odds
payouts, a capped seat, the 6-Card Bonus and progressive awards, and the site file's own
rack ($1 blue, $20 yellow, no $2.50), each stack worked by hand from docs/rules.md §10:

* colour-for-colour: each colour of the bet, n chips at X to Y, is paid floor(n X / Y) chips
  of its colour; what that leaves, in the fewest chips smaller than the largest colour that
  left a part;
* convert: the fewest chips of the whole rack;
* colour-for-colour-black-and-up: the bet's chips of $100 and up as colour for colour, the
  rest either way (converted, which is the stack shown, or colour for colour);
* a fixed award (6-Card Bonus, a share of the progressive pool, a capped seat's total) is
  converted whatever the procedure; odd cents no chip pays are rounded down (or up, when the
  site file says so).

Default rack: $1 white, $2.50 pink, $5 red, $25 green, $100 black, $500 purple, $1,000
orange.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.engine.chips import (
    DEFAULT_RACK,
    Grade,
    OddCents,
    Procedure,
    Rack,
    RoomChips,
    expected_stack,
    grade_stack,
)
from trainer.engine.money import Odds
from trainer.engine.round import parse_round
from trainer.engine.settlement import Outcome, settle
from trainer.site_config import SITE_FILENAME, read_site_file
from trainer.training.chip_grading import ChipPayout, grade_chips
from trainer.training.questions import build_questions

D = Decimal
C4C = Procedure.COLOUR_FOR_COLOUR
CONVERT = Procedure.CONVERT
UP = Procedure.COLOUR_FOR_COLOUR_BLACK_AND_UP

HALF = Rack.of_values([*DEFAULT_RACK.values, D("0.50")])
"""The default rack and a $0.50 chip."""


def chips(*parts: str | tuple[str, int]) -> tuple[Decimal, ...]:
    """``chips("25", ("5", 4))``: one $25 and four $5, largest first."""
    out: list[Decimal] = []
    for part in parts:
        text, count = part if isinstance(part, tuple) else (part, 1)
        out += [D(text).quantize(D("0.01"))] * count
    return tuple(sorted(out, reverse=True))


def site_rack(tmp_path: Path) -> Rack:
    """The issue's room, from its site file: $1 blue, $20 yellow, no $2.50."""
    path = tmp_path / SITE_FILENAME
    path.write_text('[rules]\nruleset = "ny-2018"\n\n[chips]\n'
                    'values = [1000, 500, 100, 25, 20, 5, 1]\n'
                    'colours = { 1 = "blue", 20 = "yellow" }\n', "utf-8")
    rack = read_site_file(path).chips.rack
    assert D("2.50") not in rack and rack.chip(D(20)).name == "yellow $20"
    return rack


@dataclass(frozen=True)
class Case:
    """One payout: the stack each procedure shows, stacks it also takes, stacks of the
    right amount it grades wrong chips."""

    bet: tuple[Decimal, ...]
    pays: str
    amount: str
    shown: dict[Procedure, tuple[Decimal, ...]]
    also: dict[Procedure, list[tuple[Decimal, ...]]] = field(default_factory=dict)
    wrong: dict[Procedure, list[tuple[Decimal, ...]]] = field(default_factory=dict)
    rack: str = "default"
    odd_cents: OddCents = OddCents.ROUND_DOWN


def every(stack: tuple[Decimal, ...]) -> dict[Procedure, tuple[Decimal, ...]]:
    return dict.fromkeys(Procedure, stack)


def all_wrong(*stacks: tuple[Decimal, ...]) -> dict[Procedure, list[tuple[Decimal, ...]]]:
    return {procedure: list(stacks) for procedure in Procedure}


CASES = {
    # Odd amount with a pink: 3 to 2 on three red ($15) = $22.50. Colour for colour: four
    # red (floor 4.5), the red's $2.50 under $5: a pink. The fewest chips: the same.
    "pink: 3 to 2 on three red": Case(
        chips(("5", 3)), "3:2", "22.50", every(chips(("5", 4), "2.50")),
        wrong=all_wrong(chips(("5", 3), ("2.50", 3)), chips(("1", 20), "2.50"))),
    # No pink ($1 blue, $20 yellow): $22.50 rounded down to $22. Colour for colour: four
    # red, the $2 left under $5: two blue. Converted: a yellow and two blue (3 chips).
    "no pink, rounded down: 3 to 2 on three red": Case(
        chips(("5", 3)), "3:2", "22",
        {C4C: chips(("5", 4), ("1", 2)), CONVERT: chips("20", ("1", 2)),
         UP: chips("20", ("1", 2))},
        also={UP: [chips(("5", 4), ("1", 2))]},
        wrong={C4C: [chips("20", ("1", 2)), chips(("1", 22))],
               CONVERT: [chips(("5", 4), ("1", 2)), chips(("1", 22))],
               UP: [chips(("1", 22)), chips(("5", 2), ("1", 12))]},
        rack="site"),
    # The same rounded up (the house's choice): $23. Four red and three blue, or a yellow
    # and three blue.
    "no pink, rounded up: 3 to 2 on three red": Case(
        chips(("5", 3)), "3:2", "23",
        {C4C: chips(("5", 4), ("1", 3)), CONVERT: chips("20", ("1", 3)),
         UP: chips("20", ("1", 3))},
        also={UP: [chips(("5", 4), ("1", 3))]},
        wrong={C4C: [chips("20", ("1", 3))], CONVERT: [chips(("5", 4), ("1", 3))],
               UP: [chips(("1", 23))]},
        rack="site", odd_cents=OddCents.ROUND_UP),
    # A $0.50 chip: 3 to 2 on three white = $4.50. Colour for colour: four white, the
    # $0.50 left: a $0.50 chip. Converted: a pink and two white (3 chips, not 5).
    "half-dollar chip: 3 to 2 on three white": Case(
        chips(("1", 3)), "3:2", "4.50",
        {C4C: chips(("1", 4), "0.50"), CONVERT: chips("2.50", ("1", 2)),
         UP: chips("2.50", ("1", 2))},
        also={UP: [chips(("1", 4), "0.50")]},
        wrong={C4C: [chips("2.50", ("1", 2)), chips(("0.50", 9))],
               CONVERT: [chips(("1", 4), "0.50"), chips("2.50", ("0.50", 4))],
               UP: [chips(("0.50", 9)), chips("2.50", ("0.50", 4))]},
        rack="half"),
    # Rainbow $30 as a green and five white at 3 to 2 = $45. Colour for colour: a green
    # (floor 1.5), seven white (floor 7.5); the $13 left under $25: two red, three white.
    # Converted: a green and four red.
    "rainbow: green and five white at 3 to 2": Case(
        chips("25", ("1", 5)), "3:2", "45",
        {C4C: chips("25", ("5", 2), ("1", 10)), CONVERT: chips("25", ("5", 4)),
         UP: chips("25", ("5", 4))},
        also={UP: [chips("25", ("5", 2), ("1", 10))]},
        wrong={C4C: [chips("25", ("5", 4)), chips(("5", 9))],
               CONVERT: [chips("25", ("5", 2), ("1", 10)), chips(("2.50", 18))],
               UP: [chips(("5", 9)), chips(("2.50", 18))]}),
    # Rainbow $200 as a black and four green at 3 to 2 = $300. Colour for colour: a black
    # (floor 1.5), six green; the $50 left under $100: two green. Converted: three black.
    # From black up: the black paid a black, the $200 rest either way.
    "rainbow with a black: black and four green at 3 to 2": Case(
        chips("100", ("25", 4)), "3:2", "300",
        {C4C: chips("100", ("25", 8)), CONVERT: chips(("100", 3)), UP: chips(("100", 3))},
        also={UP: [chips("100", ("25", 8))]},
        wrong={C4C: [chips(("100", 3)), chips(("25", 12))],
               CONVERT: [chips("100", ("25", 8)), chips(("100", 2), ("25", 4))],
               UP: [chips(("25", 12)), chips(("100", 2), ("25", 4))]}),
    # Large odds, 20 to 1 on one green = $500: twenty green colour for colour, a purple
    # converted; from black up (no black bet) either.
    "large odds: 20 to 1 on one green": Case(
        chips("25"), "20:1", "500",
        {C4C: chips(("25", 20)), CONVERT: chips("500"), UP: chips("500")},
        also={UP: [chips(("25", 20))]},
        wrong={C4C: [chips("500")], CONVERT: [chips(("25", 20))],
               UP: [chips(("100", 5))]}),
    # Large odds on a black and two red ($110) at 10 to 1 = $1,100: ten black and twenty
    # red colour for colour; an orange and a black converted; from black up ten black for
    # the black, the $100 rest either way: eleven black (shown) or ten black, twenty red.
    "large odds with a black: 10 to 1 on black and two red": Case(
        chips("100", ("5", 2)), "10:1", "1100",
        {C4C: chips(("100", 10), ("5", 20)), CONVERT: chips("1000", "100"),
         UP: chips(("100", 11))},
        also={UP: [chips(("100", 10), ("5", 20))]},
        wrong={C4C: [chips("1000", "100"), chips(("100", 11))],
               CONVERT: [chips(("100", 11)), chips(("100", 10), ("5", 20))],
               UP: [chips("1000", "100"), chips(("500", 2), "100")]}),
}


def rack_of(case: Case, tmp_path: Path) -> Rack:
    return {"default": DEFAULT_RACK, "half": HALF}.get(case.rack) or site_rack(tmp_path)


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("name", list(CASES))
def test_each_procedure_grades_the_hand_worked_stacks(name: str, procedure: Procedure,
                                                      tmp_path: Path) -> None:
    case = CASES[name]
    rack = rack_of(case, tmp_path)
    pays = Odds.parse(case.pays)
    expected = expected_stack(case.bet, pays, procedure, rack, case.odd_cents)
    assert expected.amount == D(case.amount)
    assert expected.stack == case.shown[procedure]
    for stack in (case.shown[procedure], *case.also.get(procedure, [])):
        assert sum(stack) == D(case.amount), stack  # the hand-worked stack is the amount
        graded = grade_stack(case.bet, pays, procedure, stack, rack, case.odd_cents)
        assert graded.grade is Grade.RIGHT, (stack, graded.reason)
    for stack in case.wrong.get(procedure, []):
        assert sum(stack) == D(case.amount), stack
        graded = grade_stack(case.bet, pays, procedure, stack, rack, case.odd_cents)
        assert graded.grade is Grade.WRONG_CHIPS, (stack, graded.reason)
        assert graded.reason.startswith("right amount, wrong chips")


# --- fixed awards and a capped seat, through the questions of a settled round -------------

CAPPED = {"rules": "house", "dealer": ["2s", "3d"], "board": ["Qh", "Jh", "Th", "7c", "4d"],
          "seats": [{"seat": 6, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10",
                     "raise": "30",
                     "chips": {"ante": {"5": 2}, "odds": {"5": 2}, "raise": {"5": 6}}}]}
"""A royal flush: the odds pay 500 to 1 ($5,000) and the raise $30; the house rules cap the
seat at $3,000 (docs/rules.md §6)."""

SIX_CARD = {"rules": "house", "dealer": ["4s", "5s"], "board": ["2c", "7d", "9c", "Jd", "Qs"],
            "six_card_bonus_cards": ["Ac", "Kd", "Ks", "2h"],
            "seats": [{"seat": 6, "hole": ["Ah", "Ad"], "ante": "10", "odds": "10",
                       "raise": "10", "six_card_bonus": "5",
                       "chips": {"six_card_bonus": {"5": 1}}}]}
"""Aces full of kings in the six cards: the $5 6-Card Bonus (one red) wins $100 (§5)."""

POOL = {"rules": "ny-2018", "dealer": ["4s", "5s"], "board": ["Qh", "Jh", "2c", "3d", "Th"],
        "progressive_pool": "12345.67",
        "seats": [{"seat": 6, "hole": ["Ah", "Kh"], "ante": "10", "odds": "10",
                   "raise": "10", "progressive": "1", "chips": {"progressive": {"1": 1}}}]}
"""A royal flush made on the river: table A pays 10% of the pool, $1,234.567 to the cent
down $1,234.56; no chip pays the 6 cents: $1,234.50."""

QUADS = {"rules": "ny-2018", "dealer": ["4s", "5s"], "board": ["7h", "7s", "2c", "3d", "Jc"],
         "progressive_pool": "5000",
         "seats": [{"seat": 2, "hole": ["7c", "7d"], "ante": "10", "odds": "10",
                    "raise": "10", "progressive": "1", "chips": {"progressive": {"1": 1}}}]}
"""Four sevens: table A pays the $1 progressive (one white) 50 to 1: odds, $50."""

AWARDS: dict[str, tuple[dict[str, Any], str, Case]] = {
    # $3,000, converted whatever the procedure: three orange.
    "capped seat": (CAPPED, "seat-6-capped-total", Case(
        (), "", "3000", every(chips(("1000", 3))),
        wrong=all_wrong(chips(("100", 30)), chips(("500", 6)), chips(("1000", 2), ("500", 2))))),
    # $100 is an award, not 20 to 1 on the red: a black under every procedure (twenty red
    # would be colour for colour at 20 to 1).
    "6-Card Bonus award": (SIX_CARD, "seat-6-six-card-bonus", Case(
        (), "", "100", every(chips("100")),
        wrong=all_wrong(chips(("5", 20)), chips(("25", 4))))),
    # A share of the pool: orange, two black, green, red, pink, two white, every procedure.
    "progressive share of the pool": (POOL, "seat-6-progressive", Case(
        (), "", "1234.50", every(chips("1000", ("100", 2), "25", "5", "2.50", ("1", 2))),
        wrong=all_wrong(chips(("100", 12), "25", "5", "2.50", ("1", 2)),
                        chips("1000", ("100", 2), ("25", 1), ("2.50", 3), ("1", 2))))),
    # A progressive paid at odds is paid as odds: fifty white colour for colour, two green
    # converted; from black up (a white bet) either.
    "progressive at odds": (QUADS, "seat-2-progressive", Case(
        (), "", "50", {C4C: chips(("1", 50)), CONVERT: chips(("25", 2)), UP: chips(("25", 2))},
        also={UP: [chips(("1", 50))]},
        wrong={C4C: [chips(("25", 2))], CONVERT: [chips(("1", 50)), chips(("5", 10))],
               UP: [chips(("5", 10))]})),
}


@pytest.mark.parametrize("procedure", list(Procedure))
@pytest.mark.parametrize("name", list(AWARDS))
def test_awards_and_a_capped_seat_graded_under_each_procedure(name: str,
                                                              procedure: Procedure) -> None:
    data, question_id, case = AWARDS[name]
    settlement = settle(parse_round(data))
    (question,) = [q for q in build_questions(settlement) if q.id == question_id]
    room = RoomChips(procedure=procedure)
    for stack in (case.shown[procedure], *case.also.get(procedure, [])):
        assert sum(stack) == D(case.amount), stack
        graded = grade_chips(question, settlement, ChipPayout(Outcome.WIN, stack), room)
        assert graded.grade is Grade.RIGHT, (stack, graded.reason)
        assert graded.expected.stack == case.shown[procedure]
        assert graded.expected.amount == D(case.amount)
    for stack in case.wrong.get(procedure, []):
        assert sum(stack) == D(case.amount), stack
        graded = grade_chips(question, settlement, ChipPayout(Outcome.WIN, stack), room)
        assert graded.grade is Grade.WRONG_CHIPS, (stack, graded.reason)
    # A white over the amount is the wrong amount, whatever the procedure.
    over = tuple(sorted([*case.shown[procedure], D("1.00")], reverse=True))
    assert grade_chips(question, settlement, ChipPayout(Outcome.WIN, over),
                       room).grade is Grade.WRONG_AMOUNT
