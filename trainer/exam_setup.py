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
rows right against the pass mark like every exam. The candidate builds no payout there;
with ``chips`` the dealer's payouts are shown in the room's chips (on the felt and in the
list), and a wrong chip procedure may be among the mistakes to spot.

A set-up may be a table test (``table_test``, issue 23 item 3): each round run whole in Run
the round, from the first wager to the cleared table (every wager accepted or refused,
the deal in the order of ``table_test``'s deal method, every decision, the settlement's
questions, clearing), the same rounds for every candidate (a hands number is required),
scored by the share of its steps right against the pass mark; its report is the table
test record for the trainee's personnel file. Payouts are typed there, never chips.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from trainer.engine.money import shown
from trainer.engine.procedure import DealMethod
from trainer.engine.round import SIDE_WAGERS, TABLE_SEATS, Wager, offered_side_wagers
from trainer.engine.rulesets import DEFAULT_RULES, OPTION_KEYS, PRESETS, RuleSetError, load_ruleset
from trainer.i18n import N_, _, ngettext
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


class SetupError(ValueError):
    """A set-up refused: ``field`` (the key, never translated) and ``reason`` (a sentence
    in the trainer's language); its text is ``field: reason``. A caller that shows it
    under its own label reads the two fields, never the text."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


_TABLE_NAMES = {
    "bad_beat_table": N_("Bad beat {letter}"),
    "trips_plus_table": N_("Trips plus {letter}"),
    "pocket_bonus_table": N_("Pocket bonus {letter}"),
    "progressive_table": N_("Progressive {letter}"),
}
"""A set-up's table letters as its report names them (``Pocket bonus B``)."""


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
    table_test: DealMethod | None = None
    """A table test, dealt by this method: each round run whole in Run the round
    (trainer.training.procedure), the same for every candidate (``seed`` is required);
    None: not a table test."""

    @property
    def rounds_text(self) -> str:
        """``20 rounds``; ``20 dealer's-mistake exercises`` for an exam of mistakes."""
        if self.mistakes:
            return ngettext("{count} dealer's-mistake exercise",
                            "{count} dealer's-mistake exercises", self.rounds)
        if self.table_test is not None:
            return ngettext("{count} table-test round", "{count} table-test rounds",
                            self.rounds)
        return ngettext("{count} round", "{count} rounds", self.rounds)

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
        mark = format(self.pass_mark, "g")
        if limit:
            return _("{rounds}, pass {mark}%, {minutes} min", rounds=self.rounds_text,
                     mark=mark, minutes=format(limit, "g"))
        return _("{rounds}, pass {mark}%", rounds=self.rounds_text, mark=mark)

    @property
    def described(self) -> str:
        """One line for choosing an exam: ``20 rounds, ny-2018, 6 occupied seats, side
        bets Trips Plus, Pocket Bonus, payouts in chips, pass 90%, 30 min, same hands for
        everyone, at most 3 attempts, 24 h between attempts`` (what is not fixed is left
        out; typed amounts, the default, are not said)."""
        limit = self.time_limit_minutes
        return ", ".join(part for part in (
            self.rounds_text, self.ruleset_id, self.seats_text,
            _("side bets {bets}", bets=self.side_bets_text),
            _("payouts in chips") if self.chips else "",
            _("pass {mark}%", mark=format(self.pass_mark, "g")),
            _("{minutes} min", minutes=format(limit, "g")) if limit else "",
            _("same hands for everyone") if self.seed is not None else "",
            ngettext("at most {count} attempt", "at most {count} attempts", self.max_attempts)
            if self.max_attempts else "",
            _("{hours} h between attempts", hours=self.wait_hours) if self.wait_hours else "",
        ) if part)

    def complete(self) -> ExamSetup:
        """This set-up with the rule set's table letters and side bets spelled out;
        ``ValueError`` naming the field when the rule set cannot be read or lacks one."""
        try:
            ruleset = load_ruleset(self.ruleset_id)
            choice = ruleset.choose_tables(self.options)
        except (RuleSetError, OSError, RecursionError) as error:
            raise SetupError("tables", str(error)) from None
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
                raise SetupError("side_bets", _(
                    "{bets} is not offered by the rule set {ruleset}",
                    bets=", ".join(w.display_name for w in missing),
                    ruleset=repr(self.ruleset_id)))
            side_bets = tuple(w for w in SIDE_WAGERS if w in self.side_bets)
        return replace(self, tables=tuple(sorted(letters.items())), side_bets=side_bets)

    @property
    def seats_text(self) -> str:
        return ngettext("{count} occupied seat", "{count} occupied seats", self.seats)

    @property
    def side_bets_text(self) -> str:
        """``Trips Plus, Pocket Bonus`` (``none``); ``as the rule set offers`` before
        :meth:`complete`."""
        if self.side_bets is None:
            return _("every side bet the rule set offers")
        return ", ".join(wager.display_name for wager in self.side_bets) or _("none")

    @property
    def tables_text(self) -> str:
        """``Bad beat A, Pocket Bonus B, ...``; ``the rule set's defaults`` when none."""
        if not self.tables:
            return _("the rule set's defaults")
        return ", ".join(
            _(_TABLE_NAMES[key], letter=letter) if key in _TABLE_NAMES
            else f"{key.removesuffix('_table').replace('_', ' ').capitalize()} {letter}"
            for key, letter in self.tables
        )

    @property
    def payouts_text(self) -> str:
        """How a payout is answered in this exam, whatever a station's setting."""
        return _("built in chips from the room's rack") if self.chips else _("typed amounts")

    @property
    def exercise_text(self) -> str:
        """What each round of the exam is."""
        if self.mistakes:
            return _("Spot the dealer's mistake: a round settled by a dealer, its mistakes"
                     " marked and corrected")
        if self.table_test is not None:
            return _("Table test: each round run whole, from the first wager to the cleared"
                     " table, {deal}", deal=self.deal_text)
        return _("a round dealt and settled by the trainee")

    @property
    def deal_text(self) -> str:
        """How a table test's cards come out (docs/rules.md \u00a77)."""
        if self.table_test is DealMethod.SHOE:
            return _("dealt from an automated shoe")
        return _("dealt by hand")

    @property
    def hands_text(self) -> str:
        if self.seed is not None:
            return _("the same for every candidate (hands number {seed})", seed=self.seed)
        return _("new hands for each candidate")

    @property
    def attempts_text(self) -> str:
        """``at most 3, 24 hours apart``; ``no limit``."""
        most, wait = self.max_attempts, self.wait_hours
        if most is not None and wait is not None:
            return ngettext("at most {most}, {count} hour apart",
                            "at most {most}, {count} hours apart", wait, most=most)
        if most is not None:
            return _("at most {most}", most=most)
        if wait is not None:
            return ngettext("{count} hour apart", "{count} hours apart", wait)
        return _("no limit")


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
        low, high = format(self.low, ","), format(self.high, ",")
        if self.whole:
            return _("a whole number of {what} from {low} to {high}", what=_(self.what),
                     low=low, high=high)
        return _("a number of {what} from {low} to {high}", what=_(self.what), low=low,
                 high=high)


ROUNDS = _Limit(MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS, True, N_("rounds"))
PASS_MARK = _Limit(MIN_PASS_MARK, MAX_PASS_MARK, False, N_("percent (answers right)"))
TIME_LIMIT_MINUTES = _Limit(MIN_TIME_LIMIT_MINUTES, MAX_TIME_LIMIT_MINUTES, False,
                            N_("minutes"))
SEATS = _Limit(MIN_SEATS, MAX_SEATS, True, N_("occupied seats"))
SEED = _Limit(MIN_SEED, MAX_SEED, True, N_("hands (the seed)"))
ATTEMPTS = _Limit(MIN_ATTEMPTS, MAX_ATTEMPTS, True, N_("attempts"))
WAIT_HOURS = _Limit(MIN_WAIT_HOURS, MAX_WAIT_HOURS, True, N_("hours"))
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
                problems.append(_("{key}: missing ({expected})", key=key,
                                  expected=limit.expected))
        elif not limit.holds(values[key]):
            problems.append(_("{key}: {value} is not {expected}", key=key,
                              value=shown(values[key]), expected=limit.expected))
    if "side_bets" in values and _side_bets(values["side_bets"]) is None:
        problems.append(_(
            "side_bets: {value} is not a list of side bets, each once (of {names}; [] for"
            " none)", value=shown(values["side_bets"]), names=_WAGER_NAMES))
    if "chips" in values and not isinstance(values["chips"], bool):
        problems.append(_("chips: {value} is not true or false (true: every payout built in"
                          " chips from the room's rack)", value=shown(values["chips"])))
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
        named = {"label": label, "value": text or _("nothing"), "low": format(limit.low, ","),
                 "high": format(limit.high, ",")}
        if empty is not None:
            raise ValueError(_("{label}: {value} is not a whole number from {low} to {high}"
                               " (leave it empty for {empty}).", empty=empty, **named))
        raise ValueError(_("{label}: {value} is not a whole number from {low} to {high}.",
                           **named))
    return int(text)


def parse_exam_setup(
    name: str, rounds: str, ruleset_id: str, pass_mark: str, minutes: str, *,
    tables: Mapping[str, str] | None = None, seats: int = MAX_SEATS,
    side_bets: Sequence[Wager] | None = None, seed: str = "", attempts: str = "",
    wait_hours: str = "", chips: bool = False, mistakes: bool = False,
    table_test: DealMethod | None = None,
) -> ExamSetup:
    """Check a set-up typed in the Exam set-up dialog (whole minutes, a preset rule set);
    raise ``ValueError`` with a sentence naming the field as the dialog labels it.
    ``chips``: the dialog's *Payouts built in chips* box. The result is
    :meth:`~ExamSetup.complete`."""
    if not isinstance(chips, bool):
        raise TypeError(f"chips must be True or False, got {chips!r}")
    if not isinstance(mistakes, bool):
        raise TypeError(f"mistakes must be True or False, got {mistakes!r}")
    if table_test is not None and not isinstance(table_test, DealMethod):
        raise TypeError(f"table_test must be a DealMethod or None, got {table_test!r}")
    clean_name = name.strip()
    if not clean_name:
        raise ValueError(_("Name: give the exam set-up a name, e.g. \u201cFinal exam\u201d."))
    text = rounds.strip()
    if not re.fullmatch(r"\d{1,9}", text) or not ROUNDS.holds(int(text)):
        raise ValueError(_("Number of rounds: {value} is not a whole number from {low} to"
                           " {high}.", value=text or _("nothing"), low=MIN_EXAM_ROUNDS,
                           high=MAX_EXAM_ROUNDS))
    if ruleset_id not in PRESETS:
        raise ValueError(_("Rule set: {value} is not one of {presets}.",
                           value=repr(ruleset_id), presets=", ".join(PRESETS)))
    mark_text = pass_mark.strip().removesuffix("%").strip()
    try:
        mark = float(mark_text)
    except ValueError:
        mark = math.nan
    if not PASS_MARK.holds(mark):
        raise ValueError(_("Pass mark: {value} is not a percentage from {low} to {high}.",
                           value=pass_mark.strip() or _("nothing"), low=MIN_PASS_MARK,
                           high=MAX_PASS_MARK))
    limit_text = minutes.strip()
    limit: int | None = None
    if limit_text:
        whole = re.fullmatch(r"\d{1,9}", limit_text)
        if not whole or not TIME_LIMIT_MINUTES.holds(int(limit_text)):
            raise ValueError(_("Time limit: {value} is not a whole number of minutes from"
                               " {low} to {high} (leave it empty for no limit).",
                               value=limit_text, low=MIN_TIME_LIMIT_MINUTES,
                               high=MAX_TIME_LIMIT_MINUTES))
        limit = int(limit_text) * 60
    if not SEATS.holds(seats):
        raise ValueError(_("Occupied seats: {value} is not from {low} to {high}.", value=seats,
                           low=MIN_SEATS, high=MAX_SEATS))
    setup = ExamSetup(
        clean_name, int(text), mark, limit, ruleset_id,
        tables=tuple(sorted((tables or {}).items())),
        seats=seats,
        side_bets=None if side_bets is None else tuple(side_bets),
        seed=_whole(seed, SEED, _("Same hands: the hands number"),
                    empty=_("new hands each time")),
        max_attempts=_whole(attempts, ATTEMPTS, _("Attempts allowed"), empty=_("no limit")),
        wait_hours=_whole(wait_hours, WAIT_HOURS, _("Wait between attempts (hours)"),
                          empty=_("no wait")),
        chips=chips,
        mistakes=mistakes,
        table_test=table_test,
    )
    fault = _mistakes_fault(setup) or _table_test_fault(setup)
    if fault is not None:
        label = {"seed": _("Same hands"), "chips": _("Payouts"),
                 "table_test": _("Table test")}[fault.field]
        raise ValueError(_("{label}: {reason}.", label=label, reason=fault.reason))
    try:
        return setup.complete()
    except SetupError as error:
        labels = {"tables": _("Tables"), "side_bets": _("Side bets")}
        raise ValueError(_("{label}: {reason}.", label=labels.get(error.field, error.field),
                           reason=error.reason)) from None


def mistakes_problem(setup: ExamSetup) -> str | None:
    """What an exam of dealer's mistakes (or a table test) lacks (None: nothing, or not
    one), naming the field: its hands number (the same exercises for every candidate),
    and no chips; a set-up is never both."""
    fault = _mistakes_fault(setup) or _table_test_fault(setup)
    return None if fault is None else str(fault)


def _table_test_fault(setup: ExamSetup) -> SetupError | None:
    if setup.table_test is None:
        return None
    if not isinstance(setup.table_test, DealMethod):
        return SetupError("table_test", _("{value} is not a deal method ({first} or"
                                          " {second})", value=shown(setup.table_test),
                                          first=DealMethod.MANUAL.value,
                                          second=DealMethod.SHOE.value))
    if setup.mistakes:
        return SetupError("table_test", _("a set-up is a table test or an exam of dealer's"
                                          " mistakes, not both"))
    if setup.seed is None:
        return SetupError("seed", _("a table test runs the same rounds for every candidate:"
                                    " give it a hands number"))
    if setup.chips:
        return SetupError("chips", _("a table test builds no payouts in chips: each"
                                     " settlement answer is typed"))
    return None


def _mistakes_fault(setup: ExamSetup) -> SetupError | None:
    if not setup.mistakes:
        return None
    if setup.seed is None:
        return SetupError("seed", _("an exam of dealer's mistakes deals the same exercises to"
                                    " every candidate: give it a hands number"))
    if setup.chips:
        return SetupError("chips", _("an exam of dealer's mistakes builds no payouts in chips:"
                                     " it asks for the right settlement of each wrong one,"
                                     " typed"))
    return None


def stored_exam_problem(rounds: object, pass_mark: object,
                        time_limit_seconds: object) -> str | None:
    """What is wrong with a set-up about to be stored (None: nothing), naming the field:
    the same limits, with the time limit in whole seconds (any from 1: what a person
    types is whole minutes, but a short limit is the stored form's to hold)."""
    if not ROUNDS.holds(rounds):
        return _("{key}: {value} is not {expected}", key="rounds", value=shown(rounds),
                 expected=ROUNDS.expected)
    if not PASS_MARK.holds(pass_mark):
        return _("{key}: {value} is not {expected}", key="pass_mark", value=shown(pass_mark),
                 expected=PASS_MARK.expected)
    low, high = 1, MAX_TIME_LIMIT_MINUTES * 60
    if time_limit_seconds is not None and not in_range(time_limit_seconds, low, high,
                                                       whole=True):
        return _("time_limit_seconds: {value} is not a whole number of seconds from {low} to"
                 " {high} (or none)", value=shown(time_limit_seconds), low=format(low, ","),
                 high=format(high, ","))
    return None


def setup_problem(setup: ExamSetup) -> str | None:
    """What is wrong with a whole set-up about to be stored (None: nothing), naming the
    field: the first figures (:func:`stored_exam_problem`), then the rest."""
    problem = stored_exam_problem(setup.rounds, setup.pass_mark, setup.time_limit_seconds)
    if problem is not None:
        return problem
    optional = {"seed": SEED, "max_attempts": ATTEMPTS, "wait_hours": WAIT_HOURS}
    if not SEATS.holds(setup.seats):
        return _("{key}: {value} is not {expected}", key="seats", value=shown(setup.seats),
                 expected=SEATS.expected)
    for key, limit in optional.items():
        value = getattr(setup, key)
        if value is not None and not limit.holds(value):
            return _("{key}: {value} is not {expected} (or none)", key=key, value=shown(value),
                     expected=limit.expected)
    for key in ("chips", "mistakes"):
        if not isinstance(getattr(setup, key), bool):
            return _("{key}: {value} is not true or false", key=key,
                     value=shown(getattr(setup, key)))
    problem = mistakes_problem(setup)
    if problem is not None:
        return problem
    if setup.side_bets is not None and not all(w in SIDE_WAGERS for w in setup.side_bets):
        return _("side_bets: {value} is not a list of side bets", value=shown(setup.side_bets))
    if any(key not in OPTION_KEYS for key, _letter in setup.tables):
        return _("tables: {value} names a table that is not one of {keys}",
                 value=shown(setup.tables), keys=OPTION_KEYS)
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
    if setup.table_test is None:
        del data["table_test"]
    else:
        data["table_test"] = setup.table_test.value
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
    before exams of dealer's mistakes (no ``mistakes``) or table tests (no ``table_test``)
    deals rounds, as it did."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise ValueError(_("setup_json: not JSON")) from None
    if not isinstance(data, dict):
        raise ValueError(_("setup_json: not an object"))
    fields = {"name", "rounds", "pass_mark", "time_limit_seconds", "ruleset_id", "tables",
              "seats", "side_bets", "seed", "max_attempts", "wait_hours"}
    missing = sorted(fields - data.keys())
    if missing:
        raise ValueError(_("setup_json: {keys} missing", keys=", ".join(missing)))
    tables = data["tables"]
    if not isinstance(tables, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tables.items()
    ):
        raise ValueError(_("setup_json: tables {value} is not a table of letters",
                           value=shown(tables)))
    raw_bets = data["side_bets"]
    side_bets = None if raw_bets is None else _side_bets(raw_bets)
    if raw_bets is not None and side_bets is None:
        raise ValueError(_("setup_json: side_bets {value} is not a list of side bets",
                           value=shown(raw_bets)))
    name, ruleset_id = data["name"], data["ruleset_id"]
    if not isinstance(name, str) or not isinstance(ruleset_id, str):
        raise ValueError(_("setup_json: name and ruleset_id must be text"))
    chips = data.get("chips", False)
    if not isinstance(chips, bool):
        raise ValueError(_("setup_json: {key} {value} is not true or false", key="chips",
                           value=shown(chips)))
    mistakes = data.get("mistakes", False)
    if not isinstance(mistakes, bool):
        raise ValueError(_("setup_json: {key} {value} is not true or false", key="mistakes",
                           value=shown(mistakes)))
    raw_test = data.get("table_test")
    if raw_test is not None and raw_test not in tuple(DealMethod):
        raise ValueError(_("setup_json: {key} {value} is not a deal method ({first} or"
                           " {second})", key="table_test", value=shown(raw_test),
                           first=DealMethod.MANUAL.value, second=DealMethod.SHOE.value))
    table_test = None if raw_test is None else DealMethod(raw_test)
    setup = ExamSetup(name, data["rounds"], data["pass_mark"], data["time_limit_seconds"],
                      ruleset_id, tuple(sorted(tables.items())), data["seats"], side_bets,
                      data["seed"], data["max_attempts"], data["wait_hours"], chips,
                      mistakes, table_test)
    problem = (stored_exam_problem(setup.rounds, setup.pass_mark, setup.time_limit_seconds)
               or mistakes_problem(setup))
    for key, limit in {"seats": SEATS, "seed": SEED, "max_attempts": ATTEMPTS,
                       "wait_hours": WAIT_HOURS}.items():
        value = getattr(setup, key)
        if problem is None and not (value is None and key != "seats") and not limit.holds(value):
            problem = _("{key}: {value} is not {expected}", key=key, value=shown(value),
                        expected=limit.expected)
    if problem is not None:
        raise ValueError(_("setup_json: {problem}", problem=problem))
    return setup, {key: value for key, value in data.items()
                   if key not in fields and key not in ("chips", "mistakes", "table_test")}
