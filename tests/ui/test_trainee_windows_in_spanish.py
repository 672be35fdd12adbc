"""The trainee's windows in Spanish (issue 24): the practice window's exam verdicts, the
question before an exam is ended, the lock page, the score in the status bar, Settings,
Who is training? and the welcome (where the trainee chooses the language at first start,
the welcome changing to it at once). English is unchanged (tests elsewhere assert it)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from trainer.engine.settlement import Outcome
from trainer.i18n import current_language, set_language
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB
from trainer.storage.accounts import SignIn
from trainer.training.questions import DealerHandAnswer, PayoutAnswer, QuestionKind
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.first_run import WelcomeDialog
from trainer.ui.lock import refusal_text
from trainer.ui.main_window import MainWindow
from trainer.ui.profile_dialog import ProfileDialog
from trainer.ui.settings_dialog import SettingsDialog


def spanish_answer(kind: QuestionKind, expected: object) -> str:
    """What a trainee types in Spanish: s/n, g/p/e, e/c, an amount, a Spanish hand."""
    if kind is QuestionKind.DEALER_HAND:
        assert isinstance(expected, DealerHandAnswer)
        words = {"flush": "color", "full house": "full", "four of a kind": "póker"}
        name = words.get(str(expected.category), str(expected.category))
        return f"{name} " + " ".join(str(card) for card in expected.cards)
    if kind is QuestionKind.QUALIFIES:
        return "s" if expected else "n"
    if kind is QuestionKind.PAYOUT:
        assert isinstance(expected, PayoutAnswer)
        if expected.outcome is Outcome.WIN:
            return f"{expected.amount}"
        return "e" if expected.outcome is Outcome.PUSH else "c"
    if kind is QuestionKind.SEAT_RESULT:
        return {"win": "g", "lose": "p", "tie": "e"}.get(str(expected), str(expected))
    return str(expected)


def answer_round_in_spanish(window: MainWindow) -> None:
    state = window.state
    assert state is not None
    while state.current is not None:
        window.submit_answer(spanish_answer(state.current.kind, state.current.expected))


def test_a_station_exam_ends_with_its_verdict_in_spanish(
        qtbot: QtBot, spanish: None) -> None:
    window = MainWindow(TrainingSettings(sound=False, seed=5, exam_rounds=1))
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    state = window.state
    assert state is not None
    questions = len(state.questions)
    answer_round_in_spanish(window)
    hint = window.panel.hint.text()
    assert (f"Examen terminado \u2014 APROBADO: {questions} de {questions} correctas"
            in hint), hint
    assert "la nota de aprobado es 80%." in hint  # the station's pass mark, no site file
    assert ("Un examen del puesto, no registrado (no hay nadie identificado): no es un"
            " examen de instructor" in hint)
    assert "Pulse Intro o Ctrl+N para empezar un examen nuevo." in hint
    window.close()


def test_the_score_and_the_round_line_in_spanish(qtbot: QtBot, spanish: None) -> None:
    window = MainWindow(TrainingSettings(sound=False, seed=5))
    qtbot.addWidget(window)
    window.next_hand()
    state = window.state
    assert state is not None and state.current is not None
    window.submit_answer(spanish_answer(state.current.kind, state.current.expected))
    assert window.score_label.text().startswith("Nota 1/1 (")
    answer_round_in_spanish(window)
    hint = window.panel.hint.text()
    count = len(state.questions)
    assert f"{count} de {count} correctas en " in hint
    assert "Pulse Intro o Ctrl+N para la mano siguiente." in hint
    window.close()


def test_ending_an_exam_is_asked_in_spanish(
        qtbot: QtBot, spanish: None, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(TrainingSettings(seed=4, sound=False, exam_rounds=3))
    qtbot.addWidget(window)
    window.set_mode(Mode.EXAM)
    assert window.score_label.text() == "Examen: 0 respondidas"
    asked: list[tuple[str, str]] = []

    def question(_parent: object, title: str, text: str, *_args: object) -> object:
        asked.append((title, text))
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    window.set_mode(Mode.PRACTICE)
    assert asked == [("¿Terminar el examen?",
                      "Esto termina su examen (0 de 3 rondas respondidas). Su nota no se"
                      " guarda: un examen se aprueba solo cuando se responden todas sus"
                      " rondas.\n\n¿Terminar el examen?")]
    window.close()


def test_the_lock_page_in_spanish_names_the_trainee(
        qtbot: QtBot, spanish: None, db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    db.set_trainee_pin(ana, "471147")
    window = MainWindow(TrainingSettings(seed=3, sound=False), db=db, trainee_id=ana,
                        site=SiteConfig(trainee_pin=PinPolicy.OPTIONAL))
    qtbot.addWidget(window)
    window.next_hand()
    window.lock()
    page = window.lock_page
    assert page.title.text() == "Puesto bloqueado"
    assert page.explanation.text() == (
        "Ana lleva un rato sin usar el entrenador, o lo ha bloqueado. Ana: escriba su PIN"
        " o contraseña para seguir.")
    assert page.unlock_button.text() == "Desbloquear"
    page.secret_edit.setText("000000")
    page.try_unlock()
    assert page.message.text() == "PIN o contraseña incorrectos"
    window.close()


def test_work_my_mistakes_follows_sign_out_in_spanish(
        qtbot: QtBot, spanish: None, db: TrainerDB) -> None:
    """The Course menu's Work my mistakes is found by its Spanish name (it was looked for
    by its English text, so in Spanish it stayed enabled with nobody signed in)."""
    ana = db.create_trainee("Ana")
    window = MainWindow(TrainingSettings(seed=3, sound=False), db=db, trainee_id=ana)
    qtbot.addWidget(window)
    (mistakes,) = [act for act in window.findChildren(QAction)
                   if act.text() == "Repasar mis &errores"]
    assert mistakes.isEnabled()
    window.sign_out()
    assert not mistakes.isEnabled()
    assert window.lock_page.title.text() == "No hay nadie identificado"
    window.close()


def test_a_wait_after_wrong_tries_is_said_in_spanish(spanish: None) -> None:
    waiting = SignIn(accepted=False, checked=False, wait_seconds=29.2)
    assert refusal_text(waiting, "PIN incorrecto") == (
        "Demasiados intentos fallidos: espere 30 s y vuelva a intentarlo.")
    wrong = SignIn(accepted=False, checked=True, wait_seconds=4)
    assert refusal_text(wrong, "PIN incorrecto") == (
        "PIN incorrecto. Espere 4 s antes del siguiente intento.")
    set_language("en")
    assert refusal_text(wrong, "Wrong PIN") == "Wrong PIN. Wait 4 s before the next try."


def test_settings_in_spanish(qtbot: QtBot, spanish: None) -> None:
    dialog = SettingsDialog(TrainingSettings(rules="house"), rules_fixed=True)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Ajustes"
    assert dialog.sound.text() == "Sonido con una respuesta incorrecta"
    assert dialog.seats.specialValueText() == "de 1 a 6 al azar"
    assert dialog.rules.toolTip() == (
        "Fijado por el archivo del sitio de la sala de formación")
    assert "Las reglas y las tablas de pagos las fija la sala de formación." in (
        dialog.note.text())


def test_who_is_training_in_spanish(qtbot: QtBot, spanish: None, db: TrainerDB) -> None:
    db.create_trainee("Ana")
    dialog = ProfileDialog(db, policy=PinPolicy.REQUIRED)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "¿Quién entrena?"
    assert dialog.ok_button.text() == "Empezar a entrenar"
    assert dialog.choose_note.text() == (
        "La sala de formación exige un PIN: elija un PIN de al menos 6 cifras o una"
        " contraseña de al menos 6 caracteres. Lo escribirá cada vez que se identifique.")
    assert dialog.new_pin.placeholderText() == "PIN o contraseña"


def test_the_welcome_offers_the_language_and_changes_to_it_at_once(
        qtbot: QtBot, db: TrainerDB) -> None:
    assert current_language() == "en"
    welcome = WelcomeDialog(db)
    qtbot.addWidget(welcome)
    try:
        assert welcome.windowTitle() == "Welcome"
        assert welcome.language is None  # the one in force: nothing to keep
        names = [welcome.language_box.itemText(i)
                 for i in range(welcome.language_box.count())]
        assert names == ["English", "Español"]
        welcome.language_box.setCurrentIndex(welcome.language_box.findData("es"))
        assert current_language() == "es"  # the windows after it are in Spanish too
        assert welcome.language == "es"  # kept in the trainee's Settings
        assert welcome.windowTitle() == "Bienvenida"
        assert welcome.start_button.text() == "Crear y empezar a entrenar"
        assert welcome.name_edit.placeholderText() == "Su nombre"
        assert welcome.instructor_status.text().startswith(
            "Todavía no hay ningún instructor en este puesto.")
        welcome.start_button.click()
        assert welcome.error.text() == "Escriba primero su nombre."
        cancel = welcome.findChild(QDialogButtonBox).button(
            QDialogButtonBox.StandardButton.Cancel)
        assert cancel.text() == "Cancelar"
        welcome.language_box.setCurrentIndex(welcome.language_box.findData("en"))
        assert welcome.windowTitle() == "Welcome" and welcome.language is None
        assert welcome.start_button.text() == "Create and start training"
    finally:
        set_language("en")
