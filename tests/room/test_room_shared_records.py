"""The instructor's records are the room's: classes, members, assignments, exam set-ups
and certificates made at one station reach another through the room (issue 20, item 3),
on a real PostgreSQL server."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
import pytest
from stations import station_target, station_url

from tests.storage.storage_support import ROUND, RULES, at
from trainer.exam_setup import ExamSetup
from trainer.room import shared
from trainer.room.outbox import sync_once
from trainer.room.shared import SharedResult, Sharer, share_once
from trainer.room.worker import RoomWorker
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import NewAnswer, SealState, SignatureState
from trainer.storage.outbox_reads import StationOutbox
from trainer.storage.shared_records import SharedRecords, close_shared, open_shared
from trainer.ui.room_status import status_sentence

PW = "correct horse battery"


@pytest.fixture
def stations(tmp_path: Path) -> Iterator[tuple[TrainerDB, TrainerDB]]:
    a = open_database(tmp_path / "a.sqlite3", backup_on_session=False)
    b = open_database(tmp_path / "b.sqlite3", backup_on_session=False)
    yield a, b
    a.close()
    b.close()


def sync(db: TrainerDB, room_url: str) -> SharedResult:
    """One pass of the room worker for ``db``: its records sent, then the shared pass."""
    sent = sync_once(StationOutbox.of(db), station_target(room_url))
    with psycopg.connect(station_url(room_url), autocommit=True) as conn:
        return share_once(SharedRecords(db), conn, sent.station)


def hand_over_trainees(source: TrainerDB, target: TrainerDB, tmp_path: Path) -> None:
    """The trainees and their exams reach ``target`` (as the room's inbox will do; here
    through a station file)."""
    path = source.export_station(tmp_path / "handover.hhe")
    target.merge_station(path, allow_default_key=True)


def room_count(room_url: str, query: str) -> int:
    with psycopg.connect(room_url) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def names(people: list[Any]) -> list[str]:
    return [person.name for person in people]


def test_a_class_its_members_and_an_assignment_made_at_one_station_reach_another(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    ana, ben = a.create_trainee("Ana"), a.create_trainee("Ben")
    morning = a.create_class("Morning", date(2026, 3, 2))
    a.add_class_member(morning, ana)
    a.add_class_member(morning, ben)
    a.assign("lesson", "basics-ante", assigned_by="Pat", class_id=morning,
             due=date(2026, 3, 9))
    a.assign("lesson", "bad-beat", assigned_by="Pat", trainee_id=ben)
    first = sync(a, room_url)
    assert first.sent == {"classes": 1, "class_member_changes": 2, "assignments": 2}
    assert first.refused == ()
    hand_over_trainees(a, b, tmp_path)

    received = sync(b, room_url)

    assert received.refused == ()
    assert received.sent == {}
    (class_at_b,) = b.list_classes()
    assert (class_at_b.name, class_at_b.starts) == ("Morning", date(2026, 3, 2))
    assert names(b.class_members(class_at_b.id)) == ["Ana", "Ben"]
    ben_at_b = next(t.id for t in b.list_trainees() if t.name == "Ben")
    ana_at_b = next(t.id for t in b.list_trainees() if t.name == "Ana")
    assert sorted((x.target, x.due) for x in b.assignments_for(ben_at_b)) == [
        ("bad-beat", None), ("basics-ante", date(2026, 3, 9))]
    assert [(x.target, x.assigned_by) for x in b.assignments_for(ana_at_b)] == [
        ("basics-ante", "Pat")]


def test_a_member_or_assignment_removed_at_one_station_is_gone_at_the_other(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    ana, ben = a.create_trainee("Ana"), a.create_trainee("Ben")
    morning = a.create_class("Morning", date(2026, 3, 2))
    a.add_class_member(morning, ana)
    a.add_class_member(morning, ben)
    lesson = a.assign("lesson", "bad-beat", assigned_by="Pat", trainee_id=ben)
    sync(a, room_url)
    hand_over_trainees(a, b, tmp_path)
    sync(b, room_url)
    (class_at_b,) = b.list_classes()

    a.remove_class_member(morning, ben)
    a.remove_assignment(lesson)
    gone = sync(a, room_url)
    assert gone.sent == {"class_member_changes": 1, "assignment_removals": 1}
    sync(b, room_url)
    assert names(b.class_members(class_at_b.id)) == ["Ana"]
    assert b.class_assignments(class_at_b.id) == []
    ben_at_b = next(t.id for t in b.list_trainees() if t.name == "Ben")
    assert b.assignments_for(ben_at_b) == []

    # And back the other way: Ana taken out at B, Ben put back at B.
    b.remove_class_member(class_at_b.id, next(t.id for t in b.list_trainees()
                                               if t.name == "Ana"))
    b.add_class_member(class_at_b.id, ben_at_b)
    sync(b, room_url)
    sync(a, room_url)
    assert names(a.class_members(morning)) == ["Ben"]
    assert room_count(room_url, "SELECT count(*) FROM class_member_changes") == 5
    assert room_count(room_url, "SELECT count(*) FROM class_member_changes"
                                " WHERE NOT member") == 2


def test_an_exam_set_up_made_at_one_station_is_offered_at_another(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    made = a.create_exam_setup(ExamSetup("Final", 10, 80, 1200, RULES))
    sync(a, room_url)
    sync(b, room_url)
    (offered,) = b.list_exam_configs()
    assert (offered.name, offered.version, offered.setup.rounds, offered.setup.pass_mark,
            offered.setup.time_limit_seconds) == ("Final", 1, 10, 80, 1200)

    a.edit_exam_config(made, ExamSetup("Final", 20, 85, 1200, RULES))
    sync(a, room_url)
    sync(b, room_url)
    (edited,) = b.list_exam_configs()
    assert (edited.version, edited.setup.rounds, edited.setup.pass_mark) == (2, 20, 85)

    b.retire_exam_config(edited.id)
    sync(b, room_url)
    sync(a, room_url)
    assert a.list_exam_configs() == []
    assert [c.name for c in a.list_exam_configs(retired=True)] == ["Final"]
    assert room_count(room_url, "SELECT count(*) FROM exam_setups") == 2
    assert room_count(room_url, "SELECT count(*) FROM exam_setup_retirements") == 1


def take_exam(db: TrainerDB, trainee: int, config: int) -> int:
    """One round, five answers, four right: 80 %, a pass at pass mark 80."""
    exam = db.start_exam(trainee, config, at=at(0))
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=at(0))
    for index in range(5):
        right = index < 4
        db.record_answer(NewAnswer(
            round_id, f"q{index}", QuestionKind.PAYOUT, Skill.ANTE, 1, "ante", "10.00",
            "10.00" if right else "20.00", right, 3.0), at=at(0.5))
    return db.finish_exam(exam.id, at=at(1)).id


def test_a_certificate_signed_at_one_station_verifies_at_another(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    a.create_instructor("Pat", PW)
    pinned = {"Pat": [a.instructor_public_key("Pat", PW)[1]]}
    ana = a.create_trainee("Ana")
    exam = take_exam(a, ana, a.create_exam_setup(ExamSetup("Final", 1, 80, None, RULES)))
    signed = a.certify(ana, exam, "Pat", password=PW, expires=date(2027, 3, 2), at=at(60))
    sent = sync(a, room_url)
    assert sent.sent["certifications"] == 1
    hand_over_trainees(a, b, tmp_path)

    sync(b, room_url)

    found = b.find_certification(signed.code)
    assert found is not None
    assert (found.signed_by, found.expires, found.revoked) == ("Pat", date(2027, 3, 2), None)
    check = b.check_signature(found.id, pinned)
    assert (check.state, check.signer, check.problems) == (SignatureState.SIGNED, "Pat", ())
    assert b.certification_seal(found.id) is SealState.VALID  # sealed as B wrote it

    a.revoke_certification(signed.id, revoked_by="Pat", password=PW, at=at(120))
    sync(a, room_url)
    sync(b, room_url)
    revoked = b.find_certification(signed.code)
    assert revoked is not None and revoked.revoked == at(120)
    check = b.check_signature(revoked.id, pinned)
    assert (check.state, check.revoked_by) == (SignatureState.SIGNED, "Pat")
    assert b.certification_seal(revoked.id) is SealState.VALID  # resealed as revoked


def test_rows_sent_twice_are_stored_once(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    ana = a.create_trainee("Ana")
    morning = a.create_class("Morning", date(2026, 3, 2))
    a.add_class_member(morning, ana)
    a.assign("lesson", "basics-ante", assigned_by="Pat", class_id=morning)
    a.create_exam_setup(ExamSetup("Final", 10, 80, None, RULES))
    sync(a, room_url)
    again = sync(a, room_url)  # a new pass, no memory of the last: compares everything
    assert (again.sent, again.received, again.refused) == ({}, 0, ())
    hand_over_trainees(a, b, tmp_path)
    assert sync(b, room_url).sent == {}  # what B received it does not send back
    for table in ("classes", "class_member_changes", "assignments", "exam_setups"):
        assert room_count(room_url, f"SELECT count(*) FROM {table}") == 1, table


def test_a_room_row_failing_the_stations_checks_is_refused_with_a_sentence(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    sync(a, room_url)  # the room knows station A
    with psycopg.connect(room_url) as conn:
        conn.execute(
            "INSERT INTO classes (uid, name, starts, created, station) VALUES"
            " ('evil1', %s, '2026-03-02', '2026-03-01T10:00:00+00:00', %s)",
            ("Evil\nclass", a.station))
        conn.execute(
            "INSERT INTO classes (uid, name, starts, created, station) VALUES"
            " ('late1', 'Late', '2026-02-31', '2026-03-01T10:00:00+00:00', %s)",
            (a.station,))

    result = sync(b, room_url)

    assert sorted(result.refused) == [
        "the room's class evil1 was not taken here: name: contains the control character"
        " U+000A (control); names are plain text",
        "the room's class late1 was not taken here: starts: '2026-02-31' is not a calendar"
        " day (YYYY-MM-DD)",
    ]
    assert b.list_classes(archived=True) == []


def test_the_room_worker_carries_a_class_from_one_station_to_another(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    a.create_class("Morning", date(2026, 3, 2))
    workers = [RoomWorker(db.path, station_target(room_url), interval=0.1, max_backoff=0.5)
               for db in (a, b)]
    for worker in workers:
        worker.start()
    try:
        # A pass sends the class from A, a later pass of B's receives it: however the two
        # workers' passes fall on a loaded machine, B has it within a few passes.
        deadline = time.monotonic() + 20
        while not b.list_classes() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        for worker in workers:
            assert worker.stop()
    assert [(c.name, c.starts) for c in b.list_classes()] == [("Morning", date(2026, 3, 2))]
    assert (workers[1].status().refused, workers[1].status().not_shared) == (0, ())


def room_link(room_url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(station_url(room_url), autocommit=True)


def test_a_class_reaching_the_room_during_a_pass_is_taken_at_the_next(
        room_url: str, stations: tuple[TrainerDB, TrainerDB],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pass remembers the room as it was when the pass read it: a class another station
    sends after that read is not in what the pass compared, so the next pass compares
    again (it once counted it as seen, and the class never came)."""
    a, b = stations
    sync(b, room_url)  # the room knows station B
    a.create_class("Morning", date(2026, 3, 2))
    original = shared._read_room
    arrivals = 0

    def read_then_station_a_sends(conn: psycopg.Connection[Any]) -> Any:
        nonlocal arrivals
        state = original(conn)
        if arrivals == 0:  # A's class is committed after B's read, before B's pass ends
            arrivals += 1
            sync(a, room_url)
        return state

    monkeypatch.setattr(shared, "_read_room", read_then_station_a_sends)
    sharer = Sharer(open_shared(b.path), b.station)
    with room_link(room_url) as conn:
        sharer.run(conn)
        assert b.list_classes() == []  # not read by the pass it arrived in
        second = sharer.run(conn)
    close_shared(sharer.records)
    assert arrivals == 1
    assert not second.skipped
    assert [(c.name, c.starts) for c in b.list_classes()] == [("Morning", date(2026, 3, 2))]


def test_a_class_made_here_during_a_pass_is_sent_at_the_next(
        room_url: str, stations: tuple[TrainerDB, TrainerDB],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same on this side: a class the instructor makes here while a pass is writing
    what it received is sent by the next pass."""
    a, _b = stations
    sync(a, room_url)
    original = SharedRecords.apply
    made = 0

    def apply_then_instructor_makes_a_class(self: SharedRecords, incoming: Any) -> list[str]:
        nonlocal made
        refused = original(self, incoming)
        if made == 0:
            made += 1
            a.create_class("Evening", date(2026, 3, 9))  # the GUI's own connection
        return refused

    monkeypatch.setattr(SharedRecords, "apply", apply_then_instructor_makes_a_class)
    sharer = Sharer(open_shared(a.path), a.station)
    with room_link(room_url) as conn:
        sharer.run(conn)
        assert room_count(room_url, "SELECT count(*) FROM classes") == 0
        second = sharer.run(conn)
    close_shared(sharer.records)
    assert made == 1
    assert second.sent == {"classes": 1}
    assert room_count(room_url, "SELECT count(*) FROM classes WHERE name = 'Evening'") == 1


def test_the_status_bar_names_a_room_row_this_station_did_not_take(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    sync(a, room_url)  # the room knows station A
    with psycopg.connect(room_url) as conn:
        conn.execute(
            "INSERT INTO classes (uid, name, starts, created, station) VALUES"
            " ('evil1', %s, '2026-03-02', '2026-03-01T10:00:00+00:00', %s)",
            ("Evil\nclass", a.station))
    worker = RoomWorker(b.path, station_target(room_url), interval=0.1, max_backoff=0.5)
    worker.start()
    try:
        status = worker.wait_for(lambda s: bool(s.not_shared), 10)
    finally:
        assert worker.stop()
    assert status is not None, worker.status()
    assert status_sentence(status) == (
        "Room: connected — classes, assignments, set-ups or certificates: the room's class"
        " evil1 was not taken here: name: contains the control character U+000A (control);"
        " names are plain text")
    assert b.list_classes(archived=True) == []


def test_a_member_whose_trainee_is_not_here_yet_waits_for_a_later_pass(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    ana = a.create_trainee("Ana")
    morning = a.create_class("Morning", date(2026, 3, 2))
    a.add_class_member(morning, ana)
    sync(a, room_url)
    first = sync(b, room_url)  # Ana has not reached B: the class has, without her
    (class_at_b,) = b.list_classes()
    assert (first.refused, b.class_members(class_at_b.id)) == ((), [])
    assert sync(b, room_url).sent == {}  # her absence here is not sent as a removal

    hand_over_trainees(a, b, tmp_path)
    sync(b, room_url)
    assert names(b.class_members(class_at_b.id)) == ["Ana"]
    assert room_count(room_url, "SELECT count(*) FROM class_member_changes") == 1


def test_an_exam_assigned_at_one_station_names_the_same_set_up_at_another(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    b.create_exam_setup(ExamSetup("Warm-up", 5, 60, None, RULES))  # B's ids differ from A's
    final = a.create_exam_setup(ExamSetup("Final", 10, 80, None, RULES))
    ana = a.create_trainee("Ana")
    a.assign("exam", final, assigned_by="Pat", trainee_id=ana, due=date(2026, 3, 20))
    sync(a, room_url)
    with psycopg.connect(room_url) as conn:
        assert conn.execute("SELECT kind, target FROM assignments").fetchall() == [
            ("exam", "Final")]
    hand_over_trainees(a, b, tmp_path)
    sync(b, room_url)
    final_at_b = next(c.id for c in b.list_exam_configs() if c.name == "Final")
    ana_at_b = next(t.id for t in b.list_trainees() if t.name == "Ana")
    assert [(x.kind.value, x.target, x.due) for x in b.assignments_for(ana_at_b)] == [
        ("exam", str(final_at_b), date(2026, 3, 20))]
    assert final_at_b != final


def test_a_certificate_whose_statement_says_another_code_is_refused_with_a_sentence(
        room_url: str, stations: tuple[TrainerDB, TrainerDB], tmp_path: Path) -> None:
    a, b = stations
    a.create_instructor("Pat", PW)
    ana = a.create_trainee("Ana")
    exam = take_exam(a, ana, a.create_exam_setup(ExamSetup("Final", 1, 80, None, RULES)))
    signed = a.certify(ana, exam, "Pat", password=PW, at=at(60))
    sync(a, room_url)
    hand_over_trainees(a, b, tmp_path)
    with psycopg.connect(room_url) as conn:  # a second row: the same statement, its own code
        conn.execute(
            "INSERT INTO certifications (uid, trainee, exam, code, signed_by, signed_at,"
            " expires, statement, signature, station) SELECT 'forged1', trainee, exam,"
            " 'HHE-0000-0000-0000', signed_by, signed_at, expires, statement, signature,"
            " station FROM certifications")

    result = sync(b, room_url)

    assert result.refused == ("the room's certification forged1 was not taken here:"
                              " statement: does not say the row's code",)
    assert b.find_certification("HHE-0000-0000-0000") is None
    assert b.find_certification(signed.code) is not None


def test_a_membership_the_room_refuses_is_named_by_its_class_and_trainee_each_pass(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, _ = stations
    morning = a.create_class("Morning", date(2026, 3, 2))
    with sqlite3.connect(a.path) as conn:  # a trainee the room refuses (no time zone)
        conn.execute("INSERT INTO trainees (uid, name, created) VALUES"
                     " ('zed1', 'Zed', '2026-03-01 10:00')")
    zed = next(t.id for t in a.list_trainees() if t.name == "Zed")
    a.add_class_member(morning, zed)
    made = a.get_class(morning)
    assert made is not None
    class_uid = made.uid

    sentences = [sync(a, room_url).refused for _ in range(2)]

    expected = (f"this station's membership change of class {class_uid}, trainee zed1 was"
                " refused by the room (")
    for refused in sentences:
        assert len(refused) == 1 and refused[0].startswith(expected), refused
    assert sentences[0] == sentences[1]  # tried again, and said the same way
    assert room_count(room_url, "SELECT count(*) FROM class_member_changes") == 0


def test_a_member_made_at_another_station_is_the_trainee_of_the_same_name_here(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    ana_at_b = b.create_trainee("ana")  # B's own Ana: another uid, the same person
    ana = a.create_trainee("Ana")
    morning = a.create_class("Morning", date(2026, 3, 2))
    a.add_class_member(morning, ana)
    a.assign("lesson", "bad-beat", assigned_by="Pat", trainee_id=ana)
    sync(a, room_url)

    received = sync(b, room_url)

    assert received.refused == ()
    (class_at_b,) = b.list_classes()
    assert [t.id for t in b.class_members(class_at_b.id)] == [ana_at_b]
    assert [x.target for x in b.assignments_for(ana_at_b)] == ["bad-beat"]
    assert sync(b, room_url).sent == {}  # nothing sent back under B's uid
    assert room_count(room_url, "SELECT count(*) FROM class_member_changes") == 1
    # Taken out at B: the room's newest change for her (under either uid) is that.
    b.remove_class_member(class_at_b.id, ana_at_b)
    sync(b, room_url)
    sync(a, room_url)
    assert a.class_members(morning) == []


def test_two_stations_making_version_1_of_a_set_up_keep_the_one_that_reached_the_room_first(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    a.create_exam_setup(ExamSetup("Final", 10, 80, None, RULES))
    b.create_exam_setup(ExamSetup("final", 30, 90, None, RULES))
    sync(a, room_url)

    result = sync(b, room_url)

    assert result.refused == (
        "exam set-up 'final' version 1 as edited here was replaced by the room's version"
        " of that number (made at another station first); edit it again to make a new"
        " version",)
    (kept,) = b.list_exam_configs()
    assert (kept.version, kept.setup.rounds, kept.setup.pass_mark) == (1, 10, 80)
    assert room_count(room_url, "SELECT count(*) FROM exam_setups") == 1
    assert sync(b, room_url).refused == ()  # said once: the station now holds the room's


def test_a_class_of_a_name_this_station_gives_another_class_is_not_taken(
        room_url: str, stations: tuple[TrainerDB, TrainerDB]) -> None:
    a, b = stations
    a.create_class("Morning", date(2026, 3, 2))
    mine = b.create_class("morning", date(2026, 3, 9))
    sync(a, room_url)

    result = sync(b, room_url)

    (made_at_a,) = [c for c in a.list_classes()]
    assert result.refused == (
        f"class {made_at_a.uid} ('Morning') made at another station was not taken: this"
        " station has another class of that name (rename one of them)",)
    assert [(c.id, c.starts) for c in b.list_classes()] == [(mine, date(2026, 3, 9))]
