"""Issue 19, item 15: while a drill round is asked, nothing on the drill's page says
what the round was dealt to show ("The dealer does not qualify ..." above "Does the
dealer qualify?"); once it is answered, the round says it."""

from __future__ import annotations

import dataclasses
import random

from pytestqt.qtbot import QtBot

from tests.ui.test_course import course_of, open_window, play_round_correctly
from trainer.engine.scenarios import SCENARIOS
from trainer.training.course_plan import RoundStep, item_plan, lesson_plan
from trainer.training.lessons import load_course
from trainer.training.scheduler import scenario_item

NOT_QUALIFY = SCENARIOS["dealer-not-qualify"].description


def _qualification_lesson():  # type: ignore[no-untyped-def]
    lesson = load_course().by_id("dealer-qualification")
    drills = tuple(dataclasses.replace(drill, count=1) for drill in lesson.drills)
    return dataclasses.replace(lesson, drills=drills)


def test_a_scenario_drills_step_label_does_not_name_its_situation() -> None:
    lesson = _qualification_lesson()
    steps = [s for s in lesson_plan(lesson, random.Random(5)).steps if isinstance(s, RoundStep)]
    labels = [step.label for step in steps]
    # The scenario round is a plain drill round; the author's question title stays.
    assert labels == ["Drill round (1 of 1)", "Qualify or not? (1 of 1)"]
    assert steps[0].situation == NOT_QUALIFY and steps[1].situation is None
    assert not any("qualif" in label.lower() for label in labels[:1])


def test_the_drill_page_says_the_situation_only_after_the_round(qtbot: QtBot) -> None:
    window = open_window(qtbot, course_of(_qualification_lesson()))
    window.open_lesson("dealer-qualification")
    window.start_lesson_drill()
    drill = window.drill
    step = drill.current_step
    assert isinstance(step, RoundStep) and step.situation == NOT_QUALIFY
    page_text = " ".join([drill.title.text(), drill.position.text(), drill.panel.hint.text()])
    assert "does not qualify" not in page_text.lower()
    assert drill.position.text() == "Step 1 of 2 \u2022 Drill round (1 of 1)"
    play_round_correctly(qtbot, window)
    assert drill.panel.hint.text().startswith(f"This round: {NOT_QUALIFY}\n")
    window.close()


def test_a_due_scenario_drill_names_its_lesson_not_its_situation() -> None:
    lesson = _qualification_lesson()
    plan = item_plan(scenario_item("dealer-not-qualify"), [lesson], random.Random(5), 2)
    assert plan.title == "Due now: Dealer qualification: scenario rounds"
    labels = [step.label for step in plan.steps if isinstance(step, RoundStep)]
    assert labels == ["Dealer qualification: scenario rounds (1 of 2)",
                      "Dealer qualification: scenario rounds (2 of 2)"]
    assert all(isinstance(s, RoundStep) and s.situation == NOT_QUALIFY for s in plan.steps)
