"""Checking what a caller hands storage, one field at a time: each refusal is a
:class:`~trainer.storage.models.StorageError` naming the field and what is wrong.
Also the stored form of times and row ids (no Qt).
"""

from __future__ import annotations

import math
import unicodedata
import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import TypeVar

from trainer.i18n import _
from trainer.storage.models import StorageError

E = TypeVar("E", bound=StrEnum)

MAX_NAME_LENGTH = 80
"""The longest name of a trainee, an instructor or an exam set-up."""


def now() -> str:
    """The present moment as stored: UTC ISO-8601 text."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def stamp(at: datetime | None, field: str = "at") -> str:
    """A UTC ISO-8601 text time (now for None); sorting the text sorts the times."""
    if at is None:
        return now()
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise StorageError(_("{field}: {value} must be a timezone-aware datetime",
                             field=field, value=repr(at)))
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def uid() -> str:
    """A new id for a row that travels between stations."""
    return uuid.uuid4().hex


def text(value: object, field: str, *, max_length: int | None = None) -> str:
    """Non-empty text, stripped."""
    if not isinstance(value, str):
        raise StorageError(_("{field}: expected text, got {kind} {value}", field=field,
                             kind=type(value).__name__, value=repr(value)))
    clean = value.strip()
    if not clean:
        raise StorageError(_("{field}: must not be empty", field=field))
    if max_length is not None and len(clean) > max_length:
        raise StorageError(_("{field}: {length} characters; at most {most}", field=field,
                             length=len(clean), most=max_length))
    return clean


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")
"""Marks that reorder the text around them (U+202E RIGHT-TO-LEFT OVERRIDE shows
``Ana\u202exetaB`` as "AnaBatex"): never in a name."""


def name(value: object, field: str = "name") -> str:
    """A person's (or a set-up's) name as stored: :func:`text` within
    :data:`MAX_NAME_LENGTH`, with no control characters (tab, newline, escape...) and
    no bidirectional controls (a right-to-left override makes a name read otherwise)."""
    clean = text(value, field, max_length=MAX_NAME_LENGTH)
    for character in clean:
        if unicodedata.category(character) == "Cc" or character in _BIDI_CONTROLS:
            raise StorageError(_(
                "{field}: contains the control character {code} ({name}); names are plain"
                " text", field=field, code="U+" + format(ord(character), "04X"),
                name=unicodedata.name(character, "control")))
    return clean


def optional_text(value: object, field: str) -> str | None:
    return None if value is None else text(value, field)


def member(kind: type[E], value: object, field: str, what: str) -> E:
    """The member of ``kind`` named by ``value`` (a member or its text); ``what``
    names the kind in the refusal (``"a skill"``)."""
    if isinstance(value, kind):
        return value
    clean = text(value, field)
    try:
        return kind(clean)
    except ValueError:
        allowed = ", ".join(item.value for item in kind)
        raise StorageError(_("{field}: {value} is not {what} ({allowed})", field=field,
                             value=repr(value), what=_(what), allowed=allowed)) from None


def integer(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StorageError(_("{field}: expected a whole number, got {value}", field=field,
                             value=repr(value)))
    return value


MAX_SECONDS = 7 * 24 * 3600
"""The longest time an answer can have taken (a week: a window left open)."""


def seconds(value: object) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 <= value <= MAX_SECONDS
    ):
        raise StorageError(_("seconds: {value} is not a time in seconds (0 to {most})",
                             value=repr(value), most=format(MAX_SECONDS, ",")))
    return float(value)


def correct(value: object) -> bool:
    if not isinstance(value, bool):
        raise StorageError(_("correct: expected True or False, got {value}",
                             value=repr(value)))
    return value
