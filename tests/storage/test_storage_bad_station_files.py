"""Bad station files (.hhe) are refused with a message naming the file: no
traceback, nothing merged, nothing already stored changed (issue 10).

Full validation of what a correctly signed file says is a later issue; here a
signed file whose values the database cannot hold must still be refused whole.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_support import ROUND, RULES, answer, at, create_exam_config, new_round, signed

from trainer.storage import MergeError, TrainerDB, exchange, open_database

TABLES = ("trainees", "sessions", "rounds", "answers", "exams", "course_answers")
# Each example works in a folder of its own (the autouse data-folder fixture is not used).
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@dataclass(frozen=True)
class Files:
    """A good station export and an instructor's database that already holds Zed."""

    export: bytes
    instructor: bytes


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Files]:
    folder = tmp_path_factory.mktemp("station")
    with open_database(folder / "station.sqlite3", backup_on_session=False) as db:
        ana = db.create_trainee("Ana")
        answer(db, new_round(db, ana, minutes=1), correct=False, given="5.00")
        config = create_exam_config(db, "Final", 1, RULES, 50.0)
        exam = db.start_exam(ana, config, at=at(10))
        answer(db, db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=at(10)))
        db.finish_exam(exam.id, at=at(12))
        db.record_course_answer(ana, "ruling", "r-one", True, 3.0, lesson="irregularities")
        export = db.export_station(folder / "station.hhe").read_bytes()
    with open_database(folder / "instructor.sqlite3", backup_on_session=False) as db:
        answer(db, new_round(db, db.create_trainee("Zed")))
        instructor = db.backup(folder / "instructor-copy.sqlite3").read_bytes()
    yield Files(export, instructor)


def _content(files: Files) -> dict[str, Any]:
    return json.loads(files.export.partition(b"\n")[2])  # type: ignore[no-any-return]


def _state(db: TrainerDB) -> tuple[object, ...]:
    """Everything a merge could change, to compare before and after."""
    counts = tuple(db.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES)
    return counts, [(t.name, t.last_active) for t in db.list_trainees()], db.roster()


def _merge_into_a_copy(files: Files, station_file: bytes) -> tuple[Exception | None, bool]:
    """Merge ``station_file`` into a fresh copy of the instructor's database:
    (what it raised, whether the database is exactly as before)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "trainer.sqlite3").write_bytes(files.instructor)
        (folder / "room.hhe").write_bytes(station_file)
        with open_database(folder / "trainer.sqlite3", backup_on_session=False) as db:
            assert db.notice is None
            before = _state(db)
            try:
                db.merge_station(folder / "room.hhe", allow_default_key=True)
            except MergeError as error:
                assert "room.hhe" in str(error) and "nothing was merged" in str(error)
                return error, _state(db) == before
            return None, _state(db) == before


def _refused(files: Files, station_file: bytes) -> str:
    error, unchanged = _merge_into_a_copy(files, station_file)
    assert error is not None, "the file was merged"
    assert unchanged, "a refused file changed the database"
    return str(error)


# --------------------------------------------------------------------------- named cases


def test_the_good_export_merges(files: Files) -> None:
    """The files the other tests damage are good to begin with."""
    error, unchanged = _merge_into_a_copy(files, files.export)
    assert error is None and not unchanged


def test_a_signed_body_that_is_not_json_is_refused(files: Files) -> None:
    assert "not readable JSON" in _refused(files, signed(b"{\"format\": \"hhe-tr"))


def test_a_signed_body_nested_too_deeply_is_refused(files: Files) -> None:
    deep = b"[" * 200_000 + b"]" * 200_000
    assert "nested too deeply" in _refused(files, signed(deep))


def test_a_signed_round_nested_too_deeply_is_refused(files: Files) -> None:
    content = _content(files)
    content["tables"]["rounds"]["rows"][0][4] = "[" * 200_000 + "]" * 200_000
    assert "round_json" in _refused(files, signed(json.dumps(content).encode()))


def test_a_signed_whole_number_beyond_64_bits_is_refused_whole(files: Files) -> None:
    """SQLite holds 64 bits; a seat is 1 to 6 anyway, and the refusal names it."""
    content = _content(files)
    content["tables"]["answers"]["rows"][-1][5] = 2**70
    refusal = _refused(files, signed(json.dumps(content).encode()))
    assert "answers row 2: seat:" in refusal and "from 1 to 6" in refusal


def test_a_signed_session_mode_that_is_not_text_is_refused(files: Files) -> None:
    """An object where a mode belongs once escaped the check as a TypeError."""
    content = _content(files)
    content["tables"]["sessions"]["rows"][0][2] = {"practice": True}
    assert "mode" in _refused(files, signed(json.dumps(content).encode()))


def test_a_signed_file_not_utf8_is_refused(files: Files) -> None:
    assert "not UTF-8" in _refused(files, signed(b'{"format": "\xff"}'))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_instead_of_read_forever() -> None:
    with (
        open_database(backup_on_session=False) as db,
        pytest.raises(MergeError, match="not a regular file; nothing was merged"),
    ):
        db.merge_station(Path("/dev/zero"), allow_default_key=True)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_instead_of_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "room.hhe"
    os.mkfifo(fifo)
    with (
        open_database(backup_on_session=False) as db,
        pytest.raises(MergeError, match=r"room\.hhe: not a regular file"),
    ):
        db.merge_station(fifo, allow_default_key=True)


def test_a_station_file_over_the_size_limit_is_refused(
    files: Files, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(exchange, "MAX_STATION_FILE_BYTES", len(files.export) - 1)
    assert "allowed" in _refused(files, files.export)


# --------------------------------------------------------------------------- fuzzing

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


def _flip(data: bytes, bits: list[int]) -> bytes:
    out = bytearray(data)
    for bit in bits:
        out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


def _edited(files: Files, draw: Callable[[st.SearchStrategy[Any]], Any]) -> bytes:
    """The good content with one value anywhere in a row replaced, signed again
    (as anyone with the default key can)."""
    content = _content(files)
    table = draw(st.sampled_from(TABLES))
    rows = content["tables"][table]["rows"]
    row = draw(st.integers(0, len(rows) - 1))
    column = draw(st.integers(0, len(rows[row]) - 1))
    rows[row][column] = draw(
        JSON | st.integers(1, 3_000).map(lambda depth: "[" * depth + "]" * depth)
    )
    return signed(json.dumps(content).encode())


@FUZZ
@given(data=st.data())
def test_any_station_file_is_merged_whole_or_refused_with_a_message(
    files: Files, data: st.DataObject
) -> None:
    kind = data.draw(st.sampled_from(["random", "truncated", "flipped", "garbage", "edited"]))
    if kind == "random":
        station_file = data.draw(st.binary(max_size=5_000))
    elif kind == "truncated":
        station_file = files.export[: data.draw(st.integers(0, len(files.export) - 1))]
    elif kind == "flipped":
        bits = data.draw(
            st.lists(st.integers(0, 8 * len(files.export) - 1), min_size=1, max_size=8, unique=True)
        )
        station_file = _flip(files.export, bits)
    elif kind == "garbage":
        station_file = signed(data.draw(st.text(max_size=2_000) | JSON.map(json.dumps)).encode())
    else:
        station_file = _edited(files, data.draw)
    error, unchanged = _merge_into_a_copy(files, station_file)
    if error is not None:
        assert unchanged
    if kind in ("random", "truncated", "flipped", "garbage"):
        assert error is not None  # none of these can carry a valid signed export
