"""Lessons: course content as data (DESIGN.md point 9), one TOML file a lesson.

A lesson file (``lessons/01-hand-rankings.toml``; the format is described in
``lessons/README.md``) holds an explanation in Markdown, worked examples (a
round in the settle contract's input form, a note, and the facts the author
worked by hand, ``expect``), drills (a scenario kind to deal rounds from)
and, for the irregularities lesson, rulings (a situation shown on the table,
the choices, the right one and the rule it rests on).

:func:`load_lessons` reads every ``*.toml`` file of the given folders and
checks everything it can: unknown and missing keys, skills, cards, amounts,
the example rounds (through :func:`~trainer.engine.round.parse_round`), every
``expect`` against the engine's settlement, scenario kinds and rule sets. A
file with anything wrong is *skipped* and reported as a
:class:`LessonProblem` naming the file, the line and what is wrong; the rest
of the course still loads.

Folders are read in the order given; a lesson whose ``id`` was loaded from an
*earlier* folder is replaced (the instructor's drop-in folder comes after the
shipped one, so an instructor rewrites a shipped lesson by reusing its id, or
adds one with a new id). A replacement is reported in
:attr:`LessonLoad.notices`, not as a problem. Two files with one id in the
*same* folder are a problem: the second (by file name) is skipped.

For a UI: :func:`load_course` for the lessons, :func:`drill_rounds` /
:func:`practice_rounds` for rounds to ask, :func:`course_items` for the
practice scheduler's items (:mod:`trainer.training.scheduler`) and their
target times; mastery is in :mod:`trainer.training.mastery`.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from types import MappingProxyType
from typing import Any

from trainer.engine.cards import Card, CardError, cards_text, find_duplicate, parse_card
from trainer.engine.evaluator import CATEGORY_BY_KEY, Category, evaluate
from trainer.engine.generator import generate_round
from trainer.engine.money import CENT, dollars, format_amount, shown
from trainer.engine.round import Round, RoundError, Wager, parse_round
from trainer.engine.rulesets import PRESETS, RuleSetError, load_ruleset
from trainer.engine.scenarios import SCENARIOS, generate_scenario
from trainer.engine.settlement import SeatResult, Settlement, settle
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.site_config import in_range
from trainer.training.questions import Skill
from trainer.training.scheduler import (
    RULING,
    SCENARIO,
    SKILL,
    ruling_item,
    scenario_item,
    skill_item,
    split_item,
)

log = logging.getLogger(__name__)

RANDOM = "random"
"""The drill "scenario" that deals ordinary random rounds."""

DEFAULT_RULES = "ny-2018"
"""Rule set of a lesson that names none."""

LESSONS_ENV = "HHE_TRAINER_LESSONS"
"""Environment variable naming the instructor's drop-in lessons folder."""

MAX_DRILL_COUNT = 100
DEFAULT_DRILL_COUNT = 5
MAX_ORDER = 9_999
"""A lesson's ``order`` (its place in the course) is a whole number from 0 to this."""
MAX_TARGET_SECONDS = 600
"""A lesson's ``target_seconds`` (per question) is above 0 and at most this."""
LESSON_FILE_LIMIT = 1024 * 1024
"""Largest lesson file read, in bytes (the longest shipped lesson is about 16 KB)."""

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

_LESSON_KEYS = (
    "id", "title", "order", "skills", "target_seconds", "explanation", "rules",
    "examples", "drills", "rulings",
)
_LESSON_REQUIRED = ("id", "title", "order", "skills", "target_seconds", "explanation")
_EXAMPLE_KEYS = ("title", "note", "round", "expect")
_EXAMPLE_REQUIRED = ("note", "round")
_EXPECT_KEYS = ("dealer_hand", "dealer_cards", "dealer_qualifies", "order", "seats")
_SEAT_EXPECT_KEYS = ("seat", "hand", "cards", "result", *(w.value for w in Wager), "total",
                     "capped")
_DRILL_KEYS = ("scenario", "count", "rules", "seats", "options", "title")
_DRILL_REQUIRED = ("scenario",)
_RULING_KEYS = ("situation", "choices", "answer", "citation", "rules", "explanation", "table")
_RULING_REQUIRED = ("situation", "choices", "answer", "citation")
_TABLE_KEYS = ("dealer", "board", "seats", "exposed")
_TABLE_SEAT_KEYS = ("seat", "hole", *(w.value for w in Wager))


# --- what a lesson is ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatExpect:
    """Facts about one seat that a lesson author worked by hand from RULES.md."""

    seat: int
    hand: Category | None = None
    cards: tuple[Card, ...] | None = None
    """Five cards that play (any five making exactly the seat's best hand agree)."""
    result: SeatResult | None = None
    wagers: Mapping[Wager, Decimal] = field(default_factory=dict)
    """Contract amounts: paid (positive), collected (negative) or 0 (push)."""
    total: Decimal | None = None
    capped: bool | None = None


@dataclass(frozen=True, slots=True)
class Expect:
    """An example's checkable facts; None (or no seat entry) where the author stated nothing."""

    dealer_hand: Category | None = None
    dealer_cards: tuple[Card, ...] | None = None
    dealer_qualifies: bool | None = None
    order: tuple[int, ...] | None = None
    seats: tuple[SeatExpect, ...] = ()


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example shown on the table."""

    note: str
    """Markdown: what to see in this round."""
    round: Round
    round_data: Mapping[str, Any]
    """The round in the settle contract's input form, as written in the file."""
    expect: Expect = Expect()
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Drill:
    """Practice rounds: ``count`` rounds of one scenario kind (or random rounds)."""

    scenario: str
    """A kind of :data:`trainer.engine.scenarios.SCENARIOS`, or :data:`RANDOM`."""
    count: int = DEFAULT_DRILL_COUNT
    rules: str | None = None
    """The rule set to deal under; None lets the scenario choose (random: the lesson's)."""
    seats: int | None = None
    """Occupied seats; None lets the generator choose."""
    options: Mapping[str, str] = field(default_factory=dict)
    """Pay-table choices, e.g. ``{"trips_plus_table": "B"}``."""
    title: str | None = None

    @property
    def description(self) -> str:
        if self.title:
            return self.title
        if self.scenario == RANDOM:
            return "Random rounds"
        return str(getattr(SCENARIOS[self.scenario], "description", self.scenario))


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat of a ruling's table: its cards (any number, even a wrong one) and wagers."""

    seat: int
    hole: tuple[Card, ...]
    wagers: Mapping[Wager, Decimal]


@dataclass(frozen=True, slots=True)
class RulingTable:
    """What the table shows while a ruling is asked: the deal as far as it went.

    Unlike a :class:`~trainer.engine.round.Round` it may be incomplete or
    wrong (a player with three cards, a dealer with one), since that is the
    irregularity. ``exposed`` cards are face up: a dealer's or player's card
    turned over by mistake, or (a card not otherwise on the table) one found
    face up in the deck, shown beside the shoe.
    """

    dealer: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    seats: tuple[TableSeat, ...] = ()
    exposed: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Ruling:
    """A procedure question: the trainee picks the right ruling for a situation."""

    situation: str
    """Markdown."""
    choices: tuple[str, ...]
    answer: int
    """0-based index into ``choices`` of the right ruling (the file's 1-based ``answer`` less 1)."""
    citation: str
    """The rule it rests on, e.g. ``New York 2018 (j)(1); RULES.md §8``."""
    rules: str | None = None
    """The rule set (jurisdiction) the ruling is given under, when it matters."""
    explanation: str | None = None
    table: RulingTable | None = None

    @property
    def correct_choice(self) -> str:
        return self.choices[self.answer]

    def is_correct(self, choice_index: int) -> bool:
        return choice_index == self.answer


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    order: int
    skills: tuple[Skill, ...]
    target_seconds: float
    """Target time per question."""
    explanation: str
    """Markdown."""
    examples: tuple[Example, ...] = ()
    drills: tuple[Drill, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    rules: str = DEFAULT_RULES
    """Rule set of the lesson's example rounds and random drills."""
    source: Path | None = None

    @property
    def scenarios(self) -> tuple[str, ...]:
        """The scenario kinds its drills practise (not :data:`RANDOM`), first seen first."""
        return tuple(dict.fromkeys(d.scenario for d in self.drills if d.scenario != RANDOM))


@dataclass(frozen=True, slots=True)
class LessonProblem:
    file: Path
    line: int | None
    """1-based; None when the problem concerns the whole file or folder."""
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else str(self.file)
        return f"{where}: {self.message}"


@dataclass
class LessonLoad:
    lessons: list[Lesson] = field(default_factory=list)
    """Every lesson that loaded, sorted by ``order`` then ``id``."""
    problems: list[LessonProblem] = field(default_factory=list)
    """Errors; each names a file that was skipped (or a folder that does not exist)."""
    notices: list[LessonProblem] = field(default_factory=list)
    """Information: lessons replaced by a later folder's lesson of the same id."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def by_id(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


# --- where the lessons are -------------------------------------------------------------


def shipped_lessons_dir() -> Path:
    """The lessons that ship with the trainer: ``lessons/`` of a checkout, or the
    copy an installed wheel or bundle carries (one lookup: trainer.paths.resource_dir).
    """
    from trainer.paths import resource_dir

    return resource_dir("lessons")


def instructor_lessons_dir() -> Path:
    """The instructor's drop-in folder: ``$HHE_TRAINER_LESSONS``, else ``<data dir>/lessons``."""
    override = os.environ.get(LESSONS_ENV)
    if override:
        return Path(override)
    from trainer.paths import data_dir

    return data_dir() / "lessons"


def default_lesson_folders() -> list[Path]:
    """The shipped folder, then the instructor's (whose lessons override by id).

    A folder named by ``HHE_TRAINER_LESSONS`` is always included, so a typo in
    it is reported; the default ``<data dir>/lessons`` only when it exists.
    """
    folders = [shipped_lessons_dir()]
    instructor = instructor_lessons_dir()
    if os.environ.get(LESSONS_ENV) or instructor.is_dir():
        folders.append(instructor)
    return folders


def load_course() -> LessonLoad:
    """Every lesson from :func:`default_lesson_folders`."""
    return load_lessons(default_lesson_folders())


# --- the line of a key -------------------------------------------------------------------

KeyPath = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""
                  r"""(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


def _dotted(text: str) -> list[str]:
    return [part.strip().strip("\"'") for part in text.split(".")]


def _key_lines(text: str) -> dict[KeyPath, int]:
    """The 1-based line where each key and table of a TOML text is written.

    Arrays of tables get their index in the path, as ``tomllib`` reads them:
    the second ``[[examples]]`` is ``("examples", 1)`` and its
    ``[[examples.round.seats]]`` are ``("examples", 1, "round", "seats", 0)``...
    Multi-line strings are skipped.
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
            names = _dotted(header.group(2))
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
            lines.setdefault(table + tuple(_dotted(key.group(1))), number)
        for mark in ('"""', "'''"):
            if line.count(mark) % 2:
                quote = mark
                break
    return lines


def _locate(lines: Mapping[KeyPath, int], path: Sequence[str | int]) -> int | None:
    """The line of ``path``, else of the nearest enclosing key that is written down."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def _decode_error_line(error: tomllib.TOMLDecodeError) -> int | None:
    lineno = getattr(error, "lineno", None)  # Python 3.14 and later
    if isinstance(lineno, int):
        return lineno
    match = re.search(r"line (\d+)", str(error))
    return int(match.group(1)) if match else None


# --- checking a file ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Fail:
    path: KeyPath
    message: str


class _Checker:
    """Collects every problem of one file, each with the key path that finds its line."""

    def __init__(self) -> None:
        self.failures: list[_Fail] = []

    def fail(self, path: Sequence[str | int], message: str, key: str | None = None) -> None:
        """Record ``message`` about ``path`` (plus ``key``), prefixed by the key's name."""
        full = (*path, key) if key is not None else tuple(path)
        self.failures.append(_Fail(full, f"{_where(full)}: {message}"))

    def mark(self) -> int:
        return len(self.failures)

    def since(self, mark: int) -> bool:
        """Whether anything failed since :meth:`mark` returned ``mark``."""
        return len(self.failures) > mark

    def keys(self, data: Mapping[str, Any], allowed: Sequence[str], required: Sequence[str],
             path: KeyPath, what: str) -> None:
        for key in data:
            if key not in allowed:
                self.fail(path, f"unknown key in {what} (expected one of {', '.join(allowed)})",
                          key)
        for key in required:
            if key not in data:
                self.fail(path, f"{key!r} is missing from {what}")


def _where(path: Sequence[str | int]) -> str:
    """A person's name for a key path: ``examples[2].expect.seats[1].odds`` (1-based)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else part
    return text or "lesson"


def _text(checker: _Checker, data: Mapping[str, Any], key: str, path: KeyPath) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        checker.fail(path, f"expected text, got {shown(value)}", key)
        return None
    return value.strip()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _category(checker: _Checker, raw: object, path: KeyPath) -> Category | None:
    text = raw.strip().lower() if isinstance(raw, str) else ""
    category = CATEGORY_BY_KEY.get(text.replace(" ", "_"))
    if category is None:
        checker.fail(path, f"{shown(raw)} is not a hand ({', '.join(Category)})")
    return category


def _cards(checker: _Checker, raw: object, path: KeyPath, counts: range,
           what: str) -> tuple[Card, ...] | None:
    if not isinstance(raw, list) or len(raw) not in counts:
        checker.fail(path, f"expected {what}, got {shown(raw)}")
        return None
    try:
        return tuple(parse_card(text) for text in raw)
    except CardError as error:
        checker.fail(path, str(error))
        return None


def _amount(checker: _Checker, raw: object, path: KeyPath, signed: bool) -> Decimal | None:
    """Dollars as a string or number, whole cents; negative only when ``signed``."""
    value = None
    if isinstance(raw, str | int | float) and not isinstance(raw, bool):
        try:
            value = Decimal(str(raw).strip().replace("$", "").replace(",", ""))
            if not value.is_finite() or value != value.quantize(CENT):
                value = None
        except InvalidOperation:  # not a number, or too many digits to hold in cents
            value = None
    if value is None or (value < 0 and not signed):
        example = ('"7.50" paid, "-5" collected, "0" a push' if signed else '"5" or "7.50"')
        checker.fail(path, f"{shown(raw)} is not an amount such as {example}")
        return None
    return value.quantize(CENT)


def _rules(checker: _Checker, raw: object, path: KeyPath) -> str | None:
    if not isinstance(raw, str) or not raw.strip():
        checker.fail(path, f"expected a rule-set name ({', '.join(PRESETS)})")
        return None
    try:
        load_ruleset(raw)
    except RuleSetError as error:
        checker.fail(path, str(error))
        return None
    return raw


def _tables(checker: _Checker, data: Mapping[str, Any], key: str) -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        checker.fail((key,), f"expected [[{key}]] tables")
        return []
    return raw


# --- examples ------------------------------------------------------------------------------


def _parse_expect(checker: _Checker, raw: object, path: KeyPath) -> Expect | None:
    if not isinstance(raw, dict):
        checker.fail(path, "expected a table of facts to check")
        return None
    mark = checker.mark()
    checker.keys(raw, _EXPECT_KEYS, (), path, "an expect table")
    dealer_hand = dealer_cards = dealer_qualifies = order = None
    if "dealer_hand" in raw:
        dealer_hand = _category(checker, raw["dealer_hand"], (*path, "dealer_hand"))
    if "dealer_cards" in raw:
        dealer_cards = _cards(checker, raw["dealer_cards"], (*path, "dealer_cards"), range(5, 6),
                              "a list of the five cards that play")
    if "dealer_qualifies" in raw:
        dealer_qualifies = raw["dealer_qualifies"]
        if not isinstance(dealer_qualifies, bool):
            checker.fail(path, "expected true or false", "dealer_qualifies")
    if "order" in raw:
        order = raw["order"]
        if not isinstance(order, list) or not all(_whole(n) and 1 <= n <= 6 for n in order):
            checker.fail(path, "expected a list of seat numbers 1-6", "order")
    raw_seats = raw.get("seats", [])
    if not isinstance(raw_seats, list):
        checker.fail(path, "expected [[...expect.seats]] tables", "seats")
        raw_seats = []
    seats = [_parse_seat_expect(checker, entry, (*path, "seats", index))
             for index, entry in enumerate(raw_seats)]
    if checker.since(mark):
        return None
    return Expect(dealer_hand, dealer_cards, dealer_qualifies,
                  tuple(order) if order is not None else None,
                  tuple(seat for seat in seats if seat is not None))


def _parse_seat_expect(checker: _Checker, raw: object, path: KeyPath) -> SeatExpect | None:
    if not isinstance(raw, dict):
        checker.fail(path, "expected a table with a seat number")
        return None
    mark = checker.mark()
    checker.keys(raw, _SEAT_EXPECT_KEYS, ("seat",), path, "a seat's expect table")
    number = raw.get("seat")
    if "seat" in raw and not (_whole(number) and 1 <= number <= 6):
        checker.fail(path, f"{shown(number)} is not a seat number 1-6", "seat")
    hand = cards = result = total = capped = None
    if "hand" in raw:
        hand = _category(checker, raw["hand"], (*path, "hand"))
    if "cards" in raw:
        cards = _cards(checker, raw["cards"], (*path, "cards"), range(5, 6),
                       "a list of the five cards that play")
    if "result" in raw:
        try:
            result = SeatResult(str(raw["result"]).strip().lower())
        except ValueError:
            checker.fail(path, f"{shown(raw['result'])} is not a result"
                         f" ({', '.join(SeatResult)})", "result")
    wagers = {}
    for wager in Wager:
        if wager.value in raw:
            amount = _amount(checker, raw[wager.value], (*path, wager.value), signed=True)
            if amount is not None:
                wagers[wager] = amount
    if "total" in raw:
        total = _amount(checker, raw["total"], (*path, "total"), signed=True)
    if "capped" in raw:
        capped = raw["capped"]
        if not isinstance(capped, bool):
            checker.fail(path, "expected true or false", "capped")
    if checker.since(mark):
        return None
    return SeatExpect(number, hand, cards, result, MappingProxyType(wagers), total, capped)


def _cards_play(cards: Sequence[Card], seven: Sequence[Card], best_value: int) -> bool:
    """Whether five named cards are among the seven and make exactly the best hand."""
    return (find_duplicate(cards) is None and all(card in seven for card in cards)
            and evaluate(cards).value == best_value)


Contradiction = tuple[KeyPath, str]
"""Where an ``expect`` is contradicted (its key path inside ``expect``) and how."""


def check_expect(expect: Expect, settlement: Settlement) -> list[Contradiction]:
    """Every fact of ``expect`` the engine's settlement contradicts; empty when it agrees."""
    found: list[Contradiction] = []
    dealer = settlement.dealer
    if expect.dealer_hand is not None and dealer.category is not expect.dealer_hand:
        found.append((("dealer_hand",), f"the dealer's best hand is {dealer.describe()}"
                      f" ({cards_text(dealer.cards)}), not {expect.dealer_hand}"))
    if expect.dealer_cards is not None:
        seven = (*settlement.round.dealer, *settlement.round.board)
        if not _cards_play(expect.dealer_cards, seven, dealer.value):
            found.append((("dealer_cards",), f"{cards_text(expect.dealer_cards)} are not five"
                          " of the dealer's cards making the best hand,"
                          f" {dealer.describe()} ({cards_text(dealer.cards)})"))
    if (expect.dealer_qualifies is not None
            and expect.dealer_qualifies != settlement.dealer_qualifies):
        verb = "qualifies" if settlement.dealer_qualifies else "does not qualify"
        found.append((("dealer_qualifies",),
                      f"the dealer {verb} with {dealer.describe()} (RULES.md §3)"))
    if expect.order is not None and expect.order != settlement.order:
        found.append((("order",), "the settlement order is "
                      + ", ".join(map(str, settlement.order)) + ", not "
                      + ", ".join(map(str, expect.order)) + " (RULES.md §7)"))
    for index, entry in enumerate(expect.seats):
        found.extend((("seats", index, *key), text) for key, text in _check_seat(entry, settlement))
    return found


def _check_seat(entry: SeatExpect, settlement: Settlement) -> list[Contradiction]:
    found: list[Contradiction] = []
    name = f"seat {entry.seat}"
    try:
        seat = settlement.seat(entry.seat)
    except KeyError:
        return [(("seat",), f"{name} is not in the round")]
    if entry.hand is not None and seat.hand.category is not entry.hand:
        found.append((("hand",), f"{name}'s best hand is {seat.hand.describe()}"
                      f" ({cards_text(seat.hand.cards)}), not {entry.hand}"))
    if entry.cards is not None:
        hole = settlement.round.seat(entry.seat).hole
        if not _cards_play(entry.cards, (*hole, *settlement.round.board), seat.hand.value):
            found.append((("cards",), f"{cards_text(entry.cards)} are not five of {name}'s"
                          f" cards making its best hand, {seat.hand.describe()}"
                          f" ({cards_text(seat.hand.cards)})"))
    if entry.result is not None and seat.result is not entry.result:
        found.append((("result",), f"{name}'s result is {seat.result}, not {entry.result}"))
    for wager, amount in entry.wagers.items():
        result = seat.wager(wager)
        if result is None:
            found.append(((wager.value,), f"{name} has no {wager.label} wager"))
        elif result.amount != amount:
            reason = f" ({result.reason})" if result.reason else ""
            found.append(((wager.value,), f"{name}'s {wager.label} settles at"
                          f" {format_amount(result.amount)}, not {format_amount(amount)}{reason}"))
    if entry.total is not None and seat.total != entry.total:
        found.append((("total",), f"{name}'s total is {dollars(seat.total)}, not"
                      f" {dollars(entry.total)}"))
    if entry.capped is not None and seat.capped != entry.capped:
        state = "capped" if seat.capped else "not capped"
        found.append((("capped",), f"{name} is {state} (RULES.md §6)"))
    return found


def _round_error_path(data: Mapping[str, Any], message: str, path: KeyPath) -> KeyPath:
    """Narrow a RoundError ("seat 6.raise: ...", "board: ...") to the key it names."""
    name = message.split(":", 1)[0]
    match = re.fullmatch(r"seat (\d)\.(\w+)", name)
    seats = data.get("seats")
    if match and isinstance(seats, list):
        for index, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("seat") == int(match.group(1)):
                return (*path, "seats", index, match.group(2))
    match = re.fullmatch(r"seats\[(\d+)\]\.?(\w*)", name)
    if match:
        return (*path, "seats", int(match.group(1)), *filter(None, [match.group(2)]))
    key = re.split(r"[.\[ ]", name)[0]
    return (*path, key) if key in data else path


def _parse_round(checker: _Checker, raw: object, path: KeyPath,
                 rules: str) -> tuple[dict[str, Any], Round] | None:
    """The round of an example: a table, or the contract's JSON as a string."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as error:
            checker.fail(path, f"not valid JSON ({error.msg} at line {error.lineno} of the"
                         f" round, column {error.colno})")
            return None
        except RecursionError:
            checker.fail(path, "not valid JSON (nested too deeply)")
            return None
        except ValueError:  # an integer of more than 4,300 digits
            checker.fail(path, "not valid JSON (a number too long)")
            return None
    if not isinstance(raw, dict):
        checker.fail(path, "expected a round (a table, or the contract's JSON as a string)")
        return None
    try:
        return raw, parse_round(raw, rules)
    except RoundError as error:
        checker.fail(_round_error_path(raw, str(error), path), f"the engine refuses the round"
                     f" ({_where(path)}): {error}")
        return None


def _parse_example(checker: _Checker, raw: object, index: int, rules: str) -> Example | None:
    path: KeyPath = ("examples", index)
    if not isinstance(raw, dict):
        checker.fail(path, "expected an [[examples]] table")
        return None
    mark = checker.mark()
    checker.keys(raw, _EXAMPLE_KEYS, _EXAMPLE_REQUIRED, path, "an example")
    note = _text(checker, raw, "note", path)
    title = _text(checker, raw, "title", path)
    parsed = _parse_round(checker, raw["round"], (*path, "round"), rules) if "round" in raw \
        else None
    expect = _parse_expect(checker, raw["expect"], (*path, "expect")) if "expect" in raw \
        else Expect()
    if checker.since(mark) or parsed is None or expect is None or note is None:
        return None
    data, round_ = parsed
    try:
        settlement = settle(round_)
    except RoundError as error:
        checker.fail((*path, "round"), f"the engine cannot settle the round: {error}")
        return None
    for key, sentence in check_expect(expect, settlement):
        checker.fail((*path, "expect", *key), f"the engine disagrees with the lesson: {sentence}")
    if checker.since(mark):
        return None
    return Example(note, round_, MappingProxyType(data), expect, title)


# --- drills ---------------------------------------------------------------------------------


def _parse_drill(checker: _Checker, raw: object, index: int, lesson_rules: str) -> Drill | None:
    path: KeyPath = ("drills", index)
    if not isinstance(raw, dict):
        checker.fail(path, "expected a [[drills]] table")
        return None
    mark = checker.mark()
    checker.keys(raw, _DRILL_KEYS, _DRILL_REQUIRED, path, "a drill")
    scenario = raw.get("scenario")
    if "scenario" in raw and scenario != RANDOM and not (isinstance(scenario, str)
                                                         and scenario in SCENARIOS):
        checker.fail(path, f"unknown scenario {shown(scenario)} (known: {RANDOM},"
                     f" {', '.join(SCENARIOS)})", "scenario")
    count = raw.get("count", DEFAULT_DRILL_COUNT)
    if not (_whole(count) and 1 <= count <= MAX_DRILL_COUNT):
        checker.fail(path, f"{shown(count)} is not a number of rounds from 1 to"
                     f" {MAX_DRILL_COUNT}", "count")
    seats = raw.get("seats")
    if seats is not None and not (_whole(seats) and 1 <= seats <= 6):
        checker.fail(path, f"{shown(seats)} occupied seats is not 1 to 6", "seats")
    rules = _rules(checker, raw["rules"], (*path, "rules")) if "rules" in raw else None
    options = raw.get("options", {})
    if not isinstance(options, dict):
        checker.fail(path, 'expected a table such as { trips_plus_table = "B" }', "options")
    title = _text(checker, raw, "title", path)
    if checker.since(mark):
        return None
    if scenario == RANDOM and rules is None:
        rules = lesson_rules
    drill = Drill(scenario, count, rules, seats,
                  MappingProxyType({str(k): str(v).upper() for k, v in options.items()}), title)
    try:  # deal one round: the scenario, rule set, seats and options must agree
        drill_rounds(replace(drill, count=1), random.Random(0))
    except (ValueError, KeyError) as error:
        checker.fail(path, f"cannot deal this drill: {error}")
        return None
    return drill


def drill_rounds(drill: Drill, rng: random.Random) -> list[Round]:
    """``drill.count`` rounds dealt for a drill (raises ValueError if they cannot be)."""
    ruleset = load_ruleset(drill.rules) if drill.rules else None
    rounds = []
    for _ in range(drill.count):
        if drill.scenario == RANDOM:
            round_ = generate_round(rng, ruleset or load_ruleset(DEFAULT_RULES),
                                    seats=drill.seats, options=dict(drill.options))
        else:
            round_ = generate_scenario(drill.scenario, rng, ruleset, seats=drill.seats)
            if drill.options:
                round_ = replace(round_, options=dict(drill.options),
                                 tables=round_.ruleset.choose_tables(drill.options))
        rounds.append(round_)
    return rounds


def lesson_rounds(lesson: Lesson, rng: random.Random) -> list[tuple[Drill, Round]]:
    """Every drill round of a lesson, drill by drill in the file's order."""
    return [(drill, round_) for drill in lesson.drills for round_ in drill_rounds(drill, rng)]


# --- rulings ----------------------------------------------------------------------------------


def _parse_table(checker: _Checker, raw: object, path: KeyPath) -> RulingTable | None:
    if not isinstance(raw, dict):
        checker.fail(path, "expected a table of what the table shows")
        return None
    mark = checker.mark()
    checker.keys(raw, _TABLE_KEYS, (), path, "a ruling's table")
    found: dict[str, tuple[Card, ...] | None] = {}
    for key, counts, what in (("dealer", range(0, 4), "a list of 0 to 3 cards"),
                              ("board", range(0, 6), "a list of 0 to 5 cards"),
                              ("exposed", range(1, 53), "a list of the cards face up")):
        found[key] = _cards(checker, raw.get(key, []), (*path, key), counts, what) \
            if key in raw else ()
    seats: list[TableSeat] = []
    raw_seats = raw.get("seats", [])
    if not isinstance(raw_seats, list):
        checker.fail(path, "expected [[...table.seats]] tables", "seats")
        raw_seats = []
    for index, entry in enumerate(raw_seats):
        where: KeyPath = (*path, "seats", index)
        if not isinstance(entry, dict):
            checker.fail(where, "expected a table with a seat number")
            continue
        checker.keys(entry, _TABLE_SEAT_KEYS, ("seat", "hole"), where, "a seat of the table")
        number = entry.get("seat")
        if "seat" in entry and not (_whole(number) and 1 <= number <= 6):
            checker.fail(where, f"{shown(number)} is not a seat number 1-6", "seat")
        elif any(seat.seat == number for seat in seats):
            checker.fail(where, f"seat {number} is listed twice", "seat")
        hole = _cards(checker, entry["hole"], (*where, "hole"), range(0, 4),
                      "a list of 0 to 3 cards") if "hole" in entry else None
        wagers = {}
        for wager in Wager:
            if wager.value in entry:
                amount = _amount(checker, entry[wager.value], (*where, wager.value), signed=False)
                if amount is not None:
                    wagers[wager] = amount
        if isinstance(number, int) and hole is not None:
            seats.append(TableSeat(number, hole, MappingProxyType(wagers)))
    if checker.since(mark):
        return None
    dealer, board, exposed = found["dealer"] or (), found["board"] or (), found["exposed"] or ()
    places = [("dealer", dealer), ("board", board),
              *((f"seat {seat.seat}", seat.hole) for seat in seats)]
    duplicate = find_duplicate([card for _, cards in places for card in cards])
    if duplicate is not None:
        where = " and ".join(name for name, cards in places if duplicate in cards)
        checker.fail(path, f"the card {duplicate} is dealt twice ({where})")
        return None
    if find_duplicate(exposed) is not None:
        checker.fail(path, f"a card is listed twice: {cards_text(exposed)}", "exposed")
        return None
    return RulingTable(dealer, board, tuple(sorted(seats, key=lambda s: s.seat)), exposed)


def _parse_ruling(checker: _Checker, raw: object, index: int) -> Ruling | None:
    path: KeyPath = ("rulings", index)
    if not isinstance(raw, dict):
        checker.fail(path, "expected a [[rulings]] table")
        return None
    mark = checker.mark()
    checker.keys(raw, _RULING_KEYS, _RULING_REQUIRED, path, "a ruling")
    situation = _text(checker, raw, "situation", path)
    citation = _text(checker, raw, "citation", path)
    explanation = _text(checker, raw, "explanation", path)
    choices = raw.get("choices")
    if "choices" in raw and not (isinstance(choices, list) and len(choices) >= 2 and all(
            isinstance(choice, str) and choice.strip() for choice in choices)):
        checker.fail(path, "expected a list of two or more rulings to choose from", "choices")
        choices = None
    answer = raw.get("answer")
    if "answer" in raw and not (_whole(answer) and isinstance(choices, list)
                                and 1 <= answer <= len(choices)):
        count = len(choices) if isinstance(choices, list) else "the"
        checker.fail(path, f"{shown(answer)} is not the number of one of {count} choices"
                     " (1 is the first)", "answer")
    rules = _rules(checker, raw["rules"], (*path, "rules")) if "rules" in raw else None
    table = _parse_table(checker, raw["table"], (*path, "table")) if "table" in raw else None
    if checker.since(mark) or situation is None or citation is None:
        return None
    assert isinstance(choices, list) and isinstance(answer, int)
    return Ruling(situation, tuple(choice.strip() for choice in choices), answer - 1, citation,
                  rules, explanation, table)


# --- a lesson file -----------------------------------------------------------------------------


def _parse_lesson(data: Mapping[str, Any], source: Path, checker: _Checker) -> Lesson | None:
    checker.keys(data, _LESSON_KEYS, _LESSON_REQUIRED, (), "a lesson")
    lesson_id = data.get("id")
    if "id" in data and not (isinstance(lesson_id, str) and _ID.match(lesson_id)):
        checker.fail((), f"{shown(lesson_id)} is not a lesson id (lower-case letters, digits and"
                     " hyphens, e.g. 'hand-rankings')", "id")
    title = _text(checker, data, "title", ())
    explanation = _text(checker, data, "explanation", ())
    order = data.get("order")
    if "order" in data and not in_range(order, 0, MAX_ORDER, whole=True):
        checker.fail((), f"{shown(order)} is not a whole number from 0 to {MAX_ORDER:,}",
                     "order")
    target = data.get("target_seconds")
    if "target_seconds" in data and (not in_range(target, 0, MAX_TARGET_SECONDS) or target == 0):
        checker.fail((), f"{shown(target)} is not a number of seconds above 0, at most"
                     f" {MAX_TARGET_SECONDS}", "target_seconds")
    skills: list[Skill] = []
    raw_skills = data.get("skills", [])
    if not isinstance(raw_skills, list):
        checker.fail((), 'expected a list such as ["dealer_hand"]', "skills")
        raw_skills = []
    for index, raw in enumerate(raw_skills):
        try:
            skills.append(Skill(raw))
        except ValueError:
            checker.fail(("skills", index),
                         f"{shown(raw)} is not a skill (known: {', '.join(Skill)})")
    rules = DEFAULT_RULES
    if "rules" in data:
        rules = _rules(checker, data["rules"], ("rules",)) or DEFAULT_RULES
    examples = [_parse_example(checker, raw, index, rules)
                for index, raw in enumerate(_tables(checker, data, "examples"))]
    drills = [_parse_drill(checker, raw, index, rules)
              for index, raw in enumerate(_tables(checker, data, "drills"))]
    rulings = [_parse_ruling(checker, raw, index)
               for index, raw in enumerate(_tables(checker, data, "rulings"))]
    if "skills" in data and not raw_skills and not data.get("rulings"):
        checker.fail((), "a lesson without rulings must train at least one skill", "skills")
    if not data.get("examples") and not data.get("drills") and not data.get("rulings"):
        checker.fail((), "nothing to show or practise: add [[examples]], [[drills]] or"
                     " [[rulings]]")
    if checker.failures:
        return None
    assert isinstance(lesson_id, str) and title is not None and explanation is not None
    assert isinstance(order, int) and isinstance(target, int | float)
    return Lesson(
        id=lesson_id,
        title=title,
        order=order,
        skills=tuple(dict.fromkeys(skills)),
        target_seconds=float(target),
        explanation=explanation,
        examples=tuple(e for e in examples if e is not None),
        drills=tuple(d for d in drills if d is not None),
        rulings=tuple(r for r in rulings if r is not None),
        rules=rules,
        source=source,
    )


def load_lesson_file(path: Path) -> tuple[Lesson | None, list[LessonProblem]]:
    """One lesson file: the lesson and no problems, or None and every problem found."""
    lesson, problems, _ = _load_lesson_file(path)
    return lesson, problems


def _load_lesson_file(path: Path) -> tuple[Lesson | None, list[LessonProblem], str]:
    """:func:`load_lesson_file`, and the text read (empty when it could not be)."""
    try:
        text = read_text_file(path, limit=LESSON_FILE_LIMIT, what="lesson file")
    except TextFileError as error:
        reason = str(error).removeprefix(f"lesson file {path}: ")
        return None, [LessonProblem(path, None, reason)], ""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [LessonProblem(path, _decode_error_line(error),
                                    f"not valid TOML: {error}")], text
    except RecursionError:
        return None, [LessonProblem(path, None, "not valid TOML: arrays or tables nested"
                                    " too deeply")], text
    except ValueError:  # tomllib refuses an integer of more than 4,300 digits
        return None, [LessonProblem(path, None, "not valid TOML: a number too long (more"
                                    " than 4,300 digits)")], text
    checker = _Checker()
    try:
        lesson = _parse_lesson(data, path, checker)
    except Exception as error:  # a fault of this checker: the file is skipped, not the course
        log.exception("checking lesson file %s failed", path)
        return None, [LessonProblem(path, None, "could not be checked (the trainer's fault:"
                                    f" {type(error).__name__}); the file is skipped")], text
    if lesson is not None:
        return lesson, [], text
    lines = _key_lines(text)
    problems = [LessonProblem(path, _locate(lines, failure.path) or 1, failure.message)
                for failure in checker.failures]
    return None, sorted(problems, key=lambda problem: problem.line or 0), text


def _lesson_files(folder: Path) -> list[Path]:
    """The ``*.toml`` files of ``folder`` by name; OSError if it cannot be listed."""
    return sorted(folder.glob("*.toml"))


def load_lessons(folders: Iterable[Path]) -> LessonLoad:
    """Every valid lesson of ``folders`` (``*.toml``, by file name); later folders override.

    Never raises for bad content: each invalid file is reported in
    :attr:`LessonLoad.problems` and skipped, and so is a folder that does not
    exist or cannot be read. A file that is not a regular file (a folder, a
    device), over :data:`LESSON_FILE_LIMIT` or not UTF-8 is one such problem.
    """
    load = LessonLoad()
    loaded: dict[str, tuple[Lesson, int]] = {}
    for number, folder in enumerate(map(Path, folders)):
        try:
            if not folder.is_dir():
                load.problems.append(LessonProblem(folder, None, "no such lessons folder"))
                continue
            paths = _lesson_files(folder)
        except OSError as error:
            load.problems.append(LessonProblem(
                folder, None, f"the lessons folder cannot be read ({error.strerror or error})"))
            continue
        for path in paths:
            lesson, problems, text = _load_lesson_file(path)
            load.problems.extend(problems)
            if lesson is None:
                continue
            line = _key_lines(text).get(("id",))
            if lesson.id in loaded:
                previous, previous_folder = loaded[lesson.id]
                if previous_folder == number:
                    load.problems.append(LessonProblem(
                        path, line, f"id: lesson id {lesson.id!r} is already used by"
                        f" {previous.source}; this file is skipped"))
                    continue
                load.notices.append(LessonProblem(
                    path, line, f"lesson {lesson.id!r} replaces the one in {previous.source}"))
            loaded[lesson.id] = (lesson, number)
    load.lessons = sorted((lesson for lesson, _ in loaded.values()),
                          key=lambda lesson: (lesson.order, lesson.id))
    return load


# --- practice across the course --------------------------------------------------------------


def lessons_for_skill(lessons: Iterable[Lesson], skill: Skill) -> list[Lesson]:
    return [lesson for lesson in lessons if skill in lesson.skills]


def course_items(lessons: Iterable[Lesson]) -> dict[str, float]:
    """Every practice item of the course, in course order, with its target seconds.

    Lesson by lesson (pass them sorted, as :func:`load_lessons` returns them):
    its skills (``skill:...``), its drills' scenario kinds (``scenario:...``)
    and, if it has rulings, its ``ruling:<lesson id>``. An item is held to the
    target time of the first lesson that brings it in. Give the keys to
    :class:`~trainer.training.scheduler.PracticeScheduler` so new items are
    taken in the order the course teaches them.
    """
    items: dict[str, float] = {}
    for lesson in lessons:
        for item in (*map(skill_item, lesson.skills), *map(scenario_item, lesson.scenarios)):
            items.setdefault(item, lesson.target_seconds)
        if lesson.rulings:
            items.setdefault(ruling_item(lesson.id), lesson.target_seconds)
    return items


def practice_rounds(item: str, lessons: Sequence[Lesson], rng: random.Random,
                    count: int = 5) -> list[Round]:
    """``count`` fresh rounds that practise one scheduler item (e.g. from "work my mistakes").

    A scenario item is dealt as the first drill of that kind in the course
    deals it (its rule set, seats and tables); a skill item from the drills of
    the first lesson teaching the skill, chosen at random. A ruling item has
    no rounds (ask the lesson's :attr:`Lesson.rulings`): the list is empty.
    Raises KeyError for an item no lesson practises.
    """
    kind, name = split_item(item)
    if kind == RULING:
        return []
    if kind == SCENARIO:
        drill = next((d for lesson in lessons for d in lesson.drills if d.scenario == name),
                     Drill(name))
        return drill_rounds(replace(drill, count=count), rng)
    assert kind == SKILL
    teaching = [lesson for lesson in lessons_for_skill(lessons, Skill(name)) if lesson.drills]
    if not teaching:
        raise KeyError(f"{item}: no lesson has drills for this skill")
    drills = teaching[0].drills
    return [drill_rounds(replace(rng.choice(drills), count=1), rng)[0] for _ in range(count)]
