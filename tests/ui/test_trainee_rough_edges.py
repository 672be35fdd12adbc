"""Issue 19, item 24: the trainee's small rough edges, one test each."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.storage.storage_support import create_exam_config
from tests.ui.test_practice_loop import type_answer, typed_form
from trainer.engine.round import SEAT_NUMBERS, parse_round
from trainer.engine.settlement import settle
from trainer.storage.database import open_database
from trainer.training.answers import dealer_hand_from_table
from trainer.training.course_plan import Change
from trainer.training.grading import grade
from trainer.training.questions import QuestionKind, answer_text, build_questions
from trainer.training.session import Mode, TrainingSettings
from trainer.ui.course.summary import SummaryPage, changes_html
from trainer.ui.main_window import MainWindow


def test_a_click_on_an_empty_seat_at_which_seat_next_is_refused_not_graded(
        qtbot: QtBot) -> None:
    window = MainWindow(TrainingSettings(seed=11, seats=3, sound=False))
    qtbot.addWidget(window)
    window.next_hand()
    state = window.state
    assert state is not None
    while state.current is not None and state.current.kind is not QuestionKind.NEXT_SEAT:
        type_answer(qtbot, window, typed_form(state.current.kind, state.current.expected))
    assert state.current is not None, "three seats always ask which seat is next"
    taken = {seat.seat for seat in state.round.seats}
    empty = next(number for number in SEAT_NUMBERS if number not in taken)
    graded = len(state.grades)
    window.table.seatClicked.emit(empty)
    assert len(state.grades) == graded  # nothing graded
    assert window.panel.error.text() == f"Seat {empty} is empty: click a seat with a player."
    window.table.seatClicked.emit(state.current.expected)
    assert len(state.grades) == graded + 1 and state.grades[-1].correct
    window.close()


def test_a_stopped_drill_says_stopped(qtbot: QtBot) -> None:
    page = SummaryPage()
    qtbot.addWidget(page)
    page.show_result("Ties", 3, 4, [], has_lesson=True, stopped=True)
    assert page.heading.text() == "Drill stopped: Ties"
    page.show_result("Ties", 3, 4, [], has_lesson=True)
    assert page.heading.text() == "Drill complete: Ties"


def test_a_score_at_the_mastered_mark_held_back_by_the_10_answer_rule_says_why() -> None:
    held = changes_html([Change("Ties", 96, "proficient", 95, "mastered")])
    assert "96% <small>proficient*</small>" in held
    assert "fewer than 10 answers" in held and "at least 10 answers" in held
    plain = changes_html([Change("Ties", 80, "proficient", 95, "mastered")])
    assert "*" not in plain and "10 answers" not in plain


def test_feedback_writes_a_ten_as_10_like_the_cards_and_the_readme() -> None:
    """The dealer's As Kd with Tc 9h 7s 3d 2c makes ace high, As Kd 10c 9h 7s."""
    round_ = parse_round({
        "rules": "ny-2018", "dealer": ["As", "Kd"], "board": ["Tc", "9h", "7s", "3d", "2c"],
        "seats": [{"seat": 1, "hole": ["4h", "4s"], "ante": "5", "odds": "5", "raise": "15"}],
    })
    question = build_questions(settle(round_))[0]
    assert question.kind is QuestionKind.DEALER_HAND
    text = answer_text(question.kind, question.expected)
    assert text == "high card: As Kd 10c 9h 7s"
    assert "10c" in question.explanation and "Tc" not in question.explanation
    grade_ = grade(question, dealer_hand_from_table("ace high 3d 2c", [],
                                                    [*round_.dealer, *round_.board]), 4.0)
    assert grade_.correct and grade_.given_text == "ace high: As Kd 10c 9h 7s"


def test_an_exams_status_clock_shows_each_rounds_own_time(qtbot: QtBot) -> None:
    """Round 2 starts at 0.0 s, not with round 1's time; between rounds the exam's time
    left keeps running while the finished round's time stays."""
    db = open_database()
    try:
        config = db.get_exam_config(create_exam_config(db, "Timed", 3, "ny-2018", 80, 600))
        trainee = db.create_trainee("Ana")
        window = MainWindow(TrainingSettings(seed=3, seats=2, sound=False), db=db,
                            trainee_id=trainee)
        qtbot.addWidget(window)
        window._choose_exam_config = lambda: config  # type: ignore[method-assign]
        window.set_mode(Mode.EXAM)
        state = window.state
        assert state is not None
        while state.current is not None:
            type_answer(qtbot, window, typed_form(state.current.kind, state.current.expected))
        window._round_seconds = 12.3  # as if round 1 took 12.3 s
        window._update_clock()
        assert window.clock_label.text().startswith("Time 12.3 s  \u2022 exam time left ")
        assert window._tick.isActive()  # the exam's time left runs on between rounds
        window.next_hand()
        assert window.clock_label.text().startswith("Time 0.0 s  \u2022 exam time left ")
        window.close()
    finally:
        db.close()
