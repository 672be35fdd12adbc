"""Kinds about reading and ranking hands (docs/rules.md §1): the rare winning hands,
the wheel, a kicker that decides, a counterfeited pocket pair."""

from __future__ import annotations

from trainer.engine.evaluator import Category, Hand, evaluate, value_ranks
from trainer.engine.scenarios.build import (
    SUITS,
    Build,
    Retry,
    fill_all,
    seat_holds,
    split,
    weighted,
)
from trainer.engine.scenarios.model import Builder, Scenario, all_seats, wins_with
from trainer.engine.settlement import SeatResult, Settlement
from trainer.i18n import N_


def build_wins_with(category: Category) -> Builder:
    """The key seat holds exactly ``category`` and stays in (the match: it wins with it)."""

    def build(b: Build) -> None:
        seat_holds(b, category)
        b.stay()

    return build


ROYAL_FLUSH = Scenario(
    "royal-flush",
    N_("A seat holds a royal flush and wins with it."),
    rules=None,
    match=wins_with(Category.ROYAL_FLUSH),
    build=build_wins_with(Category.ROYAL_FLUSH),
)

STRAIGHT_FLUSH = Scenario(
    "straight-flush",
    N_("A seat wins with a straight flush."),
    rules=None,
    match=wins_with(Category.STRAIGHT_FLUSH),
    build=build_wins_with(Category.STRAIGHT_FLUSH),
)

FOUR_OF_A_KIND_WINS = Scenario(
    "four-of-a-kind-wins",
    N_("A seat wins with four of a kind."),
    rules=None,
    match=wins_with(Category.FOUR_OF_A_KIND),
    build=build_wins_with(Category.FOUR_OF_A_KIND),
)


# --- wheel-straight ----------------------------------------------------------------------


def _is_wheel(hand: Hand) -> bool:
    """The five-high straight (or straight flush) A-2-3-4-5 (docs/rules.md §1: ace low)."""
    return (
        hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        and value_ranks(hand.value)[0] == 5
    )


def _match_wheel(settlement: Settlement) -> tuple[int, ...]:
    if _is_wheel(settlement.dealer):
        return all_seats(settlement)
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result is not SeatResult.FOLD and _is_wheel(seat.hand)
        )
    )


def _build_wheel(b: Build) -> None:
    """The wheel (docs/rules.md §1): A-2-3-4-5, the ace low; a seat's hand or the dealer's."""
    holder = b.hole if b.rng.random() < 0.7 else b.dealer
    suits = [b.rng.choice(SUITS) for _ in range(5)]
    if len(set(suits)) == 1:
        raise Retry
    made = [b.of_rank(rank, suit) for rank, suit in zip((14, 2, 3, 4, 5), suits, strict=True)]
    split(b, made, holder, b.board, b.rng.choice((1, 2)))
    fill_all(b)
    if not _is_wheel(evaluate((*holder, *b.board))):
        raise Retry
    b.stay()


WHEEL_STRAIGHT = Scenario(
    "wheel-straight",
    N_("A seat's or the dealer's best hand is the wheel, A-2-3-4-5, with the ace playing low."),
    rules=None,
    match=_match_wheel,
    build=_build_wheel,
)


# --- kicker-decides ----------------------------------------------------------------------


def _made_ranks(hand: Hand) -> tuple[int, ...] | None:
    """The ranks that make a pair-type hand (pair, two pairs, trips, quads), or None."""
    ranks = value_ranks(hand.value)
    if hand.category is Category.ONE_PAIR:
        return (ranks[0],)
    if hand.category is Category.TWO_PAIR:
        return (ranks[0], ranks[2])
    if hand.category in (Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return (ranks[0],)
    return None


def _match_kicker(settlement: Settlement) -> tuple[int, ...]:
    """docs/rules.md §1: same category and pair ranks, so the highest unshared kicker decides."""
    dealer = settlement.dealer
    made = _made_ranks(dealer)
    if made is None:
        return ()
    return tuple(
        sorted(
            seat.seat
            for seat in settlement.seats
            if seat.result in (SeatResult.WIN, SeatResult.LOSE)
            and seat.hand.category is dealer.category
            and _made_ranks(seat.hand) == made
        )
    )


def _build_kicker(b: Build) -> None:
    """Same category and pair rank for the key seat and the dealer; a hole kicker decides."""
    shape = weighted(
        b.rng,
        {
            Category.ONE_PAIR: 55,
            Category.TWO_PAIR: 25,
            Category.THREE_OF_A_KIND: 15,
            Category.FOUR_OF_A_KIND: 5,
        },
    )
    shared_rank, other = b.ranks(2)
    if shape is Category.ONE_PAIR:
        b.board.append(b.of_rank(shared_rank))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    elif shape is Category.TWO_PAIR:
        b.board.extend((b.of_rank(other), b.of_rank(other), b.of_rank(shared_rank)))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    elif shape is Category.THREE_OF_A_KIND:
        b.board.extend((b.of_rank(shared_rank), b.of_rank(shared_rank)))
        b.hole.append(b.of_rank(shared_rank))
        b.dealer.append(b.of_rank(shared_rank))
    else:
        b.board.extend(b.of_rank(shared_rank, suit) for suit in SUITS)
    used_ranks = {card.rank for card in (*b.board, *b.hole)}
    first = b.draw(lambda card: card.rank not in used_ranks)
    second = b.draw(lambda card: card.rank not in used_ranks and card.rank != first.rank)
    b.fill(b.hole, 1 if shape is Category.FOUR_OF_A_KIND else 0)
    b.hole.append(first)
    b.dealer.append(second)
    fill_all(b)
    seat, dealer = evaluate((*b.hole, *b.board)), evaluate((*b.dealer, *b.board))
    if (
        seat.category is not shape
        or dealer.category is not shape
        or _made_ranks(seat) != _made_ranks(dealer)
        or seat.value == dealer.value
    ):
        raise Retry
    b.stay()


KICKER_DECIDES = Scenario(
    "kicker-decides",
    N_("A seat and the dealer hold the same hand with the same pair rank, and a kicker decides"
       " who wins."),
    rules=None,
    match=_match_kicker,
    build=_build_kicker,
)


# --- counterfeited-two-pair --------------------------------------------------------------


def _match_counterfeited(settlement: Settlement) -> tuple[int, ...]:
    seats = []
    for result in settlement.seats:
        hole = settlement.round.seat(result.seat).hole
        if result.result is SeatResult.FOLD or hole[0].rank != hole[1].rank:
            continue
        if result.hand.category is not Category.TWO_PAIR:
            continue
        ranks = value_ranks(result.hand.value)
        if ranks[2] > hole[0].rank:  # both pairs that play rank above the hole pair
            seats.append(result.seat)
    return tuple(sorted(seats))


def _build_counterfeited(b: Build) -> None:
    """A pocket pair under two board pairs: the board's two pair plays (docs/rules.md §1)."""
    pocket = b.rng.randint(2, 12)
    high, low = sorted(b.rng.sample(range(pocket + 1, 15), 2), reverse=True)
    b.hole.extend(b.of_rank(pocket) for _ in range(2))
    b.board.extend(b.of_rank(rank) for rank in (high, high, low, low))
    b.board.append(b.draw(lambda card: card.rank not in (high, low, pocket)))
    fill_all(b)
    b.stay()


COUNTERFEITED_TWO_PAIR = Scenario(
    "counterfeited-two-pair",
    N_("A seat's pocket pair is counterfeited: two higher pairs on the board play, so its own"
       " pair does not."),
    rules=None,
    match=_match_counterfeited,
    build=_build_counterfeited,
)
