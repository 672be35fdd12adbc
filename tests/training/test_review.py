"""A stored round re-opened under the rule-set version it was dealt with (issue 11):
dealt exactly as recorded, and a plain sentence when the rules in force are
another version, since only the rule set loaded now can settle it."""

from __future__ import annotations

import random
from typing import Any

from tests.storage.storage_support import find_trainee
from trainer.engine.generator import generate_round
from trainer.engine.round import round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.skills import QuestionKind, Skill
from trainer.storage import NewAnswer, TrainerDB
from trainer.training.course_plan import CourseProgress
from trainer.training.review import reopen_mistake, reopen_round, rules_note

RULES = "ny-2018"
IN_FORCE = load_ruleset(RULES).version
"""The version of ny-2018 installed here (the round is settled under this one)."""
OLDER = IN_FORCE + 1  # any other version: the file on this station is not it


def dealt(seed: int, rules: str = RULES) -> dict[str, Any]:
    return round_to_json(generate_round(random.Random(seed), load_ruleset(rules)))


def mistake_on(db: TrainerDB, round_json: dict[str, Any], ruleset_id: str,
               version: int) -> None:
    """Ana's wrong dealer-hand answer on a round kept with this rule-set version."""
    ana = find_trainee(db, "Ana") or db.get_trainee(db.create_trainee("Ana"))
    assert ana is not None
    session = db.start_session(ana.id, "practice", ruleset_id)
    round_id = db.record_round(session, round_json, ruleset_id, version)
    db.record_answer(NewAnswer(round_id, "dealer-hand", QuestionKind.DEALER_HAND,
                               Skill.DEALER_HAND, None, None, "pair", "high card", False, 4.0))


def test_a_round_dealt_under_the_rules_in_force_says_nothing() -> None:
    ruleset = load_ruleset(RULES)
    assert rules_note(ruleset, IN_FORCE) is None
    recorded = dealt(1)
    reopened = reopen_round(recorded, RULES, IN_FORCE)
    assert round_to_json(reopened.round) == recorded
    assert reopened.rules_note is None


def test_a_round_dealt_under_another_version_says_whose_answers_are_shown() -> None:
    recorded = dealt(2)
    reopened = reopen_round(recorded, RULES, OLDER)
    assert round_to_json(reopened.round) == recorded  # the cards and wagers as dealt
    assert reopened.rules_note == (
        f"Dealt under ny-2018 version {OLDER}; the rules in force are version {IN_FORCE}:"
        f" the answers shown are those of version {IN_FORCE}."
    )


def test_a_round_recorded_before_versions_were_kept_says_the_version_is_not_known() -> None:
    note = reopen_round(dealt(3), RULES, None).rules_note
    assert note == (
        "Dealt before the trainer kept rule-set versions, so which version of ny-2018 it"
        f" was dealt under is not known; the rules in force are version {IN_FORCE}: the"
        f" answers shown are those of version {IN_FORCE}."
    )


def test_a_round_whose_json_names_no_rules_reopens_under_the_rule_set_recorded() -> None:
    recorded = {key: value for key, value in dealt(4, "massachusetts").items() if key != "rules"}
    reopened = reopen_round(recorded, "massachusetts", load_ruleset("massachusetts").version)
    assert reopened.round.ruleset.id == "massachusetts"  # not the settle default, ny-2018
    assert reopened.rules_note is None


def test_a_stored_mistake_carries_its_version_back_to_the_review(db: TrainerDB) -> None:
    recorded = dealt(5)
    mistake_on(db, recorded, RULES, OLDER)
    (mistake,) = db.trainee_mistakes(1)
    assert mistake.ruleset_version == OLDER
    reopened = reopen_mistake(mistake)
    assert round_to_json(reopened.round) == recorded
    assert reopened.rules_note is not None
    assert f"Dealt under ny-2018 version {OLDER}" in reopened.rules_note


def test_work_my_mistakes_labels_a_round_dealt_under_another_version(db: TrainerDB) -> None:
    mistake_on(db, dealt(6), RULES, IN_FORCE)
    mistake_on(db, dealt(7), RULES, OLDER)
    labels = [step.label for step in CourseProgress([]).mistakes_plan(db.trainee_mistakes(1)).steps]
    assert len(labels) == 2
    same, other = sorted(labels, key=len)
    assert same.endswith(": Reading the dealer's hand")
    assert other.endswith(
        f": Reading the dealer's hand. Dealt under ny-2018 version {OLDER}; the rules in force"
        f" are version {IN_FORCE}: the answers shown are those of version {IN_FORCE}."
    )
