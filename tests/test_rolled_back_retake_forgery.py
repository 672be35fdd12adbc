"""Issue 21's attack 5, made with the trainer's own station files: a trainee fails the
one-attempt exam, rolls the station's data folder back to a copy from before it (or
swaps in another station's database with its key) and sits "attempt 1" again. The
instructor's merge of the retake warns, naming the trainee and the set-up, and the
sign-off's evidence flags the two attempt 1 and where each was sat."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, find_trainee
from trainer.exam_setup import ExamSetup
from trainer.storage import NewAnswer, TrainerDB, open_database
from trainer.storage.database import DEFAULT_FILENAME
from trainer.storage.evidence import FlagKind

ROOM_KEY = "the room's own key, set by IT on every station"


@contextmanager
def station(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TrainerDB]:
    """A station whose data folder (database and station secret) is ``folder``."""
    monkeypatch.setenv("HHE_TRAINER_HOME", str(folder))
    with open_database(folder / DEFAULT_FILENAME, backup_on_session=False) as db:
        yield db


def final_setup(db: TrainerDB, name: str = "Final") -> int:
    return db.create_exam_setup(ExamSetup(name, 1, 80.0, None, RULES, max_attempts=1))


def sit(db: TrainerDB, trainee: str, setup_name: str, *, passed: bool, hours: float) -> int:
    """The trainee sits the set-up's exam (three payouts, 4 s each, 10 minutes in all)."""
    found = find_trainee(db, trainee)
    assert found is not None
    config = next(c.id for c in db.list_exam_configs() if c.name == setup_name)
    when = T0 + timedelta(hours=hours)
    assert db.exam_refusal(found.id, config, at=when) is None
    exam = db.start_exam(found.id, config, at=when)
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=when)
    for number in range(3):
        right = passed or number == 0
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",
                                   "$10.00", "10" if right else "5", right, 4.0),
                         at=when + timedelta(minutes=number + 1))
    db.finish_exam(exam.id, at=when + timedelta(minutes=10))
    return exam.id


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, Path]:
    return {name: tmp_path / name for name in ("a", "a-copy", "b", "instructor")}


@pytest.fixture
def failed_at_a(folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """Station A: Eve and the one-attempt "Final"; the folder copied (the rollback the
    trainee keeps), then Eve fails attempt 1 and A exports. A's station id and the file."""
    with station(folders["a"], monkeypatch) as db:
        db.create_trainee("Eve", at=T0)
        final_setup(db)
        a_station = db.station
    shutil.copytree(folders["a"], folders["a-copy"])
    with station(folders["a"], monkeypatch) as db:
        sit(db, "Eve", "Final", passed=False, hours=1)
        failed = db.export_station(folders["a"].parent / "a-failed.hhe", ROOM_KEY)
    return a_station, failed


def _merge(path: Path, folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> str | None:
    with station(folders["instructor"], monkeypatch) as db:
        return db.merge_station(path, ROOM_KEY).warning


def test_attack_5_a_rolled_back_retake_merged_beside_the_failed_attempt_is_warned_and_flagged(
    folders: dict[str, Path], failed_at_a: tuple[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_station, failed = failed_at_a
    assert _merge(failed, folders, monkeypatch) is None  # one attempt: nothing to say
    # The rollback: the folder from before the exam put back; the attempt limit is reset.
    shutil.rmtree(folders["a"])
    shutil.copytree(folders["a-copy"], folders["a"])
    with station(folders["a"], monkeypatch) as db:
        sit(db, "Eve", "Final", passed=True, hours=3)
        retake = db.export_station(folders["a"].parent / "a-retake.hhe", ROOM_KEY)

    warning = _merge(retake, folders, monkeypatch)
    assert warning is not None
    assert warning.startswith("Eve has two attempt 1 of the exam \u201cFinal\u201d: a station's"
                              " data folder may have been rolled back or replaced")
    assert _merge(retake, folders, monkeypatch) is None  # merged again: nothing new

    with station(folders["instructor"], monkeypatch) as db:
        eve = find_trainee(db, "Eve")
        assert eve is not None
        failed_exam, passed_exam = sorted(db.exam_results(eve.id), key=lambda e: e.started)
        assert (failed_exam.passed, passed_exam.passed) == (False, True)
        assert (failed_exam.attempt, passed_exam.attempt) == (1, 1)
        # Signing is still allowed: the flags are for the instructor to see first.
        assert db.certification_problem(eve.id, passed_exam.id) is None
        seen = db.exam_evidence(passed_exam.id)
    short = a_station[:8]
    assert seen.sat_at.station == a_station and not seen.sat_at.here
    assert [a.exam.id for a in seen.attempts] == [failed_exam.id, passed_exam.id]
    assert [a.sat_at.station for a in seen.attempts] == [a_station, a_station]
    assert [flag.kind for flag in seen.flags] == [FlagKind.DUPLICATE_ATTEMPT,
                                                  FlagKind.ATTEMPTS_OVER_LIMIT]
    assert seen.flags[0].text == (
        f"Two attempt 1 of \u201cFinal\u201d (exam #{failed_exam.id} at station {short}"
        f" (merged), exam #{passed_exam.id} at station {short} (merged)): a station's data"
        " may have been rolled back or replaced, or the exam sat at more than one station.")
    assert seen.flags[1].text == ("2 attempts of \u201cFinal\u201d are known; the set-up"
                                  " allows 1 attempt.")


def test_attack_5_another_stations_database_swapped_in_is_warned_and_its_station_shown(
    folders: dict[str, Path], failed_at_a: tuple[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Station B's own database and key (the set-up there spelled "FINAL"): Eve's
    attempt 1 there merges beside her failed attempt 1 at A."""
    a_station, failed = failed_at_a
    with station(folders["b"], monkeypatch) as db:
        db.create_trainee("eve", at=T0)  # the same person by name, any case
        final_setup(db, "FINAL")
        sit(db, "eve", "FINAL", passed=True, hours=3)
        b_station = db.station
        swapped = db.export_station(folders["b"].parent / "b.hhe", ROOM_KEY)
    assert b_station != a_station
    _merge(failed, folders, monkeypatch)
    warning = _merge(swapped, folders, monkeypatch)
    assert warning is not None and warning.startswith(
        "Eve has two attempt 1 of the exam \u201cFinal\u201d")

    with station(folders["instructor"], monkeypatch) as db:
        eve = find_trainee(db, "Eve")
        assert eve is not None
        passed_exam = next(e for e in db.exam_results(eve.id) if e.passed)
        seen = db.exam_evidence(passed_exam.id)
    assert seen.sat_at.station == b_station
    assert seen.sat_at.label == f"station {b_station[:8]} (merged)"
    assert [a.sat_at.station for a in seen.attempts] == [a_station, b_station]
    assert seen.flags[0].kind is FlagKind.DUPLICATE_ATTEMPT
    assert f"at station {a_station[:8]} (merged)" in seen.flags[0].text
    assert f"at station {b_station[:8]} (merged)" in seen.flags[0].text


def test_an_exam_relayed_through_another_station_keeps_the_station_it_was_sat_at(
    folders: dict[str, Path], failed_at_a: tuple[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_station, failed = failed_at_a
    with station(folders["b"], monkeypatch) as db:
        db.merge_station(failed, ROOM_KEY)
        b_station = db.station
        relayed = db.export_station(folders["b"].parent / "b.hhe", ROOM_KEY)
    _merge(relayed, folders, monkeypatch)
    with station(folders["instructor"], monkeypatch) as db:
        eve = find_trainee(db, "Eve")
        assert eve is not None
        (exam,) = db.exam_results(eve.id)
        assert db.exam_evidence(exam.id).sat_at.station == a_station != b_station


def test_only_the_rolled_back_retakes_file_merged_is_not_seen(
    folders: dict[str, Path], failed_at_a: tuple[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The limit of station files (docs/installing.md's trust table): the failed attempt's
    file never reaches the instructor, only the retake's. One attempt 1 is known, so the
    merge has nothing to warn of and the sign-off no flag: the instructor's station knows
    only the files merged into it."""
    a_station, _failed = failed_at_a
    shutil.rmtree(folders["a"])
    shutil.copytree(folders["a-copy"], folders["a"])
    with station(folders["a"], monkeypatch) as db:
        sit(db, "Eve", "Final", passed=True, hours=3)
        retake = db.export_station(folders["a"].parent / "a-retake.hhe", ROOM_KEY)
    assert _merge(retake, folders, monkeypatch) is None
    with station(folders["instructor"], monkeypatch) as db:
        eve = find_trainee(db, "Eve")
        assert eve is not None
        (exam,) = db.exam_results(eve.id)
        assert (exam.attempt, exam.passed) == (1, True)
        assert db.certification_problem(eve.id, exam.id) is None
        seen = db.exam_evidence(exam.id)
    assert (seen.sat_at.station, seen.flags) == (a_station, ())
