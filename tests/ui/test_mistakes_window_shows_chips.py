"""Spot the dealer's mistake with chips shown (issue 23, item 2): where the trainee pays
with chips, the window deals its exercises in the room's chips and its list names each
payout's chips, so a payout in the wrong chips can be seen, marked with its right amount
and found. Figures worked by hand in tests/training/test_chip_procedure_mistakes.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.training.test_chip_procedure_mistakes import ANTE_4, converted
from tests.ui.practice_support import signed_in_practice_window, the_one
from trainer.engine.chips import DEFAULT_CHIPS
from trainer.engine.round import Wager
from trainer.engine.rulesets import load_ruleset
from trainer.storage.database import TrainerDB, open_database
from trainer.training.mistake_catalogue import shipped_catalogue
from trainer.training.mistakes import Finding, Spot
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.mistakes_window import MistakesWindow


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MistakesWindow]:
    made = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1,
                          chips=DEFAULT_CHIPS)
    qtbot.addWidget(made)
    made.resize(1366, 768)
    made.show()
    made.show_exercise(converted())
    yield made
    made.close()


def dealer_column(window: MistakesWindow, spot: Spot) -> str:
    for row, shown in enumerate(window.model.rows()):
        if shown.spot == spot:
            return str(window.model.index(row, 3).data())
    raise KeyError(spot)


def test_the_list_names_each_payouts_chips_and_the_wrong_ones_are_found(
        qtbot: QtBot, window: MistakesWindow) -> None:
    assert dealer_column(window, ANTE_4) == "paid $25.00 in one green $25"
    assert dealer_column(window, Spot(6, Wager.ODDS)) == "paid $15.00 in three red $5"
    assert dealer_column(window, Spot(4, Wager.ODDS)) == "pushed"
    window.select_spot(ANTE_4)
    qtbot.keyClicks(window.field, "25")
    qtbot.keyClick(window.field, Qt.Key.Key_Return)
    window.finish()
    assert window.grade is not None
    assert [r.finding for r in window.grade.results] == [Finding.FOUND]
    assert "five red $5" in window.result.toPlainText()


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "station.sqlite3")
    yield database
    database.close()


@pytest.mark.parametrize("chip_mode", [True, False])
def test_the_practice_window_deals_in_chips_only_where_the_trainee_pays_with_chips(
        qtbot: QtBot, db: TrainerDB, chip_mode: bool) -> None:
    settings = TrainingSettings(sound=False, rules="ny-2018", chip_mode=chip_mode)
    with signed_in_practice_window(qtbot, db, settings, MistakesWindow) as main:
        assert isinstance(main, MainWindow)
        main.open_mistakes()
        window = the_one(main, MistakesWindow)
        assert window.chips == (main.site.chips if chip_mode else None)
        assert window.exercise is not None and window.exercise.chips == window.chips
