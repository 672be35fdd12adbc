"""Every figure of a settlement comes with the reason a dealer would give and the
pay line applied (docs/rules.md §3-§6), as `hhe-trainer explain` and the trainer's
feedback show them; a fraction of a cent cut off is said (README, "Decisions where
the rules are silent"). Hands, stakes and amounts below are worked by hand.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

import pytest
from engine_support import make_round, seat

from trainer.engine.round import RoundError, Wager, parse_round
from trainer.engine.settlement import SeatSettlement, settle


def _seat(data: dict[str, Any], number: int, *, explain: bool = True) -> SeatSettlement:
    return settle(parse_round(data), explain=explain).seat(number)


def _reasons(result: SeatSettlement) -> dict[str, str]:
    return {str(w.wager): w.reason for w in result.wagers}


def _lines(result: SeatSettlement) -> dict[str, str | None]:
    return {str(w.wager): w.pay_line for w in result.wagers}


# Seat 3 holds 8c 4d: the straight 4-8 on 5c 6d 7h Ks 2s; the dealer's Kd 9h make a
# pair of kings, which qualifies.
STRAIGHT_OVER_KINGS = make_round(
    "Kd 9h",
    "5c 6d 7h Ks 2s",
    [seat(3, "8c 4d", ante="10", raise_="30", trips_plus="5", pocket_bonus="5")],
)


def test_a_winning_straight_is_paid_with_its_reasons() -> None:
    beats = "when the player wins (straight, eight high beats the dealer's pair of kings)"
    result = _seat(STRAIGHT_OVER_KINGS, 3)
    assert _reasons(result) == {
        "ante": f"Ante $10.00 pays 1 to 1 {beats}: $10.00",
        "raise": f"Raise $30.00 pays 1 to 1 {beats}: $30.00",
        "odds": "Odds $10.00 pays 1 to 1 for a winning straight: $10.00",
        "trips_plus": "Trips Plus $5.00 pays 4 to 1 for straight (Trips Plus table A): $20.00",
        "pocket_bonus": "Pocket Bonus $5.00 loses: 8c 4d is neither a pair nor an ace with"
        " K, Q or J (Pocket Bonus table A)",
    }
    assert _lines(result) == {
        "ante": "ante 1 to 1",
        "raise": "raise 1 to 1",
        "odds": "odds win: straight 1 to 1",
        "trips_plus": "trips plus A: straight 4 to 1",
        "pocket_bonus": None,
    }


# One round of each kind the main wagers know (docs/rules.md §4 table), with side wagers.
EVERY_BRANCH = {
    "win": STRAIGHT_OVER_KINGS,
    "fold": make_round("Kd 9h", "5c 6d 7h Ks 2s", [seat(5, "8s 3d", folded=True, trips_plus="5")]),
    "copy": make_round("2c 3d", "Ah Kh Qd Js Tc", [seat(5, "4h 5s", pocket_bonus="5")]),
    "dealer does not qualify": make_round(
        "Kd 9h", "2c 7c 4d Jd Qs", [seat(5, "Ah Ad", trips_plus="5", pocket_bonus="5")]
    ),
    "high card loses": make_round("Kd 9h", "2c 7c 4d Jd Qs", [seat(5, "8s 3h")]),
    "bad beat": make_round("Ah 9h", "5h 6h 7c Kh 2s", [seat(5, "8c 4d")]),
}


@pytest.mark.parametrize("kind", sorted(EVERY_BRANCH))
def test_without_explanations_the_amounts_are_the_same_and_no_reason_is_written(
    kind: str,
) -> None:
    number = 3 if kind == "win" else 5
    quiet = _seat(EVERY_BRANCH[kind], number, explain=False)
    loud = _seat(EVERY_BRANCH[kind], number)
    assert [(w.wager, w.outcome, w.amount) for w in quiet.wagers] == [
        (w.wager, w.outcome, w.amount) for w in loud.wagers
    ]
    assert set(_reasons(quiet).values()) == {""}
    assert "" not in set(_reasons(loud).values())


@pytest.mark.parametrize("kind", sorted(EVERY_BRANCH))
def test_every_figure_is_in_dollars_and_cents_and_keeps_its_stake(kind: str) -> None:
    data = EVERY_BRANCH[kind]
    number = 3 if kind == "win" else 5
    placed = next(entry for entry in data["seats"] if entry["seat"] == number)
    result = _seat(data, number)
    for wager in result.wagers:
        assert wager.stake == Decimal(str(placed[str(wager.wager)])), wager.wager
    figures = [result.total, result.winnings_before_cap]
    figures += [f for w in result.wagers for f in (w.stake, w.amount)]
    for figure in figures:
        assert isinstance(figure, Decimal) and figure.as_tuple().exponent == -2, figure


# The dealer's Kd 9h on 2c 7c 4d Jd Qs: king high, no pair, so the dealer does not qualify.
NOT_QUALIFIED_BOARD = ("Kd 9h", "2c 7c 4d Jd Qs")


def test_a_pair_beating_a_dealer_who_does_not_qualify() -> None:
    dealer, board = NOT_QUALIFIED_BOARD
    data = make_round(dealer, board, [seat(6, "Ah Ad", trips_plus="5", pocket_bonus="5")])
    result = _seat(data, 6)
    assert _reasons(result) == {
        "ante": "Ante $10.00 pushes: the dealer does not qualify (king high)",
        "raise": "Raise $30.00 pays 1 to 1 when the player wins"
        " (pair of aces beats the dealer's king high): $30.00",
        "odds": "Odds $10.00 pushes: the player wins with pair of aces, less than a straight",
        "trips_plus": "Trips Plus $5.00 loses: pair of aces is less than three of a kind"
        " (Trips Plus table A)",
        "pocket_bonus": "Pocket Bonus $5.00 pays 30 to 1 for Ah Ad, pair of aces"
        " (Pocket Bonus table A): $150.00",
    }
    assert _lines(result)["pocket_bonus"] == "pocket bonus A: pair of aces 30 to 1"


def test_a_high_card_losing_to_a_dealer_who_does_not_qualify() -> None:
    dealer, board = NOT_QUALIFIED_BOARD
    result = _seat(make_round(dealer, board, [seat(1, "8s 3h")]), 1)
    assert _reasons(result) == {
        "ante": "Ante $10.00 pushes: the dealer does not qualify (king high)",
        "raise": "Raise $30.00 loses: the dealer's king high beats queen high",
        "odds": "Odds $10.00 loses: the dealer's king high beats queen high",
    }


def test_a_straight_losing_to_a_flush_is_paid_on_the_bad_beat_table() -> None:
    # The dealer's Ah 9h with 5h 6h Kh: flush, ace high; the player's 8c 4d: straight.
    data = make_round("Ah 9h", "5h 6h 7c Kh 2s", [seat(4, "8c 4d")])
    result = _seat(data, 4)
    loses = "the dealer's flush, ace high beats straight, eight high"
    assert _reasons(result) == {
        "ante": f"Ante $10.00 loses: {loses}",
        "raise": f"Raise $30.00 loses: {loses}",
        "odds": "Odds $10.00 pays 4 to 1 bad beat table 4 for a losing straight: $40.00",
    }
    assert _lines(result)["odds"] == "bad beat: straight 4 to 1"


def test_a_copy_pushes_everything_with_the_reason() -> None:
    # The board's broadway straight plays for both.
    data = make_round("2c 3d", "Ah Kh Qd Js Tc", [seat(2, "4h 5s")])
    ties = "straight, ace high ties the dealer's straight, ace high"
    assert _reasons(_seat(data, 2)) == {
        "ante": f"Ante $10.00 pushes: {ties}",
        "raise": f"Raise $30.00 pushes: {ties}",
        "odds": f"Odds $10.00 pushes: {ties}",
    }


def test_a_fold_loses_ante_and_odds_with_the_reason() -> None:
    data = make_round("Kd 9h", "5c 6d 7h Ks 2s", [seat(5, "8s 3d", ante="5", folded=True)])
    assert _reasons(_seat(data, 5)) == {
        "ante": "Ante $5.00 loses: the player folded",
        "odds": "Odds $5.00 loses: the player folded",
    }


@pytest.mark.parametrize(
    ("ante", "odds"),
    [
        # 3 to 2 on $5.25 = $7.875: paid $7.87 and the reason says so.
        ("5.25", "Odds $5.25 pays 3 to 2 for a winning flush: $7.87 (rounded down to the cent)"),
        # 3 to 2 on $10 = $15 exactly: nothing to say.
        ("10", "Odds $10.00 pays 3 to 2 for a winning flush: $15.00"),
    ],
)
def test_a_payout_cut_to_the_cent_says_so(ante: str, odds: str) -> None:
    # Ah 5c on 2h 7h 9h Jh 3c: flush, ace high; the dealer's Kd 9s: pair of nines.
    data = make_round("Kd 9s", "2h 7h 9h Jh 3c", [seat(1, "Ah 5c", ante=ante)])
    reasons = _reasons(_seat(data, 1))
    assert reasons["odds"] == odds
    assert not reasons["ante"].endswith("(rounded down to the cent)")


# --- 6-Card Bonus (house rules) -----------------------------------------------------------------


def _six_card(hole: str, extra: str, **round_extra: object) -> dict[str, Any]:
    return make_round(
        "5h 6h",
        "2c 7d 9h 4d 4c",
        [seat(6, hole, ante="10", raise_="30", six_card_bonus="5")],
        rules="house",
        six_card_bonus_cards=extra.split(),
        **round_extra,
    )


@pytest.mark.parametrize(
    ("hole", "extra", "reason", "line"),
    [
        (
            "As Ks",
            "Ad Ac 2h 3d",
            "6-Card Bonus $5.00 pays $25 for three of a kind (As Ad Ac Ks 3d): $25.00",
            "6-card bonus $5: three of a kind $25",
        ),
        (
            "9s 8s",
            "7s 6s 5s 2h",
            "6-Card Bonus $5.00 pays $1,000 for straight flush (9s 8s 7s 6s 5s): $1,000.00",
            "6-card bonus $5: straight flush $1,000",
        ),
        (
            "As Ks",
            "Qs Js Ts 3h",
            "6-Card Bonus $5.00 pays 100% for royal flush (As Ks Qs Js Ts): $20,000.00",
            "6-card bonus $5: royal flush 100%",
        ),
    ],
)
def test_a_six_card_bonus_win_names_the_award_and_the_five_cards(
    hole: str, extra: str, reason: str, line: str
) -> None:
    result = _seat(_six_card(hole, extra, six_card_bonus_jackpot="20000"), 6)
    six = result.wager(Wager.SIX_CARD_BONUS)
    assert six is not None
    assert (six.stake, six.reason, six.pay_line) == (Decimal("5.00"), reason, line)


def test_a_six_card_bonus_loss_names_the_hand() -> None:
    six = _seat(_six_card("As Ks", "2h 3d 7c 9c"), 6).wager(Wager.SIX_CARD_BONUS)
    assert six is not None
    assert six.reason == "6-Card Bonus $5.00 loses: ace high is less than three of a kind"


def test_a_six_card_royal_without_the_jackpot_meter_is_refused_naming_it() -> None:
    round_ = parse_round(_six_card("As Ks", "Qs Js Ts 3h"))
    with pytest.raises(RoundError) as error:
        settle(round_)
    assert str(error.value) == (
        "six_card_bonus_jackpot: missing; the round has an award of 100% of it"
    )


# --- progressive (New York) ---------------------------------------------------------------------


def _progressive(board: str, hole: str, pool: str = "1234.56") -> SeatSettlement:
    data = make_round("Kc Kd", board, [seat(1, hole, progressive="1")], progressive_pool=pool)
    return _seat(data, 1)


def test_a_progressive_flush_is_paid_on_table_a_with_the_reason() -> None:
    result = _progressive("2h 7h 9h Jh 3c", "4h Td").wager(Wager.PROGRESSIVE)
    assert result is not None
    assert result.reason == "Progressive $1.00 pays 5 to 1 for a flush (table A): $5.00"
    assert result.pay_line == "progressive A: flush 5 to 1"
    assert result.stake == Decimal("1.00")


def test_a_progressive_share_of_the_pool_names_the_share() -> None:
    # A royal flush made on the turn: 10% of $1,234.56, cut to $123.45.
    result = _progressive("Ah Kh 2d Qh 3c", "Jh Th").wager(Wager.PROGRESSIVE)
    assert result is not None
    assert result.reason == ("Progressive $1.00 pays 10% for a royal flush (table A): $123.45")
    assert result.pay_line == "progressive A: royal flush 10%"


def test_a_progressive_loss_names_the_hand_and_the_table() -> None:
    result = _progressive("5c 6d 7h Ks 2s", "8c 4d").wager(Wager.PROGRESSIVE)
    assert result is not None
    assert result.reason == (
        "Progressive $1.00 loses: straight, eight high pays nothing on progressive table A"
    )


def test_a_single_winner_of_the_whole_pool_is_not_said_to_share_it() -> None:
    data = make_round(
        "4h 5h", "As Ks Qs 2d 3c", [seat(1, "Js Ts", progressive="1")], progressive_pool="1000"
    )
    result = _seat(data, 1).wager(Wager.PROGRESSIVE)
    assert result is not None
    assert result.reason == (
        "Progressive $1.00 pays 100% for a flopped royal flush in spades (table A): $1,000.00"
    )


def test_a_shared_pool_says_how_many_share_it_and_other_awards_do_not() -> None:
    data = make_round(
        "4h 5h",
        "As Ks Qs 2d 3c",
        [
            seat(1, "6c 7c"),  # no progressive wager
            seat(2, "Js Ts", progressive="1"),
            seat(3, "8c 9c", progressive="1"),
            seat(4, "8s 9s", progressive="1"),  # a flush in spades: 5 to 1 on table A
        ],
        progressive_pool="1000.00",
    )
    round_ = parse_round(data)
    royal = round_.seat(2).hole  # the second flopped royal is handed over after validation
    twin = dataclasses.replace(round_.seat(3), hole=royal)
    seats = (round_.seat(1), round_.seat(2), twin, round_.seat(4))
    settlement = settle(dataclasses.replace(round_, seats=seats))
    shared = settlement.seat(3).wager(Wager.PROGRESSIVE)
    flush = settlement.seat(4).wager(Wager.PROGRESSIVE)
    assert shared is not None and flush is not None
    assert shared.reason == (
        "Progressive $1.00 pays 100% for a flopped royal flush in spades"
        " (table A, shared equally by 2 winners): $500.00"
    )
    assert flush.reason == "Progressive $1.00 pays 5 to 1 for a flush (table A): $5.00"


def test_a_pool_share_without_the_pool_meter_is_refused_naming_it() -> None:
    # The round reader insists on the meter; a round built otherwise is refused at settling.
    data = make_round(
        "Kc Kd", "Ah Kh 2d Qh 3c", [seat(1, "Jh Th", progressive="1")], progressive_pool="100"
    )
    round_ = dataclasses.replace(parse_round(data), progressive_pool=None)
    with pytest.raises(RoundError) as error:
        settle(round_)
    assert str(error.value) == "progressive_pool: missing; the round has an award of 10% of it"


# --- looking up a seat and a wager ---------------------------------------------------------------


def test_a_seats_wagers_are_found_by_name_and_an_absent_one_is_none() -> None:
    result = _seat(STRAIGHT_OVER_KINGS, 3)
    raise_ = result.wager(Wager.RAISE)
    assert raise_ is not None and raise_.amount == Decimal("30.00")
    pocket = result.wager(Wager.POCKET_BONUS)
    assert pocket is not None and pocket.amount == Decimal("-5.00")
    assert result.wager(Wager.PROGRESSIVE) is None


def test_asking_for_a_seat_not_at_the_table_names_the_seat() -> None:
    settlement = settle(parse_round(STRAIGHT_OVER_KINGS))
    with pytest.raises(KeyError) as error:
        settlement.seat(4)
    assert error.value.args == (4,)


def test_a_settlement_explains_by_default_and_keeps_its_round() -> None:
    round_ = parse_round(STRAIGHT_OVER_KINGS)
    settlement = settle(round_)
    assert settlement.round is round_
    assert _reasons(settlement.seat(3)) == _reasons(_seat(STRAIGHT_OVER_KINGS, 3))
