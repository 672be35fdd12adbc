"""An exam set-up may be a table test (issue 23, item 3): whole rounds run in Run the round,
dealt by hand or from a shoe; the field is checked wherever a set-up is written (typed,
stored, read back), kept in setup_json only when set, and said in the description."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.engine.procedure import DealMethod
from trainer.exam_setup import parse_exam_setup, setup_from_json, setup_problem, setup_to_json
from trainer.storage import TrainerDB, open_database
from trainer.storage.models import StorageError


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "room.sqlite3", backup_on_session=False)
    yield database
    database.close()


def test_a_table_test_is_described_by_its_rounds_and_deal() -> None:
    setup = parse_exam_setup("Table test", "3", "house", "90", "", seats=4, side_bets=(),
                             seed="7", table_test=DealMethod.SHOE)
    assert setup.table_test is DealMethod.SHOE
    assert setup.figures == "3 table-test rounds, pass 90%"
    assert setup.exercise_text == ("Table test: each round run whole, from the first wager to"
                                   " the cleared table, dealt from an automated shoe")
    one = parse_exam_setup("One", "1", "house", "90", "", seed="7",
                           table_test=DealMethod.MANUAL)
    assert one.rounds_text == "1 table-test round"
    assert one.deal_text == "dealt by hand"


def test_a_table_test_needs_the_same_hands_and_no_chips_and_is_not_also_mistakes() -> None:
    with pytest.raises(ValueError, match=r"^Same hands: a table test runs the same rounds for"
                       r" every candidate: give it a hands number\.$"):
        parse_exam_setup("T", "3", "house", "90", "", table_test=DealMethod.MANUAL)
    with pytest.raises(ValueError, match=r"^Payouts: a table test builds no payouts in chips"):
        parse_exam_setup("T", "3", "house", "90", "", seed="7", chips=True,
                         table_test=DealMethod.MANUAL)
    with pytest.raises(ValueError, match=r"^Table test: a set-up is a table test or an exam of"
                       r" dealer's mistakes, not both\.$"):
        parse_exam_setup("T", "3", "house", "90", "", seed="7", mistakes=True,
                         table_test=DealMethod.MANUAL)


def test_the_table_test_is_kept_in_setup_json_only_when_set() -> None:
    setup = parse_exam_setup("T", "3", "house", "90", "", seed="7",
                             table_test=DealMethod.SHOE)
    stored = json.loads(setup_to_json(setup))
    assert stored["table_test"] == "shoe"
    assert setup_from_json(setup_to_json(setup))[0] == setup
    rounds = parse_exam_setup("R", "3", "house", "90", "", seed="7")
    assert "table_test" not in json.loads(setup_to_json(rounds))
    assert setup_from_json(setup_to_json(rounds))[0].table_test is None


def test_a_stored_table_test_of_no_deal_method_is_refused_by_its_key() -> None:
    setup = parse_exam_setup("T", "3", "house", "90", "", seed="7",
                             table_test=DealMethod.MANUAL)
    data = json.loads(setup_to_json(setup))
    data["table_test"] = "deck"
    with pytest.raises(ValueError, match=r"^setup_json: table_test 'deck' is not a deal"
                       r" method \(manual or shoe\)$"):
        setup_from_json(json.dumps(data))
    data["table_test"] = "manual"
    data["seed"] = None
    with pytest.raises(ValueError, match=r"^setup_json: seed: a table test runs the same"):
        setup_from_json(json.dumps(data))


def test_storage_keeps_a_table_test_and_refuses_one_without_hands(db: TrainerDB) -> None:
    setup = parse_exam_setup("Table test", "2", "house", "90", "", seats=2, seed="7",
                             table_test=DealMethod.MANUAL)
    config = db.get_exam_config(db.create_exam_setup(setup))
    assert config is not None and config.for_new_exams.table_test is DealMethod.MANUAL
    assert setup_problem(replace(setup, seed=None)) == (
        "seed: a table test runs the same rounds for every candidate: give it a hands number")
    with pytest.raises(StorageError, match="a table test runs the same rounds"):
        db.create_exam_setup(replace(setup, seed=None))
