"""The progressive meter on the table is the station's (issue 12): it moves between rounds
only by the wagers' contributions ($0.25 each) and the pool's awards, carries across a change
of mode, and an exam deals its own pools (the same for every candidate)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from trainer.engine.round import Round, Wager
from trainer.engine.settlement import progressive_pool_paid
from trainer.training.progressive_meter import SEED
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.table.inscriptions import whole_dollars


def _pool(window: MainWindow) -> tuple[Round, Decimal]:
    state = window.state
    assert state is not None and state.settlement.round.progressive_pool is not None
    return state.settlement.round, state.settlement.round.progressive_pool


def _wagers(round_: Round) -> int:
    return sum(Wager.PROGRESSIVE in seat.side_bets for seat in round_.seats)


def test_the_meter_moves_only_by_contributions_and_awards(qtbot: QtBot) -> None:
    settings = TrainingSettings(rules="ny-2018", sound=False, seed=9,
                                side_bets=(Wager.PROGRESSIVE,))
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.next_hand()
    contributed = 0
    for _ in range(12):
        _, pool = _pool(window)
        assert window.table.meter_reading("progressive") == whole_dollars(pool)
        paid = progressive_pool_paid(window.state.settlement)  # type: ignore[union-attr]
        left = SEED if paid.emptied else pool - paid.amount
        window.next_hand()
        next_round, next_pool = _pool(window)
        assert next_pool == left + Decimal("0.25") * _wagers(next_round)
        contributed += _wagers(next_round)
    assert contributed > 0  # the rounds did carry progressive wagers
    window.close()


def test_the_meter_carries_across_modes_and_stays_out_of_an_exam(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    window = MainWindow(TrainingSettings(rules="ny-2018", sound=False, seed=4,
                                         side_bets=(Wager.PROGRESSIVE,)))
    qtbot.addWidget(window)
    kept = window.meter.amount
    window.set_mode(Mode.EXAM)
    assert window.session.meter is None
    window.set_mode(Mode.SPEED)
    _, pool = _pool(window)
    assert window.session.meter is window.meter
    assert pool == kept + Decimal("0.25") * _wagers(window.state.settlement.round)  # type: ignore[union-attr]
    window.close()


def test_the_course_tables_meter_is_the_practice_tables(qtbot: QtBot) -> None:
    """Issue 19, item 24: a lesson's drill rounds play against the station's meter, so
    the course window shows the pool the practice table shows (not one of its own)."""
    from trainer.ui.course import open_course

    settings = TrainingSettings(rules="ny-2018", sound=False, seed=9)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.next_hand()
    before = window.meter.amount
    course = open_course(window)
    course.open_lesson("hand-rankings")
    course.start_lesson_drill()
    state = course.drill.state
    assert state is not None
    dealt = state.settlement.round
    assert dealt.progressive_pool == before + Decimal("0.25") * _wagers(dealt)
    assert course.drill.table.meter_reading("progressive") == whole_dollars(
        dealt.progressive_pool)
    paid = progressive_pool_paid(state.settlement)
    assert window.meter.amount == (SEED if paid.emptied
                                   else dealt.progressive_pool - paid.amount)
    course.close()
