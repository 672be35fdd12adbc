"""An exam set-up: its fields, limits and checks, defined once (no Qt).

Every exam set-up is held to these limits, whoever writes it: the
instructor's Exam set-up dialog (typed text: :func:`parse_exam_setup`), the
site file's ``[exam]`` (TOML values: :func:`exam_value_problems`), storage
(:func:`stored_exam_problem`, :func:`setup_problems`) and the length of a
station's practice exam (settings.json and the Settings dialog:
:data:`MIN_EXAM_ROUNDS` to :data:`MAX_EXAM_ROUNDS`). It imports nothing of
the trainer but the engine, so storage can hold a stored set-up to it too.

A set-up fixes everything that shapes an exam: the rule set and its table
letters, how many seats are occupied, which side bets appear, the rounds,
the time limit, the pass mark, optionally the same hands for every
candidate (a fixed seed: the same sequence of rounds each time), and how a
payout is answered (typed amounts, or built in chips from the room's rack:
``chips``). It may also limit attempts and impose a wait between them. A
station's Settings shape none of it.

A set-up may instead be an exam of dealer's mistakes (``mistakes``, issue 23): its
rounds are exercises of Spot the dealer's mistake (a round settled by "a dealer" with 0,
1 or 2 of the catalogue's mistakes, marked and corrected), dealt from its hands number
(required: the same exercises for every candidate), scored by the share of its answer
rows right against the pass mark like every exam; payouts are not built in chips there.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from trainer.engine.money import shown
from trainer.engine.round import SIDE_WAGERS, TABLE_SEATS, Wager, offered_side_wagers
from trainer.engine.rulesets import DEFAULT_RULES, OPTION_KEYS, PRESETS, RuleSetError, load_ruleset
from trainer.i18n import N_
from trainer.ranges import in_range

MIN_EXAM_ROUNDS = 1
MAX_EXAM_ROUNDS = 1000
"""Rounds of an exam: an instructor's set-up, the site's, or a station's practice exam."""
MIN_PASS_MARK = 0
MAX_PASS_MARK = 100
"""A pass mark is a percentage of answers right."""
MIN_TIME_LIMIT_MINUTES = 1
MAX_TIME_LIMIT_MINUTES = 600
"""An exam's time limit, in minutes (a file may give fractions: 22.5)."""
MIN_SEATS = 1
MAX_SEATS = TABLE_SEATS
"""Occupied seats in every round of an exam (which ones is dealt at random)."""
MIN_SEED = 1
MAX_SEED = 999_999_999
"""The hands' number: the same number deals the same rounds to every candidate."""
MIN_ATTEMPTS = 1
MAX_ATTEMPTS = 100
"""Attempts a trainee may make at one set-up (none given: no limit)."""
MIN_WAIT_HOURS = 1
MAX_WAIT_HOURS = 24 * 90
"""Whole hours a trainee waits after an attempt ends before the next (none: no wait)."""

BEFORE_SETUPS = N_("recorded before set-ups fixed seats and side bets")
"""Said of a set-up or an exam stored before schema 5 (no stored set-up), instead of
inventing the seats, side bets and table letters it ran under."""


STATION_EXAM_PASS_MARK = 80.0
"""The pass mark of a trainee's own exam of the station's Settings (Game > Exam mode
without an instructor's set-up) when the site file sets no exam."""


def station_exam_pass_mark(site_exam: ExamSetup | None) -> float:
    """The station exam's pass mark: the site file's exam's, else
    :data:`STATION_EXAM_PASS_MARK`."""
    return STATION_EXAM_PASS_MARK if site_exam is None else float(site_exam.pass_mark)


@dataclass(frozen=True)
class ExamSetup:
    """A checked exam set-up, ready for ``db.create_exam_setup``.

    ``tables`` empty and ``side_bets`` None mean the rule set's own: its default
    letters, every side bet it offers; :meth:`complete` spells them out, and
    storage keeps the spelled-out set-up."""

    name: str
    rounds: int
    pass_mark: float
    """Percent of answers right needed to pass."""
    time_limit_seconds: int | None = None
    ruleset_id: str = DEFAULT_RULES
    """The rule set of the exam (the default rule set when the set-up names none)."""
    tables: tuple[tuple[str, str], ...] = ()
    """Table letters by option key (``trips_plus_table``...), sorted by key."""
    seats: int = MAX_SEATS
    """Occupied seats in every round (a full table unless the set-up says otherwise)."""
    side_bets: tuple[Wager, ...] | None = None
    """The side bets that appear, in :data:`SIDE_WAGERS` order; None: every one offered."""
    seed: int | None = None
    """The same hands for every candidate; None: new hands for each."""
    max_attempts: int | None = None
    wait_hours: int | None = None
    chips: bool = False
    """Every payout is built in chips from the room's rack (graded by the room's chip
    procedure, docs/rules.md §10), whatever a station's Pay with chips; False: typed
    amounts, whatever the station's setting."""
    mistakes: bool = False
    """An exam of dealer's mistakes: each round an exercise of Spot the dealer's mistake
    (trainer.training.mistakes), the same for every candidate (``seed`` is required)."""

    @property
    def rounds_text(self) -> str:
        """``20 rounds``; ``20 dealer's-mistake exercises`` for an exam of mistakes."""
        what = ("dealer's-mistake exercise" if self.mistakes else "round")
        return f"{self.rounds} {what}{'s' * (self.rounds != 1)}"

    @property
    def time_limit_minutes(self) -> float | None:
        return None if self.time_limit_seconds is None else self.time_limit_seconds / 60

    @property
    def options(self) -> dict[str, str]:
        """The table letters as a rule set's ``options``."""
        return dict(self.tables)

    @property
    def figures(self) -> str:
        """``20 rounds, pass 90%, 30 min``."""
        limit = self.time_limit_minutes
        return f"{self.rounds_text}, pass {self.pass_mark:g}%" + (
            f", {limit:g} min" if limit else ""
        )

    @property
    def described(self) -> str:
        """One line for choosing an exam: ``20 rounds, ny-2018, 6 occupied seats, side
        bets Trips Plus, Pocket Bonus, payouts in chips, pass 90%, 30 min, same hands for
        everyone, at most 3 attempts, 24 h between attempts`` (what is not fixed is left
        out; typed amounts, the default, are not said)."""
        limit = self.time_limit_minutes
        return ", ".join(part for part in (
            self.rounds_text, self.ruleset_id, self.seats_text,
            f"side bets {self.side_bets_text}", "payouts in chips" if self.chips else "",
            f"pass {self.pass_mark:g}%",
            f"{limit:g} min" if limit else "",
            "same hands for everyone" if self.seed is not None else "",
            f"at most {self.max_attempts} attempts" if self.max_attempts else "",
            f"{self.wait_hours} h between attempts" if self.wait_hours else "",
        ) if part)

    def complete(self) -> ExamSetup:
        """This set-up with the rule set's table letters and side bets spelled out;
        ``ValueError`` naming the field when the rule set cannot be read or lacks one."""
        try:
            ruleset = load_ruleset(self.ruleset_id)
            choice = ruleset.choose_tables(self.options)
        except (RuleSetError, OSError, RecursionError) as error:
            raise ValueError(f"tables: {error}") from None
        letters = {
            "bad_beat_table": choice.bad_beat_name,
            "trips_plus_table": choice.trips_plus_letter,
            "pocket_bonus_table": choice.pocket_bonus_letter,
        }
        if choice.progressive_letter is not None:
            letters["progressive_table"] = choice.progressive_letter
        offered = offered_side_wagers(ruleset)
        if self.side_bets is None:
            side_bets = offered
        else:
            missing = [w for w in self.side_bets if w not in offered]
            if missing:
                raise ValueError(
                    f"side_bets: {', '.join(w.label for w in missing)} is not offered by"
                    f" the rule set {self.ruleset_id!r}"
                )
            side_bets = tuple(w for w in SIDE_WAGERS if w in self.side_bets)
        return replace(self, tables=tuple(sorted(letters.items())), side_bets=side_bets)

    @property
    def seats_text(self) -> str:
        return f"{self.seats} occupied seat{'s' * (self.seats != 1)}"

    @property
    def side_bets_text(self) -> str:
        """``Trips Plus, Pocket Bonus`` (``none``); ``as the rule set offers`` before
        :meth:`complete`."""
        if self.side_bets is None:
            return "every side bet the rule set offers"
        return ", ".join(wager.label for wager in self.side_bets) or "none"

    @property
    def tables_text(self) -> str:
        """``Bad beat A, Pocket Bonus B, ...``; ``the rule set's defaults`` when none."""
        if not self.tables:
            return "the rule set's defaults"
        return ", ".join(
            f"{key.removesuffix('_table').replace('_', ' ').capitalize()} {letter}"
            for key, letter in self.tables
        )

    @property
    def payouts_text(self) -> str:
        """How a payout is answered in this exam, whatever a station's setting."""
        return ("built in chips from the room's rack" if self.chips
                else "typed amounts")

    @property
    def exercise_text(self) -> str:
        """What each round of the exam is."""
        return ("Spot the dealer's mistake: a round settled by a dealer, its mistakes"
                " marked and corrected" if self.mistakes
                else "a round dealt and settled by the trainee")

    @property
    def hands_text(self) -> str:
        return (f"the same for every candidate (hands number {self.seed})"
                if self.seed is not None else "new hands for each candidate")

    @property
    def attempts_text(self) -> str:
        """``at most 3, 24 hours apart``; ``no limit``."""
        parts = []
        if self.max_attempts is not None:
            parts.append(f"at most {self.max_attempts}")
        if self.wait_hours is not None:
            parts.append(f"{self.wait_hours} hour{'s' * (self.wait_hours != 1)} apart")
        return ", ".join(parts) or "no limit"


@dataclass(frozen=True)
class _Limit:
    low: int
    high: int
    whole: bool
    what: str

    def holds(self, value: object) -> bool:
        return in_range(value, self.low, self.high, whole=self.whole)

    @property
    def expected(self) -> str:
        kind = "whole number" if self.whole else "number"
        return f"a {kind} of {self.what} from {self.low:,} to {self.high:,}"


ROUNDS = _Limit(MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS, True, "rounds")
PASS_MARK = _Limit(MIN_PASS_MARK, MAX_PASS_MARK, False, "percent (answers right)")
TIME_LIMIT_MINUTES = _Limit(MIN_TIME_LIMIT_MINUTES, MAX_TIME_LIMIT_MINUTES, False, "minutes")
SEATS = _Limit(MIN_SEATS, MAX_SEATS, True, "occupied seats")
SEED = _Limit(MIN_SEED, MAX_SEED, True, "hands (the seed)")
ATTEMPTS = _Limit(MIN_ATTEMPTS, MAX_ATTEMPTS, True, "attempts")
WAIT_HOURS = _Limit(MIN_WAIT_HOURS, MAX_WAIT_HOURS, True, "hours")
_FILE_KEYS = {
    "rounds": ROUNDS,
    "pass_mark": PASS_MARK,
    "time_limit_minutes": TIME_LIMIT_MINUTES,
    "seats": SEATS,
    "seed": SEED,
    "max_attempts": ATTEMPTS,
    "wait_hours": WAIT_HOURS,
}
_OPTIONAL = ("time_limit_minutes", "seats", "seed", "max_attempts", "wait_hours")
FILE_KEYS = (*_FILE_KEYS, "side_bets", "chips")
"""The keys of a file's exam (the site file's ``[exam]``) this module checks."""
_WAGER_NAMES = ", ".join(wager.value for wager in SIDE_WAGERS)


def _side_bets(raw: object) -> tuple[Wager, ...] | None:
    """A file's list of side-bet names as wagers; None when it is not one."""
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        return None
    names = [item.strip().lower() for item in raw]
    if len(set(names)) != len(names) or any(n not in _WAGER_NAMES.split(", ") for n in names):
        return None
    return tuple(wager for wager in SIDE_WAGERS if wager.value in names)


def exam_value_problems(values: Mapping[str, object]) -> list[str]:
    """One sentence per bad figure of a file's exam (``rounds``, ``pass_mark``,
    optional ``time_limit_minutes``, ``seats``, ``side_bets``, ``seed``,
    ``max_attempts``, ``wait_hours``, ``chips``), each starting with its key."""
    problems = []
    for key, limit in _FILE_KEYS.items():
        if key not in values:
            if key not in _OPTIONAL:
                problems.append(f"{key}: missing ({limit.expected})")
        elif not limit.holds(values[key]):
            problems.append(f"{key}: {shown(values[key])} is not {limit.expected}")
    if "side_bets" in values and _side_bets(values["side_bets"]) is None:
        problems.append(
            f"side_bets: {shown(values['side_bets'])} is not a list of side bets, each once"
            f" (of {_WAGER_NAMES}; [] for none)"
        )
    if "chips" in values and not isinstance(values["chips"], bool):
        problems.append(f"chips: {shown(values['chips'])} is not true or false (true: every"
                        " payout built in chips from the room's rack)")
    return problems


def exam_from_values(name: str, values: Mapping[str, object], ruleset_id: str,
                     tables: Mapping[str, str] | None = None) -> ExamSetup:
    """The set-up of figures :func:`exam_value_problems` found no fault in, under the
    room's rule set and table letters. ``ValueError`` (naming ``side_bets`` or
    ``tables``) when the rule set does not offer what the file asks for."""
    minutes = values.get("time_limit_minutes")
    assert isinstance(minutes, int | float | None)
    rounds, pass_mark = values["rounds"], values["pass_mark"]
    assert isinstance(rounds, int) and isinstance(pass_mark, int | float)
    seconds = None if minutes is None else round(minutes * 60)
    extra: dict[str, Any] = {
        key: values[key] for key in ("seats", "seed", "max_attempts", "wait_hours")
        if key in values
    }
    if "side_bets" in values:
        extra["side_bets"] = _side_bets(values["side_bets"])
    if "chips" in values:
        extra["chips"] = values["chips"]
    setup = ExamSetup(name, rounds, float(pass_mark), seconds, ruleset_id,
                      tuple(sorted((tables or {}).items())), **extra)
    setup.complete()  # the rule set offers every side bet and table named
    return setup


def _whole(text: str, limit: _Limit, label: str, *, empty: str | None = None) -> int | None:
    """A typed whole number within ``limit``; None for nothing typed when ``empty``
    says what nothing means."""
    text = text.strip()
    if not text and empty is not None:
        return None
    if not re.fullmatch(r"\d{1,9}", text) or not limit.holds(int(text)):
        nothing = f" (leave it empty for {empty})" if empty is not None else ""
        raise ValueError(
            f"{label}: {text or 'nothing'} is not a whole number from {limit.low:,} to"
            f" {limit.high:,}{nothing}."
        )
    return int(text)


def parse_exam_setup(
    name: str, rounds: str, ruleset_id: str, pass_mark: str, minutes: str, *,
    tables: Mapping[str, str] | None = None, seats: int = MAX_SEATS,
    side_bets: Sequence[Wager] | None = None, seed: str = "", attempts: str = "",
    wait_hours: str = "", chips: bool = False, mistakes: bool = False,
) -> ExamSetup:
    """Check a set-up typed in the Exam set-up dialog (whole minutes, a preset rule set);
    raise ``ValueError`` with a sentence naming the field as the dialog labels it.
    ``chips``: the dialog's *Payouts built in chips* box. The result is
    :meth:`~ExamSetup.complete`."""
    if not isinstance(chips, bool):
        raise TypeError(f"chips must be True or False, got {chips!r}")
    if not isinstance(mistakes, bool):
        raise TypeError(f"mistakes must be True or False, got {mistakes!r}")
    clean_name = name.strip()
    if not clean_name:
        raise ValueError("Name: give the exam set-up a name, e.g. \u201cFinal exam\u201d.")
    text = rounds.strip()
    if not re.fullmatch(r"\d{1,9}", text) or not ROUNDS.holds(int(text)):
        raise ValueError(
            f"Number of rounds: {text or 'nothing'} is not a whole number from"
            f" {MIN_EXAM_ROUNDS} to {MAX_EXAM_ROUNDS}."
        )
    if ruleset_id not in PRESETS:
        raise ValueError(f"Rule set: {ruleset_id!r} is not one of {', '.join(PRESETS)}.")
    mark_text = pass_mark.strip().removesuffix("%").strip()
    try:
        mark = float(mark_text)
    except ValueError:
        mark = math.nan
    if not PASS_MARK.holds(mark):
        raise ValueError(
            f"Pass mark: {pass_mark.strip() or 'nothing'} is not a percentage from"
            f" {MIN_PASS_MARK} to {MAX_PASS_MARK}."
        )
    limit_text = minutes.strip()
    limit: int | None = None
    if limit_text:
        whole = re.fullmatch(r"\d{1,9}", limit_text)
        if not whole or not TIME_LIMIT_MINUTES.holds(int(limit_text)):
            raise ValueError(
                f"Time limit: {limit_text} is not a whole number of minutes from"
                f" {MIN_TIME_LIMIT_MINUTES} to {MAX_TIME_LIMIT_MINUTES} (leave it empty for"
                " no limit)."
            )
        limit = int(limit_text) * 60
    if not SEATS.holds(seats):
        raise ValueError(f"Occupied seats: {seats} is not from {MIN_SEATS} to {MAX_SEATS}.")
    setup = ExamSetup(
        clean_name, int(text), mark, limit, ruleset_id,
        tables=tuple(sorted((tables or {}).items())),
        seats=seats,
        side_bets=None if side_bets is None else tuple(side_bets),
        seed=_whole(seed, SEED, "Same hands: the hands number", empty="new hands each time"),
        max_attempts=_whole(attempts, ATTEMPTS, "Attempts allowed", empty="no limit"),
        wait_hours=_whole(wait_hours, WAIT_HOURS, "Wait between attempts (hours)",
                          empty="no wait"),
        chips=chips,
        mistakes=mistakes,
    )
    problem = mistakes_problem(setup)
    if problem is not None:
        field, _, reason = problem.partition(": ")
        label = {"seed": "Same hands", "chips": "Payouts"}[field]
        raise ValueError(f"{label}: {reason}.")
    try:
        return setup.complete()
    except ValueError as error:
        field, _, reason = str(error).partition(": ")
        label = {"tables": "Tables", "side_bets": "Side bets"}.get(field, field)
        raise ValueError(f"{label}: {reason}.") from None


def mistakes_problem(setup: ExamSetup) -> str | None:
    """What an exam of dealer's mistakes lacks (None: nothing, or not one), naming the
    field: its hands number (the same exercises for every candidate), and no chips."""
    if not setup.mistakes:
        return None
    if setup.seed is None:
        return ("seed: an exam of dealer's mistakes deals the same exercises to every"
                " candidate: give it a hands number")
    if setup.chips:
        return ("chips: an exam of dealer's mistakes builds no payouts in chips: it asks"
                " for the right settlement of each wrong one, typed")
    return None


def stored_exam_problem(rounds: object, pass_mark: object,
                        time_limit_seconds: object) -> str | None:
    """What is wrong with a set-up about to be stored (None: nothing), naming the field:
    the same limits, with the time limit in whole seconds (any from 1: what a person
    types is whole minutes, but a short limit is the stored form's to hold)."""
    if not ROUNDS.holds(rounds):
        return f"rounds: {shown(rounds)} is not {ROUNDS.expected}"
    if not PASS_MARK.holds(pass_mark):
        return f"pass_mark: {shown(pass_mark)} is not {PASS_MARK.expected}"
    low, high = 1, MAX_TIME_LIMIT_MINUTES * 60
    if time_limit_seconds is not None and not in_range(time_limit_seconds, low, high,
                                                       whole=True):
        return (f"time_limit_seconds: {shown(time_limit_seconds)} is not a whole number of"
                f" seconds from {low:,} to {high:,} (or none)")
    return None


def setup_problem(setup: ExamSetup) -> str | None:
    """What is wrong with a whole set-up about to be stored (None: nothing), naming the
    field: the first figures (:func:`stored_exam_problem`), then the rest."""
    problem = stored_exam_problem(setup.rounds, setup.pass_mark, setup.time_limit_seconds)
    if problem is not None:
        return problem
    optional = {"seed": SEED, "max_attempts": ATTEMPTS, "wait_hours": WAIT_HOURS}
    if not SEATS.holds(setup.seats):
        return f"seats: {shown(setup.seats)} is not {SEATS.expected}"
    for key, limit in optional.items():
        value = getattr(setup, key)
        if value is not None and not limit.holds(value):
            return f"{key}: {shown(value)} is not {limit.expected} (or none)"
    if not isinstance(setup.chips, bool):
        return f"chips: {shown(setup.chips)} is not true or false"
    if not isinstance(setup.mistakes, bool):
        return f"mistakes: {shown(setup.mistakes)} is not true or false"
    problem = mistakes_problem(setup)
    if problem is not None:
        return problem
    if setup.side_bets is not None and not all(w in SIDE_WAGERS for w in setup.side_bets):
        return f"side_bets: {shown(setup.side_bets)} is not a list of side bets"
    if any(key not in OPTION_KEYS for key, _ in setup.tables):
        return f"tables: {shown(setup.tables)} names a table that is not one of {OPTION_KEYS}"
    try:
        setup.complete()
    except ValueError as error:
        return str(error)
    return None


# --- the stored form ------------------------------------------------------------------

def setup_to_dict(setup: ExamSetup, **more: object) -> dict[str, Any]:
    """The set-up as JSON-ready values (``more``: e.g. its name's ``version``). An exam of
    rounds has no ``mistakes`` key, as before exams of dealer's mistakes: its stored text
    (and any seal or copy of it) is unchanged."""
    data = asdict(setup)
    if not setup.mistakes:
        del data["mistakes"]
    data["tables"] = dict(setup.tables)
    data["side_bets"] = (None if setup.side_bets is None
                         else [wager.value for wager in setup.side_bets])
    data.update(more)
    return data


def setup_to_json(setup: ExamSetup, **more: object) -> str:
    return json.dumps(setup_to_dict(setup, **more), sort_keys=True, ensure_ascii=False)


def setup_from_json(text: str) -> tuple[ExamSetup, dict[str, Any]]:
    """A stored set-up and the stored values beside it (``version``...); ``ValueError``
    naming the key when the text is not one this trainer wrote. A set-up stored before
    set-ups could require chips (no ``chips``) asks typed amounts, as it did; one stored
    before exams of dealer's mistakes (no ``mistakes``) deals rounds, as it did."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise ValueError("setup_json: not JSON") from None
    if not isinstance(data, dict):
        raise ValueError("setup_json: not an object")
    fields = {"name", "rounds", "pass_mark", "time_limit_seconds", "ruleset_id", "tables",
              "seats", "side_bets", "seed", "max_attempts", "wait_hours"}
    missing = sorted(fields - data.keys())
    if missing:
        raise ValueError(f"setup_json: {', '.join(missing)} missing")
    tables = data["tables"]
    if not isinstance(tables, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tables.items()
    ):
        raise ValueError(f"setup_json: tables {shown(tables)} is not a table of letters")
    raw_bets = data["side_bets"]
    side_bets = None if raw_bets is None else _side_bets(raw_bets)
    if raw_bets is not None and side_bets is None:
        raise ValueError(f"setup_json: side_bets {shown(raw_bets)} is not a list of side bets")
    name, ruleset_id = data["name"], data["ruleset_id"]
    if not isinstance(name, str) or not isinstance(ruleset_id, str):
        raise ValueError("setup_json: name and ruleset_id must be text")
    chips = data.get("chips", False)
    if not isinstance(chips, bool):
        raise ValueError(f"setup_json: chips {shown(chips)} is not true or false")
    mistakes = data.get("mistakes", False)
    if not isinstance(mistakes, bool):
        raise ValueError(f"setup_json: mistakes {shown(mistakes)} is not true or false")
    setup = ExamSetup(name, data["rounds"], data["pass_mark"], data["time_limit_seconds"],
                      ruleset_id, tuple(sorted(tables.items())), data["seats"], side_bets,
                      data["seed"], data["max_attempts"], data["wait_hours"], chips,
                      mistakes)
    problem = (stored_exam_problem(setup.rounds, setup.pass_mark, setup.time_limit_seconds)
               or mistakes_problem(setup))
    for key, limit in {"seats": SEATS, "seed": SEED, "max_attempts": ATTEMPTS,
                       "wait_hours": WAIT_HOURS}.items():
        value = getattr(setup, key)
        if problem is None and not (value is None and key != "seats") and not limit.holds(value):
            problem = f"{key}: {shown(value)} is not {limit.expected}"
    if problem is not None:
        raise ValueError(f"setup_json: {problem}")
    return setup, {key: value for key, value in data.items()
                   if key not in fields and key not in ("chips", "mistakes")}
