"""A round's chips are kept wherever rounds are kept (issue 22, item 1): the database keeps
them as dealt, a station file carries them to the instructor, a file whose chips do not
make the wager is refused by name, and an exam set-up with a seed deals every candidate
the same chips."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from storage_support import RULES, answer, at, resign

from trainer.engine.round import Wager, parse_round
from trainer.exam_setup import ExamSetup
from trainer.storage import MergeError, TrainerDB, open_database
from trainer.storage.exchange import TABLES
from trainer.training.session import Mode, TrainingSession, TrainingSettings, exam_settings

CHIPPED: dict[str, Any] = {
    "rules": RULES,
    "dealer": ["As", "Kd"],
    "board": ["2c", "7c", "9c", "Jd", "Qs"],
    "seats": [
        {"seat": 1, "hole": ["Ah", "Ad"], "ante": "30.00", "odds": "30.00", "raise": "90.00",
         "chips": {"ante": {"25.00": 1, "5.00": 1}, "odds": {"5.00": 6},
                   "raise": {"25.00": 3, "5.00": 3}}},
    ],
}


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    """Ana's station: one practice round with chips, answered wrong (so a mistake)."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        session = db.start_session(ana, "practice", RULES, at=at(0))
        round_id = db.record_round(session, CHIPPED, RULES, 3, at=at(0))
        answer(db, round_id, correct=False, given="5.00", at=at(1))
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        yield db


def _ana(db: TrainerDB) -> int:
    (trainee,) = [t for t in db.list_trainees() if t.name == "Ana"]
    return trainee.id


def test_the_database_keeps_a_rounds_chips_as_dealt(station: TrainerDB) -> None:
    (mistake,) = station.trainee_mistakes(_ana(station))
    assert mistake.round == CHIPPED
    seat = parse_round(mistake.round).seat(1)
    assert seat.chips_of(Wager.ANTE) == (Decimal(25), Decimal(5))  # a green and a red, as bet


def test_a_station_file_carries_the_chips_to_the_instructor(
        station: TrainerDB, instructor: TrainerDB, tmp_path: Path) -> None:
    instructor.merge_station(station.export_station(tmp_path / "station.hhe"),
                             allow_default_key=True)
    (mistake,) = instructor.trainee_mistakes(_ana(instructor))
    assert mistake.round["seats"][0]["chips"] == CHIPPED["seats"][0]["chips"]


def test_a_station_file_whose_chips_do_not_make_the_wager_is_refused(
        station: TrainerDB, instructor: TrainerDB, tmp_path: Path) -> None:
    wrong = json.loads(json.dumps(CHIPPED))
    wrong["seats"][0]["chips"]["ante"] = {"25.00": 1, "1.00": 1}  # $26 for a $30 ante
    column = list(TABLES["rounds"]).index("round_json")

    def edit(content: dict[str, Any]) -> None:
        content["tables"]["rounds"]["rows"][0][column] = json.dumps(wrong)

    crafted = resign(station.export_station(tmp_path / "crafted.hhe"), edit)
    with pytest.raises(MergeError) as refused:
        instructor.merge_station(crafted, allow_default_key=True)
    assert ("rounds row 1: round_json: is not a round (seat 1.chips.ante: the chips make"
            " 26.00, but the Ante is 30.00)") in str(refused.value)


SAME_HANDS = ExamSetup("Same hands", 3, 80.0, None, "house", seats=6, seed=20261126)


def _chips_dealt(station: TrainingSettings) -> list[dict[int, dict[Wager, Any]]]:
    session = TrainingSession(exam_settings(SAME_HANDS, station), Mode.EXAM)
    dealt = []
    for _ in range(SAME_HANDS.rounds):
        state = session.next_round()
        dealt.append({seat.seat: dict(seat.chips) for seat in state.round.seats})
        while state.current is not None:
            state.answer(state.current.expected)
    return dealt


def test_an_exam_with_a_seed_deals_every_candidate_the_same_chips() -> None:
    ana = _chips_dealt(TrainingSettings(seats=1, side_bets=(), seed=1))
    ben = _chips_dealt(TrainingSettings(rules="massachusetts", seats=2, seed=99))
    assert ana == ben
    assert all(chips for round_ in ana for chips in round_.values())  # every seat has chips
