"""The lesson "Running the round" (issue 23, item 1): a shipped lesson whose file name says
procedure, loading without a problem, its rulings worked by hand from docs/rules.md §2, §5
and §7, and its [[procedure_drills]] running rounds step by step; a procedure drill an
instructor gets wrong is reported by line and key."""

from __future__ import annotations

import random
from pathlib import Path

from trainer.engine.procedure import DealMethod
from trainer.training.lessons import (
    load_lesson_file,
    parse_lesson,
    procedure_drill_runs,
    shipped_lessons_dir,
)
from trainer.training.procedure import StepKind


def shipped() -> Path:
    (path,) = [p for p in shipped_lessons_dir().glob("*.toml") if "procedure" in p.name]
    return Path(path)


def test_the_procedure_lesson_ships_and_loads() -> None:
    lesson, problems = load_lesson_file(shipped())
    assert problems == []
    assert lesson is not None and lesson.id == "running-the-round"
    # its own mode's: no skill the practice schedule deals settlement rounds for
    assert lesson.skills == () and not lesson.drills
    assert [(d.rules, d.deal, d.seats) for d in lesson.procedure_drills] == [
        ("ny-2018", DealMethod.MANUAL, None), ("house", DealMethod.MANUAL, None),
        ("standard", DealMethod.SHOE, 6), (None, None, None)]


def test_the_procedure_lesson_s_rulings_are_the_rules() -> None:
    lesson, _ = load_lesson_file(shipped())
    assert lesson is not None
    right = [ruling.correct_choice for ruling in lesson.rulings]
    assert right[0] == "Refuse: after the flop the raise is 1x or 2x the ante ($10 or $20)."
    assert right[1].startswith("Refuse: no fold before the river")
    assert right[2].startswith("Refuse: after the river the raise is exactly 1x")
    assert right[3] == "Refuse: a side wager is played only beside the ante and odds."
    assert right[4] == "Refuse the 6-Card Bonus: it is a $2 or $5 wager only."
    assert right[5] == "The dealer"  # seats 2, 4, 5 then the dealer (rules §7)
    assert right[6] == "The five community cards"  # the shoe: the board first
    # the folded seat with a Pocket Bonus first, then the raised seats from seat 6 down
    assert right[7] == "2, 5, 3"
    assert all("§" in ruling.citation for ruling in lesson.rulings)


def test_a_procedure_drill_runs_rounds_under_its_rule_set_and_deal() -> None:
    lesson, _ = load_lesson_file(shipped())
    assert lesson is not None
    house, room = lesson.procedure_drills[1], lesson.procedure_drills[3]
    runs = procedure_drill_runs(house, random.Random(2))
    assert len(runs) == 5
    assert {run.round.ruleset.id for run in runs} == {"house"}
    assert {run.method for run in runs} == {DealMethod.MANUAL}
    # the room's rule set and deal where the drill names none
    (shoe,) = procedure_drill_runs(room.__class__(count=1), random.Random(2),
                                   DealMethod.SHOE, rules="massachusetts")
    assert shoe.round.ruleset.id == "massachusetts" and shoe.method is DealMethod.SHOE
    first_deal = next(s for s in shoe.steps if s.kind is StepKind.DEAL)
    assert len(first_deal.deal.cards) == 5 if first_deal.deal else False


BAD = '''\
id = "my-procedure"
title = "Mine"
order = 60
skills = []
target_seconds = 20
explanation = "Text."

[[procedure_drills]]
rules = "house"
deal = "auto"
count = 0
'''


def test_a_wrong_procedure_drill_is_reported_by_line_and_key(tmp_path: Path) -> None:
    lesson, problems = parse_lesson(BAD, tmp_path / "my-procedure.toml")
    assert lesson is None
    text = [str(problem) for problem in problems]
    assert any(":10: procedure_drills[1].deal: 'auto' is not a deal (manual or shoe)" in t
               for t in text)
    assert any(":11: procedure_drills[1].count: 0 is not a number of rounds" in t
               for t in text)
