"""Lesson files an instructor gets wrong: each is reported with the file, the
line and what is wrong, and skipped; the rest of the course still loads. A
file in the instructor's folder overrides a shipped lesson of the same id."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from trainer.training.lessons import (
    LESSONS_ENV,
    LessonLoad,
    default_lesson_folders,
    load_course,
    load_lessons,
    shipped_lessons_dir,
)

# A valid lesson. Dealer 5c 5d on Kc 9s 4h 2d 7c: a pair of fives, qualifies.
# Seat 6's 8h 8c: a pair of eights wins; ante $5 paid 1 to 1, raise $15 paid 1 to 1,
# odds push (less than a straight); Pocket Bonus table A pair 5 to 1 on $2 = $10.
GOOD = '''\
id = "{id}"
title = "A good lesson"
order = 50
skills = ["pocket_bonus"]
target_seconds = 6
explanation = """
Text.
"""

[[examples]]
note = "Eights beat fives."

[examples.round]
dealer = ["5c", "5d"]
board = ["Kc", "9s", "4h", "2d", "7c"]

[[examples.round.seats]]
seat = 6
hole = ["8h", "8c"]
ante = "5"
odds = "5"
raise = "15"
pocket_bonus = "2"

[examples.expect]
dealer_qualifies = true

[[examples.expect.seats]]
seat = 6
result = "win"
ante = "5"
raise = "15"
odds = "0"
pocket_bonus = "10"
total = "30"

[[drills]]
scenario = "pocket-aces"
count = 2

[[rulings]]
situation = "Two cards are found face up in the deck."
choices = ["Discard them.", "All hands are void."]
answer = 2
citation = "Massachusetts §12(a)"
'''


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, "utf-8")
    return path


def _line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """1-based line of the ``occurrence``-th line containing ``fragment``."""
    hits = [number for number, line in enumerate(text.splitlines(), 1) if fragment in line]
    return hits[occurrence - 1]


def _only_problem(load: LessonLoad, path: Path):
    problems = [problem for problem in load.problems if problem.file == path]
    assert len(problems) == 1, [str(problem) for problem in load.problems]
    return problems[0]


def test_a_good_lesson_loads(tmp_path: Path) -> None:
    _write(tmp_path, "50-good.toml", GOOD.format(id="good"))
    load = load_lessons([tmp_path])
    assert load.problems == []
    lesson = load.by_id("good")
    assert lesson.rulings[0].correct_choice == "All hands are void."  # answer 2 is the second
    assert lesson.rulings[0].is_correct(1) and not lesson.rulings[0].is_correct(0)


BROKEN = [
    # (name, original fragment, replacement, the fragment on the line to report, words)
    ("bad-toml", 'title = "A good lesson"', 'title = "A good lesson', 'title = "A good lesson',
     ["not valid TOML"]),
    ("unknown-key", "target_seconds = 6", "target_seconds = 6\ncolour = \"red\"", "colour",
     ["colour", "unknown key"]),
    ("bad-card", 'hole = ["8h", "8c"]', 'hole = ["8h", "8x"]', 'hole = ["8h", "8x"]',
     ["'8x' is not a card", "seats[1].hole"]),
    ("wrong-amount", 'pocket_bonus = "10"', 'pocket_bonus = "8"', 'pocket_bonus = "8"',
     ["examples[1].expect.seats[1].pocket_bonus", "10.00, not 8.00"]),
    ("unknown-scenario", 'scenario = "pocket-aces"', 'scenario = "pocket-kings"',
     'scenario = "pocket-kings"', ["unknown scenario 'pocket-kings'"]),
    ("unknown-skill", 'skills = ["pocket_bonus"]', 'skills = ["pocket_bonuses"]', "skills =",
     ["'pocket_bonuses' is not a skill"]),
    ("illegal-raise", 'raise = "15"', 'raise = "20"', 'raise = "20"',
     ["the engine refuses the round", "seat 6.raise"]),
    ("ruling-answer", "answer = 2", "answer = 3", "answer = 3",
     ["rulings[1].answer", "3 is not the number of one of 2 choices"]),
    ("missing-note", 'note = "Eights beat fives."', "", "[[examples]]",
     ["'note' is missing"]),
    ("wrong-hand", "dealer_qualifies = true", 'dealer_hand = "two pair"', "dealer_hand",
     ["dealer's best hand is pair of fives (5c 5d Kc 9s 7c), not two pair"]),
]


@pytest.mark.parametrize(("original", "replacement", "line_fragment", "words"),
                         [pytest.param(*case[1:], id=case[0]) for case in BROKEN])
def test_a_broken_file_is_reported_by_line_and_skipped(
        tmp_path: Path, original: str, replacement: str, line_fragment: str,
        words: list[str]) -> None:
    good = GOOD.format(id="good")
    assert original in good
    broken = good.replace(original, replacement)
    _write(tmp_path, "10-good.toml", good)
    bad = _write(tmp_path, "20-broken.toml", broken.replace('id = "good"', 'id = "broken"'))
    load = load_lessons([tmp_path])
    problem = _only_problem(load, bad)
    assert problem.line == _line_of(broken, line_fragment)
    for word in words:
        assert word in problem.message
    assert str(problem).startswith(f"{bad}:{problem.line}: ")
    assert [lesson.id for lesson in load.lessons] == ["good"]


def test_every_fault_of_a_file_is_reported_in_line_order(tmp_path: Path) -> None:
    broken = (GOOD.format(id="broken").replace('hole = ["8h", "8c"]', 'hole = ["8h", "8x"]')
              .replace('scenario = "pocket-aces"', 'scenario = "nope"'))
    bad = _write(tmp_path, "20-broken.toml", broken)
    load = load_lessons([tmp_path])
    assert [problem.line for problem in load.problems] == [
        _line_of(broken, '"8x"'), _line_of(broken, 'scenario = "nope"')]
    assert all(problem.file == bad for problem in load.problems)


def test_the_problem_in_the_second_array_table_names_its_own_line(tmp_path: Path) -> None:
    text = GOOD.format(id="two") + '''
[[rulings]]
situation = "Again."
choices = ["One.", "Two."]
answer = 0
citation = "Massachusetts §12(a)"
'''
    path = _write(tmp_path, "two.toml", text)
    problem = _only_problem(load_lessons([tmp_path]), path)
    assert problem.line == _line_of(text, "answer = 0")
    assert problem.message.startswith("rulings[2].answer: ")


def test_a_ruling_table_may_deal_wrongly_but_not_the_same_card_twice(tmp_path: Path) -> None:
    table = '''
[rulings.table]
dealer = ["7c"]
exposed = ["Kd"]

[[rulings.table.seats]]
seat = 3
hole = ["8d", "5c", "Jc"]
ante = "5"
'''
    good = _write(tmp_path / "a", "ok.toml", GOOD.format(id="ok") + table)
    load = load_lessons([good.parent])
    assert load.problems == []
    shown = load.by_id("ok").rulings[0].table
    assert shown is not None
    assert [str(card) for card in shown.seats[0].hole] == ["8d", "5c", "Jc"]
    assert [str(card) for card in shown.exposed] == ["Kd"]

    twice = GOOD.format(id="twice") + table.replace('"Jc"', '"7c"')
    bad = _write(tmp_path / "b", "twice.toml", twice)
    problem = _only_problem(load_lessons([bad.parent]), bad)
    assert "7c is dealt twice (dealer and seat 3)" in problem.message
    assert problem.line == _line_of(twice, "[rulings.table]")


def test_two_files_with_one_id_in_one_folder_keep_the_first(tmp_path: Path) -> None:
    _write(tmp_path, "a.toml", GOOD.format(id="same"))
    second = _write(tmp_path, "b.toml", GOOD.format(id="same").replace("A good", "Another"))
    load = load_lessons([tmp_path])
    assert load.by_id("same").title == "A good lesson"
    problem = _only_problem(load, second)
    assert "already used" in problem.message and problem.line == 1


def test_a_missing_folder_is_reported(tmp_path: Path) -> None:
    load = load_lessons([tmp_path / "nowhere"])
    assert [problem.file for problem in load.problems] == [tmp_path / "nowhere"]


def test_an_instructor_file_overrides_the_shipped_lesson(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = shipped_lessons_dir() / "06-ties.toml"
    text = shipped.read_text("utf-8").replace('title = "Ties"', 'title = "Ties, our way"')
    instructor = tmp_path / "instructor"
    override = _write(instructor, "my-ties.toml", text)
    _write(instructor, "99-extra.toml", GOOD.format(id="extra"))
    broken = _write(instructor, "zz-broken.toml", "id = [")
    monkeypatch.setenv(LESSONS_ENV, str(instructor))

    assert default_lesson_folders() == [shipped_lessons_dir(), instructor]
    load = load_course()
    ties = load.by_id("ties")
    assert ties.title == "Ties, our way"
    assert ties.source == override
    assert [lesson.id for lesson in load.lessons].count("ties") == 1
    assert [notice.file for notice in load.notices] == [override]
    assert "replaces" in load.notices[0].message
    assert load.by_id("extra").order == 50
    assert [problem.file for problem in load.problems] == [broken]
    shipped = len(list(shipped_lessons_dir().glob("*.toml")))
    assert len(load.lessons) == shipped + 1  # the shipped (one replaced) and the extra


def test_the_default_instructor_folder_is_in_the_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_data_dir: Path) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    assert default_lesson_folders() == [shipped_lessons_dir()]  # none there yet
    folder = private_data_dir / "lessons"
    shutil.copy(shipped_lessons_dir() / "01-hand-rankings.toml", folder.parent / "x.toml")
    folder.mkdir()
    (folder.parent / "x.toml").rename(folder / "01-mine.toml")
    assert default_lesson_folders() == [shipped_lessons_dir(), folder]
    load = load_course()
    assert load.problems == []
    assert [notice.file for notice in load.notices] == [folder / "01-mine.toml"]
