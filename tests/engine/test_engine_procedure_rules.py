"""The procedure of a round as rule facts (issue 23, item 1; docs/rules.md §2, §5, §7):
raise options per street and fold timing for each shipped rule set, the table's limits,
the 6-Card Bonus's amounts, side wagers without an ante, the deal's order manual and
with a shoe, and the order the table is cleared in. Every expected value is worked by
hand from docs/rules.md and the rule-set files."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from trainer.engine.procedure import (
    BOARD,
    DEALER,
    SIX_CARD_BONUS,
    Action,
    ActionKind,
    DealMethod,
    Street,
    action_problem,
    bet_problem,
    clearing_order,
    deal_sequence,
    seat_target,
)
from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import settle

D = Decimal
NY, MA, STANDARD, HOUSE = (load_ruleset(name) for name in
                           ("ny-2018", "massachusetts", "standard", "house"))


def raise_(amount: str) -> Action:
    return Action(ActionKind.RAISE, D(amount))


CHECK, FOLD = Action(ActionKind.CHECK), Action(ActionKind.FOLD)

# (rule set, street, raise multiples that stand): docs/rules.md §2 and §9's table.
RAISES = [
    (NY, Street.PREFLOP, {1, 2, 3}), (NY, Street.FLOP, {1, 2}), (NY, Street.RIVER, {1}),
    (MA, Street.PREFLOP, {1, 2, 3}), (MA, Street.FLOP, {1, 2}), (MA, Street.RIVER, {1}),
    (STANDARD, Street.PREFLOP, {3}), (STANDARD, Street.FLOP, {2}), (STANDARD, Street.RIVER, {1}),
    (HOUSE, Street.PREFLOP, {3}), (HOUSE, Street.FLOP, {2}), (HOUSE, Street.RIVER, {1}),
]


@pytest.mark.parametrize(("ruleset", "street", "allowed"), RAISES,
                         ids=[f"{r.id}-{s}" for r, s, _ in RAISES])
def test_raise_multiples_stand_only_where_the_rule_set_allows_them(ruleset, street,
                                                                   allowed) -> None:
    for multiple in (1, 2, 3, 4):
        problem = action_problem(ruleset, street, D(10), raise_(str(10 * multiple)))
        if multiple in allowed:
            assert problem is None
        else:
            assert problem is not None and "rules §2" in problem
            assert f"raises.{street.value}" in problem and ruleset.id in problem


def test_a_3x_raise_after_the_flop_is_refused_naming_the_rule_set_s_flop_options() -> None:
    problem = action_problem(HOUSE, Street.FLOP, D(5), raise_("15"))
    assert problem == ("After the flop a raise is 2x only the ante (2x = $10.00 on an ante"
                       " of $5.00), not $15.00 (3x the ante) (rules §2; rule set 'house'"
                       " (Casino house rules): raises.flop = 2x only; casino house rules,"
                       ' "Round of Play").')
    assert "1x or 2x" in str(action_problem(NY, Street.FLOP, D(5), raise_("15")))


def test_a_2x_raise_after_the_river_is_refused_under_every_rule_set() -> None:
    for ruleset in (NY, MA, STANDARD, HOUSE):
        problem = action_problem(ruleset, Street.RIVER, D(10), raise_("20"))
        assert problem is not None and "1x only" in problem and "rules §2" in problem
        assert action_problem(ruleset, Street.RIVER, D(10), raise_("10")) is None


def test_each_shipped_rule_set_s_refusal_names_the_text_it_rests_on() -> None:
    cited = {ruleset.id: action_problem(ruleset, Street.PREFLOP, D(10), raise_("40"))
             for ruleset in (NY, MA, STANDARD, HOUSE)}
    assert "New York 2018 (e)(1)-(7)" in str(cited["ny-2018"])
    assert "Massachusetts §10(b), (d), (f), (h)" in str(cited["massachusetts"])
    assert "the game owner's standard rules" in str(cited["standard"])
    assert 'casino house rules, "Round of Play"' in str(cited["house"])
    # the house rules: "Players may NOT fold at this time"
    fold = action_problem(HOUSE, Street.FLOP, D(10), FOLD)
    assert fold is not None and '(rules §2; casino house rules, "Round of Play")' in fold
    six = bet_problem(HOUSE, bets(ante="5", odds="5", six_card_bonus="3"),
                      Wager.SIX_CARD_BONUS)
    assert six is not None and '"6 Card Bonus Jackpot Wager"' in six
    progressive = bet_problem(NY, bets(ante="5", odds="5", progressive="5"),
                              Wager.PROGRESSIVE)
    assert progressive is not None and "New York 2018 (k)(1)" in progressive


def test_a_room_s_own_rule_set_cites_its_file_not_a_preset_s_text() -> None:
    own = replace(HOUSE, raises_flop=(1, 2))  # a room's house rules with a 1x flop raise
    problem = action_problem(own, Street.FLOP, D(10), raise_("30"))
    assert problem is not None and "raises.flop = 1x or 2x" in problem
    assert "Round of Play" not in problem


def test_a_raise_that_is_no_multiple_of_the_ante_is_refused() -> None:
    problem = action_problem(NY, Street.PREFLOP, D(10), raise_("25"))
    assert problem is not None and "2.5 times the ante" in problem


def test_a_fold_is_refused_before_the_river_and_stands_after_it() -> None:
    for ruleset in (NY, STANDARD, HOUSE):
        for street in (Street.PREFLOP, Street.FLOP):
            problem = action_problem(ruleset, street, D(10), FOLD)
            assert problem is not None
            assert problem.startswith(f"No fold is possible {street.label}")
            assert "rules §2" in problem
        assert action_problem(ruleset, Street.RIVER, D(10), FOLD) is None


def test_a_check_stands_before_the_river_but_not_after_it() -> None:
    assert action_problem(NY, Street.PREFLOP, D(10), CHECK) is None
    assert action_problem(NY, Street.FLOP, D(10), CHECK) is None
    problem = action_problem(NY, Street.RIVER, D(10), CHECK)
    assert problem is not None and "1x the ante or folds" in problem


# --- wagers before the deal --------------------------------------------------------------


def bets(**amounts: str) -> dict[Wager, Decimal]:
    return {Wager(key): D(value) for key, value in amounts.items()}


def test_the_house_table_s_ante_limits_are_2_to_10_dollars() -> None:
    assert bet_problem(HOUSE, bets(ante="10", odds="10"), Wager.ANTE) is None
    assert bet_problem(HOUSE, bets(ante="2", odds="2"), Wager.ANTE) is None
    over = bet_problem(HOUSE, bets(ante="15", odds="15"), Wager.ANTE)
    assert over == ("The Ante of $15.00 is above the table's maximum of $10.00 (rules §2:"
                    " table limits are the rule set's; rule set 'house' (Casino house"
                    " rules): limits.ante = $2.00 to $10.00; casino house rules, \"Game and"
                    ' Bonus wagers").')
    under = bet_problem(HOUSE, bets(ante="1", odds="1"), Wager.ANTE)
    assert under is not None and "below the table's minimum of $2.00" in under
    # the odds equal to an ante over the limit are over it too
    assert "above the table's maximum" in str(
        bet_problem(HOUSE, bets(ante="15", odds="15"), Wager.ODDS))


def test_new_york_s_limits_only_refuse_the_absurd() -> None:
    assert bet_problem(NY, bets(ante="100", odds="100"), Wager.ANTE) is None
    assert bet_problem(NY, bets(ante="20000", odds="20000"), Wager.ANTE) is not None


def test_odds_unequal_to_the_ante_are_refused_and_the_ante_stands() -> None:
    placed = bets(ante="10", odds="20")
    assert bet_problem(NY, placed, Wager.ANTE) is None
    assert bet_problem(NY, placed, Wager.ODDS) == ("The Odds of $20.00 must equal the Ante"
                                                   " of $10.00 (rules §2).")


def test_an_ante_without_odds_is_refused() -> None:
    assert "needs an Odds wager" in str(bet_problem(NY, bets(ante="10"), Wager.ANTE))


def test_a_side_wager_without_an_ante_is_refused() -> None:
    for wager, ruleset in ((Wager.TRIPS_PLUS, NY), (Wager.POCKET_BONUS, HOUSE),
                           (Wager.SIX_CARD_BONUS, HOUSE), (Wager.PROGRESSIVE, NY)):
        problem = bet_problem(ruleset, {wager: D(5) if wager is not Wager.PROGRESSIVE
                                        else D(1)}, wager)
        assert problem is not None and "without an Ante" in problem and "rules §2" in problem


def test_side_wager_limits_come_from_the_rule_set() -> None:
    assert bet_problem(HOUSE, bets(ante="5", odds="5", trips_plus="10"), Wager.TRIPS_PLUS) \
        is None
    problem = bet_problem(HOUSE, bets(ante="5", odds="5", trips_plus="15"), Wager.TRIPS_PLUS)
    assert problem is not None and "limits.trips_plus = $2.00 to $10.00" in problem
    assert bet_problem(HOUSE, bets(ante="5", odds="5", pocket_bonus="1"), Wager.POCKET_BONUS) \
        is not None
    assert bet_problem(NY, bets(ante="5", odds="5", pocket_bonus="500"), Wager.POCKET_BONUS) \
        is None


def test_the_6_card_bonus_stands_only_at_2_or_5_dollars() -> None:
    for amount, stands in (("2", True), ("5", True), ("3", False), ("10", False),
                           ("1", False)):
        problem = bet_problem(HOUSE, bets(ante="5", odds="5", six_card_bonus=amount),
                              Wager.SIX_CARD_BONUS)
        assert (problem is None) is stands
        if not stands:
            assert problem is not None
            assert problem.startswith("The 6-Card Bonus is a $2.00 or $5.00 wager")
            assert "rules §5" in problem and "six_card_bonus.wagers" in problem


def test_a_side_wager_the_rule_set_does_not_offer_is_refused() -> None:
    problem = bet_problem(NY, bets(ante="5", odds="5", six_card_bonus="5"),
                          Wager.SIX_CARD_BONUS)
    assert problem is not None and "offers no 6-Card Bonus" in problem
    assert "offers no Progressive" in str(
        bet_problem(HOUSE, bets(ante="5", odds="5", progressive="1"), Wager.PROGRESSIVE))


def test_the_progressive_is_its_one_dollar_wager_only() -> None:
    assert bet_problem(NY, bets(ante="5", odds="5", progressive="1"), Wager.PROGRESSIVE) is None
    problem = bet_problem(NY, bets(ante="5", odds="5", progressive="5"), Wager.PROGRESSIVE)
    assert problem is not None and "$1.00 only" in problem


# --- the deal and clearing ---------------------------------------------------------------

ROUND = {
    "rules": "house",
    "dealer": ["Kc", "Kd"],
    "board": ["Ah", "9h", "5h", "2c", "7s"],
    "six_card_bonus_cards": ["3d", "4d", "8c", "Jc"],
    "six_card_bonus_jackpot": "25000",
    "seats": [
        {"seat": 2, "hole": ["Qh", "3h"], "ante": "5", "odds": "5", "raise": "15"},
        {"seat": 4, "hole": ["Tc", "Td"], "ante": "5", "odds": "5", "folded": True,
         "pocket_bonus": "5"},
        {"seat": 5, "hole": ["2d", "3s"], "ante": "5", "odds": "5", "folded": True},
        {"seat": 6, "hole": ["As", "Qd"], "ante": "5", "odds": "5", "raise": "15",
         "six_card_bonus": "5"},
    ],
}


def test_the_manual_deal_goes_one_card_at_a_time_from_seat_1_up_then_the_dealer() -> None:
    round_ = parse_round(ROUND)
    steps = deal_sequence(round_, DealMethod.MANUAL)
    seats = [seat_target(n) for n in (2, 4, 5, 6)]
    assert [step.target for step in steps] == [*seats, DEALER, *seats, DEALER, BOARD, BOARD,
                                               SIX_CARD_BONUS]
    assert [len(step.cards) for step in steps] == [1] * 10 + [3, 2, 4]
    assert steps[0].cards == round_.seat(2).hole[:1]
    assert steps[4].cards == round_.dealer[:1] and steps[9].cards == round_.dealer[1:]
    # the flop after the decisions before it, the turn and river after the flop's
    assert [step.before for step in steps[10:]] == [Street.FLOP, Street.RIVER, Street.RIVER]
    assert all(step.before is Street.PREFLOP for step in steps[:10])


def test_the_shoe_deals_the_board_first_then_two_card_stacks_then_the_dealer() -> None:
    round_ = parse_round(ROUND)
    steps = deal_sequence(round_, DealMethod.SHOE)
    assert [step.target for step in steps] == [BOARD, *(seat_target(n) for n in (2, 4, 5, 6)),
                                               DEALER, SIX_CARD_BONUS]
    assert [len(step.cards) for step in steps] == [5, 2, 2, 2, 2, 2, 4]
    assert steps[0].cards == round_.board
    assert all(step.before is Street.PREFLOP for step in steps)


def test_no_6_card_bonus_cards_are_dealt_when_no_seat_bet_one() -> None:
    data = {**ROUND, "six_card_bonus_cards": None, "six_card_bonus_jackpot": None,
            "seats": [dict(ROUND["seats"][0])]}
    for method in DealMethod:
        assert SIX_CARD_BONUS not in [s.target for s in deal_sequence(parse_round(data),
                                                                      method)]


def test_the_table_is_cleared_folded_side_bets_then_raised_seats_from_seat_6() -> None:
    # seat 5 folded with ante and odds only: collected when it folded (rules §7)
    settlement = settle(parse_round(ROUND))
    assert clearing_order(settlement) == (seat_target(4), seat_target(6), seat_target(2),
                                          DEALER, SIX_CARD_BONUS)
