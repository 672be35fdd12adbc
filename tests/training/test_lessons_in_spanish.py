"""Lessons in Spanish (issue 24, item 5): a lesson's Spanish version is a parallel file
(lessons/es/) checked against the English one, so it asks the same questions with the
same answers; the course reads each lesson in the trainee's language, English where a
lesson has no translation."""

from __future__ import annotations

import shutil
from pathlib import Path

from trainer.training.lessons import (
    LessonLoad,
    load_course,
    load_lessons,
    shipped_lessons_dir,
)

SHIPPED = shipped_lessons_dir()
QUALIFICATION = "03-dealer-qualification.toml"

RULING_LESSON = '''id = "one-ruling"
title = "One ruling"
order = 1
skills = []
target_seconds = 10
explanation = "A card is exposed."

[[rulings]]
situation = "The dealer's card is turned face up."
choices = ["All hands are void.", "Only the dealer's hand is void.", "Play on."]
answer = 3
citation = "Rules \u00a78"
'''
RULING_LESSON_ES = '''id = "one-ruling"
title = "Una resoluci\u00f3n"
order = 1
skills = []
target_seconds = 10
explanation = "Una carta queda descubierta."

[[rulings]]
situation = "La carta del crupier se da vuelta."
choices = ["Todas las manos son nulas.", "Solo la mano del crupier es nula.", "Se sigue."]
answer = 3
citation = "Reglas \u00a78"
'''


def _folder_with(tmp_path: Path, english: str, spanish: str, name: str = "x.toml") -> Path:
    (tmp_path / "es").mkdir()
    (tmp_path / name).write_text(english, encoding="utf-8")
    (tmp_path / "es" / name).write_text(spanish, encoding="utf-8")
    return tmp_path


def _line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_shipped_spanish_versions_ask_the_same_questions() -> None:
    english = load_lessons([SHIPPED])
    spanish = load_lessons([SHIPPED], language="es")
    assert spanish.problems == [], "\n".join(map(str, spanish.problems))
    assert [lesson.id for lesson in spanish.lessons] == [lesson.id for lesson in english.lessons]
    assert len(list((SHIPPED / "es").glob("*.toml"))) == sum(
        lesson.language == "es" for lesson in spanish.lessons)
    for one, other in zip(english.lessons, spanish.lessons, strict=True):
        if other.language != "es":
            continue
        assert other.explanation != one.explanation, one.id
        # the questions are the English lesson's: rounds, facts, drills, answers
        assert [e.round for e in other.examples] == [e.round for e in one.examples]
        assert [e.expect for e in other.examples] == [e.expect for e in one.examples]
        assert [(d.scenario, d.count, d.rules) for d in other.drills] == [
            (d.scenario, d.count, d.rules) for d in one.drills]
        assert [(r.answer, len(r.choices)) for r in other.rulings] == [
            (r.answer, len(r.choices)) for r in one.rulings]


def test_every_shipped_lesson_has_a_spanish_version() -> None:
    spanish = load_lessons([SHIPPED], language="es")
    assert spanish.lessons
    assert [lesson.id for lesson in spanish.lessons if lesson.language != "es"] == []
    # every drill of the course has a Spanish name (a title where the English has none)
    for lesson in spanish.lessons:
        for drill in (*lesson.drills, *lesson.chip_drills, *lesson.procedure_drills):
            assert drill.title, (lesson.id, drill)


def test_the_course_reads_in_spanish_when_spanish_is_chosen(spanish: None) -> None:
    lesson = load_course().by_id("dealer-qualification")
    assert lesson.language == "es"
    assert lesson.title == "Calificaci\u00f3n del crupier"
    assert "El crupier **califica con pareja o mejor**" in lesson.explanation
    assert lesson.examples[0].title == "As-rey alto no califica"
    assert lesson.drills[1].description == "\u00bfCalifica o no?"
    # a drill the English leaves to its scenario's sentence is named in Spanish
    assert lesson.drills[0].description == "El crupier no califica"


def test_the_course_stays_in_english_by_default() -> None:
    lesson = load_course().by_id("dealer-qualification")
    assert lesson.language == "en"
    assert lesson.title == "Dealer qualification"
    assert lesson.examples[0].title == "Ace-king high does not qualify"
    assert lesson.drills[0].title is None


def test_a_lesson_without_spanish_reads_in_english(tmp_path: Path) -> None:
    (tmp_path / "x.toml").write_text(RULING_LESSON, encoding="utf-8")
    load = load_lessons([tmp_path], language="es")
    assert load.problems == []
    (lesson,) = load.lessons
    assert (lesson.language, lesson.title) == ("en", "One ruling")


def test_a_spanish_ruling_reads_its_choices_and_keeps_the_answer(tmp_path: Path) -> None:
    load = load_lessons([_folder_with(tmp_path, RULING_LESSON, RULING_LESSON_ES)],
                        language="es")
    assert load.problems == []
    (ruling,) = load.lessons[0].rulings
    assert ruling.choices[2] == "Se sigue."
    assert ruling.correct_choice == "Se sigue."
    assert ruling.citation == "Reglas \u00a78"


def _only_problem(load: LessonLoad) -> str:
    assert len(load.problems) == 1, load.problems
    return str(load.problems[0])


def test_a_spanish_ruling_with_another_answer_is_refused_by_lesson_line_and_key(
        tmp_path: Path) -> None:
    changed = RULING_LESSON_ES.replace("answer = 3", "answer = 2")
    folder = _folder_with(tmp_path, RULING_LESSON, changed)
    load = load_lessons([folder], language="es")
    line = _line_of(changed, "answer = 2")
    english_line = _line_of(RULING_LESSON, "answer = 3")
    assert _only_problem(load) == (
        f"{folder / 'es' / 'x.toml'}:{line}: lesson 'one-ruling', rulings[1].answer: 2 here,"
        " 3 in the English lesson: a translation asks the same questions with the same"
        f" answers (the English lesson: {folder / 'x.toml'}:{english_line}); the Español"
        " version is left out and the lesson reads in English")
    (lesson,) = load.lessons
    assert (lesson.language, lesson.rulings[0].choices[2]) == ("en", "Play on.")


def test_a_spanish_ruling_with_a_choice_less_is_refused(tmp_path: Path) -> None:
    changed = RULING_LESSON_ES.replace(', "Se sigue."', "")
    load = load_lessons([_folder_with(tmp_path, RULING_LESSON, changed)], language="es")
    problem = _only_problem(load)
    assert f"x.toml:{_line_of(changed, 'choices =')}: lesson 'one-ruling', rulings[1].choices:" \
        " 2 choices here, 3 in the English lesson" in problem
    assert load.lessons[0].language == "en"


def test_a_spanish_example_expecting_another_result_is_refused(tmp_path: Path) -> None:
    english = (SHIPPED / QUALIFICATION).read_text(encoding="utf-8")
    spanish = (SHIPPED / "es" / QUALIFICATION).read_text(encoding="utf-8")
    # the second example's seat 1 wins; the Spanish version says it loses
    at = spanish.index('seat = 1\nhand = "one pair"\nresult = "win"')
    changed = spanish[:at] + spanish[at:].replace('result = "win"', 'result = "lose"', 1)
    load = load_lessons([_folder_with(tmp_path, english, changed, QUALIFICATION)],
                        language="es")
    line = changed[:changed.index('result = "lose"')].count("\n") + 1
    problem = _only_problem(load)
    assert problem.startswith(
        f"{tmp_path / 'es' / QUALIFICATION}:{line}: lesson 'dealer-qualification',"
        " examples[2].expect.seats[1].result: 'lose' here, 'win' in the English lesson")
    assert load.by_id("dealer-qualification").title == "Dealer qualification"


def test_a_spanish_drill_with_another_count_or_a_key_more_is_refused(tmp_path: Path) -> None:
    english = (SHIPPED / QUALIFICATION).read_text(encoding="utf-8")
    spanish = (SHIPPED / "es" / QUALIFICATION).read_text(encoding="utf-8")
    changed = spanish.replace("count = 10", "count = 12").replace(
        'target_seconds = 5', 'target_seconds = 5\nrules = "house"')
    load = load_lessons([_folder_with(tmp_path, english, changed, QUALIFICATION)],
                        language="es")
    problems = [str(problem) for problem in load.problems]
    assert len(problems) == 2
    assert f":{_line_of(changed, 'rules = ')}: lesson 'dealer-qualification', rules: not in" \
        " the English lesson" in problems[0]
    assert f":{_line_of(changed, 'count = 12')}: lesson 'dealer-qualification'," \
        " drills[2].count: 12 here, 10 in the English lesson" in problems[1]


def test_a_spanish_text_left_empty_or_missing_is_refused(tmp_path: Path) -> None:
    changed = RULING_LESSON_ES.replace('situation = "La carta del crupier se da vuelta."\n',
                                       "").replace('title = "Una resoluci\u00f3n"',
                                                   'title = ""')
    problems = [str(p) for p in load_lessons(
        [_folder_with(tmp_path, RULING_LESSON, changed)], language="es").problems]
    assert len(problems) == 2
    assert "lesson 'one-ruling', title: expected the translated text, got ''" in problems[0]
    assert "lesson 'one-ruling', rulings[1].situation: missing: the English lesson has it" \
        in problems[1]


def test_a_spanish_file_of_no_lesson_in_its_folder_is_named(tmp_path: Path) -> None:
    (tmp_path / "es").mkdir()
    shutil.copy(SHIPPED / "es" / QUALIFICATION, tmp_path / "es" / QUALIFICATION)
    load = load_lessons([tmp_path], language="es")
    assert "id: 'dealer-qualification' is not the id of a lesson in" in _only_problem(load)


def test_a_spanish_version_is_refused_in_english_too(tmp_path: Path) -> None:
    """--self-check loads in the station's language: a bad translation fails it whatever
    the language, since every translation is checked when the lessons load."""
    changed = RULING_LESSON_ES.replace("answer = 3", "answer = 1")
    load = load_lessons([_folder_with(tmp_path, RULING_LESSON, changed)])
    assert "rulings[1].answer: 1 here, 3 in the English lesson" in _only_problem(load)
