"""Running the round is a skill like every other (issue 23, item 1): named for people, kept
in mastery and the roster CSV, shown in the skill grid once answered, accepted in a station
file's skill column; the exercise's own, so no rule set asks it by itself."""

from __future__ import annotations

from trainer.engine.rulesets import PRESETS, load_ruleset
from trainer.reports.csv import ROSTER_HEADER
from trainer.reports.skill_grid import ruleset_skills, shown_skills
from trainer.skills import Skill
from trainer.storage.exchange import TABLES
from trainer.training.mastery import mastery_by_skill


def test_running_the_round_has_a_name_for_people() -> None:
    assert Skill("procedure") is Skill.PROCEDURE
    assert Skill.PROCEDURE.label == "Running the round (wagers, deal, decisions, clearing)"


def test_mastery_and_the_roster_csv_hold_running_the_round() -> None:
    assert Skill.PROCEDURE in mastery_by_skill([])
    label = Skill.PROCEDURE.label
    assert f"{label} score" in ROSTER_HEADER and f"{label} level" in ROSTER_HEADER


def test_the_grid_shows_running_the_round_once_someone_answers_it() -> None:
    for preset in PRESETS:
        assert Skill.PROCEDURE not in ruleset_skills(load_ruleset(preset))
    assert Skill.PROCEDURE not in shown_skills(["ny-2018"], [Skill.ANTE])
    assert Skill.PROCEDURE in shown_skills(["ny-2018"], [Skill.PROCEDURE])


def test_a_station_file_may_hold_answers_on_running_the_round() -> None:
    check = TABLES["answers"]["skill"]
    assert check("procedure") is None
    assert check("procedures") == "'procedures' is not a skill this trainer knows"
