"""An exam set-up can require chip mode (issue 22, item 3): a field of the set-up, held to
the same checks by every writer (the dialog's typed set-up, the site file's [exam], the
stored setup_json), kept in the copy every exam starts from, said in the set-up's
description, and deciding how the exam asks payouts whatever the station's setting."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.exam_setup import (
    ExamSetup,
    parse_exam_setup,
    setup_from_json,
    setup_problem,
    setup_to_json,
)
from trainer.site_config import load_site_config
from trainer.storage import TrainerDB
from trainer.training.session import TrainingSettings, exam_settings


def test_a_typed_set_up_asks_typed_amounts_unless_chips_are_ticked() -> None:
    typed = parse_exam_setup("Final", "10", "ny-2018", "80", "")
    assert typed.chips is False
    assert typed.payouts_text == "typed amounts"
    assert "chips" not in typed.described
    chips = parse_exam_setup("Final", "10", "ny-2018", "80", "", side_bets=(), chips=True)
    assert chips.chips is True
    assert chips.payouts_text == "built in chips from the room's rack"
    assert chips.described == (
        "10 rounds, ny-2018, 6 occupied seats, side bets none, payouts in chips, pass 80%")


def test_the_stored_form_keeps_chips_and_an_older_set_up_asks_typed_amounts() -> None:
    setup = parse_exam_setup("Final", "10", "ny-2018", "80", "", chips=True)
    stored = json.loads(setup_to_json(setup, version=3))
    assert stored["chips"] is True
    again, beside = setup_from_json(setup_to_json(setup, version=3))
    assert again == setup and again.chips is True
    assert beside == {"version": 3}  # chips is the set-up's, not a value beside it
    del stored["chips"]  # a set-up stored before set-ups could require chips
    older, _ = setup_from_json(json.dumps(stored))
    assert older.chips is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_stored_chips_that_is_not_true_or_false_is_refused_by_name(value: object) -> None:
    stored = json.loads(setup_to_json(parse_exam_setup("Final", "10", "ny-2018", "80", "")))
    stored["chips"] = value
    with pytest.raises(ValueError, match=r"^setup_json: chips .* is not true or false"):
        setup_from_json(json.dumps(stored))
    setup = replace(ExamSetup("Final", 10, 80.0), chips=value)  # type: ignore[arg-type]
    assert (setup_problem(setup) or "").startswith("chips: ")


def test_the_site_files_exam_can_require_chips_and_a_wrong_value_is_named(
        tmp_path: Path) -> None:
    path = tmp_path / "site.toml"
    path.write_text("[exam]\nrounds = 20\npass_mark = 90\nchips = true\n", "utf-8")
    site = load_site_config(path)
    assert site.exam is not None and site.exam.chips is True
    path.write_text("[exam]\nrounds = 20\npass_mark = 90\n", "utf-8")
    site = load_site_config(path)
    assert site.exam is not None and site.exam.chips is False
    path.write_text('[exam]\nrounds = 20\npass_mark = 90\nchips = "yes"\n', "utf-8")
    site = load_site_config(path)
    assert site.exam is None
    assert "exam.chips: 'yes' is not true or false" in site.report


def test_storage_keeps_chips_in_the_set_up_and_in_the_copy_an_exam_starts_from(
        db: TrainerDB) -> None:
    trainee = db.create_trainee("Ana")
    config_id = db.create_exam_setup(
        parse_exam_setup("Chips final", "5", "ny-2018", "80", "", chips=True))
    config = db.get_exam_config(config_id)
    assert config is not None and config.setup is not None and config.setup.chips
    exam = db.start_exam(trainee, config_id)
    assert exam.setup is not None and exam.setup.chips
    # a new version without chips: the exam already started keeps its copy
    db.edit_exam_config(config_id, replace(config.setup, chips=False))
    edited = db.get_exam_config(config_id)
    assert edited is not None and edited.version == 2 and not edited.for_new_exams.chips
    kept = next(e for e in db.exam_results(trainee) if e.id == exam.id)
    assert kept.setup is not None and kept.setup.chips


def test_the_set_up_decides_chip_mode_whatever_the_stations_setting() -> None:
    chips = parse_exam_setup("Final", "10", "ny-2018", "80", "", chips=True)
    typed = parse_exam_setup("Final", "10", "ny-2018", "80", "")
    assert exam_settings(chips, TrainingSettings(chip_mode=False)).chip_mode is True
    assert exam_settings(typed, TrainingSettings(chip_mode=True)).chip_mode is False
