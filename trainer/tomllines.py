"""Reading a TOML file a person wrote, and finding the line of a key (no Qt).

``tomllib`` keeps no line numbers, so a message about a lesson file or the
site file finds the line of the key it names here: :func:`key_lines` maps
every key and table written down to its line, :func:`locate` falls back to
the nearest enclosing key that is written down (a missing key points at its
table). :func:`loads` is ``tomllib.loads`` that raises one error, with a
sentence and (where known) a line, for anything ``tomllib`` cannot read.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from trainer.i18n import _

KeyPath = tuple[str | int, ...]
"""A key as ``tomllib`` reads it: ``("exam", "rounds")``; the n-th table of an array
of tables is its index, ``("examples", 1, "round", "seats", 0)``."""

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
                  r"""(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


class TomlError(ValueError):
    """A text ``tomllib`` cannot read; the message is a sentence for a person."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        """1-based; None when ``tomllib`` does not say."""


def dotted(text: str) -> KeyPath:
    """``exam.rounds`` (or ``"exam" . rounds``) as a key path: ``("exam", "rounds")``."""
    return tuple(part.strip().strip("\"'") for part in text.split("."))


def key_lines(text: str) -> dict[KeyPath, int]:
    """The 1-based line where each key and table of a TOML text is first written.

    ``[table]`` and ``[[array]]`` headers, ``key =`` and dotted ``a.b =`` lines
    (each leading part too: ``exam.rounds = 3`` at the top writes ``("exam",)``).
    Arrays of tables get their index in the path, as ``tomllib`` reads them: the
    second ``[[examples]]`` is ``("examples", 1)``. Multi-line strings are skipped.
    """
    lines: dict[KeyPath, int] = {}
    arrays: dict[KeyPath, int] = {}  # an array of tables -> index of its last table
    table: KeyPath = ()
    quote: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if quote is not None:
            if line.count(quote) % 2:
                quote = None
            continue
        header = _HEADER.match(line)
        if header:
            names = dotted(header.group(2))
            path: KeyPath = ()
            for name in names[:-1]:
                path += (name,)
                if path in arrays:
                    path += (arrays[path],)
            path += (names[-1],)
            if header.group(1) == "[[":
                arrays[path] = arrays.get(path, -1) + 1
                lines.setdefault(path, number)
                path += (arrays[path],)
            table = path
            lines.setdefault(path, number)
            continue
        key = _KEY.match(line)
        if key:
            parts = dotted(key.group(1))
            for end in range(1, len(parts) + 1):
                lines.setdefault(table + parts[:end], number)
        for mark in ('"""', "'''"):
            if line.count(mark) % 2:
                quote = mark
                break
    return lines


def locate(lines: Mapping[KeyPath, int], path: Sequence[str | int]) -> int | None:
    """The line of ``path``, else of the nearest enclosing key that is written down."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def _error_line(error: tomllib.TOMLDecodeError) -> int | None:
    lineno = getattr(error, "lineno", None)  # Python 3.14 and later
    if isinstance(lineno, int):
        return lineno
    match = re.search(r"line (\d+)", str(error))
    return int(match.group(1)) if match else None


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``; :class:`TomlError` for anything it cannot read.

    ``tomllib`` may raise more than TOMLDecodeError: ValueError for an integer
    of more than 4,300 digits, RecursionError for arrays nested thousands deep.
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TomlError(_("not valid TOML: {error}", error=error), _error_line(error)) from None
    except RecursionError:
        raise TomlError(_("not valid TOML: arrays or tables nested too deeply")) from None
    except ValueError as error:
        if "digits" in str(error):  # Python's own message, not the catalogue's
            raise TomlError(
                _("not valid TOML: a number too long (more than 4,300 digits)")
            ) from None
        raise TomlError(_("not valid TOML: {error}", error=error)) from None
