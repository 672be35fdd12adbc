"""The instructor's class views read from the room give what the station's SQLite gives.

The same records (three trainees, answers in two weeks) are written to a station's
SQLite, sent to the room by the sender, and read back from both databases with the
shared SQL of trainer/storage/class_sql.py; every figure below is worked out by hand.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from room_server import STATION_PASSWORD, as_role
from stations import station_target

from trainer.engine.round import Wager
from trainer.room.outbox import sync_once
from trainer.room.reads import RoomReads, local_utc_offset
from trainer.room.schema import SKILL_RECENT_KEPT, STATION_ROLE
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.class_sql import MissedGroup, WeekStat
from trainer.storage.interfaces import ClassViewReads, RosterReads
from trainer.storage.models import ExamStatus, NewAnswer, RosterColumn, StorageUnavailable
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.schema import SKILL_RECENT_KEPT as STATION_KEPT

RULES = "ny-2018"
ROUND = {"rules": RULES, "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
         "seats": [{"seat": 1, "hole": ["Ah", "Ad"], "ante": "10.00", "odds": "10.00",
                    "raise": "30.00"}]}
WEEK_1 = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)  # a Wednesday noon: the same week anywhere
WEEK_2 = WEEK_1 + timedelta(days=7)
MONDAY_1, MONDAY_2 = date(2026, 3, 2), date(2026, 3, 9)


def _round(db: TrainerDB, trainee: int, when: datetime,
           answers: list[tuple[str, bool, float]]) -> None:
    """One round of payout answers (skill, right, seconds), a minute apart; the wager
    is the skill's own (ante or raise)."""
    session = db.start_session(trainee, "practice", RULES, at=when)
    round_id = db.record_round(session, ROUND, RULES, 1, at=when)
    for number, (skill, correct, seconds) in enumerate(answers):
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", skill, 1, skill, "10.00",
                                   "10.00" if correct else "5.00", correct, seconds),
                         at=when + timedelta(minutes=number))


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    db = open_database(tmp_path / "station.sqlite3", backup_on_session=False)
    ana, ben = db.create_trainee("ana"), db.create_trainee("Ben")
    db.create_trainee("cy")  # no answers
    _round(db, ana, WEEK_1, [("ante", True, 2.0), ("ante", False, 4.0), ("ante", True, 6.0)])
    _round(db, ana, WEEK_1 + timedelta(hours=1), [("raise", False, 5.0)])
    _round(db, ana, WEEK_2, [("ante", True, 3.0)])
    _round(db, ben, WEEK_2 + timedelta(hours=2), [("ante", False, 10.0), ("ante", False, 10.0)])
    yield db
    db.close()


@pytest.fixture
def room(station: TrainerDB, room_url: str) -> Iterator[RoomReads]:
    sync_once(StationOutbox.of(station), station_target(room_url))
    reads = RoomReads(station_target(room_url))
    yield reads
    reads.close()


def _both(station: TrainerDB, room: RoomReads) -> list[ClassViewReads]:
    return [station, room]  # mypy: both are ClassViewReads


def _ids(db: ClassViewReads) -> dict[str, int]:
    return {t.name: t.id for t in db.list_trainees()}


def test_the_room_keeps_as_many_latest_answers_as_the_station() -> None:
    assert SKILL_RECENT_KEPT == STATION_KEPT == 20


def test_both_databases_list_the_trainees_by_name_in_any_case(
        station: TrainerDB, room: RoomReads) -> None:
    for db in _both(station, room):
        assert [t.name for t in db.list_trainees()] == ["ana", "Ben", "cy"]
    assert {t.name: t.uid for t in station.list_trainees()} == {
        t.name: t.uid for t in room.list_trainees()}


def test_both_databases_give_the_same_latest_answers_per_skill(
        station: TrainerDB, room: RoomReads) -> None:
    for db in _both(station, room):
        ids = _ids(db)
        names = {v: k for k, v in ids.items()}
        cells = {(names[c.trainee_id], c.skill): c for c in db.recent_by_skill()}
        assert set(cells) == {("ana", Skill.ANTE), ("ana", Skill.RAISE), ("Ben", Skill.ANTE)}
        ante = cells["ana", Skill.ANTE]
        assert ante.correct == (True, False, True, True)
        assert ante.seconds == (2.0, 4.0, 6.0, 3.0)
        assert ante.answered_at == (WEEK_1, WEEK_1 + timedelta(minutes=1),
                                    WEEK_1 + timedelta(minutes=2), WEEK_2)
        assert cells["Ben", Skill.ANTE].correct == (False, False)
        only_ben = db.recent_by_skill([ids["Ben"], ids["cy"]])
        assert [(names[c.trainee_id], c.skill) for c in only_ben] == [("Ben", Skill.ANTE)]
        assert db.recent_by_skill([]) == []


def test_both_databases_give_the_same_weekly_trends(station: TrainerDB, room: RoomReads) -> None:
    for db in _both(station, room):
        ids = _ids(db)
        assert db.weekly_skill_stats() == [
            WeekStat(Skill.ANTE, MONDAY_1, 3, 2, 12.0),
            WeekStat(Skill.RAISE, MONDAY_1, 1, 0, 5.0),
            WeekStat(Skill.ANTE, MONDAY_2, 3, 1, 23.0),  # ana's 1 right (3 s), Ben's 2 wrong
        ]
        assert db.weekly_skill_stats([ids["Ben"]]) == [WeekStat(Skill.ANTE, MONDAY_2, 2, 0, 20.0)]
        assert db.weekly_skill_stats([ids["cy"]]) == []


def test_both_databases_give_the_same_most_missed(station: TrainerDB, room: RoomReads) -> None:
    for db in _both(station, room):
        ids = _ids(db)
        assert db.missed_groups() == [
            MissedGroup(Skill.ANTE, QuestionKind.PAYOUT, Wager.ANTE, 6, 3),
            MissedGroup(Skill.RAISE, QuestionKind.PAYOUT, Wager.RAISE, 1, 1),
        ]
        # one wrong each: the fewer answers first (1 raise, then 4 ante)
        assert db.missed_groups([ids["ana"]]) == [
            MissedGroup(Skill.RAISE, QuestionKind.PAYOUT, Wager.RAISE, 1, 1),
            MissedGroup(Skill.ANTE, QuestionKind.PAYOUT, Wager.ANTE, 4, 1),
        ]
        assert db.rulesets_of() == [RULES]
        assert db.rulesets_of([ids["cy"]]) == []


def test_both_databases_give_the_same_roster(station: TrainerDB, room: RoomReads) -> None:
    readers: list[RosterReads] = [station, room]  # mypy: both are RosterReads
    for db in readers:
        rows = db.roster(RosterColumn.ACCURACY, descending=True)
        assert [r.name for r in rows] == ["ana", "Ben", "cy"]  # no answers: last either way
        ana, ben, cy = rows
        assert (ana.accuracy, ana.answers, ana.rounds_played) == (0.6, 5, 3)
        assert ana.seconds_per_round == pytest.approx(20 / 3)
        assert (ben.accuracy, ben.seconds_per_round, ben.rounds_played) == (0.0, 20.0, 1)
        assert (cy.accuracy, cy.seconds_per_round, cy.answers) == (None, None, 0)
        assert {r.exam_status for r in rows} == {ExamStatus.NONE}
        assert [r.name for r in db.roster(name_filter="BE")] == ["Ben"]
    (ana_in_room,) = room.roster(name_filter="ana")
    assert ana_in_room.last_active == WEEK_2


def test_the_room_keeps_only_each_skills_latest_twenty_answers(
        station: TrainerDB, room_url: str) -> None:
    ben = _ids(station)["Ben"]
    # 25 more, in one round: the room's trigger and the station's keep the same 20.
    _round(station, ben, WEEK_2 + timedelta(days=1),
           [("ante", n % 2 == 0, 1.0 + n) for n in range(25)])
    sync_once(StationOutbox.of(station), station_target(room_url))
    room = RoomReads(station_target(room_url))
    try:
        (in_room,) = [c for c in room.recent_by_skill() if c.skill is Skill.ANTE
                      and c.trainee_id == _ids(room)["Ben"]]
        (on_station,) = [c for c in station.recent_by_skill([ben]) if c.skill is Skill.ANTE]
        assert len(in_room.answered_at) == 20
        assert in_room.answered_at[0] == WEEK_2 + timedelta(days=1, minutes=5)
        assert (in_room.correct, in_room.seconds, in_room.answered_at) == (
            on_station.correct, on_station.seconds, on_station.answered_at)
    finally:
        room.close()


def test_the_station_role_cannot_write_the_rooms_latest_answers(
        station: TrainerDB, room: RoomReads, room_url: str) -> None:
    room.list_trainees()
    with psycopg.connect(as_role(room_url, STATION_ROLE, STATION_PASSWORD),
                         autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM skill_recent").fetchone() == (7,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM skill_recent")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE skill_recent SET correct = true")


def _answer_sent_again(conn: psycopg.Connection[Any], trainee: str, uid: str,
                       seq: int) -> None:
    """A copy of one of ``trainee``'s answers in the room, under a new uid and sequence,
    as a station's send would insert it (the server stamps its ``arrived`` with the
    transaction's start). One trainee's answers lock their totals row until commit."""
    conn.execute("SET lock_timeout = '5s'")
    conn.execute(
        "INSERT INTO answers SELECT (jsonb_populate_record(NULL::answers, to_jsonb(a)"
        " || jsonb_build_object('uid', %s::text, 'station_seq', %s::bigint))).*"
        " FROM answers a JOIN rounds r ON r.uid = a.round JOIN sessions s ON s.uid = r.session"
        " JOIN trainees t ON t.uid = s.trainee WHERE t.name = %s LIMIT 1", (uid, seq, trainee))


def test_an_answer_committed_after_a_later_stamped_one_still_changes_the_class_views_poll(
        room: RoomReads, room_url: str) -> None:
    """Station X's send starts first (its answer stamped first) and commits last: the
    newest ``arrived`` was already station Y's when X's answer came into sight, so the
    poll must not read as unchanged then; once the latest arrival has settled, it does."""
    reads = RoomReads(room.target, settles=timedelta(seconds=2))
    try:
        with psycopg.connect(room_url) as station_x, \
                psycopg.connect(room_url, autocommit=True) as station_y:
            _answer_sent_again(station_x, "ana", "late-x", 900001)  # X's transaction is open
            time.sleep(0.05)
            _answer_sent_again(station_y, "Ben", "early-y", 900002)  # Y's commits at once
            before = reads.latest_arrival()
            station_x.commit()
            after = reads.latest_arrival()
            assert before[0] == after[0]  # X's answer did not move the latest arrival...
            assert before != after  # ...and the poll changed all the same
        time.sleep(2.1)
        assert reads.latest_arrival() == reads.latest_arrival()  # settled: no reading again
    finally:
        reads.close()


def test_a_room_that_cannot_be_reached_is_a_sentence(room_url: str) -> None:
    target = station_target(room_url, port=1)  # nothing listens on port 1
    reads = RoomReads(target, connect_timeout=2)
    with pytest.raises(StorageUnavailable, match="the room could not be read"):
        reads.list_trainees()


def test_the_local_offset_reads_as_postgresql_takes_it() -> None:
    offset = local_utc_offset()
    assert len(offset) == 6 and offset[0] in "+-" and offset[3] == ":"
