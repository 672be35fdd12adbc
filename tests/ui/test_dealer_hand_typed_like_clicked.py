"""Issue 19, items 19 and 20 at the window: typing the two cards that do not play is
graded as clicking them; a refusal goes once a card is picked; a pasted page is refused
in one short line and the field holds a bounded amount."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE, type_answer
from trainer.engine.round import parse_round
from trainer.training.answers import MAX_ANSWER_LENGTH
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(TrainingSettings(seed=3, sound=False))
    qtbot.addWidget(main)
    main.show()
    main.play_round(parse_round(SETTLE_MD_EXAMPLE))  # As Kd; 2c 7c 9c Jd Qs
    yield main
    main.close()


def _click(qtbot: QtBot, main: MainWindow, label: str) -> None:
    table = main.table
    item = next(i for i in table.pickable_card_items() if str(i.card) == label)
    centre = table.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def test_typing_the_two_cards_that_do_not_play_is_graded_right(
        qtbot: QtBot, window: MainWindow) -> None:
    type_answer(qtbot, window, "ace high 2c 7c")
    state = window.state
    assert state is not None and len(state.grades) == 1
    assert window.panel.error.text() == ""
    grade = state.grades[0]
    assert grade.correct
    assert [str(c) for c in grade.given.cards] == ["As", "Kd", "9c", "Jd", "Qs"]


def test_a_refusal_goes_when_a_card_is_picked(qtbot: QtBot, window: MainWindow) -> None:
    type_answer(qtbot, window, "ace high 2c")
    assert "1 card chosen" in window.panel.error.text()
    _click(qtbot, window, "2c")
    assert window.panel.error.text() == ""
    _click(qtbot, window, "7c")
    type_answer(qtbot, window, "ace high")
    state = window.state
    assert state is not None and state.grades[0].correct


def test_a_pasted_page_is_refused_in_one_short_line(qtbot: QtBot, window: MainWindow) -> None:
    field = window.panel.field
    assert field.maxLength() == 10 * MAX_ANSWER_LENGTH == 1000
    field.setText("x" * 10_000)  # a paste: the field keeps 1,000 characters
    assert len(field.text()) == 1000
    qtbot.keyClick(field, Qt.Key.Key_Return)
    state = window.state
    assert state is not None and state.grades == []  # nothing graded
    error = window.panel.error
    assert error.text() == ("The answer is too long: an answer is at most 100 characters."
                            " Nothing was graded; type it again.")
    assert error.sizeHint().width() <= window.panel.width()  # it wraps, nothing clipped


def test_the_hint_offers_typing_the_two_cards_that_do_not_play(window: MainWindow) -> None:
    assert "'ace high 2c 7c', the two that do not play" in window.panel.hint.text()
