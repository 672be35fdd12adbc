"""Training room: station files merge into the instructor's database once,
and a damaged or altered file is refused with a message saying so."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import ROUND, RULES, answer, at, new_round

from trainer.storage import (
    DEFAULT_ROOM_KEY,
    MergeError,
    RosterColumn,
    TrainerDB,
    open_database,
)


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    """A station with two trainees, a finished exam and a few mistakes."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
        for minutes, (trainee, correct) in enumerate(
            [(ana, True), (ana, False), (ben, True), (ana, True), (ben, False)]
        ):
            answer(db, new_round(db, trainee, minutes=minutes), correct=correct, given="5.00")
        config = db.create_exam_config("Final", 1, RULES, 50.0)
        exam = db.start_exam(ana, config, at=at(10))
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10))
        answer(db, round_id, correct=True, at=at(11))
        db.finish_exam(exam.id, at=at(12))
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        yield db


def _counts(db: TrainerDB) -> dict[str, int]:
    tables = ("trainees", "sessions", "rounds", "answers", "exams")
    return {t: db.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables}


def _resign(path: Path, edit: object, key: str = DEFAULT_ROOM_KEY) -> None:
    """Edit a file's content and sign it again, as someone holding the key could."""
    _, _, body = path.read_bytes().partition(b"\n")
    content = json.loads(body)
    edit(content)  # type: ignore[operator]
    body = json.dumps(content).encode()
    mac = hmac.new(key.encode(), body, hashlib.sha256).hexdigest()
    path.write_bytes(f"HHE-TRAINER-STATION 1 hmac-sha256={mac}\n".encode() + body)


def test_merge_brings_every_result_of_the_station(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    report = instructor.merge_station(exported)
    assert (report.trainees, report.sessions, report.rounds, report.answers, report.exams) == (
        2,
        6,
        6,
        6,
        1,
    )
    assert report.station == station.station
    assert _counts(instructor) == _counts(station)
    assert instructor.roster() == station.roster()
    ana = instructor.find_trainee("Ana")
    assert ana is not None
    assert instructor.skill_stats(ana.id) == station.skill_stats(ana.id)
    assert [m.round for m in instructor.trainee_mistakes(ana.id)] == [ROUND]
    (exam,) = instructor.exam_results(ana.id)
    assert (exam.score, exam.passed, exam.config_id) == (100.0, True, None)


def test_merging_the_same_file_twice_adds_nothing(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    instructor.merge_station(exported)
    before = _counts(instructor)
    roster = instructor.roster()
    again = instructor.merge_station(exported)
    assert not again.added_anything
    assert _counts(instructor) == before
    assert instructor.roster() == roster


def test_a_later_export_adds_only_what_is_new(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    instructor.merge_station(station.export_station(tmp_path / "monday.hhe"))
    ana = station.find_trainee("Ana")
    assert ana is not None
    session = station.start_session(ana.id, "speed", RULES, at=at(30))
    round_id = station.record_round(session, ROUND, RULES, 3, at=at(30))
    answer(station, round_id, correct=False, at=at(31))
    station.end_session(session, at=at(32))
    report = instructor.merge_station(station.export_station(tmp_path / "tuesday.hhe"))
    assert (report.trainees, report.sessions, report.rounds, report.answers) == (0, 1, 1, 1)
    assert instructor.roster() == station.roster()


def test_merging_a_station_into_itself_adds_nothing(station: TrainerDB, tmp_path: Path) -> None:
    before = _counts(station)
    assert not station.merge_station(station.export_station(tmp_path / "self.hhe")).added_anything
    assert _counts(station) == before


def test_a_trainee_known_by_name_on_two_stations_is_one_person(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    local = instructor.create_trainee("ana")  # same person, typed in lower case
    report = instructor.merge_station(station.export_station(tmp_path / "s.hhe"))
    assert report.trainees == 1  # Ben only
    rows = {row.name: row for row in instructor.roster()}
    assert set(rows) == {"ana", "Ben"}
    assert rows["ana"].trainee_id == local and rows["ana"].answers == 4


def test_a_tampered_export_is_refused_and_nothing_is_merged(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    data = exported.read_bytes()
    wrong = b'"10.00","5.00",false'
    assert wrong in data
    exported.write_bytes(data.replace(wrong, b'"10.00","5.00",true', 1))  # a mistake made right
    before = _counts(instructor)
    with pytest.raises(MergeError, match=r"damaged or altered.*nothing was merged"):
        instructor.merge_station(exported)
    assert _counts(instructor) == before


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data: data[:200] + bytes([data[200] ^ 1]) + data[201:], id="bit-flip"),
        pytest.param(lambda data: data.replace(b"hmac-sha256=", b"hmac-sha256=0", 1), id="header"),
    ],
)
def test_a_damaged_export_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path, damage: object
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    exported.write_bytes(damage(exported.read_bytes()))  # type: ignore[operator]
    with pytest.raises(MergeError, match="damaged"):
        instructor.merge_station(exported)
    assert _counts(instructor)["answers"] == 0


def test_a_file_that_is_no_station_export_is_refused(instructor: TrainerDB, tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\nmilk\n")
    with pytest.raises(MergeError, match="not a trainer station export"):
        instructor.merge_station(other)
    with pytest.raises(MergeError, match="could not be read"):
        instructor.merge_station(tmp_path / "missing.hhe")


def test_a_room_key_is_needed_to_merge_a_keyed_export(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "s.hhe", room_key="room 12 key")
    with pytest.raises(MergeError, match="different room key"):
        instructor.merge_station(exported)
    with pytest.raises(MergeError, match="different room key"):
        instructor.merge_station(exported, room_key="room 13 key")
    assert instructor.merge_station(exported, room_key="room 12 key").answers == 6


def test_a_signed_file_with_invalid_rows_is_still_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "s.hhe")

    def negative_time(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][10] = -4.0

    _resign(exported, negative_time)
    with pytest.raises(MergeError, match="nothing was merged"):
        instructor.merge_station(exported)
    assert _counts(instructor)["answers"] == 0

    def orphan(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][1] = "no-such-round"

    exported = station.export_station(tmp_path / "s2.hhe")
    _resign(exported, orphan)
    with pytest.raises(MergeError, match="not in the file"):
        instructor.merge_station(exported)

    def wrong_type(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][9] = "yes"

    exported = station.export_station(tmp_path / "s3.hhe")
    _resign(exported, wrong_type)
    with pytest.raises(MergeError, match="correct = 'yes' is not valid"):
        instructor.merge_station(exported)
    assert sum(_counts(instructor).values()) == 0


def test_the_roster_merged_from_two_stations_sorts_like_any_other(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    with open_database(tmp_path / "station2" / "t.sqlite3", backup_on_session=False) as second:
        cy = second.create_trainee("Cy")
        answer(second, new_round(second, cy), correct=False)
        instructor.merge_station(second.export_station(tmp_path / "2.hhe"))
    instructor.merge_station(station.export_station(tmp_path / "1.hhe"))
    names = [row.name for row in instructor.roster(RosterColumn.ACCURACY, descending=True)]
    assert names == ["Ana", "Ben", "Cy"]
