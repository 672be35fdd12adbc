"""The skill grid has a short column title for every skill, the chip procedure too (issue 22):
a grid where someone answered in chips must not fail on a missing title."""

from __future__ import annotations

from trainer.skills import Skill
from trainer.ui.progress.skill_grid import SHORT_SKILL_NAMES, short_skill


def test_every_skill_has_a_short_column_title() -> None:
    assert set(SHORT_SKILL_NAMES) == set(Skill)
    assert short_skill(Skill.CHIP_PROCEDURE) == "Chip procedure"
