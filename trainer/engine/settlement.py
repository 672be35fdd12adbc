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
from trainer.engine.money import CENT, ZERO, Odds, format_amount
from trainer.engine.order import settlement_order
from trainer.engine.round import Round, RoundError, Seat, Wager
from trainer.engine.rulesets import Award, PocketHand, ProgressiveHand
from trainer.i18n import N_, _, in_room_format, local_dollars


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


def odds_text(odds: Odds) -> str:
    """Odds as a person reads them in the trainer's language: ``3 to 2`` (``3 a 2``), the
    figure in the room's number format (``1,000 to 1``)."""
    return _("{to_win} to {per}", to_win=in_room_format(f"{odds.to_win:,}"), per=odds.per)


def award_text(award: Award) -> str:
    """A pay-table award as a person reads it: odds, a fixed amount or a share in percent."""
    if award.odds is not None:
        return odds_text(award.odds)
    if award.fixed is not None:
        return in_room_format(str(award))
    return str(award)


def _pay_line(explain: bool, template: str, **named: object) -> str:
    """The pay-table line applied, a person's words: in the trainer's language when the
    reasons are written, else in English (the fast path translates nothing). Values are
    given in English (codes, ``3 to 2``) and shown with their display names when
    translated: ``category``, ``pocket`` and ``hand`` hold enums with a display name,
    ``odds`` and ``award`` hold :class:`Odds` / :class:`Award`."""
    if not explain:
        return template.format(**{
            key: value.label if isinstance(value, PocketHand | ProgressiveHand) else value
            for key, value in named.items()})
    shown: dict[str, object] = {}
    for key, value in named.items():
        if isinstance(value, Category | PocketHand | ProgressiveHand):
            shown[key] = value.display_name
        elif isinstance(value, Odds):
            shown[key] = odds_text(value)
        elif isinstance(value, Award):
            shown[key] = award_text(value)
        else:
            shown[key] = value
    return _(template, **shown)


def _reason(template: str, wager: Wager, stake: Decimal, **named: object) -> str:
    """One whole-sentence reason (``template`` marked with N_), in the trainer's language:
    ``{wager}`` and ``{stake}`` filled with the wager's name and its amount. Reasons are
    for people only: the settle contract's JSON carries none."""
    return _(template, wager=wager.display_name, stake=local_dollars(stake), **named)


def _win(wager: Wager, stake: Decimal, odds: Odds, line: str, template: str = "",
         **named: object) -> WagerResult:
    """A win at ``odds``; ``template`` (empty: no reason written) has ``{odds}`` and
    ``{paid}`` too."""
    paid = odds.pay(stake)
    reason = ""
    if template:
        reason = _reason(template, wager, stake, odds=odds_text(odds), paid=local_dollars(paid),
                         **named)
        if stake * odds.to_win / odds.per != paid:
            reason = _("{reason} (rounded down to the cent)", reason=reason)
    return WagerResult(wager, stake, Outcome.WIN, paid, reason, line, odds)


def _push(wager: Wager, stake: Decimal, template: str = "", **named: object) -> WagerResult:
    reason = _reason(template, wager, stake, **named) if template else ""
    return WagerResult(wager, stake, Outcome.PUSH, ZERO, reason)


def _lose(wager: Wager, stake: Decimal, template: str = "", **named: object) -> WagerResult:
    reason = _reason(template, wager, stake, **named) if template else ""
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
        folded = N_("{wager} {stake} loses: the player folded") if explain else ""
        return SeatResult.FOLD, [_lose(Wager.ANTE, ante, folded),
                                 _lose(Wager.ODDS, odds_stake, folded)]
    tables = round_.tables
    # Named against each other: two pairs of fours are told apart by their kicker.
    player_name = hand.describe_against(dealer) if explain else ""
    dealer_versus = dealer.describe_against(hand) if explain else ""
    if hand.value == dealer.value:
        ties = N_("{wager} {stake} pushes: {player} ties the dealer's {dealer}") if explain else ""
        return SeatResult.TIE, [
            _push(wager, stake, ties, player=player_name, dealer=dealer_name)
            for wager, stake in ((Wager.ANTE, ante), (Wager.RAISE, raise_stake),
                                 (Wager.ODDS, odds_stake))
        ]
    straight_or_better = hand.category >= Category.STRAIGHT
    category = hand.category.display_name if explain else ""
    not_qualified = (N_("{wager} {stake} pushes: the dealer does not qualify ({dealer})")
                     if explain else "")
    if hand.value > dealer.value:
        wins = (N_("{wager} {stake} pays {odds} when the player wins ({player} beats the"
                   " dealer's {dealer}): {paid}") if explain else "")
        if dealer_qualifies:
            ante_result = _win(Wager.ANTE, ante, EVEN_MONEY,
                               _pay_line(explain, N_("ante {odds}"), odds=EVEN_MONEY), wins,
                               player=player_name, dealer=dealer_versus)
        else:
            ante_result = _push(Wager.ANTE, ante, not_qualified, dealer=dealer_name)
        raise_result = _win(Wager.RAISE, raise_stake, EVEN_MONEY,
                            _pay_line(explain, N_("raise {odds}"), odds=EVEN_MONEY), wins,
                            player=player_name, dealer=dealer_versus)
        if straight_or_better:
            line_odds = tables.odds_win[hand.category]
            odds_result = _win(
                Wager.ODDS, odds_stake, line_odds,
                _pay_line(explain, N_("odds win: {category} {odds}"), category=hand.category,
                          odds=line_odds),
                N_("{wager} {stake} pays {odds} for a winning {category}: {paid}")
                if explain else "", category=category)
        else:
            odds_result = _push(
                Wager.ODDS, odds_stake,
                N_("{wager} {stake} pushes: the player wins with {player}, less than a straight")
                if explain else "", player=player_name)
        return SeatResult.WIN, [ante_result, raise_result, odds_result]
    loses = N_("{wager} {stake} loses: the dealer's {dealer} beats {player}") if explain else ""
    if dealer_qualifies:
        ante_result = _lose(Wager.ANTE, ante, loses, dealer=dealer_versus, player=player_name)
    else:
        ante_result = _push(Wager.ANTE, ante, not_qualified, dealer=dealer_name)
    raise_result = _lose(Wager.RAISE, raise_stake, loses, dealer=dealer_versus,
                         player=player_name)
    if straight_or_better:
        line_odds = tables.bad_beat[hand.category]
        odds_result = _win(
            Wager.ODDS, odds_stake, line_odds, _pay_line(explain, N_("bad beat: {category} {odds}"),
                                                      category=hand.category, odds=line_odds),
            N_("{wager} {stake} pays {odds} bad beat table {table} for a losing {category}:"
               " {paid}") if explain else "", table=tables.bad_beat_name, category=category)
    else:
        odds_result = _lose(Wager.ODDS, odds_stake, loses, dealer=dealer_versus,
                            player=player_name)
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
        letter = tables.trips_plus_letter
        if line is None:
            results.append(_lose(
                Wager.TRIPS_PLUS, stake,
                N_("{wager} {stake} loses: {hand} is less than three of a kind (Trips Plus"
                   " table {table})") if explain else "",
                hand=hand.describe() if explain else "", table=letter))
        else:
            results.append(_win(
                Wager.TRIPS_PLUS, stake, line,
                _pay_line(explain, N_("trips plus {table}: {category} {odds}"), table=letter,
                          category=hand.category, odds=line),
                N_("{wager} {stake} pays {odds} for {category} (Trips Plus table {table}):"
                   " {paid}") if explain else "",
                category=hand.category.display_name, table=letter))
    stake = seat.side_bets.get(Wager.POCKET_BONUS)
    if stake is not None:
        pocket = pocket_hand(seat.hole)
        letter = tables.pocket_bonus_letter
        hole = f"{seat.hole[0]} {seat.hole[1]}"
        if pocket is None:
            results.append(_lose(
                Wager.POCKET_BONUS, stake,
                N_("{wager} {stake} loses: {hole} is neither a pair nor an ace with K, Q or J"
                   " (Pocket Bonus table {table})") if explain else "",
                hole=hole, table=letter))
        else:
            line = tables.pocket_bonus[pocket]
            results.append(_win(
                Wager.POCKET_BONUS, stake, line,
                _pay_line(explain, N_("pocket bonus {table}: {pocket} {odds}"), table=letter,
                          pocket=pocket, odds=line),
                N_("{wager} {stake} pays {odds} for {hole}, {pocket} (Pocket Bonus table"
                   " {table}): {paid}") if explain else "",
                hole=hole, pocket=pocket.display_name if explain else "", table=letter))
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
        return _lose(Wager.SIX_CARD_BONUS, stake,
                     N_("{wager} {stake} loses: {hand} is less than three of a kind"),
                     hand=six.describe())
    amount = _award_amount(award, stake, round_.six_card_bonus_jackpot, "six_card_bonus_jackpot")
    reason = _reason(N_("{wager} {stake} pays {award} for {category} ({cards}): {paid}"),
                     Wager.SIX_CARD_BONUS, stake, award=award_text(award),
                     category=six.category.display_name,
                     cards=" ".join(map(str, six.cards)), paid=local_dollars(amount))
    return WagerResult(
        Wager.SIX_CARD_BONUS,
        stake,
        Outcome.WIN,
        amount,
        reason,
        _pay_line(True, N_("6-card bonus {stake}: {category} {award}"),
                  stake=in_room_format(f"${stake:,.0f}"), category=six.category, award=award),
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
        return _lose(Wager.PROGRESSIVE, stake,
                     N_("{wager} {stake} loses: {hand} pays nothing on progressive table"
                        " {table}"), hand=hand.describe(), table=letter)
    amount = _award_amount(award, stake, round_.progressive_pool, "progressive_pool", pool_winners)
    assert outcome is not None
    if award.percent == 100 and pool_winners > 1:
        reason = _reason(
            N_("{wager} {stake} pays {award} for a {hand} (table {table}, shared equally by"
               " {count} winners): {paid}"), Wager.PROGRESSIVE, stake, award=award_text(award),
            hand=outcome.display_name, table=letter, count=pool_winners,
            paid=local_dollars(amount))
    else:
        reason = _reason(
            N_("{wager} {stake} pays {award} for a {hand} (table {table}): {paid}"),
            Wager.PROGRESSIVE, stake, award=award_text(award), hand=outcome.display_name,
            table=letter, paid=local_dollars(amount))
    return WagerResult(
        Wager.PROGRESSIVE,
        stake,
        Outcome.WIN,
        amount,
        reason,
        _pay_line(True, N_("progressive {table}: {hand} {award}"), table=letter,
                  hand=outcome, award=award),
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
        reason = _(
            "winnings of {winnings} on the main and bonus wagers exceed the maximum aggregate"
            " payout: the seat is paid {cap}",
            winnings=local_dollars(winnings), cap=local_dollars(cap))
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
