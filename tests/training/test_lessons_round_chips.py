"""A lesson's example round may give its wagers' chips (issue 22, item 1): kept on the
round, and chips that do not make the wager reported on the chips line of the file."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from trainer.engine.round import Wager
from trainer.training.lessons import load_lessons

LESSON = '''\
id = "chips"
title = "Rainbow bets"
order = 50
skills = ["raise"]
target_seconds = 6
explanation = "Text."

[[examples]]
note = "A $15 raise as a red and ten whites."

[examples.round]
dealer = ["5c", "5d"]
board = ["Kc", "9s", "4h", "2d", "7c"]

[[examples.round.seats]]
seat = 6
hole = ["8h", "8c"]
ante = "5"
odds = "5"
raise = "15"
chips = { raise = { 5 = 1, 1 = 10 } }
'''


def test_an_example_rounds_chips_are_kept(tmp_path: Path) -> None:
    (tmp_path / "50-chips.toml").write_text(LESSON, "utf-8")
    load = load_lessons([tmp_path])
    assert load.problems == []
    seat = load.by_id("chips").examples[0].round.seat(6)
    assert seat.chips_of(Wager.RAISE) == (Decimal(5),) + (Decimal(1),) * 10
    assert seat.chips_of(Wager.ANTE) == (Decimal(5),)  # none given: the fewest chips


def test_chips_that_do_not_make_the_wager_are_reported_on_their_line(tmp_path: Path) -> None:
    broken = LESSON.replace("1 = 10", "1 = 9")  # a red and nine whites: $14 for a $15 raise
    path = tmp_path / "50-chips.toml"
    path.write_text(broken, "utf-8")
    (problem,) = load_lessons([tmp_path]).problems
    assert problem.line == broken.splitlines().index(
        next(line for line in broken.splitlines() if line.startswith("chips"))) + 1
    assert "seat 6.chips.raise: the chips make 14.00, but the Raise is 15.00" in problem.message
