"""The end of a drill: how many were right and how mastery moved (before -> after)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from trainer.i18n import _, ngettext
from trainer.training.course_plan import Change
from trainer.training.mastery import MASTERED_SCORE, MASTERY_MIN_ANSWERS, Level
from trainer.ui.course.lesson_page import reading_browser
from trainer.ui.progress.labels import heading

ROSE = "#1b5e20"
FELL = "#b00020"


def changes_html(changes: Sequence[Change]) -> str:
    """A table of the mastery lines: name, before, after, change."""
    rows = []

    def shown(score: int, level: str) -> str:
        if level == Level.NOT_STARTED.value:
            return f"\u2014 <small>{escape(_(level))}</small>"
        if held_back(score, level):
            return f"{score}% <small>{escape(_(level))}*</small>"
        return f"{score}% <small>{escape(_(level))}</small>"

    for change in changes:
        delta = change.after - change.before
        colour = ROSE if delta > 0 else FELL if delta < 0 else "#444444"
        sign = f"+{delta}" if delta > 0 else str(delta)
        rows.append(
            f"<tr><td>{escape(change.name)}</td>"
            f"<td align='right'>{shown(change.before, change.before_level)}</td>"
            f"<td align='center'>\u2192</td>"
            f"<td align='right'><b>{shown(change.after, change.after_level)}</b></td>"
            f"<td align='right' style='color:{colour}'><b>{sign}</b></td></tr>")
    footnote = ""
    if any(held_back(c.before, c.before_level) or held_back(c.after, c.after_level)
           for c in changes):
        footnote = "<p><small>* {}</small></p>".format(escape(_(
            "{score}% or more, but fewer than {count} answers on the skill yet: a skill is"
            " mastered from {score}% with at least {count} answers, so a lucky streak is"
            " not mastery.", score=MASTERED_SCORE, count=MASTERY_MIN_ANSWERS)))
    headings = ("<tr><th align='left'>{}</th><th align='right'>{}</th><th></th>"
                "<th align='right'>{}</th><th align='right'>{}</th></tr>").format(
        *(escape(word) for word in (_("Mastery"), _("before"), _("after"), _("change"))))
    return ("<table cellpadding='8' cellspacing='0' width='60%'>"
            + headings + "".join(rows) + "</table>" + footnote)


def held_back(score: int, level: str) -> bool:
    """A score at the mastered mark that is not mastered: too few answers so far."""
    return score >= MASTERED_SCORE and level == Level.PROFICIENT.value


class SummaryPage(QWidget):
    """Shown when a drill is over."""

    againRequested = Signal()
    lessonRequested = Signal()
    courseRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.changes: list[Change] = []
        layout = QVBoxLayout(self)
        self.heading = heading("", scale=1.6)
        self.heading.setObjectName("summary-heading")
        layout.addWidget(self.heading)
        self.score = heading("", scale=1.25)
        self.score.setObjectName("summary-score")
        layout.addWidget(self.score)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        layout.addWidget(self.notes)
        self.table = reading_browser("mastery-changes")
        layout.addWidget(self.table, stretch=1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.again_button = QPushButton(_("Drill again"))
        self.again_button.clicked.connect(self.againRequested)
        self.lesson_button = QPushButton(_("Back to the lesson"))
        self.lesson_button.clicked.connect(self.lessonRequested)
        self.course_button = QPushButton(_("Back to the course  (Enter)"))
        self.course_button.clicked.connect(self.courseRequested)
        for button in (self.again_button, self.lesson_button, self.course_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)

    def show_result(self, title: str, right: int, answered: int, changes: Sequence[Change],
                    *, has_lesson: bool, notes: Sequence[str] = (),
                    stopped: bool = False) -> None:
        """``stopped``: the trainee stopped the drill before its end."""
        self.changes = list(changes)
        self.heading.setText(_("Drill stopped: {title}", title=title) if stopped
                             else _("Drill complete: {title}", title=title))
        if answered:
            self.score.setText(ngettext("{right} of {count} right ({percent}%)",
                                        "{right} of {count} right ({percent}%)", answered,
                                        right=right, percent=round(100 * right / answered)))
        else:
            self.score.setText(_("Nothing answered"))
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))
        self.table.setHtml(changes_html(changes) if changes else
                           "<p>{}</p>".format(escape(_("No mastery to show for this drill."))))
        self.lesson_button.setVisible(has_lesson)
        self.course_button.setDefault(True)
        self.course_button.setFocus()
