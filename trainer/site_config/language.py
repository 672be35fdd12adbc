"""The site file's ``[language]`` section: the room's language and number format (no Qt).

::

    [language]
    default = "es"                # the room's language until a trainee chooses one
    number_format = "1.000,50"    # or "1,000.50" (the default): how amounts are
                                  # written and typed

``default`` is a language the trainer has a catalogue for (``en``, ``es``, or one the
room added under ``trainer/locale``; see README, "Languages"). A trainee's own choice
(Settings) wins over it. ``number_format`` is the room's alone: amounts typed in the
other one are read the room's way, and one the two formats would read differently
(``1,000`` where the comma marks the cents) is refused with a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.engine.money import shown
from trainer.i18n import DEFAULT_NUMBER_FORMAT, NumberFormat, _, language_problem

LANGUAGE_KEYS = frozenset({"default", "number_format"})


def room_language(raw: Mapping[str, Any], problems: list[str]) -> str | None:
    """``language.default``; None when not given; a problem appended when it is not a
    language with a catalogue here."""
    value = raw.get("default")
    if value is None:
        return None
    problem = language_problem(value, pseudo=False)
    if problem is not None:
        problems.append(f"language.default: {problem}")
        return None
    return str(value)


def room_number_format(raw: Mapping[str, Any], problems: list[str]) -> NumberFormat:
    """``language.number_format``; a problem appended when it is not one of the two."""
    value = raw.get("number_format", DEFAULT_NUMBER_FORMAT.value)
    try:
        return NumberFormat(value)
    except (ValueError, TypeError):
        first, second = (f'"{form.value}"' for form in NumberFormat)
        problems.append(_("language.number_format: {value} is not {first} or {second}",
                          value=shown(value), first=first, second=second))
        return DEFAULT_NUMBER_FORMAT

