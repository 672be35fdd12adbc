"""The one answer row the three recorders keep (issue 23): each field goes to the kept
row's field of the same name, and the side file's JSON names the same values."""

from __future__ import annotations

from trainer.engine.round import Wager
from trainer.skills import QuestionKind, Skill
from trainer.storage.models import NewAnswer
from trainer.training.session_records import PendingAnswer


def test_a_pending_answer_becomes_the_kept_row_of_its_round_field_by_field() -> None:
    answer = PendingAnswer("mistake.seat-6-trips-plus", QuestionKind.MISTAKE,
                           Skill.SPOT_MISTAKES, 6, Wager.TRIPS_PLUS, "wrong: $50.00",
                           "marked: $40.00", True, 2.5)
    assert answer.new(17) == NewAnswer(
        round_id=17, question_id="mistake.seat-6-trips-plus", kind=QuestionKind.MISTAKE,
        skill=Skill.SPOT_MISTAKES, seat=6, wager=Wager.TRIPS_PLUS, expected="wrong: $50.00",
        given="marked: $40.00", correct=True, seconds=2.5)


def test_a_pending_answer_not_given_is_kept_as_json_with_its_enums_as_text() -> None:
    answer = PendingAnswer("procedure.deal-5", QuestionKind.PROCEDURE, Skill.PROCEDURE,
                           None, None, "seat 5", None, False, 0.0)
    assert answer.record() == {
        "question_id": "procedure.deal-5", "kind": "procedure", "skill": "procedure",
        "seat": None, "wager": None, "expected": "seat 5", "given": None,
        "correct": False, "seconds": 0.0}
