"""The drill: a plan's rounds asked through the answer panel, its rulings through the
ruling panel, on the same table as the practice window.

Rounds are dealt by a practice-mode :class:`TrainingSession`
(:meth:`~TrainingSession.start_round`), asked by the same
:class:`~trainer.ui.round_controller.RoundController` as the practice
window's, graded by the session and kept by a :class:`SessionRecorder`
subscribed to it. Nothing here decides what is right.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QElapsedTimer, QEvent, Qt, Signal
from PySide6.QtGui import QFont, QFontInfo
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.chips import DEFAULT_CHIPS, RoomChips
from trainer.engine.round import RoundError
from trainer.engine.rulesets import RuleSetError
from trainer.i18n import _
from trainer.storage.interfaces import SessionStore
from trainer.storage.models import StorageError
from trainer.training.chip_drills import ChipTaskResult
from trainer.training.course_plan import (
    ChipStep,
    CourseProgress,
    Plan,
    RoundStep,
    RulingStep,
    Step,
)
from trainer.training.grading import Grade
from trainer.training.progressive_meter import ProgressiveMeter
from trainer.training.recorder import SessionRecorder
from trainer.training.session import Mode, RoundState, TrainingSession, TrainingSettings
from trainer.ui.answer_panel import AnswerPanel
from trainer.ui.course.chip_drill import ChipTaskPanel
from trainer.ui.course.ruling import RulingPanel
from trainer.ui.course.ruling_table import RulingTableView
from trainer.ui.keys import shortcut
from trainer.ui.round_controller import RoundController
from trainer.ui.table.rack import ChipRack


class DrillPlayer(QWidget):
    """Plays one :class:`Plan` step by step; ``finished`` when the last step is answered."""

    finished = Signal()
    stopped = Signal()
    stepReady = Signal()
    """A step is up and waiting for the trainee's first answer."""

    def __init__(self, settings: TrainingSettings, progress: CourseProgress,
                 parent: QWidget | None = None, *, db: SessionStore | None = None,
                 trainee_id: int | None = None, meter: ProgressiveMeter | None = None,
                 chips: RoomChips | None = None) -> None:
        super().__init__(parent)
        self.room_chips = chips
        """The room's chips: with the trainee's Pay with chips (or a round step that asks
        for chips, a mistake made paying in chips), payouts are built from its rack."""
        self.meter = meter
        """The practice window's progressive meter: fresh drill rounds play against it,
        so the course's table shows the same pool as the practice table."""
        self.settings = settings
        self.progress = progress
        self.db = db
        self.trainee_id = trainee_id
        self.plan: Plan | None = None
        self.index = -1
        self.session: TrainingSession | None = None
        self.rulings_right = 0
        self.rulings_answered = 0
        self.chips_right = 0
        self.chips_answered = 0
        self._ruling_timer = QElapsedTimer()
        self._storage_warned = False

        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = QLabel()
        self._title_font()
        top.addWidget(self.title)
        self.position = QLabel()
        self.position.setObjectName("position")
        top.addWidget(self.position, stretch=1)
        self.stop_button = QPushButton(_("Stop drill"))
        self.stop_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stop_button.clicked.connect(self.stop)
        top.addWidget(self.stop_button)
        layout.addLayout(top)

        self.table = RulingTableView()
        self.table.set_four_colour(settings.four_colour)
        self.panel = AnswerPanel()
        self.panel.next_button.setText(_("Next  (Enter or Ctrl+N)"))
        self.ruling_panel = RulingPanel()
        self.chip_panel = ChipTaskPanel()
        self.side = QStackedWidget()
        self.side.addWidget(self.panel)
        self.side.addWidget(self.ruling_panel)
        self.side.addWidget(self.chip_panel)
        self.chip_rack = ChipRack()
        """Chip mode's rack under the table (hidden while payouts are typed)."""
        self.chip_rack.setVisible(False)
        self.table_column = QWidget()
        """The table with the chip rack under it: hidden whole for a chip task (and a
        ruling without a table)."""
        column = QVBoxLayout(self.table_column)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.table, stretch=1)
        column.addWidget(self.chip_rack)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.table_column)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout.addWidget(self.splitter, stretch=1)

        self.rounds = RoundController(self.table, self.panel, self)
        self.rounds.answered.connect(self._answered)
        self.rounds.roundFinished.connect(self._finish_round)
        self.rounds.storageFailed.connect(self._storage_problem)
        self.chip_rack.chipClicked.connect(self.rounds.add_chip)
        self.chip_rack.drop_target = self.table  # a chip dragged onto the table is paid
        self.panel.nextHandRequested.connect(self.advance)
        shortcut("Ctrl+N", self, self.advance)  # the course window has no Game menu
        self.ruling_panel.answered.connect(self.answer_ruling)
        self.ruling_panel.nextRequested.connect(self.advance)
        self.chip_panel.answered.connect(self._chip_answered)
        self.chip_panel.nextRequested.connect(self.advance)

    def _title_font(self) -> None:
        """The drill's title 1.4 times the window's text, which grows with the window
        (ui/text_scale.py): set again whenever that changes (at 4K it stayed small)."""
        base = self.font()
        font = QFont(base)
        font.setPixelSize(max(1, round(QFontInfo(base).pixelSize() * 1.4)))
        font.setBold(True)
        self.title.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._title_font()

    # --- the plan ----------------------------------------------------------------------

    @property
    def current_step(self) -> Step | None:
        plan = self.plan
        if plan is None or not 0 <= self.index < len(plan.steps):
            return None
        return plan.steps[self.index]

    def start(self, plan: Plan) -> None:
        """Begin a drill (a fresh practice session, recorded when there is a trainee)."""
        self._close_recorder()
        self.plan = plan
        self.index = -1
        self.rulings_right = self.rulings_answered = 0
        self.chips_right = self.chips_answered = 0
        self.title.setText(plan.title)
        settings = dataclasses.replace(self.settings, seed=None)
        self.session = TrainingSession(settings, Mode.PRACTICE, meter=self.meter)
        if self.db is not None and self.trainee_id is not None:
            try:
                self.rounds.recorder = SessionRecorder(self.db, self.trainee_id, self.session)
            except StorageError as error:
                self._storage_problem(error)
        self.advance()

    def advance(self) -> None:
        """The next step, or the end of the drill."""
        plan = self.plan
        if plan is None:
            return
        state = self.state
        if isinstance(self.current_step, RoundStep) and state is not None and not state.finished:
            return  # Ctrl+N in the middle of a round: finish it first
        if isinstance(self.current_step, ChipStep) and self.chip_panel.result is None:
            return  # nor skip a chip task unanswered
        self.index += 1
        step = self.current_step
        if step is None:
            self._close_recorder()
            self.finished.emit()
            return
        self.position.setText(_("Step {number} of {count} \u2022 {step}", number=self.index + 1,
                                count=len(plan.steps), step=step.label))
        if isinstance(step, RulingStep):
            self._ask_ruling(step)
        elif isinstance(step, ChipStep):
            self._ask_chip_task(step)
        else:
            self._deal(step)

    def stop(self) -> None:
        self._close_recorder()
        self.plan = None
        self.rounds.stop()
        self.stopped.emit()

    @property
    def state(self) -> RoundState | None:
        """The round being asked (None during a ruling)."""
        return self.rounds.state

    def summary(self) -> tuple[int, int]:
        """(right, answered) over the drill's round questions and rulings."""
        totals = None if self.session is None else self.session.summary()
        right = (totals.correct if totals else 0) + self.rulings_right + self.chips_right
        answered = (totals.questions if totals else 0) + self.rulings_answered
        return right, answered + self.chips_answered

    # --- rounds ------------------------------------------------------------------------------

    def _deal(self, step: RoundStep) -> None:
        assert self.session is not None
        try:
            state = self.session.start_round(step.round, step.skills, on_meter=step.fresh)
        except StorageError as error:  # dealt, but not saved
            self._storage_problem(error)
            state = self.session.rounds[-1]
        except (RoundError, RuleSetError, ValueError) as error:
            QMessageBox.warning(self, _("Cannot deal this round"),
                                _("{step}: {error}", step=step.label, error=error))
            self.rounds.stop()
            self.advance()
            return
        self.side.setCurrentWidget(self.panel)
        self._share(0.75)
        self.table_column.show()
        self.table.show()
        self._chip_mode(step)
        self.rounds.begin(state)
        self.stepReady.emit()

    def _chip_mode(self, step: RoundStep | None) -> None:
        """Payouts in chips when the trainee pays with chips, or the step asks for them
        (a mistake made paying in chips); a drill is practice: feedback after each
        answer, the running total when the trainee asked for it."""
        wanted = step is not None and (self.settings.chip_mode or step.chips)
        self.rounds.set_chip_mode(self.room_chips or DEFAULT_CHIPS if wanted else None,
                                  self.chip_rack, total=self.settings.chip_total,
                                  feedback=True)

    def submit_answer(self, text: str) -> None:
        """Answer the current question as if typed (tests)."""
        self.rounds.submit(text)

    def _answered(self, grade: Grade) -> None:
        if self.recorder is None:  # not kept in the database: counted for this run only
            self.progress.record_unsaved(grade.question.skill, grade.correct, grade.seconds)
        self.panel.show_feedback(grade)
        if not grade.correct and self.settings.sound:
            QApplication.beep()
        self.panel.add_history(grade, True)

    def _finish_round(self, state: RoundState) -> None:
        step = self.current_step
        if isinstance(step, RoundStep) and step.scenario is not None and state.grades:
            seconds = state.elapsed / len(state.grades)
            try:
                self.progress.record_scenario(step.scenario, state.correct == len(state.grades),
                                              seconds)
            except StorageError as error:  # counted for this run only
                self._warn_not_saved(error)
        last = self.plan is not None and self.index == len(self.plan.steps) - 1
        lines = []
        if isinstance(step, RoundStep) and step.situation:
            lines.append(_("This round: {situation}", situation=step.situation))
        elapsed = format(state.elapsed, ".1f")
        lines.append(_("{right} of {count} correct in {seconds} s.", right=state.correct,
                       count=len(state.grades), seconds=elapsed))
        lines.append(_("Press Enter to see how your mastery moved.") if last
                     else _("Press Enter or Ctrl+N for the next round."))
        self.panel.show_round_over("\n".join(lines))

    # --- chip tasks (cut and size) ---------------------------------------------------------

    def _ask_chip_task(self, step: ChipStep) -> None:
        self.rounds.stop()
        self._chip_mode(None)
        self.table_column.hide()  # a chip task has no round: its stacks take the width
        self.side.setCurrentWidget(self.chip_panel)
        self._share(0.0)
        self.chip_panel.show_task(step.task, step.label)
        self.stepReady.emit()

    def _chip_answered(self, result: ChipTaskResult, seconds: float) -> None:
        step = self.current_step
        if not isinstance(step, ChipStep):
            return
        self.chips_answered += 1
        self.chips_right += result.correct
        try:
            self.progress.record_chip_task(step, result.correct, seconds)
        except StorageError as error:  # graded and counted for this run, but not saved
            self._warn_not_saved(error)
        if not result.correct and self.settings.sound:
            QApplication.beep()

    # --- rulings ----------------------------------------------------------------------------

    def _ask_ruling(self, step: RulingStep) -> None:
        self.rounds.stop()
        self._chip_mode(None)
        self.side.setCurrentWidget(self.ruling_panel)
        self._share(0.6)  # a ruling is read: its panel gets more room
        if step.ruling.table is not None:
            self.table_column.show()
            self.table.show()
            self.table.show_ruling_table(step.ruling.table)
        else:
            self.table_column.hide()
        self.ruling_panel.show_ruling(step.ruling, step.label)
        self._ruling_timer.start()
        self.stepReady.emit()

    def answer_ruling(self, choice: int) -> None:
        step = self.current_step
        if not isinstance(step, RulingStep):
            return
        right = step.ruling.is_correct(choice)
        self.rulings_answered += 1
        self.rulings_right += right
        try:
            self.progress.record_ruling(step, right, self._ruling_timer.elapsed() / 1000)
        except StorageError as error:  # graded and counted for this run, but not saved
            self._warn_not_saved(error)
        if not right and self.settings.sound:
            QApplication.beep()
        self.ruling_panel.show_verdict(choice)

    def _share(self, table: float) -> None:
        """Give the table this fraction of the width, the side panel the rest."""
        # the splitter's width: a hidden table (a chip task) counts 0 in its sizes
        total = max(sum(self.splitter.sizes()), self.splitter.width()) or self.width() or 1600
        self.splitter.setSizes([round(total * table), round(total * (1 - table))])

    # --- storage -----------------------------------------------------------------------------

    @property
    def recorder(self) -> SessionRecorder | None:
        """Keeps the drill's rounds in the database (held by the round loop)."""
        return self.rounds.recorder

    def _close_recorder(self) -> None:
        self.rounds.close_recorder()

    def _storage_problem(self, error: Exception) -> None:
        """Saving failed: say so once, plainly; the drill goes on in memory."""
        self.rounds.drop_recorder()
        self._warn_not_saved(error)

    def _warn_not_saved(self, error: Exception) -> None:
        """Say once, plainly, that answers could not be saved."""
        if self._storage_warned:
            return
        self._storage_warned = True
        QMessageBox.critical(
            self,
            _("Progress not saved"),
            _("Your answers could not be saved to the database ({error}).\n\nYou can finish"
              " the drill, but its results will not be kept. Tell your instructor.",
              error=error),
        )
