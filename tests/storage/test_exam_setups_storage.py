"""Exam set-ups in a real SQLite file: what a set-up fixes is kept whole, an exam copies
it with its name and version, edits make a new version, retired set-ups are not
offered, attempts are counted and limited, and records from before schema 5 read as
their columns say (issue 14)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database
from storage_support import ROUND, RULES, answer, at, create_exam_config

from trainer.engine.round import Wager
from trainer.exam_setup import BEFORE_SETUPS, ExamSetup, setup_from_json, setup_to_json
from trainer.reports import exam_report_html, score_text
from trainer.storage import StorageError, TrainerDB, open_database
from trainer.storage.models import ExamRefused
from trainer.storage.schema import MIGRATION_NAMES, MIGRATIONS

FINAL = ExamSetup(
    "Final", 12, 85.0, 30 * 60, RULES,
    tables=(("trips_plus_table", "B"),),
    seats=2,
    side_bets=(Wager.TRIPS_PLUS,),
    seed=4711,
    max_attempts=3,
    wait_hours=24,
)


def _local(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def test_a_set_up_keeps_every_field_it_fixes_with_the_rule_sets_other_letters_spelled_out(
    db: TrainerDB,
) -> None:
    config_id = db.create_exam_setup(FINAL)
    config = db.get_exam_config(config_id)
    assert config is not None and config.version == 1 and config.retired is None
    setup = config.setup
    assert setup is not None
    assert (setup.rounds, setup.pass_mark, setup.time_limit_seconds) == (12, 85.0, 1800)
    assert (setup.seats, setup.side_bets, setup.seed) == (2, (Wager.TRIPS_PLUS,), 4711)
    assert (setup.max_attempts, setup.wait_hours) == (3, 24)
    # Trips Plus B as asked; New York 2018's own defaults for the others (ny-2018.toml:
    # bad_beat_default = "4", pocket bonus and progressive default "A").
    assert setup.options == {"trips_plus_table": "B", "pocket_bonus_table": "A",
                             "bad_beat_table": "4", "progressive_table": "A"}


def test_an_exam_copies_its_set_up_and_keeps_that_copy_after_the_set_up_is_edited(
    db: TrainerDB,
) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(FINAL)
    first = db.start_exam(ana, config_id, at=at(0))
    edited = db.edit_exam_config(config_id, ExamSetup("ignored", 20, 90.0, None, RULES,
                                                      seats=5))
    assert (edited.name, edited.version, edited.rounds) == ("Final", 2, 20)
    second = db.start_exam(ana, config_id, at=at(24 * 60 + 10))

    old, new = sorted(db.exam_results(ana), key=lambda exam: exam.id)
    assert (old.id, new.id) == (first.id, second.id)
    assert old.setup is not None and new.setup is not None
    assert (old.setup.name, old.setup_version, old.setup.seats, old.rounds) == ("Final", 1, 2, 12)
    assert old.setup.side_bets == (Wager.TRIPS_PLUS,)
    assert (new.setup.name, new.setup_version, new.setup.seats, new.rounds) == ("Final", 2, 5, 20)
    assert new.setup.side_bets == (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE)
    assert old.ruleset_version == new.ruleset_version == 1  # ny-2018.toml's version


def test_saving_a_set_up_unchanged_keeps_its_version(db: TrainerDB) -> None:
    config_id = db.create_exam_setup(FINAL)
    assert db.edit_exam_config(config_id, FINAL).version == 1


def test_a_retired_set_up_is_not_offered_and_refuses_a_new_exam_but_old_results_keep_it(
    db: TrainerDB,
) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(FINAL)
    taken = db.start_exam(ana, config_id, at=at(0))
    retired = db.retire_exam_config(config_id, at=at(60))
    assert retired.retired == at(60)
    assert db.list_exam_configs() == []
    assert [c.id for c in db.list_exam_configs(retired=True)] == [config_id]
    with pytest.raises(ExamRefused, match=r"^The exam .Final. was retired on"):
        db.start_exam(ana, config_id, at=at(24 * 60 * 3))
    with pytest.raises(StorageError, match="is retired"):
        db.edit_exam_config(config_id, FINAL)
    [kept] = db.exam_results(ana)
    assert kept.id == taken.id and kept.setup is not None and kept.setup.name == "Final"
    with pytest.raises(StorageError, match=r"named 'Final' \(retired\) already exists"):
        db.create_exam_setup(FINAL)


def test_attempts_are_counted_per_trainee_and_per_set_up(db: TrainerDB) -> None:
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    final = create_exam_config(db, "Final", 5, RULES, 80)
    other = create_exam_config(db, "Other", 5, RULES, 80)
    attempts = [
        db.start_exam(ana, final, at=at(0)).attempt,
        db.start_exam(ana, final, at=at(10)).attempt,
        db.start_exam(ben, final, at=at(20)).attempt,
        db.start_exam(ana, other, at=at(30)).attempt,
        db.start_exam(ana, final, at=at(40)).attempt,
    ]
    assert attempts == [1, 2, 1, 1, 3]


def test_a_third_attempt_is_refused_when_the_set_up_allows_two(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(ExamSetup("Two tries", 5, 80.0, max_attempts=2))
    db.start_exam(ana, config_id, at=at(0))
    db.start_exam(ana, config_id, at=at(5))
    refusal = db.exam_refusal(ana, config_id, at=at(10))
    assert refusal is not None and refusal.next_allowed is None
    assert str(refusal) == ("The exam \u201cTwo tries\u201d allows 2 attempts, and all 2 have"
                            " been made: no further attempt is allowed. Ask your instructor.")
    with pytest.raises(ExamRefused):
        db.start_exam(ana, config_id, at=at(10))
    assert len(db.exam_results(ana)) == 2


def test_the_wait_between_attempts_runs_from_the_end_of_the_last_and_says_when(
    db: TrainerDB,
) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(ExamSetup("Daily", 1, 80.0, wait_hours=24))
    exam = db.start_exam(ana, config_id, at=at(0))
    db.finish_exam(exam.id, at=at(30))
    allowed = at(30) + timedelta(hours=24)
    refusal = db.exam_refusal(ana, config_id, at=at(60))
    assert refusal is not None and refusal.next_allowed == allowed
    assert str(refusal) == (f"Attempt 2 at the exam \u201cDaily\u201d is allowed from"
                            f" {_local(allowed)}: 24 hours after the last attempt ended.")
    assert db.exam_refusal(ana, config_id, at=allowed - timedelta(seconds=1)) is not None
    assert db.exam_refusal(ana, config_id, at=allowed) is None
    assert db.start_exam(ana, config_id, at=allowed).attempt == 2


@pytest.mark.parametrize(("setup", "field"), [
    (ExamSetup("X", 5, 80.0, ruleset_id="massachusetts", side_bets=(Wager.PROGRESSIVE,)),
     "side_bets: Progressive is not offered by the rule set 'massachusetts'"),
    (ExamSetup("X", 5, 80.0, tables=(("trips_plus_table", "Z"),)), "tables: options."),
    (ExamSetup("X", 5, 80.0, seats=7), "seats: 7 is not a whole number of occupied seats"),
    (ExamSetup("X", 5, 80.0, seats=0), "seats: 0 is not"),
    (ExamSetup("X", 5, 80.0, seed=0), "seed: 0 is not"),
    (ExamSetup("X", 5, 80.0, max_attempts=0), "max_attempts: 0 is not"),
    (ExamSetup("X", 5, 80.0, wait_hours=24 * 91), "wait_hours: 2184 is not"),
])
def test_a_set_up_that_cannot_be_dealt_as_written_is_refused_by_field(
    db: TrainerDB, setup: ExamSetup, field: str
) -> None:
    with pytest.raises(StorageError) as refused:
        db.create_exam_setup(setup)
    assert str(refused.value).startswith(field)
    assert db.list_exam_configs(retired=True) == []


@pytest.mark.parametrize(("right", "answers", "shown"), [
    (11, 14, "78.6%"),  # 78.571...: up to 78.6 (the 78.6% and 79%)
    (1, 16, "6.3%"),  # 6.25 exactly: a half goes up
    (1, 3, "33.3%"),
    (14, 14, "100.0%"),
    (0, 14, "0.0%"),
])
def test_one_score_text_one_decimal_halves_up(right: int, answers: int, shown: str) -> None:
    assert score_text(100.0 * right / answers) == shown


def test_no_score_yet_reads_as_a_dash() -> None:
    assert score_text(None) == "\u2014"


# --- before schema 5 ----------------------------------------------------------------------


def _schema_4_file_with_an_exam(path: Path) -> None:
    """A file as a schema-4 trainer left it: a set-up and a finished exam on it."""
    conn = sqlite3.connect(path, isolation_level=None)
    database = Database(conn)
    MIGRATIONS.apply(database, stop_before=MIGRATION_NAMES[4])
    conn.execute("INSERT INTO trainees (id, uid, name, created) VALUES (1, 't1', 'Ana', ?)",
                 (at(0).isoformat(),))
    conn.execute("INSERT INTO exam_configs (id, name, rounds, ruleset_id, pass_mark,"
                 " time_limit_seconds, created) VALUES (1, 'Old final', 2, ?, 75, 600, ?)",
                 (RULES, at(0).isoformat()))
    conn.execute("INSERT INTO sessions (id, uid, trainee_id, mode, ruleset_id, started)"
                 " VALUES (1, 's1', 1, 'exam', ?, ?)", (RULES, at(1).isoformat()))
    conn.execute("INSERT INTO exams (id, uid, trainee_id, session_id, config_id, rounds,"
                 " ruleset_id, pass_mark, time_limit_seconds, started, finished, score, passed)"
                 " VALUES (1, 'e1', 1, 1, 1, 2, ?, 75, 600, ?, ?, 50.0, 0)",
                 (RULES, at(1).isoformat(), at(5).isoformat()))
    database.close()


def test_a_set_up_and_an_exam_from_before_schema_5_read_as_their_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _schema_4_file_with_an_exam(path)
    with open_database(path, backup_on_session=False) as db:
        [config] = db.list_exam_configs()
        assert (config.name, config.rounds, config.pass_mark) == ("Old final", 2, 75.0)
        assert (config.time_limit_seconds, config.version, config.setup) == (600, 1, None)
        [exam] = db.exam_results(1)
        assert (exam.setup, exam.attempt, exam.setup_version) == (None, None, None)
        assert (exam.rounds, exam.pass_mark, exam.score) == (2, 75.0, 50.0)
        report = exam_report_html(db, exam.id)
        assert BEFORE_SETUPS in report and "Old final" in report
        assert "Occupied seats" not in report  # nothing invented


def test_a_new_exam_from_a_set_up_from_before_schema_5_deals_a_full_table_and_counts_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    _schema_4_file_with_an_exam(path)
    with open_database(path, backup_on_session=False) as db:
        exam = db.start_exam(1, 1, at=at(60))
        assert exam.attempt == 2  # the exam from before schema 5 was the first
        assert exam.setup is not None and exam.setup.seats == 6
        assert exam.setup.side_bets == (Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE)
        assert (exam.rounds, exam.pass_mark, exam.time_limit_seconds) == (2, 75.0, 600)


def test_the_exam_report_records_everything_the_set_up_fixed_and_the_attempt(
    db: TrainerDB,
) -> None:
    ana = db.create_trainee("Ana")
    config_id = db.create_exam_setup(FINAL)
    exam = db.start_exam(ana, config_id, at=at(0))
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=at(1))
    for index in range(14):
        answer(db, round_id, question_id=f"q{index}", correct=index < 11, at=at(2))
    db.finish_exam(exam.id, at=at(3))
    report = exam_report_html(db, exam.id)
    for shown in ("Final (version 1)", "Attempt", "Trips plus B", "Occupied seats",
                  "Trips Plus", "hands number 4711", "at most 3, 24 hours apart", "78.6%",
                  "New York 2018 (ny-2018, version 1)"):
        assert shown in report, shown
    assert "79%" not in report


# --- the stored form ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(1, 6),
    bets=st.sets(st.sampled_from([Wager.TRIPS_PLUS, Wager.POCKET_BONUS, Wager.PROGRESSIVE])),
    seed=st.none() | st.integers(1, 999_999_999),
    attempts=st.none() | st.integers(1, 100),
    wait=st.none() | st.integers(1, 2160),
    minutes=st.none() | st.integers(1, 600),
)
def test_a_set_up_reads_back_from_its_stored_form_as_it_was_written(
    seats: int, bets: set[Wager], seed: int | None, attempts: int | None, wait: int | None,
    minutes: int | None,
) -> None:
    setup = ExamSetup("Final", 20, 92.5, None if minutes is None else minutes * 60, RULES,
                      seats=seats, side_bets=tuple(bets), seed=seed, max_attempts=attempts,
                      wait_hours=wait).complete()
    read, beside = setup_from_json(setup_to_json(setup, version=4))
    assert (read, beside) == (setup, {"version": 4})


def test_a_stored_set_up_edited_outside_the_trainer_is_named_by_its_row(
    db: TrainerDB, db_path: Path
) -> None:
    config_id = db.create_exam_setup(FINAL)
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE exam_configs SET setup_json = json_set(setup_json, '$.seats', 9)")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError, match=f"^exam_configs row {config_id}: setup_json: seats: 9"):
        db.list_exam_configs()
