"""No text shown by any window of the trainer bypasses the catalogue (issue 24).

In the pseudo-language ``qps`` every translated message is wrapped in ``[[ ]]``, so a
word outside the brackets was not translated. Every window and dialog is opened here in
``qps`` and every visible widget walked: labels, buttons, check boxes, group boxes, tabs,
table and tree headers, list items, combo box items, placeholders, tooltips, menus and
their actions, window titles, and the felt's text items (the table scene). The test
fails with the list of unmarked strings. What may stay unmarked is an explicit list
(:data:`DATA` and :func:`unmarked`): names of people, the program, languages, brands on
the felt (docs/glossary-es.md keeps them), rule sets; numbers, amounts, card codes."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from datetime import date
from typing import Any

from PySide6.QtCore import QModelIndex, QRectF, Qt
from PySide6.QtGui import QAction, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableView,
    QTabWidget,
    QTextEdit,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.mnemonics import clashes
from trainer.engine.rulesets import load_ruleset
from trainer.i18n import LANGUAGE_NAMES, _
from trainer.site_config import PinPolicy, SiteConfig
from trainer.storage import TrainerDB
from trainer.training.lessons import load_course
from trainer.training.questions import QuestionKind
from trainer.training.session import TrainingSettings
from trainer.ui.about import TITLE
from trainer.ui.table.rack import ChipRack

DATA = (
    # People: the trainees and instructors these tests create.
    "Ana", "Maria",
    # The program's own name, and each language's name in its own language.
    TITLE, *LANGUAGE_NAMES.values(),
    # Brand names of the side bets, printed as such on the felt (docs/glossary-es.md).
    "Trips Plus", "Pocket Bonus", "6-Card Bonus", "Ultimate Texas Hold'em",
    "Ultimate Texas Hold\u2019em", "Progressive",
    # The rule sets' names (data from trainer/rulesets/*.toml, not prose).
    "New York 2018", "Casino house rules", "Massachusetts", "Game owner standard",
    # Units and symbols said the same in both languages.
    "PDF", "CSV", "PIN",
)
"""Words that are names, not prose: allowed outside [[ ]]."""
LESSON_TEXT = tuple(text for lesson in load_course().lessons
                    for text in (f"{lesson.order}. {lesson.title}", lesson.title,
                                 *(ruling.situation for ruling in lesson.rulings),
                                 *(choice for ruling in lesson.rulings
                                   for choice in ruling.choices)))
"""The lessons' titles, rulings and their choices are the lesson files' text, translated
there (issue 24, item 5: each lesson carries its Spanish), not in the catalogue: allowed
outside [[ ]] too."""
LESSON_BROWSERS = {"explanation", "example-account"}
"""A lesson page's explanation and worked example: the lesson file's text in its language
(item 5; tests/ui/test_lesson_page_in_spanish.py reads them in Spanish)."""
KEY_NAMES = {"Backspace", "Enter", "Esc", "Del", "Space", "Up", "Down", "Left", "Right"}
"""Keys' names as Qt writes them (QKeySequence.NativeText): Qt's own translation, like
its standard buttons (Spanish Intro, Retroceso; tests/ui/test_help_and_felt_in_spanish.py)."""
QT_OWN = {"OK", "Cancel", "Close", "Save", "Yes", "No", "&OK", "&Cancel", "&Close", "&Save",
          "&Yes", "&No"}
"""Qt's standard buttons: Qt's own translation puts them in the language in force
(trainer.ui.qt_language; tests/ui/test_help_and_felt_in_spanish.py)."""
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs\u2660\u2665\u2666\u2663]")
"""A card code (Ah, Tc) or a card as the felt shows it (A\u2665)."""


def _headers(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    found = []
    for orientation, count in ((Qt.Orientation.Horizontal, model.columnCount(QModelIndex())),):
        for section in range(count):
            value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
            tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
            found += [str(value) if value is not None else "", str(tip) if tip else ""]
    return found


class _Recorder:
    """A painter that keeps every text drawn with it and paints the rest on a real one:
    the felt's items paint their words with drawText (trainer/ui/table/items.py)."""

    def __init__(self, real: QPainter) -> None:
        self.real = real
        self.drawn: list[str] = []

    def drawText(self, *args: Any) -> None:  # QPainter's name, called by the items
        self.drawn += [arg for arg in args if isinstance(arg, str)]
        self.real.drawText(*args)

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def felt_texts(item: object) -> list[str]:
    """The words an item of the felt paints."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    real = QPainter(image)
    recorder = _Recorder(real)
    try:
        item.draw(recorder)  # type: ignore[attr-defined]
    finally:
        real.end()
    return recorder.drawn


def texts(window: QWidget) -> list[str]:
    """Every text ``window`` shows: its title, its visible widgets', its actions', its
    scenes' text items."""
    found = [window.windowTitle()]
    for widget in [window, *window.findChildren(QWidget)]:
        if widget is not window and not widget.isVisibleTo(window):
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            found.append(widget.text())
        if isinstance(widget, QGroupBox):
            found.append(widget.title())
        if isinstance(widget, QLineEdit):
            found.append(widget.placeholderText())
        if isinstance(widget, QComboBox) and widget.objectName() != "language":
            found += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QTabWidget):
            found += [widget.tabText(i) for i in range(widget.count())]
            found += [widget.tabToolTip(i) for i in range(widget.count())]
        if isinstance(widget, QTableView | QTreeView):
            found += _headers(widget)
        if isinstance(widget, QListWidget):
            found += [widget.item(row).text() for row in range(widget.count())]
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if not item.isVisible():
                    continue
                if isinstance(item, QGraphicsSimpleTextItem):
                    found.append(item.text())
                elif isinstance(item, QGraphicsTextItem):
                    found.append(item.toPlainText())
                elif callable(getattr(item, "draw", None)):
                    found += felt_texts(item)
        if isinstance(widget, QTextEdit) and widget.objectName() not in LESSON_BROWSERS:
            found += [line for line in widget.toPlainText().splitlines() if line.strip()]
        if isinstance(widget, ChipRack):
            found.append(widget.status)  # painted beside the chips
        found.append(widget.toolTip())
    for action in window.findChildren(QAction):
        found += [action.text(), action.toolTip() if action.toolTip() != action.text()
                  .replace("&", "") else ""]
    return [text for text in found if text]


def _outside_brackets(text: str) -> str:
    """What of ``text`` lies outside every [[ ]], counting their depth: a message may
    hold translated messages, and begin with one ([[[[Ante]] (target 6 s)]])."""
    kept, depth, at = [], 0, 0
    while at < len(text):
        if text.startswith("[[", at):
            depth, at = depth + 1, at + 2
        elif text.startswith("]]", at) and depth:
            depth, at = depth - 1, at + 2
        else:
            if not depth:
                kept.append(text[at])
            at += 1
    return "".join(kept)


def unmarked(text: str) -> str:
    """Letters of ``text`` outside [[ ]] and outside the names in DATA, the card codes,
    numbers and key names."""
    outside = _outside_brackets(html.unescape(re.sub(r"<[^>]+>", " ", text)))
    for name in sorted((*DATA, *LESSON_TEXT), key=len, reverse=True):
        outside = re.sub(re.escape(name), "", outside, flags=re.I)  # the felt's capitals
    outside = CARD.sub("", outside)
    outside = re.sub(r"(?:\b[A-Za-z]:)?[/\\][^\s<]+", "", outside)  # a file's path
    outside = re.sub(r"\b(?:[A-Za-z]|[A-Za-z]?\d+\w*|Ctrl|Shift|Alt|Qt|Python)\b", "",
                     outside)  # one-letter keys (Y, w), numbers, $2.50, 3x, key modifiers
    outside = re.sub(r"\b(?:{})\b".format("|".join(KEY_NAMES)), "", outside)
    return "".join(char for char in outside if char.isalpha())


def bare(*windows: QWidget) -> set[str]:
    """The unmarked texts of ``windows``; on the way, no two controls of a window may
    share an Alt+letter key (the letters are the English ones in ``qps``)."""
    for window in windows:
        shared = clashes(window)
        assert not shared, f"Alt+letter keys shared in {type(window).__name__}: {shared}"
    return {text for window in windows for text in texts(window)
            if unmarked(text) and text not in QT_OWN}


def assert_marked(found: Iterable[str]) -> None:
    """Fails listing every unmarked text of ``found``."""
    left = sorted(set(found))
    assert not left, "unmarked:\n" + "\n".join(repr(text) for text in left)


def test_the_walk_finds_an_unmarked_text_on_a_tab_header_and_the_felt(
        qtbot: QtBot, pseudo: None) -> None:
    """The check itself: a tab, a table header and a text on the felt set without the
    catalogue are each caught."""
    from PySide6.QtWidgets import QTableWidget

    from trainer.ui.table.view import TableView

    holder = QTabWidget()
    qtbot.addWidget(holder)
    table = QTableWidget(1, 1)
    table.setHorizontalHeaderLabels(["Payout"])
    holder.addTab(table, "Roster")
    view = TableView()
    holder.addTab(view, _("felt"))
    holder.setCurrentIndex(1)
    view.scene().addSimpleText("Dealer qualifies")
    view.scene().addItem(_Painted())
    notes = QTextEdit()
    notes.setHtml("<p>[[Marked]]</p><p>Right answer</p>")
    holder.addTab(notes, _("notes"))
    holder.setCurrentIndex(0)
    assert {"Roster", "Payout"} <= bare(holder)
    holder.setCurrentIndex(2)
    assert "Right answer" in bare(holder) and "[[Marked]]" not in bare(holder)
    holder.setCurrentIndex(1)
    assert {"Dealer qualifies", "Ante pays"} <= bare(holder)


class _Painted(QGraphicsRectItem):
    """An item of the felt that paints its words, as trainer/ui/table/items.py's do."""

    def draw(self, painter: QPainter) -> None:
        painter.drawText(QRectF(0, 0, 50, 10), Qt.AlignmentFlag.AlignCenter, "Ante pays")


def _practice(qtbot: QtBot, db: TrainerDB, **settings: object) -> object:
    from trainer.ui.main_window import MainWindow

    ana = db.create_trainee("Ana")
    db.set_trainee_pin(ana, "471147")
    window = MainWindow(TrainingSettings(seed=3, sound=False, rules="house",
                                         **settings),  # type: ignore[arg-type]
                        db=db, trainee_id=ana, site=SiteConfig(trainee_pin=PinPolicy.OPTIONAL))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    return window


def test_the_practice_window_with_each_kind_of_question_its_help_and_lock(
        qtbot: QtBot, pseudo: None, db: TrainerDB) -> None:
    from trainer.ui.main_window import MainWindow

    window = _practice(qtbot, db)
    assert isinstance(window, MainWindow)
    found: set[str] = set()
    kinds: set[str] = set()
    for _round in range(4):
        window.next_hand()
        state = window.state
        assert state is not None
        while state.current is not None:
            kinds.add(str(state.current.kind))
            found |= bare(window)
            window.submit_answer("zzz")  # an error said
            found |= bare(window)
            window.submit_answer(_answer(state.current))
        found |= bare(window)
    elsewhere = {QuestionKind.PROCEDURE, QuestionKind.MISTAKE}  # their own windows, below
    assert kinds == {str(kind) for kind in QuestionKind if kind not in elsewhere}
    assert "[[DEALER]]" in texts(window)  # the felt's painted words were walked
    window.open_help()
    assert window.help_window is not None
    found |= bare(window.help_window)
    window.help_window.tabs.setCurrentIndex(1)
    found |= bare(window.help_window)
    window.help_window.close()
    progress = window.progress_dialog()  # My progress
    assert progress is not None
    qtbot.addWidget(progress)
    found |= bare(progress)
    window.lock()
    found |= bare(window.lock_page)
    window.close()
    assert_marked(found)


def _answer(question: object) -> str:
    from tests.ui.test_practice_loop import typed_form

    return typed_form(question.kind, question.expected)  # type: ignore[attr-defined]


def test_settings_profile_about(qtbot: QtBot, pseudo: None, db: TrainerDB) -> None:
    from trainer.ui.about import AboutDialog
    from trainer.ui.first_run import WelcomeDialog
    from trainer.ui.profile_dialog import ProfileDialog
    from trainer.ui.settings_dialog import SettingsDialog

    settings = SettingsDialog(TrainingSettings(rules="house"))
    welcome = WelcomeDialog(db, policy=PinPolicy.REQUIRED)
    db.create_trainee("Ana")
    profile = ProfileDialog(db, policy=PinPolicy.REQUIRED)
    about = AboutDialog(load_ruleset("ny-2018"), {})
    for dialog in (settings, welcome, profile, about):
        qtbot.addWidget(dialog)
    assert_marked(bare(settings, welcome, profile, about))


def test_the_course_window_a_lesson_page_and_a_drill(qtbot: QtBot, pseudo: None) -> None:
    from trainer.ui.course import CourseWindow

    window = CourseWindow(TrainingSettings(seed=20260501, sound=False), course=load_course())
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    found = bare(window)
    window.open_lesson("dealer-qualification")
    found |= bare(window)
    window.start_lesson_drill()
    assert window.pages.currentWidget() is window.drill
    found |= bare(window)
    window.drill.panel.field.setText("zzz")  # a wrong answer: its feedback
    window.drill.panel.field.returnPressed.emit()
    found |= bare(window)
    window._drill_finished(stopped=True)  # the drill's summary
    assert window.pages.currentWidget() is window.summary
    found |= bare(window)
    for lesson in ("irregularities", "chips-cut-and-size"):  # rulings; chip drills
        window.open_lesson(lesson)
        found |= bare(window)
        window.start_lesson_drill()
        found |= bare(window)
    window.close()
    assert_marked(found)


def test_the_instructor_area_every_dashboard_tab_and_its_dialogs(
        qtbot: QtBot, pseudo: None, db: TrainerDB) -> None:
    from trainer.ui.instructor_area import InstructorArea
    from trainer.ui.progress.assign import AssignDialog
    from trainer.ui.progress.certify import CertifyDialog
    from trainer.ui.progress.dashboard import InstructorDashboard
    from trainer.ui.progress.exam_setup import ExamSetupDialog, ExamSetupsDialog
    from trainer.ui.progress.sign_in import InstructorSignInDialog

    db.create_instructor("Maria", "correct horse")
    ana = db.create_trainee("Ana")
    dashboard = InstructorDashboard(db)
    area = InstructorArea(db, "Maria", dashboard, idle_minutes=15)
    qtbot.addWidget(area)
    area.resize(1366, 768)
    area.show()
    found: set[str] = set()
    for index in range(dashboard.roster_tabs.count()):
        dashboard.roster_tabs.setCurrentIndex(index)
        found |= bare(area)
    dialogs = [CertifyDialog(db, ana, "Maria"), ExamSetupDialog(db), ExamSetupsDialog(db),
               AssignDialog(db, ana, "Maria", lambda: load_course().lessons,
                            date(2026, 3, 2))]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        found |= bare(dialog)
    page = dashboard.open_trainee(ana)  # a trainee's page, each of its tabs
    for index in range(page.tabs.count()):
        page.tabs.setCurrentIndex(index)
        found |= bare(area)
    sign_in = InstructorSignInDialog(db)
    qtbot.addWidget(sign_in)
    found |= bare(sign_in)
    for shown in (area.instructors_dialog(), area.change_password_dialog(),
                  area.trainee_pin_dialog()):
        assert shown is not None
        qtbot.addWidget(shown)
        found |= bare(shown)
    area.lock()
    found |= bare(area)
    assert_marked(found)


def test_chip_mode_with_the_rack(qtbot: QtBot, pseudo: None) -> None:
    from tests.ui.test_chip_mode_window import keys, make_window, to_the_odds

    window = make_window(qtbot)
    found = bare(window)
    to_the_odds(qtbot, window)  # the odds wager's payout asked: the rack in use
    assert window.chip_rack.isVisible()
    found |= bare(window)
    keys(qtbot, window, "3", "3")  # a stack of two chips built on the felt
    found |= bare(window)
    keys(qtbot, window, "Enter")  # paid, wrongly: the feedback and the expected stack
    found |= bare(window)
    window.close()
    assert_marked(found)


def test_run_the_round_and_spot_the_dealers_mistake(qtbot: QtBot, pseudo: None) -> None:
    from trainer.engine.procedure import DealMethod
    from trainer.training.mistake_catalogue import shipped_catalogue
    from trainer.ui.mistakes_window import MistakesWindow
    from trainer.ui.procedure_window import ProcedureWindow

    procedure = ProcedureWindow(load_ruleset("house"), method=DealMethod.SHOE, seats=4, seed=5)
    mistakes = MistakesWindow(shipped_catalogue(), load_ruleset("ny-2018"), seed=1)
    for window in (procedure, mistakes):
        qtbot.addWidget(window)
        window.show()
    found = bare(procedure, mistakes)
    first = next(button for button in procedure.findChildren(QAbstractButton)
                 if button.isVisibleTo(procedure) and button.text().startswith("[["))
    first.click()  # the step answered from its first button: its feedback
    found |= bare(procedure)
    mistakes.finish()  # the verdict
    found |= bare(mistakes)
    for window in (procedure, mistakes):
        window.close()
    assert_marked(found)


def test_a_folded_seat_on_the_felt(qtbot: QtBot, pseudo: None) -> None:
    """A folded seat's note beside its name (the round's walks above may fold no seat)."""
    from trainer.ui.table.items import SeatItem

    seat = SeatItem(1, lambda _number: None)
    seat.occupied = seat.folded = True
    assert_marked(text for text in felt_texts(seat) if unmarked(text))
    assert "[[folded]]" in felt_texts(seat)


def test_the_review_of_a_recorded_round(qtbot: QtBot, pseudo: None) -> None:
    from tests.ui.test_review_chip_stacks import FLUSH_ROUND, _mistake
    from trainer.skills import Skill
    from trainer.ui.review_window import ReviewWindow

    review = ReviewWindow(FLUSH_ROUND, mistake=_mistake("seat-6-odds", Skill.ODDS_WIN,
                                                       "$7.50", "5"))
    qtbot.addWidget(review)
    review.show()
    assert_marked(bare(review))
