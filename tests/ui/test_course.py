"""The course window: a lesson from its explanation through its drill to the mastery
update, rulings graded, mistakes dealt again, bad lesson files listed; rulings and
scenario rounds kept in the database, so nothing a trainee answered is lost on a restart.

Right answers are the training session's own (built from the engine's settlement),
typed through the keyboard as a trainee would.
"""

from __future__ import annotations

import dataclasses
import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import find_trainee
from tests.ui.test_practice_loop import SETTLE_MD_EXAMPLE, typed_form
from trainer.engine.round import parse_round
from trainer.engine.settlement import settle
from trainer.storage.database import TrainerDB, open_database
from trainer.storage.models import StorageBusy
from trainer.training.course_plan import (
    CourseProgress,
    RoundStep,
    RulingStep,
    lesson_plan,
    ruling_key,
)
from trainer.training.lessons import Lesson, LessonLoad, load_course, load_lessons
from trainer.training.recorder import SessionRecorder
from trainer.training.scheduler import ruling_item, scenario_item
from trainer.training.session import TrainingSession, TrainingSettings
from trainer.ui.course import CourseWindow

SETTINGS = TrainingSettings(seed=20260501, sound=False)


@pytest.fixture
def db(private_data_dir: Path) -> Iterator[TrainerDB]:
    private_data_dir.mkdir(parents=True, exist_ok=True)
    database = open_database(private_data_dir / "station.sqlite3")
    yield database
    database.close()


@pytest.fixture(scope="module")
def shipped() -> LessonLoad:
    return load_course()


def short(lesson: Lesson, rounds: int = 1) -> Lesson:
    """The shipped lesson with each drill cut to ``rounds`` rounds (the test stays quick)."""
    drills = tuple(dataclasses.replace(drill, count=rounds) for drill in lesson.drills)
    return dataclasses.replace(lesson, drills=drills)


def course_of(*lessons: Lesson) -> LessonLoad:
    return LessonLoad(lessons=list(lessons))


def open_window(qtbot: QtBot, course: LessonLoad, db: TrainerDB | None = None,
                trainee: int | None = None) -> CourseWindow:
    window = CourseWindow(SETTINGS, db=db, trainee_id=trainee, course=course)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    return window


def answers_on_disk(path: Path) -> list[tuple[str, int]]:
    """(skill, correct) of every answer, read through a separate connection."""
    with sqlite3.connect(path) as other:
        rows = other.execute("SELECT skill, correct FROM answers ORDER BY id").fetchall()
    other.close()
    return [(skill, correct) for skill, correct in rows]


def type_into(qtbot: QtBot, field: object, text: str) -> None:
    field.clear()  # type: ignore[attr-defined]
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def play_round_correctly(qtbot: QtBot, window: CourseWindow) -> int:
    """Answer every question of the round on the drill's table; returns how many."""
    drill = window.drill
    state = drill.state
    assert state is not None
    asked = 0
    while state.current is not None:
        question = state.current
        assert drill.panel.prompt.text() == question.prompt
        type_into(qtbot, drill.panel.field, typed_form(question.kind, question.expected))
        asked += 1
    assert state.finished and state.correct == asked
    return asked


def test_a_lesson_walked_from_explanation_through_drill_raises_its_mastery(
        qtbot: QtBot, db: TrainerDB, shipped: LessonLoad) -> None:
    lesson = short(shipped.by_id("dealer-qualification"))
    trainee = db.create_trainee("Ana")
    window = open_window(qtbot, course_of(lesson), db, trainee)
    view = window.course_view
    assert window.pages.currentWidget() is view
    assert view.model.data(view.model.index(0, 5)) == "not started"

    # The course view -> the lesson page, through the keyboard.
    view.table.setFocus()
    view.table.selectRow(0)
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    page = window.lesson_page
    assert window.pages.currentWidget() is page
    first_words = " ".join(lesson.explanation.split()[:4]).replace("**", "")
    assert first_words in page.explanation.toPlainText()
    # Each worked example is on the table with the engine's account of it.
    for index, example in enumerate(lesson.examples):
        page.show_example(index)
        expected = settle(example.round)
        account = page.account.toPlainText()
        assert expected.dealer.describe() in account
        assert ("does not qualify" in account) is (not expected.dealer_qualifies)
    assert page.drill_button.isEnabled()

    # The drill: every round answered correctly through the keyboard.
    assert page.drill_button.hasFocus() or not page.isActiveWindow()
    qtbot.keyClick(page.drill_button, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is window.drill
    plan = window.drill.plan
    assert plan is not None and plan.rounds == len(lesson.drills)
    asked = 0
    for _ in plan.steps:
        step = window.drill.current_step
        assert isinstance(step, RoundStep)
        asked += play_round_correctly(qtbot, window)
        assert answers_on_disk(db.path)[-1][1] == 1  # committed as it was given
        qtbot.keyClick(window.drill.panel.next_button, Qt.Key.Key_Return)

    # Stored like any other answer: in the real SQLite file, all right.
    stored = answers_on_disk(db.path)
    assert len(stored) == asked
    assert all(correct for _, correct in stored)
    assert {skill for skill, _ in stored} >= {skill.value for skill in lesson.skills}

    # The mastery update, before -> after.
    summary = window.summary
    assert window.pages.currentWidget() is summary
    assert summary.score.text().startswith(f"{asked} of {asked} right")
    lesson_line = summary.changes[0]
    assert lesson_line.name == f"Lesson: {lesson.title}"
    assert lesson_line.before == 0 and lesson_line.before_level == "not started"
    assert lesson_line.after > lesson_line.before
    assert all(change.rose for change in summary.changes)
    qtbot.keyClick(summary.course_button, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is view
    assert view.model.data(view.model.index(0, 4)) == f"{lesson_line.after}%"
    window.close()


def test_a_ruling_is_graded_and_explained(qtbot: QtBot, shipped: LessonLoad) -> None:
    irregularities = shipped.by_id("irregularities")
    lesson = dataclasses.replace(irregularities, rulings=irregularities.rulings[:2])
    window = open_window(qtbot, course_of(lesson))
    window.open_lesson(lesson.id)
    window.start_lesson_drill()
    panel = window.drill.ruling_panel
    first, second = lesson.rulings

    step = window.drill.current_step
    assert isinstance(step, RulingStep) and step.ruling is first
    assert window.drill.side.currentWidget() is panel
    assert panel.choices.count() == len(first.choices)
    type_into(qtbot, panel.field, "9")  # not a choice: said so, nothing graded
    assert "1 to 4" in panel.error.text()
    assert window.drill.rulings_answered == 0
    wrong = next(i for i in range(len(first.choices)) if not first.is_correct(i))
    type_into(qtbot, panel.field, str(wrong + 1))
    assert panel.verdict.text().startswith("\u2718")
    assert first.correct_choice in panel.verdict.text()
    assert first.citation in panel.explanation.text()
    assert window.progress.missed_rulings == [step]

    qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
    assert window.drill.current_step.ruling is second  # type: ignore[union-attr]
    type_into(qtbot, panel.field, str(second.answer + 1))
    assert panel.verdict.text().startswith("\u2714")
    qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)

    summary = window.summary
    assert window.pages.currentWidget() is summary
    assert summary.score.text().startswith("1 of 2 right")
    assert summary.changes[0].name == "Lesson: Irregularities"
    assert summary.changes[0].after == 50  # one right of two, both in time
    window.close()


def make_a_mistake(db: TrainerDB, trainee: int) -> None:
    """Through the practice session and recorder: a wrong dealer hand on the round of
    docs/settle-contract.md."""
    session = TrainingSession(SETTINGS)
    recorder = SessionRecorder(db, trainee, session)
    state = session.start_round(parse_round(SETTLE_MD_EXAMPLE))
    state.answer("one pair As Kd Qs Jd 9c")  # wrong: the dealer has ace high
    recorder.close()


def test_work_my_mistakes_deals_the_stored_mistake_rounds_again(
        qtbot: QtBot, db: TrainerDB, shipped: LessonLoad) -> None:
    trainee = db.create_trainee("Ben")
    make_a_mistake(db, trainee)
    window = open_window(qtbot, shipped, db, trainee)
    button = window.course_view.mistakes_button
    assert button.isEnabled() and button.text() == "Work my mistakes (1)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    drill = window.drill
    assert window.pages.currentWidget() is drill
    state = drill.state
    assert state is not None
    assert [str(c) for c in state.round.dealer] == SETTLE_MD_EXAMPLE["dealer"]
    assert [str(c) for c in state.round.board] == SETTLE_MD_EXAMPLE["board"]
    assert [seat.seat for seat in state.round.seats] == [2, 6]
    assert "Reading the dealer's hand" in drill.position.text()
    # Only the mistaken skill's question is asked again (issue 12), not the whole round.
    assert [question.id for question in state.questions] == ["dealer-hand"]
    before = len(answers_on_disk(db.path))
    play_round_correctly(qtbot, window)
    qtbot.keyClick(drill.panel.next_button, Qt.Key.Key_Return)
    fresh = drill.state  # then a fresh round of the same kind, to check that it stuck
    assert fresh is not None and fresh is not state
    assert {question.skill for question in fresh.questions} == {state.questions[0].skill}
    assert "A fresh round: Reading the dealer's hand" in drill.position.text()
    play_round_correctly(qtbot, window)
    qtbot.keyClick(drill.panel.next_button, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is window.summary
    assert len(answers_on_disk(db.path)) == before + len(state.questions) + len(fresh.questions)
    window.close()


def test_work_my_mistakes_without_a_trainee_is_refused_plainly(
        qtbot: QtBot, shipped: LessonLoad) -> None:
    window = open_window(qtbot, course_of(shipped.lessons[0]))
    assert not window.course_view.mistakes_button.isEnabled()
    assert "Sign in" in window.course_view.status.text()
    window.close()


GOOD_LESSON = '''
id = "tiny"
title = "A tiny lesson"
order = 1
skills = ["dealer_hand"]
target_seconds = 8
explanation = "Read the **dealer's** hand."

[[drills]]
scenario = "random"
count = 1
'''


def test_invalid_lesson_files_are_listed_and_the_rest_of_the_course_loads(
        qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01-tiny.toml").write_text(GOOD_LESSON, "utf-8")
    broken = GOOD_LESSON.replace('id = "tiny"', 'id = "broken"').replace(
        'skills = ["dealer_hand"]', 'skills = ["juggling"]')
    (folder / "02-broken.toml").write_text(broken, "utf-8")
    (folder / "03-not-toml.toml").write_text("id = \n", "utf-8")
    window = open_window(qtbot, load_lessons([folder]))
    view = window.course_view
    assert view.model.rowCount() == 1
    assert view.model.data(view.model.index(0, 1)) == "A tiny lesson"
    assert view.problems_box.isVisible()
    assert view.problems_box.title() == "2 lesson files could not be loaded"
    lines = [view.problems.item(i).text() for i in range(view.problems.count())]
    assert any("02-broken.toml, line 5" in line and "juggling" in line for line in lines)
    assert any("03-not-toml.toml, line 1" in line for line in lines)
    window.close()


def test_practise_whats_due_starts_with_the_first_lesson_for_a_new_trainee(
        qtbot: QtBot, db: TrainerDB, shipped: LessonLoad) -> None:
    trainee = db.create_trainee("Cleo")
    window = open_window(qtbot, shipped, db, trainee)
    first_skill = shipped.lessons[0].skills[0]
    assert first_skill.label in window.course_view.status.text()
    qtbot.mouseClick(window.course_view.due_button, Qt.MouseButton.LeftButton)
    plan = window.drill.plan
    assert plan is not None and 0 < plan.rounds <= 5
    assert first_skill.label in plan.title
    assert window.drill.state is not None
    window.close()


def test_the_practice_window_course_menu_opens_the_course_and_the_mistakes(
        qtbot: QtBot, db: TrainerDB) -> None:
    from trainer.ui.main_window import MainWindow

    trainee = db.create_trainee("Dee")
    make_a_mistake(db, trainee)
    main = MainWindow(SETTINGS, db=db, trainee_id=trainee)
    qtbot.addWidget(main)
    menus = {action.text(): action.menu() for action in main.menuBar().actions()}
    assert list(menus).index("&Course") < list(menus).index("&Help")
    entries = {action.text(): action for action in menus["&Course"].actions()}
    entries["&Lessons and practice\u2026"].trigger()
    course = main.findChild(CourseWindow)
    assert course is not None and course.isVisible()
    assert course.pages.currentWidget() is course.course_view
    entries["Work my &mistakes"].trigger()
    assert main.findChildren(CourseWindow) == [course]  # one course window, reused
    assert course.pages.currentWidget() is course.drill
    assert course.drill.state is not None
    course.close()
    main.close()


def test_the_course_logic_imports_no_qt() -> None:
    """course_plan and account hold the course's logic; only the widgets may import PySide6."""
    import subprocess
    import sys

    code = ("import sys, trainer.training.course_plan, trainer.training.account;"
            " qt = sorted(m for m in sys.modules if m.startswith('PySide6'));"
            " print(qt); sys.exit(1 if qt else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


# --- rulings and scenario rounds survive a restart ---------------------------------------------

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def course_answers_on_disk(path: Path) -> list[tuple[str, str | None, str, int]]:
    """(kind, lesson, item, correct) of every course answer, through a separate connection."""
    other = sqlite3.connect(path)
    try:
        return other.execute(
            "SELECT kind, lesson, item, correct FROM course_answers ORDER BY id").fetchall()
    finally:
        other.close()


def two_rulings(shipped: LessonLoad) -> Lesson:
    irregularities = shipped.by_id("irregularities")
    return dataclasses.replace(irregularities, rulings=irregularities.rulings[:2])


def wrong_choice(step: RulingStep) -> int:
    return next(i for i in range(len(step.ruling.choices)) if not step.ruling.is_correct(i))


@contextmanager
def program_started(qtbot: QtBot, path: Path, lesson: Lesson,
                    name: str) -> Iterator[CourseWindow]:
    """A start of the program on ``path``: a new connection and course window for the
    trainee ``name``; the window is closed before the database, even when a check fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = open_database(path)
    try:
        known = find_trainee(db, name)
        trainee = known.id if known is not None else db.create_trainee(name)
        window = open_window(qtbot, course_of(lesson), db, trainee)
        try:
            yield window
        finally:
            window.close()
    finally:
        db.close()


def test_rulings_answered_in_the_course_window_survive_closing_the_database(
        qtbot: QtBot, private_data_dir: Path, shipped: LessonLoad) -> None:
    lesson = two_rulings(shipped)
    first, second = lesson.rulings
    path = private_data_dir / "restart.sqlite3"
    with program_started(qtbot, path, lesson, "Fay") as window:
        window.open_lesson(lesson.id)
        window.start_lesson_drill()
        panel = window.drill.ruling_panel
        step = window.drill.current_step
        assert isinstance(step, RulingStep)
        type_into(qtbot, panel.field, str(wrong_choice(step) + 1))
        # Kept in the real file as it was given, naming the lesson and the ruling.
        assert course_answers_on_disk(path) == [("ruling", lesson.id, ruling_key(first), 0)]
        qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
        type_into(qtbot, panel.field, str(second.answer + 1))
        qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
        assert window.summary.changes[0].after == 50
        assert course_answers_on_disk(path)[1] == ("ruling", lesson.id, ruling_key(second), 1)
        assert window.progress.extra == []  # nothing held in memory only
        due = window.progress.scheduler().due(ruling_item(lesson.id))
        assert due is not None

    # The program restarts: a new database connection, a new course window.
    with program_started(qtbot, path, lesson, "Fay") as window:
        view = window.course_view
        assert view.model.data(view.model.index(0, 4)) == "50%"  # the lesson's mastery
        assert view.model.data(view.model.index(0, 5)) == "practising"
        assert window.progress.scheduler().due(ruling_item(lesson.id)) == due
        assert [step.ruling for step in window.progress.missed_rulings] == [first]
        button = view.mistakes_button
        assert button.isEnabled() and button.text() == "Work my mistakes (1)"

        # "Work my mistakes" deals the missed ruling again; right this time, it is worked.
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        step = window.drill.current_step
        assert isinstance(step, RulingStep) and step.ruling is first
        panel = window.drill.ruling_panel
        type_into(qtbot, panel.field, str(first.answer + 1))
        qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
        assert window.pages.currentWidget() is window.summary
        qtbot.keyClick(window.summary.course_button, Qt.Key.Key_Return)
        assert view.mistakes_button.text() == "Work my mistakes (0)"

    with program_started(qtbot, path, lesson, "Fay") as window:
        assert window.progress.missed_rulings == []
        assert window.course_view.model.data(window.course_view.model.index(0, 4)) == "67%"


def test_course_progress_keeps_rulings_and_scenario_rounds_in_the_database(
        private_data_dir: Path, shipped: LessonLoad) -> None:
    lesson = two_rulings(shipped)
    ties = shipped.by_id("ties")
    lessons = [ties, lesson]
    first, second = (step for step in lesson_plan(lesson, random.Random(1)).steps
                     if isinstance(step, RulingStep))
    path = private_data_dir / "progress.sqlite3"
    private_data_dir.mkdir(parents=True, exist_ok=True)
    with open_database(path) as db:
        trainee = db.create_trainee("Gil")
        progress = CourseProgress(lessons, lambda: db.trainee_answers(trainee), store=db,
                                  trainee_id=trainee)
        progress.load()
        progress.record_ruling(first, False, 12.0, T0)
        progress.record_ruling(second, False, 15.0, T0 + timedelta(minutes=1))
        progress.record_ruling(second, True, 9.0, T0 + timedelta(minutes=2))
        progress.record_scenario("board-plays-tie", False, 6.0, T0 + timedelta(minutes=3))
        progress.record_scenario("kicker-decides", True, 3.0, T0 + timedelta(minutes=4))
        assert progress.extra == []
        mastery = progress.lesson_mastery(lesson)
        schedule = progress.scheduler()
    with open_database(path) as db:
        reopened = CourseProgress(lessons, lambda: db.trainee_answers(trainee), store=db,
                                  trainee_id=trainee)
        reopened.load()
        assert mastery.score == 33  # one right of three, all in time
        assert reopened.lesson_mastery(lesson) == mastery
        again = reopened.scheduler()
        for item in (ruling_item(lesson.id), scenario_item("board-plays-tie"),
                     scenario_item("kicker-decides")):
            assert again.due(item) == schedule.due(item) is not None
        # Only the ruling whose latest answer was wrong is a mistake to work.
        assert reopened.missed_rulings == [first]
        assert reopened.mistakes_plan([]).steps == (first,)


class BrokenStore:
    """A database that cannot write (a full disk, a file gone read-only)."""

    def record_course_answer(self, *args: object, **kwargs: object) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    def course_answers(self, trainee_id: int) -> list[object]:
        return []


def test_a_ruling_that_cannot_be_saved_still_counts_for_this_run(shipped: LessonLoad) -> None:
    lesson = two_rulings(shipped)
    first = next(step for step in lesson_plan(lesson, random.Random(1)).steps
                 if isinstance(step, RulingStep))
    progress = CourseProgress([lesson], store=BrokenStore(), trainee_id=1)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        progress.record_ruling(first, False, 5.0, T0)
    with pytest.raises(sqlite3.OperationalError):
        progress.record_scenario("bad-beat", True, 5.0, T0)
    assert [(r.lesson, r.scenario, r.correct) for r in progress.extra] == [
        (lesson.id, None, False), (None, "bad-beat", True)]
    assert progress.missed_rulings == [first]
    assert progress.lesson_mastery(lesson).score == 0
    assert progress.lesson_mastery(lesson).level.value == "learning"


def test_a_ruling_the_database_refuses_is_reported_once_and_the_drill_goes_on(
        qtbot: QtBot, db: TrainerDB, shipped: LessonLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda _parent, title, text, *args: shown.append(title))
    lesson = two_rulings(shipped)
    trainee = db.create_trainee("Hal")
    window = open_window(qtbot, course_of(lesson), db, trainee)

    def refuse(*args: object, **kwargs: object) -> int:
        raise StorageBusy("database is locked")  # what storage raises for SQLite's lock

    monkeypatch.setattr(db, "record_course_answer", refuse)
    window.open_lesson(lesson.id)
    window.start_lesson_drill()
    panel = window.drill.ruling_panel
    for ruling in lesson.rulings:
        type_into(qtbot, panel.field, str(ruling.answer + 1))
        assert panel.verdict.text().startswith("\u2714")
        qtbot.keyClick(panel.next_button, Qt.Key.Key_Return)
    assert shown == ["Progress not saved"]
    assert len(window.progress.extra) == 2
    assert window.summary.changes[0].after == 100
    window.close()
