"""Settlement of a whole round (docs/rules.md §3-§7).

:func:`settle` takes a validated :class:`~trainer.engine.round.Round` and
returns every seat's hand, result and every wager's outcome and amount, each
with the reason a dealer would give, in the order the dealer settles them.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum
from typing import Any

from trainer.engine.cards import Card, Suit
from trainer.engine.evaluator import Category, Hand, evaluate
from trainer.engine.money import CENT, ZERO, Odds, dollars, format_amount
from trainer.engine.order import settlement_order
from trainer.engine.round import Round, RoundError, Seat, Wager
from trainer.engine.rulesets import Award, PocketHand, ProgressiveHand
from trainer.i18n import N_, _


class Outcome(StrEnum):
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"

    @property
    def display_name(self) -> str:
        """The wager's outcome in the trainer's language (the value is its code)."""
        return _({"win": N_("win"), "push": N_("push"), "lose": N_("take")}[self.value])


class SeatResult(StrEnum):
    WIN = "win"
    LOSE = "lose"
    TIE = "tie"
    FOLD = "fold"

    @property
    def display_name(self) -> str:
        """The seat's result in the trainer's language (the value is its code)."""
        return _({"win": N_("win"), "lose": N_("lose"), "tie": N_("tie"),
                  "fold": N_("fold")}[self.value])


@dataclass(frozen=True, slots=True)
class WagerResult:
    wager: Wager
    stake: Decimal
    outcome: Outcome
    amount: Decimal
    """Paid to the player (positive), collected (negative) or 0.00 (push)."""
    reason: str
    """The dealer's explanation, quoting the rule or pay line."""
    pay_line: str | None = None
    """The pay-table line applied, e.g. ``"flush 3 to 2"``."""
    odds: Odds | None = None
    """A win paid at odds: the odds (a payout in chips follows the bet's colours at them,
    docs/rules.md §10). None for a fixed award or a share of a meter, a push and a take."""


@dataclass(frozen=True, slots=True)
class SeatSettlement:
    seat: int
    hand: Hand
    result: SeatResult
    wagers: tuple[WagerResult, ...]
    total: Decimal
    """Net for the seat after any maximum-aggregate-payout cap."""
    capped: bool
    winnings_before_cap: Decimal
    """Sum of the winnings that the cap applies to (docs/rules.md §6)."""
    cap_reason: str | None = None

    def wager(self, wager: Wager) -> WagerResult | None:
        for result in self.wagers:
            if result.wager is wager:
                return result
        return None


@dataclass(frozen=True, slots=True)
class Settlement:
    round: Round
    dealer: Hand
    dealer_qualifies: bool
    order: tuple[int, ...]
    seats: tuple[SeatSettlement, ...]
    """In settlement order."""

    def seat(self, number: int) -> SeatSettlement:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)


def qualifies(dealer: Hand) -> bool:
    """docs/rules.md §3: the dealer qualifies with one pair or better."""
    return dealer.category >= Category.ONE_PAIR


def pocket_hand(hole: tuple[Card, Card]) -> PocketHand | None:
    """docs/rules.md §5 Pocket Bonus class of two hole cards, or None (loses)."""
    first, second = hole
    if first.rank == second.rank:
        return PocketHand.PAIR_OF_ACES if first.rank == 14 else PocketHand.PAIR
    ranks = {first.rank, second.rank}
    if 14 in ranks and ranks & {11, 12, 13}:
        return (
            PocketHand.ACE_FACE_SUITED
            if first.suit == second.suit
            else PocketHand.ACE_FACE_UNSUITED
        )
    return None


_ROYAL_RANKS = {10, 11, 12, 13, 14}


def _is_royal(cards: tuple[Card, ...]) -> bool:
    return (
        len(cards) == 5
        and {card.rank for card in cards} == _ROYAL_RANKS
        and len({card.suit for card in cards}) == 1
    )


def progressive_hand(
    hole: tuple[Card, Card], board: tuple[Card, ...], hand: Hand
) -> ProgressiveHand | None:
    """The progressive outcome of a seat (New York 2018 (k)(3)), most specific first."""
    flop_five = (*hole, *board[:3])
    if _is_royal(flop_five):
        if flop_five[0].suit is Suit.SPADES:
            return ProgressiveHand.FLOPPED_ROYAL_FLUSH_SPADES
        return ProgressiveHand.FLOPPED_ROYAL_FLUSH
    if hand.category is Category.ROYAL_FLUSH:
        if _is_royal(tuple(board)):
            return ProgressiveHand.COMMUNITY_ROYAL_FLUSH
        return ProgressiveHand.ROYAL_FLUSH
    by_category = {
        Category.STRAIGHT_FLUSH: ProgressiveHand.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND: ProgressiveHand.FOUR_OF_A_KIND,
        Category.FULL_HOUSE: ProgressiveHand.FULL_HOUSE,
        Category.FLUSH: ProgressiveHand.FLUSH,
    }
    return by_category.get(hand.category)


def _win(wager: Wager, stake: Decimal, odds: Odds, why: str, line: str) -> WagerResult:
    paid = odds.pay(stake)
    reason = ""
    if why:
        rounded = " (rounded down to the cent)" if stake * odds.to_win / odds.per != paid else ""
        reason = f"{wager.label} {dollars(stake)} pays {odds} {why}: {dollars(paid)}{rounded}"
    return WagerResult(wager, stake, Outcome.WIN, paid, reason, line, odds)


def _push(wager: Wager, stake: Decimal, why: str) -> WagerResult:
    reason = f"{wager.label} {dollars(stake)} pushes: {why}" if why else ""
    return WagerResult(wager, stake, Outcome.PUSH, ZERO, reason)


def _lose(wager: Wager, stake: Decimal, why: str) -> WagerResult:
    reason = f"{wager.label} {dollars(stake)} loses: {why}" if why else ""
    return WagerResult(wager, stake, Outcome.LOSE, -stake, reason)


def _settle_main(
    seat: Seat, hand: Hand, dealer: Hand, dealer_qualifies: bool, round_: Round, dealer_name: str
) -> tuple[SeatResult, list[WagerResult]]:
    """Ante, raise and odds (docs/rules.md §4 table).

    With an empty ``dealer_name`` no reasons are written (the settle command's
    fast path); every outcome and amount is the same either way.
    """
    ante, odds_stake, raise_stake = seat.ante, seat.odds, seat.raise_amount
    explain = bool(dealer_name)
    if seat.folded:
        why = "the player folded" if explain else ""
        return SeatResult.FOLD, [_lose(Wager.ANTE, ante, why), _lose(Wager.ODDS, odds_stake, why)]
    tables = round_.tables
    # Named against each other: two pairs of fours are told apart by their kicker.
    player_name = hand.describe_against(dealer) if explain else ""
    dealer_versus = dealer.describe_against(hand) if explain else ""
    if hand.value == dealer.value:
        why = f"{player_name} ties the dealer's {dealer_name}" if explain else ""
        return SeatResult.TIE, [
            _push(Wager.ANTE, ante, why),
            _push(Wager.RAISE, raise_stake, why),
            _push(Wager.ODDS, odds_stake, why),
        ]
    straight_or_better = hand.category >= Category.STRAIGHT
    not_qualified = f"the dealer does not qualify ({dealer_name})" if explain else ""
    if hand.value > dealer.value:
        wins = (
            f"when the player wins ({player_name} beats the dealer's {dealer_versus})"
            if explain
            else ""
        )
        if dealer_qualifies:
            ante_result = _win(Wager.ANTE, ante, EVEN_MONEY, wins, "ante 1 to 1")
        else:
            ante_result = _push(Wager.ANTE, ante, not_qualified)
        raise_result = _win(Wager.RAISE, raise_stake, EVEN_MONEY, wins, "raise 1 to 1")
        if straight_or_better:
            line_odds = tables.odds_win[hand.category]
            why = f"for a winning {hand.category}" if explain else ""
            odds_result = _win(
                Wager.ODDS, odds_stake, line_odds, why, f"odds win: {hand.category} {line_odds}"
            )
        else:
            why = f"the player wins with {player_name}, less than a straight" if explain else ""
            odds_result = _push(Wager.ODDS, odds_stake, why)
        return SeatResult.WIN, [ante_result, raise_result, odds_result]
    loses = f"the dealer's {dealer_versus} beats {player_name}" if explain else ""
    if dealer_qualifies:
        ante_result = _lose(Wager.ANTE, ante, loses)
    else:
        ante_result = _push(Wager.ANTE, ante, not_qualified)
    raise_result = _lose(Wager.RAISE, raise_stake, loses)
    if straight_or_better:
        line_odds = tables.bad_beat[hand.category]
        why = (
            f"bad beat table {tables.bad_beat_name} for a losing {hand.category}" if explain else ""
        )
        odds_result = _win(
            Wager.ODDS, odds_stake, line_odds, why, f"bad beat: {hand.category} {line_odds}"
        )
    else:
        odds_result = _lose(Wager.ODDS, odds_stake, loses)
    return SeatResult.LOSE, [ante_result, raise_result, odds_result]


def _award_amount(
    award: Award, stake: Decimal, meter: Decimal | None, meter_name: str, sharers: int = 1
) -> Decimal:
    if award.odds is not None:
        return award.odds.pay(stake)
    if award.fixed is not None:
        return award.fixed
    if meter is None:
        raise RoundError(f"{meter_name}: missing; the round has an award of {award} of it")
    assert award.percent is not None  # an award is odds, a fixed amount or a percent
    share = meter * award.percent / 100
    if award.percent == 100 and sharers > 1:
        share = share / sharers
    return share.quantize(CENT, rounding=ROUND_DOWN)


def _settle_side(
    seat: Seat, hand: Hand, round_: Round, pool_winners: int, explain: bool
) -> list[WagerResult]:
    results: list[WagerResult] = []
    tables = round_.tables
    stake = seat.side_bets.get(Wager.TRIPS_PLUS)
    if stake is not None:
        line = tables.trips_plus.get(hand.category)
        table = f"Trips Plus table {tables.trips_plus_letter}"
        if line is None:
            why = f"{hand.describe()} is less than three of a kind ({table})" if explain else ""
            results.append(_lose(Wager.TRIPS_PLUS, stake, why))
        else:
            why = f"for {hand.category} ({table})" if explain else ""
            results.append(
                _win(
                    Wager.TRIPS_PLUS,
                    stake,
                    line,
                    why,
                    f"trips plus {tables.trips_plus_letter}: {hand.category} {line}",
                )
            )
    stake = seat.side_bets.get(Wager.POCKET_BONUS)
    if stake is not None:
        pocket = pocket_hand(seat.hole)
        table = f"Pocket Bonus table {tables.pocket_bonus_letter}"
        hole = f"{seat.hole[0]} {seat.hole[1]}"
        if pocket is None:
            why = f"{hole} is neither a pair nor an ace with K, Q or J ({table})" if explain else ""
            results.append(_lose(Wager.POCKET_BONUS, stake, why))
        else:
            line = tables.pocket_bonus[pocket]
            why = f"for {hole}, {pocket.label} ({table})" if explain else ""
            results.append(
                _win(
                    Wager.POCKET_BONUS,
                    stake,
                    line,
                    why,
                    f"pocket bonus {tables.pocket_bonus_letter}: {pocket.label} {line}",
                )
            )
    stake = seat.side_bets.get(Wager.SIX_CARD_BONUS)
    if stake is not None:
        results.append(_settle_six_card(seat, stake, round_))
    stake = seat.side_bets.get(Wager.PROGRESSIVE)
    if stake is not None:
        results.append(_settle_progressive(seat, stake, hand, round_, pool_winners))
    return results


def _settle_six_card(seat: Seat, stake: Decimal, round_: Round) -> WagerResult:
    """docs/rules.md §5 6-Card Bonus: best five of the hole cards and four extra cards."""
    assert round_.six_card_bonus_cards is not None and round_.ruleset.six_card_bonus is not None
    six = evaluate((*seat.hole, *round_.six_card_bonus_cards))
    table = round_.ruleset.six_card_bonus[stake]
    award = table.get(six.category)
    if award is None:
        return _lose(Wager.SIX_CARD_BONUS, stake, f"{six.describe()} is less than three of a kind")
    amount = _award_amount(award, stake, round_.six_card_bonus_jackpot, "six_card_bonus_jackpot")
    reason = (
        f"{Wager.SIX_CARD_BONUS.label} {dollars(stake)} pays {award} for {six.category}"
        f" ({' '.join(map(str, six.cards))}): {dollars(amount)}"
    )
    return WagerResult(
        Wager.SIX_CARD_BONUS,
        stake,
        Outcome.WIN,
        amount,
        reason,
        f"6-card bonus ${stake:.0f}: {six.category} {award}",
        award.odds,
    )


def _settle_progressive(
    seat: Seat, stake: Decimal, hand: Hand, round_: Round, pool_winners: int
) -> WagerResult:
    """New York 2018 (k): progressive on the seat's best five of seven."""
    assert round_.tables.progressive is not None
    outcome = progressive_hand(seat.hole, round_.board, hand)
    table = round_.tables.progressive
    letter = round_.tables.progressive_letter
    award = table.get(outcome) if outcome is not None else None
    if award is None:
        return _lose(
            Wager.PROGRESSIVE,
            stake,
            f"{hand.describe()} pays nothing on progressive table {letter}",
        )
    amount = _award_amount(award, stake, round_.progressive_pool, "progressive_pool", pool_winners)
    assert outcome is not None
    shared = ""
    if award.percent == 100 and pool_winners > 1:
        shared = f", shared equally by {pool_winners} winners"
    reason = (
        f"{Wager.PROGRESSIVE.label} {dollars(stake)} pays {award} for a {outcome.label}"
        f" (table {letter}{shared}): {dollars(amount)}"
    )
    return WagerResult(
        Wager.PROGRESSIVE,
        stake,
        Outcome.WIN,
        amount,
        reason,
        f"progressive {letter}: {outcome.label} {award}",
        award.odds,
    )


EVEN_MONEY = Odds(1)
_CAPPED_WAGERS = {Wager.ANTE, Wager.RAISE, Wager.ODDS, Wager.TRIPS_PLUS, Wager.POCKET_BONUS}


def _total(
    results: list[WagerResult], cap: Decimal | None
) -> tuple[Decimal, bool, Decimal, str | None]:
    """docs/rules.md §6: the cap limits the sum of winnings on the main, Trips Plus and
    Pocket Bonus wagers; losses, 6-Card Bonus and progressive awards stand outside it."""
    winnings = sum((r.amount for r in results if r.wager in _CAPPED_WAGERS and r.amount > 0), ZERO)
    rest = sum(
        (r.amount for r in results if not (r.wager in _CAPPED_WAGERS and r.amount > 0)), ZERO
    )
    if cap is not None and winnings > cap:
        reason = (
            f"winnings of {dollars(winnings)} on the main and bonus wagers exceed the"
            f" maximum aggregate payout: the seat is paid {dollars(cap)}"
        )
        return cap + rest, True, winnings, reason
    return winnings + rest, False, winnings, None


def _pool_winners(round_: Round, hands: dict[int, Hand]) -> int:
    table = round_.tables.progressive
    if table is None:
        return 0
    count = 0
    for seat in round_.seats:
        if Wager.PROGRESSIVE not in seat.side_bets:
            continue
        outcome = progressive_hand(seat.hole, round_.board, hands[seat.seat])
        award = table.get(outcome) if outcome is not None else None
        if award is not None and award.percent == 100:
            count += 1
    return count


@dataclass(frozen=True)
class PoolPaid:
    """What a round's progressive awards took from the pool (docs/rules.md §5 Progressive)."""

    amount: Decimal
    """The sum of the awards that are a share of the pool (fixed awards are not)."""
    emptied: bool
    """Whether an award of 100% of the pool was won: the meter starts again from its seed."""


def progressive_pool_paid(settlement: Settlement) -> PoolPaid:
    """The percent-of-pool awards of a settled round: what a table's meter pays out.

    Fixed-dollar progressive awards are the house's, not the pool's; a pool
    shared by several 100% winners is emptied once."""
    table = settlement.round.tables.progressive
    paid, emptied = ZERO, False
    if table is None:
        return PoolPaid(paid, emptied)
    for seat_result in settlement.seats:
        seat = settlement.round.seat(seat_result.seat)
        if Wager.PROGRESSIVE not in seat.side_bets:
            continue
        outcome = progressive_hand(seat.hole, settlement.round.board, seat_result.hand)
        award = table.get(outcome) if outcome is not None else None
        if award is None or award.percent is None:
            continue
        paid += next(r.amount for r in seat_result.wagers if r.wager is Wager.PROGRESSIVE)
        emptied = emptied or award.percent == 100
    return PoolPaid(paid, emptied)


def settle(round_: Round, *, explain: bool = True) -> Settlement:
    """Settle every seat. ``explain=False`` skips writing the reasons (faster)."""
    dealer = evaluate((*round_.dealer, *round_.board))
    dealer_qualifies = qualifies(dealer)
    dealer_name = dealer.describe() if explain else ""
    hands = {seat.seat: evaluate((*seat.hole, *round_.board)) for seat in round_.seats}
    pool_winners = _pool_winners(round_, hands)
    order = settlement_order(round_.seats)
    cap = round_.ruleset.max_aggregate_payout
    seats = []
    for number in order:
        seat = round_.seat(number)
        hand = hands[number]
        result, main = _settle_main(seat, hand, dealer, dealer_qualifies, round_, dealer_name)
        wagers = main + _settle_side(seat, hand, round_, pool_winners, explain)
        total, capped, winnings, cap_reason = _total(wagers, cap)
        seats.append(
            SeatSettlement(number, hand, result, tuple(wagers), total, capped, winnings, cap_reason)
        )
    return Settlement(round_, dealer, dealer_qualifies, order, tuple(seats))


def _hand_json(hand: Hand) -> dict[str, Any]:
    return {"hand": hand.category, "cards": [card.text for card in hand.cards]}


def settlement_to_json(settlement: Settlement) -> dict[str, Any]:
    """The settle contract's output form."""
    return {
        "dealer": {**_hand_json(settlement.dealer), "qualifies": settlement.dealer_qualifies},
        "order": list(settlement.order),
        "seats": [
            {
                "seat": seat.seat,
                **_hand_json(seat.hand),
                "result": seat.result,
                "wagers": {
                    w.wager: {"outcome": w.outcome, "amount": format_amount(w.amount)}
                    for w in seat.wagers
                },
                "total": format_amount(seat.total),
                "capped": seat.capped,
            }
            for seat in settlement.seats
        ],
    }
