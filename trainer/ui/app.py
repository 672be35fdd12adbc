"""Start the trainer window (``hhe-trainer`` with no command, ``make run``).

Order of a start: read the training room's site file (a bad one is reported
and the defaults used) and put its data folder in force; open the log; install
the crash handler; open the database (never fails: a damaged one is set aside
and the window says so); create the site's instructor and exam when missing;
welcome a first run or ask who is training (with their PIN, under the site's
``[security]`` policy); then deal the first hand. While a site file is there
but unusable, no instructor set-up is offered to whoever sits down. At the
end, the station's results go to the site's results folder, if it names one.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
from typing import TYPE_CHECKING

from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.i18n import _
from trainer.paths import resource_dir, settings_path
from trainer.preferences import load_settings, save_settings
from trainer.unexpected_stop import check_previous_runs, mark_stopped

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from trainer.site_config import SiteConfig
    from trainer.storage.interfaces import StationFiles, Storage
    from trainer.ui.main_window import MainWindow
    from trainer.ui.room_status import RoomPresence

log = logging.getLogger("trainer.app")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
STARTUP_PROBE = "HHE_TRAINER_STARTUP_PROBE"
"""Set to 1, the app closes its first screen as soon as it is shown (benchmarks/bundle.py)."""


def _probe_first_screen(dialog: QDialog) -> None:
    """For the start-up benchmark: close the first screen once the event loop shows it."""
    from PySide6.QtCore import QTimer

    if os.environ.get(STARTUP_PROBE) == "1":
        QTimer.singleShot(0, dialog.reject)


def crash_context(window: MainWindow | None, site: SiteConfig) -> dict[str, str]:
    """What a crash report says besides the traceback: rule set, site file, places."""
    from trainer.logging_setup import log_path
    from trainer.paths import data_dir
    from trainer.ui.about import rule_set_text

    context = {"data folder": str(data_dir()), "log file": str(log_path()), "site": site.report}
    if window is not None:
        session = window.session
        context["rule set"] = rule_set_text(session.ruleset, session.settings.options)
        context["mode"] = window.mode.value
        context["trainee id"] = str(window.trainee_id)
    return context


def set_up_site(db: Storage, site: SiteConfig) -> list[str]:
    """Create the site's instructor and exam on this station when missing; notes for a person."""
    from trainer.site_config import create_site_instructor, ensure_site_exam
    from trainer.storage.models import StorageError

    notes = []
    try:
        created = create_site_instructor(db, site)
        if created:
            log.info("instructor %s created from the site file", created)
        ensure_site_exam(db, site)
    except StorageError as error:
        log.error("the site file's instructor or exam could not be set up: %s", error)
        notes.append(_("The training room's instructor or exam could not be set up"
                       " ({reason}).", reason=error))
    return notes


def lessons_notice() -> str | None:
    """What the person is told at start about the lessons: files left out of the course
    and lessons an instructor's file replaces (which file is used); None when all is plain."""
    from trainer.training.lessons import load_course

    try:
        load = load_course()
    except OSError as error:  # the data folder's lessons folder cannot be looked at
        return _("The instructor's lessons could not be looked for ({reason}).", reason=error)
    note = load.start_notice()
    if note is None:
        return None
    log.warning("lessons: %s", note.replace("\n", " "))
    return note + "\n\n" + _("Every other lesson of the course is there as usual.")


def export_station_results(db: StationFiles, site: SiteConfig) -> str | None:
    """Write the results file to the site's folder; a sentence for a person when it failed."""
    from trainer.site_config import export_results
    from trainer.storage.models import FILE_OR_STORAGE_ERRORS

    if site.results_folder is None:
        return None
    try:
        target = export_results(db, site)
    except FILE_OR_STORAGE_ERRORS as error:
        log.error("results not written to %s: %s", site.results_folder, error)
        return _("This station's results could not be written to {folder} ({reason})."
                 " They are safe on this station; they will be written next time.",
                 folder=site.results_folder, reason=error)
    log.info("results written to %s", target)
    return None


def run_app(rules: str | None = None) -> int:
    from trainer.system_libraries import missing_libraries_message

    missing = missing_libraries_message()
    if missing:  # Qt would abort with its own terse message
        print(missing, file=sys.stderr)
        return 1
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QMessageBox

    from trainer.i18n import current_language
    from trainer.logging_setup import qt_message_logger, setup_logging, stop_logging
    from trainer.site_config import (
        apply_data_folder,
        apply_language,
        apply_to_settings,
        instructor_setup_refusal,
        load_site_config,
    )
    from trainer.storage.database import open_database
    from trainer.storage.seal import replacement_notice
    from trainer.ui.about import TITLE
    from trainer.ui.crash import install_crash_handler
    from trainer.ui.first_run import WelcomeDialog, is_first_run
    from trainer.ui.main_window import MainWindow
    from trainer.ui.profile_dialog import ProfileDialog
    from trainer.ui.trainee_language import sign_in_language

    site = load_site_config()
    apply_data_folder(site)
    setup_logging()
    log.info("%s", site.report)
    unexpected_stops = check_previous_runs()

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv)
    app.setApplicationName("hhe-trainer")
    app.setApplicationDisplayName(TITLE)  # added after every window's own title
    icons = resource_dir("icons")
    icon = QIcon()
    for size in ICON_SIZES:
        if (icons / f"hhe-trainer-{size}.png").is_file():
            icon.addFile(str(icons / f"hhe-trainer-{size}.png"))
    app.setWindowIcon(icon)
    qInstallMessageHandler(qt_message_logger())  # type: ignore[arg-type]
    holder: dict[str, MainWindow] = {}
    crashes = install_crash_handler(lambda: crash_context(holder.get("window"), site))

    first_start = not settings_path().exists()
    settings, problem = load_settings()
    settings = apply_to_settings(settings, site, first_start=first_start)
    language_problem = apply_language(settings, site)  # before any window is made
    station_language = current_language()  # while nobody is signed in (issue 24)
    if rules:
        if site.rules is not None and not site.allow_station_rules:
            problem = _("--rules {rules}: the training room fixes the rule set ({fixed}).",
                        rules=rules, fixed=site.rules)
        else:
            try:
                load_ruleset(rules)
                settings = dataclasses.replace(settings, rules=rules, options={})
            except RuleSetError as error:
                problem = _("--rules: {reason}; using {rules}.", reason=error,
                            rules=settings.rules)
    db = open_database()
    for sentence in unexpected_stops:
        log.warning("%s", sentence)
        QMessageBox.warning(None, _("The trainer stopped unexpectedly"), sentence)
    if site.rejected is not None:
        log.warning("%s", site.report)
        QMessageBox.warning(None, _("Training-room site file"), site.report)
    if db.notice:
        QMessageBox.warning(None, _("Database"), db.notice)
    for kept_aside in side_files_at_start(db):  # before anything new is written
        QMessageBox.information(None, _("Answers kept aside"), kept_aside)
    room = start_room_sender(db, site)  # a thread of its own; never stops the trainer
    replaced_secret = replacement_notice(db.secret)
    if replaced_secret:
        log.warning("%s", replaced_secret)
        QMessageBox.warning(None, _("Station secret"), replaced_secret)
    if problem:
        QMessageBox.warning(None, _("Settings"), problem)
    from trainer.ui.qt_language import follow_language

    follow_language()  # Qt's own buttons (OK, Cancel, Yes, No) in the language in force
    if language_problem:
        log.warning("%s", language_problem)
        QMessageBox.warning(None, _("Language"), language_problem)
    for note in set_up_site(db, site):
        QMessageBox.warning(None, _("Training room"), note)
    lessons = lessons_notice()
    if lessons:
        QMessageBox.warning(None, "Lessons", lessons)

    if is_first_run(db):
        welcome = WelcomeDialog(db, site_note=site.report if site.path else None,
                                policy=site.trainee_pin, refusal=instructor_setup_refusal(site))
        _probe_first_screen(welcome)
        chosen = welcome.exec()
        trainee_id, wants_instructor = welcome.trainee_id, welcome.instructor_requested
        if welcome.four_colour:
            settings = dataclasses.replace(settings, four_colour=True)
        if welcome.language is not None and trainee_id is None:  # the station's own
            settings = dataclasses.replace(settings, language=welcome.language)
        elif welcome.language is not None and trainee_id is not None:  # the trainee's own
            keep_trainee_language(db, trainee_id, welcome.language)
        welcome.deleteLater()
    else:
        profile = ProfileDialog(db, policy=site.trainee_pin)
        _probe_first_screen(profile)
        chosen = profile.exec()
        trainee_id, wants_instructor = profile.trainee_id, profile.instructor_requested
        profile.deleteLater()
    if not chosen:
        trainee_id = None
    if trainee_id is None and not wants_instructor:
        stop_room_sender(room)
        db.close()
        crashes.uninstall()
        mark_stopped()
        stop_logging()
        return 0
    # The signed-in trainee's language (their own, else the room's), in force before the
    # window is built; the settings file's stays the station's, before anyone signs in.
    station_choice = settings.language
    if trainee_id is None:  # the welcome's choice, with no trainee, is the station's
        station_language = current_language()
    else:
        own, trainee_problem = sign_in_language(db, trainee_id, site)
        if trainee_problem:
            log.warning("%s", trainee_problem)
            QMessageBox.warning(None, _("Language"), trainee_problem)
        settings = dataclasses.replace(settings, language=own)
    window = MainWindow(settings, db=db, trainee_id=trainee_id, site=site,
                        station_language=station_language, station_choice=station_choice)
    holder["window"] = window
    follow_replacements(window, holder)
    if room is not None:
        window.attach_room(room)
    window.show()
    if wants_instructor:
        window.open_instructor_area()
    window.next_hand()
    code = app.exec()
    window = holder["window"]  # the last one, when a language change replaced it
    stop_room_sender(room)
    for title, problem in finish_session(window, db, site):
        QMessageBox.warning(None, title, problem)
    log.info("closed normally")
    crashes.uninstall()
    mark_stopped()
    stop_logging()
    return int(code)


def keep_trainee_language(db: Storage, trainee_id: int, language: str) -> None:
    """The language chosen on the welcome kept as the new trainee's own; a database that
    refuses it is said (the trainee then reads the room's language)."""
    from trainer.storage.models import StorageError

    try:
        db.set_trainee_language(trainee_id, language)
    except StorageError as error:
        log.error("the welcome's language was not kept: %s", error)
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(None, _("Language"), str(error))


def follow_replacements(window: MainWindow, holder: dict[str, MainWindow]) -> None:
    """``holder["window"]`` stays the practice window in use when a language change
    replaces one by another (:mod:`trainer.ui.trainee_language`)."""
    def replaced(new: MainWindow) -> None:
        holder["window"] = new
        new.replaced.connect(replaced)

    window.replaced.connect(replaced)


def start_room_sender(db: Storage, site: SiteConfig) -> RoomPresence | None:
    """With the site file's ``[room]``, the room's sender on this station's database (a
    thread of its own) and its status-bar label; None without ``[room]``. Nothing here
    waits on the network; what cannot be used is a sentence on the label. With a room,
    the room is the record: exams counting attempts then need it (``room_required``)."""
    db.room_required = site.room_database is not None
    if site.room_database is None:
        return None
    from trainer.storage.connection import MEMORY
    from trainer.ui.room_status import RoomPresence, start_room

    if db.path == MEMORY:
        log.error("room: nothing is sent: this station's database is not open")
        return RoomPresence(None, None, _("this station's database could not be opened"
                                          " (see the notice at start), so nothing is sent."))
    return start_room(site.room_database, site.room_credentials, db.path)


def stop_room_sender(room: RoomPresence | None) -> None:
    """Stop the room's sender at quit (a pass under way may finish, for a few seconds
    at most); the log says what still waits, kept on the station for next time."""
    if room is not None:
        room.stop()
        room.deleteLater()


def finish_session(window: MainWindow, db: Storage, site: SiteConfig) -> list[tuple[str, str]]:
    """At the end: settings saved, results exported, database closed; each tried whatever
    the others did. Returns (title, sentence) for each that failed."""
    problems = []
    waiting = waiting_at_the_end(db)
    if waiting:
        problems.append((_("Answers waiting"), waiting))
    # The settings file keeps the station's language; a trainee's is kept with them.
    unsaved = save_settings(dataclasses.replace(window.settings, language=window.station_choice))
    if unsaved:
        log.error("%s", unsaved)
        problems.append((_("Settings"), unsaved))
    failed = export_station_results(db, site)
    if failed:
        problems.append((_("Results folder"), failed))
    db.close()
    return problems


def side_files_at_start(db: Storage) -> list[str]:
    """The side files a previous quit kept while another program held this database
    (:func:`waiting_at_the_end`) added to the records, oldest first: a sentence for each,
    in the language in force. A refused file, or one the database is still too locked to
    take, stays where it is (tried again at the next start)."""
    from trainer.storage.connection import MEMORY
    from trainer.storage.models import StorageBusy, StorageError
    from trainer.storage.side_files import waiting_side_files
    from trainer.ui.waiting_notice import waiting_described

    if db.path == MEMORY:
        return []
    try:
        found = waiting_side_files(db.path)
    except OSError as error:
        log.error("side files not looked for: %s", error)
        return [_("The folder of answers kept aside beside {path} could not be looked at"
                  " ({reason}); they stay there and are tried again at the next start.",
                  path=db.path, reason=error)]
    sentences = []
    for path in found:
        try:
            merged = db.merge_side_file(path)
        except StorageBusy as error:
            log.warning("side file %s not merged, the database is locked: %s", path, error)
            sentences.append(_(
                "The answers kept aside in {side} could not be added to the records yet:"
                " another program still holds the database. The file stays where it is and"
                " is tried again at the next start.", side=path))
            continue
        except StorageError as error:
            log.error("side file %s refused: %s", path, error)
            sentences.append(_(
                "The answers kept aside in {side} were not added to the records: {reason}."
                " Nothing of it was written and the file is left where it is; tell your"
                " instructor or IT.", side=path, reason=error))
            continue
        log.info("side file %s merged (%s), now %s", path, dict(merged.kinds), merged.path)
        if merged.added:
            kept = merged.kept_at.astimezone()
            sentences.append(_(
                "{waiting} kept on {day} at {time} while another program held the database"
                " were added to the records.", waiting=waiting_described(merged.kinds),
                day=kept.strftime("%Y-%m-%d"), time=kept.strftime("%H:%M")))
    return sentences


def waiting_at_the_end(db: Storage) -> str | None:
    """Writes still waiting for a database another program keeps locked: tried for
    :data:`~trainer.storage.waiting.FINISH_WAIT` seconds, then kept in a side file. What
    happened, in a sentence (None when nothing waited or all were written)."""
    if not db.waiting:
        return None
    from trainer.storage.waiting import FINISH_WAIT
    from trainer.ui.waiting_notice import waiting_described

    log.warning("at the end, %s wait for the database's lock", db.waiting.described())
    what = waiting_described(db.waiting.kinds())  # said to a person: their language
    try:
        side = db.waiting.finish(FINISH_WAIT)
    except OSError as error:
        log.error("waiting writes could not be kept in a side file: %s", error)
        return _("{waiting} were waiting for the database {path}, which another program"
                 " kept locked, and they could not be kept in a side file either ({reason}):"
                 " they are lost. Tell your instructor.", waiting=what, path=db.path,
                 reason=error)
    if side is None:
        log.info("the waiting writes were written at the end")
        return None
    log.warning("waiting writes kept in %s", side)
    return _("{waiting} could not be written to the database {path}: another program kept"
             " it locked through {seconds} more seconds of trying at the end. They are not"
             " lost: they are kept, in order, in {side}. Tell your instructor or IT; the file"
             " lists each answer with the time it was given.", waiting=what, path=db.path,
             seconds=format(FINISH_WAIT, "g"), side=side)
