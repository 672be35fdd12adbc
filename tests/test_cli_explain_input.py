"""``hhe-trainer explain`` cannot be killed by its input (issue 10): a --json file that
is binary, a device, huge or absurd, and any --dealer/--board/--seat/table text, give a
one-line message naming what is wrong and exit 2, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO_ROOT
from trainer.cli import MAX_ROUND_BYTES, main, parse_seat_spec
from trainer.engine.round import RoundError

ROUND = {"rules": "ny-2018", "dealer": ["As", "Kd"], "board": ["2c", "7c", "9c", "Jd", "Qs"],
         "seats": [{"seat": 6, "hole": ["Ah", "Ad"], "ante": "10", "odds": "10",
                    "raise": "30"}]}  # fmt: skip


def explain(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", "explain", *args], cwd=REPO_ROOT, input=stdin,
        capture_output=True, timeout=60, check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"},
    )  # fmt: skip


def _one_clean_line(result: subprocess.CompletedProcess[bytes], *fragments: str) -> str:
    stderr = result.stderr.decode()
    assert result.returncode == 2 and result.stdout == b"", stderr
    assert stderr.startswith("hhe-trainer explain: ") and stderr.count("\n") == 1, stderr
    for fragment in fragments:
        assert fragment in stderr, (fragment, stderr)
    return stderr


def test_a_binary_json_file_is_refused_naming_the_file_and_the_byte(tmp_path: Path) -> None:
    """Measured before: a UnicodeDecodeError traceback."""
    path = tmp_path / "round.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    _one_clean_line(explain("--json", str(path)), str(path), "not UTF-8", "0x89")


@pytest.mark.parametrize(
    ("target", "fragment"),
    [("/dev/zero", "not a regular file"), ("folder", "a folder"), ("missing", "no such file"),
     ("huge", f"more than the {MAX_ROUND_BYTES:,} allowed")],
)  # fmt: skip
def test_a_json_path_that_is_not_a_small_file_is_refused(
    tmp_path: Path, target: str, fragment: str
) -> None:
    path = {"/dev/zero": Path("/dev/zero"), "folder": tmp_path, "missing": tmp_path / "no.json",
            "huge": tmp_path / "huge.json"}[target]  # fmt: skip
    if target == "huge":
        path.write_text(json.dumps(ROUND) + " " * MAX_ROUND_BYTES)
    _one_clean_line(explain("--json", str(path)), fragment)


@pytest.mark.parametrize(
    ("stdin", "fragments"),
    [
        (b"\xff" + json.dumps(ROUND).encode(), ("standard input", "not UTF-8")),
        (b" " * (MAX_ROUND_BYTES + 1), ("standard input", f"{MAX_ROUND_BYTES:,} bytes")),
        (b"[" * 30_000 + b"]" * 30_000, ("standard input", "nested too deeply")),
        (json.dumps({**ROUND, "progressive_pool": 10**40}).encode(),
         ("progressive_pool", "1,000,000,000.00")),
        (json.dumps(ROUND).replace('"ante": "10"', '"ante": "10", "ante": "20"').encode(),
         ("ante", "twice")),
    ],
    ids=["not-utf8", "over-limit", "nested", "huge-pool", "key-twice"],
)  # fmt: skip
def test_a_bad_round_on_standard_input_is_refused_in_one_line(
    stdin: bytes, fragments: tuple[str, ...]
) -> None:
    _one_clean_line(explain("--json", "-", stdin=stdin), *fragments)


def test_a_good_round_in_a_file_with_a_byte_order_mark_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(ROUND, indent=2).encode())
    result = explain("--json", str(path))
    assert result.returncode == 0, result.stderr
    # Aces beat ace-king high; the dealer does not qualify, so the ante and the odds
    # push and the $30 raise wins even money (docs/rules.md §3-4).
    assert "Seat 6: Ah Ad -> pair of aces" in result.stdout.decode()
    assert "Seat total: $30.00" in result.stdout.decode()


# --- --seat ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("\u0666: Ah Ad ante=10 raise=30", "expected 'N: CARD CARD"),  # Arabic-Indic six
        ("6.0: Ah Ad ante=10 raise=30", "expected 'N: CARD CARD"),
        ("100000000000000000000: Ah Ad ante=10", "expected 'N: CARD CARD"),
        ("6: Ah Ad ante=10 raise=30 ante=20", "ante given twice"),
        ("6: Ah Ad ante=10 raise=30 trips=5 trips_plus=5", "trips_plus given twice"),
        ("6: Ah Ad ante=10 fold fold", "folded given twice"),
        ("6: Ah", "two hole cards"),
        ("6: Ah Ad ante", "'ante' is not 'name=amount'"),
    ],
)
def test_a_malformed_seat_is_refused_not_guessed(spec: str, fragment: str) -> None:
    with pytest.raises(RoundError, match="--seat") as error:
        parse_seat_spec(spec)
    assert fragment in str(error.value)


def test_a_ten_megabyte_seat_is_quoted_by_its_first_characters() -> None:
    with pytest.raises(RoundError) as error:
        parse_seat_spec("x" * 10_000_000)
    assert len(str(error.value)) < 200 and "…" in str(error.value)


# --- fuzzing every argument ---------------------------------------------------------------------

words = st.one_of(
    st.sampled_from(["As", "Kd", "Ah", "Ad", "2c", "7c", "9c", "Jd", "Qs", "10h", "Tc", "fold",
                     "ante=10", "raise=30", "odds=10", "trips=5", "pocket=5", "progressive=1",
                     "six_card=5", "ante=1e300", "ante=\u0661\u0660", "raise=-5", "ante=99999"
                     "9999999999999999999999999"]),
    st.text(max_size=8),
)  # fmt: skip
phrases = st.lists(words, max_size=8).map(" ".join)
seat_specs = st.tuples(st.one_of(st.integers(0, 8).map(str), st.text(max_size=3)), phrases).map(
    lambda parts: f"{parts[0]}: {parts[1]}"
)
optional = st.one_of(st.none(), phrases)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(["ny-2018", "house", "standard", "vegas", "/dev/zero", "/", "x.toml",
                           "/nonexistent/room.toml"]),
    dealer=phrases,
    board=phrases,
    seats=st.lists(seat_specs, min_size=1, max_size=3),
    tables=st.tuples(optional, optional, optional, optional),
    six_cards=optional,
    jackpot=optional,
    pool=optional,
)  # fmt: skip
def test_any_explain_arguments_give_an_explanation_or_one_clean_message(
    rules: str, dealer: str, board: str, seats: list[str],
    tables: tuple[str | None, ...], six_cards: str | None, jackpot: str | None, pool: str | None,
) -> None:  # fmt: skip
    argv = ["explain", f"--rules={rules}", f"--dealer={dealer}", f"--board={board}"]
    argv += [f"--seat={spec}" for spec in seats]
    names = ("--trips-plus-table", "--pocket-bonus-table", "--bad-beat-table",
             "--progressive-table")  # fmt: skip
    argv += [f"{name}={value}" for name, value in zip(names, tables, strict=True) if value]
    for name, value in (("--six-card-bonus-cards", six_cards),
                        ("--six-card-bonus-jackpot", jackpot), ("--progressive-pool", pool)):
        if value is not None:
            argv.append(f"{name}={value}")  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    if code == 0:
        assert out.getvalue().startswith("Rule set: ") and err.getvalue() == ""
    else:
        assert code == 2 and out.getvalue() == ""
        message = err.getvalue()
        assert message.startswith("hhe-trainer explain: ") and message.count("\n") == 1, message
        assert len(message) < 600, message
