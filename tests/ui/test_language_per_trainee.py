"""Language per person (issue 24, item 4): each trainee's language is kept with the
trainee, and the practice window takes it at sign-in and at a switch of trainee at the
lock, without a restart (a new window built in it takes the old one's place); a trainee
who never chose reads the room's (the site file's ``[language] default``); Settings'
choice is kept for the signed-in trainee; *Reports in* starts at the trainee's language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMenu
from pytestqt.qtbot import QtBot

from trainer.i18n import current_language, set_language
from trainer.site_config import SiteConfig
from trainer.storage import TrainerDB, open_database
from trainer.training.session import TrainingSettings
from trainer.ui.app import finish_session, keep_trainee_language
from trainer.ui.main_window import MainWindow
from trainer.ui.profile_dialog import ProfileDialog
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.settings_dialog import SettingsDialog
from trainer.ui.trainee_language import sign_in_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    set_language("en")
    try:
        yield
    finally:
        set_language("en")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "t.sqlite3", backup_on_session=False) as database:
        ana, ben = database.create_trainee("Ana"), database.create_trainee("Ben")
        database.create_trainee("Carla")  # never chooses
        database.set_trainee_language(ana, "es")
        database.set_trainee_language(ben, "en")
        yield database


def ids(db: TrainerDB) -> dict[str, int]:
    return {trainee.name: trainee.id for trainee in db.list_trainees()}


def game_menu(window: MainWindow) -> str:
    """The first menu's title: the window's language at a glance."""
    return window.menuBar().findChildren(QMenu)[0].title()


def signs_in(name: str) -> Callable[[QDialog], bool]:
    """A stand-in for the modal Who is training?: picks ``name`` (no PIN), OK."""
    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, ProfileDialog)
        assert dialog.select(name)
        dialog.accept()
        return True
    return run


class Station:
    """The practice window in use, following each replacement (as the app does)."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot = qtbot
        self.window = window
        self.replacements = 0
        self._follow(window)

    def _follow(self, window: MainWindow) -> None:
        self.qtbot.addWidget(window)
        window.replaced.connect(self._replaced)

    def _replaced(self, new: MainWindow) -> None:
        self.window = new
        self.replacements += 1
        self._follow(new)

    def switch_to(self, name: str) -> None:
        self.window._run_sign_in = signs_in(name)  # type: ignore[method-assign]
        self.window.lock()
        assert self.window.switch_trainee()  # the lock page's Switch trainee...


def station(qtbot: QtBot, db: TrainerDB, name: str, site: SiteConfig | None = None) -> Station:
    """The trainer as it starts: the trainee's language in force, then the window."""
    site = site or SiteConfig()
    own, problem = sign_in_language(db, ids(db)[name], site)
    assert problem is None
    window = MainWindow(TrainingSettings(seed=3, sound=False), db=db, trainee_id=ids(db)[name],
                        site=site, station_language="en")
    window.show()
    window.next_hand()
    assert window.settings.language == own
    return Station(qtbot, window)


def test_two_trainees_at_one_station_each_read_their_own_language(
        qtbot: QtBot, db: TrainerDB) -> None:
    at = station(qtbot, db, "Ben")
    assert game_menu(at.window) == "&Game" and current_language() == "en"
    at.switch_to("Ana")  # at the lock: Ana reads Spanish, no restart
    assert at.replacements == 1
    assert current_language() == "es"
    assert game_menu(at.window) == "&Juego"
    assert at.window.trainee_id == ids(db)["Ana"]
    assert at.window.state is not None  # a hand dealt for Ana
    assert at.window.windowTitle().startswith("Ana \u2014 ")
    # Ben's session ended when his window closed; Ana's is the only one open.
    assert [row[0] for row in db.conn.execute(
        "SELECT trainee_id FROM sessions WHERE ended IS NULL")] == [ids(db)["Ana"]]
    at.switch_to("Ben")
    assert at.replacements == 2
    assert game_menu(at.window) == "&Game" and current_language() == "en"


def test_a_trainee_reading_the_same_language_keeps_the_window(
        qtbot: QtBot, db: TrainerDB) -> None:
    at = station(qtbot, db, "Ben")
    first = at.window
    at.switch_to("Carla")  # never chose, no room's language: English, as Ben
    assert at.replacements == 0 and at.window is first
    assert at.window.trainee_id == ids(db)["Carla"]


def test_a_trainee_who_never_chose_reads_the_rooms_language(
        qtbot: QtBot, db: TrainerDB) -> None:
    room = SiteConfig(language="es")
    at = station(qtbot, db, "Carla", room)
    assert current_language() == "es" and game_menu(at.window) == "&Juego"
    at.switch_to("Ben")  # Ben chose English: the room's default is not his
    assert game_menu(at.window) == "&Game"
    at.window.sign_out()  # nobody: the station's language again
    assert at.window.trainee_id is None
    assert at.window.lock_page.title.text() == "Nobody is signed in"


def test_the_choice_in_settings_is_kept_for_the_trainee_and_shown_at_once(
        qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with open_database(path, backup_on_session=False) as db:
        carla = db.create_trainee("Carla")
        at = station(qtbot, db, "Carla")
        dialog = SettingsDialog(at.window.settings, trainee="Carla")
        qtbot.addWidget(dialog)
        assert dialog.language.currentData() is None  # the room's, until she chooses
        assert dialog.language_note.text() == (
            "Kept for Carla at this station; the trainer changes to it at once.")
        dialog.language.setCurrentIndex(dialog.language.findData("es"))
        assert at.window.choose_language(dialog.result_settings().language)
        assert at.replacements == 1 and game_menu(at.window) == "&Juego"
        assert at.window.settings.language == "es"
        at.window.close()
    set_language("en")
    with open_database(path, backup_on_session=False) as db:  # the trainer started again
        assert db.trainee_language(carla) == "es"
        own, problem = sign_in_language(db, carla, SiteConfig())
        assert (own, problem, current_language()) == ("es", None, "es")


def test_a_kept_language_that_lost_its_catalogue_is_said_and_english_shown(
        db: TrainerDB) -> None:
    carla = ids(db)["Carla"]
    db.conn.execute("INSERT INTO meta (key, value) VALUES (?, 'fr')",
                    ("trainee_language:" + db.get_trainee(carla).uid,))  # type: ignore[union-attr]
    own, problem = sign_in_language(db, carla, SiteConfig(language="es"))
    assert own == "fr" and current_language() == "en"
    assert problem is not None and '"fr" has no catalogue here' in problem
    assert problem.endswith("The trainer is shown in English.")


def test_reports_in_starts_at_each_trainees_language(qtbot: QtBot, db: TrainerDB) -> None:
    dashboard = InstructorDashboard(db)
    qtbot.addWidget(dashboard)
    dashboard.room_language = "es"
    assert dashboard.select_trainee(ids(db)["Ana"])
    assert dashboard.report_language() == "es"  # Ana's certificate in Spanish
    assert dashboard.select_trainee(ids(db)["Ben"])
    assert dashboard.report_language() == "en"
    assert dashboard.select_trainee(ids(db)["Carla"])
    assert dashboard.report_language() == "es"  # never chose: the room's
    # The instructor may still choose another for the same trainee.
    dashboard.report_language_combo.setCurrentIndex(
        dashboard.report_language_combo.findData("en"))
    dashboard.open_trainee(ids(db)["Carla"])
    assert dashboard.report_language() == "en"


def test_the_settings_note_names_the_trainee_in_spanish(qtbot: QtBot) -> None:
    set_language("es")
    dialog = SettingsDialog(TrainingSettings(language="es"), trainee="Ana")
    qtbot.addWidget(dialog)
    assert dialog.language.currentText() == "Español"
    assert dialog.language_note.text() == (
        "Se guarda para Ana en este puesto; el entrenador cambia a él en el acto.")


def test_the_settings_file_keeps_the_stations_language_not_the_trainees(
        qtbot: QtBot, db: TrainerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana reads Spanish, kept with her; at the end the settings file keeps the station's
    own choice (none here), so the next person is not shown Ana's language."""
    saved: list[TrainingSettings] = []
    monkeypatch.setattr("trainer.ui.app.save_settings",
                        lambda settings: saved.append(settings))
    at = station(qtbot, db, "Ana")
    assert at.window.settings.language == "es"
    at.window.close()
    finish_session(at.window, db, SiteConfig())
    assert [settings.language for settings in saved] == [None]


def test_the_welcomes_language_is_kept_as_the_new_trainees(db: TrainerDB) -> None:
    carla = ids(db)["Carla"]
    keep_trainee_language(db, carla, "es")
    assert db.trainee_language(carla) == "es"
