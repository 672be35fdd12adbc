"""One catalogue for every word a person reads: the core's and the UI's (no Qt).

Messages are gettext catalogues managed with Babel (``make catalogues``): the
English text in the code is the message id, ``trainer/locale/<language>/
LC_MESSAGES/trainer.po`` holds each language's translation. Placeholders are
named and filled by :func:`_` / :func:`ngettext`, never glued from pieces::

    _("{trainee} answered {count} questions", trainee=name, count=n)
    ngettext("{count} answer", "{count} answers", n)   # count is filled in too

A missing translation, or a language with no catalogue, reads in English.

Compiled catalogues (``.mo``) are build output, never committed: ``make
catalogues`` writes them beside each ``.po``; a catalogue with no ``.mo``, or one
older than its ``.po`` (a fresh clone, an edited translation), is compiled in
memory from the ``.po`` with Babel when the language is chosen, so ``make run``
works from a fresh clone either way.

The pseudo-language ``qps`` shows every translated message wrapped in ``[[ ]]``:
text on a screen without the brackets bypassed the catalogue.

Amounts follow the room's number format (:class:`NumberFormat`, the site file's
``[language] number_format``): :func:`local_dollars` writes one, and
:func:`amount_to_point_form` reads one typed in it, refusing an amount that the
other format would read differently (``1.000`` where the point marks cents).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from enum import StrEnum
from io import BytesIO
from pathlib import Path
from typing import Any

DOMAIN = "trainer"
ENGLISH = "en"
PSEUDO = "qps"
"""The pseudo-language: every translated message in ``[[ ]]`` (for tests and layout)."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""``trainer/locale``: inside the package, so a checkout, the wheel (package data) and
the PyInstaller bundle (collect_data_files("trainer")) find it the same way."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español"}
"""Each language's name in its own language, as Settings lists it; a room's added
language with no entry here is listed by its code."""


class LanguageError(ValueError):
    """A language or catalogue that cannot be used; the message says which and why."""


def available_languages(locale_dir: Path | None = None) -> tuple[str, ...]:
    """English, then every language with a catalogue (``<code>/LC_MESSAGES/trainer.po``)."""
    folder = locale_dir or LOCALE_DIR
    found: list[str] = []
    if folder.is_dir():
        found = sorted(
            entry.name for entry in folder.iterdir()
            if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file() and entry.name != ENGLISH)
    return (ENGLISH, *found)


_CODE = re.compile(r"^[a-z]{2,3}(?:_[A-Z]{2})?$")


def is_language_code(value: object) -> bool:
    """True when ``value`` has a language code's shape (``es``, ``pt_BR``), whether or
    not this trainer has its catalogue."""
    return isinstance(value, str) and _CODE.match(value) is not None


def language_problem(value: object, *, pseudo: bool = True) -> str | None:
    """Why ``value`` is not a language this trainer can show, or None when it is."""
    choices = ", ".join(f'"{code}"' for code in available_languages())
    if not isinstance(value, str) or not _CODE.match(value):
        return _("{value} is not a language code (one of {choices})", value=repr(value),
                 choices=choices)
    if value == PSEUDO and pseudo:
        return None
    if value not in available_languages():
        return _('"{value}" has no catalogue here (the languages are {choices})', value=value,
                 choices=choices)
    return None


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"[[{message}]]"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[[{msgid1 if n == 1 else msgid2}]]"


def load_catalogue(language: str, locale_dir: Path | None = None) -> gettext.NullTranslations:
    """The translations of ``language``: its ``.mo`` when it is as new as its ``.po``,
    else the ``.po`` compiled in memory. :class:`LanguageError` names a bad catalogue."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    if language == PSEUDO:
        return _Pseudo()
    folder = (locale_dir or LOCALE_DIR) / language / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    try:
        # Kept while both files stay as they are: a report in another language, or a
        # trainee's sign-in, chooses a language again (compiling a .po takes ~0.1 s).
        key = (str(folder), _stamp(po), _stamp(mo))
        if key in _loaded:
            return _loaded[key]
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as handle:
                translations = gettext.GNUTranslations(handle)
        elif not po.is_file():
            raise LanguageError(_("language {language}: no catalogue {path}",
                                  language=language, path=po))
        else:
            translations = gettext.GNUTranslations(BytesIO(_compile(po)))
        _loaded[key] = translations
        return translations
    except OSError as error:
        raise LanguageError(_("language {language}: the catalogue cannot be read ({error})",
                              language=language, error=error.strerror or error)) from None


_loaded: dict[tuple[str, int | None, int | None], gettext.GNUTranslations] = {}
"""Catalogues already read, by folder and their files' modification times."""


def _stamp(path: Path) -> int | None:
    """The file's modification time (ns), None when it is not there."""
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return None


def _compile(po: Path) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    try:
        with po.open("rb") as handle:
            catalogue = read_po(handle, abort_invalid=True)
    except (PoFileError, ValueError) as error:
        raise LanguageError(_("{path} is not a usable catalogue: {error}", path=po,
                              error=error)) from None
    buffer = BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    return buffer.getvalue()


_state: dict[str, Any] = {"language": ENGLISH, "translations": gettext.NullTranslations()}


def set_language(language: str, locale_dir: Path | None = None) -> None:
    """Show every message from now on in ``language``; :class:`LanguageError` (and
    English kept) when it has no usable catalogue."""
    problem = language_problem(language) if locale_dir is None else None
    if problem:
        raise LanguageError(_("language: {problem}", problem=problem))
    translations = load_catalogue(language, locale_dir)
    _state["language"], _state["translations"] = language, translations


def current_language() -> str:
    return str(_state["language"])


@contextmanager
def in_language(language: str | None) -> Iterator[str]:
    """Every message inside the block in ``language`` (None: the current one), the
    language before it put back after: a report or certificate produced in a language
    other than the station's (issue 24). :class:`LanguageError` before the block runs
    when ``language`` has no usable catalogue. Not for use from two threads at once."""
    if language is None or language == current_language():
        yield current_language()
        return
    before = (_state["language"], _state["translations"])
    set_language(language)
    try:
        yield language
    finally:
        _state["language"], _state["translations"] = before


def _(message: str, /, **named: object) -> str:
    """``message`` in the current language, its ``{named}`` placeholders filled."""
    text: str = _state["translations"].gettext(message)
    return text.format(**named) if named else text


def ngettext(singular: str, plural: str, count: int, /, **named: object) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the current language (its
    plural rule), with ``{count}`` and the other named placeholders filled."""
    text: str = _state["translations"].ngettext(singular, plural, count)
    return text.format(count=count, **named)


def N_(message: str, /) -> str:
    """Marks ``message`` for the catalogue where it is defined; :func:`_` translates it
    where it is shown (tables of labels built at import)."""
    return message


# --- amounts in the room's number format ---------------------------------------


class NumberFormat(StrEnum):
    """How a room writes amounts: the value is the form of one thousand and fifty cents."""

    POINT = "1,000.50"
    COMMA = "1.000,50"

    @property
    def decimal_mark(self) -> str:
        return "." if self is NumberFormat.POINT else ","

    @property
    def group_mark(self) -> str:
        return "," if self is NumberFormat.POINT else "."


DEFAULT_NUMBER_FORMAT = NumberFormat.POINT
_state["number_format"] = DEFAULT_NUMBER_FORMAT


def set_number_format(number_format: NumberFormat) -> None:
    _state["number_format"] = NumberFormat(number_format)


def current_number_format() -> NumberFormat:
    return NumberFormat(_state["number_format"])


def local_dollars(amount: Decimal, number_format: NumberFormat | None = None) -> str:
    """``$1,000.50`` or ``$1.000,50``, as the room writes amounts."""
    chosen = number_format or current_number_format()
    sign = "-" if amount < 0 else ""
    text = f"{abs(amount).quantize(Decimal('0.01')):,.2f}"
    if chosen is NumberFormat.COMMA:
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return f"{sign}${text}"


def in_room_format(figure: str, number_format: NumberFormat | None = None) -> str:
    """A figure written the point way (``3,000``, ``7.50``) as the room writes it."""
    if (number_format or current_number_format()) is NumberFormat.POINT:
        return figure
    return figure.replace(",", "\0").replace(".", ",").replace("\0", ".")


class AmountFormatError(ValueError):
    """An amount written in a way the room's number format does not read one way only."""


def amount_to_point_form(text: str, number_format: NumberFormat | None = None) -> str:
    """``text`` (an amount typed in the room's format) in the point form
    :func:`trainer.engine.money.parse_amount` reads: ``1.000,50`` -> ``1,000.50``.

    Refuses (:class:`AmountFormatError`, a sentence) an amount the other format reads
    differently: where the comma marks the cents, a comma followed by three digits
    (``1,000``: one dollar or one thousand?); in either format the group mark followed by
    one or two final digits (``7,50`` where the comma groups thousands). Anything else is
    returned for the amount parser to judge (where the point marks the cents, ``1.000``
    is refused there as more than two decimals, as it always was).
    """
    chosen = number_format or current_number_format()
    decimal, group = chosen.decimal_mark, chosen.group_mark
    digits = text.strip()
    example = local_dollars(Decimal("1000.50"), chosen).lstrip("$")
    if re.search(rf"\d{re.escape(group)}\d{{1,2}}$", digits):
        whole, cents = digits.rsplit(group, 1)
        meant = whole.lstrip("$ ") + decimal + cents.ljust(2, "0")
        raise AmountFormatError(_(
            "'{typed}' is not an amount in this room, where amounts are written {example}"
            " ('{group}' groups thousands, '{decimal}' marks the cents); type {meant}"
            " for the cents",
            typed=digits, example=example, group=group, decimal=decimal, meant=meant))
    if (re.search(rf"\d{re.escape(decimal)}\d{{3}}$", digits) and digits.count(decimal) == 1
            and group not in digits and chosen is NumberFormat.COMMA):
        whole, rest = digits.rsplit(decimal, 1)
        meant = whole.lstrip("$ ") + group + rest
        raise AmountFormatError(_(
            "'{typed}' is ambiguous in this room, where amounts are written {example}"
            " ('{decimal}' marks the cents, two digits at most); type {meant} for the"
            " thousands",
            typed=digits, example=example, decimal=decimal, meant=meant))
    return in_room_format(digits, chosen)  # the swap is its own inverse
