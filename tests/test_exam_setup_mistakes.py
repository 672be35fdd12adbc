"""An exam set-up may be an exam of dealer's mistakes (issue 23, item 2 part 3): the field
is checked wherever a set-up is written (typed, stored, read back), kept in setup_json,
and said in the set-up's description."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from trainer.exam_setup import (
    ExamSetup,
    parse_exam_setup,
    setup_from_json,
    setup_problem,
    setup_to_json,
)
from trainer.storage import TrainerDB
from trainer.storage.models import StorageError


def test_an_exam_of_mistakes_is_described_by_its_exercises() -> None:
    setup = parse_exam_setup("Floor test", "12", "ny-2018", "80", "", side_bets=(),
                             seed="42", mistakes=True)
    assert setup.mistakes is True
    assert setup.described == ("12 dealer's-mistake exercises, ny-2018, 6 occupied seats,"
                               " side bets none, pass 80%, same hands for everyone")
    assert setup.figures == "12 dealer's-mistake exercises, pass 80%"
    one = parse_exam_setup("One", "1", "ny-2018", "80", "", seed="42", mistakes=True)
    assert one.rounds_text == "1 dealer's-mistake exercise"
    rounds = parse_exam_setup("Rounds", "12", "ny-2018", "80", "", side_bets=())
    assert rounds.described == "12 rounds, ny-2018, 6 occupied seats, side bets none, pass 80%"


def test_an_exam_of_mistakes_without_the_same_hands_is_refused_by_its_field() -> None:
    with pytest.raises(ValueError) as refused:
        parse_exam_setup("Floor test", "12", "ny-2018", "80", "", mistakes=True)
    assert str(refused.value) == (
        "Same hands: an exam of dealer's mistakes deals the same exercises to every"
        " candidate: give it a hands number.")


def test_an_exam_of_mistakes_in_chips_is_refused_by_its_field() -> None:
    with pytest.raises(ValueError, match=r"^Payouts: an exam of dealer's mistakes builds no"
                                         r" payouts in chips"):
        parse_exam_setup("Floor test", "12", "ny-2018", "80", "", seed="42", chips=True,
                         mistakes=True)


def test_the_stored_form_keeps_mistakes_and_leaves_an_exam_of_rounds_as_it_was() -> None:
    setup = parse_exam_setup("Floor test", "12", "ny-2018", "80", "", seed="42",
                             mistakes=True)
    stored = json.loads(setup_to_json(setup, version=2))
    assert stored["mistakes"] is True and stored["seed"] == 42
    again, beside = setup_from_json(json.dumps(stored))
    assert again == setup and beside == {"version": 2}
    rounds = parse_exam_setup("Final", "10", "ny-2018", "80", "")
    assert "mistakes" not in json.loads(setup_to_json(rounds))  # the text of before
    assert setup_from_json(setup_to_json(rounds))[0].mistakes is False


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_stored_mistakes_that_is_not_true_or_false_is_refused_by_name(value: object) -> None:
    stored = json.loads(setup_to_json(parse_exam_setup("F", "10", "ny-2018", "80", "",
                                                       seed="42", mistakes=True)))
    stored["mistakes"] = value
    with pytest.raises(ValueError, match=r"^setup_json: mistakes .* is not true or false$"):
        setup_from_json(json.dumps(stored))


def test_a_stored_exam_of_mistakes_without_its_hands_number_is_refused() -> None:
    stored = json.loads(setup_to_json(parse_exam_setup("F", "10", "ny-2018", "80", "",
                                                       seed="42", mistakes=True)))
    stored["seed"] = None
    with pytest.raises(ValueError, match=r"^setup_json: seed: an exam of dealer's mistakes"):
        setup_from_json(json.dumps(stored))


def test_storage_refuses_an_exam_of_mistakes_without_its_hands_number(db: TrainerDB) -> None:
    setup = ExamSetup("Floor test", 5, 80.0, mistakes=True)
    assert (setup_problem(setup) or "").startswith("seed: ")
    with pytest.raises(StorageError, match="seed: an exam of dealer's mistakes"):
        db.create_exam_setup(setup)
    assert db.list_exam_configs() == []
    kept = db.get_exam_config(db.create_exam_setup(replace(setup, seed=7)))
    assert kept is not None and kept.setup is not None
    assert (kept.setup.mistakes, kept.setup.seed) == (True, 7)
