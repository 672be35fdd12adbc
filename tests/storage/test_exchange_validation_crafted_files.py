"""Station files re-signed after a crafty edit (anyone can, with the public default room
key): each one is refused whole, naming the row and the field, and nothing already saved
changes; a good file's rows are sealed into this station's chains."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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

from trainer.site_config import load_site_config
from trainer.storage import DEFAULT_ROOM_KEY, MergeError, StorageError, TrainerDB, open_database
from trainer.storage.exchange import DEFAULT_KEY_WARNING
from trainer.storage.models import SealState

Edit = Callable[[dict[str, Any]], None]
TABLES = ("trainees", "sessions", "rounds", "answers", "exams", "course_answers")


@pytest.fixture
def station(tmp_path: Path) -> Iterator[TrainerDB]:
    """Ana's station: 5 answers on 5 rounds, a finished exam, a ruling."""
    with open_database(tmp_path / "station" / "trainer.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        for minutes in range(5):
            answer(db, new_round(db, ana, minutes=minutes), correct=minutes != 2)
        exam = db.start_exam(ana, create_exam_config(db, "Final", 1, RULES, 50.0), at=at(10))
        round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10))
        answer(db, round_id, at=at(11))
        db.finish_exam(exam.id, at=at(12))
        db.record_course_answer(ana, "ruling", "r-one", True, 3.0, lesson="irregularities",
                                at=at(13))
        yield db


@pytest.fixture
def instructor(tmp_path: Path) -> Iterator[TrainerDB]:
    """The instructor's database, with Bob's own answer already saved."""
    with open_database(tmp_path / "instructor" / "trainer.sqlite3") as db:
        answer(db, new_round(db, db.create_trainee("Bob")), at=at(1))
        yield db


def _counts(db: TrainerDB) -> dict[str, int]:
    return {t: db.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def _crafted(station: TrainerDB, folder: Path, edit: Edit, key: str = DEFAULT_ROOM_KEY) -> Path:
    """The station's export, edited and signed again (json.dumps writes Infinity as is)."""
    return resign(station.export_station(folder / "crafted.hhe"), edit, key)


def _rows(content: dict[str, Any], table: str) -> list[list[Any]]:
    rows: list[list[Any]] = content["tables"][table]["rows"]
    return rows


def _column(table: str, name: str) -> int:
    from trainer.storage.exchange import TABLES as COLUMNS

    return list(COLUMNS[table]).index(name)


def _set(table: str, name: str, value: object, row: int = 0) -> Edit:
    def edit(content: dict[str, Any]) -> None:
        _rows(content, table)[row][_column(table, name)] = value
    return edit


def _refused(station: TrainerDB, instructor: TrainerDB, folder: Path, edit: Edit) -> str:
    before = _counts(instructor)
    path = _crafted(station, folder, edit)
    with pytest.raises(MergeError) as refused:
        instructor.merge_station(path, allow_default_key=True)
    assert _counts(instructor) == before  # nothing of the file, nothing of Bob's lost
    assert instructor.check_records().findings == []
    message = str(refused.value)
    assert message.startswith("crafted.hhe: ") and message.endswith("nothing was merged")
    return message


def test_a_name_of_10000_characters_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("trainees", "name", "A" * 10_000))
    assert "trainees row 1: name: 10000 characters; at most 80" in message


def test_a_name_with_control_characters_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("trainees", "name", "Ana\x1b[2J"))
    assert "trainees row 1: name: contains the control character U+001B" in message


def test_a_name_with_a_right_to_left_override_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("trainees", "name", "Ana\u202exetaB"))
    assert "trainees row 1: name: contains the control character U+202E" in message


def test_answer_seconds_of_1e308_are_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("answers", "seconds", 1e308))
    assert "answers row 1: seconds: 1e+308 is not a number from 0 to 604800" in message


def test_answer_seconds_of_infinity_are_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path,
                       _set("answers", "seconds", float("inf"), row=3))
    assert "answers row 4: seconds: inf is not a number" in message


def test_a_date_in_the_year_9999_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    edit = _set("answers", "answered_at", "9999-12-31T23:59:59+00:00")
    message = _refused(station, instructor, tmp_path, edit)
    assert "answers row 1: answered_at: '9999-12-31T23:59:59+00:00' is not between" in message


def test_an_unknown_skill_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("answers", "skill", "juggling"))
    assert "answers row 1: skill: 'juggling' is not a skill this trainer knows" in message


def test_an_unknown_rule_set_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("sessions", "ruleset_id", "vegas-99"))
    assert "sessions row 1: ruleset_id: 'vegas-99' is not a rule set this trainer knows" in message


def test_a_round_that_is_not_a_round_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    not_a_round = json.dumps({"rules": RULES, "dealer": ["As", "As"], "board": [], "seats": []})
    message = _refused(station, instructor, tmp_path, _set("rounds", "round_json", not_a_round))
    assert "rounds row 1: round_json: is not a round" in message


def test_an_exam_scored_1e9_is_refused(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    message = _refused(station, instructor, tmp_path, _set("exams", "score", 1e9))
    assert "exams row 1: score: 1000000000.0 is not a number from 0 to 100" in message


def test_a_session_of_another_trainee_here_is_refused_not_given_to_them(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    """Today's attack: the file's answers for Ana name Bob's session, which the
    instructor's station has; Bob must not receive them."""
    bob_session = instructor.conn.execute("SELECT uid FROM sessions").fetchone()[0]
    bob = find_trainee(instructor, "Bob")
    assert bob is not None
    bob_answers = len(instructor.trainee_answers(bob.id))

    def hijack(content: dict[str, Any]) -> None:
        for row in _rows(content, "sessions"):
            old = row[0]
            row[0] = bob_session
            for round_row in _rows(content, "rounds"):
                if round_row[1] == old:
                    round_row[1] = bob_session
            break

    message = _refused(station, instructor, tmp_path, hijack)
    assert f"sessions row 1: session {bob_session} belongs to another trainee here" in message
    assert len(instructor.trainee_answers(bob.id)) == bob_answers


def test_merged_rows_are_sealed_into_this_stations_chain(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    instructor.merge_station(station.export_station(tmp_path / "good.hhe"), allow_default_key=True)
    checked = instructor.check_records()
    assert checked.findings == []
    assert (checked.checked["answers"], checked.checked["exams"]) == (7, 1)
    ana = find_trainee(instructor, "Ana")
    assert ana is not None
    [exam] = instructor.exam_results(ana.id)
    assert exam.seal_state is SealState.VALID and exam.verification_code is not None
    instructor.conn.execute("UPDATE exams SET passed = 0")
    assert instructor.exam_results(ana.id)[0].seal_state is SealState.ALTERED


def test_the_public_default_room_key_merges_with_a_plain_warning(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    report = instructor.merge_station(station.export_station(tmp_path / "s.hhe"),
                                      allow_default_key=True)
    assert report.warning == DEFAULT_KEY_WARNING
    assert "public default room key" in DEFAULT_KEY_WARNING and "room_key" in DEFAULT_KEY_WARNING


def test_a_rooms_own_key_merges_without_the_warning(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    key = "our room's own key"
    report = instructor.merge_station(station.export_station(tmp_path / "s.hhe", key), key,
                                      allow_default_key=False)
    assert report.warning is None and report.answers == 6


def test_a_site_file_with_a_room_key_refuses_default_key_files_without_saying_so(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    site_file = tmp_path / "site.toml"
    site_file.write_text('[results]\nroom_key = "ours"\n')
    site = load_site_config(site_file)
    assert site.rejected is None and site.allow_default_room_key is False
    before = _counts(instructor)
    with pytest.raises(MergeError, match=r"public default room key.*allow_default_room_key"):
        instructor.merge_station(station.export_station(tmp_path / "s.hhe"),
                                 allow_default_key=site.allow_default_room_key)
    assert _counts(instructor) == before


def test_no_room_key_and_no_allow_flag_is_used_and_refuses_default_key_files(
    tmp_path: Path,
) -> None:
    """Refusing is the default now: a file saying so without a room key is no problem
    (site check warns that no room key is set)."""
    site_file = tmp_path / "site.toml"
    site_file.write_text("[results]\nallow_default_room_key = false\n")
    site = load_site_config(site_file)
    assert site.rejected is None and site.allow_default_room_key is False
    assert any("no room key is set" in warning for warning in site.room_key_warnings())


def test_an_exam_altered_on_its_station_stays_altered_when_merged(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    """No laundering: a result passed with SQLite on the station is not sealed as good
    by the instructor's station when its file is merged."""
    station.conn.execute("UPDATE exams SET score = 99.5")  # it was 100
    report = instructor.merge_station(station.export_station(tmp_path / "s.hhe"),
                                      allow_default_key=True)
    assert report.exams == 1 and report.warning is not None
    assert "1 of its exam records" in report.warning and "ALTERED here too" in report.warning
    ana = find_trainee(instructor, "Ana")
    assert ana is not None
    [exam] = instructor.exam_results(ana.id)
    assert exam.seal_state is SealState.ALTERED
    assert [f.table for f in instructor.check_records().altered] == ["exams"]
    assert instructor.seal_states("answers", ana.id) == dict.fromkeys(
        instructor.seal_states("answers", ana.id), SealState.VALID)  # the rest merged sealed


def test_an_exam_answer_altered_on_its_station_stays_altered_when_merged(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    station.conn.execute(
        "UPDATE answers SET correct = 0 WHERE round_id IN (SELECT r.id FROM rounds r"
        " JOIN sessions s ON s.id = r.session_id WHERE s.mode = 'exam')")
    instructor.merge_station(station.export_station(tmp_path / "s.hhe"), allow_default_key=True)
    ana = find_trainee(instructor, "Ana")
    assert ana is not None
    assert len(instructor.record_seals(ana.id).altered) == 1


NAMES = st.text(
    alphabet=st.sampled_from(["A", "n", "é", " ", "\t", "\n", "\x00", "\x1b", "\u202e",
                              "\u2066", "\u200f", "\u00ad", "-"]),
    min_size=0, max_size=90,
)


@given(name=NAMES)
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_merged_name_is_refused_exactly_when_the_trainer_refuses_it(
    station: TrainerDB, tmp_path: Path, name: str
) -> None:
    """One validation: a name the trainer's own 'new trainee' refuses is refused in a
    station file too, and one it takes merges as that trainee (trimmed)."""
    with open_database(tmp_path / f"probe-{uuid.uuid4().hex}.sqlite3",
                       backup_on_session=False) as probe:
        try:
            probe.create_trainee(name)
        except StorageError:
            app_refuses = True
        else:
            app_refuses = False
    path = _crafted(station, tmp_path, _set("trainees", "name", name))
    with open_database(tmp_path / f"merge-{uuid.uuid4().hex}.sqlite3",
                       backup_on_session=False) as target:
        try:
            target.merge_station(path, allow_default_key=True)
        except MergeError as error:
            assert app_refuses, str(error)
            assert "trainees row 1: name:" in str(error)
        else:
            assert not app_refuses
            assert [t.name for t in target.list_trainees()] == [name.strip()]


def test_an_exam_merged_without_a_session_is_still_checked_on_the_trainees_records(
    station: TrainerDB, instructor: TrainerDB, tmp_path: Path
) -> None:
    """Older files may hold an exam with no session: it is sealed and checked like any."""
    instructor.merge_station(_crafted(station, tmp_path, _set("exams", "session", None)),
                             allow_default_key=True)
    ana = find_trainee(instructor, "Ana")
    assert ana is not None
    [exam] = instructor.exam_results(ana.id)
    assert exam.session_id is None
    assert instructor.seal_states("exams", ana.id) == {exam.id: SealState.VALID}
    instructor.conn.execute("UPDATE exams SET score = 1")
    assert instructor.record_seals(ana.id).altered == (f"exam #{exam.id}",)
