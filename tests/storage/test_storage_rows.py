"""Rows come back typed (issue 11): a skill, a question kind, a wager, a mode and a
course answer kind are enums, made once by storage's row readers; a value this
trainer cannot read back is refused with the table, row and column named; an
answer to keep is one typed row (NewAnswer), each field checked."""

from __future__ import annotations

from typing import Any

import pytest
from storage_support import answer, at, new_round

from trainer.engine.round import Wager
from trainer.skills import QuestionKind, Skill
from trainer.storage import CourseAnswerKind, Mode, NewAnswer, StorageError, TrainerDB
from trainer.training.session import Mode as TrainingMode


def test_an_answer_given_as_text_comes_back_as_enums(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    answer(db, new_round(db, ana), kind="payout", skill="odds_win", wager="odds",
           correct=False, at=at(1))
    (record,) = db.trainee_answers(ana)
    assert record.kind is QuestionKind.PAYOUT
    assert record.skill is Skill.ODDS_WIN
    assert record.wager is Wager.ODDS
    (mistake,) = db.trainee_mistakes(ana)
    assert mistake.answer == record
    (stat,) = db.skill_stats(ana)
    assert stat.skill is Skill.ODDS_WIN


def test_a_question_on_no_wager_comes_back_with_none(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    answer(db, new_round(db, ana), question_id="qualifies", kind=QuestionKind.QUALIFIES,
           skill=Skill.QUALIFICATION, seat=None, wager=None, expected="yes", given="no",
           correct=False)
    (record,) = db.trainee_answers(ana)
    assert (record.kind, record.skill, record.seat, record.wager) == (
        QuestionKind.QUALIFIES, Skill.QUALIFICATION, None, None)
    # What mastery reads of an answer: a question on a dealt round names no
    # scenario drill and no lesson's rulings.
    assert (record.scenario, record.lesson) == (None, None)


def test_a_course_answer_comes_back_with_its_kind(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    db.record_course_answer(ana, "ruling", "r-one", True, 4.0, lesson="irregularities")
    (course,) = db.course_answers(ana)
    assert course.kind is CourseAnswerKind.RULING


def test_there_is_one_session_mode_for_storage_and_training() -> None:
    assert TrainingMode is Mode
    assert [mode.value for mode in Mode] == ["practice", "speed", "exam"]  # the schema's CHECK


def _write_raw(db: TrainerDB, sql: str, parameters: tuple[Any, ...]) -> None:
    """Change a row as another program could (the trainer never writes these)."""
    db.conn.execute(sql, parameters)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("skill", "juggling", r"answers row \d+: skill 'juggling' is not a skill this trainer"),
        ("kind", "essay", r"answers row \d+: kind 'essay' is not a question kind this"),
        ("wager", "blind", r"answers row \d+: wager 'blind' is not a wager this trainer"),
        ("answered_at", "yesterday", r"answers row \d+: answered_at 'yesterday' is not a date"),
    ],
)
def test_an_answer_this_trainer_cannot_read_back_is_named_not_a_traceback(
    db: TrainerDB, column: str, value: str, message: str
) -> None:
    ana = db.create_trainee("Ana")
    answer(db, new_round(db, ana), correct=False)
    _write_raw(db, f"UPDATE answers SET {column} = ?", (value,))
    with pytest.raises(StorageError, match=message):
        db.trainee_answers(ana)
    with pytest.raises(StorageError, match=message):
        db.trainee_mistakes(ana)


def test_a_skill_total_this_trainer_cannot_read_back_is_named(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    answer(db, new_round(db, ana))
    _write_raw(db, "UPDATE skill_totals SET skill = 'juggling'", ())
    with pytest.raises(StorageError, match="skill_totals of trainee 1: skill 'juggling' is not"):
        db.skill_stats(ana)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"skill": "odds_wins"}, "skill: 'odds_wins' is not a skill"),
        ({"skill": 3}, "skill: expected text, got int 3"),
        ({"kind": "essay"}, "kind: 'essay' is not a question kind"),
        ({"kind": ""}, "kind: must not be empty"),
        ({"wager": "blind"}, "wager: 'blind' is not a wager"),
        ({"question_id": " "}, "question_id: must not be empty"),
    ],
)
def test_record_answer_refuses_a_field_it_could_not_read_back(
    db: TrainerDB, fields: dict[str, Any], message: str
) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    with pytest.raises(StorageError, match=message):
        answer(db, round_id, **fields)
    assert db.conn.execute("SELECT COUNT(*) FROM answers").fetchone() == (0,)


def test_record_answer_takes_one_typed_row(db: TrainerDB) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    with pytest.raises(StorageError, match="answer: expected a NewAnswer, got tuple"):
        db.record_answer((round_id, "q1"))  # type: ignore[arg-type]
    with pytest.raises(StorageError, match="round_id: expected a whole number, got '1'"):
        db.record_answer(NewAnswer("1", "q1", QuestionKind.PAYOUT, Skill.ANTE,  # type: ignore[arg-type]
                                   1, Wager.ANTE, "10.00", "10.00", True, 3.0))
    kept = db.record_answer(NewAnswer(round_id, "seat-2-ante", QuestionKind.PAYOUT, Skill.ANTE,
                                      2, Wager.ANTE, "10.00", None, False, 30.0))
    (record,) = db.trainee_answers(1)
    assert (record.id, record.seat, record.given, record.correct) == (kept, 2, None, False)
