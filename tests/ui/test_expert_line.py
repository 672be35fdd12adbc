"""A whole seat typed in one line in the practice window (and a hand in the trainer's
own words), through the keyboard. Expected answers worked by hand from docs/rules.md."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_practice_loop import type_answer
from trainer.engine.round import parse_round
from trainer.selfcheck import settle_example
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(TrainingSettings(seed=20261125, sound=False))
    qtbot.addWidget(main)
    main.resize(1600, 900)
    main.show()
    yield main
    main.close()


def test_a_whole_seat_in_one_line_is_graded_part_by_part(
        qtbot: QtBot, window: MainWindow) -> None:
    """The settle contract's round: dealer As Kd on 2c 7c 9c Jd Qs, ace high, does not
    qualify. Seat 6's Ah Ad make a pair of aces and win: ante $10 pushes (dealer does
    not qualify), raise $30 pays 1 to 1, odds push (less than a straight), Trips Plus
    $5 is taken (a pair), Pocket Bonus A pays a pair of aces 30 to 1 on $5 = $150."""
    window.play_round(parse_round(settle_example()))
    for text in ["ace high As Kd Qs Jd 9c", "n", "2", "t", "t", "t", "pair of aces"]:
        type_answer(qtbot, window, text)
    state = window.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-6-result"
    graded = len(state.grades)

    type_answer(qtbot, window, "w p 30 p t 150 5")  # one part too many
    assert len(state.grades) == graded
    assert "7 answers" in window.panel.error.text()
    assert state.current.id == "seat-6-result"

    type_answer(qtbot, window, "w p 30 p t 150")
    assert state.finished
    line = state.grades[graded:]
    assert [grade.question.id for grade in line] == [
        "seat-6-result", "seat-6-ante", "seat-6-raise", "seat-6-odds", "seat-6-trips-plus",
        "seat-6-pocket-bonus"]
    assert all(grade.correct for grade in state.grades)
    assert len({grade.seconds for grade in line}) == 1  # an equal share each
    assert window.panel.error.text() == ""
