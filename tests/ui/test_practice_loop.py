"""Whole rounds played through the keyboard in the real trainer window.

Expected answers for the hand-built rounds are worked by hand from docs/rules.md;
the random-round test types the session's own expected answers only to prove
the window passes every kind of answer through and scores it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from trainer.engine.round import parse_round
from trainer.engine.settlement import Outcome
from trainer.selfcheck import settle_example
from trainer.training.questions import DealerHandAnswer, PayoutAnswer, QuestionKind
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow

SETTLE_MD_EXAMPLE = settle_example()
"""docs/settle-contract.md's round: dealer As Kd on 2c 7c 9c Jd Qs; seat 6 Ah Ad raised 3x
with Trips Plus and Pocket Bonus $5; seat 2 8s 3d folded with a $2 Pocket Bonus."""


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(TrainingSettings(seed=20261122, sound=False))
    qtbot.addWidget(main)
    main.resize(1600, 900)
    main.show()
    yield main
    main.close()


def type_answer(qtbot: QtBot, main: MainWindow, text: str) -> None:
    field = main.panel.field
    field.clear()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def typed_form(kind: QuestionKind, expected: object) -> str:
    """What a trainee types for an answer (the expected object -> keystrokes)."""
    if kind is QuestionKind.DEALER_HAND:
        assert isinstance(expected, DealerHandAnswer)
        return f"{expected.category} " + " ".join(str(card) for card in expected.cards)
    if kind is QuestionKind.QUALIFIES:
        return "y" if expected else "n"
    if kind is QuestionKind.PAYOUT:
        assert isinstance(expected, PayoutAnswer)
        if expected.outcome is Outcome.WIN:
            return f"${expected.amount}"
        return "p" if expected.outcome is Outcome.PUSH else "t"
    return str(expected)


def play_all_correct(qtbot: QtBot, main: MainWindow) -> None:
    state = main.state
    assert state is not None
    while state.current is not None:
        type_answer(qtbot, main, typed_form(state.current.kind, state.current.expected))


def test_all_correct_answers_through_the_keyboard_score_100_percent(
        qtbot: QtBot, window: MainWindow) -> None:
    window.next_hand()
    for _ in range(3):
        play_all_correct(qtbot, window)
        assert window.state is not None and window.state.finished
        assert window.panel.next_button.isDefault()
        qtbot.keyClick(window.panel.next_button, Qt.Key.Key_Return)
    summary = window.session.summary()
    assert summary.questions > 0
    assert summary.correct == summary.questions
    assert summary.percent == 100


def test_settle_example_round_with_one_wrong_payout(qtbot: QtBot, window: MainWindow) -> None:
    """The docs/settle-contract.md round: dealer ace high does not qualify; seat 2 folded with a
    Pocket Bonus (8s 3d loses it); seat 6's pair of aces wins; Pocket Bonus A pays
    30 to 1 on $5 = $150, which the trainee gets wrong."""
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    answers = [
        "high card As Kd Qs Jd 9c",  # the dealer's best five
        "n",                         # ace high does not qualify (docs/rules.md §3)
        "2",                         # folded seat with a side bet first (§7)
        "t", "t", "t",               # seat 2: ante, odds, pocket bonus all taken
        "one pair",                  # seat 6's hand
        "win",
        "p",                         # ante pushes: dealer does not qualify
        "30",                        # raise 1 to 1 on $30
        "p",                         # odds push: a win with less than a straight
        "t",                         # trips plus: a pair is not three of a kind
        "100",                       # WRONG: pocket bonus pays $150
    ]
    for text in answers:
        type_answer(qtbot, window, text)
    state = window.state
    assert state is not None and state.finished
    wrong = [grade for grade in state.grades if not grade.correct]
    assert [grade.question.id for grade in wrong] == ["seat-6-pocket-bonus"]
    assert "$150.00" in wrong[0].explanation
    assert "30 to 1" in wrong[0].explanation
    assert "$150.00" in window.panel.feedback.text()
    assert state.correct == len(answers) - 1


def test_bad_beat_round_pays_the_losing_straight_from_the_bad_beat_table(
        qtbot: QtBot, window: MainWindow) -> None:
    """Dealer royal flush beats the seat's queen-high straight: ante and raise lose,
    odds pay bad-beat table 4 straight 4 to 1 on $10 = $40 (docs/rules.md §4, §9)."""
    window.play_round(parse_round({
        "rules": "ny-2018", "dealer": ["Ah", "Kh"], "board": ["Th", "Jh", "Qh", "2c", "3d"],
        "seats": [{"seat": 3, "hole": ["9c", "8d"], "ante": "10", "odds": "10", "raise": "10"}],
    }))
    for text in ["royal flush Ah Kh Qh Jh Th", "y", "straight", "lose", "t", "t", "$40"]:
        type_answer(qtbot, window, text)
    state = window.state
    assert state is not None and state.finished
    assert state.correct == len(state.questions) == 7


@pytest.mark.parametrize(("typed", "complaint"), [
    ("abc", "abc"),
    ("7.555", "two decimals"),
    ("-5", "take"),
])
def test_invalid_payout_gets_an_inline_message_and_is_not_graded(
        qtbot: QtBot, window: MainWindow, typed: str, complaint: str) -> None:
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    for text in ["high card As Kd Qs Jd 9c", "n", "2"]:
        type_answer(qtbot, window, text)
    state = window.state
    assert state is not None and state.current is not None
    assert state.current.kind is QuestionKind.PAYOUT
    before = (state.index, len(state.grades))
    type_answer(qtbot, window, typed)
    assert (state.index, len(state.grades)) == before
    assert complaint in window.panel.error.text()
    type_answer(qtbot, window, "t")  # a valid answer clears the way
    assert state.index == before[0] + 1
    assert window.panel.error.text() == ""


def test_exam_mode_gives_no_feedback_until_the_end(qtbot: QtBot) -> None:
    main = MainWindow(TrainingSettings(seed=7, sound=False, exam_rounds=2), mode=Mode.EXAM)
    qtbot.addWidget(main)
    main.show()
    main.next_hand()
    for round_number in (1, 2):
        state = main.state
        assert state is not None
        while state.current is not None:
            type_answer(qtbot, main, typed_form(state.current.kind, state.current.expected))
            assert main.panel.feedback.text() == ""
        if round_number == 1:
            assert "Exam over" not in main.panel.hint.text()
            qtbot.keyClick(main.panel.next_button, Qt.Key.Key_Return)
    assert main.session.exam_finished
    assert "Exam over" in main.panel.hint.text()
    assert "(100.0%)" in main.panel.hint.text()  # every score to one decimal
    main.close()


def test_dealer_hand_can_be_picked_by_clicking_the_two_cards_that_do_not_play(
        qtbot: QtBot, window: MainWindow) -> None:
    window.play_round(parse_round(SETTLE_MD_EXAMPLE))
    table = window.table
    # Board 2c 7c 9c Jd Qs with As Kd: the 2c and 7c do not play.
    table.clear_dealer_card_selection()
    for item in table.pickable_card_items():
        if str(item.card) in {"2c", "7c"}:
            centre = table.mapFromScene(item.sceneBoundingRect().center())
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert sorted(str(c) for c in table.selected_dealer_cards()) == ["2c", "7c"]
    type_answer(qtbot, window, "high card")
    state = window.state
    assert state is not None and state.grades[0].correct
    assert state.grades[0].given.cards  # five cards recorded
