"""A bad training-room site file never stops a start: ``site check`` and a start
use one check, every number has a range, the file is read safely, and whatever
the check accepts a start can use (issue 10)."""

from __future__ import annotations

import os
import re
import string
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.storage.storage_support import verify_instructor
from tests.toml_support import Raw, toml
from trainer.cli import main
from trainer.exam_setup import MAX_EXAM_ROUNDS, MAX_TIME_LIMIT_MINUTES
from trainer.preferences import load_settings, save_settings
from trainer.site_config import (
    ENV_HOME,
    SITE_FILE_LIMIT,
    SiteConfig,
    apply_data_folder,
    apply_to_settings,
    create_site_instructor,
    ensure_site_exam,
    load_site_config,
    results_file,
)
from trainer.storage import TrainerDB, open_database
from trainer.storage.passwords import hash_password
from trainer.training.session import TrainingSettings

EXAM = "[exam]\nrounds = {rounds}\npass_mark = {mark}\ntime_limit_minutes = {limit}\n"
EXAMPLE_SECONDS = 5
"""No single fuzz example may take this long (a guard against unbounded reads, not a
speed figure: the examples take milliseconds)."""


def _site(folder: Path, text: str | bytes) -> Path:
    path = folder / "site.toml"
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def _refused(site: SiteConfig, key: str, line: int | None = None) -> str:
    """The report of a refused file; asserts it names ``key`` (at ``line``)."""
    assert site.rejected is not None and site.path is None, site.report
    where = f"line {line}, {key}" if line is not None else key
    assert where in site.report, site.report
    return site.report


@pytest.fixture
def db(tmp_path: Path) -> Iterator[TrainerDB]:
    database = open_database(tmp_path / "t.sqlite3", backup_on_session=False)
    yield database
    database.close()


# --- the measured cases ----------------------------------------------------------------


@pytest.mark.parametrize("limit", ["inf", "nan", "-inf", "1e308", "1e-9", "0", "601"])
def test_a_time_limit_a_start_cannot_use_is_refused_by_the_check_and_the_start(
    tmp_path: Path, limit: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _site(tmp_path, EXAM.format(rounds=20, mark=90, limit=limit))
    report = _refused(load_site_config(path), "exam.time_limit_minutes", line=4)
    assert f"1 to {MAX_TIME_LIMIT_MINUTES}" in report
    assert main(["site", "check", str(path)]) == 1  # site check: the same verdict
    assert "line 4, exam.time_limit_minutes" in capsys.readouterr().out


@pytest.mark.parametrize("rounds", ["9223372036854775807", "0", "-1", "1001", "20.0", "true"])
def test_exam_rounds_out_of_range_are_refused_by_line_and_key(tmp_path: Path,
                                                              rounds: str) -> None:
    path = _site(tmp_path, EXAM.format(rounds=rounds, mark=90, limit=30))
    report = _refused(load_site_config(path), "exam.rounds", line=2)
    assert f"1 to {MAX_EXAM_ROUNDS:,}" in report


@pytest.mark.parametrize("mark", ["nan", "inf", "-0.5", "100.5", '"90"'])
def test_a_pass_mark_outside_0_to_100_is_refused(tmp_path: Path, mark: str) -> None:
    path = _site(tmp_path, EXAM.format(rounds=20, mark=mark, limit=30))
    _refused(load_site_config(path), "exam.pass_mark", line=3)


def test_the_edges_of_each_range_are_accepted_and_usable_at_a_start(
    tmp_path: Path, db: TrainerDB
) -> None:
    for rounds, mark, limit in ((1, 0, 1), (MAX_EXAM_ROUNDS, 100, MAX_TIME_LIMIT_MINUTES),
                                (5, 62.5, 22.5)):
        path = _site(tmp_path, EXAM.format(rounds=rounds, mark=mark, limit=limit))
        site = load_site_config(path)
        assert site.rejected is None, site.report
        assert site.exam is not None and site.exam.time_limit_seconds == round(limit * 60)
        _start(site, db)


def test_a_rule_set_path_to_dev_zero_is_refused_by_key_without_reading_it(
    tmp_path: Path
) -> None:
    path = _site(tmp_path, '[rules]\nruleset = "/dev/zero"\n')
    report = _refused(load_site_config(path), "rules.ruleset", line=2)
    assert "/dev/zero" in report


def test_a_password_hash_sign_in_cannot_verify_is_refused(tmp_path: Path) -> None:
    """N = 2^16 with r = 8 needs more memory than scrypt's cap: it could never sign in."""
    digest = "ab" * 32
    path = _site(tmp_path, '[instructor]\nname = "Pat"\n'
                 'password_hash = "scrypt$65536$8$1$00112233$' + digest + '"\n')
    _refused(load_site_config(path), "instructor.password_hash", line=3)


def test_a_hash_made_by_site_hash_password_still_signs_in(tmp_path: Path,
                                                          db: TrainerDB) -> None:
    stored = hash_password("correct horse")
    path = _site(tmp_path, f'[instructor]\nname = "Pat"\npassword_hash = "{stored}"\n')
    site = load_site_config(path)
    assert site.rejected is None, site.report
    assert create_site_instructor(db, site) == "Pat"
    assert verify_instructor(db, "Pat", "correct horse")


def test_a_site_file_starting_with_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = _site(tmp_path, b"\xef\xbb\xbf" + EXAM.format(rounds=20, mark=90, limit=30).encode())
    site = load_site_config(path)
    assert site.rejected is None, site.report
    assert site.exam is not None and site.exam.rounds == 20


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
        (lambda p: p.mkdir(), "a folder"),
        (lambda p: p.write_bytes(b"# \xff\xfe\n"), "not UTF-8"),
        (lambda p: p.write_bytes(b"#" * (SITE_FILE_LIMIT + 1)), "allowed"),
    ],
)
def test_a_site_path_that_is_not_a_small_text_file_is_reported_not_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: Any, reason: str
) -> None:
    path = tmp_path / "site.toml"
    make(path)
    monkeypatch.setenv("HHE_TRAINER_SITE", str(path))
    site = load_site_config()  # found where HHE_TRAINER_SITE points, and refused
    assert site.rejected == path and reason in site.report, site.report


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[data]\nfolder = "a\\u0000b"\n', "data.folder"),
        ('[results]\nfolder = "x\\ny"\n', "results.folder"),
        ('[exam]\nrounds = 3\npass_mark = 50\nname = "' + "n" * 81 + '"\n', "exam.name"),
        ('[instructor]\nname = "' + "n" * 81 + '"\npassword_hash = "h"\n', "instructor.name"),
        ("[results]\nroom_key = " + '"' + "k" * 1001 + '"\n', "results.room_key"),
    ],
)
def test_names_and_paths_a_start_cannot_use_are_refused_by_key(tmp_path: Path, text: str,
                                                               key: str) -> None:
    _refused(load_site_config(_site(tmp_path, text)), key)


def test_deep_nesting_and_huge_numbers_in_a_site_file_are_reported(tmp_path: Path) -> None:
    nested = _site(tmp_path, "[exam]\nrounds = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested too deeply" in load_site_config(nested).report
    huge = _site(tmp_path, "[exam]\nrounds = 1" + "0" * 5000 + "\npass_mark = 5\n")
    assert "4,300 digits" in load_site_config(huge).report


def test_an_exam_name_at_the_limit_gets_a_second_set_up_when_the_site_changes_its_figures(
    tmp_path: Path, db: TrainerDB
) -> None:
    name = "N" * 80
    first = load_site_config(_site(tmp_path, f'[exam]\nname = "{name}"\nrounds = 5\n'
                                             "pass_mark = 50\n"))
    second = load_site_config(_site(tmp_path, f'[exam]\nname = "{name}"\nrounds = 6\n'
                                              "pass_mark = 50\n"))
    ids = {ensure_site_exam(db, first), ensure_site_exam(db, second),
           ensure_site_exam(db, second)}
    names = [config.name for config in db.list_exam_configs()]
    assert len(ids) == 2 and len(names) == 2
    assert all(len(config) <= 80 for config in names)
    assert any(config.endswith("(6 rounds, pass 50%)") for config in names)


# --- whatever the check accepts, a start can use --------------------------------------


def _start(site: SiteConfig, db: TrainerDB) -> None:
    """What a start does with a site file it accepted (all but the window)."""
    assert site.report
    for first_start in (True, False):
        settings = apply_to_settings(TrainingSettings(), site, first_start=first_start)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "settings.json"
            assert save_settings(settings, path) is None
            assert load_settings(path) == (settings, None)  # the station keeps what it fixes
    saved = os.environ.pop(ENV_HOME, None)
    try:
        assert apply_data_folder(site) == site.data_folder
    finally:
        os.environ.pop(ENV_HOME, None)
        if saved is not None:
            os.environ[ENV_HOME] = saved
    if site.exam is not None:
        assert site.exam.figures and site.exam.time_limit_seconds != 0
        assert ensure_site_exam(db, site) is not None
    if site.instructor is not None:
        create_site_instructor(db, site)
        assert verify_instructor(db, site.instructor.name, "not the password") is False
    results_file(db, site)


_SCALARS = st.one_of(
    st.integers(), st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(), st.text(max_size=20), st.booleans(),
    st.sampled_from([Raw("1979-05-27T07:32:00Z"), Raw("07:32:00"),
                     Raw("1" + "0" * 4400), Raw("[" * 3000 + "]" * 3000)]),
)
JUNK = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=6)

_HASHES = st.builds(
    lambda n, r, p, salt, digest: f"scrypt${n}${r}${p}${salt}${digest}",
    st.sampled_from([2, 4, 2**10, 2**15, 2**16, 2**20, 1, 3]), st.sampled_from([1, 8, 0, 17]),
    st.sampled_from([1, 2, 0, 17]), st.sampled_from(["0011aabb", "00", ""]),
    st.sampled_from(["ab" * 32, "ab" * 31, "zz" * 32]),
)
_TEXT = st.text(alphabet=string.ascii_letters + " é{}~$/\\", max_size=40) | st.text(max_size=40)
GOOD: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "rules": {"ruleset": st.sampled_from(["ny-2018", "house", "massachusetts", "standard",
                                          "nowhere"]),
              "options": st.sampled_from([{}, {"trips_plus_table": "C"},
                                          {"pocket_bonus_table": "c"}, {"pocket_bonus": "A"}]),
              "allow_station_rules": st.booleans()},
    "exam": {"name": _TEXT, "rounds": st.integers(-2, MAX_EXAM_ROUNDS + 2),
             "pass_mark": st.floats(-1, 101) | st.integers(-1, 101),
             "time_limit_minutes": st.floats(0, 700) | st.integers(0, 700),
             "allow_station_exam": st.booleans()},
    "results": {"folder": _TEXT, "room_key": _TEXT},
    "data": {"folder": _TEXT},
    "instructor": {"name": _TEXT, "password_hash": _HASHES},
}


@st.composite
def site_files(draw: st.DrawFn) -> str:
    """A site file of known sections and keys, each value good-looking or junk."""
    lines = []
    for section, keys in GOOD.items():
        if not draw(st.booleans()):
            continue
        lines.append(f"[{section}]")
        for key, good in keys.items():
            if draw(st.integers(0, 3)) == 0:
                continue
            value = draw(JUNK if draw(st.integers(0, 5)) == 0 else good)
            lines.append(f"{key} = {toml(value)}")
    return "\n".join(lines) + "\n"


_PROBLEM = re.compile(r"^line (\d+), \[?(\w+)\]?(?:\.(\w+))?[/:]")
FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def fuzz_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, TrainerDB]]:
    folder = tmp_path_factory.mktemp("site-fuzz")
    database = open_database(folder / "t.sqlite3", backup_on_session=False)
    yield folder, database
    database.close()


@FUZZ
@given(text=site_files())
def test_any_site_file_is_used_whole_or_refused_by_line_and_key(
    fuzz_room: tuple[Path, TrainerDB], text: str
) -> None:
    folder, db = fuzz_room
    started = time.monotonic()
    site = load_site_config(_site(folder, text))
    event("accepted" if site.rejected is None else "refused")
    if site.rejected is None:
        _start(site, db)  # accepted by the check: a start can use all of it
    else:
        assert site.problems
        lines = text.splitlines()
        for problem in site.problems:
            if problem.startswith("not valid TOML"):
                continue
            found = _PROBLEM.match(problem)
            assert found, problem  # "line N, section.key: what is wrong"
            line = lines[int(found.group(1)) - 1]
            section, key = found.group(2), found.group(3)
            assert (key or section) in line or f"[{section}]" in line, (problem, line)
    assert time.monotonic() - started < EXAMPLE_SECONDS


@FUZZ
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_bytes_as_a_site_file_never_stop_a_start(
    fuzz_room: tuple[Path, TrainerDB], data: bytes
) -> None:
    folder, db = fuzz_room
    started = time.monotonic()
    site = load_site_config(_site(folder, data))
    if site.rejected is None:
        _start(site, db)
    else:
        assert site.problems and str(folder / "site.toml") in site.report
    assert time.monotonic() - started < EXAMPLE_SECONDS
