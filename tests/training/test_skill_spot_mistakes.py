"""Spotting and correcting a dealer's mistakes are skills like every other (issue 23,
item 2): named for people, kept in mastery and the roster CSV, shown in the skill grid once
answered, accepted in a station file's skill column; the exercise's own, so no rule set
asks them by itself."""

from __future__ import annotations

from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.reports.csv import ROSTER_HEADER
from trainer.reports.skill_grid import ruleset_skills, shown_skills
from trainer.skills import Skill
from trainer.storage.exchange import TABLES
from trainer.training.mastery import mastery_by_skill

MISTAKE_SKILLS = {Skill.SPOT_MISTAKES: "Spotting a dealer's mistake",
                  Skill.CORRECT_MISTAKES: "Correcting a dealer's mistake"}


def test_the_mistake_skills_have_names_for_people() -> None:
    assert Skill("spot_mistakes") is Skill.SPOT_MISTAKES
    assert Skill("correct_mistakes") is Skill.CORRECT_MISTAKES
    assert {skill: skill.label for skill in MISTAKE_SKILLS} == MISTAKE_SKILLS


def test_mastery_and_the_roster_csv_hold_the_mistake_skills() -> None:
    for skill, label in MISTAKE_SKILLS.items():
        assert skill in mastery_by_skill([])
        assert f"{label} score" in ROSTER_HEADER and f"{label} level" in ROSTER_HEADER


def test_the_grid_shows_a_mistake_skill_once_someone_answers_it() -> None:
    for skill in MISTAKE_SKILLS:
        for preset in PRESETS:
            assert skill not in ruleset_skills(load_ruleset(preset))
        assert skill not in shown_skills(["ny-2018"], [Skill.ANTE])
        assert skill in shown_skills(["ny-2018"], [skill])


def test_a_station_file_may_hold_mistake_answers() -> None:
    check = TABLES["answers"]["skill"]
    assert check("spot_mistakes") is None and check("correct_mistakes") is None
    assert check("spot_mistake") == "'spot_mistake' is not a skill this trainer knows"
