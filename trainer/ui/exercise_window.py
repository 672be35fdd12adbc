"""What the practice window's exercise windows share: Run the round
(:mod:`trainer.ui.procedure_window`) and Spot the dealer's mistake
(:mod:`trainer.ui.mistakes_window`).

Each is a window of its own owned by the practice window, deals its rounds from a seed
(``seed + 1`` the next), may run an instructor's exam with a time limit, scales its text to
its height, remembers where it was left, and ends its session when it or the practice
window closes (asking first while an exam runs). Defined once here so that the two cannot
drift apart; what differs (the exam's words, how an exam is scored) stays in each window.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QFontInfo, QResizeEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox, QWidget

from trainer.exam_setup import ExamSetup
from trainer.i18n import _
from trainer.reports.text import score_text
from trainer.storage.models import Exam, StorageError
from trainer.ui.text_scale import scale_window_text
from trainer.ui.window_fit import remember_window


class SessionRecorder(Protocol):
    """What the windows ask of a recorder (MistakeRecorder, ProcedureRecorder) here."""

    def close(self) -> Exam | None: ...


def exam_verdict(why: str, exam: Exam | None, whole_rule: str) -> list[str]:
    """The sentences that end an exam: ``why`` it ended, then the score against the pass
    mark (when it was scored) and, when the score reached the mark but the exam is not
    passed, ``whole_rule`` (why: not every round or exercise was done in time)."""
    sentences = [why]
    if exam is not None and exam.score is not None:
        score, mark = score_text(exam.score), f"{exam.pass_mark:g}"
        sentences.append(
            _("Score {score} (pass mark {mark}%): passed.", score=score, mark=mark)
            if exam.passed else
            _("Score {score} (pass mark {mark}%): not passed.", score=score, mark=mark))
        if not exam.passed and exam.score >= exam.pass_mark:
            sentences.append(whole_rule)
    return sentences


class ExerciseWindow(QMainWindow):
    """The shared part of an exercise window. A subclass names where its place is kept
    (:attr:`place_key`), has an :attr:`error` label, and says when its exam is running,
    how it ends, what a person is asked before leaving it and what is said when it is
    closed before its end."""

    place_key = ""
    """The name :func:`~trainer.ui.window_fit.fit_window` keeps the window's place under."""
    error: QLabel
    recorder: SessionRecorder | None
    exam_result: Exam | None

    def __init__(self, parent: QWidget | None, seed: int | None,
                 exam: ExamSetup | None) -> None:
        super().__init__(parent)
        self.exam = exam
        if exam is not None:
            assert exam.seed is not None, "an exam has its hands number"
            seed = exam.seed
        self.seed = random.randrange(2**31) if seed is None else seed
        self.first_seed = self.seed
        self.exam_result = None
        self.deadline = QTimer(self)
        self.deadline.setSingleShot(True)
        self.deadline.timeout.connect(self.time_up)

    def start_watching(self) -> None:
        """Once the window is built: an exam's time limit starts, and the practice window
        that owns this one closing ends this session first."""
        if self.exam is not None and self.exam.time_limit_seconds:
            self.deadline.start(self.exam.time_limit_seconds * 1000)
        owner = self.parentWidget()
        if owner is not None:
            owner.installEventFilter(self)

    @property
    def exam_number(self) -> int:
        """Which of the exam's rounds or exercises is on the table (1 for the first)."""
        return self.seed - self.first_seed + 1

    # --- what each window says ----------------------------------------------------------

    def exam_running(self) -> bool:
        """An exam under way, kept, and not over."""
        raise NotImplementedError

    def end_exam(self, why: str) -> None:
        """Score the exam and explain it; ``why`` it ended."""
        raise NotImplementedError

    def time_up(self) -> None:
        """The exam's time limit reached."""
        raise NotImplementedError

    def leaving_question(self) -> tuple[str, str]:
        """The title and text that ask before closing ends a running exam."""
        raise NotImplementedError

    def closed_early(self) -> str:
        """Why an exam ended when its window closed before its end."""
        raise NotImplementedError

    # --- shared ---------------------------------------------------------------------------

    def score_exam(self) -> Exam | None:
        """Close the recorder to score the exam (a refusal said in :attr:`error`); the
        exam as kept, or None when it was not recorded or could not be scored."""
        self.deadline.stop()
        exam: Exam | None = None
        if self.recorder is not None:
            recorder, self.recorder = self.recorder, None
            try:
                exam = recorder.close()
            except StorageError as error:
                self.error.setText(_("The exam could not be scored ({reason}).",
                                     reason=error))
        self.exam_result = exam
        return exam

    def confirm_leaving_exam(self) -> bool:
        """Ask before closing ends a running exam; True to go ahead (nothing running too)."""
        if not self.exam_running():
            return True
        title, text = self.leaving_question()
        answer = QMessageBox.question(
            self, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def owner_help(self) -> bool:
        """F1 opened from the practice window: its keys and rules sheet (which lists this
        window's keys too). False when there is no such owner."""
        owner = self.parentWidget()
        if owner is not None and hasattr(owner, "open_help"):
            owner.open_help()
            return True
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The practice window that owns this one closing (Ctrl+Q, its close button) ends
        this session first; an exam running asks, and No keeps both windows open."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Close:
            if not self.confirm_leaving_exam():
                event.ignore()
                return True
            self.close()
            return False
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Text 1/60 of the window's height (as the answer panel's), never below the
        desktop's: readable on a 4K screen."""
        super().resizeEvent(event)
        desktop = QFontInfo(QApplication.font()).pixelSize()
        scale_window_text(self, max(desktop, self.height() // 60))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing ends the session (an exam not finished is scored as it stands). The
        window's close button asks first while an exam runs; a close the program makes
        (a lock, another trainee signing in, the practice window's Quit once asked) does
        not."""
        if event.spontaneous() and not self.confirm_leaving_exam():
            event.ignore()
            return
        self.deadline.stop()
        if self.exam_running():
            self.end_exam(self.closed_early())
        elif self.recorder is not None:
            recorder, self.recorder = self.recorder, None
            try:
                recorder.close()
            except StorageError as error:  # every answer is kept already: only the end
                QMessageBox.warning(self, _("Progress"), _(
                    "The end of this session could not be saved ({reason}); every answer"
                    " given is kept.", reason=error))
        remember_window(self, self.place_key)
        super().closeEvent(event)


Window = TypeVar("Window", bound=ExerciseWindow)


def bring_forward(window: QWidget) -> None:
    """Raise ``window`` above the others and give it the keyboard."""
    window.raise_()
    window.activateWindow()


def already_open(main: QMainWindow, kind: type[Window], exam_wanted: bool, title: str,
                 running: str) -> Window | None:
    """The window of ``kind`` ``main`` has open, when it is kept: one running an exam is
    raised and ``running`` said (under ``title``); a practice one is raised unless an exam
    is wanted, when it is closed (None: open a new one). None when there is none."""
    current = main.findChild(kind)
    if current is None:
        return None
    if current.exam_running():
        QMessageBox.information(main, title, running)
        bring_forward(current)
        return current
    if not exam_wanted:
        bring_forward(current)
        return current
    current.close()
    current.deleteLater()
    return None


def show_exercise_window(window: QWidget) -> None:
    """Show a window opened from the practice window, deleted when closed, in front."""
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    bring_forward(window)
