"""Run the round in Spanish (issue 24): the window's title, the step line, the Accept and
Refuse buttons, a wrong step's feedback with the right answer in Spanish (not the English
kept in the record), the deal's choices, the round's end and the keys from the catalogue;
English is unchanged (tests/ui/test_procedure_window.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_procedure_window import make, press_right_answer
from trainer.engine.procedure import DealMethod
from trainer.training.procedure import StepKind
from trainer.ui.procedure_window import ProcedureWindow


def buttons(window: ProcedureWindow) -> list[str]:
    texts = []
    for index in range(window.choices.count()):
        item = window.choices.itemAt(index)
        widget = item.widget() if item is not None else None
        if widget is not None:  # the step's own: the last step's are taken out
            texts.append(widget.text())  # type: ignore[attr-defined]
    return texts


def test_the_first_step_is_asked_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = make(qtbot, DealMethod.MANUAL)
    assert window.run is not None
    total = len(window.run.round.steps)
    assert window.windowTitle().startswith("Llevar la ronda \u2014 ")
    assert window.windowTitle().endswith(", reparto a mano")
    assert window.stage.text().startswith(f"Paso 1 de {total} \u00b7 las apuestas \u00b7 ")
    assert window.stage.text().endswith(" s en esta ronda")
    assert buttons(window) == ["Aceptar (A)", "Rechazar (R)"]
    assert window.next_button.text() == "Ronda siguiente (Ctrl+N)"
    window.close()


def test_a_wrong_step_names_the_right_answer_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = make(qtbot, DealMethod.MANUAL)
    run = window.run
    assert run is not None
    first = run.current
    assert first is not None and first.kind is StepKind.WAGER
    qtbot.keyClick(window, Qt.Key.Key_R if first.expected else Qt.Key.Key_A)  # wrong
    right = "aceptar" if first.expected else "rechazar"
    lines = window.feedback.toPlainText().split("\n")
    assert lines[0] == f"Incorrecto: {first.prompt}"
    assert lines[1] == f"Lo correcto: {right}."
    # the record keeps the language-neutral English
    assert run.grades[0].expected_text == ("accept" if first.expected else "refuse")
    window.close()


def test_the_deal_and_the_end_of_the_round_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = make(qtbot, DealMethod.MANUAL)
    run = window.run
    assert run is not None
    while run.current is not None and run.current.kind is StepKind.WAGER:
        press_right_answer(qtbot, window)
    assert run.current is not None and run.current.kind is StepKind.DEAL
    shown = buttons(window)
    assert "Asiento 3 (3)" in shown and "El crupier (D)" in shown and "La mesa (B)" in shown
    total = len(run.round.steps)
    while run.current is not None:
        press_right_answer(qtbot, window)
    # the test's clock takes 2 s a step
    assert window.stage.text().startswith(
        f"Ronda terminada: {total} de {total} pasos correctos en {2 * total} s (las apuestas ")
    assert window.feedback.toPlainText() == "Todos los pasos correctos."
    window.open_help()  # on its own: the keys in the feedback
    assert window.feedback.toPlainText().startswith("Teclas: A aceptar, R rechazar; 1-6 un"
                                                    " asiento, D el crupier")
    window.close()
