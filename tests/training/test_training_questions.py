"""Questions come in the order a dealer works (docs/rules.md §7) with the answers the
rules give. Every expected value below is worked by hand from docs/rules.md; the
rounds are described in conftest.py."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.cards import parse_cards
from trainer.engine.evaluator import Category
from trainer.engine.round import Wager
from trainer.engine.settlement import Outcome, SeatResult
from trainer.training.questions import (
    DealerHandAnswer,
    PayoutAnswer,
    QuestionKind,
    Skill,
    build_questions,
)

WIN, PUSH, LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE


def pay(amount: str) -> PayoutAnswer:
    return PayoutAnswer(WIN, Decimal(amount))


def take(amount: str) -> PayoutAnswer:
    return PayoutAnswer(LOSE, Decimal(amount))


PUSHED = PayoutAnswer(PUSH, Decimal("0"))


def test_questions_follow_dealer_procedure_dealer_first_then_seats_from_dealers_right(settled):
    questions = build_questions(settled("mixed"))
    # §7: dealer's hand, qualification; bare folds (collected as they folded,
    # seat 1 up); folded seats with a side wager from the dealer's right; then
    # the raised seats from the dealer's right: 1, 2, 6, 3.
    assert [q.id for q in questions] == [
        "dealer-hand", "dealer-qualifies",
        "next-seat-1", "seat-1-ante", "seat-1-odds",
        "next-seat-2", "seat-2-ante", "seat-2-odds", "seat-2-pocket-bonus",
        "next-seat-3", "seat-6-hand", "seat-6-result", "seat-6-ante", "seat-6-raise",
        "seat-6-odds", "seat-6-trips-plus",
        # the last seat is the only one left: no forced "which seat next?"
        "seat-3-hand", "seat-3-result", "seat-3-ante", "seat-3-raise", "seat-3-odds",
        "seat-3-pocket-bonus",
    ]


def test_expected_answers_are_the_rules_answers(settled):
    questions = {q.id: q for q in build_questions(settled("mixed"))}
    expected = {qid: q.expected for qid, q in questions.items()}
    assert expected == {
        # Kh Kd + Ah 9h 5h 2c 7s: a pair of kings with A 9 7
        "dealer-hand": DealerHandAnswer(Category.ONE_PAIR, parse_cards(["Kh", "Kd", "Ah", "9h",
                                                                        "7s"])),
        "dealer-qualifies": True,  # §3: one pair or better
        "next-seat-1": 1, "next-seat-2": 2, "next-seat-3": 6,
        # folded: ante and odds are collected (§4 last row)
        "seat-1-ante": take("5"), "seat-1-odds": take("5"),
        "seat-2-ante": take("5"), "seat-2-odds": take("5"),
        # §5 Pocket Bonus A: a pair, 2s through Ks, 5 to 1 on $5; folded seats stay in
        "seat-2-pocket-bonus": pay("25"),
        "seat-6-hand": Category.FLUSH,  # Ah Qh 9h 5h 3h
        "seat-6-result": SeatResult.WIN,
        "seat-6-ante": pay("10"),  # 1 to 1, the dealer qualifies
        "seat-6-raise": pay("30"),  # 1 to 1
        "seat-6-odds": pay("15"),  # odds-win flush 3 to 2 on $10
        "seat-6-trips-plus": pay("35"),  # Trips Plus A flush 7 to 1 on $5
        "seat-3-hand": Category.HIGH_CARD,  # A 9 8 7 5
        "seat-3-result": SeatResult.LOSE,
        "seat-3-ante": take("5"), "seat-3-raise": take("5"), "seat-3-odds": take("5"),
        "seat-3-pocket-bonus": take("5"),  # 8-4 is neither a pair nor an ace with K/Q/J
    }


def test_question_kinds_skills_seats_and_wagers(settled):
    questions = {q.id: q for q in build_questions(settled("mixed"))}
    assert questions["dealer-hand"].kind is QuestionKind.DEALER_HAND
    assert questions["dealer-hand"].skill is Skill.DEALER_HAND
    assert questions["dealer-qualifies"].kind is QuestionKind.QUALIFIES
    assert questions["dealer-qualifies"].skill is Skill.QUALIFICATION
    # "which seat next?" names no seat: that would give the answer away
    assert questions["next-seat-1"].kind is QuestionKind.NEXT_SEAT
    assert questions["next-seat-1"].seat is None
    assert questions["next-seat-1"].skill is Skill.ORDER
    assert questions["seat-6-hand"].skill is Skill.PLAYER_HAND
    assert questions["seat-6-result"].skill is Skill.RESULT
    odds = questions["seat-6-odds"]
    assert (odds.kind, odds.skill, odds.seat, odds.wager, odds.stake) == (
        QuestionKind.PAYOUT, Skill.ODDS_WIN, 6, Wager.ODDS, Decimal("10"))
    assert odds.prompt == "Seat 6 \u2014 Odds $10.00: pay, push or take?"
    assert questions["seat-3-odds"].skill is Skill.ODDS_PUSH_OR_LOSE
    assert questions["seat-1-ante"].skill is Skill.ANTE
    assert questions["seat-6-raise"].skill is Skill.RAISE
    assert questions["seat-6-trips-plus"].skill is Skill.TRIPS_PLUS
    assert questions["seat-2-pocket-bonus"].skill is Skill.POCKET_BONUS


def test_payout_explanation_quotes_rule_and_pay_table_line(settled):
    questions = {q.id: q for q in build_questions(settled("mixed"))}
    odds = questions["seat-6-odds"].explanation
    assert "3 to 2" in odds and "flush" in odds and "$15.00" in odds
    assert "folded" in questions["seat-1-ante"].explanation
    assert "5 to 1" in questions["seat-2-pocket-bonus"].explanation


def test_every_skill_has_a_label_for_people():
    assert Skill.DEALER_HAND.label == "Reading the dealer's hand"
    labels = [skill.label for skill in Skill]
    assert all(labels) and len(set(labels)) == len(labels)


def test_dealer_not_qualifying_pushes_antes_of_raised_seats(settled):
    questions = build_questions(settled("not_qualifying"))
    assert [(q.id, q.expected) for q in questions] == [
        # As Kd + 2c 7c 9c Jd Qs: ace high (A K Q J 9), less than a pair
        ("dealer-hand", DealerHandAnswer(Category.HIGH_CARD,
                                         parse_cards(["As", "Kd", "Qs", "Jd", "9c"]))),
        ("dealer-qualifies", False),
        # the folded seat with a Pocket Bonus first, then raised seats 6 then 4
        ("next-seat-1", 2),
        # the Pocket Bonus reads the hole cards only: no hand question for seat 2
        ("seat-2-ante", take("5")), ("seat-2-odds", take("5")),
        ("seat-2-pocket-bonus", take("2")),
        ("next-seat-2", 6),
        ("seat-6-hand", Category.ONE_PAIR),
        ("seat-6-result", SeatResult.WIN),
        ("seat-6-ante", PUSHED),  # the dealer does not qualify: the ante pushes
        ("seat-6-raise", pay("30")),  # the raise still pays 1 to 1
        ("seat-6-odds", PUSHED),  # a winning pair is less than a straight
        ("seat-6-trips-plus", take("5")),  # a pair is less than three of a kind
        ("seat-6-pocket-bonus", pay("150")),  # pair of aces 30 to 1 on $5 (table A)
        ("seat-4-hand", Category.HIGH_CARD),  # Q J 9 8 7
        ("seat-4-result", SeatResult.LOSE),
        ("seat-4-ante", PUSHED),  # the ante pushes even for a losing seat
        ("seat-4-raise", take("5")),
        ("seat-4-odds", take("5")),
    ]
    explanation = questions[1].explanation
    assert "one pair or better" in explanation and "does not qualify" in explanation


def test_bad_beat_pays_losing_flush_5_to_1(settled):
    questions = build_questions(settled("bad_beat"))
    # one seat: there is no "which seat next?" to ask
    assert [(q.id, q.expected) for q in questions] == [
        ("dealer-hand", DealerHandAnswer(Category.FULL_HOUSE,
                                         parse_cards(["Qs", "Qd", "Qh", "9h", "9c"]))),
        ("dealer-qualifies", True),
        ("seat-3-hand", Category.FLUSH),
        ("seat-3-result", SeatResult.LOSE),
        ("seat-3-ante", take("10")),
        ("seat-3-raise", take("20")),
        ("seat-3-odds", pay("50")),  # bad beat table 4: flush 5 to 1 on $10
        ("seat-3-trips-plus", pay("35")),  # Trips Plus A: flush 7 to 1 on $5
    ]
    odds = questions[6]
    assert odds.skill is Skill.BAD_BEAT
    assert "5 to 1" in odds.explanation and "bad beat" in odds.explanation


def test_folded_seats_settle_side_wagers_and_are_asked_their_hand_only_when_it_pays(settled):
    questions = build_questions(settled("folded"))
    assert [(q.id, q.expected) for q in questions] == [
        # 7c 7d + Ks 8s 8d 3h 2c: eights and sevens, king kicker
        ("dealer-hand", DealerHandAnswer(Category.TWO_PAIR,
                                         parse_cards(["8s", "8d", "7c", "7d", "Ks"]))),
        ("dealer-qualifies", True),
        # the bare fold first, then folded seats with side wagers from seat 6 down
        ("next-seat-1", 2),
        ("seat-2-ante", take("5")), ("seat-2-odds", take("5")),
        ("next-seat-2", 5),
        ("seat-5-hand", Category.ONE_PAIR),  # Trips Plus depends on the seven-card hand
        ("seat-5-ante", take("5")), ("seat-5-odds", take("5")),
        ("seat-5-trips-plus", take("5")),
        ("next-seat-3", 4),
        # Pocket Bonus only: no hand question; ace-king suited pays 20 to 1 on $5
        ("seat-4-ante", take("10")), ("seat-4-odds", take("10")),
        ("seat-4-pocket-bonus", pay("100")),
        ("seat-1-hand", Category.ONE_PAIR),  # the progressive is paid on the hand
        ("seat-1-ante", take("5")), ("seat-1-odds", take("5")),
        ("seat-1-progressive", take("1")),  # table A pays nothing below a flush
    ]
    assert not any(q.kind is QuestionKind.SEAT_RESULT for q in questions)
    assert questions[-1].skill is Skill.PROGRESSIVE


def test_tie_pushes_main_wagers_while_trips_plus_pays_the_straight(settled):
    questions = build_questions(settled("board_plays"))
    assert [(q.id, q.expected) for q in questions] == [
        ("dealer-hand", DealerHandAnswer(Category.STRAIGHT,
                                         parse_cards(["6c", "5h", "4c", "3d", "2s"]))),
        ("dealer-qualifies", True),
        ("seat-1-hand", Category.STRAIGHT),
        ("seat-1-result", SeatResult.TIE),  # both play the board's six-high straight
        ("seat-1-ante", PUSHED), ("seat-1-raise", PUSHED), ("seat-1-odds", PUSHED),
        ("seat-1-trips-plus", pay("20")),  # Trips Plus A: straight 4 to 1 on $5
    ]


def test_maximum_aggregate_payout_asks_capped_total_and_6_card_bonus_comes_last(settled):
    questions = build_questions(settled("capped"))
    assert [(q.id, q.expected) for q in questions] == [
        # 4c 4d + Qh Jh Th 2c 3d: a pair of fours
        ("dealer-hand", DealerHandAnswer(Category.ONE_PAIR,
                                         parse_cards(["4c", "4d", "Qh", "Jh", "Th"]))),
        ("dealer-qualifies", True),
        ("next-seat-1", 6),
        ("seat-6-hand", Category.ROYAL_FLUSH),
        ("seat-6-result", SeatResult.WIN),
        ("seat-6-ante", pay("10")),
        ("seat-6-raise", pay("30")),
        ("seat-6-odds", pay("5000")),  # royal 500 to 1 on $10
        ("seat-6-trips-plus", pay("1000")),  # Trips Plus C royal 100 to 1 on $10
        ("seat-6-pocket-bonus", pay("200")),  # Pocket C ace-king suited 20 to 1 on $10
        # 10 + 30 + 5,000 + 1,000 + 200 = 6,240 > $3,000: the seat is paid $3,000 (§6)
        ("seat-6-capped-total", Decimal("3000")),
        ("next-seat-2", 3),
        ("seat-3-hand", Category.HIGH_CARD),
        ("seat-3-result", SeatResult.LOSE),
        ("seat-3-ante", take("5")), ("seat-3-raise", take("5")), ("seat-3-odds", take("5")),
        # seat 3 won nothing: no total to ask
        ("seat-2-hand", Category.ONE_PAIR),
        ("seat-2-result", SeatResult.WIN),
        ("seat-2-ante", pay("5")), ("seat-2-raise", pay("5")), ("seat-2-odds", PUSHED),
        ("seat-2-capped-total", Decimal("10")),  # under the cap: paid in full
        # §5: the 6-Card Bonus is settled last, after the board is mucked;
        # 5c 5s + 5d 9c 9d Kc is fives full of nines: $100 on a $5 wager
        ("seat-2-six-card-bonus", pay("100")),
    ]
    by_id = {q.id: q for q in questions}
    capped = by_id["seat-6-capped-total"]
    assert capped.kind is QuestionKind.CAPPED_TOTAL and capped.skill is Skill.CAP
    assert capped.prompt == "Seat 6: total paid on the main and bonus wagers?"
    assert "rules §6" in capped.explanation and "$3,000.00" in capped.explanation
    assert by_id["seat-2-six-card-bonus"].skill is Skill.SIX_CARD_BONUS


def test_no_capped_total_without_a_maximum_aggregate_payout(settled):
    questions = build_questions(settled("mixed"))  # New York has no cap
    assert not any(q.kind is QuestionKind.CAPPED_TOTAL for q in questions)


def test_question_ids_are_unique_within_a_round(settled):
    for name in ("mixed", "not_qualifying", "bad_beat", "folded", "board_plays", "capped"):
        ids = [q.id for q in build_questions(settled(name))]
        assert len(ids) == len(set(ids)), name
