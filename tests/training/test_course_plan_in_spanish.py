"""What the course plans, in Spanish (issue 24): "Due now" and its item (a scenario's
situation, a chip drill's name), the skipped notes, and Work my mistakes' labels (the
mistake's date with the month from the catalogue, never the system's ``%b``); English
is unchanged."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from tests.training.test_chip_mistakes_plan import odds_paid
from trainer.i18n import set_language
from trainer.storage import TrainerDB, open_database
from trainer.training.chip_drills import ChipDrillKind
from trainer.training.course_plan import CourseProgress, RoundStep, describe_item, item_plan
from trainer.training.lessons import load_course
from trainer.training.scheduler import scenario_item


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


def test_due_now_names_a_scenario_in_spanish(spanish: None) -> None:
    lessons = load_course().lessons
    assert describe_item(scenario_item("seat-loses-with-quads"), lessons) == (
        "Un asiento pierde con póker.")
    assert describe_item("scenario:chips-cut", lessons) == "Cortar 3, 4 o 5 fichas de una pila"
    plan = item_plan(scenario_item("bad-beat"), lessons, random.Random(3), rounds=2)
    assert plan.title.startswith("Pendiente ahora: ")
    assert plan.title.endswith(": rondas de situación")
    steps = [step for step in plan.steps if isinstance(step, RoundStep)]
    assert steps[0].situation == (
        "Un asiento pierde contra el crupier con una mano de la tabla de bad beat del"
        " reglamento (escalera o mejor).")
    assert steps[1].label.endswith("(2 de 2)")


def test_nothing_to_plan_is_said_in_spanish(spanish: None) -> None:
    plan = CourseProgress([], list).due_plan(random.Random(1))
    assert (plan.title, plan.skipped) == ("Pendiente ahora", ("No hay ninguna lección cargada.",))
    ruling = item_plan("ruling:no-such-lesson", [], random.Random(1))
    assert ruling.skipped == ("No hay cargada ninguna lección 'no-such-lesson' con resoluciones.",)


def test_work_my_mistakes_labels_in_spanish(db: TrainerDB) -> None:
    trainee = odds_paid(db, (Decimal("25.00"), Decimal("5.00")))  # $30 paid, $40 right
    set_language("es")
    try:
        _mistakes_in_spanish(db, trainee)
    finally:
        set_language("en")


def _mistakes_in_spanish(db: TrainerDB, trainee: int) -> None:
    progress = CourseProgress(load_course().lessons, lambda: db.trainee_answers(trainee))
    plan = progress.mistakes_plan(db.trainee_mistakes(trainee), rng=random.Random(2))
    assert plan.title == "Repasar mis errores"
    labels = [step.label for step in plan.steps if isinstance(step, RoundStep)]
    assert re.fullmatch(r"Su error del \d\d (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)"
                        r" \d\d:\d\d: Pagar un bad beat, pagado con fichas", labels[0]), labels
    assert labels[1] == "Una ronda nueva: Pagar un bad beat"


def test_english_is_unchanged() -> None:
    plan = CourseProgress([], list).due_plan(random.Random(1))
    assert (plan.title, plan.skipped) == ("Due now", ("No lessons are loaded.",))
    assert ChipDrillKind.CUT.display_name == ChipDrillKind.CUT.description == (
        "Cut 3, 4 or 5 from a stack")


def test_a_round_dealt_under_another_rule_set_version_is_said_in_spanish(spanish: None) -> None:
    from trainer.engine.rulesets import load_ruleset
    from trainer.training.review import rules_note

    ruleset = load_ruleset("ny-2018")
    assert rules_note(ruleset, ruleset.version - 1) == (
        f"Repartida con ny-2018 versión {ruleset.version - 1}; las reglas vigentes son las de"
        f" la versión {ruleset.version}: las respuestas mostradas son las de la versión"
        f" {ruleset.version}.")
    assert rules_note(ruleset, ruleset.version) is None
