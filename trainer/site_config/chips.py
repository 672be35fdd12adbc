"""The site file's ``[chips]`` section: the room's rack and its chip procedure (no Qt).

::

    [chips]
    values = [1, 5, 20, 25, 100, 500, 1000]   # the rack's chip values in dollars
    colours = { 1 = "blue", 20 = "yellow" }    # optional: names other than the usual
    procedure = "colour-for-colour"           # or "convert", "colour-for-colour-black-and-up"
    odd_cents = "round-down"                  # or "round-up"

- ``values``: every denomination of the rack (any order, each once, at most
  :data:`~trainer.engine.chips.MAX_RACK_CHIPS`): numbers, or text such as
  ``"2.50"``. Without it the default rack: $1, $2.50, $5, $25, $100, $500, $1,000.
- ``colours``: a chip's colour name, keyed by its value (a value with cents in
  quotes: ``"2.50" = "pink"``); one of :data:`~trainer.engine.chips.NAMED_COLOURS`.
  A chip not named keeps its usual US colour (docs/rules.md §10).
- ``procedure``: how a payout is built from the rack (docs/rules.md §10); by
  default ``colour-for-colour``, "the preferred choice for break-in dealers".
- ``odd_cents``: what is paid where the rack has no chip for a payout's odd cents:
  ``round-down`` (the default, as the rule set rounds: the house keeps them) or
  ``round-up`` (to the least amount the chips make: the player gets them).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, TypeVar

from trainer.engine.chips import (
    DEFAULT_CHIPS,
    DEFAULT_RACK,
    MAX_RACK_CHIPS,
    NAMED_COLOURS,
    ChipError,
    OddCents,
    Procedure,
    Rack,
    RoomChips,
    value_text,
)
from trainer.engine.money import AmountError, parse_amount, shown
from trainer.i18n import _

CHIP_KEYS = frozenset({"values", "colours", "procedure", "odd_cents"})
DEFAULT_PROCEDURE = DEFAULT_CHIPS.procedure
__all__ = ["CHIP_KEYS", "DEFAULT_CHIPS", "RoomChips", "room_chips"]




def _value(raw: object) -> Decimal | None:
    """A chip value: dollars above 0 with at most two decimals, else None."""
    if isinstance(raw, bool):
        return None
    try:
        value = parse_amount(raw, field="value", plain=True)
    except AmountError:
        return None
    return value if value > 0 else None


def room_chips(raw: Mapping[str, Any], problems: list[str]) -> RoomChips:
    """``[chips]``; each problem appended names the key (and so, in the file, its line)."""
    before = len(problems)
    values = _values(raw, problems)
    colours = _colours(raw, problems, values)
    procedure = _choice(raw, "procedure", Procedure, DEFAULT_PROCEDURE, problems)
    odd_cents = _choice(raw, "odd_cents", OddCents, OddCents.ROUND_DOWN, problems)
    if len(problems) > before:
        return DEFAULT_CHIPS
    try:
        rack = Rack.of_values(values, colours) if "values" in raw or colours else DEFAULT_RACK
    except ChipError as error:  # checked above; kept so that no rack error escapes unnamed
        problems.append(f"chips.values: {error}")
        return DEFAULT_CHIPS
    return RoomChips(rack, procedure, odd_cents)


def _values(raw: Mapping[str, Any], problems: list[str]) -> list[Decimal]:
    if "values" not in raw:
        return list(DEFAULT_RACK.values)
    given = raw["values"]
    if not isinstance(given, list) or not given:
        problems.append(_("chips.values: {value} is not a list of chip values (such as"
                          " {example})", value=shown(given),
                          example="[1, 2.50, 5, 25, 100, 500, 1000]"))
        return []
    if len(given) > MAX_RACK_CHIPS:
        problems.append(_("chips.values: {count} chips; a rack holds at most {most}"
                          " denominations", count=len(given), most=MAX_RACK_CHIPS))
        return []
    values: list[Decimal] = []
    for item in given:
        value = _value(item)
        if value is None:
            problems.append(_("chips.values: {value} is not a chip value (dollars above 0,"
                              " at most two decimals)", value=shown(item)))
            return []
        if value in values:
            problems.append(_("chips.values: {value} is given twice",
                              value=value_text(value)))
            return []
        values.append(value)
    return values


def _colours(raw: Mapping[str, Any], problems: list[str],
             values: list[Decimal]) -> dict[Decimal, str]:
    given = raw.get("colours", {})
    if not isinstance(given, dict):
        problems.append(_("chips.colours: {value} is not a table of colour names by chip"
                          " value (such as {example})", value=shown(given),
                          example='{ 1 = "blue", 20 = "yellow" }'))
        return {}
    known = ", ".join(NAMED_COLOURS)
    colours: dict[Decimal, str] = {}
    for key, name in given.items():
        if isinstance(name, dict):  # 2.50 = "pink" unquoted is the TOML dotted key 2 -> 50
            example = '"' + str(key) + '.50" = "pink"'
            problems.append(_("chips.colours: write a value with cents in quotes ({example})",
                              example=example))
            continue
        value = _value(key)
        if value is None:
            problems.append(_("chips.colours: {value} is not a chip value", value=shown(key)))
            continue
        if values and value not in values:
            rack = ", ".join(value_text(v) for v in sorted(values, reverse=True))
            problems.append(_("chips.colours: {value} is not a chip of the rack ({rack})",
                              value=value_text(value), rack=rack))
            continue
        if not isinstance(name, str) or name.strip().lower() not in NAMED_COLOURS:
            problems.append(_("chips.colours: {name} for {value} is not a chip colour"
                              " ({known})", name=shown(name), value=value_text(value),
                              known=known))
            continue
        colours[value] = name.strip().lower()
    return colours


_Choice = TypeVar("_Choice", Procedure, OddCents)


def _choice(raw: Mapping[str, Any], key: str, kind: type[_Choice], default: _Choice,
            problems: list[str]) -> _Choice:
    value = raw.get(key, default.value)
    try:
        return kind(value)
    except (ValueError, TypeError):
        choices = ", ".join(f'"{member.value}"' for member in kind)
        if kind is Procedure:
            problems.append(_("chips.{key}: {value} is not a chip procedure ({choices})",
                              key=key, value=shown(value), choices=choices))
        else:
            problems.append(_("chips.{key}: {value} is not a way to pay odd cents"
                              " ({choices})", key=key, value=shown(value), choices=choices))
        return default
