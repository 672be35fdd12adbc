"""The course window: course view -> lesson page -> drill -> summary, one page at a time.

Opened from the practice window's Course menu (:func:`add_course_menu`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget, QWidget

from trainer.engine.chips import DEFAULT_CHIPS, RoomChips
from trainer.i18n import _
from trainer.storage.interfaces import CourseStore
from trainer.storage.models import AnswerRecord, StorageError
from trainer.training.course_plan import (
    CourseProgress,
    Plan,
    Snapshot,
    describe_item,
    lesson_plan,
    mastery_changes,
)
from trainer.training.lessons import Lesson, LessonLoad, load_course
from trainer.training.session import TrainingSettings
from trainer.ui.course.course_view import CourseView
from trainer.ui.course.drill import DrillPlayer
from trainer.ui.course.lesson_page import LessonPage
from trainer.ui.course.summary import SummaryPage
from trainer.ui.keys import action, shortcut
from trainer.ui.window_fit import fit_window, remember_window


class CourseWindow(QMainWindow):
    """Lessons, their drills and the trainee's mastery of them."""

    def __init__(self, settings: TrainingSettings | None = None, parent: QWidget | None = None,
                 *, db: CourseStore | None = None, trainee_id: int | None = None,
                 course: LessonLoad | None = None) -> None:
        super().__init__(parent)
        if parent is not None:
            self.setWindowFlag(Qt.WindowType.Window)
        self.settings = settings or TrainingSettings()
        self.db = db
        self.trainee_id = trainee_id if db is not None else None
        self.course = course if course is not None else load_course()
        self.rng = random.Random(self.settings.seed)
        site = getattr(parent, "site", None)
        self.room_chips: RoomChips = getattr(site, "chips", None) or DEFAULT_CHIPS
        """The room's chips (the practice window's site file): chip tasks are dealt from
        its rack and a rainbow bet is paid by its procedure."""
        self._read_warned = False
        self.progress = CourseProgress(self.course.lessons, self._stored_answers,
                                       store=db if self.trainee_id is not None else None,
                                       trainee_id=self.trainee_id)
        self._load_course_answers()
        self.lesson: Lesson | None = None
        self.plan: Plan | None = None
        self._plan_kind = "lesson"
        self._before: Snapshot | None = None

        trainee = db.get_trainee(trainee_id) if db is not None and trainee_id else None
        self.trainee_name = trainee.name if trainee is not None else None
        self.setWindowTitle(_("Course \u2014 {trainee}", trainee=self.trainee_name)
                            if self.trainee_name else _("Course"))

        self.course_view = CourseView()
        self.lesson_page = LessonPage(four_colour=self.settings.four_colour)
        self.drill = DrillPlayer(self.settings, self.progress, db=db,
                                 trainee_id=self.trainee_id,
                                 meter=getattr(parent, "meter", None),  # the table's pool
                                 chips=self.room_chips)
        self.summary = SummaryPage()
        self.pages = QStackedWidget()
        for page in (self.course_view, self.lesson_page, self.drill, self.summary):
            self.pages.addWidget(page)
        self.setCentralWidget(self.pages)

        self.course_view.lessonOpened.connect(self.open_lesson)
        self.course_view.dueRequested.connect(self.practise_due)
        self.course_view.mistakesRequested.connect(self.work_my_mistakes)
        self.lesson_page.backRequested.connect(self.show_course)
        self.lesson_page.drillRequested.connect(self.start_lesson_drill)
        self.drill.finished.connect(self._drill_finished)
        self.drill.stopped.connect(self._drill_stopped)
        self.summary.againRequested.connect(self._again)
        self.summary.lessonRequested.connect(self._back_to_lesson)
        self.summary.courseRequested.connect(self.show_course)
        fit_window(self, "course", QSize(1600, 900))
        # On every page of the course (a shortcut of the lesson list only was dead while
        # a lesson or a drill was up, issue 12).
        shortcut("Ctrl+M", self, self.work_my_mistakes)
        # The practice window's My progress and help, from here too (issue 19, item 24).
        for keys, name in (("Ctrl+P", "open_progress"),
                           (QKeySequence.StandardKey.HelpContents, "open_help")):
            opener = getattr(parent, name, None)
            if callable(opener):
                shortcut(keys, self, opener)
        self.show_course()

    # --- pages --------------------------------------------------------------------------------

    def show_course(self) -> None:
        """The list of lessons, with mastery brought up to date."""
        self.course_view.set_course(self.course.lessons, self.progress.course_mastery(),
                                    self.course.problems, self.course.notices)
        due = self.progress.next_item()
        mistakes = self._mistake_count()
        self.course_view.set_status(
            self.trainee_name,
            describe_item(due, self.course.lessons) if due else None, mistakes)
        self.pages.setCurrentWidget(self.course_view)
        self.course_view.table.setFocus()

    def open_lesson(self, lesson_id: str) -> None:
        try:
            lesson = self.course.by_id(lesson_id)
        except KeyError:
            self.statusBar().showMessage(_("There is no lesson {lesson}.",
                                           lesson=repr(lesson_id)), 5000)
            return
        self.lesson = lesson
        self.lesson_page.set_lesson(lesson, self.progress.lesson_mastery(lesson))
        self.pages.setCurrentWidget(self.lesson_page)

    def start_lesson_drill(self) -> None:
        if self.lesson is not None:
            whole = self.lesson_page.whole_rounds.isChecked()
            self._start(lesson_plan(self.lesson, self.rng, whole_rounds=whole,
                                    room=self.room_chips), "lesson")

    def practise_due(self) -> None:
        """A short drill of the item the schedule says is due now."""
        self._start(self.progress.due_plan(self.rng, room=self.room_chips), "due")

    def work_my_mistakes(self) -> None:
        """The rounds of the trainee's stored mistakes, dealt again exactly as they were."""
        if self.db is None or self.trainee_id is None:
            QMessageBox.information(self, _("Work my mistakes"),
                                    _("Sign in as a trainee to keep your answers and work your"
                                      " mistakes."))
            return
        try:
            mistakes = self.db.trainee_mistakes(self.trainee_id)
        except StorageError as error:
            QMessageBox.warning(self, _("Work my mistakes"),
                                _("Your mistakes could not be read from the database"
                                  " ({error}).", error=error))
            return
        self._start(self.progress.mistakes_plan(mistakes), "mistakes")

    # --- drills ---------------------------------------------------------------------------------

    def _start(self, plan: Plan, kind: str) -> None:
        if not plan.steps:
            reasons = "\n".join(plan.skipped) or _("There is nothing to practise here.")
            QMessageBox.information(self, plan.title,
                                    _("Nothing to drill.\n\n{reasons}", reasons=reasons))
            return
        self.plan = plan
        self._plan_kind = kind
        self._before = self.progress.snapshot(plan)
        self.pages.setCurrentWidget(self.drill)
        if plan.skipped:
            self.statusBar().showMessage(" ".join(plan.skipped), 10000)
        self.drill.start(plan)

    def _drill_finished(self, *, stopped: bool = False) -> None:
        plan, before = self.plan, self._before
        if plan is None or before is None:
            self.show_course()
            return
        after = self.progress.snapshot(plan)
        right, answered = self.drill.summary()
        self.summary.show_result(
            plan.title, right, answered,
            mastery_changes(before, after, self.course.lessons),
            has_lesson=self._plan_kind == "lesson", notes=plan.skipped, stopped=stopped)
        self.pages.setCurrentWidget(self.summary)

    def _drill_stopped(self) -> None:
        """Stopped early: mastery before -> after all the same, once anything was answered."""
        if self.drill.summary()[1]:
            self._drill_finished(stopped=True)
            return
        if self._plan_kind == "lesson" and self.lesson is not None:
            self._back_to_lesson()
        else:
            self.show_course()

    def _again(self) -> None:
        if self._plan_kind == "lesson":
            self.start_lesson_drill()
        elif self._plan_kind == "due":
            self.practise_due()
        else:
            self.work_my_mistakes()

    def _back_to_lesson(self) -> None:
        if self.lesson is None:
            self.show_course()
            return
        self.open_lesson(self.lesson.id)

    # --- storage ------------------------------------------------------------------------------

    def _stored_answers(self) -> Iterable[AnswerRecord]:
        if self.db is None or self.trainee_id is None:
            return ()
        try:
            return self.db.trainee_answers(self.trainee_id)
        except StorageError as error:
            if not self._read_warned:
                self._read_warned = True
                QMessageBox.warning(self, _("Progress"), _(
                    "Your answers could not be read from the database ({error}); mastery shows"
                    " this session only.", error=error))
            return ()

    def _load_course_answers(self) -> None:
        """The trainee's stored rulings and scenario rounds, into mastery and the schedule."""
        try:
            self.progress.load()
        except StorageError as error:
            self._read_warned = True
            QMessageBox.warning(self, _("Progress"), _(
                "Your rulings and scenario rounds could not be read from the database ({error});"
                " they count from this session only.", error=error))

    def _mistake_count(self) -> int | None:
        if self.db is None or self.trainee_id is None:
            return None
        try:
            mistakes = self.db.trainee_mistakes(self.trainee_id)
        except StorageError:
            return 0
        return len({mistake.answer.round_id for mistake in mistakes}) + len(
            self.progress.missed_rulings)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.drill.stop()
        remember_window(self, "course")
        super().closeEvent(event)


def open_course(main: QMainWindow, *, mistakes: bool = False) -> CourseWindow:
    """Show the course window of the practice window ``main`` (one at a time)."""
    window = main.findChild(CourseWindow)
    if window is None or not isinstance(window, CourseWindow):
        window = CourseWindow(getattr(main, "settings", None), main,
                              db=getattr(main, "db", None),
                              trainee_id=getattr(main, "trainee_id", None))
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    window.raise_()
    window.activateWindow()
    if mistakes:
        window.work_my_mistakes()
    return window


def add_course_menu(main: QMainWindow) -> None:
    """The practice window's Course menu: the course, and "Work my mistakes"."""
    menu = main.menuBar().addMenu(_("&Course"))
    course = action(_("&Lessons and practice\u2026"), main, lambda: open_course(main), "Ctrl+L")
    course.setStatusTip(_("Lessons in order, worked examples, drills and your mastery"))
    menu.addAction(course)
    mistakes = action(_("Work my &mistakes"), main, lambda: open_course(main, mistakes=True),
                      "Ctrl+M")
    mistakes.setStatusTip(_("Deal again the rounds you made mistakes on"))
    mistakes.setEnabled(getattr(main, "db", None) is not None
                        and getattr(main, "trainee_id", None) is not None)
    menu.addAction(mistakes)
