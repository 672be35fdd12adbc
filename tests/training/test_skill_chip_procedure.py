"""The chip procedure is a skill like every other (issue 22, item 4): named for people, kept
in mastery, the roster CSV, the skill grid once answered, and accepted in a station file's
skill column; it is chip mode's, so no rule set asks it by itself."""

from __future__ import annotations

from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.reports.csv import ROSTER_HEADER
from trainer.reports.skill_grid import ruleset_skills, shown_skills
from trainer.skills import Skill
from trainer.storage.exchange import TABLES
from trainer.training.mastery import mastery_by_skill


def test_the_chip_procedure_is_a_skill_with_a_name_for_people() -> None:
    assert Skill("chip_procedure") is Skill.CHIP_PROCEDURE
    assert Skill.CHIP_PROCEDURE.label == "Chip procedure (paying in the house's chips)"


def test_mastery_and_the_roster_csv_hold_the_chip_procedure() -> None:
    assert Skill.CHIP_PROCEDURE in mastery_by_skill([])
    label = "Chip procedure (paying in the house's chips)"
    assert f"{label} score" in ROSTER_HEADER and f"{label} level" in ROSTER_HEADER


def test_the_grid_shows_the_chip_procedure_once_someone_answers_it() -> None:
    for preset in PRESETS:
        assert Skill.CHIP_PROCEDURE not in ruleset_skills(load_ruleset(preset))
    assert Skill.CHIP_PROCEDURE not in shown_skills(["ny-2018"], [Skill.ANTE])
    assert Skill.CHIP_PROCEDURE in shown_skills(["ny-2018"], [Skill.CHIP_PROCEDURE])


def test_a_station_file_may_hold_chip_procedure_answers() -> None:
    check = TABLES["answers"]["skill"]
    assert check("chip_procedure") is None
    assert check("chip_procedures") == "'chip_procedures' is not a skill this trainer knows"
