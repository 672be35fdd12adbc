"""Property tests (hypothesis) of the evaluator and of settlement, checked against
a small reference evaluator written here from docs/rules.md §1 and nothing else."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from decimal import Decimal
from itertools import combinations

from engine_support import BAD_BEAT, ODDS_WIN, POCKET_BONUS, PRESET_TABLES, TRIPS_PLUS
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.cards import DECK, Card, parse_card
from trainer.engine.evaluator import Category, evaluate, hand_value
from trainer.engine.generator import generate_round
from trainer.engine.round import Round, Wager, parse_round, round_to_json
from trainer.engine.rulesets import load_preset
from trainer.engine.settlement import settle, settlement_to_json

SETTINGS = settings(max_examples=300, deadline=None)

# --- a reference evaluator: obviously correct, slow ------------------------------------------

REFERENCE_CATEGORIES = [
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH,
]


def reference_five(five: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """(category index, tie-break ranks) of exactly five cards, by the book."""
    ranks = sorted((card.rank for card in five), reverse=True)
    flush = len({card.suit for card in five}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_top = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:  # the wheel: ace low, five high
        straight_top = 5
    counts = Counter(ranks)
    # Ranks grouped: larger groups first, then higher rank ("pairs first, then kickers").
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if straight_top and flush:
        return (9 if straight_top == 14 else 8), (straight_top,)
    if shape == [4, 1]:
        return 7, tuple(grouped)
    if shape == [3, 2]:
        return 6, tuple(grouped)
    if flush:
        return 5, tuple(ranks)
    if straight_top:
        return 4, (straight_top,)
    if shape == [3, 1, 1]:
        return 3, tuple(grouped)
    if shape == [2, 2, 1]:
        return 2, tuple(grouped)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(grouped)
    return 0, tuple(ranks)


def reference_best(cards: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    return max(reference_five(five) for five in combinations(cards, 5))


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def _compare(left: tuple, right: tuple) -> int:
    return (left > right) - (left < right)


# --- strategies ---------------------------------------------------------------------------------


def distinct_cards(count: int) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.permutations(DECK).map(lambda deck: tuple(deck[:count]))


seven_cards = distinct_cards(7)


# --- the evaluator -----------------------------------------------------------------------------


@SETTINGS
@given(seven_cards)
def test_best_five_are_a_subset_of_the_seven(cards: tuple[Card, ...]) -> None:
    best = evaluate(cards)
    assert len(best.cards) == 5
    assert len(set(best.cards)) == 5
    assert set(best.cards) <= set(cards)
    # The five named cards make the very hand claimed.
    assert evaluate(best.cards).value == best.value


@SETTINGS
@given(seven_cards)
def test_seven_card_value_is_the_max_over_the_21_five_card_subsets(
    cards: tuple[Card, ...],
) -> None:
    codes = [card.code for card in cards]
    subsets = [hand_value(list(five)) for five in combinations(codes, 5)]
    assert len(subsets) == 21
    assert hand_value(codes) == max(subsets)


@SETTINGS
@given(seven_cards)
def test_six_card_value_is_the_max_over_the_six_five_card_subsets(
    cards: tuple[Card, ...],
) -> None:
    codes = [card.code for card in cards[:6]]
    assert hand_value(codes) == max(hand_value(list(five)) for five in combinations(codes, 5))


@SETTINGS
@given(seven_cards)
def test_category_agrees_with_the_reference_evaluator(cards: tuple[Card, ...]) -> None:
    category_index, _ = reference_best(cards)
    assert evaluate(cards).category is REFERENCE_CATEGORIES[category_index]


@SETTINGS
@given(distinct_cards(14))
def test_comparison_agrees_with_the_reference_evaluator(cards: tuple[Card, ...]) -> None:
    left, right = cards[:7], cards[7:]
    engine = _sign(evaluate(left).value - evaluate(right).value)
    assert engine == _compare(reference_best(left), reference_best(right))


@SETTINGS
@given(distinct_cards(9))
def test_comparison_agrees_with_the_reference_on_a_shared_board(cards: tuple[Card, ...]) -> None:
    # Heads-up on one board: ties and kickers are common here.
    board, first, second = cards[:5], cards[5:7], cards[7:]
    engine = _sign(evaluate((*first, *board)).value - evaluate((*second, *board)).value)
    reference = _compare(reference_best((*first, *board)), reference_best((*second, *board)))
    assert engine == reference


@SETTINGS
@given(distinct_cards(5))
def test_five_card_category_and_ranks_agree_with_the_reference(cards: tuple[Card, ...]) -> None:
    category_index, tiebreak = reference_five(cards)
    best = evaluate(cards)
    assert best.category is REFERENCE_CATEGORIES[category_index]
    if category_index not in (4, 8, 9):  # straights are compared by their top card
        engine_ranks = [card.rank for card in best.cards]
        grouped = Counter(engine_ranks)
        assert tuple(sorted(grouped, key=lambda r: (grouped[r], r), reverse=True)) == tuple(
            dict.fromkeys(tiebreak)
        )


@SETTINGS
@given(seven_cards, st.randoms(use_true_random=False))
def test_evaluation_is_independent_of_card_order(
    cards: tuple[Card, ...], rng: random.Random
) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    first, second = evaluate(cards), evaluate(shuffled)
    assert first.value == second.value
    assert first.category is second.category
    assert [c.rank for c in first.cards] == [c.rank for c in second.cards]


@SETTINGS
@given(distinct_cards(9))
def test_swapping_dealer_and_player_cards_swaps_the_comparison(cards: tuple[Card, ...]) -> None:
    board, dealer, player = cards[:5], cards[5:7], cards[7:]

    def result(dealer_hole: tuple[Card, ...], player_hole: tuple[Card, ...]) -> str:
        data = {
            "dealer": [str(card) for card in dealer_hole],
            "board": [str(card) for card in board],
            "seats": [{"seat": 1, "hole": [str(card) for card in player_hole],
                       "ante": "10", "odds": "10", "raise": "10"}],
        }  # fmt: skip
        return settlement_to_json(settle(parse_round(data)))["seats"][0]["result"]

    swapped = {"win": "lose", "lose": "win", "tie": "tie"}
    assert result(player, dealer) == swapped[result(dealer, player)]


# --- settlement ----------------------------------------------------------------------------------

_NY = load_preset("ny-2018")


def _round_from_seed(seed: int, seats: int | None = None) -> Round:
    return generate_round(random.Random(seed), _NY, seats=seats)


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1), st.data())
def test_swapping_two_players_cards_swaps_their_results(seed: int, data: st.DataObject) -> None:
    round_ = _round_from_seed(seed, seats=data.draw(st.integers(2, 6)))
    first, second = data.draw(st.permutations(round_.seats).map(lambda seats: seats[:2]))
    # Same wagers on both seats, so only the cards differ.
    first = dataclasses.replace(
        first,
        ante=second.ante,
        odds=second.odds,
        raise_amount=second.raise_amount,
        folded=second.folded,
        side_bets=dict(second.side_bets),
    )
    seats = {seat.seat: seat for seat in round_.seats}
    seats[first.seat] = first
    before = dataclasses.replace(round_, seats=tuple(seats.values()))
    seats[first.seat] = dataclasses.replace(first, hole=second.hole)
    seats[second.seat] = dataclasses.replace(second, hole=first.hole)
    after = dataclasses.replace(before, seats=tuple(seats.values()))

    def by_seat(r: Round) -> dict[int, dict]:
        out = settlement_to_json(settle(r))
        return {entry.pop("seat"): entry for entry in out["seats"]}

    old, new = by_seat(before), by_seat(after)
    assert new[first.seat] == old[second.seat]
    assert new[second.seat] == old[first.seat]
    for number in seats:
        if number not in (first.seat, second.seat):
            assert new[number] == old[number]


@SETTINGS
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from([Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE]),
    st.data(),
)
def test_adding_a_side_bet_changes_only_that_wager_and_the_total(
    seed: int, side: Wager, data: st.DataObject
) -> None:
    round_ = _round_from_seed(seed)
    target = data.draw(st.sampled_from(round_.seats))
    stake = Decimal("1.00") if side is Wager.PROGRESSIVE else Decimal("5.00")
    without = {w: a for w, a in target.side_bets.items() if w is not side}
    base = dataclasses.replace(
        round_,
        seats=tuple(
            dataclasses.replace(s, side_bets=without) if s.seat == target.seat else s
            for s in round_.seats
        ),
        progressive_pool=round_.progressive_pool or Decimal("50000.00"),
    )
    added = dataclasses.replace(
        base,
        seats=tuple(
            dataclasses.replace(s, side_bets={**without, side: stake})
            if s.seat == target.seat
            else s
            for s in base.seats
        ),
    )
    old = settlement_to_json(settle(base))
    new = settlement_to_json(settle(added))
    old_seats = {entry["seat"]: entry for entry in old["seats"]}
    new_seats = {entry["seat"]: entry for entry in new["seats"]}
    assert old["dealer"] == new["dealer"]
    for number, entry in old_seats.items():
        changed = new_seats[number]
        if number != target.seat:
            if side is not Wager.PROGRESSIVE:
                assert changed == entry
            continue
        added_wager = changed["wagers"].pop(side.value)
        assert changed["wagers"] == entry["wagers"]
        amount = Decimal(added_wager["amount"])
        if added_wager["outcome"] == "lose":
            assert amount == -stake  # a losing side bet costs exactly its stake
        assert Decimal(changed["total"]) == Decimal(entry["total"]) + amount
        assert (changed["hand"], changed["result"]) == (entry["hand"], entry["result"])


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_settled_totals_are_the_sum_of_the_wagers_without_a_cap(seed: int) -> None:
    out = settlement_to_json(settle(_round_from_seed(seed)))
    for entry in out["seats"]:
        total = sum(Decimal(w["amount"]) for w in entry["wagers"].values())
        assert Decimal(entry["total"]) == total
        assert entry["capped"] is False
        for result in entry["wagers"].values():
            amount = Decimal(result["amount"])
            assert result["amount"] == f"{amount:.2f}"
            assert {"win": amount > 0, "lose": amount < 0, "push": amount == 0}[result["outcome"]]


# --- an independent settlement of ante, raise, odds, Trips Plus and Pocket Bonus --------------

CATEGORY_NAMES = [str(category) for category in REFERENCE_CATEGORIES]
DEFAULTS = {  # docs/rules.md §9: (bad beat, Trips Plus, Pocket Bonus) when a round names none
    "ny-2018": ("4", "A", "A"),
    "massachusetts": ("4", "A", "A"),
    "standard": ("1", "C", "A"),
    "house": ("4", "C", "C"),
}
CAPPED = ("ante", "raise", "odds", "trips_plus", "pocket_bonus")


def _pay(stake: Decimal, odds: tuple[int, int]) -> Decimal:
    return stake * odds[0] / odds[1]


def _money(amount: Decimal) -> str:
    return f"{amount:.2f}"


def _w(outcome: str, amount: Decimal) -> dict[str, str]:
    return {"outcome": outcome, "amount": _money(amount)}


def reference_pocket(hole: tuple[Card, ...]) -> str | None:
    first, second = hole
    if first.rank == second.rank:
        return "aces" if first.rank == 14 else "pair"
    low = min(first.rank, second.rank)
    if max(first.rank, second.rank) == 14 and low in (11, 12, 13):
        return "suited" if first.suit == second.suit else "unsuited"
    return None


def reference_settlement(data: dict) -> dict:
    """docs/rules.md §3-§7 worked directly from the round's JSON form."""
    preset = data["rules"]
    win_table, _, _, _, cap = PRESET_TABLES[preset]
    options = data.get("options", {})
    bad_default, trips_default, pocket_default = DEFAULTS[preset]
    bad_beat = BAD_BEAT[options.get("bad_beat_table", bad_default)]
    trips = TRIPS_PLUS[options.get("trips_plus_table", trips_default)]
    pocket = POCKET_BONUS[options.get("pocket_bonus_table", pocket_default)]
    board = [parse_card(text) for text in data["board"]]
    dealer = reference_best(tuple(parse_card(t) for t in data["dealer"]) + tuple(board))
    qualifies = dealer[0] >= 1
    seats = {}
    for entry in data["seats"]:
        hole = tuple(parse_card(text) for text in entry["hole"])
        player = reference_best(hole + tuple(board))
        name = CATEGORY_NAMES[player[0]]
        ante, odds = Decimal(entry["ante"]), Decimal(entry["odds"])
        wagers: dict[str, dict[str, str]] = {}
        if entry.get("folded"):
            result = "fold"
            wagers["ante"], wagers["odds"] = _w("lose", -ante), _w("lose", -odds)
        else:
            raise_ = Decimal(entry["raise"])
            if player == dealer:
                result = "tie"
                for key in ("ante", "raise", "odds"):
                    wagers[key] = _w("push", Decimal(0))
            elif player > dealer:
                result = "win"
                wagers["ante"] = _w("win", ante) if qualifies else _w("push", Decimal(0))
                wagers["raise"] = _w("win", raise_)
                wagers["odds"] = (
                    _w("win", _pay(odds, ODDS_WIN[win_table][name]))
                    if player[0] >= 4
                    else _w("push", Decimal(0))
                )
            else:
                result = "lose"
                wagers["ante"] = _w("lose", -ante) if qualifies else _w("push", Decimal(0))
                wagers["raise"] = _w("lose", -raise_)
                wagers["odds"] = (
                    _w("win", _pay(odds, bad_beat[name])) if player[0] >= 4 else _w("lose", -odds)
                )
        if "trips_plus" in entry:
            stake = Decimal(entry["trips_plus"])
            wagers["trips_plus"] = (
                _w("win", _pay(stake, trips[name])) if player[0] >= 3 else _w("lose", -stake)
            )
        if "pocket_bonus" in entry:
            stake = Decimal(entry["pocket_bonus"])
            kind = reference_pocket(hole)
            wagers["pocket_bonus"] = (
                _w("lose", -stake) if kind is None else _w("win", _pay(stake, pocket[kind]))
            )
        amounts = [Decimal(w["amount"]) for w in wagers.values()]
        winnings = sum(
            (
                Decimal(w["amount"])
                for k, w in wagers.items()
                if k in CAPPED and w["outcome"] == "win"
            ),
            Decimal(0),
        )
        over_cap = cap is not None and winnings > cap
        seats[entry["seat"]] = {
            "hand": name,
            "result": result,
            "wagers": wagers,
            "total": None if over_cap else _money(sum(amounts, Decimal(0))),
            "has_side_bet": any(k in entry for k in (*CAPPED[3:], "six_card_bonus", "progressive")),
            "folded": bool(entry.get("folded")),
        }
    order = [n for n in sorted(seats) if seats[n]["folded"] and not seats[n]["has_side_bet"]]
    order += [
        n for n in sorted(seats, reverse=True) if seats[n]["folded"] and seats[n]["has_side_bet"]
    ]
    order += [n for n in sorted(seats, reverse=True) if not seats[n]["folded"]]
    return {"dealer": (CATEGORY_NAMES[dealer[0]], qualifies), "order": order, "seats": seats}


def _check_against_reference(round_: Round) -> None:
    data = round_to_json(round_)
    expected = reference_settlement(data)
    actual = settlement_to_json(settle(parse_round(data)))
    assert (actual["dealer"]["hand"], actual["dealer"]["qualifies"]) == expected["dealer"]
    assert actual["order"] == expected["order"]
    for entry in actual["seats"]:
        want = expected["seats"][entry["seat"]]
        assert entry["hand"] == want["hand"]
        assert entry["result"] == want["result"]
        wagers = {
            k: v for k, v in entry["wagers"].items() if k not in ("six_card_bonus", "progressive")
        }
        assert wagers == want["wagers"], (data, entry["seat"])
        extras = set(entry["wagers"]) - set(wagers)
        if want["total"] is not None and not extras:
            assert entry["total"] == want["total"], (data, entry["seat"])


@st.composite
def preset_and_options(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    preset = draw(st.sampled_from(sorted(PRESET_TABLES)))
    _, bad_beats, trips, pockets, _ = PRESET_TABLES[preset]
    options = {}
    for key, allowed in (
        ("bad_beat_table", bad_beats),
        ("trips_plus_table", trips),
        ("pocket_bonus_table", pockets),
    ):
        choice = draw(st.none() | st.sampled_from(list(allowed)))
        if choice is not None:
            options[key] = choice
    return preset, options


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1), preset_and_options())
def test_settlement_agrees_with_an_independent_reference_settler(
    seed: int, preset_options: tuple[str, dict[str, str]]
) -> None:
    preset, options = preset_options
    _check_against_reference(
        generate_round(random.Random(seed), load_preset(preset), options=options)
    )


def test_settlement_agrees_with_the_reference_on_3000_generated_rounds() -> None:
    rng = random.Random(20180101)
    for index in range(3000):
        preset = sorted(PRESET_TABLES)[index % 4]
        _, bad_beats, trips, pockets, _ = PRESET_TABLES[preset]
        options = {
            "bad_beat_table": rng.choice(bad_beats),
            "trips_plus_table": rng.choice(trips),
            "pocket_bonus_table": rng.choice(pockets),
        }
        _check_against_reference(generate_round(rng, load_preset(preset), options=options))
