"""The chip lesson's drills: cut and size, as a dealer learns them (issue 22, item 5; no Qt).

Each drill deals a :class:`ChipTask`: what is shown (stacks of chips, drawn by the
course window), the question, and the answer the engine expects
(:mod:`trainer.engine.chips`): nothing here or in the window decides a stack by itself.

* ``size-into``: a bet of one colour; pay it even money by sizing into it, a stack as
  tall as the bet of the same chips (shown without its count: match it by height);
* ``cut``: cut an amount (3, 4 or 5 chips' worth) of one colour from a stack of twenty;
* ``break-down``: a stack of twenty cut as the house cuts it (fives or fours,
  :func:`~trainer.engine.chips.cut_size`): what is each stack worth?
* ``count``: a stack of one or two colours, counted at a glance (no counts shown);
* ``rainbow``: a bet of two or three colours paid at its odds by the room's procedure.

A task answered in chips is graded by :func:`~trainer.engine.chips.grade_stack` (the
rainbow bet by the room's procedure, sizing into by colour for colour) or, for a cut, on
the chips themselves; a task answered as an amount on the amount.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from trainer.engine.chips import (
    DEFAULT_CHIPS,
    STACK_OF,
    Grade,
    Procedure,
    Rack,
    RoomChips,
    chips_of,
    cut,
    cut_size,
    expected_stack,
    grade_stack,
    payable,
    stack_text,
    stack_value,
    value_text,
)
from trainer.engine.money import Odds, dollars
from trainer.i18n import N_, _, in_room_format, local_dollars


class ChipDrillKind(StrEnum):
    """A focused chip drill (the lesson file's ``[[chip_drills]] kind``)."""

    SIZE_INTO = "size-into"
    CUT = "cut"
    BREAK_DOWN = "break-down"
    COUNT = "count"
    RAINBOW = "rainbow"

    @property
    def description(self) -> str:
        """The drill's name in English (a CSV's value); :attr:`display_name` is shown."""
        return _DESCRIPTIONS[self]

    @property
    def display_name(self) -> str:
        """The drill's name in the trainer's language."""
        return _(_DESCRIPTIONS[self])

    @property
    def item(self) -> str:
        """What the course keeps its answers under (a scenario name): ``chips-cut``."""
        return f"{CHIP_ITEM_PREFIX}{self.value}"


CHIP_ITEM_PREFIX = "chips-"

_DESCRIPTIONS = {
    ChipDrillKind.SIZE_INTO: N_("Size into a bet (match a stack by height)"),
    ChipDrillKind.CUT: N_("Cut 3, 4 or 5 from a stack"),
    ChipDrillKind.BREAK_DOWN: N_("Break down twenty into fives or fours"),
    ChipDrillKind.COUNT: N_("Count a stack at a glance"),
    ChipDrillKind.RAINBOW: N_("Pay a rainbow bet"),
}


def chip_drill_kind(item_name: str) -> ChipDrillKind | None:
    """The drill a course item's name (``chips-cut``) stands for; None for any other."""
    if not item_name.startswith(CHIP_ITEM_PREFIX):
        return None
    try:
        return ChipDrillKind(item_name.removeprefix(CHIP_ITEM_PREFIX))
    except ValueError:
        return None


class AnswerForm(StrEnum):
    CHIPS = "chips"
    """Built from the rack."""
    AMOUNT = "amount"
    """Typed, in dollars."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A stack the drill shows: its caption, its chips (bottom first), and whether each
    column's count is written under it (never when the point is to see it at a glance)."""

    caption: str
    chips: tuple[Decimal, ...]
    counts: bool = True


@dataclass(frozen=True, slots=True)
class ChipTask:
    kind: ChipDrillKind
    prompt: str
    shown: tuple[Shown, ...]
    form: AnswerForm
    rack: Rack
    expected_chips: tuple[Decimal, ...] = ()
    """For a task answered in chips: one stack that is right, largest first."""
    expected_amount: Decimal | None = None
    """For a task answered as an amount."""
    explanation: str = ""
    """Why the answer is what it is, for a person."""
    payout: tuple[tuple[Decimal, ...], Odds, Procedure] | None = None
    """A payout to grade by procedure: the bet's chips, the odds, the procedure."""

    @property
    def expected_text(self) -> str:
        if self.form is AnswerForm.AMOUNT:
            assert self.expected_amount is not None
            return dollars(self.expected_amount)
        return stack_text(self.expected_chips, self.rack)


@dataclass(frozen=True, slots=True)
class ChipTaskResult:
    correct: bool
    reason: str
    """One sentence: what was given and why it is right or wrong."""
    given_text: str


def grade_task(task: ChipTask, answer: Sequence[Decimal] | Decimal) -> ChipTaskResult:
    """Grade a chip stack (a sequence of chip values) or an amount (a Decimal)."""
    if task.form is AnswerForm.AMOUNT:
        if not isinstance(answer, Decimal):
            raise TypeError("this drill is answered with an amount")
        assert task.expected_amount is not None
        right = answer == task.expected_amount
        given = dollars(answer)
        if right:
            return ChipTaskResult(right, _("Right: {explanation}",
                                           explanation=task.explanation), given)
        return ChipTaskResult(right, _("Not {given}: {explanation}",
                                       given=local_dollars(answer),
                                       explanation=task.explanation), given)
    if isinstance(answer, Decimal):
        raise TypeError("this drill is answered with chips")
    paid = tuple(sorted(answer, reverse=True))
    given = stack_text(paid, task.rack)
    if task.payout is not None:
        bet, odds, procedure = task.payout
        graded = grade_stack(bet, odds, procedure, paid, task.rack)
        return ChipTaskResult(graded.grade is Grade.RIGHT, graded.reason, given)
    right = Counter(paid) == Counter(task.expected_chips)
    if right:
        return ChipTaskResult(right, _("Right: {explanation}", explanation=task.explanation),
                              given)
    return ChipTaskResult(right, _("Not {given} ({amount}): {explanation}", given=given,
                                   amount=local_dollars(stack_value(paid)),
                                   explanation=task.explanation), given)


# --- dealing tasks ---------------------------------------------------------------------------

MAX_DRILL_CHIP = Decimal("500.00")
"""Drills use the rack's chips up to this value (no one cuts stacks of $1,000 chips in a
first lesson)."""


def _values(rack: Rack, top: Decimal = MAX_DRILL_CHIP) -> list[Decimal]:
    values = [value for value in rack.values if value <= top]
    return values or [min(rack.values)]


def deal_task(kind: ChipDrillKind, rng: random.Random, room: RoomChips = DEFAULT_CHIPS
              ) -> ChipTask:
    """One task of ``kind`` from the room's rack."""
    return _DEALERS[kind](rng, room)


def _size_into(rng: random.Random, room: RoomChips) -> ChipTask:
    value = rng.choice(_values(room.rack, Decimal("100.00")))
    return size_into_task((value,) * rng.randint(2, 12), room.rack)


def size_into_task(bet: Sequence[Decimal], rack: Rack) -> ChipTask:
    """Size into ``bet`` (one colour): even money, colour for colour."""
    bet = tuple(bet)
    expected = expected_stack(bet, Odds(1, 1), Procedure.COLOUR_FOR_COLOUR, rack)
    names = list(dict.fromkeys(chips_of(value, rack) for value in bet))
    chips = names[0] if len(names) == 1 else _("{items} and {last}",
                                               items=", ".join(names[:-1]), last=names[-1])
    return ChipTask(
        ChipDrillKind.SIZE_INTO,
        _("Size into this bet of {chips}: pay it even money, a stack as tall as the bet, of"
          " the same chips.", chips=chips),
        (Shown(_("BET"), bet, counts=False),), AnswerForm.CHIPS, rack,
        expected_chips=expected.stack,
        explanation=_("sized into {bet}, the payout is {stack}.", bet=expected.wager,
                      stack=stack_text(expected.stack, rack)),
        payout=(bet, Odds(1, 1), Procedure.COLOUR_FOR_COLOUR))


def _cut(rng: random.Random, room: RoomChips) -> ChipTask:
    return cut_task(rng.choice(_values(room.rack)), rng.choice((3, 4, 5)), room.rack)


def cut_task(value: Decimal, count: int, rack: Rack) -> ChipTask:
    """Cut ``count`` chips' worth of ``value`` from a stack of twenty."""
    chips = cut(value, count)
    amount = stack_value(chips)
    name = chips_of(value, rack)
    return ChipTask(
        ChipDrillKind.CUT,
        _("Cut {amount} in {chips} from this stack of {count}.",
          amount=local_dollars(amount), chips=name, count=STACK_OF),
        (Shown(f"{STACK_OF} \u00d7 {value_text(value)}", (value,) * STACK_OF),),
        AnswerForm.CHIPS, rack, expected_chips=chips,
        explanation=_("{amount} in {chips} is a cut of {count}: {stack}.",
                      amount=local_dollars(amount), chips=name, count=count,
                      stack=stack_text(chips, rack)))


def _break_down(rng: random.Random, room: RoomChips) -> ChipTask:
    return break_down_task(rng.choice(_values(room.rack)), room.rack)


def break_down_task(value: Decimal, rack: Rack) -> ChipTask:
    """Twenty chips of ``value`` cut as the house cuts them: what each stack is worth."""
    size = cut_size(value)
    each = stack_value(cut(value, size))
    name = chips_of(value, rack)
    if size == 4:
        cut_in = _("{value} chips are cut in fours: {stacks} stacks of {size}, each {each}.",
                   value=value_text(value), stacks=STACK_OF // size, size=size,
                   each=local_dollars(each))
    else:
        cut_in = _("{value} chips are cut in fives: {stacks} stacks of {size}, each {each}.",
                   value=value_text(value), stacks=STACK_OF // size, size=size,
                   each=local_dollars(each))
    return ChipTask(
        ChipDrillKind.BREAK_DOWN,
        _("Break down these {count} {chips} as the house cuts them. What is each stack"
          " worth?", count=STACK_OF, chips=name),
        (Shown(f"{STACK_OF} \u00d7 {value_text(value)}", (value,) * STACK_OF),),
        AnswerForm.AMOUNT, rack, expected_amount=each,
        explanation=cut_in)


def _count(rng: random.Random, room: RoomChips) -> ChipTask:
    values = _values(room.rack, Decimal("100.00"))
    first = rng.choice(values)
    chips = [first] * rng.randint(3, 12)
    smaller = [value for value in values if value < first]
    if smaller and rng.random() < 0.5:
        chips += [rng.choice(smaller)] * rng.randint(1, 6)
    return count_task(chips, room.rack)


def count_task(chips: Sequence[Decimal], rack: Rack) -> ChipTask:
    """Count ``chips`` at a glance (drawn without counts)."""
    stack = tuple(sorted(chips, reverse=True))
    total = stack_value(stack)
    return ChipTask(
        ChipDrillKind.COUNT, _("Count this stack at a glance: what is it worth?"),
        (Shown(_("STACK"), stack, counts=False),), AnswerForm.AMOUNT, rack,
        expected_amount=total,
        explanation=_("the stack is {stack}: {amount}.", stack=stack_text(stack, rack),
                      amount=local_dollars(total)))


RAINBOW_ODDS = (Odds(1, 1), Odds(3, 2), Odds(2, 1))


def _rainbow(rng: random.Random, room: RoomChips) -> ChipTask:
    values = _values(room.rack, Decimal("100.00"))
    colours = min(len(values), rng.choice((2, 3)))
    while True:
        picked = rng.sample(values, colours)
        bet = tuple(v for v in picked for _ in range(rng.randint(1, 4)))
        odds = rng.choice(RAINBOW_ODDS)
        settled = odds.pay(stack_value(bet))
        if len(set(bet)) > 1 and payable(settled, room.rack) == settled:
            return rainbow_task(bet, odds, room)  # the rack pays it to the cent


def rainbow_task(bet: Sequence[Decimal], odds: Odds, room: RoomChips) -> ChipTask:
    """Pay ``bet`` (of several colours) at ``odds`` by the room's procedure."""
    bet = tuple(sorted(bet, reverse=True))
    expected = expected_stack(bet, odds, room.procedure, room.rack)
    return ChipTask(
        ChipDrillKind.RAINBOW,
        _("Pay this rainbow bet at {odds} ({procedure}).",
          odds=_("{to_win} to {per}", to_win=in_room_format(f"{odds.to_win:,}"),
                 per=odds.per), procedure=room.procedure.phrase),
        (Shown(_("BET"), bet),), AnswerForm.CHIPS, room.rack, expected_chips=expected.stack,
        explanation=expected.reason, payout=(bet, odds, room.procedure))


_DEALERS = {
    ChipDrillKind.SIZE_INTO: _size_into,
    ChipDrillKind.CUT: _cut,
    ChipDrillKind.BREAK_DOWN: _break_down,
    ChipDrillKind.COUNT: _count,
    ChipDrillKind.RAINBOW: _rainbow,
}
