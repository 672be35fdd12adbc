"""A round: cards, wagers and decisions, validated before anything is settled.

:func:`parse_round` reads the settle contract's JSON form
(``docs/settle-contract.md``) and refuses, with a :class:`RoundError`
naming the field and the value, anything the rules forbid: duplicate cards,
wrong card counts, unequal ante and odds, a raise the rule set does not
allow, a raise on a folded seat, an unknown rule set, a malformed amount.

Amounts are the contract's plain form (``parse_amount(..., plain=True)``): a
JSON number, or a string of digits with at most two decimals, never above
:data:`~trainer.engine.money.MAX_AMOUNT`. A value quoted in a message is cut
to a few dozen characters (:func:`~trainer.engine.money.shown`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeGuard

from trainer.engine.cards import Card, CardError, find_duplicate, parse_card
from trainer.engine.chips import DEFAULT_RACK, MAX_STACK_CHIPS, ChipError, Rack, fewest_chips
from trainer.engine.money import (
    AmountError,
    dollars,
    format_amount,
    parse_amount,
    shown,
    shown_name,
)
from trainer.engine.rulesets import (
    DEFAULT_RULES,
    RuleSet,
    RuleSetError,
    TableChoice,
    load_ruleset,
)
from trainer.i18n import N_, _

SEAT_NUMBERS = range(1, 7)
"""The table's seats: 1 (dealer's left, first base) to 6 (dealer's right, third base)."""
TABLE_SEATS = len(SEAT_NUMBERS)
"""How many seats the table has: the most a round can occupy."""
CARD_TEXT_LIMIT = 16
"""Longer text is never a card (``" 10d "`` is six characters)."""


class RoundError(ValueError):
    """A round that breaks the rules; the message names the field and value."""


def is_seat_number(value: object) -> TypeGuard[int]:
    """True for a whole number (not a bool, not 3.0) that numbers a seat: 1 to 6."""
    return isinstance(value, int) and not isinstance(value, bool) and value in SEAT_NUMBERS


def is_seat_count(value: object) -> TypeGuard[int]:
    """True for a whole number of occupied seats (not a bool): 1 to :data:`TABLE_SEATS`."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= TABLE_SEATS


class Wager(StrEnum):
    """The wagers of docs/rules.md §2, in the order a seat's wagers are listed."""

    ANTE = "ante"
    RAISE = "raise"
    ODDS = "odds"
    TRIPS_PLUS = "trips_plus"
    POCKET_BONUS = "pocket_bonus"
    SIX_CARD_BONUS = "six_card_bonus"
    PROGRESSIVE = "progressive"

    @property
    def label(self) -> str:
        """The wager's English name (messages of the engine); :attr:`display_name` is the
        name in the trainer's language."""
        return {
            "ante": N_("Ante"),
            "raise": N_("Raise"),
            "odds": N_("Odds"),
            "trips_plus": N_("Trips Plus"),
            "pocket_bonus": N_("Pocket Bonus"),
            "six_card_bonus": N_("6-Card Bonus"),
            "progressive": N_("Progressive"),
        }[self.value]

    @property
    def display_name(self) -> str:
        return _(self.label)


SIDE_WAGERS = (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.SIX_CARD_BONUS, Wager.PROGRESSIVE)
MAIN_WAGERS = (Wager.ANTE, Wager.ODDS, Wager.RAISE)
"""The wagers every seat that stays in holds (docs/rules.md §2)."""


def offered_side_wagers(ruleset: RuleSet) -> tuple[Wager, ...]:
    """The side wagers ``ruleset`` offers, in :data:`SIDE_WAGERS` order: Trips Plus and the
    Pocket Bonus always, the 6-Card Bonus and the progressive where it has them."""
    offered = {
        Wager.TRIPS_PLUS: True,
        Wager.POCKET_BONUS: True,
        Wager.SIX_CARD_BONUS: bool(ruleset.six_card_bonus),
        Wager.PROGRESSIVE: bool(ruleset.progressive),
    }
    return tuple(wager for wager in SIDE_WAGERS if offered[wager])


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    """1 (dealer's left, first base) to 6 (dealer's right, third base)."""
    hole: tuple[Card, Card]
    ante: Decimal
    odds: Decimal
    raise_amount: Decimal
    """0 for a seat that folded."""
    folded: bool
    side_bets: Mapping[Wager, Decimal] = field(default_factory=dict)
    chips: Mapping[Wager, tuple[Decimal, ...]] = field(default_factory=dict)
    """Each wager's chips as the player bet them (chip values in dollars, largest first),
    where the round gives them; a wager missing here is read by :meth:`chips_of`."""

    def stake(self, wager: Wager) -> Decimal | None:
        """The amount on a spot, or None when nothing was placed there."""
        if wager is Wager.ANTE:
            return self.ante
        if wager is Wager.ODDS:
            return self.odds
        if wager is Wager.RAISE:
            return None if self.folded else self.raise_amount
        return self.side_bets.get(wager)

    @property
    def has_side_bet(self) -> bool:
        return bool(self.side_bets)

    def chips_of(self, wager: Wager, rack: Rack = DEFAULT_RACK) -> tuple[Decimal, ...] | None:
        """The chips on a spot: the round's make-up of the wager, or for a round that gives
        none (one kept before rounds had chips, or written by hand) the fewest chips of
        ``rack`` that make the stake, largest first (docs/settle-contract.md, "chips").
        None when nothing is on the spot, or no stack of ``rack``'s chips makes the stake."""
        stake = self.stake(wager)
        if not stake:
            return None
        given = self.chips.get(wager)
        if given is not None:
            return given
        if stake / rack.values[0] > MAX_STACK_CHIPS:
            return None
        try:
            fewest = fewest_chips(stake, rack.values)
        except ChipError:  # a rack too irregular to search in time
            return None
        return None if fewest is None or len(fewest) > MAX_STACK_CHIPS else tuple(fewest)


@dataclass(frozen=True, slots=True)
class Round:
    ruleset: RuleSet
    options: Mapping[str, str]
    tables: TableChoice
    dealer: tuple[Card, Card]
    board: tuple[Card, Card, Card, Card, Card]
    seats: tuple[Seat, ...]
    """Occupied seats, by seat number."""
    six_card_bonus_cards: tuple[Card, ...] | None = None
    six_card_bonus_jackpot: Decimal | None = None
    progressive_pool: Decimal | None = None

    def seat(self, number: int) -> Seat:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)


_ROUND_KEYS = {
    "rules",
    "options",
    "dealer",
    "board",
    "seats",
    "six_card_bonus_cards",
    "six_card_bonus_jackpot",
    "progressive_pool",
}
_SEAT_KEYS = {"seat", "hole", "folded", "chips", *(w.value for w in Wager)}
"""A seat's fields: each wager's amount is keyed by the wager's value (``raise``,
``trips_plus`` ...), and ``chips`` by the same keys."""


def _cards(raw: object, count: int, where: str) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise RoundError(f"{where}: expected a list of {count} cards, got {shown(raw)}")
    if len(raw) != count:
        raise RoundError(f"{where}: expected {count} cards, got {len(raw)} ({shown(raw)})")
    for text in raw:
        if not isinstance(text, str) or len(text) > CARD_TEXT_LIMIT:
            raise RoundError(f"{where}: {shown(text)} is not a card (expected text such as 'Td')")
    try:
        return tuple(parse_card(text) for text in raw)
    except CardError as error:
        raise RoundError(f"{where}: {error}") from None


def _amount(raw: object, where: str) -> Decimal:
    try:
        return parse_amount(raw, field=where, plain=True)
    except AmountError as error:
        raise RoundError(str(error)) from None


def _within(amount: Decimal, limits: tuple[Decimal, Decimal], where: str, ruleset: RuleSet) -> None:
    low, high = limits
    if not low <= amount <= high:
        raise RoundError(
            f"{where}: {format_amount(amount)} is outside rule set {ruleset.id!r}'s limits"
            f" ({dollars(low)} to {dollars(high)})"
        )


def _parse_seat(raw: object, index: int, ruleset: RuleSet) -> Seat:
    if not isinstance(raw, dict):
        raise RoundError(f"seats[{index}]: expected an object, got {shown(raw)}")
    number = raw.get("seat")
    if not is_seat_number(number):
        raise RoundError(f"seats[{index}].seat: {shown(number)} is not a seat number 1-6")
    where = f"seat {number}"
    for key in raw:
        if key not in _SEAT_KEYS:
            raise RoundError(
                f"{where}.{shown_name(key)}: unknown field"
                f" (expected {', '.join(sorted(_SEAT_KEYS))})"
            )
    if "hole" not in raw:
        raise RoundError(f"{where}.hole: missing (the seat's two cards)")
    hole = _cards(raw["hole"], 2, f"{where}.hole")
    for key in ("ante", "odds"):
        if key not in raw:
            raise RoundError(f"{where}.{key}: missing (ante and odds are mandatory)")
    ante = _amount(raw["ante"], f"{where}.ante")
    odds = _amount(raw["odds"], f"{where}.odds")
    _within(ante, ruleset.ante_limits, f"{where}.ante", ruleset)
    if ante != odds:
        raise RoundError(
            f"{where}.odds: {format_amount(odds)} must equal the ante {format_amount(ante)}"
            " (rules §2)"
        )
    folded = raw.get("folded", False)
    if not isinstance(folded, bool):
        raise RoundError(f"{where}.folded: {shown(folded)} must be true or false")
    raise_amount = _amount(raw["raise"], f"{where}.raise") if "raise" in raw else Decimal("0.00")
    if folded and raise_amount:
        raise RoundError(
            f"{where}.raise: {format_amount(raise_amount)} on a folded seat"
            " (a seat either raises or folds)"
        )
    if not folded:
        if not raise_amount:
            raise RoundError(f"{where}.raise: missing; a seat that did not fold must have raised")
        allowed = [ante * multiple for multiple in ruleset.raise_multiples]
        if raise_amount not in allowed:
            choices = ", ".join(
                f"{multiple}x = {format_amount(ante * multiple)}"
                for multiple in ruleset.raise_multiples
            )
            raise RoundError(
                f"{where}.raise: {format_amount(raise_amount)} is not a raise rule set"
                f" {ruleset.id!r} allows on an ante of {format_amount(ante)} ({choices})"
            )
    side_bets: dict[Wager, Decimal] = {}
    for wager in SIDE_WAGERS:
        if wager.value not in raw:
            continue
        amount = _amount(raw[wager.value], f"{where}.{wager.value}")
        if not amount:
            continue  # a zero wager is no wager: nothing on the spot
        if wager.value in ruleset.side_limits:
            _within(amount, ruleset.side_limits[wager.value], f"{where}.{wager.value}", ruleset)
        if wager is Wager.SIX_CARD_BONUS:
            if ruleset.six_card_bonus is None:
                raise RoundError(
                    f"{where}.six_card_bonus: rule set {ruleset.id!r} offers no 6-Card Bonus"
                )
            if amount not in ruleset.six_card_bonus:
                offered = " or ".join(dollars(a) for a in ruleset.six_card_bonus)
                raise RoundError(
                    f"{where}.six_card_bonus: {format_amount(amount)}"
                    f" is not a 6-Card Bonus wager ({offered})"
                )
        if wager is Wager.PROGRESSIVE:
            if ruleset.progressive is None:
                raise RoundError(
                    f"{where}.progressive: rule set {ruleset.id!r} offers no progressive"
                )
            if amount != ruleset.progressive.wager:
                raise RoundError(
                    f"{where}.progressive: {format_amount(amount)} is not the progressive wager"
                    f" ({dollars(ruleset.progressive.wager)} only)"
                )
        side_bets[wager] = amount
    seat = Seat(number, (hole[0], hole[1]), ante, odds, raise_amount, folded, side_bets)
    if "chips" not in raw:
        return seat
    return replace(seat, chips=_parse_chips(raw["chips"], seat, f"{where}.chips"))


def _parse_chips(raw: object, seat: Seat, where: str) -> dict[Wager, tuple[Decimal, ...]]:
    """A seat's ``chips``: for some of its wagers, how many chips of each value make the
    stake (``{"ante": {"25": 1, "5": 1}}``); each read as its chips, largest first."""
    if not isinstance(raw, dict):
        raise RoundError(f"{where}: expected an object of wagers' chips (such as"
                         f' {{"ante": {{"25": 1, "5": 1}}}}), got {shown(raw)}')
    chips: dict[Wager, tuple[Decimal, ...]] = {}
    for key, counts in raw.items():
        if key not in _WAGER_KEYS:
            raise RoundError(f"{where}.{shown_name(key)}: not a wager (expected"
                             f" {', '.join(_WAGER_KEYS)})")
        wager = Wager(key)
        stake = seat.stake(wager)
        if not stake:
            raise RoundError(f"{where}.{key}: the seat has no {wager.label} wager to make of"
                             " chips")
        chips[wager] = _stack(counts, stake, wager, f"{where}.{key}")
    return chips


def _stack(counts: object, stake: Decimal, wager: Wager, where: str) -> tuple[Decimal, ...]:
    if not isinstance(counts, dict) or not counts:
        raise RoundError(f"{where}: expected chip values and how many of each (such as"
                         f' {{"25": 1, "5": 1}}), got {shown(counts)}')
    found: dict[Decimal, int] = {}
    for text, count in counts.items():
        value = _amount(text, where)
        if not value:
            raise RoundError(f"{where}: a chip of $0.00 is no chip")
        if value in found:
            raise RoundError(f"{where}: the chip {format_amount(value)} is given twice")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RoundError(f"{where}.{shown_name(text)}: {shown(count)} is not a number of"
                             " chips (a whole number from 1)")
        found[value] = count
    if sum(found.values()) > MAX_STACK_CHIPS:
        raise RoundError(f"{where}: {sum(found.values()):,} chips; a wager is at most"
                         f" {MAX_STACK_CHIPS:,}")
    total = sum((value * count for value, count in found.items()), Decimal("0.00"))
    if total != stake:
        raise RoundError(f"{where}: the chips make {format_amount(total)}, but the"
                         f" {wager.label} is {format_amount(stake)}")
    return tuple(value for value in sorted(found, reverse=True) for _ in range(found[value]))


def _chips_json(stack: Sequence[Decimal]) -> dict[str, int]:
    """A stack in the round's JSON form: each chip value once with its count, largest
    first (``{"25.00": 1, "5.00": 1}``)."""
    counts: dict[str, int] = {}
    for value in sorted(stack, reverse=True):
        text = format_amount(value)
        counts[text] = counts.get(text, 0) + 1
    return counts


_WAGER_KEYS = tuple(wager.value for wager in Wager)


def parse_round(data: object, default_rules: str | RuleSet = DEFAULT_RULES) -> Round:
    """Validate a round in the settle contract's JSON form."""
    if not isinstance(data, dict):
        raise RoundError(f"a round must be a JSON object, got {type(data).__name__}")
    for key in data:
        if key not in _ROUND_KEYS:
            raise RoundError(
                f"{shown_name(key)}: unknown field (expected {', '.join(sorted(_ROUND_KEYS))})"
            )
    rules = data.get("rules", default_rules)
    try:
        if isinstance(rules, RuleSet):
            ruleset = rules
        elif isinstance(rules, str):
            ruleset = load_ruleset(rules)
        else:
            raise RoundError(f"rules: {shown(rules)} is not a rule set name")
        options = data.get("options")
        if options is None:  # absent or null, like the round's other optional fields
            options = {}
        if not isinstance(options, dict):
            raise RoundError(f"options: expected an object, got {shown(options)}")
        tables = ruleset.choose_tables(options)
    except RuleSetError as error:
        message = str(error)
        raise RoundError(
            message if message.startswith("options.") else f"rules: {message}"
        ) from None
    for key in ("dealer", "board", "seats"):
        if key not in data:
            raise RoundError(f"{key}: missing")
    dealer = _cards(data["dealer"], 2, "dealer")
    board = _cards(data["board"], 5, "board")
    raw_seats = data["seats"]
    if not isinstance(raw_seats, list) or not raw_seats:
        raise RoundError(f"seats: expected a list of 1 to 6 seats, got {shown(raw_seats)}")
    if len(raw_seats) > TABLE_SEATS:
        raise RoundError(f"seats: {len(raw_seats)} seats listed; the table has {TABLE_SEATS}")
    seats = [_parse_seat(raw, index, ruleset) for index, raw in enumerate(raw_seats)]
    numbers = [seat.seat for seat in seats]
    for number in numbers:
        if numbers.count(number) > 1:
            raise RoundError(f"seats: seat {number} is listed twice")
    six_cards = None
    if data.get("six_card_bonus_cards") is not None:
        six_cards = _cards(data["six_card_bonus_cards"], 4, "six_card_bonus_cards")
    if six_cards is None and any(Wager.SIX_CARD_BONUS in seat.side_bets for seat in seats):
        raise RoundError("six_card_bonus_cards: missing; a seat wagered on the 6-Card Bonus")
    _check_duplicates(dealer, board, seats, six_cards)
    jackpot = pool = None
    if data.get("six_card_bonus_jackpot") is not None:
        jackpot = _amount(data["six_card_bonus_jackpot"], "six_card_bonus_jackpot")
    if data.get("progressive_pool") is not None:
        pool = _amount(data["progressive_pool"], "progressive_pool")
    if pool is None and any(Wager.PROGRESSIVE in seat.side_bets for seat in seats):
        raise RoundError("progressive_pool: missing; a seat wagered on the progressive")
    return Round(
        ruleset=ruleset,
        options={key: str(value).upper() for key, value in options.items()},
        tables=tables,
        dealer=(dealer[0], dealer[1]),
        board=(board[0], board[1], board[2], board[3], board[4]),
        seats=tuple(sorted(seats, key=lambda seat: seat.seat)),
        six_card_bonus_cards=six_cards,
        six_card_bonus_jackpot=jackpot,
        progressive_pool=pool,
    )


def _check_duplicates(
    dealer: Sequence[Card],
    board: Sequence[Card],
    seats: Sequence[Seat],
    six_cards: Sequence[Card] | None,
) -> None:
    places: list[tuple[str, Sequence[Card]]] = [("dealer", dealer), ("board", board)]
    places += [(f"seat {seat.seat}.hole", seat.hole) for seat in seats]
    if six_cards:
        places.append(("six_card_bonus_cards", six_cards))
    all_cards = [card for _, cards in places for card in cards]
    duplicate = find_duplicate(all_cards)
    if duplicate is not None:
        where = [name for name, cards in places if duplicate in cards]
        if len(where) == 1:
            where = [where[0], where[0]]
        raise RoundError(f"{where[1]}: duplicate card '{duplicate}' (also in {where[0]})")


def round_to_json(round_: Round) -> dict[str, Any]:
    """The settle contract's input form of a round (what ``generate`` prints)."""
    data: dict[str, Any] = {"rules": round_.ruleset.id}
    if round_.options:
        data["options"] = dict(round_.options)
    data["dealer"] = [str(card) for card in round_.dealer]
    data["board"] = [str(card) for card in round_.board]
    seats = []
    for seat in round_.seats:
        entry: dict[str, Any] = {
            "seat": seat.seat,
            "hole": [str(card) for card in seat.hole],
            "ante": format_amount(seat.ante),
            "odds": format_amount(seat.odds),
        }
        if seat.folded:
            entry["folded"] = True
        else:
            entry["raise"] = format_amount(seat.raise_amount)
        for wager, amount in seat.side_bets.items():
            entry[wager.value] = format_amount(amount)
        if seat.chips:
            entry["chips"] = {wager.value: _chips_json(stack)
                              for wager, stack in seat.chips.items()}
        seats.append(entry)
    data["seats"] = seats
    if round_.six_card_bonus_cards is not None:
        data["six_card_bonus_cards"] = [str(card) for card in round_.six_card_bonus_cards]
    if round_.six_card_bonus_jackpot is not None:
        data["six_card_bonus_jackpot"] = format_amount(round_.six_card_bonus_jackpot)
    if round_.progressive_pool is not None:
        data["progressive_pool"] = format_amount(round_.progressive_pool)
    return data
