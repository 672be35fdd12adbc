"""The lesson "Spot the dealer's mistake" (issue 23, item 2): a shipped lesson whose file
name says mistake, loading without a problem, its worked examples settled by the engine
(the loader checks every figure), and rulings that teach the catalogue's mistakes and the
round where nothing is wrong."""

from __future__ import annotations

from pathlib import Path

from trainer.training.lessons import load_lesson_file, shipped_lessons_dir


def test_the_mistake_lesson_ships_and_loads() -> None:
    (path,) = [p for p in shipped_lessons_dir().glob("*.toml") if "mistake" in p.name]
    lesson, problems = load_lesson_file(Path(path))
    assert problems == []
    assert lesson is not None and lesson.id == "dealer-mistakes"
    assert len(lesson.examples) == 2 and len(lesson.rulings) == 8
    # scored by its rulings, so the practice schedule never deals rounds for its skills
    assert lesson.skills == () and not lesson.drills
    # ruling 7: the dealer paid a winning flush right: "All correct." is the ruling
    assert lesson.rulings[6].correct_choice == "All correct."
    cited = " ".join(ruling.citation for ruling in lesson.rulings)
    for section in ("§3", "§4", "§5", "§6", "§7"):
        assert section in cited
