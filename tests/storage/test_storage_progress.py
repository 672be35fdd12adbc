"""What trainees and instructors see: skills, roster, mistakes, history, streaks, exams."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from storage_support import (
    ROUND,
    RULES,
    answer,
    at,
    create_exam_config,
    find_trainee,
    new_round,
    rebuild_totals,
)

from trainer.engine.round import parse_round, round_to_json
from trainer.storage import (
    ExamStatus,
    Mode,
    RosterColumn,
    StorageError,
    TrainerDB,
    open_database,
)


def _totals(db: TrainerDB) -> tuple[list[Any], list[Any]]:
    trainees = db.conn.execute("SELECT * FROM trainee_totals ORDER BY trainee_id").fetchall()
    skills = db.conn.execute("SELECT * FROM skill_totals ORDER BY trainee_id, skill").fetchall()
    return trainees, skills


def test_skill_stats_give_accuracy_and_mean_time_per_skill(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    round_id = new_round(db, ana)
    answer(db, round_id, skill="ante", correct=True, seconds=2.0)
    answer(db, round_id, skill="ante", correct=False, seconds=4.0)
    answer(db, round_id, skill="bad_beat", correct=True, seconds=9.5)
    answer(db, new_round(db, db.create_trainee("Ben")), skill="ante", correct=False)
    stats = {s.skill: s for s in db.skill_stats(ana)}
    assert list(stats) == ["ante", "bad_beat"]
    assert (stats["ante"].answers, stats["ante"].accuracy, stats["ante"].mean_seconds) == (
        2,
        0.5,
        3.0,
    )
    assert (stats["bad_beat"].accuracy, stats["bad_beat"].mean_seconds) == (1.0, 9.5)


def test_roster_shows_accuracy_time_per_round_rounds_last_active_and_exam(db: TrainerDB) -> None:
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    first = new_round(db, ana, minutes=0)
    answer(db, first, seconds=2.0, correct=True, at=at(1))
    answer(db, first, seconds=3.0, correct=False, at=at(2))
    second = new_round(db, ana, minutes=3)
    answer(db, second, seconds=7.0, correct=True, at=at(4))
    new_round(db, ana, minutes=5)  # dealt, never answered: not a round played
    config = create_exam_config(db, "Final", 10, RULES, 80)
    db.start_exam(ben, config, at=at(6))
    rows = {row.name: row for row in db.roster()}
    assert rows["Ana"].accuracy == pytest.approx(2 / 3)
    assert rows["Ana"].seconds_per_round == pytest.approx(6.0)
    assert (rows["Ana"].rounds_played, rows["Ana"].answers) == (2, 3)
    assert rows["Ana"].last_active == at(5)  # the unanswered round's session started then
    assert rows["Ana"].exam_status is ExamStatus.NONE
    assert (rows["Ben"].accuracy, rows["Ben"].seconds_per_round, rows["Ben"].rounds_played) == (
        None,
        None,
        0,
    )
    assert rows["Ben"].exam_status is ExamStatus.IN_PROGRESS


@pytest.fixture
def room(db: TrainerDB) -> TrainerDB:
    """Four trainees whose figures all differ; Dee has not answered anything."""
    plan = {"Ana": [True, False, 3.0], "ben": [True, True, 9.0], "Cy": [False, False, 1.0]}
    for minutes, (name, (first, second, seconds)) in enumerate(plan.items()):
        trainee = db.create_trainee(name)
        round_id = new_round(db, trainee, minutes=minutes * 10)
        answer(db, round_id, correct=first, seconds=seconds, at=at(minutes * 10 + 1))
        if name != "Cy":
            answer(db, new_round(db, trainee, minutes=minutes * 10 + 2), correct=second)
    db.create_trainee("Dee")
    config = create_exam_config(db, "Final", 1, RULES, 60)
    for name in ("Ana", "Cy"):
        trainee = find_trainee(db, name)
        assert trainee is not None
        db.finish_exam(db.start_exam(trainee.id, config).id)
    return db


@pytest.mark.parametrize("column", list(RosterColumn))
@pytest.mark.parametrize("descending", [False, True])
def test_roster_sorts_by_every_column_with_empty_figures_last(
    room: TrainerDB, column: RosterColumn, descending: bool
) -> None:
    rows = room.roster(column, descending=descending)
    rank = list(ExamStatus)

    def key(row: Any) -> Any:
        value = getattr(row, column.value)
        if column is RosterColumn.NAME:
            value = value.lower()
        if column is RosterColumn.EXAM_STATUS:
            value = rank.index(value)
        return value

    present = [row for row in rows if key(row) is not None]
    missing = [row for row in rows if key(row) is None]
    assert rows == present + missing
    values = [key(row) for row in present]
    assert values == sorted(values, reverse=descending)
    assert len(rows) == 4


def test_roster_filters_by_any_part_of_a_name(room: TrainerDB) -> None:
    assert [row.name for row in room.roster(name_filter="E")] == ["ben", "Dee"]
    assert [row.name for row in room.roster(name_filter="  ")] == ["Ana", "ben", "Cy", "Dee"]
    assert room.roster(name_filter="%") == []


def test_roster_refuses_an_unknown_column(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="sort_by: 'speed' is not a roster column"):
        db.roster("speed")


def test_a_mistake_reopens_the_round_exactly_as_dealt(
    db: TrainerDB, dealt_round: dict[str, Any]
) -> None:
    ana = db.create_trainee("Ana")
    session = db.start_session(ana, Mode.PRACTICE, RULES)
    round_id = db.record_round(session, dealt_round, RULES, 3)
    answer(
        db, round_id, question_id="payout-seat-1", expected="45.00", given="40.00", correct=False
    )
    answer(db, round_id, question_id="qualifies", correct=True)
    (mistake,) = db.trainee_mistakes(ana)
    assert mistake.round == dealt_round
    assert list(mistake.round) == list(dealt_round)  # key order kept too
    assert round_to_json(parse_round(mistake.round)) == dealt_round
    assert (mistake.ruleset_id, mistake.ruleset_version) == (RULES, 3)
    assert (mistake.answer.question_id, mistake.answer.expected, mistake.answer.given) == (
        "payout-seat-1",
        "45.00",
        "40.00",
    )
    assert mistake.answer.round_id == round_id and mistake.answer.session_id == session


def test_mistakes_come_newest_first_and_only_the_trainees_own(db: TrainerDB) -> None:
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    ids = [answer(db, new_round(db, ana), correct=False, at=at(m)) for m in (5, 1, 9)]
    answer(db, new_round(db, ben), correct=False)
    assert [m.answer.id for m in db.trainee_mistakes(ana)] == [ids[2], ids[0], ids[1]]
    assert [m.answer.id for m in db.trainee_mistakes(ana, limit=1)] == [ids[2]]
    assert len(db.trainee_answers(ana)) == 3 == len(db.trainee_answers(ana, wrong_only=True))


@pytest.fixture
def new_york_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time five hours behind UTC, for SQLite and Python alike."""
    monkeypatch.setenv("TZ", "EST+5")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("new_york_time")
def test_history_counts_answers_per_local_calendar_day(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    round_id = new_round(db, ana)
    # 2026-03-02 15:00 UTC is 10:00 in New York. +12 h and +13 h fall on March 3rd
    # in UTC but at 22:00 and 23:00 on the 2nd in New York; +20 h is the 3rd there too.
    answer(db, round_id, correct=True, seconds=2.0, at=at(0))
    answer(db, round_id, correct=False, seconds=4.0, at=at(12 * 60))
    answer(db, round_id, correct=True, seconds=6.0, at=at(13 * 60))
    answer(db, round_id, correct=True, seconds=1.0, at=at(20 * 60))
    days = db.history(ana)
    assert [(d.day, d.answers, d.correct) for d in days] == [
        (date(2026, 3, 2), 3, 2),
        (date(2026, 3, 3), 1, 1),
    ]
    assert days[0].mean_seconds == 4.0 and days[0].accuracy == pytest.approx(2 / 3)


def test_streak_counts_consecutive_correct_answers_in_the_order_given(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    assert db.streak(ana).current == db.streak(ana).best == 0
    round_id = new_round(db, ana)
    pattern = [True, True, True, False, True, True, False, True, True]
    for minute, correct in enumerate(pattern):
        answer(db, round_id, correct=correct, at=at(minute))
    streak = db.streak(ana)
    assert (streak.current, streak.best) == (2, 3)
    answer(db, round_id, correct=True, at=at(100))
    answer(db, round_id, correct=True, at=at(101))
    assert (db.streak(ana).current, db.streak(ana).best) == (4, 4)


def test_an_exam_passes_at_the_pass_mark_and_fails_below_it(db: TrainerDB) -> None:
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    config = create_exam_config(db, "Certification", 2, RULES, 75, time_limit_seconds=900)
    for trainee, results in ((ana, [True, True, True, False]), (ben, [True, False, True, False])):
        exam = db.start_exam(trainee, config)
        assert exam.status is ExamStatus.IN_PROGRESS and exam.time_limit_seconds == 900
        for round_results in (results[:2], results[2:]):  # the 2 rounds set
            round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3)
            for correct in round_results:
                answer(db, round_id, correct=correct)
        db.finish_exam(exam.id)
    (passed,), (failed,) = db.exam_results(ana), db.exam_results(ben)
    assert (passed.score, passed.passed, passed.status) == (75.0, True, ExamStatus.PASSED)
    assert (failed.score, failed.passed, failed.status) == (50.0, False, ExamStatus.FAILED)
    with pytest.raises(StorageError, match="already finished"):
        db.finish_exam(passed.id)
    with pytest.raises(StorageError, match="has ended"):
        db.record_round(passed.session_id or 0, ROUND, RULES, 3)
    assert [c.name for c in db.list_exam_configs()] == ["Certification"]
    assert {row.name: row.exam_status for row in db.roster()} == {
        "Ana": ExamStatus.PASSED,
        "Ben": ExamStatus.FAILED,
    }


def test_an_exam_left_before_its_last_round_keeps_its_score_but_does_not_pass(
    db: TrainerDB,
) -> None:
    """Three rounds set, one answered perfectly, then the time ran out."""
    ana = db.create_trainee("Ana")
    config = create_exam_config(db, "Certification", 3, RULES, 75, time_limit_seconds=60)
    exam = db.start_exam(ana, config)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3)
    for _ in range(4):
        answer(db, round_id, correct=True)
    db.record_round(exam.session_id or 0, ROUND, RULES, 3)  # dealt, never answered
    finished = db.finish_exam(exam.id)
    assert (finished.score, finished.passed, finished.status) == (100.0, False, ExamStatus.FAILED)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seat": 7}, "seat: 7 is not a seat number 1-6"),
        ({"seat": True}, "seat: expected a whole number"),
        ({"correct": 1}, "correct: expected True or False"),
        ({"seconds": -1.0}, "seconds: -1.0 is not a time"),
        ({"seconds": float("nan")}, "seconds: nan is not a time"),
        ({"skill": " "}, "skill: must not be empty"),
        ({"expected": 7.5}, "expected: expected text"),
        ({"given": 7}, "given: expected text or None"),
    ],
)
def test_record_answer_refuses_what_is_not_an_answer(
    db: TrainerDB, fields: dict[str, Any], message: str
) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    with pytest.raises(StorageError, match=message):
        answer(db, round_id, **fields)
    assert db.conn.execute("SELECT COUNT(*) FROM answers").fetchone() == (0,)


def test_an_unanswered_question_is_kept_as_wrong_with_no_answer(db: TrainerDB) -> None:
    round_id = new_round(db, db.create_trainee("Ana"))
    answer(db, round_id, given=None, correct=False, seconds=30.0)
    (mistake,) = db.trainee_mistakes(1)
    assert mistake.answer.given is None


def test_rows_that_point_nowhere_are_refused(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="round_id: no round 99"):
        answer(db, 99)
    with pytest.raises(StorageError, match="session_id: no session 5"):
        db.record_round(5, ROUND, RULES, 3)
    with pytest.raises(StorageError, match="trainee_id: no trainee 3"):
        db.start_session(3, "practice", RULES)
    with pytest.raises(StorageError, match="config_id: no exam set-up 4"):
        db.start_exam(db.create_trainee("Ana"), 4)


def test_sessions_and_rounds_refuse_what_they_cannot_keep(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    with pytest.raises(StorageError, match="mode: 'drill' is not a session mode"):
        db.start_session(ana, "drill", RULES)
    session = db.start_session(ana, "speed", RULES)
    with pytest.raises(StorageError, match=r"round_json\.rules: 'ny-2018' is not the rule set"):
        db.record_round(session, ROUND, "house", 1)
    with pytest.raises(StorageError, match="round_json: not storable as JSON"):
        db.record_round(session, {"rules": RULES, "when": object()}, RULES, 1)
    with pytest.raises(StorageError, match="round_json: expected a JSON object"):
        db.record_round(session, [ROUND], RULES, 1)  # type: ignore[arg-type]
    with pytest.raises(StorageError, match=r"at: .* must be a timezone-aware datetime"):
        db.record_round(session, ROUND, RULES, 1, at=at(0).replace(tzinfo=None))
    db.end_session(session)
    with pytest.raises(StorageError, match="already ended"):
        db.end_session(session)


def test_trainee_names_are_unique_whatever_their_case(db: TrainerDB) -> None:
    db.create_trainee("Ana Lopez")
    with pytest.raises(StorageError, match="already exists"):
        db.create_trainee("  ana lopez ")
    with pytest.raises(StorageError, match="name: must not be empty"):
        db.create_trainee("   ")
    assert [t.name for t in db.list_trainees()] == ["Ana Lopez"]
    found = find_trainee(db, "ANA LOPEZ")
    assert found is not None and db.get_trainee(found.id) == found
    assert db.get_trainee(42) is None


ANSWERS = st.lists(
    st.tuples(
        st.integers(0, 2),  # trainee
        st.integers(0, 3),  # round of that trainee
        st.sampled_from(["ante", "raise", "bad_beat"]),
        st.booleans(),
        # quarter seconds add up exactly in any order, so totals compare exactly
        st.integers(0, 240).map(lambda quarters: quarters / 4),
    ),
    max_size=25,
)


@settings(max_examples=25, deadline=None)
@given(ANSWERS)
def test_totals_kept_by_the_trigger_equal_a_full_recount(answers: list[Any]) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        open_database(Path(folder) / "t.sqlite3", backup_on_session=False) as db,
    ):
        trainees = [db.create_trainee(name) for name in ("A", "B", "C")]
        rounds = [[new_round(db, trainee) for _ in range(4)] for trainee in trainees]
        for trainee, round_number, skill, correct, seconds in answers:
            answer(
                db,
                rounds[trainee][round_number],
                skill=skill,
                correct=correct,
                seconds=seconds,
            )
        kept = _totals(db)
        roster = db.roster()
        rebuild_totals(db)
        assert _totals(db) == kept
        assert db.roster() == roster


def test_rulesets_used_count_sessions_most_used_first_and_session_modes_by_id(
        db: TrainerDB) -> None:
    """What the reports read (once raw SQL in trainer/reports, issue 20): each rule set
    with its number of sessions, ties by name; each session's mode by its id."""
    ana = db.create_trainee("Ana")
    ben = db.create_trainee("Ben")
    first = db.start_session(ana, "practice", "ny-2018", at=at(0))
    second = db.start_session(ana, "speed", "ny-2021", at=at(1))
    third = db.start_session(ana, "practice", "ny-2021", at=at(2))
    fourth = db.start_session(ana, "practice", "atlantic", at=at(3))
    db.start_session(ben, "practice", "ny-2018", at=at(4))
    assert db.rulesets_used(ana) == [("ny-2021", 2), ("atlantic", 1), ("ny-2018", 1)]
    assert db.session_modes(ana) == {first: "practice", second: "speed", third: "practice",
                                     fourth: "practice"}
    assert db.rulesets_used(db.create_trainee("Cy")) == []
