"""The table shows exactly the round in play, round after round (issue 19, item 13).

A trainee saw the last round's green payout plaques on seats that had emptied, on
unbet spots of seats that play, and beside FOLDED on a seat that folded. Here many
rounds are drawn in a row on one table (seats appearing, emptying and folding, rule
sets with and without the 6-Card Bonus and the progressive, different side bets,
with the whole settlement shown, part of it, or none), and after each one EVERY
item on the scene is checked against the round and the settlement shown: the
table holds nothing (no card, chip, plaque, mark or meter) that they do not have,
and everything they do have.

The expected scene is worked out here from the round alone (who sits where, what
is staked, which wager the settlement pays), never read back from the view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from decimal import Decimal

import pytest
from pytestqt.qtbot import QtBot

from trainer.engine.generator import generate_round
from trainer.engine.round import SEAT_NUMBERS, Round, Wager
from trainer.engine.rulesets import load_preset
from trainer.engine.settlement import Outcome, Settlement, settle
from trainer.training.lessons.model import RulingTable
from trainer.ui.course.ruling_table import RulingTableView
from trainer.ui.table.items import (
    CaptionItem,
    CardItem,
    ChipLabelItem,
    ChipStackItem,
    InscriptionItem,
    MeterItem,
    RulesItem,
    SeatItem,
    SpotItem,
)
from trainer.ui.table.view import TableView

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

ROUNDS_DRAWN = 120
PRINTED_SPOTS = (Wager.ANTE, Wager.ODDS, Wager.RAISE, Wager.TRIPS_PLUS, Wager.POCKET_BONUS)
"""The spots printed on every rule set's felt; the 6-Card Bonus and the progressive
spots are printed where the rule set offers them."""


def dollars(amount: Decimal) -> str:
    """A chip label as a dealer writes it: $5, $7.50, $1,000."""
    whole = amount == amount.to_integral_value()
    return f"${amount:,.0f}" if whole else f"${amount:,.2f}"


Shown = tuple[object, ...]


def expected_scene(round_: Round, settlement: Settlement | None, seats: set[int] | None,
                   dealer: bool, dealer_revealed: bool, highlighted: int | None
                   ) -> dict[str, Shown]:
    """Every item the table must show for the round, by name, with what it shows."""
    ruleset = round_.ruleset
    printed = list(PRINTED_SPOTS)
    if ruleset.six_card_bonus is not None:
        printed.append(Wager.SIX_CARD_BONUS)
    if ruleset.progressive is not None:
        printed.append(Wager.PROGRESSIVE)
    results = {}
    hands = {}
    dealer_cards: set[str] = set()
    if settlement is not None:
        for seat_result in settlement.seats:
            if seats is None or seat_result.seat in seats:
                hands[seat_result.seat] = {card.text for card in seat_result.hand.cards}
                for wager_result in seat_result.wagers:
                    results[(seat_result.seat, wager_result.wager)] = wager_result
        if dealer:
            dealer_cards = {card.text for card in settlement.dealer.cards}
    occupied = {seat.seat: seat for seat in round_.seats}
    scene: dict[str, Shown] = {}
    for number in SEAT_NUMBERS:
        seat = occupied.get(number)
        name = f"seat{number}"
        scene[name] = ("seat", seat is not None, bool(seat and seat.folded),
                       number == highlighted)
        if seat is not None:
            plays_here = hands.get(number) if not seat.folded else None
            for index, card in enumerate(seat.hole):
                plays = None if plays_here is None else card.text in plays_here
                scene[f"{name}.card{index + 1}"] = ("card", card.text, True, plays, ())
        for wager in printed:
            spot = f"{name}.{wager.value}"
            stake = seat.stake(wager) if seat is not None else None
            staked = stake is not None and stake > 0
            scene[spot] = ("spot", stake if staked else None,
                           wager is Wager.RAISE and bool(seat and seat.folded), seat is None)
            if not staked:
                continue
            assert stake is not None
            result = results.get((number, wager))
            outcome = result.outcome if result is not None else None
            scene[f"{spot}.chips"] = ("chips", stake, outcome is Outcome.LOSE)
            if result is not None and outcome is Outcome.WIN:
                scene[f"{spot}.label"] = ("label", dollars(result.amount), "win")
                if result.amount > 0:
                    scene[f"{spot}.payout"] = ("chips", result.amount, False)
            elif outcome is Outcome.LOSE:
                scene[f"{spot}.label"] = ("label", "TAKE", "lose")
            elif outcome is Outcome.PUSH:
                scene[f"{spot}.label"] = ("label", "PUSH", "push")
            else:
                scene[f"{spot}.label"] = ("label", dollars(stake), None)
    for index, card in enumerate(round_.dealer):
        plays = (card.text in dealer_cards) if settlement is not None and dealer else None
        scene[f"dealer{index + 1}"] = ("card", card.text, dealer_revealed, plays, ())
    for index, card in enumerate(round_.board):
        tags = ["D"] if card.text in dealer_cards else []
        tags += [str(number) for number in sorted(hands)
                 if card.text in hands[number] and not occupied[number].folded]
        scene[f"board{index + 1}"] = ("card", card.text, True,
                                      True if "D" in tags else None, tuple(tags))
    for index, card in enumerate(round_.six_card_bonus_cards or ()):
        scene[f"six_card{index + 1}"] = ("card", card.text, True, None, ())
    scene["caption.dealer"] = ("caption", "DEALER")
    if round_.six_card_bonus_cards:
        scene["caption.six_card"] = ("caption", "6-CARD BONUS CARDS")
    scene["inscription.rules"] = ("rules",)
    if round_.progressive_pool is not None:
        scene["meter.progressive"] = ("meter",)
    if round_.six_card_bonus_jackpot is not None:
        scene["meter.jackpot"] = ("meter",)
    for table in ["odds_win", "bad_beat", Wager.TRIPS_PLUS.value, Wager.POCKET_BONUS.value]:
        scene[f"inscription.{table}"] = ("pay table",)
    if ruleset.six_card_bonus is not None:
        scene[f"inscription.{Wager.SIX_CARD_BONUS.value}"] = ("pay table",)
    return scene


TONES = {"#1f8f4a": "win", "#c62f2f": "lose", "#2f5f9e": "push"}


def shown_scene(view: TableView) -> dict[str, Shown]:
    """Every visible item on the view's scene, by name, with what it shows."""
    scene: dict[str, Shown] = {}
    for item in view.scene().items():
        if not item.isVisible():
            continue
        name = getattr(item, "name", None)
        assert isinstance(name, str), f"an unnamed item is on the table: {item!r}"
        assert name not in scene, f"two visible items are named {name}"
        shown: Shown
        if isinstance(item, SeatItem):
            shown = ("seat", item.occupied, item.folded, item.highlighted)
        elif isinstance(item, CardItem):
            shown = ("card", item.card.text if item.card else None, item.face_up,
                     item.plays, item.tags)
        elif isinstance(item, SpotItem):
            shown = ("spot", item.amount, item.folded, item.dim)
        elif isinstance(item, ChipStackItem):
            chips = item.visual_key()[0]
            assert isinstance(chips, tuple)
            shown = ("chips", sum(chips, Decimal(0)), item.taken)
        elif isinstance(item, ChipLabelItem):
            tone = TONES[item.tone.name()] if item.tone is not None else None
            shown = ("label", item.text, tone)
        elif isinstance(item, CaptionItem):
            shown = ("caption", item.text)
        elif isinstance(item, RulesItem):
            shown = ("rules",)
        elif isinstance(item, MeterItem):
            shown = ("meter",)
        elif isinstance(item, InscriptionItem):
            shown = ("pay table",)
        else:
            raise AssertionError(f"{name}: an item the test does not know ({type(item)})")
        scene[name] = shown
    return scene


def chips_match(expected: dict[str, Shown], shown: dict[str, Shown]) -> dict[str, Shown]:
    """A stack shows at most five chips (three for a payout): a large amount shows
    fewer chips than it is worth, never more. Compare the rest exactly."""
    result = dict(shown)
    for name, seen in shown.items():
        wanted = expected.get(name)
        if wanted is None or seen[0] != "chips":
            continue
        amount, worth = wanted[1], seen[1]
        assert isinstance(amount, Decimal) and isinstance(worth, Decimal)
        if 0 < worth <= amount:
            result[name] = (seen[0], amount, seen[2])
    return result


def check(view: TableView, round_: Round, settlement: Settlement | None = None,
          seats: Iterable[int] | None = None, *, dealer: bool = True,
          dealer_revealed: bool = True, highlighted: int | None = None) -> None:
    view.grab()  # every item paints with the state it holds now
    expected = expected_scene(round_, settlement, None if seats is None else set(seats),
                              dealer, dealer_revealed, highlighted)
    shown = chips_match(expected, shown_scene(view))
    extra = {name: shown[name] for name in sorted(set(shown) - set(expected))}
    missing = {name: expected[name] for name in sorted(set(expected) - set(shown))}
    wrong = {name: (shown[name], expected[name]) for name in sorted(set(shown) & set(expected))
             if shown[name] != expected[name]}
    assert (extra, missing, wrong) == ({}, {}, {})


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[TableView]:
    table = TableView()
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.show()
    yield table


def rounds(seed: int, count: int) -> Iterator[Round]:
    """Rounds as a trainee meets them: 1 to 6 seats, folds, rule sets changing now and
    then, side bets of every kind or only some."""
    rng = random.Random(seed)
    presets = ["house", "ny-2018", "massachusetts", "house", "standard"]
    side_bet_choices: list[list[Wager] | None] = [
        None, None, [Wager.TRIPS_PLUS], [Wager.POCKET_BONUS], [],
        [Wager.SIX_CARD_BONUS, Wager.PROGRESSIVE]]
    for index in range(count):
        ruleset = load_preset(presets[(index // 7) % len(presets)])
        yield generate_round(rng, ruleset, side_bets=rng.choice(side_bet_choices))


def test_many_rounds_in_a_row_show_exactly_the_round_and_settlement_in_play(
        qtbot: QtBot, view: TableView) -> None:
    rng = random.Random(19)
    folds = emptied = paid_then_emptied = 0
    previous: Round | None = None
    for round_ in rounds(13, ROUNDS_DRAWN):
        revealed = rng.random() < 0.8
        view.show_round(round_, dealer_revealed=revealed)
        check(view, round_, dealer_revealed=revealed)
        if previous is not None:
            gone = {s.seat for s in previous.seats} - {s.seat for s in round_.seats}
            emptied += bool(gone)
        folds += any(seat.folded for seat in round_.seats)
        settlement = settle(round_)
        how = rng.choice(["whole", "some", "one by one", "none"])
        if how == "whole":
            view.show_settlement(settlement)
            check(view, round_, settlement, dealer_revealed=revealed)
        elif how == "some":
            chosen = {s.seat for s in round_.seats if rng.random() < 0.5}
            dealer = rng.random() < 0.5
            view.show_settlement(settlement, chosen, dealer=dealer)
            check(view, round_, settlement, chosen, dealer=dealer, dealer_revealed=revealed)
        elif how == "one by one":
            settled: set[int] = set()
            for seat in settlement.order:
                settled.add(seat)
                view.highlight_seat(seat)
                view.show_settlement(settlement, settled)
                view.highlight_seat(seat)
                check(view, round_, settlement, settled, dealer_revealed=revealed,
                      highlighted=seat)
        if how != "none" and any(w.outcome is Outcome.WIN for s in settlement.seats
                                 for w in s.wagers):
            paid_then_emptied += 1
        previous = round_
    # The draw covered what the trainee saw: folds, seats emptying after payouts.
    assert folds >= 20 and emptied >= 20 and paid_then_emptied >= 20


def paying(settlement: Settlement, seat: int) -> set[Wager]:
    return {result.wager for seat_result in settlement.seats if seat_result.seat == seat
            for result in seat_result.wagers if result.outcome is Outcome.WIN}


def test_an_emptied_seat_a_folded_seat_and_an_unbet_spot_keep_no_payout_plaque(
        qtbot: QtBot, view: TableView) -> None:
    """The trainee's report, step by step: seat 3 is paid, then sits out; seat 4's raise
    is paid, then it folds; seat 5's Trips Plus is paid, then it plays without one."""
    ruleset = load_preset("house")
    rng = random.Random(5)
    first = second = None
    for _ in range(20_000):
        candidate = generate_round(rng, ruleset, seats=[3, 4, 5])
        paid = settle(candidate)
        if paid.seats and paying(paid, 3) and Wager.RAISE in paying(paid, 4) \
                and Wager.TRIPS_PLUS in paying(paid, 5):
            first = paid
            break
    for _ in range(20_000):
        candidate = generate_round(rng, ruleset, seats=[4, 5])
        if candidate.seat(4).folded and Wager.TRIPS_PLUS not in candidate.seat(5).side_bets:
            second = candidate
            break
    assert first is not None and second is not None, "the deals this test needs"
    view.show_round(first.round)
    view.show_settlement(first)
    plaque = view.spot_item(4, Wager.RAISE).label
    assert plaque.isVisible() and plaque.tone is not None  # the green plaque, before

    view.show_round(second)
    check(view, second)
    assert not any(view.spot_item(3, wager).label.isVisible() for wager in Wager)
    assert not view.spot_item(4, Wager.RAISE).label.isVisible()
    assert not view.spot_item(5, Wager.TRIPS_PLUS).label.isVisible()
    view.show_settlement(settle(second))
    check(view, second, settle(second))
    assert not view.spot_item(4, Wager.RAISE).label.isVisible()


def test_a_ruling_after_a_settlement_shows_no_payout_or_mark_of_the_round_before(
        qtbot: QtBot) -> None:
    """The course's ruling table reuses the items a settlement marked."""
    table = RulingTableView()
    qtbot.addWidget(table)
    table.show()
    round_ = generate_round(random.Random(4), load_preset("ny-2018"), seats=6)
    table.show_round(round_)
    table.show_settlement(settle(round_))
    table.show_ruling_table(RulingTable(dealer=round_.dealer, board=round_.board))
    table.grab()
    for item in table.scene().items():
        if isinstance(item, CardItem):
            assert (item.plays, item.tags) == (None, ()), item.name
        if isinstance(item, ChipLabelItem | ChipStackItem):
            assert not item.isVisible(), item.name
