"""The shipped course: every lesson loads, every worked example agrees with the
engine, every drill deals rounds of its scenario, and the rulings say what
docs/rules.md §8 says."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from trainer.engine.round import Wager
from trainer.engine.scenarios import SCENARIOS
from trainer.engine.settlement import settle
from trainer.training.lessons import (
    RANDOM,
    Lesson,
    check_expect,
    course_items,
    drill_rounds,
    load_lessons,
    practice_rounds,
    shipped_lessons_dir,
)
from trainer.training.questions import Skill

COURSE = load_lessons([shipped_lessons_dir()])

# The course of issue 5, first day to audition, in order.
COURSE_IDS = [
    "hand-rankings",
    "best-five-of-seven",
    "dealer-qualification",
    "ante-and-raise",
    "odds-win-table",
    "ties",
    "bad-beats",
    "folds",
    "trips-plus",
    "pocket-bonus",
    "six-card-bonus-and-progressive",
    "payout-cap",
    "settlement-order",
    "irregularities",
    "full-table-speed",
    "chips-cut-and-size",
    "dealer-mistakes",
    "running-the-round",
]

EXAMPLES = [pytest.param(lesson, index, id=f"{lesson.id}-{index + 1}")
            for lesson in COURSE.lessons for index in range(len(lesson.examples))]
DRILLS = [pytest.param(lesson, index, id=f"{lesson.id}-drill-{index + 1}")
          for lesson in COURSE.lessons for index in range(len(lesson.drills))]


def test_every_shipped_lesson_loads_without_a_problem() -> None:
    assert [str(problem) for problem in COURSE.problems] == []
    assert COURSE.notices == []


def test_the_course_runs_from_hand_rankings_to_the_audition_in_order() -> None:
    assert [lesson.id for lesson in COURSE.lessons] == COURSE_IDS
    assert [lesson.order for lesson in COURSE.lessons] == list(range(1, 19))


def test_every_lesson_explains_and_gives_something_to_practise() -> None:
    for lesson in COURSE.lessons:
        assert lesson.explanation.strip(), lesson.id
        assert (lesson.drills or lesson.rulings or lesson.chip_drills
                or lesson.procedure_drills), lesson.id
        assert lesson.source is not None and lesson.source.parent == shipped_lessons_dir()


@pytest.mark.parametrize(("lesson", "index"), EXAMPLES)
def test_worked_example_replays_through_the_engine(lesson: Lesson, index: int) -> None:
    example = lesson.examples[index]
    assert example.note.strip()
    assert example.expect.seats or example.expect.dealer_hand is not None, (
        "a worked example states at least one fact worked by hand")
    assert check_expect(example.expect, settle(example.round)) == []


def test_worked_examples_state_the_payouts_they_teach() -> None:
    """Every example of lessons 4 onward (the payout lessons) states amounts."""
    for lesson in COURSE.lessons[3:]:
        for example in lesson.examples:
            assert any(seat.wagers for seat in example.expect.seats), (lesson.id, example.title)


@pytest.mark.parametrize(("lesson", "index"), DRILLS)
def test_drill_deals_valid_rounds_of_its_scenario(lesson: Lesson, index: int) -> None:
    drill = lesson.drills[index]
    rounds = drill_rounds(replace(drill, count=3), random.Random(index))
    assert len(rounds) == 3
    for round_ in rounds:
        settlement = settle(round_)
        if drill.scenario != RANDOM:
            assert SCENARIOS[drill.scenario].holds(settlement), drill
        if drill.rules is not None:
            assert round_.ruleset.id == drill.rules
        if drill.seats is not None:
            assert len(round_.seats) == drill.seats
        if "trips_plus_table" in drill.options:
            assert round_.tables.trips_plus_letter == drill.options["trips_plus_table"]
        if "pocket_bonus_table" in drill.options:
            assert round_.tables.pocket_bonus_letter == drill.options["pocket_bonus_table"]


def test_every_scenario_kind_is_drilled_by_some_lesson() -> None:
    drilled = {drill.scenario for lesson in COURSE.lessons for drill in lesson.drills}
    assert set(SCENARIOS) <= drilled


def test_drill_rounds_are_reproducible_from_the_seed() -> None:
    drill = COURSE.by_id("bad-beats").drills[0]
    first = drill_rounds(drill, random.Random(7))
    again = drill_rounds(drill, random.Random(7))
    assert [(r.dealer, r.board) for r in first] == [(r.dealer, r.board) for r in again]


# --- rulings (docs/rules.md §8 and the regulator texts) -------------------------------------


def _ruling(rules: str, *words: str):
    """The one ruling under ``rules`` whose situation contains every word."""
    found = [ruling for ruling in COURSE.by_id("irregularities").rulings
             if ruling.rules == rules and all(w in ruling.situation for w in words)]
    assert len(found) == 1, (rules, words, found)
    return found[0]


def test_irregularities_lesson_is_rulings_with_a_citation_each() -> None:
    lesson = COURSE.by_id("irregularities")
    assert lesson.skills == ()
    assert len(lesson.rulings) >= 10
    for ruling in lesson.rulings:
        assert ruling.citation.strip()
        assert 0 <= ruling.answer < len(ruling.choices)
        assert len(set(ruling.choices)) == len(ruling.choices)


def test_exposed_dealer_card_voids_all_hands_in_new_york() -> None:
    ruling = _ruling("ny-2018", "no Trips")
    assert ruling.correct_choice == "All hands are void."
    assert "(j)(1)" in ruling.citation
    assert ruling.table is not None and ruling.table.exposed
    assert all(card in ruling.table.dealer for card in ruling.table.exposed)


def test_exposed_dealer_card_still_settles_trips_plus_in_new_york() -> None:
    ruling = _ruling("ny-2018", "**Trips Plus**")
    assert "Trips Plus wager is settled" in ruling.correct_choice
    assert "void" in ruling.correct_choice
    assert "(j)(2)(i)" in ruling.citation
    table = ruling.table
    assert table is not None
    assert any(Wager.TRIPS_PLUS in seat.wagers for seat in table.seats)


def test_wrong_number_of_player_cards_new_york_voids_that_hand_massachusetts_all() -> None:
    new_york = _ruling("ny-2018", "**three** cards")
    massachusetts = _ruling("massachusetts", "**three** cards")
    assert new_york.correct_choice == "Seat 3's hand is void; the other hands play on."
    assert massachusetts.correct_choice == "All hands are void and the cards are reshuffled."
    for ruling in (new_york, massachusetts):
        assert ruling.table is not None
        assert [len(seat.hole) for seat in ruling.table.seats if seat.seat == 3] == [3]


def test_dealer_short_a_card_is_corrected_in_sequence_only_before_any_card_is_turned() -> None:
    before = _ruling("ny-2018", "No card has been turned")
    after = _ruling("ny-2018", "after the flop")
    assert before.correct_choice.startswith("Deal your missing card in sequence")
    assert after.correct_choice == "All players' hands are void."


def test_cards_face_up_in_the_deck_one_is_discarded_two_void_the_deal() -> None:
    one = _ruling("massachusetts", "only one found face up")
    two = _ruling("massachusetts", "**two** face-up cards")
    assert one.correct_choice.startswith("Do not use it: place it in the discard rack")
    assert two.correct_choice == "All hands are void and the cards are reshuffled."
    for ruling in (one, two):
        assert "§12(a)" in ruling.citation
        table = ruling.table
        assert table is not None and len(table.exposed) == 1
        dealt = [*table.dealer, *table.board, *(c for seat in table.seats for c in seat.hole)]
        assert table.exposed[0] not in dealt  # found in the deck, not dealt


# --- practice items ------------------------------------------------------------------------


def test_course_items_follow_the_course_with_the_first_lesson_targets() -> None:
    items = course_items(COURSE.lessons)
    assert list(items)[:6] == [
        "skill:dealer_hand", "skill:player_hand", "scenario:royal-flush",
        "scenario:straight-flush", "scenario:four-of-a-kind-wins", "scenario:wheel-straight",
    ]
    assert items["skill:dealer_hand"] == 8.0  # hand-rankings
    assert items["skill:qualification"] == 5.0  # dealer-qualification, not the speed rounds' 4
    assert items["scenario:cap-applies"] == 12.0  # payout-cap
    assert items["ruling:irregularities"] == 20.0
    # every skill but the chip procedure, which chip mode asks (its lesson: issue 22, item 5),
    # and the mistake exercise's, whose lesson is of rulings until its mode is in the window
    own_mode = (Skill.CHIP_PROCEDURE, Skill.SPOT_MISTAKES, Skill.CORRECT_MISTAKES,
                Skill.PROCEDURE)  # running the round: its lesson's drills are its own mode's
    assert all(f"skill:{skill}" in items for skill in Skill if skill not in own_mode)


def test_practice_rounds_for_a_scenario_item_show_that_scenario() -> None:
    rounds = practice_rounds("scenario:six-card-bonus-win", COURSE.lessons, random.Random(3), 4)
    assert len(rounds) == 4
    for round_ in rounds:
        assert SCENARIOS["six-card-bonus-win"].holds(settle(round_))


def test_practice_rounds_for_a_skill_come_from_the_lesson_teaching_it() -> None:
    rounds = practice_rounds("skill:cap", COURSE.lessons, random.Random(5), 3)
    assert [round_.ruleset.id for round_ in rounds] == ["house"] * 3  # payout-cap's drills
    assert practice_rounds("ruling:irregularities", COURSE.lessons, random.Random(5)) == []
