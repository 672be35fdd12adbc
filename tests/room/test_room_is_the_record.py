"""The room is the record (issue 20, item 3): what one station sends, another receives,
checked like a station file's rows: a trainee and their PIN, their history, their exam
attempts; nothing lost, nothing doubled, and a room that cannot be reached stops only
the exams that count attempts across stations."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from stations import (
    RULESET,
    Station,
    lost_and_doubled,
    receive,
    room_uids,
    send,
    station_target,
    uid_of,
)

from trainer.engine.generator import generate_round
from trainer.engine.round import round_to_json
from trainer.engine.rulesets import load_ruleset
from trainer.exam_setup import ExamSetup
from trainer.room import inbox
from trainer.room.inbox import RoomRowRefused, receive_once
from trainer.room.outbox import Mark, RoomOffline, Waiting, sync_once, waiting
from trainer.room.target import RoomTarget
from trainer.room.worker import RoomState, RoomWorker
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB
from trainer.storage.exchange import merge_tables
from trainer.storage.models import CourseAnswerKind, ExamRefused, Mode, NewAnswer
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.room_cache import StationCache

PIN = "246813"


def trainee_named(db: TrainerDB, name: str) -> int:
    found = [t.id for t in db.list_trainees() if t.name == name]
    assert len(found) == 1, f"{name} is not on this station once: {found}"
    return found[0]


def answer(db: TrainerDB, round_id: int, *, correct: bool, skill: Skill = Skill.ANTE) -> None:
    db.record_answer(NewAnswer(
        round_id=round_id, question_id="q-payout-1", kind=QuestionKind.PAYOUT, skill=skill,
        seat=1, wager=None, expected="10.00", given="10.00" if correct else "5.00",
        correct=correct, seconds=2.0))


def one_attempt_setup(db: TrainerDB, name: str) -> int:
    return db.create_exam_setup(ExamSetup(name, 1, 50.0, None, RULESET, max_attempts=1))


def sit_exam(db: TrainerDB, station: Station, trainee_id: int, config_id: int) -> None:
    """One round, one wrong answer: the attempt is used (and failed)."""
    exam = db.start_exam(trainee_id, config_id)
    assert exam.session_id is not None
    dealt = round_to_json(generate_round(station.random, load_ruleset(RULESET)))
    answer(db, db.record_round(exam.session_id, dealt, RULESET, 1), correct=False)
    db.finish_exam(exam.id)


def test_a_trainee_made_at_one_station_with_a_pin_signs_in_at_another_with_it(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.db.set_trainee_pin(a.trainee, PIN)
    send(a, room_url)
    assert "Ana" not in {t.name for t in b.db.list_trainees()}
    merged = receive(b, room_url)
    assert merged["trainees"] == 1  # Ana (Ben is B's own)
    ana_at_b = trainee_named(b.db, "Ana")
    assert uid_of(b.db, ana_at_b) == uid_of(a.db, a.trainee)
    assert b.db.check_trainee_pin(ana_at_b, PIN).accepted
    assert not b.db.check_trainee_pin(ana_at_b, "135792").accepted


def test_a_pin_changed_at_the_second_station_signs_in_at_the_first_and_the_old_one_does_not(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.db.set_trainee_pin(a.trainee, PIN)
    send(a, room_url)
    receive(b, room_url)
    ana_at_b = trainee_named(b.db, "Ana")
    b.db.set_trainee_pin(ana_at_b, "975310")
    send(b, room_url)
    receive(b, room_url)  # B's own change came back as the newest: nothing changes at B
    assert b.db.check_trainee_pin(ana_at_b, "975310").accepted
    receive(a, room_url)
    assert a.db.check_trainee_pin(a.trainee, "975310").accepted
    assert not a.db.check_trainee_pin(a.trainee, PIN).accepted
    send(a, room_url)  # A agrees with the room: it sends nothing back
    with psycopg.connect(room_url) as conn:
        (rows,) = conn.execute("SELECT count(*) FROM trainee_pins").fetchone() or (0,)
    assert rows == 2  # A's first PIN, B's new one


def test_a_trainee_signed_in_at_another_station_finds_their_answers_there(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    # At A, Ana answers 7 times on the round the Station dealt and two more:
    # rounds of 3, 3 and 1 answers; 5 right (ante), 2 wrong (one ante, one raise).
    answer(a.db, a.round, correct=True)
    answer(a.db, a.round, correct=True)
    answer(a.db, a.round, correct=False, skill=Skill.RAISE)
    second = a.new_round()
    answer(a.db, second, correct=True)
    answer(a.db, second, correct=True)
    answer(a.db, second, correct=False)
    third = a.new_round()
    answer(a.db, third, correct=True)
    a.db.end_session(a.session)
    a.db.record_course_answer(a.trainee, CourseAnswerKind.RULING, "ruling-2", False, 9.0,
                              lesson="01-basics")  # and one ruling of a lesson, wrong
    send(a, room_url)
    receive(b, room_url)  # Ana is known at B; her history only once she signs in there
    ana_at_b = trainee_named(b.db, "Ana")
    assert b.db.skill_stats(ana_at_b) == []
    merged = receive(b, room_url, uid_of(b.db, ana_at_b))
    assert merged == {"sessions": 1, "rounds": 3, "answers": 7, "course_answers": 1}
    (ruling,) = b.db.course_answers(ana_at_b)
    assert (ruling.item, ruling.lesson, ruling.correct) == ("ruling-2", "01-basics", False)
    totals = {stat.skill: (stat.answers, stat.correct) for stat in b.db.skill_stats(ana_at_b)}
    assert totals == {Skill.ANTE: (6, 5), Skill.RAISE: (1, 0)}
    assert totals == {stat.skill: (stat.answers, stat.correct)
                      for stat in a.db.skill_stats(a.trainee)}
    (ended,) = b.db.conn.execute("SELECT ended FROM sessions WHERE uid = ?", (
        a.db.conn.execute("SELECT uid FROM sessions WHERE id = ?",
                          (a.session,)).fetchone()[0],)).fetchone()
    assert ended is not None
    # And incrementally: two more at A arrive at the next pass, not the seven again.
    answer(a.db, third, correct=False)
    answer(a.db, third, correct=True)
    send(a, room_url)
    assert receive(b, room_url, uid_of(b.db, ana_at_b)) == {"answers": 2}
    assert sum(stat.answers for stat in b.db.skill_stats(ana_at_b)) == 9


def test_an_exam_whose_one_attempt_was_used_at_one_station_is_refused_at_another(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    sit_exam(a.db, a, a.trainee, one_attempt_setup(a.db, "Final"))
    send(a, room_url)
    b.db.room_required = True
    config_at_b = one_attempt_setup(b.db, "FINAL")  # the same set-up by name, any case
    receive(b, room_url)
    ana_at_b = trainee_named(b.db, "Ana")
    receive(b, room_url, uid_of(b.db, ana_at_b))  # she signs in at B: received just now
    with pytest.raises(ExamRefused, match="allows 1 attempt, and all 1 have been made"):
        b.db.start_exam(ana_at_b, config_at_b)
    # Ben, who sat nothing, may (his records came from the room in this pass too).
    receive(b, room_url, uid_of(b.db, b.trainee))
    assert b.db.start_exam(b.trainee, config_at_b).attempt == 1


def test_an_exam_received_from_the_room_shows_at_sign_off_the_station_it_was_sat_at(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    sit_exam(a.db, a, a.trainee, one_attempt_setup(a.db, "Final"))
    send(a, room_url)
    receive(b, room_url)
    ana_at_b = trainee_named(b.db, "Ana")
    (exam,) = b.db.exam_results(ana_at_b)
    seen = b.db.exam_evidence(exam.id)
    assert (seen.sat_at.station, seen.sat_at.here) == (a.db.station, False)
    receive(b, room_url)  # received again: it keeps the station it was sat at
    assert b.db.exam_evidence(exam.id).sat_at.station == a.db.station


def test_an_exam_sat_at_one_station_can_be_signed_off_at_another_where_the_trainee_never_sat(
        room_url: str, stations: tuple[Station, Station]) -> None:
    """The instructor's station holds the rounds and answers of every finished exam, not
    only of the trainees signed in there: the sign-off's recount needs them."""
    a, b = stations
    exam = a.db.start_exam(a.trainee, one_attempt_setup(a.db, "Final"))
    assert exam.session_id is not None
    dealt = round_to_json(generate_round(a.random, load_ruleset(RULESET)))
    round_id = a.db.record_round(exam.session_id, dealt, RULESET, 1)
    answer(a.db, round_id, correct=True)
    answer(a.db, round_id, correct=False)  # 1 of 2 right: 50 %, the pass mark
    assert a.db.finish_exam(exam.id).passed
    send(a, room_url)
    receive(b, room_url)  # nobody follows Ana at B
    ana_at_b = trainee_named(b.db, "Ana")
    (at_b,) = b.db.exam_results(ana_at_b)
    assert b.db.certification_problem(ana_at_b, at_b.id) is None
    assert b.db.exam_evidence(at_b.id).questions == 2


def test_with_the_room_offline_an_exam_with_an_attempt_limit_is_refused_but_practice_works(
        room_url: str, stations: tuple[Station, Station]) -> None:
    _a, b = stations
    b.db.room_required = True
    config = one_attempt_setup(b.db, "Final")
    unlimited = b.db.create_exam_setup(ExamSetup("Warm-up", 1, 50.0, None, RULESET))
    closed = RoomTarget("postgresql://127.0.0.1:1/room", station_target(room_url).credentials)
    cache = StationCache.open(b.path, b.db.secret)
    try:
        with pytest.raises(RoomOffline):
            receive_once(cache, closed, [uid_of(b.db, b.trainee)], connect_timeout=2)
    finally:
        cache.close()
    with pytest.raises(ExamRefused, match=r"^The room is offline: this station has not yet"
                                          " received your records"):
        b.db.start_exam(b.trainee, config)
    practice = b.db.start_session(b.trainee, Mode.PRACTICE, RULESET)
    assert practice > 0
    assert b.db.start_exam(b.trainee, unlimited).attempt == 1  # no limit, no wait: starts
    # Received at t; 60 s later it may start, 61 s later it may not.
    t = datetime.now(UTC)
    cache = StationCache.open(b.path, b.db.secret)
    try:
        receive_once(cache, station_target(room_url), [uid_of(b.db, b.trainee)], now=t)
    finally:
        cache.close()
    assert b.db.exam_refusal(b.trainee, config, at=t + timedelta(seconds=60)) is None
    late = b.db.exam_refusal(b.trainee, config, at=t + timedelta(seconds=61))
    assert late is not None and str(late).startswith("The room is offline: this station has"
                                                     " not since")


def test_a_room_row_failing_the_station_file_checks_is_refused_and_nothing_of_the_pass_merged(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    send(a, room_url)  # a good trainee, Ana, waits in the room for B too
    with psycopg.connect(room_url) as conn:  # the server's admin, past every grant
        conn.execute("INSERT INTO stations (station) VALUES ('intruder')")
        conn.execute("INSERT INTO trainees (uid, name, created, station, station_seq)"
                     " VALUES ('zed-1', 'Zed', 'yesterday afternoon', 'intruder', 1)")
    before = {t.name for t in b.db.list_trainees()}
    with pytest.raises(RoomRowRefused) as refused:
        receive(b, room_url)
    assert str(refused.value) == (
        "a record from the room was refused, so nothing was received (the room: trainees"
        " row zed-1: created: 'yesterday afternoon' is not an ISO-8601 date and time;"
        " nothing was merged)")
    assert {t.name for t in b.db.list_trainees()} == before  # not Ana either
    with pytest.raises(RoomRowRefused):  # the cursor did not move: refused again
        receive(b, room_url)


def test_two_stations_syncing_both_ways_lose_nothing_and_double_nothing(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.answer(5)  # Ana at A: rounds of 3 and 2
    b.answer(4)  # Ben at B: rounds of 3 and 1
    sit_exam(a.db, a, a.trainee, one_attempt_setup(a.db, "Final"))  # and one exam answer
    send(a, room_url)
    send(b, room_url)
    receive(a, room_url, uid_of(a.db, a.trainee))
    receive(b, room_url, uid_of(b.db, b.trainee))
    ana_at_b = trainee_named(b.db, "Ana")
    receive(b, room_url, uid_of(b.db, ana_at_b))  # Ana signs in at B and answers 3
    session = b.db.start_session(ana_at_b, Mode.PRACTICE, RULESET)
    b.session = session
    round_id = b.new_round()
    for _ in range(3):
        answer(b.db, round_id, correct=True)
    send(b, room_url)  # B's new rows, and what it received (stored once)
    send(a, room_url)
    receive(a, room_url, uid_of(a.db, a.trainee))
    receive(b, room_url, uid_of(b.db, ana_at_b), uid_of(b.db, b.trainee))
    send(a, room_url)
    send(b, room_url)
    for station in (a, b):  # send() found nothing refused, the exam B sends back either
        for table in ("trainees", "sessions", "rounds", "answers", "exams", "exam_finishes",
                      "session_ends"):
            assert lost_and_doubled(room_url, station.path, table) == (0, 0), (
                station.path.name, table)
    assert sum(room_uids(room_url, "answers").values()) == 5 + 4 + 1 + 3
    assert sum(s.answers for s in a.db.skill_stats(a.trainee)) == 5 + 1 + 3
    assert sum(s.answers for s in b.db.skill_stats(ana_at_b)) == 5 + 1 + 3
    assert len(b.db.exam_results(ana_at_b)) == 1
    # Ben's answers stay at B only: nobody signed in as Ben at A.
    assert "Ben" in {t.name for t in a.db.list_trainees()}
    assert sum(s.answers for s in a.db.skill_stats(trainee_named(a.db, "Ben"))) == 0


def test_a_second_attempt_1_from_another_station_lands_in_refused_records_with_a_sentence(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    send(a, room_url)
    receive(b, room_url)
    ana_at_b = trainee_named(b.db, "Ana")
    # Both stations let Ana sit "Final" before either has the other's attempt.
    sit_exam(a.db, a, a.trainee, one_attempt_setup(a.db, "Final"))
    sit_exam(b.db, b, ana_at_b, one_attempt_setup(b.db, "final"))
    send(a, room_url)
    result = sync_once(StationOutbox.of(b.db), station_target(room_url))
    exam_uid = b.db.conn.execute("SELECT uid FROM exams").fetchone()[0]
    problems = {(r.table, r.uid): r.problem for r in result.refused}
    assert problems[("exams", exam_uid)] == (
        "attempt 1 at the exam \u201cfinal\u201d is already in the room for this trainee"
        " (made at another station, or at this one before its data folder was restored):"
        " the room keeps the first, so this exam was not sent")
    with psycopg.connect(room_url) as conn:
        recorded = conn.execute(
            "SELECT problem FROM refused_records WHERE record_table = 'exams' AND uid = %s",
            (exam_uid,)).fetchall()
    assert recorded == [(problems[("exams", exam_uid)],)]


def test_a_row_stamped_before_the_cursor_but_committed_after_it_is_still_received(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    with psycopg.connect(room_url) as slow:  # a transaction stamped now, committed later
        slow.execute("INSERT INTO stations (station) VALUES ('slow')")
        slow.commit()
        slow.execute("INSERT INTO trainees (uid, name, created, station, station_seq)"
                     " VALUES ('cara-1', 'Cara', %s, 'slow', 1)",
                     (datetime.now(UTC).isoformat(timespec="seconds"),))
        send(a, room_url)  # Ana arrives after Cara's stamp, and is received first
        receive(b, room_url)
        assert {t.name for t in b.db.list_trainees()} == {"Ana", "Ben"}
        slow.commit()
    assert receive(b, room_url) == {"trainees": 1}  # read again from OVERLAP before
    assert {t.name for t in b.db.list_trainees()} == {"Ana", "Ben", "Cara"}
    assert receive(b, room_url) == {}  # and never twice


def test_the_worker_receives_the_history_of_a_trainee_it_is_told_signed_in(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.answer(4)  # rounds of 3 and 1
    send(a, room_url)
    worker = RoomWorker(b.path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        assert worker.wait_for(lambda s: s.state is RoomState.CONNECTED, 20) is not None
        assert wait_until(lambda: "Ana" in {t.name for t in b.db.list_trainees()})
        ana_at_b = trainee_named(b.db, "Ana")
        assert b.db.skill_stats(ana_at_b) == []  # not signed in here yet
        worker.follow(uid_of(b.db, ana_at_b))  # what the window does at sign-in
        assert wait_until(lambda: sum(s.answers for s in b.db.skill_stats(ana_at_b)) == 4)
        # Received, counted by hand: Ana, then her session, its 2 rounds and 4 answers.
        assert worker.wait_for(lambda s: s.received == 8, 10) is not None, worker.status()
        assert worker.status().sentence() == "Room: connected"
    finally:
        assert worker.stop()
    assert lost_and_doubled(room_url, b.path, "answers") == (0, 0)


def test_the_status_bar_says_when_the_room_sends_a_record_the_station_refuses(
        room_url: str, stations: tuple[Station, Station]) -> None:
    _a, b = stations
    with psycopg.connect(room_url) as conn:
        conn.execute("INSERT INTO stations (station) VALUES ('intruder')")
        conn.execute("INSERT INTO trainees (uid, name, created, station, station_seq)"
                     " VALUES ('zed-1', 'Zed', 'yesterday afternoon', 'intruder', 1)")
    worker = RoomWorker(b.path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        status = worker.wait_for(lambda s: s.not_received is not None, 20)
    finally:
        assert worker.stop()
    assert status is not None and status.state is RoomState.CONNECTED  # sending goes on
    assert status.sentence().startswith(
        "Room: connected — not receiving (a record from the room was refused, so nothing"
        " was received (the room: trainees row zed-1: created:")
    assert lost_and_doubled(room_url, b.path, "answers") == (0, 0)


def wait_until(condition: Callable[[], bool], timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_pass_with_nothing_new_hands_the_merge_no_rows_to_check_again(
        room_url: str, stations: tuple[Station, Station],
        monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = stations
    a.answer(4)  # rounds of 3 and 1 (all within the overlap read again)
    a.db.end_session(a.session)
    send(a, room_url)
    receive(b, room_url)
    ana_at_b = uid_of(b.db, trainee_named(b.db, "Ana"))
    assert receive(b, room_url, ana_at_b) == {"sessions": 1, "rounds": 2, "answers": 4}
    handed: list[dict[str, int]] = []

    def counting(db: Any, tables: dict[str, Any], source: str, **kw: Any) -> dict[str, int]:
        handed.append({t: len(entry["rows"]) for t, entry in tables.items() if entry["rows"]})
        return merge_tables(db, tables, source, **kw)

    monkeypatch.setattr(inbox, "merge_tables", counting)
    assert receive(b, room_url, ana_at_b) == {}
    assert handed == [{}]
    answer(a.db, a.round, correct=True)  # one more: only it (and nothing else) is handed
    send(a, room_url)
    assert receive(b, room_url, ana_at_b) == {"answers": 1}
    assert handed[-1] == {"answers": 1}


def room_marks(room_url: str, station: Station) -> dict[str, Mark]:
    with psycopg.connect(room_url) as conn:
        return {str(table): Mark(int(through), last) for table, through, last in conn.execute(
            "SELECT record_table, sent_through, last_uid FROM station_marks WHERE station = %s",
            (station.db.station,))}


def test_rows_received_count_as_in_the_room_and_only_the_stations_own_are_sent(
        room_url: str, stations: tuple[Station, Station]) -> None:
    a, b = stations
    a.answer(4)  # Ana at A: rounds of 3 and 1
    send(a, room_url)
    send(b, room_url)  # B's own trainee, session and first round: B's marks at 1
    receive(b, room_url)
    ana_at_b = uid_of(b.db, trainee_named(b.db, "Ana"))
    receive(b, room_url, ana_at_b)  # rounds 2 and 3, answers 1 to 4 here
    marks = room_marks(room_url, b)
    assert (marks["answers"].sent_through, marks["rounds"].sent_through) == (4, 3)
    assert marks["answers"].last_uid == b.db.conn.execute(
        "SELECT uid FROM answers WHERE id = 4").fetchone()[0]
    assert waiting(StationOutbox.of(b.db), marks) == Waiting(answers=0, records=0)
    # Ben answers once at B (not sent yet), then Ana twice more at A: B's own answer
    # waits before the two received, so the mark stays and the sender sends all three,
    # the room storing the two received once.
    b.answer(1)
    answer(a.db, a.round, correct=True)
    answer(a.db, a.round, correct=False)
    send(a, room_url)
    receive(b, room_url, ana_at_b)
    assert room_marks(room_url, b)["answers"].sent_through == 4
    assert waiting(StationOutbox.of(b.db), room_marks(room_url, b)).answers == 3
    result = sync_once(StationOutbox.of(b.db), station_target(room_url))
    assert result.sent.get("answers") == 1  # Ben's; Ana's two were in the room already
    assert lost_and_doubled(room_url, b.path, "answers") == (0, 0)
    assert sum(room_uids(room_url, "answers").values()) == 4 + 2 + 1
