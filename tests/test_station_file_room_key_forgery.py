"""A station file edited to a pass and signed again with the room's own key (docs/
installing.md's trust table, "A room with station files"). The room key signs station
files so that a file made outside the room, or changed on the way, is refused; but
every station's site file holds it, so a person with a station's account can read it
and sign an edited file that the instructor's station then merges like any other.
What stops an edited file is not the key but what the instructor sees at sign-off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.storage.storage_support import (
    ROUND,
    RULES,
    answer,
    at,
    create_exam_config,
    find_trainee,
    resign,
)
from trainer.storage import MergeError, TrainerDB, open_database
from trainer.storage.exchange import TABLES

ROOM_KEY = "pit 3 own key"
PASSWORD = "correct horse battery"


@pytest.fixture
def exported(tmp_path: Path) -> tuple[Path, str]:
    """Eve's station file, signed with the room's key: one exam of one round, its only
    answer wrong (0 %, pass mark 80: failed); and the station's id."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        eve = db.create_trainee("Eve")
        exam = db.start_exam(eve, create_exam_config(db, "Final", 1, RULES, 80.0), at=at(10))
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10))
        answer(db, round_id, given="5.00", correct=False, at=at(11))
        db.finish_exam(exam.id, at=at(12))
        return db.export_station(tmp_path / "eve.hhe", ROOM_KEY), db.station


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3",
                       backup_on_session=False) as db:
        db.create_instructor("Pat", PASSWORD)
        yield db


def _to_a_pass(content: dict[str, Any]) -> None:
    columns = list(TABLES["exams"])
    [row] = content["tables"]["exams"]["rows"]
    assert (row[columns.index("score")], row[columns.index("passed")]) == (0, False)
    row[columns.index("score")] = 100
    row[columns.index("passed")] = True
    answer_columns = list(TABLES["answers"])
    for answer_row in content["tables"]["answers"]["rows"]:
        answer_row[answer_columns.index("given")] = answer_row[answer_columns.index("expected")]
        answer_row[answer_columns.index("correct")] = True


def test_a_station_file_edited_to_a_pass_and_resigned_with_another_key_is_refused(
    exported: tuple[Path, str], instructor: TrainerDB,
) -> None:
    """The room key's worth: a file signed with any key but the room's is refused."""
    path, _station = exported
    resign(path, _to_a_pass, "a key of the trainee's own")
    with pytest.raises(MergeError, match="nothing was merged"):
        instructor.merge_station(path, ROOM_KEY)
    assert find_trainee(instructor, "Eve") is None


def test_a_station_file_edited_to_a_pass_and_resigned_with_the_rooms_own_key_merges_and_is_signed(
    exported: tuple[Path, str], instructor: TrainerDB,
) -> None:
    path, station = exported
    resign(path, _to_a_pass, ROOM_KEY)
    report = instructor.merge_station(path, ROOM_KEY)
    assert (report.exams, report.answers, report.warning) == (1, 1, None)  # no warning
    eve = find_trainee(instructor, "Eve")
    assert eve is not None
    [exam] = instructor.exam_results(eve.id)
    assert (exam.passed, exam.score) == (True, 100.0)
    assert instructor.check_records().altered == []  # sealed here as it was merged
    seen = instructor.exam_evidence(exam.id)
    assert (seen.sat_at.station, seen.sat_at.here, seen.flags) == (station, False, ())
    certificate = instructor.certify(eve.id, exam.id, "Pat", password=PASSWORD)
    assert certificate.exam_id == exam.id
