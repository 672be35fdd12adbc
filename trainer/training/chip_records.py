"""Chip answers as kept, read back for people: reports, CSV and the review (no Qt).

A payout built in chips is kept like a typed answer, its chips written as
:func:`~trainer.training.chip_grading.chips_text` writes them (``1x$25 + 3x$5``; an
empty stack ``no chips``), and, at the right amount, the chip procedure's own row
(``<id>.chips``) with the expected stack in the same form. This module reads that form
back: the chips (:func:`parse_chips_text`), what they are worth (:func:`chips_amount`),
the words a report prints (``1 x $25 green, 3 x $5 red``), and, for the review of a
stored round, the stack that was built beside the one expected (:func:`recorded_stack`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine.chips import DEFAULT_CHIPS, DEFAULT_RACK, Rack, RoomChips, stack_value
from trainer.engine.money import CENT
from trainer.engine.round import Round, Wager
from trainer.engine.settlement import settle
from trainer.training.chip_grading import ChipAnswerError, expected_payout
from trainer.training.questions import build_questions

CHIPS_SUFFIX = ".chips"
"""The chip procedure's answer row is the payout question's id with this after it."""

_PART = r"([1-9][0-9]{0,4})x\$([0-9]{1,3}(?:,[0-9]{3})*|[0-9]+)(\.[0-9]{2})?"
_STACK = re.compile(rf"{_PART}(?: \+ {_PART})*")
_ONE = re.compile(_PART)
NO_CHIPS = "no chips"


def parse_chips_text(text: str | None) -> tuple[Decimal, ...] | None:
    """The chips of a stack as kept (``1x$25 + 3x$5``), largest first; ``()`` for
    ``no chips``; None for any other text (a typed amount, a push, a take)."""
    if text is None:
        return None
    text = text.strip()
    if text == NO_CHIPS:
        return ()
    if not _STACK.fullmatch(text):
        return None
    chips: list[Decimal] = []
    for count, whole, cents in _ONE.findall(text):
        value = Decimal(whole.replace(",", "") + (cents or "")).quantize(CENT)
        chips.extend([value] * int(count))
    return tuple(sorted(chips, reverse=True))


def chips_amount(text: str | None) -> Decimal | None:
    """What a kept stack is worth; None when ``text`` is no stack."""
    chips = parse_chips_text(text)
    return None if chips is None else stack_value(chips)


def chips_report_text(chips: Iterable[Decimal], rack: Rack = DEFAULT_RACK) -> str:
    """A stack as a report prints it: ``3 x $5 red, 1 x $2.50 pink`` (largest first,
    each value's colour as the rack names it); ``no chips``."""
    counts = Counter(chips)
    if not counts:
        return NO_CHIPS
    parts = []
    for value in sorted(counts, reverse=True):
        name = rack.chip(value) if value in rack else None
        colour = f" {name.colour}" if name is not None and name.colour else ""
        parts.append(f"{counts[value]} x {_label(value)}{colour}")
    return ", ".join(parts)


def _label(value: Decimal) -> str:
    if value == value.to_integral_value():
        return f"${value:,.0f}"
    return f"${value:,.2f}"


def report_answer_text(text: str | None, rack: Rack = DEFAULT_RACK) -> str | None:
    """An answer as a report shows it: a kept stack in words (:func:`chips_report_text`),
    anything else as it was kept."""
    chips = parse_chips_text(text)
    return text if chips is None else chips_report_text(chips, rack)


@dataclass(frozen=True, slots=True)
class RecordedStack:
    """A chip answer of a stored round: the stack built then and the one expected."""

    seat: int | None
    wager: Wager | None
    built: tuple[Decimal, ...]
    expected: tuple[Decimal, ...] | None
    """None when the payout pays nothing now (a push or a take under the rules in force)."""
    note: str
    """One sentence for the review: built, expected, and why."""


def recorded_stack(question_id: str, given: str | None, expected_text: str, round_: Round,
                   room: RoomChips = DEFAULT_CHIPS) -> RecordedStack | None:
    """The stack a stored answer built and the stack expected; None when the answer was
    not given in chips. The expected stack is the one kept with the chip procedure's row
    (what the answer was graded against); for a payout row (a wrong amount), the one the
    room's procedure expects for the round as it settles now."""
    built = parse_chips_text(given)
    if built is None:
        return None
    base_id = question_id.removesuffix(CHIPS_SUFFIX)
    question = next((q for q in build_questions(settle(round_)) if q.id == base_id), None)
    seat = question.seat if question is not None else None
    wager = question.wager if question is not None else None
    expected = parse_chips_text(expected_text)
    reason = ""
    if expected is None and question is not None:
        try:
            found = expected_payout(question, settle(round_), room)
        except ChipAnswerError as error:
            found, reason = None, str(error)
        if found is not None:
            expected, reason = found.stack, found.reason
    built_words = chips_report_text(built, room.rack)
    if expected is None:
        note = (f"Built then: {built_words} ({_label(stack_value(built))});"
                f" expected: {expected_text}. {reason}").strip()
    else:
        note = (f"Built then: {built_words} ({_label(stack_value(built))}); expected:"
                f" {chips_report_text(expected, room.rack)}"
                f" ({_label(stack_value(expected))}).")
        if reason:
            note += f" {reason[:1].upper()}{reason[1:]}."
    return RecordedStack(seat, wager, built, expected, note)
