"""``hhe-trainer chips``: a payout's chips, expected and graded (docs/chips-contract.md).

JSON Lines in, one JSON line out per input line, in order, streaming like ``settle``
(the same reader: bytes, a line at a time, never more than ``MAX_ROUND_BYTES`` of one;
each batch of lines that has arrived is answered and flushed before more input is
awaited). A line that cannot be answered gets ``{"error": "..."}`` naming the field;
the exit status is then 2, else 0. The answers come from :mod:`trainer.engine.chips`,
the same code the trainer grades with.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, BinaryIO, TextIO

from trainer.cli import (
    BATCH_SIZE,
    EXIT_REJECTED,
    MAX_ERROR_CHARS,
    MAX_ROUND_BYTES,
    InputLine,
    _batches,
    loads_round,
    read_lines,
)
from trainer.engine.chips import (
    DEFAULT_RACK,
    MAX_RACK_CHIPS,
    MAX_STACK_CHIPS,
    ChipError,
    Procedure,
    Rack,
    expected_stack,
    grade_stack,
    value_text,
)
from trainer.engine.money import (
    MAX_ODDS,
    AmountError,
    Odds,
    format_amount,
    parse_amount,
    shown,
    shown_name,
)
from trainer.engine.round import RoundError
from trainer.engine.textfile import BOM
from trainer.i18n import ENGLISH, _, in_language

FIELDS = ("bet", "pays", "amount", "procedure", "rack", "paid")
_ODDS = re.compile(r"([0-9]{1,7}):([0-9]{1,7})", re.ASCII)


class LineError(ValueError):
    """A chips line that cannot be answered; the message names the field."""


def _chip_list(data: dict[str, Any], field: str, *, empty: bool) -> list[Decimal]:
    raw = data[field]
    if not isinstance(raw, list):
        raise LineError(f"{field}: {shown(raw)} is not a list of chip values"
                        ' (e.g. ["5", "5"])')
    if not raw and not empty:
        raise LineError(f"{field}: no chips; give at least one chip value")
    if len(raw) > MAX_STACK_CHIPS:
        raise LineError(f"{field}: {len(raw):,} chips; at most {MAX_STACK_CHIPS:,}")
    values = []
    for index, item in enumerate(raw):
        try:
            value = parse_amount(item, field=f"{field}[{index}]", plain=True)
        except AmountError as error:
            raise LineError(str(error)) from None
        if value <= 0:
            raise LineError(f"{field}[{index}]: {shown(item)} is not a chip (a chip is"
                            " worth more than $0)")
        values.append(value)
    return values


def _pays(data: dict[str, Any]) -> Odds | Decimal:
    has_odds, has_amount = "pays" in data, "amount" in data
    if has_odds and has_amount:
        raise LineError("pays, amount: give one of the two (odds, or a fixed award), not both")
    if not has_odds and not has_amount:
        raise LineError('pays: missing; give the odds ("3:2") or instead amount (a fixed'
                        " award in dollars)")
    if has_amount:
        try:
            amount = parse_amount(data["amount"], field="amount", plain=True)
        except AmountError as error:
            raise LineError(str(error)) from None
        if amount <= 0:
            raise LineError(f"amount: {shown(data['amount'])} is no payout; an award is"
                            " above $0")
        return amount
    raw = data["pays"]
    match = _ODDS.fullmatch(raw) if isinstance(raw, str) else None
    if match is None:
        raise LineError(f'pays: {shown(raw)} is not odds written "N:M" (e.g. "3:2", "500:1")')
    to_win, per = int(match[1]), int(match[2])
    if to_win <= 0 or per <= 0:
        raise LineError(f"pays: {shown(raw)}: both sides of the odds must be above 0")
    if to_win > MAX_ODDS or per > MAX_ODDS:
        raise LineError(f"pays: {shown(raw)}: odds are at most {MAX_ODDS:,} to 1")
    return Odds(to_win, per)


def _procedure(data: dict[str, Any]) -> Procedure:
    if "procedure" not in data:
        raise LineError("procedure: missing; one of "
                        + ", ".join(procedure.value for procedure in Procedure))
    raw = data["procedure"]
    try:
        return Procedure(raw)
    except (ValueError, TypeError):
        raise LineError(f"procedure: {shown(raw)} is not one of "
                        + ", ".join(procedure.value for procedure in Procedure)) from None


def _rack(data: dict[str, Any]) -> Rack:
    if "rack" not in data:
        return DEFAULT_RACK
    values = _chip_list(data, "rack", empty=False)
    if len(values) > MAX_RACK_CHIPS:
        raise LineError(f"rack: {len(values)} chip values; a rack holds at most"
                        f" {MAX_RACK_CHIPS}")
    if len(set(values)) != len(values):
        twice = next(value for value in values if values.count(value) > 1)
        raise LineError(f"rack: {value_text(twice)} is given twice")
    return Rack.of_values(values)


def answer(data: object) -> dict[str, Any]:
    """The answer to one parsed line; a LineError or ChipError names what is wrong."""
    if not isinstance(data, dict):
        raise LineError(f"a chips line is a JSON object, not {shown(data)}")
    for key in data:
        if key not in FIELDS:
            raise LineError(f"{shown_name(key)}: not a field of a chips line"
                            f" ({', '.join(FIELDS)})")
    if "bet" not in data:
        raise LineError('bet: missing; the chips of the wager as placed (e.g. ["5", "5"])')
    bet = _chip_list(data, "bet", empty=False)
    pays = _pays(data)
    procedure = _procedure(data)
    rack = _rack(data)
    if "paid" not in data:
        expected = expected_stack(bet, pays, procedure, rack)
        return {"amount": format_amount(expected.amount),
                "expected": [format_amount(chip) for chip in expected.stack],
                "reason": expected.reason}
    paid = _chip_list(data, "paid", empty=True)
    graded = grade_stack(bet, pays, procedure, paid, rack)
    return {"amount": format_amount(graded.expected.amount),
            "expected": [format_amount(chip) for chip in graded.expected.stack],
            "grade": graded.grade.value, "reason": graded.reason}


def chips_line(line: InputLine) -> tuple[dict[str, Any], bool] | None:
    """Answer one input line: (output object, ok), or None for a blank line. Never raises."""
    number = line.number
    if line.too_long:
        return {"error": f"line {number}: {line.too_long:,} bytes; a line takes at most"
                         f" {MAX_ROUND_BYTES:,}"}, False
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as error:
        return {"error": f"line {number}: not UTF-8 text (byte 0x{line.data[error.start]:02x}"
                         f" at column {error.start + 1})"}, False
    if number == 1:
        text = text.removeprefix(BOM)
    if not text.strip():
        return None
    try:
        data = loads_round(text)
    except RoundError as error:
        return {"error": f"line {number}: {error}"}, False
    try:
        return answer(data), True
    except (LineError, ChipError) as error:
        message = str(error)
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS] + "…"
        return {"error": message}, False
    except Exception as error:  # a bug: this line is refused, the stream goes on
        return {"error": f"line {number}: internal error answering this line"
                         f" ({type(error).__name__}); please report it with the line"}, False


def chips_lines(lines: Iterable[InputLine]) -> tuple[str, int]:
    """Answer a batch of lines; returns the output text and how many were refused. The
    answers are the contract's English whatever the trainer's language (docs/
    chips-contract.md): their reasons come from the engine's catalogue messages."""
    refused = 0
    parts = []
    with in_language(ENGLISH):  # once a batch: choosing a language reads the locale folder
        for line in lines:
            result = chips_line(line)
            if result is None:
                continue
            output, ok = result
            refused += not ok
            parts.append(json.dumps(output) + "\n")
    return "".join(parts), refused


def chips_stream(source: BinaryIO, out: TextIO) -> int:
    """Stream chips lines to answers, in order; returns how many lines were refused.

    Lines are answered a batch at a time, a batch being whatever has arrived (at most
    ``BATCH_SIZE`` lines), and each batch is flushed at once: a caller that writes one
    line and waits for its answer gets it.
    """
    refused = 0
    for batch in _batches(read_lines(source), BATCH_SIZE):
        text, batch_refused = chips_lines(batch)
        out.write(text)
        out.flush()
        refused += batch_refused
    return refused


def _cmd_chips(args: argparse.Namespace) -> int:
    refused = chips_stream(sys.stdin.buffer, sys.stdout)
    if refused:
        print(_("hhe-trainer chips: {count} line(s) refused; see the error lines",
                count=refused), file=sys.stderr)
        return EXIT_REJECTED
    return 0


def add_chips_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "chips",
        help=_("the expected chips of payouts, and grades of built stacks, as JSON Lines"
               " (docs/chips-contract.md)"),
        description=_("Read JSON Lines (a wager's chips, its odds or a fixed amount, the"
                      " house's chip procedure, optionally the room's rack and a built stack)"
                      " from standard input; write one answer line per line: the amount, the"
                      " expected stack, and the grade of the built stack with its reason."
                      " Exit 0, or 2 when a line was refused."),
    )
    parser.set_defaults(func=_cmd_chips)
