"""An exam assignment is done by a pass at any station: the instructor's station knows
the set-up by its own id, the pass sat at a trainee's station (merged from its station
file, or received from the room, both through the same merge) knows it by name only
(issue 20 item 3: the room is the record of exams and assignments)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import T0, find_trainee
from tests.test_rolled_back_retake_forgery import ROOM_KEY, final_setup, sit, station


def test_an_exam_passed_at_another_station_completes_the_assignment_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with station(tmp_path / "instructor", monkeypatch) as db:
        db.create_trainee("Eve", at=T0)
        final = final_setup(db, "Final")
        final_setup(db, "Other")
        eve = find_trainee(db, "Eve")
        assert eve is not None
        db.assign("exam", final, trainee_id=eve.id, assigned_by="Pat", at=T0)
    with station(tmp_path / "a", monkeypatch) as db:  # the trainee's station, its own set-ups
        db.create_trainee("Eve", at=T0)
        final_setup(db, "Other")  # made first here: its id here is the instructor's "Final"'s
        final_setup(db, "FINAL")  # the same set-up by name, another id, another case
        sit(db, "Eve", "Other", passed=True, hours=1)
        other_only = db.export_station(tmp_path / "other.hhe", ROOM_KEY)
        sit(db, "Eve", "FINAL", passed=True, hours=2)
        both = db.export_station(tmp_path / "both.hhe", ROOM_KEY)
    with station(tmp_path / "instructor", monkeypatch) as db:
        eve = find_trainee(db, "Eve")
        assert eve is not None
        given = db.assignments_for(eve.id)[0]
        db.merge_station(other_only, ROOM_KEY)
        assert not db.exam_assignment_done(eve.id, given)  # a pass of another set-up
        db.merge_station(both, ROOM_KEY)
        assert db.exam_assignment_done(eve.id, given)


def test_a_pass_before_the_assignment_was_given_does_not_complete_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with station(tmp_path / "a", monkeypatch) as db:
        db.create_trainee("Eve", at=T0)
        final_setup(db, "Final")
        sit(db, "Eve", "Final", passed=True, hours=1)  # finished at T0 + 1 h 10 min
        passed = db.export_station(tmp_path / "passed.hhe", ROOM_KEY)
    with station(tmp_path / "instructor", monkeypatch) as db:
        db.create_trainee("Eve", at=T0)
        final = final_setup(db, "Final")
        eve = find_trainee(db, "Eve")
        assert eve is not None
        db.assign("exam", final, trainee_id=eve.id, assigned_by="Pat",
                  at=T0 + timedelta(hours=2))
        db.merge_station(passed, ROOM_KEY)
        assert not db.exam_assignment_done(eve.id, db.assignments_for(eve.id)[0])
