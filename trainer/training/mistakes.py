"""Spot the dealer's mistake (issue 23): a round settled by "a dealer", graded marks (no Qt).

The engine settles a round (:func:`~trainer.engine.settlement.settle`); this module
copies that settlement as the dealer's (:func:`dealer_copy`), makes 0, 1 or 2 of the
catalogue's mistakes on the copy (:func:`make_exercise`, seeded: the same random
source gives the same exercise), and grades what the trainee marks
(:func:`grade_marks`). The engine's settlement is never changed: every right answer
and every reason comes from it, as for the other questions.

What the trainee sees and marks are **spots**: each wager of each seat (paid, pushed
or taken, and the amount), a seat's total where a maximum aggregate payout is in play
(the engine's or the dealer's seat is capped, docs/rules.md §6), and the order the
dealer settled the seats in (§7). A spot is wrong when the dealer's differs from the
engine's. A mark names a spot and the right settlement:

- a wrong spot marked with the right settlement is **found**;
- a wrong spot marked with another is **marked, wrong correction** (not found);
- a wrong spot left unmarked is **missed**;
- a right spot marked is **invented**;
- no marks at all is the trainee's "all correct", right only when nothing was made wrong.

Each result is explained with the catalogue's sentence, the rule it cites and the
engine's reason for the right settlement.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum

from trainer.engine.chips import (
    ChipError,
    Expected,
    Procedure,
    Rack,
    RoomChips,
    expected_stack,
    fewest_chips,
    stack_text,
)
from trainer.engine.generator import generate_round
from trainer.engine.money import ZERO, Odds, dollars
from trainer.engine.round import SIDE_WAGERS, Round, Wager
from trainer.engine.rulesets import RuleSet
from trainer.engine.settlement import (
    Outcome,
    SeatResult,
    SeatSettlement,
    Settlement,
    WagerResult,
    pocket_hand,
    settle,
)
from trainer.i18n import _, in_room_format, local_dollars, ngettext
from trainer.skills import Skill
from trainer.training.chip_grading import chips_text
from trainer.training.mistake_catalogue import (
    Catalogue,
    CatalogueEntry,
    MistakeKind,
    pocket_bonus_table,
    trips_plus_table,
)
from trainer.training.questions import PayoutAnswer, payout_text


class MistakeError(ValueError):
    """A mark or an injection that cannot be: the message says which and why."""


# --- what the trainee sees --------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Spot:
    """A place on the table the trainee can mark: a seat's wager, a seat's total
    (``wager`` None) or the settlement order (``seat`` None)."""

    seat: int | None = None
    wager: Wager | None = None

    @property
    def id(self) -> str:
        """``seat-3-odds``, ``seat-3-total``, ``order``: stable within a round."""
        if self.seat is None:
            return "order"
        what = "total" if self.wager is None else self.wager.value.replace("_", "-")
        return f"seat-{self.seat}-{what}"

    def __str__(self) -> str:
        if self.seat is None:
            return "the settlement order"
        if self.wager is None:
            return f"seat {self.seat}'s total"
        return f"seat {self.seat}'s {self.wager.label}"

    @property
    def shown(self) -> str:
        """The spot as a person reads it, in the trainer's language (``str()`` is English)."""
        if self.seat is None:
            return _("the settlement order")
        if self.wager is None:
            return _("seat {seat}'s total", seat=self.seat)
        return _("seat {seat}'s {wager}", seat=self.seat, wager=self.wager.display_name)


ORDER = Spot()
"""The settlement order's spot."""


@dataclass(frozen=True, slots=True)
class Settled:
    """One wager as the dealer settled it."""

    wager: Wager
    stake: Decimal
    outcome: Outcome
    amount: Decimal
    """Paid (positive), taken (the stake, negative) or 0.00 (pushed), as the engine's."""
    chips: tuple[Decimal, ...] | None = None
    """A payout's chips, largest first, where the exercise shows chips (None: not shown)."""
    rack: Rack | None = field(default=None, compare=False)
    """The room's rack the chips are named from."""

    def text(self) -> str:
        """``paid $7.50``, ``pushed``, ``took $5.00``; ``paid $15.00 in 3x$5``."""
        if self.outcome is Outcome.WIN:
            if self.chips is not None:
                return f"paid {dollars(self.amount)} in {chips_text(self.chips)}"
            return f"paid {dollars(self.amount)}"
        if self.outcome is Outcome.PUSH:
            return "pushed"
        return f"took {dollars(-self.amount)}"

    def shown(self) -> str:
        """:meth:`text` in the trainer's language and the room's number format."""
        if self.outcome is Outcome.WIN:
            if self.chips is not None and self.rack is not None:
                return _("paid {amount} in {chips}", amount=local_dollars(self.amount),
                         chips=stack_text(self.chips, self.rack))
            return _("paid {amount}", amount=local_dollars(self.amount))
        if self.outcome is Outcome.PUSH:
            return _("pushed")
        return _("took {amount}", amount=local_dollars(-self.amount))


@dataclass(frozen=True, slots=True)
class DealerSeat:
    seat: int
    wagers: tuple[Settled, ...]
    total: Decimal
    """The seat's net as the dealer paid it."""
    capped: bool
    """Whether the dealer held the seat to a maximum aggregate payout."""

    def wager(self, wager: Wager) -> Settled | None:
        return next((settled for settled in self.wagers if settled.wager is wager), None)


@dataclass(frozen=True, slots=True)
class DealerSettlement:
    """The settlement the trainee sees: the engine's, with the dealer's mistakes."""

    order: tuple[int, ...]
    seats: tuple[DealerSeat, ...]
    """In the dealer's order."""

    def seat(self, number: int) -> DealerSeat:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)

    def with_seat(self, seat: DealerSeat) -> DealerSettlement:
        return replace(self, seats=tuple(seat if s.seat == seat.seat else s
                                         for s in self.seats))


def _settled(result: WagerResult) -> Settled:
    return Settled(result.wager, result.stake, result.outcome, result.amount)


def expected_chips(settlement: Settlement, seat: int, result: WagerResult, room: RoomChips,
                   procedure: Procedure | None = None) -> Expected | None:
    """What ``procedure`` (None: the room's) expects for a wager the engine paid, built
    from the wager's chips as bet (:func:`~trainer.engine.chips.expected_stack`); None
    where no chips are shown for it: not a win, a capped seat's wager (the seat is paid
    its total), or a payout the rack cannot make to the cent."""
    if result.outcome is not Outcome.WIN or settlement.seat(seat).capped:
        return None
    bet_in = settlement.round.seat(seat)
    bet = bet_in.chips.get(result.wager)
    if bet is None or not all(chip in room.rack for chip in bet):
        bet = replace(bet_in, chips={}).chips_of(result.wager, room.rack)
    # a fixed award (or a bet no chips make) has no colours to follow: it is converted
    pays: Odds | Decimal = result.odds if result.odds is not None and bet else result.amount
    try:
        made = expected_stack(bet or (), pays, procedure or room.procedure, room.rack,
                              room.odd_cents)
    except ChipError:
        return None
    return made if made.amount == result.amount else None


def _with_chips(settlement: Settlement, seat: int, result: WagerResult,
                room: RoomChips | None) -> Settled:
    """The engine's settlement of a wager, paid in the procedure's chips where shown."""
    made = None if room is None else expected_chips(settlement, seat, result, room)
    if made is None:
        return _settled(result)
    return Settled(result.wager, result.stake, result.outcome, result.amount, made.stack,
                   room.rack if room is not None else None)


def dealer_copy(settlement: Settlement, chips: RoomChips | None = None) -> DealerSettlement:
    """The engine's settlement as a dealer who makes no mistake settles it; with ``chips``
    (the exercise shows chips) each payout in the stack the room's procedure expects."""
    return DealerSettlement(settlement.order, tuple(
        DealerSeat(seat.seat, tuple(_with_chips(settlement, seat.seat, result, chips)
                                    for result in seat.wagers), seat.total, seat.capped)
        for seat in settlement.seats))


def spots(settlement: Settlement, dealer: DealerSettlement | None = None) -> tuple[Spot, ...]:
    """Every spot of a round: each seat's wagers, the total of a seat the engine or the
    dealer capped, and the order."""
    found: list[Spot] = []
    for seat in settlement.seats:
        found.extend(Spot(seat.seat, result.wager) for result in seat.wagers)
        if seat.capped or (dealer is not None and dealer.seat(seat.seat).capped):
            found.append(Spot(seat.seat))
    found.append(ORDER)
    return tuple(found)


def _value(dealer: DealerSettlement, spot: Spot) -> object:
    if spot.seat is None:
        return dealer.order
    seat = dealer.seat(spot.seat)
    if spot.wager is None:
        return seat.total
    return seat.wager(spot.wager)


def wrong_spots(settlement: Settlement, dealer: DealerSettlement,
                chips: RoomChips | None = None) -> tuple[Spot, ...]:
    """The spots where ``dealer`` differs from the engine's settlement (paid in ``chips``
    where the exercise shows them)."""
    right = dealer_copy(settlement, chips)
    return tuple(spot for spot in spots(settlement, dealer)
                 if _value(dealer, spot) != _value(right, spot))


# --- making a mistake -------------------------------------------------------------------

CAP_WAGERS = frozenset({Wager.ANTE, Wager.RAISE, Wager.ODDS, Wager.TRIPS_PLUS,
                        Wager.POCKET_BONUS})
"""The wagers whose winnings a maximum aggregate payout limits (docs/rules.md §6)."""


def _capped_total(wagers: Iterable[Settled], cap: Decimal | None,
                  counted: Callable[[Settled], bool] = lambda s: s.wager in CAP_WAGERS,
                  ) -> tuple[Decimal, bool]:
    """A seat's net with ``cap`` applied to the winnings ``counted`` (docs/rules.md §6)."""
    wagers = list(wagers)
    winnings = sum((s.amount for s in wagers if counted(s) and s.amount > 0), ZERO)
    rest = sum((s.amount for s in wagers if not (counted(s) and s.amount > 0)), ZERO)
    if cap is not None and winnings > cap:
        return cap + rest, True
    return winnings + rest, False


def _paid_in(change: Settled, room: RoomChips | None, capped: bool) -> Settled:
    """A wrong payout the dealer made, in the fewest chips where the exercise shows chips
    (every payout shown has its chips: none gives itself away by having none)."""
    if room is None or capped or change.outcome is not Outcome.WIN or change.chips is not None:
        return change
    stack = fewest_chips(change.amount, room.rack.values)
    return change if stack is None else replace(change, chips=tuple(stack), rack=room.rack)


def _resettle(dealer: DealerSettlement, number: int, changes: dict[Wager, Settled],
              cap: Decimal | None, room: RoomChips | None = None,
              capped: bool = False) -> DealerSettlement:
    """``dealer`` with seat ``number``'s wagers changed; the dealer caps the new amounts.
    ``room``: the exercise shows chips (``capped``: not on this seat, paid its total)."""
    seat = dealer.seat(number)
    wagers = tuple(_paid_in(changes[s.wager], room, capped) if s.wager in changes else s
                   for s in seat.wagers)
    total, capped = _capped_total(wagers, cap)
    return dealer.with_seat(DealerSeat(number, wagers, total, capped))


def _result(seat: SeatSettlement, wager: Wager) -> WagerResult | None:
    return next((r for r in seat.wagers if r.wager is wager), None)


def _win(result: WagerResult, amount: Decimal) -> Settled:
    return Settled(result.wager, result.stake, Outcome.WIN, amount)


def _take(result: WagerResult) -> Settled:
    return Settled(result.wager, result.stake, Outcome.LOSE, -result.stake)


def _push(result: WagerResult) -> Settled:
    return Settled(result.wager, result.stake, Outcome.PUSH, ZERO)


def _seat_changes(entry: CatalogueEntry, settlement: Settlement,
                  seat: SeatSettlement, room: RoomChips | None = None) -> dict[Wager, Settled]:
    """What ``entry`` changes on one seat's wagers (empty where it does not apply);
    ``room``: the exercise shows chips."""
    kind, params = entry.kind, entry.parameters
    tables = settlement.round.tables
    odds = _result(seat, Wager.ODDS)
    ante = _result(seat, Wager.ANTE)
    if kind is MistakeKind.ODDS_PAID_BELOW_STRAIGHT:
        if seat.result is SeatResult.WIN and odds and odds.outcome is Outcome.PUSH:
            assert params.odds is not None
            return {Wager.ODDS: _win(odds, params.odds.pay(odds.stake))}
    elif kind is MistakeKind.BAD_BEAT_MISSED:
        if seat.result is SeatResult.LOSE and odds and odds.outcome is Outcome.WIN:
            return {Wager.ODDS: _take(odds)}
    elif kind is MistakeKind.BAD_BEAT_PAID_TO_WINNER:
        line = tables.bad_beat.get(seat.hand.category)
        if seat.result is SeatResult.WIN and odds and line is not None:
            amount = line.pay(odds.stake)
            if amount != odds.amount:
                return {Wager.ODDS: _win(odds, amount)}
    elif kind is MistakeKind.ANTE_PAID_DEALER_NOT_QUALIFIED:
        if not settlement.dealer_qualifies and seat.result is SeatResult.WIN and ante:
            return {Wager.ANTE: _win(ante, ante.stake)}
    elif kind is MistakeKind.ANTE_TAKEN_DEALER_NOT_QUALIFIED:
        if not settlement.dealer_qualifies and seat.result is SeatResult.LOSE and ante:
            return {Wager.ANTE: _take(ante)}
    elif kind in (MistakeKind.TRIPS_PLUS_WRONG_TABLE, MistakeKind.TRIPS_PLUS_NOT_PAID):
        trips = _result(seat, Wager.TRIPS_PLUS)
        if trips is None or trips.outcome is not Outcome.WIN:
            return {}
        if kind is MistakeKind.TRIPS_PLUS_NOT_PAID:
            return {Wager.TRIPS_PLUS: _take(trips)}
        assert params.table is not None
        wrong = trips_plus_table(params.table).get(seat.hand.category)
        if params.table != tables.trips_plus_letter and wrong is not None:
            amount = wrong.pay(trips.stake)
            if amount != trips.amount:
                return {Wager.TRIPS_PLUS: _win(trips, amount)}
    elif kind in (MistakeKind.POCKET_BONUS_WRONG_TABLE, MistakeKind.POCKET_BONUS_NOT_PAID):
        pocket = _result(seat, Wager.POCKET_BONUS)
        if pocket is None or pocket.outcome is not Outcome.WIN:
            return {}
        if kind is MistakeKind.POCKET_BONUS_NOT_PAID:
            return {Wager.POCKET_BONUS: _take(pocket)}
        assert params.table is not None
        hand = pocket_hand(settlement.round.seat(seat.seat).hole)
        wrong_line = pocket_bonus_table(params.table).get(hand) if hand else None
        if params.table != tables.pocket_bonus_letter and wrong_line is not None:
            amount = wrong_line.pay(pocket.stake)
            if amount != pocket.amount:
                return {Wager.POCKET_BONUS: _win(pocket, amount)}
    elif kind is MistakeKind.TIE_PAID:
        if seat.result is SeatResult.TIE:
            paid = {}
            for wager in params.wagers:
                result = _result(seat, wager)
                if result is not None and result.stake:
                    paid[wager] = _win(result, result.stake)
            return paid
    elif kind is MistakeKind.FOLDED_SIDE_BETS_TAKEN:
        side = [r for r in seat.wagers if r.wager in SIDE_WAGERS]
        if seat.result is SeatResult.FOLD and any(r.outcome is Outcome.WIN for r in side):
            return {r.wager: _take(r) for r in side}
    elif kind is MistakeKind.WRONG_CHIPS and room is not None:
        assert params.procedure is not None
        chips = {}
        for result in seat.wagers:  # every payout of the seat built the dealer's way
            house = expected_chips(settlement, seat.seat, result, room)
            dealers = expected_chips(settlement, seat.seat, result, room, params.procedure)
            if house is not None and dealers is not None and not house.accepts(dealers.stack):
                chips[result.wager] = replace(_settled(result), chips=dealers.stack,
                                              rack=room.rack)
        return chips
    return {}


def _seat_total(entry: CatalogueEntry, settlement: Settlement,
                seat: SeatSettlement) -> tuple[Decimal, bool] | None:
    """The seat's total a cap mistake makes (None where it does not apply)."""
    kind = entry.kind
    cap = settlement.round.ruleset.max_aggregate_payout
    wagers = [_settled(result) for result in seat.wagers]
    if kind is MistakeKind.CAP_NOT_APPLIED:
        if seat.capped:
            return _capped_total(wagers, None)
    elif kind is MistakeKind.CAP_COUNTS_AWARDS:
        if cap is not None:
            made = _capped_total(wagers, cap, counted=lambda s: True)
            if made != (seat.total, seat.capped):
                return made
    elif kind is MistakeKind.CAP_WRONG_AMOUNT:
        assert entry.parameters.amount is not None
        if cap is not None and entry.parameters.amount != cap:
            made = _capped_total(wagers, entry.parameters.amount)
            if made != (seat.total, seat.capped):
                return made
    return None


_CAP_KINDS = (MistakeKind.CAP_NOT_APPLIED, MistakeKind.CAP_COUNTS_AWARDS,
              MistakeKind.CAP_WRONG_AMOUNT)
_ROUND_KINDS = (MistakeKind.DEALER_HAND_MISREAD, MistakeKind.SEATS_OUT_OF_ORDER)


def _misread(entry: CatalogueEntry, settlement: Settlement,
             dealer: DealerSettlement, room: RoomChips | None = None) -> DealerSettlement:
    """The antes of every raised seat as a dealer settles them who misread the hand."""
    reads_qualifying = entry.parameters.qualifying
    if reads_qualifying is None or reads_qualifying == settlement.dealer_qualifies:
        return dealer
    cap = settlement.round.ruleset.max_aggregate_payout
    for seat in settlement.seats:
        ante = _result(seat, Wager.ANTE)
        if ante is None or seat.result in (SeatResult.FOLD, SeatResult.TIE):
            continue
        if not reads_qualifying:
            change = _push(ante)
        elif seat.result is SeatResult.WIN:
            change = _win(ante, ante.stake)
        else:
            change = _take(ante)
        dealer = _resettle(dealer, seat.seat, {Wager.ANTE: change}, cap, room, seat.capped)
    return dealer


def _from_first_base(settlement: Settlement) -> tuple[int, ...]:
    """The order of a dealer who settles from seat 1 up (folded bare seats as they folded)."""
    seats = settlement.round.seats
    return (*sorted(s.seat for s in seats if s.folded and not s.has_side_bet),
            *sorted(s.seat for s in seats if s.folded and s.has_side_bet),
            *sorted(s.seat for s in seats if not s.folded))


def _apply(entry: CatalogueEntry, settlement: Settlement, dealer: DealerSettlement,
           seat_number: int | None, room: RoomChips | None = None) -> DealerSettlement:
    """``dealer`` with ``entry`` made at ``seat_number`` (None: a mistake of the round);
    ``room``: the exercise shows chips."""
    if entry.kind is MistakeKind.DEALER_HAND_MISREAD:
        return _misread(entry, settlement, dealer, room)
    if entry.kind is MistakeKind.SEATS_OUT_OF_ORDER:
        order = _from_first_base(settlement)
        by_seat = {seat.seat: seat for seat in dealer.seats}
        return DealerSettlement(order, tuple(by_seat[number] for number in order))
    assert seat_number is not None
    seat = settlement.seat(seat_number)
    if entry.kind in _CAP_KINDS:
        made = _seat_total(entry, settlement, seat)
        if made is None:
            return dealer
        return dealer.with_seat(replace(dealer.seat(seat_number), total=made[0],
                                        capped=made[1]))
    changes = _seat_changes(entry, settlement, seat, room)
    if not changes:
        return dealer
    return _resettle(dealer, seat_number, changes,
                     settlement.round.ruleset.max_aggregate_payout, room, seat.capped)


@dataclass(frozen=True, slots=True)
class Injection:
    """One catalogue mistake made on a round: where, and the spots it made wrong."""

    entry: CatalogueEntry
    seat: int | None
    """The seat it was made at; None for a mistake of the whole round (a misread hand, the
    order)."""
    spots: tuple[Spot, ...]


def _targets(entry: CatalogueEntry, settlement: Settlement) -> tuple[int | None, ...]:
    if entry.kind in _ROUND_KINDS:
        return (None,)
    return settlement.order


def _seats_of(injection: Injection) -> set[int]:
    return {spot.seat for spot in injection.spots if spot.seat is not None}


def candidates(settlement: Settlement, catalogue: Catalogue,
               chips: RoomChips | None = None) -> list[Injection]:
    """Every mistake of ``catalogue`` that changes what the trainee sees on this round,
    with the spots it changes: catalogue order, then the engine's settlement order.
    ``chips``: the exercise shows the payouts' chips in the room's (else no chip
    mistake applies)."""
    right = dealer_copy(settlement, chips)
    found = []
    for entry in catalogue.entries:
        for target in _targets(entry, settlement):
            made = _apply(entry, settlement, right, target, chips)
            changed = wrong_spots(settlement, made, chips)
            if changed:
                found.append(Injection(entry, target, changed))
    return found


def inject(settlement: Settlement, entry: CatalogueEntry,
           seat: int | None = None, chips: RoomChips | None = None) -> MistakeExercise:
    """An exercise with exactly ``entry`` made at ``seat`` (None: the first seat, in the
    settlement order, where it applies; a mistake of the whole round takes none).
    :class:`MistakeError` when it changes nothing on this round."""
    for injection in candidates(settlement, Catalogue((entry,)), chips):
        if seat is None or injection.seat == seat:
            return with_mistakes(settlement, (injection,), chips)
    where = f" at seat {seat}" if seat is not None else ""
    raise MistakeError(f"mistake {entry.id!r} does not apply to this round{where}: it would"
                       " change nothing the dealer settled")


MISTAKE_COUNTS = (0, 1, 1, 2)
"""How many mistakes a round is drawn with: none in one round of four, one in two, two in
one of four (fewer where fewer apply)."""


def with_mistakes(settlement: Settlement, injections: Sequence[Injection],
                  chips: RoomChips | None = None) -> MistakeExercise:
    """The exercise of ``injections`` (from :func:`candidates` or :func:`inject`) made on
    the dealer's copy of ``settlement``, in the order given. :class:`MistakeError` when two
    of them touch one spot or one seat: a wrong spot must have one cause."""
    for index, first in enumerate(injections):
        for second in injections[index + 1:]:
            if set(first.spots) & set(second.spots) or _seats_of(first) & _seats_of(second):
                raise MistakeError(f"mistakes {first.entry.id!r} and {second.entry.id!r}"
                                   " touch the same seat: a wrong spot must have one cause")
    dealer = dealer_copy(settlement, chips)
    for injection in injections:
        dealer = _apply(injection.entry, settlement, dealer, injection.seat, chips)
    return MistakeExercise(settlement, dealer, tuple(injections), chips)


def make_exercise(settlement: Settlement, catalogue: Catalogue, rng: random.Random,
                  chips: RoomChips | None = None) -> MistakeExercise:
    """The dealer's settlement of a round with 0, 1 or 2 of the catalogue's mistakes.

    The number is drawn from :data:`MISTAKE_COUNTS`; each mistake is drawn by its entry's
    weight among the entries that apply, then at one of the seats where it applies. A
    second mistake touches neither a spot nor a seat of the first, so each wrong spot has
    one cause. The same ``rng`` state gives the same exercise. ``chips``: the payouts are
    shown in the room's chips (a wrong chip procedure can then be drawn).
    """
    wanted = rng.choice(MISTAKE_COUNTS)
    open_ = candidates(settlement, catalogue, chips)
    chosen: list[Injection] = []
    while len(chosen) < wanted and open_:
        entries = list(dict.fromkeys(injection.entry for injection in open_))
        entry = rng.choices(entries, weights=[e.weight for e in entries])[0]
        injection = rng.choice([i for i in open_ if i.entry == entry])
        chosen.append(injection)
        taken_spots, taken_seats = set(injection.spots), _seats_of(injection)
        open_ = [i for i in open_ if i.entry != entry and not set(i.spots) & taken_spots
                 and not _seats_of(i) & taken_seats]
    return with_mistakes(settlement, chosen, chips)


def deal_exercise(seed: int, catalogue: Catalogue, ruleset: RuleSet, *,
                  seats: int | None = None, side_bets: Sequence[Wager] | None = None,
                  options: dict[str, str] | None = None,
                  chips: RoomChips | None = None) -> MistakeExercise:
    """A round dealt from ``seed`` (:func:`~trainer.engine.generator.generate_round`,
    with its ``seats``, ``side_bets`` and table letters ``options``) and its mistakes
    drawn from the same seed: the same seed, catalogue, rule set and table give the same
    exercise (an exam's for every candidate)."""
    rng = random.Random(seed)
    round_: Round = generate_round(rng, ruleset, seats=seats, side_bets=side_bets,
                                   options=options)
    return make_exercise(settle(round_), catalogue, rng, chips)


@dataclass(frozen=True, slots=True)
class MistakeExercise:
    settlement: Settlement
    """The engine's, unchanged: every right answer."""
    dealer: DealerSettlement
    """What the trainee sees."""
    injections: tuple[Injection, ...]
    chips: RoomChips | None = None
    """The room's chips the payouts are shown in; None: amounts only."""

    @property
    def causes(self) -> dict[Spot, Injection]:
        """Each wrong spot and the mistake that made it wrong."""
        return {spot: injection for injection in self.injections for spot in injection.spots}

    @property
    def spots(self) -> tuple[Spot, ...]:
        """The spots the trainee may mark."""
        return spots(self.settlement, self.dealer)


# --- grading the trainee's marks --------------------------------------------------------

Correction = PayoutAnswer | Decimal | tuple[int, ...]
"""The right settlement of a spot as the trainee gives it: a payout for a wager, the
seat's net for a total, the seats in order for the order."""


@dataclass(frozen=True, slots=True)
class Mark:
    spot: Spot
    correction: Correction


class Finding(StrEnum):
    FOUND = "found"
    WRONG_CORRECTION = "marked, wrong correction"
    MISSED = "missed"
    INVENTED = "invented"
    ALL_CORRECT = "all correct"


@dataclass(frozen=True, slots=True)
class MarkResult:
    spot: Spot | None
    """None for the trainee's "all correct" on a round with nothing wrong."""
    finding: Finding
    dealer_did: str
    right: str
    given: str | None
    explanation: str
    """The finding and why, in the trainer's language: ``Found: {detail}``."""
    entry: CatalogueEntry | None = None
    """The catalogue's mistake behind a wrong spot."""
    detail: str = ""
    """:attr:`explanation` without the finding's name (a screen that names the finding
    itself shows this, never cutting the name off the explanation's text)."""


@dataclass(frozen=True, slots=True)
class MistakeGrade:
    results: tuple[MarkResult, ...]
    seconds: float = 0.0

    @property
    def correct(self) -> bool:
        """Every mistake found with its right settlement, none invented."""
        return all(r.finding in (Finding.FOUND, Finding.ALL_CORRECT) for r in self.results)

    def count(self, finding: Finding) -> int:
        return sum(result.finding is finding for result in self.results)

    def skill_results(self) -> tuple[tuple[Skill, bool], ...]:
        """The answer rows the exercise gives: spotting (every wrong spot marked, none
        invented) always; correcting (each wrong spot marked has its right settlement)
        only when a wrong spot was marked."""
        spotted = not (self.count(Finding.MISSED) or self.count(Finding.INVENTED))
        rows = [(Skill.SPOT_MISTAKES, spotted)]
        if self.count(Finding.FOUND) or self.count(Finding.WRONG_CORRECTION):
            rows.append((Skill.CORRECT_MISTAKES, not self.count(Finding.WRONG_CORRECTION)))
        return tuple(rows)


def _order_text(order: Sequence[int]) -> str:
    return "seats " + ", ".join(map(str, order)) if order else "no seats"


def _order_shown(order: Sequence[int]) -> str:
    if not order:
        return _("no seats")
    return ngettext("seat {seats}", "seats {seats}", len(order),
                    seats=", ".join(map(str, order)))


def _spot_shown(value: object) -> str:
    """:func:`_spot_text` in the trainer's language and the room's number format."""
    if isinstance(value, Settled):
        return value.shown()
    if isinstance(value, Decimal):
        return _("a total of {amount}", amount=local_dollars(value))
    assert isinstance(value, tuple)
    return _order_shown(value)


def _payout_shown(answer: PayoutAnswer) -> str:
    if answer.outcome is Outcome.WIN:
        return local_dollars(answer.amount)
    if answer.outcome is Outcome.PUSH:
        return _("push")
    if answer.amount:
        return _("take {amount}", amount=local_dollars(answer.amount))
    return _("take")


def _spot_text(value: object) -> str:
    if isinstance(value, Settled):
        return value.text()
    if isinstance(value, Decimal):
        return f"a total of {dollars(value)}"
    assert isinstance(value, tuple)
    return _order_text(value)


def _right_payout(result: WagerResult) -> PayoutAnswer:
    if result.outcome is Outcome.WIN:
        return PayoutAnswer(Outcome.WIN, result.amount)
    if result.outcome is Outcome.PUSH:
        return PayoutAnswer(Outcome.PUSH, ZERO)
    return PayoutAnswer(Outcome.LOSE, result.stake)


def _right_text(settlement: Settlement, spot: Spot) -> tuple[str, str, str]:
    """The right settlement of ``spot`` (language-neutral, as stored), the same as a person
    reads it, and the engine's reason for it (the trainer's language)."""
    if spot.seat is None:
        return _order_text(settlement.order), _order_shown(settlement.order), _(
            "the dealer settles folded seats holding a side bet first, then the seats that"
            " raised, each from the dealer's right (seat 6) toward seat 1")
    seat = settlement.seat(spot.seat)
    if spot.wager is None:
        reason = seat.cap_reason or _(
            "the seat's winnings of {amount} are within the maximum aggregate payout",
            amount=local_dollars(seat.winnings_before_cap))
        return (f"a total of {dollars(seat.total)}",
                _("a total of {amount}", amount=local_dollars(seat.total)), reason)
    result = _result(seat, spot.wager)
    assert result is not None
    reason = result.reason or _("{wager} {stake}", wager=result.wager.display_name,
                                stake=local_dollars(result.stake))
    if result.pay_line:
        reason = _("{reason} (pay table: {line})", reason=reason, line=result.pay_line)
    right = _right_payout(result)
    return payout_text(right), _payout_shown(right), reason


def _right_chips(exercise: MistakeExercise, spot: Spot, right: str,
                 right_shown: str) -> tuple[str, str, str]:
    """A payout paid in the wrong chips: the right payout with the procedure's stack, and
    why (the procedure's name and its stack, :attr:`Expected.reason`)."""
    assert exercise.chips is not None and spot.seat is not None and spot.wager is not None
    result = _result(exercise.settlement.seat(spot.seat), spot.wager)
    assert result is not None
    made = expected_chips(exercise.settlement, spot.seat, result, exercise.chips)
    assert made is not None
    return (f"{right} in {chips_text(made.stack)}",
            _("{amount} in {chips}", amount=right_shown,
              chips=stack_text(made.stack, exercise.chips.rack)), made.reason)


def _check_mark(exercise: MistakeExercise, mark: Mark) -> None:
    spot, correction = mark.spot, mark.correction
    if spot not in exercise.spots:
        raise MistakeError(_("{spot} is not on the table: mark a wager a seat holds, a capped"
                             " seat's total or the order", spot=spot.shown))
    if spot.seat is None:
        seats = sorted(exercise.settlement.order)
        if not (isinstance(correction, tuple) and sorted(correction) == seats):
            raise MistakeError(_("the settlement order: give every seat once ({seats} in the"
                                 " order they are settled)", seats=_order_shown(seats)))
    elif spot.wager is None:
        if not isinstance(correction, Decimal):
            raise MistakeError(_("{spot}: give the amount the seat is paid, such as {example}",
                                 spot=spot.shown, example=in_room_format("3,000")))
    elif not isinstance(correction, PayoutAnswer):
        raise MistakeError(_("{spot}: give the right settlement: an amount to pay, push or"
                             " take", spot=spot.shown))


def _is_right(exercise: MistakeExercise, mark: Mark) -> bool:
    spot, correction = mark.spot, mark.correction
    if spot.seat is None:
        return correction == exercise.settlement.order
    seat = exercise.settlement.seat(spot.seat)
    if spot.wager is None:
        return correction == seat.total
    result = _result(seat, spot.wager)
    assert result is not None and isinstance(correction, PayoutAnswer)
    if correction.outcome is not result.outcome:
        return False
    # a take is right whatever amount came with it: the dealer takes the spot
    return result.outcome is Outcome.LOSE or correction.amount == result.amount


def _given_shown(mark: Mark) -> str:
    correction = mark.correction
    if isinstance(correction, PayoutAnswer):
        return _payout_shown(correction)
    return _spot_shown(correction)


def _given_text(mark: Mark) -> str:
    correction = mark.correction
    if isinstance(correction, PayoutAnswer):
        return payout_text(correction)
    return _spot_text(correction)


def grade_marks(exercise: MistakeExercise, marks: Sequence[Mark],
                seconds: float = 0.0) -> MistakeGrade:
    """Grade the trainee's marks; no marks is "all correct".

    :class:`MistakeError` (nothing graded) for a mark on a spot not on the table, a spot
    marked twice, or a correction of the wrong form (an amount for the order ...).
    """
    marked: dict[Spot, Mark] = {}
    for each in marks:
        if each.spot in marked:
            raise MistakeError(_("{spot} is marked twice: mark it once, with the right"
                                 " settlement", spot=each.spot.shown))
        _check_mark(exercise, each)
        marked[each.spot] = each
    causes = exercise.causes
    if not causes and not marked:
        detail = _("the dealer settled every wager right.")
        return MistakeGrade((MarkResult(None, Finding.ALL_CORRECT, "", "", None,
                                        _("All correct: {detail}", detail=detail),
                                        detail=detail),), float(seconds))
    results = []
    for spot in exercise.spots:
        cause, mark = causes.get(spot), marked.get(spot)
        if cause is None and mark is None:
            continue
        did = _value(exercise.dealer, spot)
        dealer_did = _spot_text(did)
        right, right_shown, reason = _right_text(exercise.settlement, spot)
        given = _given_text(mark) if mark is not None else None
        if cause is None:
            assert given is not None
            detail = _("{spot} was settled right: {reason}.", spot=spot.shown, reason=reason)
            results.append(MarkResult(spot, Finding.INVENTED, dealer_did, right, given,
                                      detail, None, detail))
            continue
        entry = cause.entry
        if entry.kind is MistakeKind.WRONG_CHIPS:
            right, right_shown, reason = _right_chips(exercise, spot, right, right_shown)
        told = _("{what} ({citation}.) The dealer {did}; right: {reason}.",
                 what=entry.shown_what, citation=entry.shown_citation, did=_spot_shown(did),
                 reason=reason)
        if mark is None:
            finding = Finding.MISSED
            detail = _("{spot}. {told}", spot=spot.shown, told=told)
            explanation = _("Missed: {detail}", detail=detail)
        elif _is_right(exercise, mark):
            finding = Finding.FOUND
            detail = _("{spot}. {told}", spot=spot.shown, told=told)
            explanation = _("Found: {detail}", detail=detail)
        else:
            finding = Finding.WRONG_CORRECTION
            detail = explanation = _(
                "{spot} is wrong, but not {given}: {right}. {told}", spot=spot.shown,
                given=_given_shown(mark), right=right_shown, told=told)
        results.append(MarkResult(spot, finding, dealer_did, right, given, explanation, entry,
                                  detail))
    return MistakeGrade(tuple(results), float(seconds))
