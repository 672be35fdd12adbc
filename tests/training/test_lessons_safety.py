"""Whatever a lesson file holds, the course still loads: the bad file is reported
(file, line where known, what is wrong) and skipped, every other lesson loads
(issue 10)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_lessons_invalid import GOOD  # the hand-worked valid lesson

from tests.toml_support import Raw, toml
from trainer.training.lessons import (
    LESSON_FILE_LIMIT,
    MAX_ORDER,
    MAX_TARGET_SECONDS,
    LessonLoad,
    LessonProblem,
    load_lessons,
)

EXAMPLE_SECONDS = 5
"""No single fuzz example may take this long (a guard against unbounded reads, not a
speed figure: an example takes milliseconds)."""
OTHER = GOOD.format(id="other")


def _folder(tmp_path: Path, text: str | bytes) -> Path:
    """A lessons folder: the lesson under test (``a.toml``) and a good one (``b.toml``)."""
    (tmp_path / "b.toml").write_text(OTHER, "utf-8")
    path = tmp_path / "a.toml"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def _skipped(load: LessonLoad, path: Path) -> list[LessonProblem]:
    """The problems of ``path``; asserts it was skipped and the other lesson loaded."""
    assert [lesson.id for lesson in load.lessons] == ["other"], load.problems
    problems = [problem for problem in load.problems if problem.file == path]
    assert problems and len(problems) == len(load.problems)
    return problems


def _line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


# --- the measured cases ------------------------------------------------------------------


@pytest.mark.parametrize("ante", ['"1' + "0" * 40 + '"', "1" + "0" * 40])
def test_a_41_digit_ante_is_reported_by_field_and_line(tmp_path: Path, ante: str) -> None:
    text = GOOD.format(id="big").replace('ante = "5"', f"ante = {ante}", 1)
    path = _folder(tmp_path, text)
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert problem.line == _line_of(text, f"ante = {ante}")
    assert "seat 6.ante" in problem.message


def test_a_41_digit_expected_amount_is_reported_by_field(tmp_path: Path) -> None:
    text = GOOD.format(id="big").replace('total = "30"', 'total = "1' + "0" * 40 + '"')
    path = _folder(tmp_path, text)
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert problem.line == _line_of(text, "total = ")
    assert problem.message.startswith("examples[1].expect.seats[1].total: ")


def test_a_5000_digit_integer_is_reported_naming_the_file(tmp_path: Path) -> None:
    path = _folder(tmp_path, GOOD.format(id="big").replace("order = 50", "order = 1" + "0" * 5000))
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert "number too long" in problem.message and str(path) in str(problem)


def test_arrays_nested_5000_deep_are_reported_naming_the_file(tmp_path: Path) -> None:
    deep = "[" * 5000 + "]" * 5000
    path = _folder(tmp_path, GOOD.format(id="deep").replace("order = 50", f"order = {deep}"))
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert "nested too deeply" in problem.message


def test_a_round_written_as_deeply_nested_json_is_reported_by_field(tmp_path: Path) -> None:
    good = GOOD.format(id="deep")
    example = "[[examples]]\nnote = \"n\"\nround = '" + "[" * 5000 + "]" * 5000 + "'\n\n"
    text = good[: good.index("[[examples]]")] + example + good[good.index("[[drills]]"):]
    path = _folder(tmp_path, text)
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert problem.message.startswith("examples[1].round: not valid JSON (nested too deeply")
    assert problem.line == _line_of(text, "round = ")


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
        (lambda p: p.mkdir(), "a folder"),
        (lambda p: p.write_bytes(b"id = '\xff'\n"), "not UTF-8"),
        (lambda p: p.write_bytes(b"#" * (LESSON_FILE_LIMIT + 1)), "allowed"),
    ],
)
def test_a_toml_path_that_is_not_a_small_text_file_is_reported_and_skipped(
    tmp_path: Path, make: object, reason: str
) -> None:
    (tmp_path / "b.toml").write_text(OTHER, "utf-8")
    path = tmp_path / "a.toml"
    make(path)  # type: ignore[operator]
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert reason in problem.message and problem.line is None


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("target_seconds = inf", "target_seconds"), ("target_seconds = nan", "target_seconds"),
        ("target_seconds = 0", "target_seconds"),
        (f"target_seconds = {MAX_TARGET_SECONDS + 1}", "target_seconds"),
        ("order = -1", "order"), (f"order = {MAX_ORDER + 1}", "order"),
        ("order = 9223372036854775807", "order"), ("order = 5.0", "order"),
    ],
)
def test_numbers_out_of_range_are_refused_by_key_and_line(tmp_path: Path, line: str,
                                                          key: str) -> None:
    good = GOOD.format(id="bad")
    text = re.sub(rf"(?m)^{key} = .*$", line, good)
    path = _folder(tmp_path, text)
    (problem,) = _skipped(load_lessons([tmp_path]), path)
    assert problem.message.startswith(f"{key}: ") and problem.line == _line_of(text, line)


def test_the_range_edges_load(tmp_path: Path) -> None:
    text = (GOOD.format(id="edge").replace("order = 50", f"order = {MAX_ORDER}")
            .replace("target_seconds = 6", f"target_seconds = {MAX_TARGET_SECONDS}"))
    (tmp_path / "a.toml").write_text(text, "utf-8")
    load = load_lessons([tmp_path])
    assert load.problems == [] and load.by_id("edge").order == MAX_ORDER


def test_a_lesson_file_starting_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_bytes(b"\xef\xbb\xbf" + GOOD.format(id="bom").encode())
    load = load_lessons([tmp_path])
    assert load.problems == [] and load.by_id("bom").title == "A good lesson"


def test_a_lessons_folder_that_cannot_be_listed_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(folder: Path) -> list[Path]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("trainer.training.lessons.load._lesson_files", refuse)
    (problem,) = load_lessons([tmp_path]).problems
    assert problem.file == tmp_path and "Permission denied" in problem.message


# --- any content -------------------------------------------------------------------------


_SCALARS = st.one_of(
    st.integers(), st.integers(-3, 60), st.floats(), st.text(max_size=12), st.booleans(),
    st.sampled_from(["5", "7.50", "-5", "1" + "0" * 40, "0.001", "pocket-aces", "random",
                     "ny-2018", "/dev/zero", "win", "one pair", "8h", "As", "Xx"]),
    st.sampled_from([Raw("1979-05-27T07:32:00Z"), Raw("1" + "0" * 4400),
                     Raw("[" * 3000 + "]" * 3000), Raw('"""\nmulti\nline"""')]),
)
VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["seat", "hole", "ante", "x", "scenario"]) | st.text(max_size=6),
        inner, max_size=3),
    max_leaves=8,
)
_VALUE_LINE = re.compile(r"^([A-Za-z_]+ = )(.+)$")
FIELDS = [number for number, line in enumerate(GOOD.splitlines())
          if _VALUE_LINE.match(line) and not line.endswith('"""')]
"""The lines of the good lesson that give one field its value (``ante = "5"``)."""
_FIELD = re.compile(r"^(lesson|id|title|order|skills|target_seconds|explanation|rules"
                    r"|examples|drills|rulings)\b|^not valid TOML")
"""How a problem starts: the field it is about (``examples[1].round.seats[1].ante: ...``)."""
FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _check(tmp_path: Path, path: Path) -> LessonLoad:
    started = time.monotonic()
    load = load_lessons([tmp_path])
    assert time.monotonic() - started < EXAMPLE_SECONDS
    assert "other" in [lesson.id for lesson in load.lessons]  # the rest of the course loads
    for problem in load.problems:
        assert problem.file == path, problem
        assert "the trainer's fault" not in problem.message, problem
    return load


@FUZZ
@given(changes=st.dictionaries(st.sampled_from(FIELDS), VALUES, min_size=1, max_size=3))
def test_any_value_in_any_field_loads_the_lesson_or_names_what_is_wrong(
    tmp_path: Path, changes: dict[int, object]
) -> None:
    lines = GOOD.format(id="fuzzed").splitlines()
    for number, value in changes.items():
        found = _VALUE_LINE.match(lines[number])
        assert found
        lines[number] = found.group(1) + toml(value)
    text = "\n".join(lines) + "\n"
    path = _folder(tmp_path, text)
    load = _check(tmp_path, path)
    if not load.problems:
        event("loaded")
        assert {lesson.id for lesson in load.lessons} >= {"other"}
        return
    event("skipped")
    assert "fuzzed" not in [lesson.id for lesson in load.lessons]
    for problem in load.problems:
        if problem.line is None:  # a whole-file problem: what tomllib cannot read
            assert problem.message.startswith("not valid TOML"), problem
        else:
            assert re.match(_FIELD, problem.message), problem


@FUZZ
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_bytes_as_a_lesson_file_never_lose_the_rest_of_the_course(
    tmp_path: Path, data: bytes
) -> None:
    path = _folder(tmp_path, data)
    load = _check(tmp_path, path)
    assert load.problems  # nothing random is a whole lesson
