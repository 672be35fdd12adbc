"""The catalogue of dealer mistakes, as data (issue 23, "Spot the dealer's mistake"; no Qt).

The shipped catalogue is ``trainer/rulesets/mistakes.toml``; a room adds its house's
common errors in files of the same format in its mistakes folder
(:func:`house_mistakes_dir`). Each entry is::

    [[mistakes]]
    id = "odds-paid-below-straight"      # lower-case letters, digits, hyphens; unique
    what = "The dealer paid the Odds on a winning hand below a straight."
    rule = "§4"                          # the docs/rules.md section(s) it breaks
    kind = "odds_paid_below_straight"    # one of MistakeKind: what the trainer injects
    odds = "1 to 1"                      # the kind's parameters, where it has any
    weight = 1                           # optional, 1-100: how often it is drawn

A house cannot invent a new kind of mistake (the trainer must know how to make it
on a settled round and what the right settlement is): it picks one of the fixed
:class:`MistakeKind` s and gives its parameters (the odds a dealer wrongly pays, the
pay table a dealer wrongly reads, the wrong cap, ...), its own sentence and its own
weight. Every key is checked on load; a wrong entry is refused with a
:class:`CatalogueError` naming the file, the line, the entry and the key.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.engine.chips import Procedure
from trainer.engine.evaluator import CATEGORY_BY_KEY, Category
from trainer.engine.money import AmountError, Odds, parse_amount, shown, shown_name
from trainer.engine.round import Wager
from trainer.engine.rulesets import PocketHand
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.i18n import ENGLISH, _, available_languages, current_language
from trainer.tomllines import KeyPath, TomlError, key_lines, loads, locate

MISTAKES_ENV = "HHE_TRAINER_MISTAKES"
"""Environment variable naming the room's folder of house mistake files."""
CATALOGUE_FILE_LIMIT = 256 * 1024
"""Largest catalogue file read, in bytes (the shipped one is about 6 kB)."""
MAX_WEIGHT = 100
MAX_WHAT_CHARS = 300
RULE_SECTIONS = tuple(f"§{number}" for number in range(1, 11))
"""The sections of docs/rules.md a mistake may cite."""

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_MAX_ID_CHARS = 60
_RULE = re.compile(r"§\d{1,2}(, §\d{1,2})*")


class CatalogueError(ValueError):
    """A catalogue file that cannot be used; the message names the file, line, entry and key."""


class MistakeKind(StrEnum):
    """The mistakes the trainer knows how to make on a settled round (docs/rules.md §3-§7)."""

    ODDS_PAID_BELOW_STRAIGHT = "odds_paid_below_straight"
    BAD_BEAT_MISSED = "bad_beat_missed"
    BAD_BEAT_PAID_TO_WINNER = "bad_beat_paid_to_winner"
    ANTE_PAID_DEALER_NOT_QUALIFIED = "ante_paid_dealer_not_qualified"
    ANTE_TAKEN_DEALER_NOT_QUALIFIED = "ante_taken_dealer_not_qualified"
    TRIPS_PLUS_WRONG_TABLE = "trips_plus_wrong_table"
    TRIPS_PLUS_NOT_PAID = "trips_plus_not_paid"
    POCKET_BONUS_WRONG_TABLE = "pocket_bonus_wrong_table"
    POCKET_BONUS_NOT_PAID = "pocket_bonus_not_paid"
    CAP_NOT_APPLIED = "cap_not_applied"
    CAP_COUNTS_AWARDS = "cap_counts_awards"
    CAP_WRONG_AMOUNT = "cap_wrong_amount"
    TIE_PAID = "tie_paid"
    FOLDED_SIDE_BETS_TAKEN = "folded_side_bets_taken"
    DEALER_HAND_MISREAD = "dealer_hand_misread"
    SEATS_OUT_OF_ORDER = "seats_out_of_order"
    WRONG_CHIPS = "wrong_chips"
    """The right amount in the chips of another procedure than the house's (docs/rules.md
    §10): made only where the exercise is dealt with chips shown."""


READS_AS = ("qualifying", "not qualifying")
"""``dealer_hand_misread``'s ``reads_as``: what the dealer wrongly took the hand for."""
TIE_WAGERS = (Wager.ANTE, Wager.RAISE, Wager.ODDS)


@dataclass(frozen=True, slots=True)
class Parameters:
    """A kind's parameters, read and checked (only those of the entry's kind are set)."""

    odds: Odds | None = None
    """``odds_paid_below_straight``: the odds the dealer wrongly paid (default 1 to 1)."""
    table: str | None = None
    """``*_wrong_table``: the pay table the dealer wrongly read (a letter of paytables.toml)."""
    amount: Decimal | None = None
    """``cap_wrong_amount``: the cap the dealer wrongly applied."""
    wagers: tuple[Wager, ...] = ()
    """``tie_paid``: the wagers the dealer paid 1 to 1 on a tie (default ante and raise)."""
    qualifying: bool | None = None
    """``dealer_hand_misread``: True when the dealer took a hand that does not qualify for
    one that does, False for the other way round."""
    procedure: Procedure | None = None
    """``wrong_chips``: the procedure the dealer wrongly built the payout by."""


_PARAMETERS: dict[MistakeKind, dict[str, bool]] = {
    # each kind's parameters, and whether it is required
    MistakeKind.ODDS_PAID_BELOW_STRAIGHT: {"odds": False},
    MistakeKind.TRIPS_PLUS_WRONG_TABLE: {"table": True},
    MistakeKind.POCKET_BONUS_WRONG_TABLE: {"table": True},
    MistakeKind.CAP_WRONG_AMOUNT: {"amount": True},
    MistakeKind.TIE_PAID: {"wagers": False},
    MistakeKind.DEALER_HAND_MISREAD: {"reads_as": True},
    MistakeKind.WRONG_CHIPS: {"procedure": True},
}
_ENTRY_KEYS = ("id", "what", "rule", "kind", "weight")
_REQUIRED = ("id", "what", "rule", "kind")
_WHAT_IN = re.compile(r"^what_([a-z]{2,3}(?:_[A-Z]{2})?)$")
"""``what_es``: the sentence in another language (the code of a catalogue's language)."""


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    id: str
    what: str
    """What the dealer did wrong, in a sentence: shown with the result."""
    rule: str
    """The section(s) of docs/rules.md it breaks: ``§4`` or ``§4, §6``."""
    kind: MistakeKind
    parameters: Parameters = Parameters()
    weight: int = 1
    """How often it is drawn against the other entries that apply to a round."""
    source: str = ""
    """The file it came from (for messages)."""
    translations: tuple[tuple[str, str], ...] = ()
    """``what`` in other languages: (language code, sentence), from ``what_<code>`` keys."""

    @property
    def citation(self) -> str:
        return f"rules {self.rule}"

    @property
    def shown_what(self) -> str:
        """``what`` in the trainer's language (English where the entry has no sentence in
        it: a house file's entry may have none)."""
        return dict(self.translations).get(current_language(), self.what)

    @property
    def shown_citation(self) -> str:
        return _("rules {rule}", rule=self.rule)


@dataclass(frozen=True, slots=True)
class Catalogue:
    entries: tuple[CatalogueEntry, ...]

    def by_id(self, entry_id: str) -> CatalogueEntry:
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(entry_id)

    @property
    def kinds(self) -> frozenset[MistakeKind]:
        return frozenset(entry.kind for entry in self.entries)


# --- pay tables a dealer may wrongly read ---------------------------------------------


@cache
def _paytables() -> dict[str, Any]:
    text = resources.files("trainer.rulesets").joinpath("paytables.toml").read_text("utf-8")
    return tomllib.loads(text)


def trips_plus_table(letter: str) -> dict[Category, Odds]:
    """A Trips Plus table of paytables.toml by its letter (KeyError for another)."""
    raw = _paytables()["trips_plus"][letter]
    return {CATEGORY_BY_KEY[key]: Odds.parse(text) for key, text in raw.items()}


def pocket_bonus_table(letter: str) -> dict[PocketHand, Odds]:
    """A Pocket Bonus table of paytables.toml by its letter (KeyError for another)."""
    raw = _paytables()["pocket_bonus"][letter]
    return {PocketHand(key): Odds.parse(text) for key, text in raw.items()}


_TABLES = {
    MistakeKind.TRIPS_PLUS_WRONG_TABLE: "trips_plus",
    MistakeKind.POCKET_BONUS_WRONG_TABLE: "pocket_bonus",
}


# --- reading a file ---------------------------------------------------------------------


class _Refusal(Exception):
    def __init__(self, path: KeyPath, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _entry_name(index: int, raw: Mapping[str, Any]) -> str:
    entry_id = raw.get("id")
    named = f" ({shown(entry_id)})" if isinstance(entry_id, str) and entry_id else ""
    return f"mistakes[{index + 1}]{named}"


def _parameters(kind: MistakeKind, raw: Mapping[str, Any], path: KeyPath) -> Parameters:
    allowed = _PARAMETERS.get(kind, {})
    for key in raw:
        if key not in _ENTRY_KEYS and key not in allowed and not _WHAT_IN.match(str(key)):
            known = ", ".join(allowed) if allowed else "none"
            raise _Refusal((*path, key), f"{shown_name(key)}: not a parameter of kind"
                           f" {kind.value!r} (its parameters: {known})")
    for key, required in allowed.items():
        if required and key not in raw:
            raise _Refusal(path, f"{key}: missing; kind {kind.value!r} needs it")
    if kind is MistakeKind.ODDS_PAID_BELOW_STRAIGHT:
        text = raw.get("odds", "1 to 1")
        if not isinstance(text, str):
            raise _Refusal((*path, "odds"), f"odds: {shown(text)} is not odds such as '1 to 1'")
        try:
            return Parameters(odds=Odds.parse(text))
        except ValueError as error:
            raise _Refusal((*path, "odds"), f"odds: {error}") from None
    if kind in _TABLES:
        table = raw["table"]
        tables = _paytables()[_TABLES[kind]]
        letter = str(table).upper() if isinstance(table, str) else None
        if letter not in tables:
            raise _Refusal((*path, "table"), f"table: {shown(table)} is not a"
                           f" {_TABLES[kind].replace('_', ' ')} table (known: {', '.join(tables)})")
        return Parameters(table=letter)
    if kind is MistakeKind.CAP_WRONG_AMOUNT:
        try:
            amount = parse_amount(raw["amount"], field="amount")
        except AmountError as error:
            raise _Refusal((*path, "amount"), str(error)) from None
        if not amount:
            raise _Refusal((*path, "amount"), "amount: a cap of $0.00 pays nothing; give the"
                           " cap the dealer wrongly applied")
        return Parameters(amount=amount)
    if kind is MistakeKind.TIE_PAID:
        names = raw.get("wagers", ["ante", "raise"])
        choices = ", ".join(wager.value for wager in TIE_WAGERS)
        if not isinstance(names, list) or not names:
            raise _Refusal((*path, "wagers"), f"wagers: expected a list of the wagers paid on"
                           f" the tie ({choices}), got {shown(names)}")
        wagers = []
        for name in names:
            if name not in [wager.value for wager in TIE_WAGERS]:
                raise _Refusal((*path, "wagers"), f"wagers: {shown(name)} is not a wager a tie"
                               f" pushes ({choices})")
            if Wager(name) in wagers:
                raise _Refusal((*path, "wagers"), f"wagers: {name!r} is listed twice")
            wagers.append(Wager(name))
        return Parameters(wagers=tuple(wagers))
    if kind is MistakeKind.DEALER_HAND_MISREAD:
        reads_as = raw["reads_as"]
        if reads_as not in READS_AS:
            raise _Refusal((*path, "reads_as"), f"reads_as: {shown(reads_as)} is not one of"
                           f" {', '.join(map(repr, READS_AS))}")
        return Parameters(qualifying=reads_as == "qualifying")
    if kind is MistakeKind.WRONG_CHIPS:
        name = raw["procedure"]
        if name not in [procedure.value for procedure in Procedure]:
            raise _Refusal((*path, "procedure"), f"procedure: {shown(name)} is not a chip"
                           f" procedure ({', '.join(repr(p.value) for p in Procedure)})")
        return Parameters(procedure=Procedure(name))
    return Parameters()


def _entry(raw: object, index: int, source: str,
           languages: Iterable[str] = ()) -> CatalogueEntry:
    path: KeyPath = ("mistakes", index)
    if not isinstance(raw, dict):
        raise _Refusal(path, "expected a [[mistakes]] table")
    for key in _REQUIRED:
        if key not in raw:
            raise _Refusal(path, f"{key}: missing (every mistake has {', '.join(_REQUIRED)})")
    entry_id, what, rule, kind_name = (raw[key] for key in _REQUIRED)
    if not (isinstance(entry_id, str) and _ID.fullmatch(entry_id)
            and len(entry_id) <= _MAX_ID_CHARS):
        raise _Refusal((*path, "id"), f"id: {shown(entry_id)} is not an id (lower-case"
                       f" letters, digits and hyphens, at most {_MAX_ID_CHARS} characters)")
    if not isinstance(what, str) or not what.strip():
        raise _Refusal((*path, "what"), "what: expected a sentence saying what the dealer did"
                       " wrong")
    if len(what) > MAX_WHAT_CHARS:
        raise _Refusal((*path, "what"), f"what: {len(what)} characters; a sentence of at most"
                       f" {MAX_WHAT_CHARS}")
    if not isinstance(rule, str) or not _RULE.fullmatch(rule.strip()):
        raise _Refusal((*path, "rule"), f"rule: {shown(rule)} is not a section of"
                       " docs/rules.md such as '§4' (or '§4, §6')")
    for section in rule.strip().split(", "):
        if section not in RULE_SECTIONS:
            raise _Refusal((*path, "rule"), f"rule: {section} is not a section of"
                           f" docs/rules.md ({RULE_SECTIONS[0]} to {RULE_SECTIONS[-1]})")
    if kind_name not in [kind.value for kind in MistakeKind]:
        raise _Refusal((*path, "kind"), f"kind: {shown(kind_name)} is not a mistake the trainer"
                       f" can make (known: {', '.join(MistakeKind)})")
    kind = MistakeKind(kind_name)
    weight = raw.get("weight", 1)
    if isinstance(weight, bool) or not isinstance(weight, int) or not 1 <= weight <= MAX_WEIGHT:
        raise _Refusal((*path, "weight"), f"weight: {shown(weight)} is not a whole number"
                       f" from 1 to {MAX_WEIGHT}")
    parameters = _parameters(kind, raw, path)
    return CatalogueEntry(entry_id, " ".join(what.split()), rule.strip(), kind,
                          parameters, weight, source,
                          _translations(raw, path, languages))


def _translations(raw: Mapping[str, Any], path: KeyPath,
                  languages: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The entry's ``what_<code>`` sentences; each of ``languages`` must have one."""
    found: list[tuple[str, str]] = []
    for key, value in raw.items():
        match = _WHAT_IN.match(str(key))
        if match is None:
            continue
        if not isinstance(value, str) or not value.strip():
            raise _Refusal((*path, key), f"{key}: expected the sentence of 'what' in that"
                           " language")
        if len(value) > MAX_WHAT_CHARS:
            raise _Refusal((*path, key), f"{key}: {len(value)} characters; a sentence of at"
                           f" most {MAX_WHAT_CHARS}")
        found.append((match.group(1), " ".join(value.split())))
    have = {language for language, _sentence in found}
    for language in languages:
        if language not in have:
            raise _Refusal(path, f"what_{language}: missing (every shipped mistake has its"
                           f" sentence in each language of the trainer: what_{language})")
    return tuple(sorted(found))


def parse_catalogue(text: str, source: str = "mistakes file",
                    languages: Iterable[str] = ()) -> tuple[CatalogueEntry, ...]:
    """A catalogue file's entries; :class:`CatalogueError` for the first thing wrong in it,
    as ``source:line: mistakes[3] ('the-id').key: what is wrong``. Each entry must have
    its sentence in each of ``languages`` (``what_es``); any other ``what_<code>`` is
    optional (a house file's entry without one reads in English)."""
    languages = tuple(languages)
    try:
        data = loads(text)
    except TomlError as error:
        where = f"{source}:{error.line}" if error.line is not None else source
        raise CatalogueError(f"{where}: {error}") from None
    lines = key_lines(text)
    for key in data:
        if key != "mistakes":
            line = locate(lines, (key,))
            where = f"{source}:{line}" if line is not None else source
            raise CatalogueError(f"{where}: {shown_name(key)}: unknown key (a catalogue holds"
                                 " only [[mistakes]] entries)")
    raw_entries = data.get("mistakes")
    if not isinstance(raw_entries, list) or not raw_entries:
        raise CatalogueError(f"{source}: no [[mistakes]] entries")
    entries: list[CatalogueEntry] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_entries):
        try:
            entry = _entry(raw, index, source, languages)
        except _Refusal as refusal:
            line = locate(lines, refusal.path)
            where = f"{source}:{line}" if line is not None else source
            name = _entry_name(index, raw) if isinstance(raw, dict) else f"mistakes[{index + 1}]"
            raise CatalogueError(f"{where}: {name}.{refusal.message}") from None
        if entry.id in seen:
            line = locate(lines, ("mistakes", index, "id"))
            where = f"{source}:{line}" if line is not None else source
            raise CatalogueError(f"{where}: mistakes[{index + 1}].id: {entry.id!r} is already"
                                 f" the id of mistakes[{seen[entry.id] + 1}]")
        seen[entry.id] = index
        entries.append(entry)
    return tuple(entries)


def shipped_catalogue() -> Catalogue:
    """The catalogue that ships with the trainer (``trainer/rulesets/mistakes.toml``)."""
    text = resources.files("trainer.rulesets").joinpath("mistakes.toml").read_text("utf-8")
    languages = [language for language in available_languages() if language != ENGLISH]
    return Catalogue(parse_catalogue(text, "trainer/rulesets/mistakes.toml", languages))


def house_mistakes_dir() -> Path:
    """The room's house mistakes: ``$HHE_TRAINER_MISTAKES``, else ``<data dir>/mistakes``."""
    override = os.environ.get(MISTAKES_ENV)
    if override:
        return Path(override)
    from trainer.paths import data_dir

    return data_dir() / "mistakes"


def house_files() -> list[Path]:
    """The ``*.toml`` files of :func:`house_mistakes_dir`, by name. A folder named by
    ``HHE_TRAINER_MISTAKES`` must exist (a typo is said); the default one may not."""
    folder = house_mistakes_dir()
    if not folder.is_dir():
        if os.environ.get(MISTAKES_ENV):
            raise CatalogueError(f"{folder}: no such mistakes folder ({MISTAKES_ENV})")
        return []
    try:
        return sorted(folder.glob("*.toml"))
    except OSError as error:
        raise CatalogueError(f"{folder}: the mistakes folder cannot be read"
                             f" ({error.strerror or error})") from None


def load_catalogue(house: Iterable[Path] | None = None) -> Catalogue:
    """The shipped catalogue and a house's files (by default :func:`house_files`).

    A house file adds entries; an id the catalogue already has is refused with both
    files named (a house changes a shipped mistake's sentence or weight by a new id).
    """
    entries = list(shipped_catalogue().entries)
    for path in house_files() if house is None else house:
        try:
            text = read_text_file(path, limit=CATALOGUE_FILE_LIMIT, what="mistakes file")
        except TextFileError as error:
            raise CatalogueError(str(error)) from None
        added = parse_catalogue(text, str(path))
        known = {entry.id: entry for entry in entries}
        for entry in added:
            if entry.id in known:
                line = key_lines(text).get(("mistakes", added.index(entry), "id"))
                where = f"{path}:{line}" if line is not None else str(path)
                raise CatalogueError(f"{where}: id {entry.id!r} is already a mistake of"
                                     f" {known[entry.id].source}; give the house's own an id"
                                     " of its own")
        entries.extend(added)
    return Catalogue(tuple(entries))
