"""The station's settings.json never stops a start and is never lost: a bad one is set
aside (renamed, its good settings kept), and a failed save is a sentence, not a
crash (issue 10)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from trainer.engine.round import SIDE_WAGERS, Wager
from trainer.exam_setup import MAX_EXAM_ROUNDS
from trainer.preferences import (
    SETTINGS_FILE_LIMIT,
    load_settings,
    save_settings,
    settings_from_json,
    settings_to_json,
)
from trainer.training.session import TrainingSettings

EXAMPLE_SECONDS = 5
"""No single fuzz example may take this long (a guard against unbounded reads, not a
speed figure: the examples take milliseconds)."""
MINE = TrainingSettings(rules="house", options={"trips_plus_table": "C"},
                        side_bets=(Wager.TRIPS_PLUS,), seats=3, four_colour=True,
                        sound=False, exam_rounds=25)
"""A station's own choices, every one different from the defaults."""


def _aside(folder: Path) -> list[Path]:
    return sorted(folder.glob("settings.json.unreadable-*"))


def _write(path: Path, content: object) -> bytes:
    data = content if isinstance(content, bytes) else json.dumps(content).encode()
    path.write_bytes(data)
    return data


# --- reading: the measured cases ------------------------------------------------------


def test_a_rule_set_path_to_dev_zero_is_named_and_the_other_settings_are_kept(
    tmp_path: Path
) -> None:
    path = tmp_path / "settings.json"
    written = _write(path, {**settings_to_json(MINE), "rules": "/dev/zero", "options": {}})
    loaded, message = load_settings(path)
    assert message is not None and "rules:" in message and "/dev/zero" in message
    assert str(path) in message and "kept as settings.json.unreadable-" in message
    assert loaded.rules == TrainingSettings().rules  # the bad one: its default
    assert (loaded.seats, loaded.sound, loaded.exam_rounds) == (3, False, 25)  # the rest kept
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == written and not path.exists()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b'{"sound": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
        (b'{"exam_rounds": 1' + b"0" * 5000 + b"}", "number too long"),
        (b'{"sound": true, "seats": \xff}', "not UTF-8"),
        (b'{"sound": tru', "not JSON"),
        (b"[1, 2]", "not a settings object"),
        (b" " * (SETTINGS_FILE_LIMIT + 1), "allowed"),
    ],
)
def test_a_settings_file_that_cannot_be_read_is_set_aside_and_the_defaults_used(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    loaded, message = load_settings(path)
    assert loaded == TrainingSettings()
    assert message is not None and reason in message and "defaults are in force" in message
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == content


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("exam_rounds", 10**40), ("exam_rounds", MAX_EXAM_ROUNDS + 1), ("exam_rounds", 2.0),
        ("exam_rounds", True), ("seats", 7), ("seats", "3"), ("sound", 1), ("four_colour", None),
        ("side_bets", ["ante"]), ("side_bets", "trips_plus"), ("side_bets", [["trips_plus"]]),
        ("rules", 5), ("rules", "nowhere-2099"), ("options", {"trips_plus_table": "Z"}),
        ("options", ["C"]),
    ],
)
def test_a_wrong_value_is_named_by_key_and_only_that_setting_goes_back_to_its_default(
    tmp_path: Path, key: str, value: object
) -> None:
    path = tmp_path / "settings.json"
    _write(path, {**settings_to_json(MINE), key: value})
    loaded, message = load_settings(path)
    assert message is not None and f"{key}: " in message, message
    assert getattr(loaded, key) == getattr(TrainingSettings(), key)
    kept = {k: v for k, v in settings_to_json(MINE).items() if k not in (key, "options")}
    assert {k: v for k, v in settings_to_json(loaded).items() if k in kept} == kept
    assert len(_aside(tmp_path)) == 1


def test_the_largest_exam_a_site_may_fix_is_a_valid_saved_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"exam_rounds": MAX_EXAM_ROUNDS})
    assert load_settings(path) == (TrainingSettings(exam_rounds=MAX_EXAM_ROUNDS), None)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
        (lambda p: p.mkdir(), "a folder"),
        (lambda p: p.symlink_to(p.parent / "gone.json"), "no such file"),
    ],
)
def test_something_other_than_a_file_at_the_settings_path_is_set_aside(
    tmp_path: Path, make: Callable[[Path], None], reason: str
) -> None:
    path = tmp_path / "settings.json"
    make(path)
    loaded, message = load_settings(path)
    assert loaded == TrainingSettings()
    assert message is not None and reason in message and "kept as" in message
    assert len(_aside(tmp_path)) == 1 and not os.path.lexists(path)
    assert save_settings(MINE, path) is None
    assert load_settings(path) == (MINE, None)


def test_two_damaged_files_in_one_second_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    contents = [b"{1", b"{2", b"{3"]
    for content in contents:
        path.write_bytes(content)
        load_settings(path)
    assert sorted(aside.read_bytes() for aside in _aside(tmp_path)) == contents


def test_good_settings_load_untouched_and_no_file_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert load_settings(path) == (TrainingSettings(), None)
    assert save_settings(MINE, path) is None
    assert load_settings(path) == (MINE, None)
    assert _aside(tmp_path) == []


def test_settings_from_json_refuses_naming_every_bad_key() -> None:
    with pytest.raises(ValueError, match=r"seats: .*sound: "):
        settings_from_json({"seats": 0, "sound": "yes"})
    assert settings_from_json(settings_to_json(MINE)) == MINE


# --- saving ------------------------------------------------------------------------------


def test_a_stray_settings_tmp_folder_does_not_stop_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.tmp").mkdir()
    assert save_settings(MINE, path) is None
    assert load_settings(path) == (MINE, None)


def test_a_save_that_fails_returns_a_sentence_and_raises_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", "utf-8")
    message = save_settings(MINE, blocker / "settings.json")
    assert message is not None and "could not be saved" in message
    assert str(blocker / "settings.json") in message
    assert blocker.read_text("utf-8").startswith("a file")  # nothing else touched


def test_a_save_into_a_read_only_folder_returns_a_sentence(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)  # as root, chmod cannot refuse
    message = save_settings(MINE, path)
    assert message is not None and "Permission denied" in message
    assert not list(tmp_path.iterdir())


def test_a_damaged_file_that_cannot_be_set_aside_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"{damaged")

    def refuse(self: Path, target: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    _, message = load_settings(path)
    assert message is not None and "will not be overwritten" in message
    assert save_settings(MINE, path) is not None
    assert path.read_bytes() == b"{damaged"


# --- any content ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=3),
    max_leaves=8,
)
GOOD: dict[str, st.SearchStrategy[Any]] = {
    "rules": st.sampled_from(["ny-2018", "massachusetts", "standard", "house"]),
    "options": st.sampled_from([{}, {"trips_plus_table": "C"}, {"pocket_bonus_table": "C"}]),
    "side_bets": st.lists(st.sampled_from([w.value for w in SIDE_WAGERS]), unique=True),
    "seats": st.none() | st.integers(1, 6),
    "four_colour": st.booleans(),
    "sound": st.booleans(),
    "exam_rounds": st.integers(1, MAX_EXAM_ROUNDS),
}
FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _fresh(folder: Path) -> Path:
    for old in folder.iterdir():
        old.unlink() if not old.is_dir() or old.is_symlink() else old.rmdir()
    return folder / "settings.json"


@FUZZ
@given(data=st.data())
def test_any_settings_object_keeps_every_good_setting_and_names_every_bad_one(
    tmp_path: Path, data: st.DataObject
) -> None:
    content: dict[str, Any] = {}
    good: dict[str, Any] = {}
    for key, strategy in GOOD.items():
        choice = data.draw(st.integers(0, 3), label=f"{key}: 0 absent, 1 junk, 2-3 good")
        if choice == 1:
            content[key] = data.draw(JSON, label=key)
        elif choice > 1:
            content[key] = good[key] = data.draw(strategy, label=key)
    path = _fresh(tmp_path)
    written = _write(path, content)
    started = time.monotonic()
    loaded, message = load_settings(path)
    assert time.monotonic() - started < EXAMPLE_SECONDS
    saved = settings_to_json(loaded)
    for key, value in good.items():
        assert saved[key] == value, (key, message)
    if message is None:
        assert path.read_bytes() == written and not _aside(tmp_path)
    else:
        event("set aside")
        assert str(path) in message
        for key in set(content) - set(good):
            assert f"{key}: " in message or saved[key] == content[key], (key, message)
        (aside,) = _aside(tmp_path)
        assert aside.read_bytes() == written
    assert save_settings(loaded, path) is None  # what is in force saves and reads back
    assert load_settings(path) == (loaded, None)


@FUZZ
@given(content=JSON.map(lambda v: json.dumps(v).encode()) | st.binary(max_size=200)
       | st.integers(1, 3000).map(lambda n: b"[" * n + b"]" * n))
def test_any_bytes_as_settings_never_stop_a_start_and_are_kept(tmp_path: Path,
                                                               content: bytes) -> None:
    path = _fresh(tmp_path)
    path.write_bytes(content)
    started = time.monotonic()
    loaded, message = load_settings(path)
    assert time.monotonic() - started < EXAMPLE_SECONDS
    if message is not None:
        assert str(path) in message
        (aside,) = _aside(tmp_path)
        assert aside.read_bytes() == content
    assert save_settings(loaded, path) is None
