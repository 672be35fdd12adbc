"""Targeted scenarios (issue 5): every generated round shows its situation, is a valid
round, and settles as docs/rules.md says.

The situation of each kind is checked here independently of
``trainer/engine/scenarios/``: hands are re-evaluated with
:func:`trainer.engine.evaluator.evaluate` (or read straight off the cards), and the
payouts of every seat are worked out by hand from the pay tables written out
below from docs/rules.md §4-§6, then compared with the engine's settlement.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from collections.abc import Callable
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

import pytest

from trainer.engine.cards import Card
from trainer.engine.evaluator import Category, Hand, evaluate
from trainer.engine.generator import generate_round
from trainer.engine.round import Round, Seat, Wager, parse_round, round_to_json
from trainer.engine.rulesets import PRESETS, load_preset
from trainer.engine.scenarios import SCENARIOS, ScenarioError, generate_scenario
from trainer.engine.settlement import Settlement, settle

ROUNDS_PER_KIND = 1000
CENT = Decimal("0.01")

# --- docs/rules.md, written out by hand ---------------------------------------------------------

C = Category
STRAIGHT_OR_BETTER = (
    C.STRAIGHT,
    C.FLUSH,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.ROYAL_FLUSH,
)
THREE_OR_BETTER = (C.THREE_OF_A_KIND, *STRAIGHT_OR_BETTER)
PAIR_TYPES = (C.ONE_PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND)

# §4 odds-win table; the house rules pay a winning flush 2 to 1.
ODDS_WIN = {
    C.ROYAL_FLUSH: Fraction(500),
    C.STRAIGHT_FLUSH: Fraction(50),
    C.FOUR_OF_A_KIND: Fraction(10),
    C.FULL_HOUSE: Fraction(3),
    C.FLUSH: Fraction(3, 2),
    C.STRAIGHT: Fraction(1),
}
ODDS_WIN_HOUSE = {**ODDS_WIN, C.FLUSH: Fraction(2)}
# §4 bad-beat tables: 500/25/6/5/4 (NY, MA, house; table "4") and the standard preset's
# default table "1", 500/50/10/8/5 (§9).
BAD_BEAT_4 = {
    C.STRAIGHT_FLUSH: 500,
    C.FOUR_OF_A_KIND: 25,
    C.FULL_HOUSE: 6,
    C.FLUSH: 5,
    C.STRAIGHT: 4,
}
BAD_BEAT_1 = {
    C.STRAIGHT_FLUSH: 500,
    C.FOUR_OF_A_KIND: 50,
    C.FULL_HOUSE: 10,
    C.FLUSH: 8,
    C.STRAIGHT: 5,
}
# §5 Trips Plus tables A and C, Pocket Bonus tables A and C.
TRIPS_A = {
    C.ROYAL_FLUSH: 100,
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 30,
    C.FULL_HOUSE: 9,
    C.FLUSH: 7,
    C.STRAIGHT: 4,
    C.THREE_OF_A_KIND: 3,
}
TRIPS_C = {**TRIPS_A, C.FULL_HOUSE: 8}
POCKET_A = {"aces": 30, "ace_face_suited": 20, "ace_face_unsuited": 10, "pair": 5}
POCKET_C = {**POCKET_A, "pair": 4}
# §5 6-Card Bonus fixed awards ($5 and $2 wagers); a royal flush takes the jackpot.
SIX_CARD = {
    Decimal(5): {
        C.STRAIGHT_FLUSH: 1000,
        C.FOUR_OF_A_KIND: 250,
        C.FULL_HOUSE: 100,
        C.FLUSH: 75,
        C.STRAIGHT: 50,
        C.THREE_OF_A_KIND: 25,
    },
    Decimal(2): {
        C.STRAIGHT_FLUSH: 400,
        C.FOUR_OF_A_KIND: 100,
        C.FULL_HOUSE: 40,
        C.FLUSH: 30,
        C.STRAIGHT: 20,
        C.THREE_OF_A_KIND: 10,
    },
}
# §9 defaults when a round names no table.
PAY = {
    "ny-2018": (ODDS_WIN, BAD_BEAT_4, TRIPS_A, POCKET_A, None),
    "massachusetts": (ODDS_WIN, BAD_BEAT_4, TRIPS_A, POCKET_A, None),
    "standard": (ODDS_WIN, BAD_BEAT_1, TRIPS_C, POCKET_A, None),
    "house": (ODDS_WIN_HOUSE, BAD_BEAT_4, TRIPS_C, POCKET_C, Decimal(3000)),
}


def _pays(stake: Decimal, odds: Fraction | int) -> Decimal:
    return (
        stake
        * Decimal(odds.numerator if isinstance(odds, Fraction) else odds)
        / Decimal(odds.denominator if isinstance(odds, Fraction) else 1)
    ).quantize(CENT, rounding=ROUND_DOWN)


def _seven(round_: Round, seat: Seat) -> Hand:
    return evaluate((*seat.hole, *round_.board))


def _dealer(round_: Round) -> Hand:
    return evaluate((*round_.dealer, *round_.board))


def _pocket_class(hole: tuple[Card, Card]) -> str | None:
    first, second = hole
    if first.rank == second.rank:
        return "aces" if first.rank == 14 else "pair"
    if {first.rank, second.rank} & {14} and {first.rank, second.rank} & {11, 12, 13}:
        return "ace_face_suited" if first.suit == second.suit else "ace_face_unsuited"
    return None


def _expected(round_: Round, seat: Seat) -> dict[Wager, Decimal]:
    """Every wager of a seat except the progressive, settled by hand (docs/rules.md §4-§5)."""
    odds_win, bad_beat, trips, pocket, _ = PAY[round_.ruleset.id]
    me, dealer = _seven(round_, seat), _dealer(round_)
    qualifies = dealer.category is not C.HIGH_CARD  # §3: a pair or better
    out: dict[Wager, Decimal] = {}
    if seat.folded:
        out[Wager.ANTE], out[Wager.ODDS] = -seat.ante, -seat.odds
    elif me.value == dealer.value:
        out[Wager.ANTE] = out[Wager.RAISE] = out[Wager.ODDS] = Decimal("0.00")
    elif me.value > dealer.value:
        out[Wager.ANTE] = seat.ante if qualifies else Decimal("0.00")
        out[Wager.RAISE] = seat.raise_amount
        out[Wager.ODDS] = (
            _pays(seat.odds, odds_win[me.category])
            if me.category in STRAIGHT_OR_BETTER
            else Decimal("0.00")
        )
    else:
        out[Wager.ANTE] = -seat.ante if qualifies else Decimal("0.00")
        out[Wager.RAISE] = -seat.raise_amount
        out[Wager.ODDS] = (
            _pays(seat.odds, bad_beat[me.category])
            if me.category in STRAIGHT_OR_BETTER
            else -seat.odds
        )
    stake = seat.side_bets.get(Wager.TRIPS_PLUS)
    if stake is not None:
        out[Wager.TRIPS_PLUS] = (
            _pays(stake, trips[me.category]) if me.category in THREE_OR_BETTER else -stake
        )
    stake = seat.side_bets.get(Wager.POCKET_BONUS)
    if stake is not None:
        pocket_class = _pocket_class(seat.hole)
        out[Wager.POCKET_BONUS] = (
            -stake if pocket_class is None else _pays(stake, pocket[pocket_class])
        )
    stake = seat.side_bets.get(Wager.SIX_CARD_BONUS)
    if stake is not None:
        assert round_.six_card_bonus_cards is not None
        six = evaluate((*seat.hole, *round_.six_card_bonus_cards)).category
        if six is C.ROYAL_FLUSH:
            assert round_.six_card_bonus_jackpot is not None
            out[Wager.SIX_CARD_BONUS] = round_.six_card_bonus_jackpot
        else:
            out[Wager.SIX_CARD_BONUS] = Decimal(SIX_CARD[stake].get(six, -stake)).quantize(CENT)
    return out


_CAPPED = (Wager.ANTE, Wager.RAISE, Wager.ODDS, Wager.TRIPS_PLUS, Wager.POCKET_BONUS)


def _capped_winnings(expected: dict[Wager, Decimal]) -> Decimal:
    """§6: the winnings the maximum aggregate payout applies to."""
    return sum((a for w, a in expected.items() if w in _CAPPED and a > 0), Decimal(0))


def _check_settlement(round_: Round, settlement: Settlement) -> None:
    """Every seat's wagers and total as docs/rules.md §4-§6 give them."""
    cap = PAY[round_.ruleset.id][4]
    for seat in round_.seats:
        expected = _expected(round_, seat)
        result = settlement.seat(seat.seat)
        got = {w.wager: w.amount for w in result.wagers if w.wager is not Wager.PROGRESSIVE}
        assert got == expected, (seat.seat, round_to_json(round_))
        progressive = sum(
            (w.amount for w in result.wagers if w.wager is Wager.PROGRESSIVE), Decimal(0)
        )
        winnings = _capped_winnings(expected)
        rest = sum(expected.values(), Decimal(0)) - winnings + progressive
        if cap is not None and winnings > cap:
            assert result.capped and result.total == cap + rest
        else:
            assert not result.capped and result.total == winnings + rest


# --- each situation, checked by hand ----------------------------------------------------------

Check = Callable[[Round], bool]


def _active(round_: Round) -> list[Seat]:
    return [seat for seat in round_.seats if not seat.folded]


def _suited_run(cards: tuple[Card, ...], top: int) -> bool:
    """Five cards of one suit ranked top-4..top (the ace counts low in 5-high)."""
    wanted = [14 if r == 1 else r for r in range(top - 4, top + 1)]
    return any(
        all(any(c.rank == r and c.suit == suit for c in cards) for r in wanted)
        for suit in {c.suit for c in cards}
    )


def _wins(round_: Round, seat: Seat) -> bool:
    return _seven(round_, seat).value > _dealer(round_).value


def _loses(round_: Round, seat: Seat) -> bool:
    return _seven(round_, seat).value < _dealer(round_).value


def royal_flush(round_: Round) -> bool:
    return any(
        _suited_run((*s.hole, *round_.board), 14) and _wins(round_, s) for s in _active(round_)
    )


def straight_flush(round_: Round) -> bool:
    for seat in _active(round_):
        cards = (*seat.hole, *round_.board)
        hand = _seven(round_, seat)
        if (
            hand.category is C.STRAIGHT_FLUSH
            and any(_suited_run(cards, t) for t in range(5, 14))
            and not _suited_run(cards, 14)
            and _wins(round_, seat)
        ):
            return True
    return False


def four_of_a_kind_wins(round_: Round) -> bool:
    for seat in _active(round_):
        counts = Counter(c.rank for c in (*seat.hole, *round_.board))
        if (
            max(counts.values()) == 4
            and _seven(round_, seat).category is C.FOUR_OF_A_KIND
            and _wins(round_, seat)
        ):
            return True
    return False


def _wheel(hand: Hand) -> bool:
    return hand.category in (C.STRAIGHT, C.STRAIGHT_FLUSH) and sorted(
        c.rank for c in hand.cards
    ) == [2, 3, 4, 5, 14]


def wheel_straight(round_: Round) -> bool:
    return _wheel(_dealer(round_)) or any(_wheel(_seven(round_, s)) for s in _active(round_))


def board_plays_tie(round_: Round) -> bool:
    board = evaluate(round_.board).value
    return _dealer(round_).value == board and any(
        _seven(round_, s).value == board for s in _active(round_)
    )


def _paired_ranks(hand: Hand) -> list[int]:
    counts = Counter(c.rank for c in hand.cards)
    return sorted(r for r, n in counts.items() if n >= 2)


def kicker_decides(round_: Round) -> bool:
    dealer = _dealer(round_)
    if dealer.category not in PAIR_TYPES:
        return False
    return any(
        hand.category is dealer.category
        and _paired_ranks(hand) == _paired_ranks(dealer)
        and hand.value != dealer.value
        for hand in (_seven(round_, s) for s in _active(round_))
    )


def counterfeited_two_pair(round_: Round) -> bool:
    for seat in _active(round_):
        pocket = seat.hole[0].rank
        if seat.hole[1].rank != pocket:
            continue
        board = Counter(c.rank for c in round_.board)
        higher_pairs = [r for r, n in board.items() if n == 2 and r > pocket]
        hand = _seven(round_, seat)
        if (
            len(higher_pairs) == 2
            and hand.category is C.TWO_PAIR
            and sum(c.rank == pocket for c in hand.cards) <= 1
        ):
            return True
    return False


def dealer_not_qualify(round_: Round) -> bool:
    return _dealer(round_).category is C.HIGH_CARD and bool(_active(round_))


def dealer_not_qualify_flush_wins(round_: Round) -> bool:
    if _dealer(round_).category is not C.HIGH_CARD:
        return False
    for seat in _active(round_):
        suits = Counter(c.suit for c in (*seat.hole, *round_.board))
        if max(suits.values()) >= 5 and _seven(round_, seat).category is C.FLUSH:
            return True
    return False


def bad_beat(round_: Round) -> bool:
    return any(
        _seven(round_, s).category in STRAIGHT_OR_BETTER and _loses(round_, s)
        for s in _active(round_)
    )


def seat_loses_with_quads(round_: Round) -> bool:
    return any(
        _seven(round_, s).category is C.FOUR_OF_A_KIND and _loses(round_, s)
        for s in _active(round_)
    )


def folded_seat_pocket_pair(round_: Round) -> bool:
    return any(
        s.folded and s.hole[0].rank == s.hole[1].rank and Wager.POCKET_BONUS in s.side_bets
        for s in round_.seats
    )


def trips_plus_win(round_: Round) -> bool:
    return any(
        Wager.TRIPS_PLUS in s.side_bets and _seven(round_, s).category in THREE_OR_BETTER
        for s in round_.seats
    )


def pocket_aces(round_: Round) -> bool:
    return any(
        s.hole[0].rank == s.hole[1].rank == 14 and Wager.POCKET_BONUS in s.side_bets
        for s in round_.seats
    )


def six_card_bonus_win(round_: Round) -> bool:
    six = round_.six_card_bonus_cards
    return six is not None and any(
        Wager.SIX_CARD_BONUS in s.side_bets
        and evaluate((*s.hole, *six)).category in THREE_OR_BETTER
        for s in round_.seats
    )


def cap_applies(round_: Round) -> bool:
    cap = PAY[round_.ruleset.id][4]
    return cap is not None and any(
        _capped_winnings(_expected(round_, s)) > cap for s in round_.seats
    )


def full_table(round_: Round) -> bool:
    offered = [Wager.TRIPS_PLUS, Wager.POCKET_BONUS]
    if round_.ruleset.id == "house":
        offered.append(Wager.SIX_CARD_BONUS)
    if round_.ruleset.id == "ny-2018":
        offered.append(Wager.PROGRESSIVE)
    return (
        sorted(s.seat for s in round_.seats) == [1, 2, 3, 4, 5, 6]
        and bool(_active(round_))  # a raise
        and all(any(w in s.side_bets for s in round_.seats) for w in offered)
    )


def tie_dealer_qualifies(round_: Round) -> bool:
    dealer = _dealer(round_)
    return dealer.category is not C.HIGH_CARD and any(
        _seven(round_, s).value == dealer.value for s in _active(round_)
    )


CHECKS: dict[str, Check] = {
    "royal-flush": royal_flush,
    "straight-flush": straight_flush,
    "four-of-a-kind-wins": four_of_a_kind_wins,
    "wheel-straight": wheel_straight,
    "board-plays-tie": board_plays_tie,
    "kicker-decides": kicker_decides,
    "counterfeited-two-pair": counterfeited_two_pair,
    "dealer-not-qualify": dealer_not_qualify,
    "dealer-not-qualify-flush-wins": dealer_not_qualify_flush_wins,
    "bad-beat": bad_beat,
    "bad-beat-quads": seat_loses_with_quads,
    "seat-loses-with-quads": seat_loses_with_quads,
    "folded-seat-pocket-pair": folded_seat_pocket_pair,
    "trips-plus-win": trips_plus_win,
    "pocket-aces": pocket_aces,
    "six-card-bonus-win": six_card_bonus_win,
    "cap-applies": cap_applies,
    "full-table": full_table,
    "tie-dealer-qualifies": tie_dealer_qualifies,
}
NEEDS_HOUSE = {"six-card-bonus-win", "cap-applies"}


def _seed(kind: str, salt: str = "") -> int:
    return zlib.crc32(f"{kind}{salt}".encode())


def _round_trip(round_: Round) -> Round:
    data = round_to_json(round_)
    parsed = parse_round(json.loads(json.dumps(data)))
    assert round_to_json(parsed) == data
    return parsed


# --- the tests ----------------------------------------------------------------------------


def test_every_kind_used_by_a_lesson_exists() -> None:
    assert set(CHECKS) <= set(SCENARIOS)
    for kind, scenario in SCENARIOS.items():
        assert scenario.kind == kind
        assert scenario.description.endswith(".") and len(scenario.description) > 20


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_generated_rounds_show_the_situation_and_settle_by_the_rules(kind: str) -> None:
    rng = random.Random(_seed(kind))
    scenario = SCENARIOS[kind]
    expected_rules = "house" if kind in NEEDS_HOUSE else "ny-2018"
    for _ in range(ROUNDS_PER_KIND):
        generated = generate_scenario(kind, rng)
        assert generated.ruleset.id == expected_rules
        parsed = _round_trip(generated)
        assert CHECKS[kind](parsed), round_to_json(parsed)
        settlement = settle(parsed)
        _check_settlement(parsed, settlement)
        assert scenario.holds(settlement)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_kind_works_under_every_preset_that_can_host_it(preset: str) -> None:
    ruleset = load_preset(preset)
    for kind in CHECKS:
        if kind in NEEDS_HOUSE and preset != "house":
            continue
        rng = random.Random(_seed(kind, preset))
        for _ in range(60):
            parsed = _round_trip(generate_scenario(kind, rng, ruleset))
            assert parsed.ruleset.id == preset
            assert CHECKS[kind](parsed), round_to_json(parsed)
            _check_settlement(parsed, settle(parsed))


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_the_scenario_predicate_agrees_with_the_rules_on_random_rounds(kind: str) -> None:
    """``holds`` is no rubber stamp: on ordinary deals it says no where the rules say no."""
    ruleset = load_preset("house" if kind in NEEDS_HOUSE else "ny-2018")
    rng = random.Random(_seed(kind, "random"))
    for _ in range(300):
        round_ = generate_round(rng, ruleset, seats=6 if kind == "full-table" else None)
        assert SCENARIOS[kind].holds(settle(round_, explain=False)) == CHECKS[kind](round_), (
            round_to_json(round_)
        )


def test_the_predicate_rejects_a_round_without_the_situation() -> None:
    """A hand-written round that shows none of the situations (seat 1 wins with a pair)."""
    data = {
        "rules": "ny-2018",
        "dealer": ["2c", "7d"],
        "board": ["Kh", "9s", "5c", "3d", "Jh"],
        "seats": [{"seat": 1, "hole": ["Kd", "4s"], "ante": "10", "odds": "10", "raise": "30"}],
    }
    settlement = settle(parse_round(data))
    for kind in CHECKS:
        if kind != "dealer-not-qualify":
            assert not SCENARIOS[kind].holds(settlement), kind
    assert SCENARIOS["dealer-not-qualify"].holds(settlement)


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_same_seed_gives_the_same_rounds(kind: str) -> None:
    def deal(seed: int) -> list[dict]:
        rng = random.Random(seed)
        return [round_to_json(generate_scenario(kind, rng)) for _ in range(15)]

    assert deal(7) == deal(7)
    assert deal(7) != deal(8)


def test_the_situation_varies_between_rounds() -> None:
    """Built, not canned: seats, hands and the key seat's place change from round to round."""
    rng = random.Random(5)
    losing = Counter()
    seat_counts = Counter()
    for _ in range(600):
        round_ = generate_scenario("bad-beat", rng)
        seat_counts[len(round_.seats)] += 1
        for seat in _active(round_):
            if _seven(round_, seat).category in STRAIGHT_OR_BETTER and _loses(round_, seat):
                losing[_seven(round_, seat).category, seat.seat] += 1
    assert {category for category, _ in losing} == set(BAD_BEAT_4)
    assert {number for _, number in losing} == {1, 2, 3, 4, 5, 6}
    assert set(seat_counts) == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("kind", sorted(set(CHECKS) - {"full-table"}))
def test_the_situation_is_built_on_the_requested_seats(kind: str) -> None:
    rng = random.Random(_seed(kind, "seats"))
    for seats in ([4], [2, 6], 1, 3):
        for _ in range(10):
            round_ = generate_scenario(kind, rng, seats=seats)
            numbers = [s.seat for s in round_.seats]
            if isinstance(seats, int):
                assert len(numbers) == seats
            else:
                assert numbers == seats
            assert CHECKS[kind](_round_trip(round_))


def test_full_table_refuses_fewer_than_six_seats() -> None:
    with pytest.raises(ScenarioError, match="all six seats"):
        generate_scenario("full-table", random.Random(1), seats=4)
    round_ = generate_scenario("full-table", random.Random(1), seats=[1, 2, 3, 4, 5, 6])
    assert len(round_.seats) == 6


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'royal-flsh'") as error:
        generate_scenario("royal-flsh", random.Random(1))
    assert "royal-flush" in str(error.value) and "bad-beat" in str(error.value)


@pytest.mark.parametrize("preset", ["ny-2018", "massachusetts", "standard"])
def test_six_card_bonus_needs_a_rule_set_that_offers_it(preset: str) -> None:
    with pytest.raises(ValueError, match="6-Card Bonus"):
        generate_scenario("six-card-bonus-win", random.Random(1), load_preset(preset))


@pytest.mark.parametrize("preset", ["ny-2018", "massachusetts", "standard"])
def test_the_cap_needs_a_rule_set_with_a_maximum_payout(preset: str) -> None:
    with pytest.raises(ValueError, match="maximum aggregate payout"):
        generate_scenario("cap-applies", random.Random(1), load_preset(preset))


def test_kinds_name_the_rule_set_they_need() -> None:
    assert SCENARIOS["six-card-bonus-win"].rules == "house"
    assert SCENARIOS["cap-applies"].rules == "house"
    assert all(SCENARIOS[kind].rules is None for kind in set(CHECKS) - NEEDS_HOUSE)


@pytest.mark.parametrize("seats", [0, 7, [0, 1], [3, 3], True])
def test_bad_seats_are_refused(seats: object) -> None:
    with pytest.raises(ValueError, match="seats"):
        generate_scenario("pocket-aces", random.Random(1), seats=seats)  # type: ignore[arg-type]


# docs/rules.md §4 bad-beat table "3" and §5 Trips Plus table B, for rounds that name them.
BAD_BEAT_3 = {
    C.STRAIGHT_FLUSH: 500,
    C.FOUR_OF_A_KIND: 50,
    C.FULL_HOUSE: 10,
    C.FLUSH: 5,
    C.STRAIGHT: 4,
}
TRIPS_B = {
    C.ROYAL_FLUSH: 100,
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 30,
    C.FULL_HOUSE: 8,
    C.FLUSH: 6,
    C.STRAIGHT: 5,
    C.THREE_OF_A_KIND: 3,
}


def test_a_bad_beat_pays_the_table_the_round_names() -> None:
    rng = random.Random(11)
    for _ in range(200):
        round_ = _round_trip(
            generate_scenario(
                "bad-beat", rng, load_preset("standard"), options={"bad_beat_table": "3"}
            )
        )
        assert round_.options == {"bad_beat_table": "3"}
        settlement = settle(round_)
        losers = [
            s
            for s in _active(round_)
            if _seven(round_, s).category in BAD_BEAT_3 and _loses(round_, s)
        ]
        assert losers
        for seat in losers:
            odds = settlement.seat(seat.seat).wager(Wager.ODDS)
            assert odds is not None
            assert odds.amount == _pays(seat.odds, BAD_BEAT_3[_seven(round_, seat).category])


def test_trips_plus_pays_the_table_the_round_names() -> None:
    rng = random.Random(12)
    for _ in range(200):
        round_ = _round_trip(
            generate_scenario("trips-plus-win", rng, options={"trips_plus_table": "b"})
        )
        assert round_.options == {"trips_plus_table": "B"}
        settlement = settle(round_)
        assert trips_plus_win(round_)
        for seat in round_.seats:
            stake = seat.side_bets.get(Wager.TRIPS_PLUS)
            category = _seven(round_, seat).category
            if stake is not None and category in TRIPS_B:
                trips = settlement.seat(seat.seat).wager(Wager.TRIPS_PLUS)
                assert trips is not None and trips.amount == _pays(stake, TRIPS_B[category])


def test_an_option_the_rule_set_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="trips_plus_table"):
        generate_scenario(
            "trips-plus-win",
            random.Random(1),
            load_preset("house"),
            options={"trips_plus_table": "A"},
        )
