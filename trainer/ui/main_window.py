"""The trainee's window: the table on the left, the answer panel on the right.

It shows what the training session deals and asks, passes every answer to
the session to grade (it computes no payout itself) and, with a database,
keeps every round and answer the moment they happen.

Who is training can change without quitting (Game > Switch trainee, Sign
out: the running session ends and its recorder closes; an exam asks first).
After the site's ``idle_lock_minutes`` untouched, the window is covered by a
lock page (:mod:`trainer.ui.lock`) that takes the trainee's PIN or offers to
switch trainee: nothing can be answered or opened while it shows, the
trainee's other windows are closed, and a running exam's clock keeps running.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QFontInfo, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.round import Round, RoundError
from trainer.engine.rulesets import RuleSetError
from trainer.exam_setup import station_exam_pass_mark
from trainer.i18n import N_, _, current_language, in_room_format, ngettext
from trainer.reports.text import score_text
from trainer.site_config import (
    PinPolicy,
    SiteConfig,
    apply_to_settings,
    ensure_site_exam,
    language_for,
    put_language_in_force,
)
from trainer.storage.interfaces import Storage
from trainer.storage.models import Exam, ExamConfig, Mistake, StationExam, StorageError
from trainer.training.grading import Grade
from trainer.training.progressive_meter import ProgressiveMeter
from trainer.training.recorder import SessionRecorder
from trainer.training.session import (
    Mode,
    RoundState,
    SessionError,
    TrainingSession,
    TrainingSettings,
    deals_alike,
    exam_settings,
)
from trainer.ui.about import TITLE
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.keys import action, shortcut
from trainer.ui.lock import Clock, IdleWatcher, LockPage, system_clock
from trainer.ui.round_controller import RoundController, table_beside_panel
from trainer.ui.table.rack import ChipRack
from trainer.ui.table.view import TableView
from trainer.ui.waiting_notice import WaitingNotice
from trainer.ui.window_fit import fit_window, remember_window

if TYPE_CHECKING:
    from trainer.ui.help_window import HelpWindow
    from trainer.ui.instructor_area import InstructorArea
    from trainer.ui.profile_dialog import ProfileDialog
    from trainer.ui.room_status import RoomPresence

MODE_HELP = {
    Mode.PRACTICE: N_("Practice: feedback after each answer."),
    Mode.SPEED: N_("Speed: timed; feedback at the end of the round."),
    Mode.EXAM: N_("Exam: a fixed number of rounds, no feedback until the end."),
}
"""Each mode's status tip, marked for the catalogue (translated where shown)."""
MODE_NAMES = {
    Mode.PRACTICE: N_("Practice mode"),
    Mode.SPEED: N_("Speed mode"),
    Mode.EXAM: N_("Exam mode"),
}


log = logging.getLogger("trainer.ui")



READABLE_SHEET_EMS = 30
"""The narrowest F1 sheet, in text heights: keys and their meanings still on few lines."""


def place_beside(window: QWidget, main: QWidget, board: QWidget) -> None:
    """Put ``window`` beside ``main`` on its screen, at its own size (its text scales
    with the screen): to its right, else to its left; when neither side has room (a
    window filling the screen), over ``main`` right of the ``board`` (the answer panel),
    narrowed to the room between the board and the screen's right edge when that room
    still reads well (:data:`READABLE_SHEET_EMS`), so the board stays in view; against
    the screen's right edge at its own size otherwise."""
    screen = main.screen().availableGeometry()
    frame = main.frameGeometry()
    width = window.frameGeometry().width()
    if screen.right() - frame.right() >= width:
        x = frame.right() + 1
    elif frame.left() - screen.left() >= width:
        x = frame.left() - width
    else:
        board_right = board.mapToGlobal(board.rect().topRight()).x()
        room = screen.right() - board_right
        decoration = width - window.width()
        ems = QFontInfo(window.font()).pixelSize()
        narrowest = max(window.minimumSizeHint().width(), READABLE_SHEET_EMS * ems) + decoration
        if narrowest <= room < width:
            width = room
            window.resize(width - decoration, window.height())
        x = max(screen.left(), min(board_right + 1, screen.right() - width + 1))
    window.move(x, max(screen.top(), frame.top()))


def _exam_over(passed: bool, correct: int, questions: int, score: str,
               mark: float) -> str:
    """The exam's verdict against its pass mark, one sentence per verdict."""
    if passed:
        return _("Exam over \u2014 PASSED: {correct} of {questions} correct ({score}); the"
                 " pass mark is {mark}%.", correct=correct, questions=questions, score=score,
                 mark=format(mark, "g"))
    return _("Exam over \u2014 FAILED: {correct} of {questions} correct ({score}); the pass"
             " mark is {mark}%.", correct=correct, questions=questions, score=score,
             mark=format(mark, "g"))


class _Cancelled:
    """The trainee cancelled the "Which exam?" picker: nothing changes."""


CANCELLED = _Cancelled()


class MainWindow(QMainWindow):
    roundReady = Signal()
    """A new hand is on the table and the first question is waiting for input."""
    replaced = Signal(object)
    """This window gave way to a new one (the argument) built in another language: the
    next person to sign in reads another (:mod:`trainer.ui.trainee_language`)."""

    def __init__(
        self,
        settings: TrainingSettings | None = None,
        mode: Mode = Mode.PRACTICE,
        parent: QWidget | None = None,
        *,
        db: Storage | None = None,
        trainee_id: int | None = None,
        site: SiteConfig | None = None,
        station_language: str | None = None,
        station_choice: str | None = None,
    ) -> None:
        """``settings.language``: the signed-in trainee's own language (None: the
        room's); ``station_language``: the language in force while nobody is signed in
        (by default the one in force now); ``station_choice``: the settings file's
        language, the station's own, kept there (issue 24)."""
        super().__init__(parent)
        self.site = site or SiteConfig()
        self.settings = settings or TrainingSettings()
        self.station_language = station_language or current_language()
        self.station_choice = station_choice
        if db is not None and trainee_id is not None:  # Settings shows the trainee's own
            from trainer.ui.trainee_language import own_language

            self.settings = replace(self.settings, language=own_language(db, trainee_id))
        self.mode = mode
        self.db = db
        self.trainee_id = trainee_id
        self.exam_config: ExamConfig | None = None
        self._settings_waiting = False
        """Settings that shape rounds changed mid-hand: the next hand starts a session."""
        self._round_seconds: float | None = None
        """The last finished round's time (None while a round is asked)."""
        self._quit_confirmed = False
        self.help_window: HelpWindow | None = None
        self.meter = ProgressiveMeter.started(random.Random())
        """The station's progressive meter, carried across sessions (not into an exam)."""
        self._exam_deadline = QTimer(self)
        self._exam_deadline.setSingleShot(True)
        self._exam_deadline.timeout.connect(self._exam_time_up)
        self._title_for(trainee_id)

        self.table = TableView()
        self.table.set_four_colour(self.settings.four_colour)
        self.panel = AnswerPanel()
        self.chip_rack = ChipRack()
        """Chip mode's rack under the table (hidden while payouts are typed)."""
        self.chip_rack.setVisible(False)
        # The trainer on one page, the lock (or "nobody is signed in") on the other.
        self.clock: Clock = system_clock
        self.instructor_area: InstructorArea | None = None
        self.room: RoomPresence | None = None
        """The training room's database (a site file's ``[room]``): see :meth:`attach_room`."""
        self._stack = QStackedWidget()
        self._stack.addWidget(table_beside_panel(self.table, self.panel, self.chip_rack))
        self.lock_page = LockPage()
        self.lock_page.unlocked.connect(self.unlock)
        self._lock_switch = self.lock_page.add_button(_("Switch trainee\u2026"), "lock_switch",
                                                      self.switch_trainee)
        self.lock_page.add_button(_("Quit"), "lock_quit", self.quit)
        self._stack.addWidget(self.lock_page)
        self.setCentralWidget(self._stack)
        self._disabled_while_locked: list[QAction] = []
        self.idle = IdleWatcher(self, self.site.idle_lock_minutes)
        self.idle.idle.connect(self.lock)

        self.clock_label = QLabel()
        self.score_label = QLabel()
        self.statusBar().addPermanentWidget(self.score_label)
        self.statusBar().addPermanentWidget(self.clock_label)
        # Answers waiting for a database another program keeps locked: said and retried.
        self.waiting_notice = (WaitingNotice(self.db, self.statusBar(), self)
                               if self.db is not None else None)
        self._round_timer = QElapsedTimer()
        self._exam_timer = QElapsedTimer()
        self._tick = QTimer(self)
        self._tick.setInterval(200)
        self._tick.timeout.connect(self._update_clock)

        self.rounds = RoundController(self.table, self.panel, self, position=self._position)
        self.rounds.answered.connect(self._answered)
        self.rounds.roundFinished.connect(self._finish_round)
        self.rounds.storageFailed.connect(self._storage_problem)
        self.chip_rack.chipClicked.connect(self.rounds.add_chip)
        self.chip_rack.drop_target = self.table  # a chip dragged onto the table is paid
        self.session = self._new_session(mode)
        self.panel.nextHandRequested.connect(self.next_hand)
        self.panel.roundChosen.connect(self._show_exam_round)
        self._build_menus()
        for menu in self.menuBar().findChildren(QMenu):
            # Escape leaves a menu but not the menu bar: Enter would open the menu again.
            menu.aboutToHide.connect(lambda: QTimer.singleShot(0, self.panel.take_focus))
        fit_window(self, "practice", QSize(1600, 900))
        if self.db is not None and self.trainee_id is not None:
            self.idle.start()

    # --- menus -----------------------------------------------------------------

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu(_("&Game"))
        game.addAction(action(_("&Next hand"), self, self.next_hand, "Ctrl+N"))
        game.addSeparator()
        group = QActionGroup(self)
        self.mode_actions: dict[Mode, QAction] = {}
        for mode in Mode:
            choice = action(_(MODE_NAMES[mode]), self, partial(self.set_mode, mode),
                            checkable=True)
            choice.setChecked(mode is self.mode)
            choice.setStatusTip(_(MODE_HELP[mode]))
            group.addAction(choice)
            game.addAction(choice)
            self.mode_actions[mode] = choice
        spot = action(_("Spot the &dealer's mistake\u2026"), self, self.open_mistakes,
                      "Ctrl+Shift+M")
        spot.setStatusTip(_("Rounds settled by a dealer, with 0-2 mistakes to mark and correct"))
        game.addAction(spot)
        run = action(_("&Run the round\u2026"), self, self.open_procedure, "Ctrl+Shift+R")
        run.setStatusTip(_("Deal a whole round step by step, from the first wager to the"
                           " cleared table, each step graded"))
        game.addAction(run)
        game.addSeparator()
        game.addAction(action(_("&Settings\u2026"), self, self.open_settings, "Ctrl+,"))
        game.addSeparator()
        if self.db is not None:
            game.addAction(action(_("S&witch trainee\u2026"), self, self.switch_trainee,
                                  "Ctrl+Shift+T"))
            game.addAction(action(_("&Lock the station"), self, self.lock, "Ctrl+Shift+L"))
            game.addAction(action(_("Sign &out"), self, self.sign_out, "Ctrl+Shift+Q"))
            game.addSeparator()
        game.addAction(action(_("&Quit"), self, self.quit, "Ctrl+Q"))
        if self.db is not None:
            records = self.menuBar().addMenu(_("&Progress"))
            mine = action(_("&My progress"), self, self.open_progress, "Ctrl+P")
            mine.setEnabled(self.trainee_id is not None)
            self.progress_action = mine
            records.addAction(mine)
            records.addAction(action(_("&Instructor area\u2026"), self,
                                     self.open_instructor_area))
        from trainer.ui.course import add_course_menu  # Course: lessons, drills, mistakes

        add_course_menu(self)
        help_menu = self.menuBar().addMenu(_("&Help"))
        help_menu.addAction(action(_("&Keys and rules at this table"), self, self.open_help,
                                   QKeySequence.StandardKey.HelpContents))
        help_menu.addAction(action(_("&About"), self, self._about))

    def open_help(self, over: QWidget | None = None) -> None:
        """F1: the keys and the rules in force, in a window beside the table (first
        opened beside this window, never over the board; where it is moved, it stays).
        ``over``: a modal window F1 was pressed in (My progress), which gets its own."""
        from trainer.ui.help_window import HelpWindow

        round_ = self.state.round if self.state is not None else None
        actions = [a for menu in self.menuBar().findChildren(QMenu) for a in menu.actions()]
        if over is not None and over.isModal():  # the table's help would be blocked
            sheet = HelpWindow(actions, round_, over)
            sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            sheet.show()
            return
        created = self.help_window is None
        if self.help_window is None:
            self.help_window = HelpWindow(actions, round_, self)
        else:
            self.help_window.show_rules(round_)
        self.help_window.show()
        if created:  # placed once shown (its frame known); moved by the trainee, it stays
            place_beside(self.help_window, self, self.table)
        self.help_window.raise_()

    def _about(self) -> None:
        self.about_dialog().exec()

    def about_dialog(self) -> QDialog:
        """Help > About: version, the rule set in force, where things are kept."""
        from trainer.ui.about import AboutDialog

        dialog = AboutDialog(
            self.session.ruleset, self.session.settings.options, self.site, self
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return dialog

    def exam_running(self) -> bool:
        """An exam is under way: dealt, and not yet over."""
        return (self.mode is Mode.EXAM and self.session.current_round is not None
                and not self.session.exam_finished)

    def confirm_leaving_exam(self) -> bool:
        """Ask before anything ends a running exam; True to go ahead (nothing running too)."""
        if not self.exam_running():
            return True
        played = self.session.rounds_played
        rounds = self.session.settings.exam_rounds
        if self.recorder is not None and self.recorder.exam is not None:
            asked = _("This ends your exam ({played} of {rounds} rounds answered). It is"
                      " recorded as not passed: an exam passes only when every round is"
                      " answered.", played=played, rounds=rounds)
        else:
            asked = _("This ends your exam ({played} of {rounds} rounds answered). Its"
                      " score is not kept: an exam passes only when every round is"
                      " answered.", played=played, rounds=rounds)
        answer = QMessageBox.question(
            self, _("End the exam?"), asked + "\n\n" + _("End the exam?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def open_mistakes(self, exam_config: ExamConfig | None = None) -> None:
        """Game > Spot the dealer's mistake: its own window, kept as the signed-in
        trainee's answers (an instructor's exam of dealer's mistakes with ``exam_config``)."""
        from trainer.ui.mistakes_window import open_mistakes

        open_mistakes(self, self.settings, exam_config, db=self.db,
                      trainee_id=self.trainee_id, committed=self._record_committed,
                      chips=self.site.chips)

    def open_procedure(self, exam_config: ExamConfig | None = None) -> None:
        """Game > Run the round: its own window at the table of the trainee's Settings,
        the house's pace and deal, every step kept as the signed-in trainee's answers (an
        instructor's table test with ``exam_config``)."""
        from trainer.ui.procedure_window import open_procedure

        procedure = self.site.procedure
        open_procedure(self, self.settings, target=procedure.rounds_per_hour,
                       method=procedure.deal, exam_config=exam_config, db=self.db,
                       trainee_id=self.trainee_id, committed=self._record_committed)

    def open_settings(self) -> None:
        from trainer.ui.settings_dialog import SettingsDialog

        ending_exam = self.exam_running()
        if not self.confirm_leaving_exam():
            return

        site = self.site
        dialog = SettingsDialog(
            self.settings,
            self,
            rules_fixed=site.rules is not None and not site.allow_station_rules,
            exam_fixed=site.exam is not None and not site.allow_station_exam,
            trainee=self._trainee_name(),
        )
        if dialog.exec():
            chosen = dialog.result_settings()
            language_changed = chosen.language != self.settings.language
            self.apply_settings(chosen, new_round=ending_exam)
            if language_changed:
                self.choose_language(chosen.language)
        dialog.deleteLater()

    # --- the language: the signed-in trainee's (issue 24) -----------------------------

    def _trainee_name(self) -> str | None:
        """The signed-in trainee's name (None: nobody, or no database)."""
        if self.db is None or self.trainee_id is None:
            return None
        trainee = self.db.get_trainee(self.trainee_id)
        return None if trainee is None else trainee.name

    def choose_language(self, language: str | None) -> bool:
        """Settings' language: kept with the signed-in trainee (None: the room's), or
        the station's own with nobody signed in; the window follows at once. False when
        it could not be kept (said in a message box)."""
        if self.db is not None and self.trainee_id is not None:
            try:
                self.db.set_trainee_language(self.trainee_id, language)
            except StorageError as error:
                QMessageBox.warning(self, _("Language"), str(error))
                return False
        else:
            self.station_choice = language
            self.station_language = language_for(language, self.site)
        self.settings = replace(self.settings, language=language)
        self._follow_language()
        return True

    def _follow_language(self) -> bool:
        """Put the signed-in trainee's language in force (their own, else the room's;
        with nobody signed in, the station's); True when another language was needed and
        a new window, built in it, took this one's place (:meth:`replaced`)."""
        from trainer.ui.qt_language import follow_language
        from trainer.ui.trainee_language import own_language, rebuilt

        if self.trainee_id is None:
            wanted = self.station_language
        else:
            own = own_language(self.db, self.trainee_id)
            self.settings = replace(self.settings, language=own)
            wanted = language_for(own, self.site)
        if wanted == current_language():
            return False
        problem = put_language_in_force(wanted)
        follow_language()
        new = rebuilt(self)
        if problem:
            log.warning("%s", problem)
            QMessageBox.warning(new, _("Language"), problem)
        return True

    def open_progress(self) -> None:
        """The trainee's own records only (never another trainee's)."""
        dialog = self.progress_dialog()
        if dialog is None:
            return
        fit_window(dialog, "progress", QSize(1400, 860))
        dialog.exec()
        remember_window(dialog, "progress")
        dialog.deleteLater()

    def progress_dialog(self) -> QDialog | None:
        """My progress: the trainee's figures, and their exams (score, set-up, attempt)."""
        from trainer.ui.progress.progress_view import ProgressView
        from trainer.ui.progress.trainee_page import ExamsTable
        from trainer.ui.station_exams import StationExamsView

        if self.db is None or self.trainee_id is None:
            return None
        dialog = QDialog(self)
        dialog.setWindowTitle(_("My progress"))
        dialog.setModal(True)  # exec()'d: F1 opens a help sheet of its own (open_help)
        shortcut(QKeySequence.StandardKey.HelpContents, dialog,
                 lambda: self.open_help(dialog))
        layout = QVBoxLayout(dialog)
        tabs = QTabWidget(dialog)
        tabs.addTab(ProgressView(self.db, self.trainee_id, dialog), _("Progress"))
        shortcut("Ctrl+P", dialog, lambda: tabs.setCurrentIndex(0))  # already here: Progress
        exams = ExamsTable(dialog)
        exams.set_exams(self.db.exam_results(self.trainee_id))
        count = exams.exams_model.rowCount()
        station = self.db.station_exams(self.trainee_id)
        if station:  # the station's own exams, apart: never an instructor's exam
            page = QWidget(dialog)
            column = QVBoxLayout(page)
            column.addWidget(QLabel(_("Exams set by an instructor:") if count
                                    else _("Exams set by an instructor: none yet.")))
            column.addWidget(exams, 1)
            exams.setVisible(bool(count))
            column.addWidget(StationExamsView(station, page), 1)
            tabs.addTab(page, _("My exams ({count})", count=count + len(station)))
        else:
            tabs.addTab(exams, _("My exams ({count})", count=count))
        layout.addWidget(tabs)
        return dialog

    def open_instructor_area(self) -> None:
        """Behind the instructor's password; a trainee cannot open it. One area at a time:
        an open one is raised (a locked one asks for its instructor's password)."""
        from trainer.site_config import instructor_setup_refusal
        from trainer.ui.progress.sign_in import InstructorSignInDialog

        if self.db is None:
            return
        if self.instructor_area is not None:
            self.instructor_area.show()
            self.instructor_area.raise_()
            self.instructor_area.activateWindow()
            return
        sign_in = InstructorSignInDialog(self.db, self, clock=self.clock,
                                         refusal=instructor_setup_refusal(self.site))
        accepted = self._run_sign_in(sign_in)
        name = sign_in.signed_in_name
        sign_in.deleteLater()
        if accepted and name is not None:
            self.show_instructor_area(name)

    def _follow_in_room(self, trainee_id: int) -> None:
        """Receive this trainee's records from the room (their page is open)."""
        trainee = None if self.db is None else self.db.get_trainee(trainee_id)
        if self.room is not None and trainee is not None:
            self.room.follow(trainee.uid)

    def show_instructor_area(self, name: str) -> InstructorArea:
        """The instructor area of ``name``, signed in (it closes with this window)."""
        from trainer.ui.instructor_area import InstructorArea
        from trainer.ui.progress.dashboard import InstructorDashboard

        assert self.db is not None
        dashboard = InstructorDashboard(self.db)
        dashboard.room_key = self.site.room_key  # merge the room's signed results files
        dashboard.allow_default_room_key = self.site.allow_default_room_key
        dashboard.room = self.site.room  # the room's name on reports and certificates
        dashboard.room_language = self.site.language  # Reports in: a trainee's language
        dashboard.site_exam_id = self._site_exam_id()
        dashboard.set_instructor(name)  # who signs off and assigns
        if self.site.results_folder is not None:
            dashboard.open_files_in(self.site.results_folder)  # where stations leave them
        dashboard.openRound.connect(self.reopen_round)
        area = InstructorArea(self.db, name, dashboard, idle_minutes=self.site.idle_lock_minutes,
                              policy=self.site.trainee_pin, clock=self.clock)
        area.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        area.setWindowTitle(_("Instructor area \u2014 {instructor}", instructor=name))
        area.signedOut.connect(self._instructor_signed_out)
        quiet = self.room.quiet_line() if self.room is not None else None
        if quiet is not None:  # stations not heard from, read from the room off this thread
            area.show_above_dashboard(quiet)
        if self.room is not None:  # the skill grid and trends live from the room
            dashboard.read_class_view_from(self.room.class_view())
            # A trainee's page: their whole history comes from the room, and reads again
            # as it arrives (the room is the record, whichever station they trained at).
            dashboard.traineeOpened.connect(self._follow_in_room)
            self.room.received.connect(dashboard.refresh_trainee_page)
        area.lockedNow.connect(self._close_review)
        fit_window(area, "instructor", QSize(1400, 900))
        area.show()
        self._dashboard = dashboard
        self.instructor_area = area
        return area

    def _site_exam_id(self) -> int | None:
        """The set-up the site file fixes (made at start when missing; None without one)."""
        if self.db is None or self.site.exam is None:
            return None
        try:
            return ensure_site_exam(self.db, self.site)
        except StorageError as error:
            log.error("the site's exam set-up could not be found: %s", error)
            return None

    def _title_for(self, trainee_id: int | None) -> None:
        """The trainee's name as the title: the window system adds the application's
        name after it (``Ana — Heads Up Hold'em Dealer Trainer``); nobody: that name."""
        trainee = self.db.get_trainee(trainee_id) if self.db is not None and trainee_id else None
        self.setWindowTitle(f"{trainee.name} \u2014 {TITLE}" if trainee else TITLE)

    def _close_review(self) -> None:
        """A review window (a trainee's round and answers) closes when a lock covers."""
        from shiboken6 import isValid

        review = getattr(self, "review", None)
        if review is not None and isValid(review):
            review.close()

    def _instructor_signed_out(self) -> None:
        area, self.instructor_area = self.instructor_area, None
        if area is not None:
            remember_window(area, "instructor")

    # --- who is training, and the idle lock -------------------------------------

    def _run_sign_in(self, dialog: QDialog) -> bool:
        """Show a sign-in dialog; True when accepted (tests replace this)."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def profile_dialog(self) -> ProfileDialog:
        """Who is training? under the room's PIN policy."""
        from trainer.ui.profile_dialog import ProfileDialog

        assert self.db is not None
        return ProfileDialog(self.db, self, policy=self.site.trainee_pin, clock=self.clock)

    def switch_trainee(self) -> bool:
        """Who is training? A trainee signed in (with their PIN) takes over: the running
        session ends cleanly first (a running exam asks). Cancelled: nothing changes."""
        if self.db is None or not self.confirm_leaving_exam():
            return False
        dialog = self.profile_dialog()
        accepted = self._run_sign_in(dialog)
        chosen = dialog.trainee_id if accepted else None
        wants_instructor = dialog.instructor_requested
        dialog.deleteLater()
        if wants_instructor:
            self.open_instructor_area()
        if chosen is None:
            return False
        self._become(chosen)
        return True

    def sign_out(self) -> None:
        """End the session (a running exam asks first) and leave the station to the next
        trainee: the window says nobody is signed in until someone does."""
        if self.db is None or not self.confirm_leaving_exam():
            return
        self._become(None)

    def _become(self, trainee_id: int | None) -> None:
        """Hand the window to ``trainee_id`` (None: nobody) with a fresh practice session."""
        from trainer.ui.instructor_area import close_owned_windows

        close_owned_windows(self)  # the last trainee's progress, course, review windows
        self._close_review()
        self.trainee_id = trainee_id
        if self._follow_language():
            return  # a new window in this trainee's language took over
        self._room_follows()
        self._title_for(trainee_id)
        self.mode = Mode.PRACTICE
        self.mode_actions[Mode.PRACTICE].setChecked(True)
        self.clock_label.clear()
        self.panel.clear_history()
        self.session = self._new_session(Mode.PRACTICE)  # closes the last session's recorder
        if trainee_id is None:
            self.idle.stop()
            self._cover()
            self._lock_switch.hide()
            self.lock_page.show_lock(
                _("Nobody is signed in"),
                _("The last trainee signed out. Sign in to train, or quit."),
                None, unlock_text=_("Sign in\u2026"))
            return
        self._uncover()
        self._update_trainee_actions()
        self.next_hand()
        self.idle.start()

    def _update_trainee_actions(self) -> None:
        signed_in = self.trainee_id is not None
        progress = getattr(self, "progress_action", None)
        if progress is not None:
            progress.setEnabled(signed_in)
        for act in self.findChildren(QAction):
            # The Course menu's (trainer.ui.course), named as that menu names it in the
            # language in use (before, the English text: never found in Spanish).
            if act.text() == _("Work my &mistakes"):
                act.setEnabled(signed_in)

    @property
    def locked(self) -> bool:
        """The lock page (or "nobody is signed in") covers the trainer."""
        return self._stack.currentWidget() is self.lock_page

    def _cover(self) -> None:
        if self.locked:
            return
        own = self.findChildren(QAction, options=Qt.FindChildOption.FindDirectChildrenOnly)
        self._disabled_while_locked = [act for act in own if act.isEnabled()]
        for act in self._disabled_while_locked:
            act.setEnabled(False)
        self.menuBar().setEnabled(False)
        self.statusBar().hide()
        self._stack.setCurrentWidget(self.lock_page)

    def _uncover(self) -> None:
        if not self.locked:
            return
        self._stack.setCurrentIndex(0)
        for act in self._disabled_while_locked:
            act.setEnabled(True)
        self._disabled_while_locked = []
        self.menuBar().setEnabled(True)
        self.statusBar().show()
        self.panel.take_focus()

    def lock(self) -> None:
        """Cover the trainer until the trainee's PIN (or another trainee's sign-in)."""
        from trainer.ui.instructor_area import close_owned_windows
        from trainer.ui.profile_dialog import WRONG_PIN

        if self.db is None or self.trainee_id is None or self.locked:
            return
        self.idle.stop()
        close_owned_windows(self)
        self._close_review()
        trainee_id, db = self.trainee_id, self.db
        trainee = db.get_trainee(trainee_id)
        name = trainee.name if trainee else _("The trainee")
        has_pin = (self.site.trainee_pin is not PinPolicy.OFF
                   and db.trainee_has_pin(trainee_id))
        exam = (_("The exam's clock keeps running.") if self._exam_deadline.isActive()
                else _("The exam waits.") if self.exam_running() else "")
        sentences = [
            _("{trainee} has not used the trainer for a while, or locked it.", trainee=name),
            exam,
            _("{trainee}: type your PIN or password to go on.", trainee=name) if has_pin
            else _("Go on, or switch to another trainee."),
        ]
        self._cover()
        self._lock_switch.show()
        self.lock_page.show_lock(
            _("Station locked"),
            " ".join(sentence for sentence in sentences if sentence),
            (lambda pin: db.check_trainee_pin(trainee_id, pin, at=self.clock()))
            if has_pin else None,
            wrong=_(WRONG_PIN),
            unlock_text=_("Unlock") if has_pin else _("Go on as {trainee}", trainee=name),
        )

    def unlock(self) -> None:
        """The lock page's right PIN (or "Sign in..." when nobody is signed in)."""
        if self.trainee_id is None:
            self.switch_trainee()
            return
        self._uncover()
        self.idle.start()

    def reopen_round(self, round_json: dict[str, Any], mistake: Mistake | None = None) -> None:
        """Open a recorded round for review, exactly as it was dealt, in its own window:
        nothing answered there is recorded, and this window's session (an exam too)
        goes on untouched. With the ``mistake``, the review shows the answer given then
        and the right one, and says when the rules in force are another version."""
        from trainer.ui.review_window import ReviewWindow

        try:
            review = ReviewWindow(round_json, four_colour=self.settings.four_colour,
                                  mistake=mistake, chips=self.site.chips)
        except (RoundError, RuleSetError) as error:
            QMessageBox.warning(self, _("Cannot re-open the round"), str(error))
            return
        review.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        fit_window(review, "review", QSize(1600, 900))
        review.show()
        review.raise_()
        review.activateWindow()
        self.review = review

    def apply_settings(self, settings: TrainingSettings, *, new_round: bool = False) -> None:
        """Settings' OK. Only the looks and the sound changed: the hand in play goes on.
        Something that shapes a round changed (rule set, tables, side bets, seats, exam
        length): a new session deals under it, after asking when a hand is half answered
        (No: the hand is finished first, the new settings deal the next). ``new_round``:
        a running exam was ended for this, so a new session starts whatever changed."""
        fixed = apply_to_settings(settings, self.site)  # what the training room fixes stays
        if fixed != settings:
            self.statusBar().showMessage(
                _("The training room's site file fixes the rule set (or the exam length);"
                  " those were kept."),
                8000,
            )
        settings = fixed
        before, self.settings = self.settings, settings
        self.table.set_four_colour(settings.four_colour)
        self.session.settings = replace(self.session.settings, four_colour=settings.four_colour,
                                        sound=settings.sound)
        self._apply_chip_mode(self.session)
        state = self.state
        if not new_round and deals_alike(before, settings):
            return  # the looks or the sound: the hand in play (and the meter) go on
        if not new_round and state is not None and not state.finished:
            answer = QMessageBox.question(
                self, _("Deal a new hand now?"),
                _("The new settings change how hands are dealt. Deal a new hand now? The"
                  " hand in play ({answered} of {count} questions answered) is put away;"
                  " its answers are kept.", answered=len(state.grades),
                  count=len(state.questions))
                + "\n\n" + _("No: finish this hand; the next one is dealt under the new"
                              " settings."),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                self._settings_waiting = True
                self.statusBar().showMessage(
                    _("The new settings deal from the next hand."), 8000)
                return
        self._settings_waiting = False
        self.session = self._new_session(self.mode)
        self.next_hand()

    def set_mode(self, mode: Mode) -> None:
        if not self.confirm_leaving_exam():
            self.mode_actions[self.mode].setChecked(True)  # stay in the exam
            return
        config = self._choose_exam_config() if mode is Mode.EXAM else None
        if isinstance(config, _Cancelled):  # Cancel changes nothing: the round in play stays
            self.mode_actions[self.mode].setChecked(True)
            return
        if config is not None and config.for_new_exams.mistakes:  # an exam of dealer's
            self.mode_actions[self.mode].setChecked(True)  # mistakes: in its own window
            self.open_mistakes(config)
            return
        if config is not None and config.for_new_exams.table_test is not None:
            self.mode_actions[self.mode].setChecked(True)  # a table test: in its own window
            self.open_procedure(config)
            return
        self.mode = mode
        if mode is not Mode.SPEED:
            self.clock_label.clear()  # the speed clock goes with speed mode
        self.session = self._new_session(mode, config)
        self.statusBar().showMessage(_(MODE_HELP[mode]), 5000)
        self.next_hand()

    def _choose_exam_config(self) -> ExamConfig | _Cancelled | None:
        """An instructor's exam set-up (one not retired), when there is one, or the
        station's own exam (None); :data:`CANCELLED` when the picker is cancelled. A set-up
        that does not allow this trainee an attempt now says why (and when the next is
        allowed), and the choice is offered again."""
        if self.db is None or self.trainee_id is None:
            return None
        configs = self.db.list_exam_configs()
        if not configs:
            return None
        mark = format(station_exam_pass_mark(self.site.exam), "g")
        practice = _("Station exam (this station's Settings, pass mark {mark}%; not an"
                     " instructor's exam)", mark=mark)
        labels = [f"{c.name}: {c.for_new_exams.described}" for c in configs]
        while True:
            choice, ok = QInputDialog.getItem(
                self, _("Exam"), _("Which exam?"), [*labels, practice], 0, False
            )
            if not ok:
                return CANCELLED
            if choice == practice:
                return None
            config = configs[labels.index(choice)]
            refusal: Exception | None
            try:
                refusal = self.db.exam_refusal(self.trainee_id, config.id)
            except StorageError as error:
                refusal = error
            if refusal is None:
                return config
            QMessageBox.information(self, _("Exam not available now"), str(refusal))

    # --- sessions and records -----------------------------------------------------

    def _new_session(self, mode: Mode, exam_config: ExamConfig | None = None) -> TrainingSession:
        """A fresh training session; with a database, its records start too."""
        self._close_recorder()
        self.exam_config = exam_config
        self._exam_deadline.stop()
        settings = self.settings
        if exam_config is not None:  # the set-up fixes the exam, never the station's Settings
            settings = exam_settings(exam_config.for_new_exams, self.settings)
        session = TrainingSession(settings, mode,
                                  meter=None if mode is Mode.EXAM else self.meter,
                                  rack=self.site.chips.rack)  # the room's chips bet every wager
        if self.db is not None and self.trainee_id is not None:
            try:
                self.rounds.recorder = SessionRecorder(
                    self.db,
                    self.trainee_id,
                    session,
                    exam_config_id=exam_config.id if exam_config else None,
                    station_pass_mark=self.station_pass_mark,
                    committed=self._record_committed,
                )
            except StorageError as error:
                self._storage_problem(error)
        if exam_config is not None and exam_config.time_limit_seconds:
            self._exam_timer.start()
            self._exam_deadline.start(exam_config.time_limit_seconds * 1000)
        self._apply_chip_mode(session)
        return session

    def _apply_chip_mode(self, session: TrainingSession) -> None:
        """Pay with chips (the trainee's setting): payouts built from the room's rack;
        the running total only in practice, and only when asked for. In an exam the
        set-up decides, whatever a station's settings (an exam is the same for every
        candidate): chips when it requires them (:attr:`ExamSetup.chips`, already in the
        session's settings), else typed amounts; the station's own exam asks typed
        amounts."""
        if session.mode is Mode.EXAM:
            wanted = self.exam_config is not None and session.settings.chip_mode
        else:
            wanted = self.settings.chip_mode
        chips = self.site.chips if wanted else None
        self.rounds.set_chip_mode(
            chips, self.chip_rack,
            total=self.settings.chip_total and session.mode is Mode.PRACTICE,
            feedback=session.feedback_now)

    def _record_committed(self) -> None:
        """An answer (a session's end, an exam's result) is in the station's database:
        the room's sender sends it now rather than at its next second."""
        if self.room is not None:
            self.room.nudge()

    def attach_room(self, room: RoomPresence) -> None:
        """Show the room's state in the status bar; nudge its sender after each answer."""
        self.room = room
        room.attach(self.statusBar())
        self._room_follows()

    def _room_follows(self) -> None:
        """The room's worker receives the signed-in trainee's history from the room."""
        if self.room is not None and self.db is not None and self.trainee_id is not None:
            trainee = self.db.get_trainee(self.trainee_id)
            if trainee is not None:
                self.room.follow(trainee.uid)

    @property
    def recorder_wanted(self) -> bool:
        """Someone is signed in to a database: sessions are recorded."""
        return self.db is not None and self.trainee_id is not None

    @property
    def station_pass_mark(self) -> float:
        """The pass mark of the station's own exam (the site file's exam's, else 80%)."""
        return station_exam_pass_mark(self.site.exam)

    @property
    def recorder(self) -> SessionRecorder | None:
        """Keeps this session in the database (held by the round loop)."""
        return self.rounds.recorder

    def _close_recorder(self) -> Exam | None:
        return self.rounds.close_recorder()

    def _storage_problem(self, error: Exception) -> None:
        """Saving failed: say so plainly; the session goes on in memory."""
        self.rounds.drop_recorder()
        QMessageBox.critical(
            self,
            _("Progress not saved"),
            _("Your answers could not be saved to the database ({reason}).", reason=error)
            + "\n\n" + _("You can keep practising, but this session's results will not be"
                          " kept. Tell your instructor."),
        )

    def _exam_time_up(self) -> None:
        """The exam's time limit: unanswered questions of this round count as wrong."""
        exam = self._close_recorder()  # the rest of this round is kept as unanswered
        self._tick.stop()
        sentences = [_("Time is up.")]
        if exam is not None and exam.score is not None:
            sentences.append(_("Score {score}: passed.", score=score_text(exam.score))
                             if exam.passed else
                             _("Score {score}: not passed.", score=score_text(exam.score)))
            if not exam.passed and exam.score >= exam.pass_mark:
                sentences.append(_("An exam passes only when all its rounds are answered"
                                   " in time."))
        self.panel.show_round_over(" ".join(sentences) + "\n" + _("Choose a mode to go on."))

    # --- the round ---------------------------------------------------------------

    @property
    def state(self) -> RoundState | None:
        """The round being asked (None before the first deal)."""
        return self.rounds.state

    def next_hand(self) -> None:
        if self._settings_waiting:  # Settings changed while a hand was half answered
            self._settings_waiting = False
            self.session = self._new_session(self.mode)
        elif self.mode is Mode.EXAM and self.session.exam_finished:
            config = self._choose_exam_config()
            if isinstance(config, _Cancelled):  # the finished exam's screen stays
                return
            if config is not None and config.for_new_exams.mistakes:
                self.open_mistakes(config)  # in its own window; this screen stays
                return
            if config is not None and config.for_new_exams.table_test is not None:
                self.open_procedure(config)  # in its own window; this screen stays
                return
            self.session = self._new_session(self.mode, config)
        self._deal(self.session.next_round)

    def play_round(self, round_: Round) -> None:
        """Put a given round on the table (a lesson's example, a mistake re-opened)."""
        self._deal(lambda: self.session.start_round(round_))

    def _deal(self, deal: Callable[[], RoundState]) -> None:
        """Deal through the session (its recorder keeps the round) and ask the round."""
        try:
            state = deal()
        except SessionError as error:  # e.g. an exam round not yet finished
            self.statusBar().showMessage(str(error), 5000)
            return
        except StorageError as error:  # dealt, but not saved
            self._storage_problem(error)
            state = self.session.rounds[-1]
        except (RuleSetError, RoundError, ValueError) as error:
            QMessageBox.warning(self, _("Cannot deal"), str(error))
            return
        self.rounds.show_settlement_after_answers = self.session.feedback_now
        # An exam gives no feedback until its last round: its settlements wait till then.
        self.rounds.show_settlement_at_end = self.mode is not Mode.EXAM
        self.rounds.begin(state)
        self._round_timer.start()
        self._round_seconds = None
        if self.mode is Mode.SPEED or self._exam_deadline.isActive():
            self._tick.start()
            self._update_clock()  # this round's time at once, not the last round's
        self._update_score()
        self.roundReady.emit()

    def _position(self, state: RoundState) -> str:
        if self.mode is Mode.EXAM:
            return _("Exam round {number} of {rounds} \u2022 question {index} of {count}",
                     number=state.number, rounds=self.session.settings.exam_rounds,
                     index=state.index + 1, count=len(state.questions))
        return _("Round {number} \u2022 question {index} of {count}", number=state.number,
                 index=state.index + 1, count=len(state.questions))

    def submit_answer(self, text: str) -> None:
        """Answer the current question as if typed (tests, benchmarks)."""
        self.rounds.submit(text)

    def _answered(self, grade: Grade) -> None:
        reveal = self.session.feedback_now
        if reveal:
            self.panel.show_feedback(grade)
            if not grade.correct and self.settings.sound:
                QApplication.beep()
        self.panel.add_history(grade, reveal)
        self._update_score()

    def _finish_round(self, state: RoundState) -> None:
        seconds = self._round_timer.elapsed() / 1000
        self._round_seconds = seconds  # the round's time stays; an exam's time left runs on
        if not self._exam_deadline.isActive():
            self._tick.stop()
        elif self._tick.isActive():
            self._update_clock()
        correct = sum(grade.correct for grade in state.grades)
        lines = []
        if self.mode is Mode.EXAM:
            if self.session.exam_finished:
                self._exam_deadline.stop()
                self._tick.stop()
                recorder = self.recorder
                exam = self._close_recorder()
                lines += self._exam_verdict(exam, self._station_result(recorder))
                self._list_exam_answers(state)
                self.table.show_settlement(state.settlement)
            else:
                rounds = self.session.settings.exam_rounds
                lines.append(_("Exam round {number} of {rounds} done.", number=state.number,
                               rounds=rounds))
        else:
            lines.append(_("{correct} of {count} correct in {seconds} s.", correct=correct,
                           count=len(state.grades), seconds=in_room_format(f"{seconds:.1f}")))
            if self.mode is Mode.SPEED:
                self.panel.clear_history()
                for grade in state.grades:
                    self.panel.add_history(grade, True)
        lines.append(
            _("Press Enter or Ctrl+N for the next hand.")
            if not (self.mode is Mode.EXAM and self.session.exam_finished)
            else _("Press Enter or Ctrl+N to start a new exam.")
        )
        self.panel.show_round_over("\n".join(lines))

    def _station_result(self, recorder: SessionRecorder | None) -> StationExam | None:
        """The station exam as kept, once its recorder is closed (None: not one, or unread)."""
        if recorder is None:
            return None
        try:
            return recorder.station_result()
        except StorageError as error:
            log.error("the station exam's result could not be read: %s", error)
            return None

    def _exam_verdict(self, exam: Exam | None, station: StationExam | None = None) -> list[str]:
        """PASSED or FAILED against the pass mark: an instructor's exam's, or the station's
        own exam's (kept in My exams when someone is signed in; never an instructor's)."""
        summary = self.session.summary()
        if exam is not None and exam.passed is not None:
            return [_exam_over(exam.passed, summary.correct, summary.questions,
                               score_text(exam.score), exam.pass_mark)]
        if station is not None and station.passed is not None:
            percent, passed, mark = station.score, station.passed, station.pass_mark
            kept = _("A station exam, kept in My exams: not an instructor's exam, it never"
                     " counts for a certification or an assignment.")
        else:  # nobody signed in (or not saved): the same verdict, from the session
            mark = self.station_pass_mark
            percent = summary.percent
            passed = percent >= mark
            kept = (_("A station exam, not recorded (nobody is signed in): not an"
                      " instructor's exam, it never counts for a certification or an"
                      " assignment.") if not self.recorder_wanted
                    else _("A station exam, waiting for the database (locked by another"
                           " program), kept when it is free: not an instructor's exam, it"
                           " never counts for a certification or an assignment.")
                    if self.db is not None and self.db.waiting
                    else _("A station exam, not recorded (saving failed): not an"
                           " instructor's exam, it never counts for a certification or an"
                           " assignment."))
        return [_exam_over(passed, summary.correct, summary.questions, score_text(percent),
                           mark), kept]

    def _list_exam_answers(self, last: RoundState) -> None:
        """Every mistake with its round, and the last round's answers right or wrong;
        choosing a line shows its round on the table."""
        self.panel.clear_history()
        for state in self.session.history:
            for grade in state.grades:
                if state is last or not grade.correct:
                    self.panel.add_history(grade, True, state.number)

    def _show_exam_round(self, number: int) -> None:
        """An exam round chosen in the end screen's list, back on the table."""
        for state in self.session.history:
            if state.number == number:
                self.table.show_round(state.round)
                self.table.show_settlement(state.settlement)
                return

    def _update_score(self) -> None:
        summary = self.session.summary()
        if self.mode is Mode.EXAM and not self.session.exam_finished:
            self.score_label.setText(ngettext("Exam: {count} answered",
                                              "Exam: {count} answered", summary.questions))
        elif summary.questions:
            self.score_label.setText(
                _("Score {correct}/{count} ({score})", correct=summary.correct,
                  count=summary.questions, score=score_text(summary.percent))
            )
        else:
            self.score_label.setText("")

    def _update_clock(self) -> None:
        seconds = self._round_seconds
        shown = self._round_timer.elapsed() / 1000 if seconds is None else seconds
        text = _("Time {seconds} s", seconds=in_room_format(f"{shown:.1f}"))
        if self._exam_deadline.isActive():
            left = self._exam_deadline.remainingTime() // 1000
            text += "  \u2022 " + _("exam time left {minutes}:{seconds}", minutes=left // 60,
                                     seconds=format(left % 60, "02d"))
        self.clock_label.setText(text)

    def quit(self) -> bool:
        """Game > Quit (Ctrl+Q), the lock page's Quit: a running exam asks first, as
        every other way out does; True when the window closed."""
        if not self.confirm_leaving_exam():
            return False
        self._quit_confirmed = True
        try:
            return self.close()
        finally:
            self._quit_confirmed = False

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's close button (a spontaneous event from the window system) asks
        # like Ctrl+Q; a close the program makes (quit() having asked, shutdown) does not.
        if (event.spontaneous() and not self._quit_confirmed
                and not self.confirm_leaving_exam()):
            event.ignore()
            return
        self.idle.detach()
        if self.instructor_area is not None:
            self.instructor_area.close()  # the instructor area closes with this window
        self._tick.stop()
        self._exam_deadline.stop()
        self._close_recorder()
        remember_window(self, "practice")
        super().closeEvent(event)
