"""An exam deals what its set-up fixes, whatever the station's Settings say: seats, side
bets, table letters, rounds, and with a seed the same rounds for every candidate
(issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.engine.round import Wager
from trainer.exam_setup import ExamSetup
from trainer.storage import TrainerDB, open_database
from trainer.training.recorder import SessionRecorder
from trainer.training.session import Mode, TrainingSession, TrainingSettings, exam_settings

SAME_HANDS = ExamSetup("Same hands", 4, 80.0, None, "ny-2018",
                       tables=(("trips_plus_table", "B"),), seats=3,
                       side_bets=(Wager.TRIPS_PLUS, Wager.POCKET_BONUS), seed=20261125)


@pytest.fixture
def db(tmp_path: Path) -> TrainerDB:
    database = open_database(tmp_path / "exams.sqlite3", backup_on_session=False)
    yield database
    database.close()


def _sit_exam(db: TrainerDB, trainee: int, config_id: int,
              station: TrainingSettings) -> list[dict[str, object]]:
    """A candidate's whole exam at a station with ``station`` Settings, every question
    answered as expected; the rounds as stored."""
    config = db.get_exam_config(config_id)
    assert config is not None
    session = TrainingSession(exam_settings(config.for_new_exams, station), Mode.EXAM)
    recorder = SessionRecorder(db, trainee, session, exam_config_id=config_id)
    while not session.exam_finished:
        state = session.next_round()
        while state.current is not None:
            state.answer(state.current.expected)
    exam = recorder.close()
    assert exam is not None and exam.passed
    return [json.loads(text) for (text,) in db.conn.execute(
        "SELECT round_json FROM rounds WHERE session_id = ? ORDER BY id", (exam.session_id,))]


def test_two_candidates_of_a_set_up_with_a_seed_are_dealt_the_same_rounds(db: TrainerDB) -> None:
    config_id = db.create_exam_setup(SAME_HANDS)
    ana = _sit_exam(db, db.create_trainee("Ana"), config_id,
                    TrainingSettings(seats=1, side_bets=(), seed=1))
    ben = _sit_exam(db, db.create_trainee("Ben"), config_id,
                    TrainingSettings(rules="massachusetts", seats=6, seed=99))
    assert len(ana) == len(ben) == 4
    assert ana == ben  # dealer, board, seats, hole cards, stakes: round for round


def test_without_a_seed_each_candidate_gets_new_hands(db: TrainerDB) -> None:
    config_id = db.create_exam_setup(ExamSetup("New hands", 4, 80.0, seats=3))
    ana = _sit_exam(db, db.create_trainee("Ana"), config_id, TrainingSettings())
    ben = _sit_exam(db, db.create_trainee("Ben"), config_id, TrainingSettings())
    assert [r["dealer"] for r in ana] != [r["dealer"] for r in ben]


def test_the_exam_deals_the_set_ups_seats_side_bets_and_tables_not_the_stations() -> None:
    station = TrainingSettings(rules="massachusetts", options={}, seats=1, side_bets=(),
                               exam_rounds=2, four_colour=True, sound=False)
    settings = exam_settings(SAME_HANDS, station)
    assert (settings.rules, settings.seats, settings.exam_rounds) == ("ny-2018", 3, 4)
    assert settings.side_bets == (Wager.TRIPS_PLUS, Wager.POCKET_BONUS)
    assert settings.options["trips_plus_table"] == "B"
    assert (settings.four_colour, settings.sound) == (True, False)  # the station's look
    session = TrainingSession(settings, Mode.EXAM)
    seen: set[Wager] = set()
    for _ in range(settings.exam_rounds):
        state = session.next_round()
        assert len(state.round.seats) == 3
        assert state.round.ruleset.id == "ny-2018"
        assert state.round.options["trips_plus_table"] == "B"
        seen.update(w for seat in state.round.seats for w in seat.side_bets)
        while state.current is not None:
            state.answer(state.current.expected)
    assert seen <= {Wager.TRIPS_PLUS, Wager.POCKET_BONUS}


def test_a_set_up_with_no_side_bets_deals_none_and_every_offered_one_may_appear() -> None:
    bare = exam_settings(ExamSetup("Bare", 30, 80.0, seats=6, side_bets=(), seed=3),
                         TrainingSettings())
    full = exam_settings(ExamSetup("Full", 30, 80.0, seats=6, seed=3), TrainingSettings())
    assert bare.side_bets == ()
    offered = (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE)  # ny-2018: no 6-Card
    assert full.side_bets == offered
    for settings, allowed in ((bare, set()), (full, set(offered))):
        session = TrainingSession(settings, Mode.EXAM)
        seen: set[Wager] = set()
        for _ in range(30):
            state = session.next_round()
            seen.update(w for seat in state.round.seats for w in seat.side_bets)
            while state.current is not None:
                state.answer(state.current.expected)
        assert seen <= allowed
        if allowed:
            assert seen  # 180 seats: side bets do appear
