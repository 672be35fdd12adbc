"""One lesson: its explanation, its worked examples on the table, and "Start drill".

An example's account of the dealer's hand and every payout is the engine's
settlement (:func:`~trainer.engine.settlement.settle`), put in words by
:func:`~trainer.training.account.settlement_markdown`; nothing is worked out here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.round import RoundError
from trainer.engine.rulesets import RuleSetError
from trainer.engine.settlement import settle
from trainer.i18n import _, ngettext
from trainer.training.account import settlement_markdown
from trainer.training.lessons import Lesson
from trainer.training.mastery import LessonMastery, Level
from trainer.ui.keys import shortcut
from trainer.ui.progress.labels import heading
from trainer.ui.table.view import TableView

READING_SCALE = 1.2
"""Lesson text is read, not glanced at: a little larger than the interface's."""


def reading_browser(name: str) -> QTextBrowser:
    """A read-only Markdown pane in a comfortable reading size."""
    browser = QTextBrowser()
    browser.setObjectName(name)
    browser.setOpenExternalLinks(False)
    browser.setOpenLinks(False)
    font = QFont(browser.font())
    font.setPointSizeF(font.pointSizeF() * READING_SCALE)
    browser.setFont(font)
    browser.document().setDocumentMargin(14)
    return browser


def mastery_text(mastery: LessonMastery) -> str:
    if mastery.level is Level.NOT_STARTED:
        return _("Mastery: not started")
    # the level's words are the catalogue's (reports name the levels the same way)
    return _("Mastery {score}% \u2022 {level}", score=mastery.score,
             level=_(mastery.level.value))


def drill_summary(lesson: Lesson) -> str:
    """E.g. ``21 rounds``, ``21 chip tasks`` or ``14 rulings`` (what "Start drill" will
    ask)."""
    rounds = sum(drill.count for drill in lesson.drills)
    parts = []
    if rounds:
        parts.append(ngettext("{count} round", "{count} rounds", rounds))
    tasks = sum(drill.count for drill in lesson.chip_drills)
    if tasks:
        parts.append(ngettext("{count} chip task", "{count} chip tasks", tasks))
    if lesson.rulings:
        parts.append(ngettext("{count} ruling", "{count} rulings", len(lesson.rulings)))
    if len(parts) == 3:
        return _("{first}, {second} and {third}", first=parts[0], second=parts[1],
                 third=parts[2])
    if len(parts) == 2:
        return _("{first} and {second}", first=parts[0], second=parts[1])
    return parts[0] if parts else ""


class LessonPage(QWidget):
    """The explanation on the left, the worked examples on the table on the right."""

    backRequested = Signal()
    drillRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, four_colour: bool = False) -> None:
        super().__init__(parent)
        self.lesson: Lesson | None = None
        self.example_index = 0
        layout = QVBoxLayout(self)

        top = QHBoxLayout()
        self.back_button = QPushButton(_("\u2190 Course"))
        self.back_button.setToolTip(_("Back to the list of lessons (Esc)"))
        self.back_button.clicked.connect(self.backRequested)
        top.addWidget(self.back_button)
        self.title = heading("", scale=1.6)
        self.title.setObjectName("lesson-title")
        top.addWidget(self.title, stretch=1)
        self.mastery = QLabel()
        self.mastery.setObjectName("lesson-mastery")
        top.addWidget(self.mastery)
        self.drill_button = QPushButton(_("Start drill"))
        self.drill_button.setObjectName("start-drill")
        self.drill_button.setDefault(True)
        self.drill_button.setToolTip(_("Practise this lesson (Ctrl+D)"))
        drill_font = QFont(self.drill_button.font())
        drill_font.setBold(True)
        self.drill_button.setFont(drill_font)
        self.drill_button.setMinimumHeight(self.drill_button.sizeHint().height() * 3 // 2)
        self.drill_button.clicked.connect(self.drillRequested)
        self.whole_rounds = QCheckBox(_("Whole rounds"))
        self.whole_rounds.setObjectName("whole-rounds")
        self.whole_rounds.setToolTip(
            _("Ask every question of each round, not only this lesson's skills"))
        top.addWidget(self.whole_rounds)
        top.addWidget(self.drill_button)
        layout.addLayout(top)
        self.facts = QLabel()
        self.facts.setObjectName("lesson-facts")
        self.facts.setWordWrap(True)
        layout.addWidget(self.facts)

        self.explanation = reading_browser("explanation")

        examples = QWidget()
        examples_layout = QVBoxLayout(examples)
        examples_layout.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        self.example_title = heading("", scale=1.2)
        self.example_title.setObjectName("example-title")
        self.example_title.setWordWrap(True)
        bar.addWidget(self.example_title, stretch=1)
        self.previous_button = QPushButton(_("\u25c0 Previous"))
        self.previous_button.clicked.connect(lambda: self.show_example(self.example_index - 1))
        self.next_button = QPushButton(_("Next example \u25b6"))
        self.next_button.clicked.connect(lambda: self.show_example(self.example_index + 1))
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        examples_layout.addLayout(bar)
        self.table = TableView()
        self.table.set_four_colour(four_colour)
        self.account = reading_browser("example-account")
        shown = QSplitter(Qt.Orientation.Vertical)
        shown.addWidget(self.table)
        shown.addWidget(self.account)
        shown.setChildrenCollapsible(False)
        shown.setSizes([580, 420])  # the account is read: give it a good share
        examples_layout.addWidget(shown, stretch=1)

        self.no_examples = QLabel()
        self.no_examples.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_examples.setWordWrap(True)
        self.right = QStackedWidget()
        self.right.addWidget(examples)
        self.right.addWidget(self.no_examples)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.explanation)
        splitter.addWidget(self.right)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([760, 1160])  # ~40% for the explanation, the rest for the table
        layout.addWidget(splitter, stretch=1)

        shortcut("Ctrl+D", self, self.drill_button.click)
        shortcut(Qt.Key.Key_Escape, self, self.backRequested.emit)
        shortcut(Qt.Key.Key_PageDown, self, lambda: self.show_example(self.example_index + 1))
        shortcut(Qt.Key.Key_PageUp, self, lambda: self.show_example(self.example_index - 1))

    def set_lesson(self, lesson: Lesson, mastery: LessonMastery) -> None:
        """Show a lesson from the top, with the trainee's mastery of it."""
        self.lesson = lesson
        self.title.setText(f"{lesson.order}. {lesson.title}")
        self.set_mastery(mastery)
        skills = ", ".join(skill.label for skill in lesson.skills) or (
            _("cutting and sizing chips") if lesson.chip_drills else _("rulings"))
        seconds = format(lesson.target_seconds, "g")
        self.facts.setText(_(
            "Trains: {skills} \u2022 target {seconds} s a question \u2022 rule set {rules}",
            skills=skills, seconds=seconds, rules=lesson.rules))
        self.explanation.setMarkdown(lesson.explanation)
        what = drill_summary(lesson)
        self.drill_button.setText(_("Start drill ({what})", what=what) + "  " if what
                                  else _("Nothing to drill"))
        self.drill_button.setEnabled(bool(what))
        if lesson.examples:
            self.right.setCurrentIndex(0)
            self.show_example(0)
        else:
            self.right.setCurrentWidget(self.no_examples)
            self.no_examples.setText(
                _("This lesson has no worked examples.\n\nRead the explanation, then press"
                  " \u201cStart drill\u201d: {what}.", what=what) if what
                else _("This lesson has no worked examples."))
        self.explanation.verticalScrollBar().setValue(0)
        self.drill_button.setFocus()

    def set_mastery(self, mastery: LessonMastery) -> None:
        self.mastery.setText(mastery_text(mastery))

    def show_example(self, index: int) -> None:
        """Put worked example ``index`` on the table with the engine's account of it."""
        lesson = self.lesson
        if lesson is None or not lesson.examples:
            return
        index = max(0, min(index, len(lesson.examples) - 1))
        self.example_index = index
        example = lesson.examples[index]
        count = len(lesson.examples)
        self.example_title.setText(
            _("Worked example {number} of {count}: {title}", number=index + 1, count=count,
              title=example.title) if example.title
            else _("Worked example {number} of {count}", number=index + 1, count=count))
        self.previous_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < count - 1)
        self.table.show_round(example.round)
        try:
            account = settlement_markdown(settle(example.round))
        except (RoundError, RuleSetError, ValueError) as error:
            account = _("**The engine cannot settle this example:** {error}", error=error)
        heading_text = _("The settlement, step by step")
        self.account.setMarkdown(
            f"{example.note.strip()}\n\n---\n\n#### {heading_text}\n\n{account}")
        self.account.verticalScrollBar().setValue(0)
