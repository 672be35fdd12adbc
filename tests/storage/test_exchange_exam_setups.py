"""An exam's set-up (seats, side bets, tables, hands) and its attempt number travel with
the station file, so the instructor's station does not read a merged exam as "recorded
before set-ups fixed seats and side bets"; a crafted set-up is refused like any field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_support import ROUND, RULES, answer, at, resign

from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup
from trainer.storage import MergeError, TrainerDB, open_database
from trainer.storage.models import SealState

SETUP = ExamSetup("Audition", rounds=1, pass_mark=50.0, ruleset_id=RULES, seats=3,
                  side_bets=(Wager.TRIPS_PLUS,), seed=4242)


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    """Ana's two attempts at a set-up of 3 seats, Trips Plus only, hands 4242."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        config = db.create_exam_setup(SETUP)
        for minutes in (10, 20):
            exam = db.start_exam(ana, config, at=at(minutes))
            round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(minutes))
            answer(db, round_id, at=at(minutes + 1))
            db.finish_exam(exam.id, at=at(minutes + 2))
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        yield db


def test_a_merged_exam_keeps_its_set_up_and_attempt(station: TrainerDB, instructor: TrainerDB,
                                                    tmp_path: Path) -> None:
    instructor.merge_station(station.export_station(tmp_path / "ana.hhe"), allow_default_key=True)
    merged = sorted(instructor.exam_results(), key=lambda exam: exam.started)
    assert [exam.attempt for exam in merged] == [1, 2]
    for exam in merged:
        assert exam.setup is not None
        assert (exam.setup.seats, exam.setup.side_bets, exam.setup.seed) == (
            3, (Wager.TRIPS_PLUS,), 4242)
    states = instructor._reads.exam_seal_states()
    assert all(states[exam.id] is SealState.VALID for exam in merged)  # sealed as merged


@pytest.mark.parametrize(("change", "says"), [
    ({"seats": 60}, "exam_setups row 1: setup_json: seats: 60 is not a whole number"),
    ({"rounds": 9223372036854775807}, "exam_setups row 1: setup_json: rounds:"),
    ({"side_bets": ["free money"]}, "exam_setups row 1: setup_json: side_bets"),
])
def test_a_crafted_set_up_is_refused_naming_the_row(station: TrainerDB, instructor: TrainerDB,
                                                    tmp_path: Path, change: dict[str, object],
                                                    says: str) -> None:
    def edit(content: dict[str, object]) -> None:
        row = content["tables"]["exam_setups"]["rows"][0]  # type: ignore[index]
        row[1] = json.dumps({**json.loads(row[1]), **change})
    path = resign(station.export_station(tmp_path / "ana.hhe"), edit)
    with pytest.raises(MergeError, match="nothing was merged") as refused:
        instructor.merge_station(path, allow_default_key=True)
    assert says in str(refused.value)
    assert instructor.exam_results() == []


def test_a_set_up_for_an_exam_not_in_the_file_is_refused(station: TrainerDB,
                                                         instructor: TrainerDB,
                                                         tmp_path: Path) -> None:
    def edit(content: dict[str, object]) -> None:
        row = content["tables"]["exam_setups"]["rows"][0]  # type: ignore[index]
        row[0] = "0" * 32
    path = resign(station.export_station(tmp_path / "ana.hhe"), edit)
    with pytest.raises(MergeError, match=r"exam_setups: exam 0{32} is not in the file's exams"):
        instructor.merge_station(path, allow_default_key=True)


def test_a_file_from_before_set_ups_still_merges(station: TrainerDB, instructor: TrainerDB,
                                                 tmp_path: Path) -> None:
    def edit(content: dict[str, object]) -> None:
        del content["tables"]["exam_setups"]  # type: ignore[attr-defined]
    path = resign(station.export_station(tmp_path / "ana.hhe"), edit)
    instructor.merge_station(path, allow_default_key=True)
    assert [exam.setup for exam in instructor.exam_results()] == [None, None]
