"""Choosing work to assign (a lesson or an exam set-up, with an optional due date): the
Classes tab's controls and the trainee page's *Assign work...* dialog use the same ones."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Protocol

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import _
from trainer.storage.interfaces import ClassStore, ExamSetups, TraineeDirectory
from trainer.storage.models import FILE_OR_STORAGE_ERRORS, AssignmentKind, StorageError
from trainer.training.lessons import Lesson
from trainer.ui.progress.labels import error_label

DEFAULT_DUE_DAYS = 7
"""A new assignment is due a week from today unless the instructor changes it."""


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def day_of(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


class AssignSources(ClassStore, ExamSetups, Protocol):
    """What choosing and giving work needs: assignments and the exam set-ups."""


class AssignDialogSources(AssignSources, TraineeDirectory, Protocol):
    """The same, and the trainee's name."""


class WorkChoice:
    """A lesson or exam set-up and a due date, as combo boxes and a date field; ``row``
    lays them out on one line."""

    def __init__(self, db: AssignSources, lessons: Callable[[], Sequence[Lesson]],
                 today: date) -> None:
        self.db = db
        self._lessons = lessons
        self.kind = QComboBox()
        self.kind.setObjectName("assign_kind")
        self.kind.addItem(_("Lesson"), AssignmentKind.LESSON.value)
        self.kind.addItem(_("Exam"), AssignmentKind.EXAM.value)
        self.kind.currentIndexChanged.connect(self.fill_targets)
        self.target = QComboBox()
        self.target.setObjectName("assign_target")
        self.due_box = QCheckBox(_("Due"))
        self.due_box.setObjectName("assign_due_box")
        self.due_box.setChecked(True)
        self.due = QDateEdit()
        self.due.setObjectName("assign_due")
        self.due.setCalendarPopup(True)
        self.due.setDisplayFormat("yyyy-MM-dd")
        self.due.setDate(qdate(today + timedelta(days=DEFAULT_DUE_DAYS)))
        self.due_box.toggled.connect(self.due.setEnabled)
        self.fill_targets()

    def row(self) -> QHBoxLayout:
        line = QHBoxLayout()
        line.addWidget(self.kind)
        line.addWidget(self.target, 1)
        line.addWidget(self.due_box)
        line.addWidget(self.due)
        return line

    def fill_targets(self, *_args: object) -> None:
        """The lessons (course order) or the exam set-ups still offered."""
        self.target.clear()
        if self.kind.currentData() == AssignmentKind.EXAM.value:
            try:
                configs = self.db.list_exam_configs()
            except FILE_OR_STORAGE_ERRORS:
                configs = []
            for config in configs:
                self.target.addItem(config.name, str(config.id))
        else:
            for lesson in sorted(self._lessons(), key=lambda lesson: lesson.order):
                self.target.addItem(lesson.title, lesson.id)

    @property
    def due_date(self) -> date | None:
        return day_of(self.due.date()) if self.due_box.isChecked() else None

    def assign(self, assigned_by: str, *, class_id: int | None = None,
               trainee_id: int | None = None) -> int:
        """Store the choice for a class or a trainee; raises one of
        :data:`~trainer.storage.models.FILE_OR_STORAGE_ERRORS`."""
        target = self.target.currentData()
        if target is None:
            raise StorageError(_("target: choose a lesson or an exam first"))
        return self.db.assign(self.kind.currentData(), target, assigned_by=assigned_by,
                              class_id=class_id, trainee_id=trainee_id, due=self.due_date)


class AssignDialog(QDialog):
    """Assign a lesson or an exam to one trainee, in a class or not."""

    def __init__(self, db: AssignDialogSources, trainee_id: int, assigned_by: str,
                 lessons: Callable[[], Sequence[Lesson]], today: date,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trainee_id = trainee_id
        self.assigned_by = assigned_by
        self.assignment_id: int | None = None
        trainee = db.get_trainee(trainee_id)
        name = trainee.name if trainee else _("the trainee")
        self.setWindowTitle(_("Assign work to {trainee}", trainee=name))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("A lesson or an exam for {trainee} alone (a whole class's"
                                  " work is assigned on the Classes tab).", trainee=name)))
        self.choice = WorkChoice(db, lessons, today)
        layout.addLayout(self.choice.row())
        self.message = error_label()
        self.message.hide()
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("Assign"))
        ok.setObjectName("assign_ok")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        try:
            self.assignment_id = self.choice.assign(self.assigned_by,
                                                    trainee_id=self.trainee_id)
        except FILE_OR_STORAGE_ERRORS as error:
            self.message.setText(_("Not assigned: {why}", why=error))
            self.message.show()
            return
        super().accept()
