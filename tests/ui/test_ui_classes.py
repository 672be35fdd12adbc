"""The Classes tab as an instructor uses it, and what a trainee then sees on their page."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config, find_trainee
from trainer.skills import Skill
from trainer.storage import NewAnswer, TrainerDB
from trainer.training.lessons import Lesson
from trainer.ui.progress.classes import ClassesTab
from trainer.ui.progress.dashboard import InstructorDashboard
from trainer.ui.progress.progress_view import ProgressView

TODAY = date(2026, 3, 7)
LESSONS = [Lesson("ante-basics", "Settling the ante", 1, (Skill.ANTE,), 10.0, "")]


@pytest.fixture
def ids(db: TrainerDB) -> dict[str, int]:
    """Ana: one round, 1 of 2 right (2 s and 4 s); Ben and Cy: no answers."""
    found = {name: db.create_trainee(name, at=T0) for name in ("Ana", "Ben", "Cy")}
    session = db.start_session(found["Ana"], "practice", RULES, at=T0)
    round_id = db.record_round(session, ROUND, RULES, 3, at=T0)
    for number, (right, seconds) in enumerate([(True, 2.0), (False, 4.0)]):
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10" if right else "20", right, seconds), at=T0)
    return found


@pytest.fixture
def tab(qtbot: QtBot, db: TrainerDB, ids: dict[str, int]) -> Iterator[ClassesTab]:
    widget = ClassesTab(db, lessons=LESSONS, today=TODAY)
    widget.instructor = "Pat"
    qtbot.addWidget(widget)
    widget.resize(1400, 800)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.close()


def _create(qtbot: QtBot, tab: ClassesTab, name: str, starts: date) -> None:
    tab.new_name.setText(name)
    tab.new_start.setDate(QDate(starts.year, starts.month, starts.day))
    qtbot.mouseClick(tab.create_button, Qt.MouseButton.LeftButton)


def _candidates(tab: ClassesTab) -> list[str]:
    return [tab.candidates.item(row).text() for row in range(tab.candidates.count())]


def _add(qtbot: QtBot, tab: ClassesTab, *names: str) -> None:
    tab.candidates.clearSelection()
    for name in names:
        tab.candidates.item(_candidates(tab).index(name)).setSelected(True)
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)


def _members(tab: ClassesTab) -> list[str]:
    return [tab.members.item(row).text() for row in range(tab.members.count())]


def _assignment_rows(tab: ClassesTab) -> list[list[str]]:
    table = tab.assignments
    return [[table.item(row, column).text() for column in range(table.columnCount())]
            for row in range(table.rowCount())]


def test_a_class_is_created_with_a_name_and_a_start_date(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB
) -> None:
    assert "No class yet" in tab.title.text()
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    (made,) = db.list_classes()
    assert (made.name, made.starts) == ("Spring 2026", date(2026, 3, 2))
    assert tab.class_id() == made.id
    assert tab.title.text() == "Spring 2026 \u2014 starts 2026-03-02"
    assert tab.class_list.item(0).text() == "Spring 2026\nfrom 2026-03-02"


def test_a_second_class_of_the_same_name_is_refused_in_words(
    qtbot: QtBot, tab: ClassesTab
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _create(qtbot, tab, "spring 2026", date(2026, 4, 1))
    assert tab.message.isVisible()
    assert tab.message.text() == (
        "The class was not created: name: a class named 'spring 2026' already exists")
    assert tab.class_list.count() == 1


def test_trainees_are_added_and_taken_out_and_the_averages_follow(
    qtbot: QtBot, tab: ClassesTab, ids: dict[str, int]
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    assert tab.averages.text() == "0 trainees; none has answered a question yet."
    _add(qtbot, tab, "Ana")
    _add(qtbot, tab, "Ben")
    assert _members(tab) == ["Ana", "Ben"]
    assert _candidates(tab) == ["Cy"]
    # Ana 1 of 2 right, (2 + 4) s over 1 round; Ben no answers: rounds (1 + 0) / 2.
    assert tab.averages.text() == (
        "2 trainees, 1 practised. Average accuracy 50.0%, 6.0 s per round, 0.5 rounds played"
        " each; 0 passed their latest exam.")
    tab.members.setCurrentRow(_members(tab).index("Ben"))
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    assert _members(tab) == ["Ana"]


def test_the_class_skill_grid_shows_only_its_trainees(
    qtbot: QtBot, tab: ClassesTab, ids: dict[str, int]
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    _add(qtbot, tab, "Cy")
    tab.pages.setCurrentWidget(tab.grid)
    qtbot.waitUntil(lambda: tab.grid.model.rowCount() == 2)
    names = {tab.grid.model.row_at(row).trainee_id for row in range(2)}
    assert names == {ids["Ana"], ids["Cy"]}


def test_work_is_assigned_to_the_class_or_one_trainee_with_a_due_date(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, ids: dict[str, int]
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    _add(qtbot, tab, "Ben")
    assert tab.due.date() == QDate(2026, 3, 14)  # a week from "today", 7 March
    qtbot.mouseClick(tab.assign_class_button, Qt.MouseButton.LeftButton)
    tab.members.setCurrentRow(_members(tab).index("Ben"))
    tab.due_box.setChecked(False)
    qtbot.mouseClick(tab.assign_member_button, Qt.MouseButton.LeftButton)
    assert _assignment_rows(tab) == [
        ["Lesson: Settling the ante", "the class", "2026-03-14", "0 of 2", "Pat"],
        ["Lesson: Settling the ante", "Ben", "no due date", "", "Pat"],
    ]
    assert [a.due for a in db.assignments_for(ids["Ana"])] == [date(2026, 3, 14)]
    assert [a.due for a in db.assignments_for(ids["Ben"])] == [date(2026, 3, 14), None]
    tab.assignments.selectRow(0)
    qtbot.mouseClick(tab.withdraw_button, Qt.MouseButton.LeftButton)
    assert [row[1] for row in _assignment_rows(tab)] == ["Ben"]
    assert db.assignments_for(ids["Ana"]) == []


def test_an_exam_set_up_can_be_assigned(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, ids: dict[str, int]
) -> None:
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    tab.kind.setCurrentIndex(tab.kind.findText("Exam"))
    assert tab.target.currentText() == "Audition"
    qtbot.mouseClick(tab.assign_class_button, Qt.MouseButton.LeftButton)
    (given,) = db.assignments_for(ids["Ana"])
    assert (given.kind.value, given.target) == ("exam", str(config))
    assert _assignment_rows(tab)[0][0] == "Exam: Audition"


def test_the_trainee_sees_what_is_assigned_to_them(
    qtbot: QtBot, db: TrainerDB, ids: dict[str, int]
) -> None:
    class_id = db.create_class("Spring 2026", date(2026, 3, 2))
    db.add_class_member(class_id, ids["Ana"])
    today = date.today()
    db.assign("lesson", "ante-basics", class_id=class_id, assigned_by="Pat",
              due=today + timedelta(days=30))
    db.assign("lesson", "ante-basics", trainee_id=ids["Ana"], assigned_by="Pat",
              due=today - timedelta(days=1))
    view = ProgressView(db, ids["Ana"], lessons=LESSONS)
    qtbot.addWidget(view)
    view.show()
    assert view.assigned.isVisible()
    assert view.assigned.texts() == [
        ("Lesson: Settling the ante", "you", (today - timedelta(days=1)).isoformat(),
         "overdue"),
        ("Lesson: Settling the ante", "Spring 2026", (today + timedelta(days=30)).isoformat(),
         "to do"),
    ]
    others = ProgressView(db, ids["Ben"], lessons=LESSONS)  # in no class, given nothing
    qtbot.addWidget(others)
    others.show()
    assert not others.assigned.isVisible()


def test_archiving_a_class_hides_it_and_its_assignments_after_asking(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, ids: dict[str, int],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    class_id = tab.class_id()
    assert class_id is not None
    db.assign("lesson", "ante-basics", class_id=class_id, assigned_by="Pat")
    asked: list[str] = []
    monkeypatch.setattr(tab, "_confirm", lambda question: asked.append(question) or False)
    assert not tab.archive_class()  # "No": nothing changes
    assert tab.class_list.count() == 1 and "Spring 2026" in asked[0]
    monkeypatch.setattr(tab, "_confirm", lambda question: True)
    assert tab.archive_class()
    assert tab.class_list.count() == 0 and db.list_classes() == []
    assert db.assignments_for(ids["Ana"]) == []  # the class's work no longer shown to Ana
    assert [c.name for c in db.list_classes(archived=True)] == ["Spring 2026"]


def test_the_dashboard_has_a_classes_tab_and_the_instructor_assigns(
    qtbot: QtBot, db: TrainerDB, ids: dict[str, int]
) -> None:
    dashboard = InstructorDashboard(db)
    qtbot.addWidget(dashboard)
    dashboard.set_instructor("Pat Lee")
    tabs = [dashboard.roster_tabs.tabText(i) for i in range(dashboard.roster_tabs.count())]
    assert "Classes" in tabs
    assert dashboard.classes.instructor == "Pat Lee"


def test_a_trainee_in_no_class_is_assigned_work_from_their_page(
    qtbot: QtBot, db: TrainerDB, ids: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's "to a class or a trainee": Ben is in no class."""
    dashboard = InstructorDashboard(db)
    qtbot.addWidget(dashboard)
    dashboard.set_instructor("Pat Lee")
    page = dashboard.open_trainee(ids["Ben"])
    config = create_exam_config(db, "Final audition", 5, RULES, 80)
    due = date.today() + timedelta(days=3)

    def choose_exam(dialog: object) -> bool:
        from trainer.ui.progress.assign import AssignDialog

        assert isinstance(dialog, AssignDialog)
        choice = dialog.choice
        choice.kind.setCurrentIndex(choice.kind.findData("exam"))
        choice.target.setCurrentIndex(choice.target.findText("Final audition"))
        choice.due.setDate(QDate(due.year, due.month, due.day))
        dialog.accept()
        return dialog.result() == dialog.DialogCode.Accepted

    monkeypatch.setattr(dashboard, "_run_dialog", choose_exam)
    qtbot.mouseClick(page.assign_button, Qt.MouseButton.LeftButton)
    (given,) = db.assignments_for(ids["Ben"])
    assert (given.kind.value, given.target, given.due, given.assigned_by) == (
        "exam", str(config), due, "Pat Lee")
    assert page.progress.assigned.isVisibleTo(page)


def _pass_exam(db: TrainerDB, trainee: int, config: int, hours: float) -> None:
    when = T0 + timedelta(hours=hours)
    exam = db.start_exam(trainee, config, at=when)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number in range(5):
        db.record_answer(NewAnswer(round_id, f"e{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10", True, 3.0), at=when)
    assert db.finish_exam(exam.id, at=when + timedelta(minutes=10)).passed


def test_a_class_assignment_names_who_has_done_it_and_who_has_not(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, ids: dict[str, int]
) -> None:
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    class_id = db.create_class("Spring 2026", date(2026, 3, 2))
    for name in ("Ana", "Ben", "Cy"):
        db.add_class_member(class_id, ids[name])
    db.assign("exam", config, class_id=class_id, assigned_by="Pat", at=T0)
    _pass_exam(db, ids["Cy"], config, hours=1)  # after it was given: done
    tab.refresh()
    tab.pages.setCurrentIndex(1)
    tab.assignments.selectRow(0)
    assert _assignment_rows(tab) == [["Exam: Audition", "the class", "no due date", "1 of 3",
                                      "Pat"]]
    who = "Done: Cy. Not done: Ana, Ben."
    assert tab.assignments.item(0, tab.DONE).toolTip() == who
    assert tab.done_who.isVisible()
    assert tab.done_who.text() == f"Exam: Audition \u2014 {who}"


def test_a_trainee_is_chosen_for_work_alone_on_the_assignments_page_itself(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, ids: dict[str, int]
) -> None:
    """No trip to the Trainees page: the trainee is picked beside the button."""
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    _add(qtbot, tab, "Ben")
    tab.pages.setCurrentIndex(1)
    assert tab.members.currentItem() is None  # nobody selected on the Trainees page
    assert [tab.assignee.itemText(i) for i in range(tab.assignee.count())] == ["Ana", "Ben"]
    assert tab.assign_member_button.text() == "Assign to this trainee"
    tab.assignee.setCurrentIndex(tab.assignee.findText("Ben"))
    qtbot.mouseClick(tab.assign_member_button, Qt.MouseButton.LeftButton)
    assert not tab.message.isVisible()
    assert tab.pages.currentIndex() == 1  # still on the Assignments page
    assert [row[1] for row in _assignment_rows(tab)] == ["Ben"]
    assert [a.trainee_id for a in db.assignments_for(ids["Ben"])] == [ids["Ben"]]
    assert db.assignments_for(ids["Ana"]) == []
    tab.assignments.selectRow(0)
    assert tab.done_who.text() == "Lesson: Settling the ante \u2014 given to Ben alone."


def test_a_trainee_selected_on_the_trainees_page_is_the_one_offered_for_work_alone(
    qtbot: QtBot, tab: ClassesTab
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    _add(qtbot, tab, "Ana")
    _add(qtbot, tab, "Ben")
    tab.members.setCurrentRow(_members(tab).index("Ben"))
    assert tab.assignee.currentText() == "Ben"


def test_a_greyed_exam_pdf_button_says_why(
    qtbot: QtBot, db: TrainerDB, ids: dict[str, int]
) -> None:
    config = create_exam_config(db, "Audition", 1, RULES, 80)
    _pass_exam(db, ids["Cy"], config, hours=1)
    dashboard = InstructorDashboard(db)
    qtbot.addWidget(dashboard)
    button = dashboard.exam_pdf_button
    assert not button.isEnabled()
    assert "Greyed: open a trainee" in button.toolTip()
    dashboard.open_trainee(ids["Ben"])
    assert not button.isEnabled()
    assert "Greyed: this trainee has taken no instructor's exam yet" in button.toolTip()
    page = dashboard.open_trainee(ids["Cy"])
    page.exams_view.clearSelection()
    assert not button.isEnabled()
    assert "Greyed: select one of the exams on the Exams tab" in button.toolTip()
    page.exams_view.selectRow(0)
    assert button.isEnabled()
    assert "Greyed" not in button.toolTip()


def test_several_trainees_are_added_with_one_click(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB
) -> None:
    for number in range(1, 21):
        db.create_trainee(f"Trainee {number:02d}", at=T0)
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    tab.candidates.selectAll()  # Ana, Ben, Cy and the twenty
    assert tab.add_button.text() == "\u2190 Add the 23 selected"
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)
    assert len(_members(tab)) == 23 and _candidates(tab) == []
    assert not tab.add_button.isEnabled()


def test_a_csv_class_list_puts_its_trainees_in_the_class_and_says_what_it_did(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    path = tmp_path / "spring.csv"
    path.write_text("Name,Employee id\nAna,E-1\nDee,E-4\nEve,\n", encoding="utf-8")
    monkeypatch.setattr(tab, "_ask_open_path", lambda: path)
    qtbot.mouseClick(tab.import_button, Qt.MouseButton.LeftButton)
    assert _members(tab) == ["Ana", "Dee", "Eve"]
    assert not tab.message.isVisible()
    assert tab.import_result.text() == ("Imported from spring.csv: 3 trainees: 2 new,"
                                        " 1 already on the station; employee id set for Ana.")
    dee = find_trainee(db, "Dee")
    assert dee is not None and dee.employee_id == "E-4"


def test_a_csv_class_list_with_a_bad_line_changes_nothing_and_names_the_line(
    qtbot: QtBot, tab: ClassesTab, db: TrainerDB, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _create(qtbot, tab, "Spring 2026", date(2026, 3, 2))
    path = tmp_path / "spring.csv"
    path.write_text("Name,Employee id\nDee,E-4\nEve,E-4\n", encoding="utf-8")
    monkeypatch.setattr(tab, "_ask_open_path", lambda: path)
    qtbot.mouseClick(tab.import_button, Qt.MouseButton.LeftButton)
    assert tab.message.isVisible()
    assert tab.message.text() == ("Nothing was imported from spring.csv: line 3: employee id"
                                  " E-4 is on line 2 already")
    assert _members(tab) == [] and find_trainee(db, "Dee") is None
