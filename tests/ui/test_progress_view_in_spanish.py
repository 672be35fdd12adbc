"""A trainee's progress page, its history chart and the instructor's sign-in read in
Spanish from the catalogue (issue 24); English (the default) as before."""

from __future__ import annotations

from datetime import date

from pytestqt.qtbot import QtBot

from trainer.storage import TrainerDB
from trainer.ui.progress.charts import day_label, target_legend
from trainer.ui.progress.progress_view import ProgressView
from trainer.ui.progress.sign_in import InstructorSignInDialog


def test_the_progress_page_and_sign_in_read_in_spanish(
    qtbot: QtBot, db: TrainerDB, spanish: None
) -> None:
    view = ProgressView(db, db.create_trainee("Nueva"))
    qtbot.addWidget(view)
    assert view.subtitle.text() == "A\u00fan no hay respuestas: reparta una ronda para empezar."
    assert view.best_tile.findChildren(type(view.title))[-1].text() == "mejor racha"
    assert day_label(date(2026, 3, 2)) == "2 mar"
    assert target_legend() == "Objetivo: dominada necesita 95% de aciertos"
    dialog = InstructorSignInDialog(db)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Crear el primer instructor"
    dialog.name_edit.setText("")
    dialog.accept()
    assert dialog.message.text() == "Escriba el nombre del instructor."


def test_the_progress_page_still_reads_in_english(qtbot: QtBot, db: TrainerDB) -> None:
    view = ProgressView(db, db.create_trainee("New"))
    qtbot.addWidget(view)
    assert view.subtitle.text() == "No answers yet: deal a round to start."
    assert day_label(date(2026, 3, 2)) == "Mar 2"
    assert target_legend() == "Target: mastered needs 95% correct"
