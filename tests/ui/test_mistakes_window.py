"""The minimal "Spot the dealer's mistake" window (issue 23, item 2): the dealer's
settlement drawn on the table and listed by spot, marks typed from the keyboard, Done
graded by training/mistakes.py and explained. Figures worked by hand in
tests/training/test_mistakes_injected_and_graded.py (the round QUALIFIES)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.training.test_mistakes_injected_and_graded import QUALIFIES
from trainer.engine.round import Wager, parse_round
from trainer.engine.rulesets import load_ruleset
from trainer.engine.settlement import Outcome, settle
from trainer.training.mistake_catalogue import MISTAKES_ENV, MistakeKind, shipped_catalogue
from trainer.training.mistakes import ORDER, Finding, Spot, inject, with_mistakes
from trainer.ui.mistakes_window import MistakesWindow, main

TP = Wager.TRIPS_PLUS


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MistakesWindow]:
    made = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
    qtbot.addWidget(made)
    made.resize(1366, 768)
    made.show()
    settlement = settle(parse_round(QUALIFIES))
    made.show_exercise(inject(settlement, shipped_catalogue().by_id("trips-plus-table-b"), 6))
    yield made
    made.close()


def row_of(window: MistakesWindow, spot: Spot) -> list[str]:
    for row, shown in enumerate(window.model.rows()):
        if shown.spot == spot:
            return [window.model.index(row, column).data() for column in range(5)]
    raise KeyError(spot)


def type_line(qtbot: QtBot, window: MistakesWindow, text: str) -> None:
    qtbot.keyClicks(window.field, text)
    qtbot.keyClick(window.field, Qt.Key.Key_Return)


def test_the_dealers_settlement_is_on_the_table_and_in_the_list(
        window: MistakesWindow) -> None:
    # seat 6's $5 Trips Plus on a flush: paid $30 from table B (table A pays $35)
    assert row_of(window, Spot(6, TP)) == ["6", "Trips Plus", "$5.00", "paid $30.00", ""]
    spot = window.table.spot_item(6, TP)
    assert (spot.outcome, spot.paid) == (Outcome.WIN, Decimal(30))
    assert row_of(window, ORDER) == ["", "Order", "", "1 6 4 3", ""]


def test_a_wrong_payout_marked_from_the_keyboard_is_found(
        qtbot: QtBot, window: MistakesWindow) -> None:
    window.field.setFocus()
    rows = [shown.spot for shown in window.model.rows()]
    for _ in range(rows.index(Spot(6, TP))):
        qtbot.keyClick(window.field, Qt.Key.Key_Down)
    assert window.selected_spot() == Spot(6, TP)
    type_line(qtbot, window, "seven")  # no amount: said, nothing marked
    assert window.error.text() and not window.marks
    window.field.clear()
    type_line(qtbot, window, "35")
    assert row_of(window, Spot(6, TP))[4] == "$35.00"
    qtbot.keyClick(window.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.grade is not None and window.grade.correct
    assert [r.finding for r in window.grade.results] == [Finding.FOUND]
    assert "1 of 1 wrong settlement found, 0 invented" in window.result.toPlainText()
    assert "(rules §5.)" in window.result.toPlainText()


def test_done_without_marks_is_all_correct_on_a_round_with_nothing_wrong(
        qtbot: QtBot, window: MistakesWindow) -> None:
    window.show_exercise(with_mistakes(settle(parse_round(QUALIFIES)), ()))
    window.done_button.click()
    assert window.grade is not None and window.grade.correct
    assert "All correct: the dealer settled every wager right." in window.result.toPlainText()


def test_the_order_is_marked_with_the_seats(qtbot: QtBot, window: MistakesWindow) -> None:
    window.select_spot(ORDER)
    window.field.setFocus()
    type_line(qtbot, window, "1 6 4 3")
    assert row_of(window, ORDER)[4] == "1 6 4 3"
    window.done_button.click()
    assert window.grade is not None
    assert {r.spot: r.finding for r in window.grade.results} == {
        ORDER: Finding.INVENTED, Spot(6, TP): Finding.MISSED}


def test_a_bad_house_catalogue_is_said_in_a_sentence_and_no_window_opens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ours.toml").write_text(
        '[[mistakes]]\nid = "ours"\nwhat = "x"\nrule = "§4"\nkind = "odds_paid"\n',
        encoding="utf-8")
    monkeypatch.setenv(MISTAKES_ENV, str(tmp_path))
    assert main([]) == 2
    assert capsys.readouterr().err == (
        f"hhe-trainer: {tmp_path / 'ours.toml'}:5: mistakes[1] ('ours').kind: 'odds_paid' is"
        f" not a mistake the trainer can make (known: {', '.join(MistakeKind)})\n")
