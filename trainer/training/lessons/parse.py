"""A lesson file's text read into a :class:`~.model.Lesson`, with every problem found (no Qt).

:func:`parse_lesson` checks everything it can: unknown and missing keys,
skills, cards, amounts (read as :func:`trainer.engine.money.parse_amount`
reads them), the example rounds (through :func:`~trainer.engine.round.parse_round`),
every ``expect`` against the engine's settlement (:mod:`.check`), scenario
kinds and rule sets. Each problem names the line (found with
:mod:`trainer.tomllines`), the key and what is wrong.
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from trainer.engine.cards import Card, CardError, cards_text, find_duplicate, parse_card
from trainer.engine.evaluator import CATEGORY_BY_KEY, Category
from trainer.engine.money import AmountError, parse_amount, shown
from trainer.engine.procedure import DealMethod
from trainer.engine.round import (
    Round,
    RoundError,
    Wager,
    is_seat_count,
    is_seat_number,
    parse_round,
)
from trainer.engine.rulesets import PRESETS, RuleSetError, load_ruleset
from trainer.engine.scenarios import SCENARIOS
from trainer.engine.settlement import SeatResult
from trainer.ranges import in_range
from trainer.tomllines import KeyPath, TomlError, key_lines, loads, locate
from trainer.training.chip_drills import ChipDrillKind
from trainer.training.lessons.check import check_example
from trainer.training.lessons.model import (
    DEFAULT_DRILL_COUNT,
    DEFAULT_RULES,
    RANDOM,
    ChipDrill,
    Drill,
    Example,
    Expect,
    Lesson,
    LessonProblem,
    ProcedureDrill,
    Ruling,
    RulingTable,
    SeatExpect,
    TableSeat,
)
from trainer.training.lessons.practice import drill_rounds, procedure_drill_runs
from trainer.training.questions import Skill

log = logging.getLogger(__name__)

MAX_DRILL_COUNT = 100
MAX_ORDER = 9_999
"""A lesson's ``order`` (its place in the course) is a whole number from 0 to this."""
MAX_TARGET_SECONDS = 600
"""A lesson's ``target_seconds`` (per question) is above 0 and at most this."""

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

_LESSON_KEYS = (
    "id", "title", "order", "skills", "target_seconds", "explanation", "rules",
    "examples", "drills", "rulings", "chip_drills", "procedure_drills",
)
_LESSON_REQUIRED = ("id", "title", "order", "skills", "target_seconds", "explanation")
_EXAMPLE_KEYS = ("title", "note", "round", "expect")
_EXAMPLE_REQUIRED = ("note", "round")
_EXPECT_KEYS = ("dealer_hand", "dealer_cards", "dealer_qualifies", "order", "seats")
_SEAT_EXPECT_KEYS = ("seat", "hand", "cards", "result", *(w.value for w in Wager), "total",
                     "capped")
_DRILL_KEYS = ("scenario", "count", "rules", "seats", "options", "title")
_DRILL_REQUIRED = ("scenario",)
_CHIP_DRILL_KEYS = ("kind", "count", "title")
_CHIP_DRILL_REQUIRED = ("kind",)
_PROCEDURE_DRILL_KEYS = ("count", "rules", "seats", "options", "deal", "title")
_RULING_KEYS = ("situation", "choices", "answer", "citation", "rules", "explanation", "table")
_RULING_REQUIRED = ("situation", "choices", "answer", "citation")
_TABLE_KEYS = ("dealer", "board", "seats", "exposed")
_TABLE_SEAT_KEYS = ("seat", "hole", *(w.value for w in Wager))


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

    def is_table(self, raw: object, path: KeyPath, expected: str, allowed: Sequence[str],
                 required: Sequence[str], what: str) -> TypeGuard[dict[str, Any]]:
        """Whether ``raw`` is a table: if not, ``expected`` is recorded; if so, its unknown
        and missing keys (:meth:`keys`)."""
        if not isinstance(raw, dict):
            self.fail(path, expected)
            return False
        self.keys(raw, allowed, required, path, what)
        return True

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


def _whole(value: object) -> TypeGuard[int]:
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
    """Dollars as a string or number, read as :func:`~trainer.engine.money.parse_amount`
    reads them; with ``signed``, a leading minus is an amount collected."""
    value, negative = raw, False
    if signed and isinstance(raw, str) and raw.strip().startswith(("-", "$-")):
        value, negative = raw.strip().replace("-", "", 1), True
    elif signed and isinstance(raw, int | float) and not isinstance(raw, bool) and raw < 0:
        value, negative = -raw, True
    field = _where(path)
    try:
        amount = parse_amount(value, field=field)
    except AmountError as error:
        reason = str(error).removeprefix(f"{field}: ")
        if value is not raw:  # the minus was taken off: quote the value as written
            reason = reason.replace(shown(value), shown(raw), 1)
        if "not an amount" in reason:
            example = '"7.50" paid, "-5" collected, "0" a push' if signed else '"5" or "7.50"'
            reason = f"{shown(raw)} is not an amount such as {example}"
        checker.fail(path, reason)
        return None
    return -amount if negative else amount


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
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a table of facts to check",
                            _EXPECT_KEYS, (), "an expect table"):
        return None
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
        if not isinstance(order, list) or not all(is_seat_number(n) for n in order):
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
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a table with a seat number",
                            _SEAT_EXPECT_KEYS, ("seat",), "a seat's expect table"):
        return None
    number = raw.get("seat")
    if "seat" in raw and not is_seat_number(number):
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
    assert isinstance(number, int)  # checked above: a failure returned already
    return SeatExpect(number, hand, cards, result, MappingProxyType(wagers), total, capped)


def _round_error_path(data: Mapping[str, Any], message: str, path: KeyPath) -> KeyPath:
    """Narrow a RoundError ("seat 6.raise: ...", "board: ...") to the key it names."""
    name = message.split(":", 1)[0]
    match = re.fullmatch(r"seat (\d)\.(\w+)(?:[.\[].*)?", name)
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
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected an [[examples]] table",
                            _EXAMPLE_KEYS, _EXAMPLE_REQUIRED, "an example"):
        return None
    note = _text(checker, raw, "note", path)
    title = _text(checker, raw, "title", path)
    parsed = _parse_round(checker, raw["round"], (*path, "round"), rules) if "round" in raw \
        else None
    expect = _parse_expect(checker, raw["expect"], (*path, "expect")) if "expect" in raw \
        else Expect()
    if checker.since(mark) or parsed is None or expect is None or note is None:
        return None
    _, round_ = parsed
    try:
        contradictions = check_example(round_, expect)
    except RoundError as error:
        checker.fail((*path, "round"), f"the engine cannot settle the round: {error}")
        return None
    for key, sentence in contradictions:
        checker.fail((*path, "expect", *key), f"the engine disagrees with the lesson: {sentence}")
    if checker.since(mark):
        return None
    return Example(note, round_, expect, title)


# --- drills ---------------------------------------------------------------------------------


def _drill_count(checker: _Checker, raw: dict[str, Any], path: KeyPath, unit: str) -> Any:
    """A drill's ``count`` (rounds or tasks), checked; the default when not given."""
    count = raw.get("count", DEFAULT_DRILL_COUNT)
    if not (_whole(count) and 1 <= count <= MAX_DRILL_COUNT):
        checker.fail(path, f"{shown(count)} is not a number of {unit} from 1 to"
                     f" {MAX_DRILL_COUNT}", "count")
    return count


def _table_of_drill(checker: _Checker, raw: dict[str, Any],
                    path: KeyPath) -> tuple[Any, str | None, Any]:
    """A dealt drill's ``seats``, ``rules`` and ``options``, each checked."""
    seats = raw.get("seats")
    if seats is not None and not is_seat_count(seats):
        checker.fail(path, f"{shown(seats)} occupied seats is not 1 to 6", "seats")
    rules = _rules(checker, raw["rules"], (*path, "rules")) if "rules" in raw else None
    options = raw.get("options", {})
    if not isinstance(options, dict):
        checker.fail(path, 'expected a table such as { trips_plus_table = "B" }', "options")
    return seats, rules, options


def _parse_drill(checker: _Checker, raw: object, index: int, lesson_rules: str) -> Drill | None:
    path: KeyPath = ("drills", index)
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a [[drills]] table",
                            _DRILL_KEYS, _DRILL_REQUIRED, "a drill"):
        return None
    scenario = raw.get("scenario")
    if "scenario" in raw and scenario != RANDOM and not (isinstance(scenario, str)
                                                         and scenario in SCENARIOS):
        checker.fail(path, f"unknown scenario {shown(scenario)} (known: {RANDOM},"
                     f" {', '.join(SCENARIOS)})", "scenario")
    count = _drill_count(checker, raw, path, "rounds")
    seats, rules, options = _table_of_drill(checker, raw, path)
    title = _text(checker, raw, "title", path)
    if checker.since(mark):
        return None
    if scenario == RANDOM and rules is None:
        rules = lesson_rules
    assert isinstance(scenario, str)  # checked above: a failure returned already
    drill = Drill(scenario, count, rules, seats,
                  MappingProxyType({str(k): str(v).upper() for k, v in options.items()}), title)
    try:  # deal one round: the scenario, rule set, seats and options must agree
        drill_rounds(replace(drill, count=1), random.Random(0))
    except (ValueError, KeyError) as error:
        checker.fail(path, f"cannot deal this drill: {error}")
        return None
    return drill



# --- chip drills ------------------------------------------------------------------------------


def _parse_chip_drill(checker: _Checker, raw: object, index: int) -> ChipDrill | None:
    path: KeyPath = ("chip_drills", index)
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a [[chip_drills]] table",
                            _CHIP_DRILL_KEYS, _CHIP_DRILL_REQUIRED, "a chip drill"):
        return None
    kind = raw.get("kind")
    if "kind" in raw and kind not in set(ChipDrillKind):
        checker.fail(path, f"unknown chip drill {shown(kind)} (known:"
                     f" {', '.join(ChipDrillKind)})", "kind")
    count = _drill_count(checker, raw, path, "tasks")
    title = _text(checker, raw, "title", path)
    if checker.since(mark):
        return None
    assert isinstance(kind, str)  # checked above: a failure returned already
    return ChipDrill(ChipDrillKind(kind), count, title)


# --- procedure drills (run the round) ---------------------------------------------------------


def _parse_procedure_drill(checker: _Checker, raw: object, index: int,
                           lesson_rules: str) -> ProcedureDrill | None:
    path: KeyPath = ("procedure_drills", index)
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a [[procedure_drills]] table",
                            _PROCEDURE_DRILL_KEYS, (), "a procedure drill"):
        return None
    count = _drill_count(checker, raw, path, "rounds")
    seats, rules, options = _table_of_drill(checker, raw, path)
    deal = raw.get("deal")
    if deal is not None and deal not in set(DealMethod):
        checker.fail(path, f"{shown(deal)} is not a deal (manual or shoe)", "deal")
    title = _text(checker, raw, "title", path)
    if checker.since(mark):
        return None
    drill = ProcedureDrill(count, rules, seats,
                           MappingProxyType({str(k): str(v).upper() for k, v in options.items()}),
                           DealMethod(deal) if deal is not None else None, title)
    try:  # run one round: the rule set, seats and options must agree
        procedure_drill_runs(replace(drill, count=1), random.Random(0), rules=lesson_rules)
    except (ValueError, KeyError) as error:
        checker.fail(path, f"cannot deal this drill: {error}")
        return None
    return drill


# --- rulings ----------------------------------------------------------------------------------


def _parse_table(checker: _Checker, raw: object, path: KeyPath) -> RulingTable | None:
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a table of what the table shows",
                            _TABLE_KEYS, (), "a ruling's table"):
        return None
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
        if "seat" in entry and not is_seat_number(number):
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
        dealt_in = " and ".join(name for name, cards in places if duplicate in cards)
        checker.fail(path, f"the card {duplicate} is dealt twice ({dealt_in})")
        return None
    if find_duplicate(exposed) is not None:
        checker.fail(path, f"a card is listed twice: {cards_text(exposed)}", "exposed")
        return None
    return RulingTable(dealer, board, tuple(sorted(seats, key=lambda s: s.seat)), exposed)


def _parse_ruling(checker: _Checker, raw: object, index: int) -> Ruling | None:
    path: KeyPath = ("rulings", index)
    mark = checker.mark()
    if not checker.is_table(raw, path, "expected a [[rulings]] table",
                            _RULING_KEYS, _RULING_REQUIRED, "a ruling"):
        return None
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
    chip_drills = [_parse_chip_drill(checker, raw, index)
                   for index, raw in enumerate(_tables(checker, data, "chip_drills"))]
    procedure_drills = [_parse_procedure_drill(checker, raw, index, rules)
                        for index, raw in enumerate(_tables(checker, data, "procedure_drills"))]
    if ("skills" in data and not raw_skills and not data.get("rulings")
            and not data.get("chip_drills") and not data.get("procedure_drills")):
        checker.fail((), "a lesson without rulings, chip drills or procedure drills must train"
                     " at least one skill", "skills")
    if not any(data.get(key) for key in ("examples", "drills", "rulings", "chip_drills",
                                         "procedure_drills")):
        checker.fail((), "nothing to show or practise: add [[examples]], [[drills]],"
                     " [[rulings]], [[chip_drills]] or [[procedure_drills]]")
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
        chip_drills=tuple(c for c in chip_drills if c is not None),
        procedure_drills=tuple(p for p in procedure_drills if p is not None),
        rules=rules,
        source=source,
    )




def parse_lesson(text: str, source: Path) -> tuple[Lesson | None, list[LessonProblem]]:
    """A lesson file's text: the lesson and no problems, or None and every problem found
    (by line). Never raises for bad content."""
    try:
        data = loads(text)
    except TomlError as error:
        return None, [LessonProblem(source, error.line, str(error))]
    checker = _Checker()
    try:
        lesson = _parse_lesson(data, source, checker)
    except Exception as error:  # a fault of this checker: the file is skipped, not the course
        log.exception("checking lesson file %s failed", source)
        return None, [LessonProblem(source, None, "could not be checked (the trainer's fault:"
                                    f" {type(error).__name__}); the file is skipped")]
    if lesson is not None:
        return lesson, []
    lines = key_lines(text)
    problems = [LessonProblem(source, locate(lines, failure.path) or 1, failure.message)
                for failure in checker.failures]
    return None, sorted(problems, key=lambda problem: problem.line or 0)
