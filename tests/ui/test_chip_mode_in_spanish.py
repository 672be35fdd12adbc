"""Chip mode in Spanish (issue 24): the ante and raise are taken with the Spanish key c
(cobrar) and the Push/Take buttons, which type the trainee's language's keys, still push
and take. The round is tests/ui/test_chip_mode_window.py's, worked by hand there: the
dealer's royal flush beats seat 3's straight, so the ante and the raise ($10 each) are
taken, and the odds wager is paid by the bad-beat table."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from tests.ui.test_chip_mode_window import keys, make_window
from trainer.engine.settlement import Outcome
from trainer.i18n import set_language
from trainer.training.questions import PayoutAnswer
from trainer.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    set_language("es")
    main = make_window(qtbot)
    try:
        yield main
    finally:
        main.close()
        set_language("en")


def test_the_spanish_take_key_and_the_push_button_in_chip_mode(
        qtbot: QtBot, window: MainWindow) -> None:
    field = window.panel.field
    for text in ("escalera real Ah Kh Qh Jh Th", "s", "escalera", "p"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    keys(qtbot, window, "c")  # cobrar: the ante is taken
    state = window.state
    assert state is not None and state.current is not None
    assert state.current.id == "seat-3-raise"
    assert window.panel.error.text() == ""
    row = window.panel.quick_row
    buttons = {button.text(): button for button in
               (row.itemAt(i).widget() for i in range(row.count()))
               if isinstance(button, QPushButton)}
    buttons["Empate (E)"].click()  # a push of the raise: graded, and wrong
    ante, raise_ = state.grades[-2], state.grades[-1]
    assert (ante.question.id, ante.given, ante.correct) == (
        "seat-3-ante", PayoutAnswer(Outcome.LOSE, Decimal("10")), True)
    assert (raise_.question.id, raise_.given, raise_.correct) == (
        "seat-3-raise", PayoutAnswer(Outcome.PUSH, Decimal(0)), False)


def test_the_chip_hints_and_refusals_name_the_spanish_keys(
        qtbot: QtBot, window: MainWindow) -> None:
    """The hint of a payout being built and the refusal of nothing built name the keys
    that push and take in Spanish (E, C), never English's P and T (issue 24)."""
    field = window.panel.field
    for text in ("escalera real Ah Kh Qh Jh Th", "s", "escalera", "p"):
        field.clear()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    hint = window.panel.hint.text()
    assert hint.startswith("Monte el pago: las teclas 1-")
    assert hint.endswith("Intro paga, C cobra, E deja en empate.")
    assert field.placeholderText() == "Monte el pago con la bandeja"
    qtbot.keyClick(field, Qt.Key.Key_Return)  # Enter with nothing built: refused
    assert window.panel.error.text() == (
        "Todavía no hay nada montado: añada fichas de la bandeja (sus teclas o un clic),"
        " o pulse C para cobrar, E para dejar en empate.")
