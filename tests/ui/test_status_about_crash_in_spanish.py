"""The status bar's word on waiting answers, Help > About and the crash dialog in Spanish
(issue 24); the waiting writes are counted with each language's plurals (the line's kinds
are codes, never shown). English is unchanged (test_answers_wait_for_a_locked_database_
window, test_about, test_crash_dialog)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import cast

from pytestqt.qtbot import QtBot

from trainer import __version__
from trainer.engine.rulesets import load_ruleset
from trainer.storage.interfaces import WaitingQueue
from trainer.ui.about import AboutDialog
from trainer.ui.crash import CrashDialog
from trainer.ui.waiting_notice import waiting_described, waiting_sentence


class _Line:
    def __init__(self, kinds: dict[str, int]) -> None:
        self._kinds = Counter(kinds)

    def kinds(self) -> Counter[str]:
        return self._kinds


class _Db:
    def __init__(self, kinds: dict[str, int]) -> None:
        self.waiting = _Line(kinds)


def test_waiting_writes_counted_in_spanish(spanish: None) -> None:
    assert waiting_described({"round": 1, "answer": 3}) == "3 respuestas y 1 ronda"
    assert waiting_described({"answer": 1, "session end": 2, "round": 2}) == (
        "1 respuesta, 2 rondas y 2 finales de sesión")
    sentence = waiting_sentence(cast(WaitingQueue, _Db({"answer": 2})))
    assert sentence == ("La base de datos está ocupada (bloqueada por otro programa): 2"
                        " respuestas en espera, reintentando. No se pierde nada; siga.")


def test_waiting_writes_counted_in_english() -> None:
    assert waiting_described({"round": 1, "answer": 3}) == "3 answers and 1 round"
    assert waiting_described({"exam end": 1}) == "1 exam end"


def test_about_in_spanish(qtbot: QtBot, spanish: None) -> None:
    ruleset = load_ruleset("ny-2018")
    dialog = AboutDialog(ruleset, {})
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Acerca de"
    text = dialog.text()
    assert f"Versión: {__version__}" in text
    assert "Reglas en vigor: New York 2018 (ny-2018 v1); Trips Plus A, Pocket Bonus A," \
           " tabla de bad beat " in text
    assert "Carpeta de datos: " in text


def test_the_crash_dialog_in_spanish(qtbot: QtBot, spanish: None) -> None:
    dialog = CrashDialog("KeyError: 'seat 7'", Path("/tmp/crash-1.txt"))
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Algo ha fallado"
    message = dialog.message.text()
    assert ("El entrenador encontró un error inesperado y detuvo lo que estaba haciendo"
            " (KeyError: 'seat 7').") in message
    assert "Se ha guardado un informe como<br><b>/tmp/crash-1.txt</b>" in message
    assert [dialog.keep_button.text(), dialog.quit_button.text()] == [
        "Seguir", "Guardar y salir"]


class _Finishing(_Line):
    def __bool__(self) -> bool:
        return True

    def described(self) -> str:
        return "2 answers and 1 session end"  # storage's, for the log only

    def finish(self, _seconds: float) -> Path:
        return Path("/data/side/station.waiting-1.json")


class _FinishingDb:
    path = Path("/data/station.sqlite3")

    def __init__(self) -> None:
        self.waiting = _Finishing({"answer": 2, "session end": 1})


def test_answers_still_waiting_at_the_end_are_said_in_spanish(spanish: None) -> None:
    from trainer.storage.interfaces import Storage
    from trainer.storage.waiting import FINISH_WAIT
    from trainer.ui.app import waiting_at_the_end

    sentence = waiting_at_the_end(cast(Storage, _FinishingDb()))
    assert sentence == (
        "No se han podido escribir 2 respuestas y 1 fin de sesión en la base de datos"
        f" /data/station.sqlite3: otro programa la mantuvo bloqueada durante {FINISH_WAIT:g}"
        " segundos más de intentos al final. No se han perdido: se guardan, en orden, en"
        " /data/side/station.waiting-1.json. Avise a su instructor o a informática; el"
        " archivo lista cada respuesta con la hora en que se dio.")
