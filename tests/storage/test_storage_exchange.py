"""Training room: station files merge into the instructor's database once,
and a damaged or altered file is refused with a message saying so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from storage_support import (
    ROUND,
    RULES,
    answer,
    at,
    create_exam_config,
    find_trainee,
    new_round,
    resign,
)

from trainer.storage import (
    MergeError,
    RosterColumn,
    TrainerDB,
    open_database,
)


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    """A station with two trainees, a finished exam, a few mistakes, rulings and a scenario."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
        for minutes, (trainee, correct) in enumerate(
            [(ana, True), (ana, False), (ben, True), (ana, True), (ben, False)]
        ):
            answer(db, new_round(db, trainee, minutes=minutes), correct=correct, given="5.00")
        config = create_exam_config(db, "Final", 1, RULES, 50.0)
        exam = db.start_exam(ana, config, at=at(10))
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10))
        answer(db, round_id, correct=True, at=at(11))
        db.finish_exam(exam.id, at=at(12))
        db.record_course_answer(ana, "ruling", "r-one", False, 9.0, lesson=LESSON, at=at(13))
        db.record_course_answer(ana, "scenario", "ties", True, 4.5, scenario="ties", at=at(14))
        db.record_course_answer(ben, "ruling", "r-one", True, 3.0, lesson=LESSON, at=at(15))
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        yield db


LESSON = "irregularities"


def _counts(db: TrainerDB) -> dict[str, int]:
    tables = ("trainees", "sessions", "rounds", "answers", "exams", "course_answers")
    return {t: db.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables}


def _course(db: TrainerDB, name: str) -> list[tuple[Any, ...]]:
    """A trainee's course answers without the ids, which differ between databases."""
    trainee = find_trainee(db, name)
    assert trainee is not None
    return [
        (c.kind, c.lesson, c.scenario, c.item, c.correct, c.seconds, c.answered_at)
        for c in db.course_answers(trainee.id)
    ]


def test_merge_brings_every_result_of_the_station(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    report = instructor.merge_station(exported, allow_default_key=True)
    assert (report.trainees, report.sessions, report.rounds, report.answers, report.exams) == (
        2,
        6,
        6,
        6,
        1,
    )
    assert report.course_answers == 3
    assert report.station == station.station
    assert _counts(instructor) == _counts(station)
    for name in ("Ana", "Ben"):
        assert _course(instructor, name) == _course(station, name)
    assert _course(instructor, "Ana")[0] == ("ruling", LESSON, None, "r-one", False, 9.0, at(13))
    assert instructor.roster() == station.roster()
    ana = find_trainee(instructor, "Ana")
    assert ana is not None
    assert instructor.skill_stats(ana.id) == station.skill_stats(ana.id)
    assert [m.round for m in instructor.trainee_mistakes(ana.id)] == [ROUND]
    (exam,) = instructor.exam_results(ana.id)
    assert (exam.score, exam.passed, exam.config_id) == (100.0, True, None)


def test_merging_the_same_file_twice_adds_nothing(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "station-1.hhe")
    instructor.merge_station(exported, allow_default_key=True)
    before = _counts(instructor)
    roster = instructor.roster()
    again = instructor.merge_station(exported, allow_default_key=True)
    assert not again.added_anything
    assert _counts(instructor) == before
    assert instructor.roster() == roster


def test_a_later_export_adds_only_what_is_new(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    instructor.merge_station(station.export_station(tmp_path / "monday.hhe"),
                             allow_default_key=True)
    ana = find_trainee(station, "Ana")
    assert ana is not None
    session = station.start_session(ana.id, "speed", RULES, at=at(30))
    round_id = station.record_round(session, ROUND, RULES, 3, at=at(30))
    answer(station, round_id, correct=False, at=at(31))
    station.end_session(session, at=at(32))
    report = instructor.merge_station(station.export_station(tmp_path / "tuesday.hhe"),
                                      allow_default_key=True)
    assert (report.trainees, report.sessions, report.rounds, report.answers) == (0, 1, 1, 1)
    assert instructor.roster() == station.roster()


def test_course_answers_merge_once_and_a_later_export_adds_only_the_new_ones(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    monday = station.export_station(tmp_path / "monday.hhe")
    assert instructor.merge_station(monday, allow_default_key=True).course_answers == 3
    again = instructor.merge_station(monday, allow_default_key=True)
    assert again.course_answers == 0 and not again.added_anything
    assert _counts(instructor)["course_answers"] == 3
    ben = find_trainee(station, "Ben")
    assert ben is not None
    station.record_course_answer(ben.id, "ruling", "r-two", False, 8.0, lesson=LESSON, at=at(40))
    report = instructor.merge_station(station.export_station(tmp_path / "tuesday.hhe"),
                                      allow_default_key=True)
    assert (report.answers, report.course_answers) == (0, 1)
    assert report.added_anything
    assert _course(instructor, "Ben") == _course(station, "Ben")


def test_an_export_from_before_course_answers_still_merges(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "old.hhe")

    def as_schema_3(content: dict) -> None:  # type: ignore[type-arg]
        del content["tables"]["course_answers"]
        content["schema_version"] = 3

    resign(exported, as_schema_3)
    report = instructor.merge_station(exported, allow_default_key=True)
    assert (report.answers, report.exams, report.course_answers) == (6, 1, 0)
    assert _counts(instructor)["course_answers"] == 0
    assert not instructor.merge_station(exported, allow_default_key=True).added_anything


def test_a_signed_file_with_an_invalid_course_answer_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "s.hhe")

    def exam_kind(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["course_answers"]["rows"][0][2] = "exam"

    resign(exported, exam_kind)
    with pytest.raises(MergeError,
                       match="course_answers row 1: kind: 'exam' is not a course answer kind"):
        instructor.merge_station(exported, allow_default_key=True)

    def ruling_of_no_lesson(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["course_answers"]["rows"][0][3] = None

    exported = station.export_station(tmp_path / "s2.hhe")
    resign(exported, ruling_of_no_lesson)
    with pytest.raises(MergeError, match=r"lesson: a ruling's answer must name its lesson"):
        instructor.merge_station(exported, allow_default_key=True)
    assert sum(_counts(instructor).values()) == 0


@pytest.mark.parametrize(
    ("column", "value"), [(3, "essay"), (4, "juggling"), (6, "blind")]
)
def test_a_signed_file_with_an_answer_this_trainer_cannot_read_back_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path, column: int, value: str
) -> None:
    """A question kind, skill or wager this trainer does not know (a newer trainer's):
    merged, the answer could not be read back, so nothing is merged."""
    exported = station.export_station(tmp_path / "s.hhe")
    name = ["uid", "round", "question_id", "kind", "skill", "seat", "wager"][column]

    def unknown(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][column] = value

    resign(exported, unknown)
    with pytest.raises(MergeError, match=f"answers row 1: {name}: '{value}' is not a"):
        instructor.merge_station(exported, allow_default_key=True)
    assert sum(_counts(instructor).values()) == 0


def test_merging_a_station_into_itself_adds_nothing(station: TrainerDB, tmp_path: Path) -> None:
    before = _counts(station)
    assert not station.merge_station(station.export_station(tmp_path / "self.hhe"),
                                     allow_default_key=True).added_anything
    assert _counts(station) == before


def test_a_trainee_known_by_name_on_two_stations_is_one_person(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    local = instructor.create_trainee("ana")  # same person, typed in lower case
    report = instructor.merge_station(station.export_station(tmp_path / "s.hhe"),
                                      allow_default_key=True)
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
        instructor.merge_station(exported, allow_default_key=True)
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
        instructor.merge_station(exported, allow_default_key=True)
    assert _counts(instructor)["answers"] == 0


def test_a_file_that_is_no_station_export_is_refused(instructor: TrainerDB, tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\nmilk\n")
    with pytest.raises(MergeError, match="not a trainer station export"):
        instructor.merge_station(other, allow_default_key=True)
    with pytest.raises(MergeError, match=r"missing\.hhe: no such file; nothing was merged"):
        instructor.merge_station(tmp_path / "missing.hhe", allow_default_key=True)


def test_a_room_key_is_needed_to_merge_a_keyed_export(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "s.hhe", room_key="room 12 key")
    with pytest.raises(MergeError, match="different room key"):
        instructor.merge_station(exported, allow_default_key=True)
    with pytest.raises(MergeError, match="different room key"):
        instructor.merge_station(exported, room_key="room 13 key")
    assert instructor.merge_station(exported, room_key="room 12 key").answers == 6


def test_a_signed_file_with_invalid_rows_is_still_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    exported = station.export_station(tmp_path / "s.hhe")

    def negative_time(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][10] = -4.0

    resign(exported, negative_time)
    with pytest.raises(MergeError, match="nothing was merged"):
        instructor.merge_station(exported, allow_default_key=True)
    assert _counts(instructor)["answers"] == 0

    def orphan(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][1] = "no-such-round"

    exported = station.export_station(tmp_path / "s2.hhe")
    resign(exported, orphan)
    with pytest.raises(MergeError, match="not in the file"):
        instructor.merge_station(exported, allow_default_key=True)

    def wrong_type(content: dict) -> None:  # type: ignore[type-arg]
        content["tables"]["answers"]["rows"][0][9] = "yes"

    exported = station.export_station(tmp_path / "s3.hhe")
    resign(exported, wrong_type)
    with pytest.raises(MergeError, match="correct: 'yes' is not true or false"):
        instructor.merge_station(exported, allow_default_key=True)
    assert sum(_counts(instructor).values()) == 0


def test_the_roster_merged_from_two_stations_sorts_like_any_other(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    with open_database(tmp_path / "station2" / "t.sqlite3", backup_on_session=False) as second:
        cy = second.create_trainee("Cy")
        answer(second, new_round(second, cy), correct=False)
        instructor.merge_station(second.export_station(tmp_path / "2.hhe"), allow_default_key=True)
    instructor.merge_station(station.export_station(tmp_path / "1.hhe"), allow_default_key=True)
    names = [row.name for row in instructor.roster(RosterColumn.ACCURACY, descending=True)]
    assert names == ["Ana", "Ben", "Cy"]
