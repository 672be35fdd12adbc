"""``hhe-trainer room import``: a station's existing history moved into the room once,
every record checked as a station file's are (issue 20, item 7)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from stations import Station, lost_and_doubled, room_import, room_uids


def test_room_import_of_a_data_folder_moves_its_history_once_and_a_second_run_adds_nothing(
        room_url: str, credentials: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "station-7"
    folder.mkdir()
    station = Station(folder / "trainer.sqlite3")
    station.answer(5, per_round=3)  # rounds of 3 and 2 answers
    station.close()
    assert room_import(room_url, credentials, folder) == 0
    out = capsys.readouterr().out
    assert "Imported from station" in out
    assert "trainees 1, sessions 1, rounds 2, answers 5." in out
    assert "The room holds 5 answers from this station." in out
    assert room_import(room_url, credentials, folder) == 0
    out = capsys.readouterr().out
    assert "Nothing new: the room already holds every record of station" in out
    assert sum(room_uids(room_url, "answers").values()) == 5
    for table in ("trainees", "sessions", "rounds", "answers"):
        assert lost_and_doubled(room_url, folder / "trainer.sqlite3", table) == (0, 0)


def test_room_import_refuses_a_bad_row_naming_it_and_imports_the_rest(
        room_url: str, credentials: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old-station.sqlite3"
    station = Station(path)
    station.answer(2)
    with sqlite3.connect(path) as conn:  # a round no trainer would write
        conn.execute(
            "INSERT INTO rounds (uid, session_id, ruleset_id, ruleset_version, round_json,"
            " dealt_at) VALUES ('bad-round', ?, 'ny-2018', 1, '{}', ?)",
            (station.session, "2026-11-02T09:00:00+00:00"))
    conn.close()
    station.close()
    assert room_import(room_url, credentials, path) == 1
    captured = capsys.readouterr()
    assert "rounds 1, answers 2." in captured.out
    assert ("refused: rounds row 2 (uid bad-round): round_json: is not a round"
            in captured.err), captured.err
    assert "1 record refused (not imported; everything else was)" in captured.err
    assert "Traceback" not in captured.err
    assert room_import(room_url, credentials, path) == 0  # the refusal is not news twice
    again = capsys.readouterr()
    assert "Nothing new" in again.out
    assert "1 of its records were refused" in again.out
    assert sum(room_uids(room_url, "answers").values()) == 2
    assert "bad-round" not in room_uids(room_url, "rounds")


def test_room_import_of_something_that_is_not_a_station_database_says_so(
        room_url: str, credentials: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty-folder"
    empty.mkdir()
    assert room_import(room_url, credentials, empty) == 2
    assert "no station database there (a data folder holds trainer.sqlite3)" in (
        capsys.readouterr().err)
    notes = tmp_path / "notes.sqlite3"
    notes.write_text("not a database\n", encoding="utf-8")
    assert room_import(room_url, credentials, notes) == 2
    err = capsys.readouterr().err
    assert "cannot be read" in err and "Traceback" not in err


def test_room_import_of_an_older_trainers_database_asks_for_it_to_be_upgraded_first(
        room_url: str, credentials: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "trainer.sqlite3"
    Station(path).close()
    with sqlite3.connect(path) as conn:  # as a trainer of schema 3 left it
        conn.execute("PRAGMA user_version = 3")
    conn.close()
    assert room_import(room_url, credentials, path) == 2
    err = capsys.readouterr().err
    assert f"{path}: its database is at schema 3, older than this trainer's" in err
    assert "start this trainer once on that data folder" in err
    assert room_uids(room_url, "trainees") == {}
