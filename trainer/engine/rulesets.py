"""Rule sets as data (docs/rules.md §9): the shipped presets and custom files.

A rule set file is TOML. It names its pay tables from ``paytables.toml`` (the
odds-win table, the bad-beat, Trips Plus and Pocket Bonus tables it allows and
their defaults), its raise multiples, table limits and extras. Every key is
checked: an unknown, missing or contradictory key is refused with a
:class:`RuleSetError` that names it. Nothing is guessed.

A rule-set file is read with :func:`~trainer.engine.textfile.read_text_file`
(a regular UTF-8 file of at most :data:`MAX_RULESET_FILE_BYTES`), so a path to
``/dev/zero``, a folder or a huge file is refused, as is TOML nested absurdly
deep or holding numbers beyond any table's (a raise of 10**30 times the ante).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.engine.evaluator import CATEGORY_BY_KEY, Category
from trainer.engine.money import AmountError, Odds, parse_amount, shown, shown_name
from trainer.engine.textfile import read_text_file
from trainer.i18n import N_, _

PRESETS: tuple[str, ...] = ("ny-2018", "massachusetts", "standard", "house")
DEFAULT_RULES = "ny-2018"
"""The rule set used wherever none is named: a round without ``rules``, the commands'
``--rules``, a lesson, an exam set-up, a new station's settings, a drill kind that needs none."""

MAX_RULESET_FILE_BYTES = 256 * 1024
"""A rule-set file is a page of TOML (the shipped ones are under 2 kB)."""
MAX_RULESET_PATH_CHARS = 1024
"""A rule set named by a path longer than this is refused before the file system sees it."""
MAX_RAISE_MULTIPLE = 100
"""The largest raise a rule set may allow, in antes (real games allow at most 4x)."""
MAX_VERSION = 1_000_000
MAX_ID_CHARS = 40
MAX_NAME_CHARS = 100


class RuleSetError(ValueError):
    """A rule set that is unknown, incomplete or contradictory."""


class PocketHand(StrEnum):
    """Pocket Bonus classes of the two hole cards (docs/rules.md §5)."""

    PAIR_OF_ACES = "pair_of_aces"
    ACE_FACE_SUITED = "ace_face_suited"
    ACE_FACE_UNSUITED = "ace_face_unsuited"
    PAIR = "pair"

    @property
    def label(self) -> str:
        return {
            "pair_of_aces": "pair of aces",
            "ace_face_suited": "ace with K, Q or J suited",
            "ace_face_unsuited": "ace with K, Q or J unsuited",
            "pair": "pair, 2s through Ks",
        }[self.value]

    @property
    def display_name(self) -> str:
        """The class's name in the trainer's language (:attr:`label` is the English)."""
        return _(_POCKET_NAMES[self.value])


class ProgressiveHand(StrEnum):
    """Progressive outcomes (New York 2018 (k)(3)), most specific first."""

    FLOPPED_ROYAL_FLUSH_SPADES = "flopped_royal_flush_spades"
    FLOPPED_ROYAL_FLUSH = "flopped_royal_flush"
    ROYAL_FLUSH = "royal_flush"
    COMMUNITY_ROYAL_FLUSH = "community_royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"

    @property
    def label(self) -> str:
        return self.value.replace("_spades", " in spades").replace("_", " ")

    @property
    def display_name(self) -> str:
        """The outcome's name in the trainer's language (:attr:`label` is the English)."""
        return _(_PROGRESSIVE_NAMES[self.value])


_POCKET_NAMES: dict[str, str] = {
    "pair_of_aces": N_("pair of aces"),
    "ace_face_suited": N_("ace with K, Q or J suited"),
    "ace_face_unsuited": N_("ace with K, Q or J unsuited"),
    "pair": N_("pair, 2s through Ks"),
}
"""Each Pocket Bonus class's display name, marked for the catalogue."""
_PROGRESSIVE_NAMES: dict[str, str] = {
    "flopped_royal_flush_spades": N_("flopped royal flush in spades"),
    "flopped_royal_flush": N_("flopped royal flush"),
    "royal_flush": N_("royal flush"),
    "community_royal_flush": N_("community royal flush"),
    "straight_flush": N_("straight flush"),
    "four_of_a_kind": N_("four of a kind"),
    "full_house": N_("full house"),
    "flush": N_("flush"),
}
"""Each progressive outcome's display name, marked for the catalogue."""


@dataclass(frozen=True, slots=True)
class Award:
    """One line of a pay table: odds, a fixed dollar award, or a share of a meter."""

    odds: Odds | None = None
    fixed: Decimal | None = None
    percent: Decimal | None = None
    """Share of the progressive pool or the 6-Card Bonus jackpot, in percent."""

    def __str__(self) -> str:
        if self.odds is not None:
            return str(self.odds)
        if self.fixed is not None:
            return (
                f"${self.fixed:,.0f}"
                if self.fixed == self.fixed.to_integral()
                else f"${self.fixed:,}"
            )
        return f"{self.percent:f}%"

    @classmethod
    def parse(cls, text: object, where: str) -> Award:
        if not isinstance(text, str):
            raise RuleSetError(f"{where}: {text!r} is not a pay line such as '3 to 2'")
        text = text.strip()
        try:
            if text.startswith("$"):
                return cls(fixed=parse_amount(text, field=where))
            if text.endswith("% of pool") or text.endswith("% of jackpot"):
                percent = Decimal(text.split("%")[0])
                if not 0 < percent <= 100:
                    raise RuleSetError(f"{where}: {text!r} must be a share from 0% to 100%")
                return cls(percent=percent)
            return cls(odds=Odds.parse(text))
        except (ValueError, ArithmeticError) as error:
            if isinstance(error, RuleSetError):
                raise
            raise RuleSetError(f"{where}: {text!r} is not a pay line ({error})") from None


OddsTable = Mapping[Category, Odds]


@dataclass(frozen=True, slots=True)
class Progressive:
    wager: Decimal
    tables: Mapping[str, Mapping[ProgressiveHand, Award]]
    default: str


@dataclass(frozen=True, slots=True)
class TableChoice:
    """The pay tables in force for one round (a rule set plus the round's options)."""

    odds_win: OddsTable
    bad_beat_name: str
    bad_beat: OddsTable
    trips_plus_letter: str
    trips_plus: OddsTable
    pocket_bonus_letter: str
    pocket_bonus: Mapping[PocketHand, Odds]
    progressive_letter: str | None
    progressive: Mapping[ProgressiveHand, Award] | None


OPTION_KEYS = ("trips_plus_table", "pocket_bonus_table", "bad_beat_table", "progressive_table")


@dataclass(frozen=True, slots=True)
class RuleSet:
    id: str
    name: str
    version: int
    raises_preflop: tuple[int, ...]
    raises_flop: tuple[int, ...]
    raises_river: tuple[int, ...]
    ante_limits: tuple[Decimal, Decimal]
    side_limits: Mapping[str, tuple[Decimal, Decimal]]
    odds_win: OddsTable
    bad_beat_tables: Mapping[str, OddsTable]
    bad_beat_default: str
    trips_plus_tables: Mapping[str, OddsTable]
    trips_plus_default: str
    pocket_bonus_tables: Mapping[str, Mapping[PocketHand, Odds]]
    pocket_bonus_default: str
    six_card_bonus: Mapping[Decimal, Mapping[Category, Award]] | None
    progressive: Progressive | None
    max_aggregate_payout: Decimal | None

    @property
    def raise_multiples(self) -> tuple[int, ...]:
        """Every raise a seat may hold, as multiples of its ante, largest first."""
        return tuple(
            sorted(
                set(self.raises_preflop) | set(self.raises_flop) | set(self.raises_river),
                reverse=True,
            )
        )

    def choose_tables(self, options: Mapping[str, object] | None = None) -> TableChoice:
        """Resolve a round's ``options`` to pay tables, refusing any the rule set lacks."""
        options = dict(options or {})
        for key in options:
            if key not in OPTION_KEYS:
                raise RuleSetError(
                    f"options.{shown_name(key)}: unknown option"
                    f" (expected one of {', '.join(OPTION_KEYS)})"
                )

        def pick(key: str, allowed: Mapping[str, Any], default: str) -> str:
            raw = options.get(key, default)
            if not isinstance(raw, str | int) or isinstance(raw, bool):
                raise RuleSetError(f"options.{key}: {shown(raw)} is not a table name")
            choice = str(raw).strip().upper()
            if choice not in allowed:
                raise RuleSetError(
                    f"options.{key}: table {shown(raw)} is not offered by rule set {self.id!r}"
                    f" (allowed: {', '.join(allowed)})"
                )
            return choice

        bad_beat = pick("bad_beat_table", self.bad_beat_tables, self.bad_beat_default)
        trips = pick("trips_plus_table", self.trips_plus_tables, self.trips_plus_default)
        pocket = pick("pocket_bonus_table", self.pocket_bonus_tables, self.pocket_bonus_default)
        progressive_letter = None
        progressive_table = None
        if self.progressive is not None:
            progressive_letter = pick(
                "progressive_table", self.progressive.tables, self.progressive.default
            )
            progressive_table = self.progressive.tables[progressive_letter]
        elif "progressive_table" in options:
            raise RuleSetError(
                f"options.progressive_table: rule set {self.id!r} offers no progressive"
            )
        return TableChoice(
            odds_win=self.odds_win,
            bad_beat_name=bad_beat,
            bad_beat=self.bad_beat_tables[bad_beat],
            trips_plus_letter=trips,
            trips_plus=self.trips_plus_tables[trips],
            pocket_bonus_letter=pocket,
            pocket_bonus=self.pocket_bonus_tables[pocket],
            progressive_letter=progressive_letter,
            progressive=progressive_table,
        )


# --- loading -----------------------------------------------------------------

_TOP_KEYS = {
    "id",
    "name",
    "version",
    "raises",
    "limits",
    "odds",
    "trips_plus",
    "pocket_bonus",
    "six_card_bonus",
    "progressive",
    "cap",
}
_REQUIRED = ("id", "name", "version", "raises", "limits", "odds", "trips_plus", "pocket_bonus")


@cache
def _paytables() -> dict[str, Any]:
    text = resources.files("trainer.rulesets").joinpath("paytables.toml").read_text("utf-8")
    return tomllib.loads(text)


def _odds_table(raw: Mapping[str, Any], where: str, keys: Mapping[str, Any]) -> dict[Any, Odds]:
    table = {}
    for key, text in raw.items():
        if key not in keys:
            raise RuleSetError(f"{where}.{key}: not a hand this table can pay")
        award = Award.parse(text, f"{where}.{key}")
        if award.odds is None:
            raise RuleSetError(f"{where}.{key}: {text!r} must be odds such as '3 to 1'")
        table[keys[key]] = award.odds
    return table


def _award_table(raw: Mapping[str, Any], where: str, keys: Mapping[str, Any]) -> dict[Any, Award]:
    table = {}
    for key, text in raw.items():
        if key not in keys:
            raise RuleSetError(f"{where}.{key}: not a hand this table can pay")
        table[keys[key]] = Award.parse(text, f"{where}.{key}")
    return table


def _named_tables(kind: str, names: object, where: str) -> dict[str, Any]:
    available = _paytables()[kind]
    if not isinstance(names, list) or not names:
        raise RuleSetError(f"{where}: expected a non-empty list of table names")
    chosen = {}
    for name in names:
        key = str(name).upper() if isinstance(name, str | int) else None
        if key is None or key not in available:
            raise RuleSetError(
                f"{where}: no {kind} table named {shown(name)} (known: {', '.join(available)})"
            )
        chosen[key] = available[key]
    return chosen


def _section(data: Mapping[str, Any], key: str, allowed: set[str], where: str) -> dict[str, Any]:
    section = data.get(key)
    if not isinstance(section, dict):
        raise RuleSetError(f"{where}{key}: expected a [{key}] table")
    for sub in section:
        if sub not in allowed:
            raise RuleSetError(
                f"{where}{key}.{shown_name(sub)}: unknown key"
                f" (expected {', '.join(sorted(allowed))})"
            )
    for sub in allowed:
        if sub not in section:
            raise RuleSetError(f"{where}{key}.{sub}: missing")
    return section


def _limit_pair(raw: object, where: str) -> tuple[Decimal, Decimal]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise RuleSetError(f'{where}: expected [minimum, maximum], e.g. ["2", "10"]')
    try:
        low, high = (parse_amount(value, field=where) for value in raw)
    except AmountError as error:
        raise RuleSetError(str(error)) from None
    if low <= 0 or low > high:
        raise RuleSetError(f"{where}: minimum {low} must be above $0 and at most maximum {high}")
    return low, high


def _multiples(raw: object, where: str) -> tuple[int, ...]:
    if (
        not isinstance(raw, list)
        or not raw
        or not all(isinstance(m, int) and not isinstance(m, bool) and m > 0 for m in raw)
    ):
        raise RuleSetError(f"{where}: expected a list of whole multiples of the ante, e.g. [1, 2]")
    if any(m > MAX_RAISE_MULTIPLE for m in raw):
        raise RuleSetError(
            f"{where}: {shown(raw)}: a raise is at most {MAX_RAISE_MULTIPLE} times the ante"
        )
    if len(set(raw)) != len(raw):
        raise RuleSetError(f"{where}: {raw} lists a multiple twice")
    return tuple(sorted(raw, reverse=True))


def _default(section: Mapping[str, Any], tables: Mapping[str, Any], where: str) -> str:
    raw = section["default"]
    default = str(raw).upper() if isinstance(raw, str | int) else None
    if default not in tables:
        raise RuleSetError(
            f"{where}.default: {shown(raw)} is not one of its tables ({', '.join(tables)})"
        )
    assert default is not None
    return default


def parse_ruleset(data: Mapping[str, Any], origin: str = "") -> RuleSet:
    """Build a rule set from parsed TOML, checking every key."""
    where = f"{origin}: " if origin else ""
    for key in data:
        if key not in _TOP_KEYS:
            raise RuleSetError(
                f"{where}{shown_name(key)}: unknown key (expected {', '.join(sorted(_TOP_KEYS))})"
            )
    for key in _REQUIRED:
        if key not in data:
            raise RuleSetError(f"{where}{key}: missing")
    ruleset_id, name, version = data["id"], data["name"], data["version"]
    if (
        not isinstance(ruleset_id, str)
        or not ruleset_id.strip()
        or len(ruleset_id.strip()) > MAX_ID_CHARS
        or not ruleset_id.isprintable()
    ):
        raise RuleSetError(
            f"{where}id: expected a short name such as 'my-room'"
            f" (at most {MAX_ID_CHARS} characters), not {shown(ruleset_id)}"
        )
    if (
        not isinstance(name, str)
        or not name.strip()
        or len(name.strip()) > MAX_NAME_CHARS
        or not name.isprintable()
    ):
        raise RuleSetError(
            f"{where}name: expected the rule set's display name"
            f" (at most {MAX_NAME_CHARS} characters), not {shown(name)}"
        )
    if (
        not isinstance(version, int)
        or isinstance(version, bool)
        or not 1 <= version <= MAX_VERSION
    ):
        raise RuleSetError(
            f"{where}version: expected a whole number from 1 to {MAX_VERSION:,},"
            f" not {shown(version)}"
        )

    raises = _section(data, "raises", {"preflop", "flop", "river"}, where)
    preflop = _multiples(raises["preflop"], f"{where}raises.preflop")
    flop = _multiples(raises["flop"], f"{where}raises.flop")
    river = _multiples(raises["river"], f"{where}raises.river")
    if river != (1,):
        raise RuleSetError(
            f"{where}raises.river: after the river the raise is exactly 1x the ante"
            f" (rules §2), not {list(river)}"
        )

    limits_raw = data["limits"]
    if not isinstance(limits_raw, dict) or "ante" not in limits_raw:
        raise RuleSetError(f"{where}limits.ante: missing")
    ante_limits = _limit_pair(limits_raw["ante"], f"{where}limits.ante")
    side_limits = {}
    for key, value in limits_raw.items():
        if key == "ante":
            continue
        if key not in ("trips_plus", "pocket_bonus"):
            raise RuleSetError(
                f"{where}limits.{shown_name(key)}: unknown key"
                " (expected ante, trips_plus, pocket_bonus)"
            )
        side_limits[key] = _limit_pair(value, f"{where}limits.{key}")
    for key in ("trips_plus", "pocket_bonus"):
        if key not in side_limits:
            raise RuleSetError(f"{where}limits.{key}: missing")

    odds = _section(data, "odds", {"win_table", "bad_beat_tables", "bad_beat_default"}, where)
    win_tables = _paytables()["odds_win"]
    if not isinstance(odds["win_table"], str) or odds["win_table"] not in win_tables:
        raise RuleSetError(
            f"{where}odds.win_table: no odds-win table named {shown(odds['win_table'])}"
            f" (known: {', '.join(win_tables)})"
        )
    odds_win = _odds_table(
        win_tables[odds["win_table"]], f"odds_win.{odds['win_table']}", CATEGORY_BY_KEY
    )
    bad_beat_raw = _named_tables(
        "bad_beat", odds["bad_beat_tables"], f"{where}odds.bad_beat_tables"
    )
    bad_beat = {
        name: _odds_table(table, f"bad_beat.{name}", CATEGORY_BY_KEY)
        for name, table in bad_beat_raw.items()
    }
    bad_beat_default = _default(
        {"default": odds["bad_beat_default"]}, bad_beat, f"{where}odds.bad_beat"
    )

    trips_section = _section(data, "trips_plus", {"tables", "default"}, where)
    trips = {
        name: _odds_table(table, f"trips_plus.{name}", CATEGORY_BY_KEY)
        for name, table in _named_tables(
            "trips_plus", trips_section["tables"], f"{where}trips_plus.tables"
        ).items()
    }
    pocket_section = _section(data, "pocket_bonus", {"tables", "default"}, where)
    pocket_keys = {hand.value: hand for hand in PocketHand}
    pocket = {
        name: _odds_table(table, f"pocket_bonus.{name}", pocket_keys)
        for name, table in _named_tables(
            "pocket_bonus", pocket_section["tables"], f"{where}pocket_bonus.tables"
        ).items()
    }

    six_card = None
    if "six_card_bonus" in data:
        six_section = _section(data, "six_card_bonus", {"wagers"}, where)
        wagers = six_section["wagers"]
        available = _paytables()["six_card_bonus"]
        if not isinstance(wagers, list) or not wagers:
            raise RuleSetError(f'{where}six_card_bonus.wagers: expected a list such as ["2", "5"]')
        six_card = {}
        for wager in wagers:
            if not isinstance(wager, str | int) or str(wager) not in available:
                raise RuleSetError(
                    f"{where}six_card_bonus.wagers: no 6-Card Bonus pay table for a"
                    f" {shown(wager)} wager (known: {', '.join('$' + k for k in available)})"
                )
            six_card[parse_amount(str(wager))] = _award_table(
                available[str(wager)], f"six_card_bonus.{wager}", CATEGORY_BY_KEY
            )

    progressive = None
    if "progressive" in data:
        prog = _section(data, "progressive", {"wager", "tables", "default"}, where)
        progressive_keys = {hand.value: hand for hand in ProgressiveHand}
        prog_tables = {
            name: _award_table(table, f"progressive.{name}", progressive_keys)
            for name, table in _named_tables(
                "progressive", prog["tables"], f"{where}progressive.tables"
            ).items()
        }
        try:
            prog_wager = parse_amount(prog["wager"], field=f"{where}progressive.wager")
        except AmountError as error:
            raise RuleSetError(str(error)) from None
        progressive = Progressive(
            prog_wager, prog_tables, _default(prog, prog_tables, f"{where}progressive")
        )

    cap = None
    if "cap" in data:
        cap_section = _section(data, "cap", {"max_aggregate_payout"}, where)
        try:
            cap = parse_amount(
                cap_section["max_aggregate_payout"], field=f"{where}cap.max_aggregate_payout"
            )
        except AmountError as error:
            raise RuleSetError(str(error)) from None
        if cap <= 0:
            raise RuleSetError(f"{where}cap.max_aggregate_payout: must be above $0")

    return RuleSet(
        id=ruleset_id.strip(),
        name=name.strip(),
        version=version,
        raises_preflop=preflop,
        raises_flop=flop,
        raises_river=river,
        ante_limits=ante_limits,
        side_limits=side_limits,
        odds_win=odds_win,
        bad_beat_tables=bad_beat,
        bad_beat_default=bad_beat_default,
        trips_plus_tables=trips,
        trips_plus_default=_default(trips_section, trips, f"{where}trips_plus"),
        pocket_bonus_tables=pocket,
        pocket_bonus_default=_default(pocket_section, pocket, f"{where}pocket_bonus"),
        six_card_bonus=six_card,
        progressive=progressive,
        max_aggregate_payout=cap,
    )


@cache
def load_preset(preset: str) -> RuleSet:
    if preset not in PRESETS:
        raise RuleSetError(
            f"unknown rule set {preset!r}"
            f" (presets: {', '.join(PRESETS)}, or a path to a rule-set file)"
        )
    text = resources.files("trainer.rulesets").joinpath(f"{preset}.toml").read_text("utf-8")
    return parse_ruleset(tomllib.loads(text), f"{preset}.toml")


def load_ruleset_file(path: Path) -> RuleSet:
    """A custom rule set from a TOML file; anything wrong is a :class:`RuleSetError`."""
    try:
        text = read_text_file(path, limit=MAX_RULESET_FILE_BYTES, what="rule-set file")
    except ValueError as error:  # TextFileError, or a path os.stat refuses (a NUL byte)
        message = str(error)
        if not message.startswith("rule-set file"):
            message = f"rule-set file {shown(str(path))}: not a usable path ({message})"
        raise RuleSetError(message) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleSetError(f"{path}: not valid TOML ({error})") from None
    except RecursionError:
        raise RuleSetError(f"{path}: not a rule set (arrays or tables nested too deeply)") from None
    except ValueError:  # an integer of more than 4,300 digits, which int() refuses
        raise RuleSetError(f"{path}: not a rule set (a number far too long)") from None
    try:
        return parse_ruleset(data, str(path))
    except RecursionError:
        raise RuleSetError(f"{path}: not a rule set (values nested too deeply)") from None


_FILE_CACHE: dict[str, RuleSet] = {}


def load_ruleset(name: str) -> RuleSet:
    """A preset by name, or a custom rule-set file by path (cached per path)."""
    if name in PRESETS:
        return load_preset(name)
    if name.endswith(".toml") or "/" in name or "\\" in name:
        if len(name) > MAX_RULESET_PATH_CHARS:
            raise RuleSetError(
                f"rule-set file {shown(name)}: a path of {len(name):,} characters"
                f" (at most {MAX_RULESET_PATH_CHARS:,})"
            )
        if name not in _FILE_CACHE:
            _FILE_CACHE[name] = load_ruleset_file(Path(name))
        return _FILE_CACHE[name]
    raise RuleSetError(
        f"unknown rule set {shown(name)}"
        f" (presets: {', '.join(PRESETS)}, or a path to a rule-set file)"
    )
