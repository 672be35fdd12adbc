"""What the trainee is asked about a settled round, in the order a dealer works.

:func:`build_questions` reads only the engine's :class:`Settlement`: every
expected answer (a hand, a yes/no, a seat number, a payout) and every
explanation (the rule and the pay-table line) comes from the engine, so the
UI never computes a payout.

The order follows docs/rules.md §7:

1. the dealer's hand (category and the five cards that play);
2. whether the dealer qualifies (§3);
3. seat by seat, in ``settlement.order``: which seat is next (only while two
   or more seats are still to settle, so never a forced choice), the seat's
   best hand (every raised seat; a folded seat only when a Trips Plus or
   progressive wager depends on it), win/lose/tie for a raised seat, one
   payout per wager, and the capped total where a maximum aggregate payout
   applies (§6);
4. last, the 6-Card Bonus wagers, from the dealer's right (seat 6 toward
   seat 1): §5 says they are settled after the board is mucked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeAlias

from trainer.engine.cards import Card
from trainer.engine.evaluator import Category, hand_display, hand_wording
from trainer.engine.money import ZERO, dollars
from trainer.engine.round import Wager
from trainer.engine.settlement import (
    Outcome,
    SeatResult,
    SeatSettlement,
    Settlement,
    WagerResult,
)

# Defined where storage can read them too; re-exported here for the training side.
from trainer.i18n import N_, _, local_dollars
from trainer.skills import QuestionKind as QuestionKind
from trainer.skills import Skill as Skill


@dataclass(frozen=True, slots=True)
class DealerHandAnswer:
    """The dealer's hand as announced: its category and the five cards that play."""

    category: Category
    cards: tuple[Card, ...]
    ranks: tuple[int, ...] = ()
    """The ranks the announcement named ("pair of kings": 13), as in :class:`NamedHand`;
    empty when only the category was named."""


@dataclass(frozen=True, slots=True)
class NamedHand:
    """A player's hand named with its ranks, as typed ("pair of fours", "king high").

    ``ranks`` are the ranks the wording names, in the order of
    :func:`~trainer.engine.evaluator.hand_wording`: a two pair's higher pair first, a
    full house's three then its pair (or its three only, "kings full"). A hand named
    without ranks is just its :class:`Category`.
    """

    category: Category
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PayoutAnswer:
    """How one wager is settled.

    ``amount`` is what the dealer pays on a win, ``0.00`` on a push and the
    stake on a take (``Outcome.LOSE``). A take parsed from typed text carries
    ``0.00`` until grading fills in the stake (see :func:`~.answers.parse_payout`).
    """

    outcome: Outcome
    amount: Decimal


Answer: TypeAlias = (DealerHandAnswer | bool | int | Category | NamedHand | SeatResult
                     | PayoutAnswer | Decimal)
"""Any expected (or parsed) answer; which one depends on the question's kind."""


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    """Stable within a round: ``dealer-hand``, ``seat-6-odds``, ``next-seat-2``."""
    kind: QuestionKind
    skill: Skill
    seat: int | None
    """The seat asked about; None for the dealer and for "which seat next?"."""
    wager: Wager | None
    prompt: str
    expected: Answer
    explanation: str
    """The rule (and pay-table line) behind the expected answer."""
    stake: Decimal | None = None
    """PAYOUT: the amount on the spot (what a take collects)."""
    cards: tuple[Card, ...] = ()
    """DEALER_HAND / SEAT_HAND: the seven cards the hand is made from."""


# --- text for people ----------------------------------------------------------


def payout_text(answer: PayoutAnswer) -> str:
    """``$15.00`` (paid), ``push`` or ``take $10.00``."""
    if answer.outcome is Outcome.WIN:
        return dollars(answer.amount)
    if answer.outcome is Outcome.PUSH:
        return "push"
    return f"take {dollars(answer.amount)}" if answer.amount else "take"


def answer_shown(kind: QuestionKind, answer: Answer) -> str:
    """An answer (expected or given) as the trainee reads it, in the trainer's language
    and the room's number format. :func:`answer_text` is the language-neutral form the
    database keeps; this one is for the screen only."""
    if kind is QuestionKind.DEALER_HAND:
        assert isinstance(answer, DealerHandAnswer)
        return f"{hand_display(answer.category, answer.ranks)}: {cards_as_typed(answer.cards)}"
    if isinstance(answer, NamedHand):
        return hand_display(answer.category, answer.ranks)
    if isinstance(answer, Category):
        return answer.display_name
    if kind is QuestionKind.QUALIFIES:
        return _("yes") if answer else _("no")
    if kind is QuestionKind.NEXT_SEAT:
        return _("seat {seat}", seat=answer)
    if kind is QuestionKind.SEAT_RESULT and isinstance(answer, SeatResult):
        return answer.display_name
    if kind is QuestionKind.PAYOUT:
        assert isinstance(answer, PayoutAnswer)
        if answer.outcome is Outcome.WIN:
            return local_dollars(answer.amount)
        if answer.outcome is Outcome.PUSH:
            return Outcome.PUSH.display_name
        if answer.amount:
            return _("take {amount}", amount=local_dollars(answer.amount))
        return Outcome.LOSE.display_name
    if kind is QuestionKind.CAPPED_TOTAL:
        assert isinstance(answer, Decimal)
        return local_dollars(answer)
    return answer_text(kind, answer)


def cards_as_typed(cards: Iterable[Card]) -> str:
    """Cards as a trainee types them and reads them on the felt and in the README: a ten
    is ``10c`` (never ``Tc``), ``As Kd 10c 7s 2s``; the trainer reads both back."""
    return " ".join(f"10{card.suit.value}" if card.rank == 10 else str(card) for card in cards)


def answer_text(kind: QuestionKind, answer: Answer) -> str:
    """A short human form of an answer (expected or given) to a question of ``kind``."""
    if kind is QuestionKind.DEALER_HAND:
        assert isinstance(answer, DealerHandAnswer)
        return f"{hand_wording(answer.category, answer.ranks)}: {cards_as_typed(answer.cards)}"
    if isinstance(answer, NamedHand):
        return hand_wording(answer.category, answer.ranks)
    if kind is QuestionKind.QUALIFIES:
        return "yes" if answer else "no"
    if kind is QuestionKind.NEXT_SEAT:
        return f"seat {answer}"
    if kind is QuestionKind.PAYOUT:
        assert isinstance(answer, PayoutAnswer)
        return payout_text(answer)
    if kind is QuestionKind.CAPPED_TOTAL:
        assert isinstance(answer, Decimal)
        return dollars(answer)
    return str(answer)


# --- building the questions ---------------------------------------------------


def _payout_skill(seat: SeatSettlement, result: WagerResult) -> Skill:
    wager = result.wager
    if wager is Wager.ODDS:
        if result.outcome is Outcome.WIN:
            # The odds win from the bad-beat table only when the seat lost (docs/rules.md §4).
            return Skill.BAD_BEAT if seat.result is SeatResult.LOSE else Skill.ODDS_WIN
        return Skill.ODDS_PUSH_OR_LOSE
    return {
        Wager.ANTE: Skill.ANTE,
        Wager.RAISE: Skill.RAISE,
        Wager.TRIPS_PLUS: Skill.TRIPS_PLUS,
        Wager.POCKET_BONUS: Skill.POCKET_BONUS,
        Wager.SIX_CARD_BONUS: Skill.SIX_CARD_BONUS,
        Wager.PROGRESSIVE: Skill.PROGRESSIVE,
    }[wager]


def _payout_expected(result: WagerResult) -> PayoutAnswer:
    if result.outcome is Outcome.WIN:
        return PayoutAnswer(Outcome.WIN, result.amount)
    if result.outcome is Outcome.PUSH:
        return PayoutAnswer(Outcome.PUSH, ZERO)
    return PayoutAnswer(Outcome.LOSE, result.stake)


def _payout_explanation(result: WagerResult) -> str:
    reason = result.reason
    if not reason:  # a settlement made with explain=False carries no reasons
        expected = _payout_expected(result)
        settled = (local_dollars(expected.amount) if expected.outcome is Outcome.WIN
                   else expected.outcome.display_name)
        reason = _("{wager} {stake}: {settled}", wager=result.wager.display_name,
                   stake=local_dollars(result.stake), settled=settled)
    if result.pay_line:
        return _("{reason} (pay table: {line})", reason=reason, line=result.pay_line)
    return reason


def _payout_question(seat: SeatSettlement, result: WagerResult) -> Question:
    wager = result.wager
    return Question(
        id=f"seat-{seat.seat}-{wager.value.replace('_', '-')}",
        kind=QuestionKind.PAYOUT,
        skill=_payout_skill(seat, result),
        seat=seat.seat,
        wager=wager,
        prompt=_("Seat {seat} \u2014 {wager} {stake}: pay, push or take?", seat=seat.seat,
                 wager=wager.display_name, stake=local_dollars(result.stake)),
        expected=_payout_expected(result),
        explanation=_payout_explanation(result),
        stake=result.stake,
    )


_ORDER_RULES = {
    "bare": N_("Seats that folded with only the ante and odds are collected first, as the"
             " decisions went round, from seat 1 up (rules §7)."),
    "side": N_("Folded seats that still hold a side wager are settled next, from the dealer's"
             " right (seat 6 toward seat 1) (rules §7)."),
    "raised": N_("Then the seats that raised, again from the dealer's right (seat 6 toward"
                 " seat 1) (rules §7)."),
}


def _order_rule(settlement: Settlement, number: int) -> str:
    seat = settlement.round.seat(number)
    if not seat.folded:
        return _(_ORDER_RULES["raised"])
    return _(_ORDER_RULES["side" if seat.has_side_bet else "bare"])


def _needs_hand(settlement: Settlement, number: int) -> bool:
    """Whether the seat's best five of seven is asked (docs/rules.md §7: "announce the
    player's best hand"): every raised seat, and a folded seat whose Trips Plus or
    progressive is paid on that hand. (The Pocket Bonus reads the hole cards only
    and the 6-Card Bonus its own six cards, so neither needs the seven-card hand.)"""
    seat = settlement.round.seat(number)
    if not seat.folded:
        return True
    return Wager.TRIPS_PLUS in seat.side_bets or Wager.PROGRESSIVE in seat.side_bets


def _seat_cards(settlement: Settlement, number: int) -> tuple[Card, ...]:
    return (*settlement.round.seat(number).hole, *settlement.round.board)


def _result_explanation(seat: SeatSettlement, settlement: Settlement) -> str:
    # Named against each other: two pairs of fours are told apart by their kicker.
    player = seat.hand.describe_against(settlement.dealer)
    dealer = settlement.dealer.describe_against(seat.hand)
    if seat.result is SeatResult.WIN:
        return _("Seat {seat}: win \u2014 the player's {player} beats the dealer's {dealer}.",
                 seat=seat.seat, player=player, dealer=dealer)
    if seat.result is SeatResult.LOSE:
        return _("Seat {seat}: lose \u2014 the dealer's {dealer} beats the player's {player}.",
                 seat=seat.seat, player=player, dealer=dealer)
    return _("Seat {seat}: tie \u2014 the player's {player} ties the dealer's {dealer}"
             " (a copy: rules §1).", seat=seat.seat, player=player, dealer=dealer)


def _cap_question(seat: SeatSettlement, cap: Decimal) -> Question:
    winnings = seat.winnings_before_cap
    expected = min(winnings, cap)
    if seat.capped or winnings > cap:
        explanation = _(
            "Winnings of {winnings} on the main and bonus wagers exceed the maximum aggregate"
            " payout: the seat is paid {cap} (rules §6). The 6-Card Bonus and progressive"
            " awards are outside the cap.",
            winnings=local_dollars(winnings), cap=local_dollars(cap))
    else:
        explanation = _(
            "Winnings of {winnings} on the main and bonus wagers are within the maximum"
            " aggregate payout of {cap}: they are paid in full (rules §6). The 6-Card Bonus"
            " and progressive awards are outside the cap.",
            winnings=local_dollars(winnings), cap=local_dollars(cap))
    return Question(
        id=f"seat-{seat.seat}-capped-total",
        kind=QuestionKind.CAPPED_TOTAL,
        skill=Skill.CAP,
        seat=seat.seat,
        wager=None,
        prompt=_("Seat {seat}: total paid on the main and bonus wagers?", seat=seat.seat),
        expected=expected,
        explanation=explanation,
    )


def build_questions(settlement: Settlement) -> list[Question]:
    """Every question about a settled round, in the order a dealer works (docs/rules.md §7)."""
    dealer = settlement.dealer
    dealer_cards = (*settlement.round.dealer, *settlement.round.board)
    questions = [
        Question(
            id="dealer-hand",
            kind=QuestionKind.DEALER_HAND,
            skill=Skill.DEALER_HAND,
            seat=None,
            wager=None,
            prompt=_("Dealer: what is the best hand, and which five cards play?"),
            expected=DealerHandAnswer(dealer.category, dealer.cards),
            explanation=_("The dealer's best five of seven is {hand}: {cards} (rules §1).",
                          hand=dealer.describe(), cards=cards_as_typed(dealer.cards)),
            cards=dealer_cards,
        ),
        Question(
            id="dealer-qualifies",
            kind=QuestionKind.QUALIFIES,
            skill=Skill.QUALIFICATION,
            seat=None,
            wager=None,
            prompt=_("Does the dealer qualify?"),
            expected=settlement.dealer_qualifies,
            explanation=(
                _("The dealer qualifies with one pair or better (rules §3): {hand} qualifies.",
                  hand=dealer.describe()) if settlement.dealer_qualifies
                else _("The dealer qualifies with one pair or better (rules §3): {hand} does"
                       " not qualify.", hand=dealer.describe())),
        ),
    ]
    cap = settlement.round.ruleset.max_aggregate_payout
    order = settlement.order
    six_card: list[tuple[SeatSettlement, WagerResult]] = []
    for position, number in enumerate(order, start=1):
        seat = settlement.seat(number)
        if len(order) - position + 1 >= 2:
            questions.append(Question(
                id=f"next-seat-{position}",
                kind=QuestionKind.NEXT_SEAT,
                skill=Skill.ORDER,
                seat=None,
                wager=None,
                prompt=_("Which seat do you settle next?"),
                expected=number,
                explanation=_("Seat {seat} is next. {rule}", seat=number,
                              rule=_order_rule(settlement, number)),
            ))
        if _needs_hand(settlement, number):
            questions.append(Question(
                id=f"seat-{number}-hand",
                kind=QuestionKind.SEAT_HAND,
                skill=Skill.PLAYER_HAND,
                seat=number,
                wager=None,
                prompt=_("Seat {seat}: what is the player's best hand?", seat=number),
                expected=seat.hand.category,
                explanation=_("Seat {seat}'s best five of seven is {hand}: {cards}"
                              " (rules §1).", seat=number, hand=seat.hand.describe(),
                              cards=cards_as_typed(seat.hand.cards)),
                cards=_seat_cards(settlement, number),
            ))
        if seat.result is not SeatResult.FOLD:
            questions.append(Question(
                id=f"seat-{number}-result",
                kind=QuestionKind.SEAT_RESULT,
                skill=Skill.RESULT,
                seat=number,
                wager=None,
                prompt=_("Seat {seat}: win, lose or tie?", seat=number),
                expected=seat.result,
                explanation=_result_explanation(seat, settlement),
            ))
        for result in seat.wagers:
            if result.wager is Wager.SIX_CARD_BONUS:
                six_card.append((seat, result))
            else:
                questions.append(_payout_question(seat, result))
        if cap is not None and seat.winnings_before_cap > 0:
            questions.append(_cap_question(seat, cap))
    # docs/rules.md §5: the 6-Card Bonus is settled last, from the dealer's right.
    for seat, result in sorted(six_card, key=lambda item: item[0].seat, reverse=True):
        questions.append(_payout_question(seat, result))
    return questions


def questions_by_id(questions: Sequence[Question]) -> dict[str, Question]:
    return {question.id: question for question in questions}
