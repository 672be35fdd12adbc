"""``hhe-trainer chips`` holds to docs/chips-contract.md: one JSON line in, one out, in
order, streaming; a refused line gets ``{"error": ...}`` naming the field; exit 0 or 2.
Expected answers worked by hand from docs/rules.md §10."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from tests.conftest import REPO_ROOT
from tests.test_cli_streaming import read_line_within
from trainer.chips_cli import chips_stream
from trainer.cli import MAX_ROUND_BYTES

CONTRACT_LINE = {"bet": ["5", "5"], "pays": "3:2", "procedure": "colour-for-colour",
                 "rack": ["1", "2.50", "5", "25", "100", "500", "1000"],
                 "paid": ["5", "5", "5"]}


def answers(*lines: object, raw: bytes = b"") -> tuple[list[dict[str, Any]], int]:
    """The answer lines and the refused count for these input lines, in-process."""
    data = raw + b"".join(
        (line if isinstance(line, bytes) else json.dumps(line).encode()) + b"\n"
        for line in lines
    )
    out = io.StringIO()
    refused = chips_stream(io.BytesIO(data), out)
    return [json.loads(text) for text in out.getvalue().splitlines()], refused


def one(line: object) -> dict[str, Any]:
    [answer], _ = answers(line)
    return answer


def test_contract_example_answers_exactly() -> None:
    assert one(CONTRACT_LINE) == {
        "amount": "15.00", "expected": ["5.00", "5.00", "5.00"], "grade": "right",
        "reason": "three red $5 for two red $5 at 3 to 2: colour for colour"}


def test_without_paid_there_is_no_grade() -> None:
    # 10 to 1 on two red, converted: one black.
    assert one({"bet": [5, 5], "pays": "10:1", "procedure": "convert"}) == {
        "amount": "100.00", "expected": ["100.00"],
        "reason": "one black $100 for two red $5 at 10 to 1: converted to the fewest chips"}


def test_large_odds_each_procedure() -> None:
    # 10 to 1 on two red ($100): twenty red colour for colour; one black converted; one
    # black shown for black-and-up, which also takes twenty red.
    base = {"bet": ["5", "5"], "pays": "10:1"}
    assert one({**base, "procedure": "colour-for-colour"})["expected"] == ["5.00"] * 20
    assert one({**base, "procedure": "convert"})["expected"] == ["100.00"]
    up = {**base, "procedure": "colour-for-colour-black-and-up"}
    assert one(up)["expected"] == ["100.00"]
    assert one({**up, "paid": ["5"] * 20})["grade"] == "right"
    assert one({**up, "paid": ["25"] * 4})["grade"] == "wrong_chips"


def test_fixed_award_and_capped_seat_converted() -> None:
    # A 6-Card Bonus award of $1,000 on a $5 wager: one orange, even colour for colour.
    award = one({"bet": ["5"], "amount": "1000", "procedure": "colour-for-colour"})
    assert award["amount"] == "1000.00" and award["expected"] == ["1000.00"]
    # A seat capped at $3,000, paid in 120 green: right amount, wrong chips.
    capped = one({"bet": [25, 25], "amount": 3000, "procedure": "convert",
                  "paid": [25] * 120})
    assert capped["grade"] == "wrong_chips"
    assert capped["expected"] == ["1000.00"] * 3


def test_custom_rack_and_wrong_amount() -> None:
    # $1 blue / $20 yellow room without pink: 3 to 2 on one red is $7.50 -> $7.
    line = {"bet": ["5"], "pays": "3:2", "procedure": "colour-for-colour",
            "rack": ["1", "5", "20", "25", "100"], "paid": ["5", "1", "1"]}
    answer = one(line)
    assert answer["amount"] == "7.00"
    assert answer["expected"] == ["5.00", "1.00", "1.00"]
    assert answer["grade"] == "right"
    assert "$0.50 of the $7.50" in answer["reason"]
    # Two yellow for $40 (1 to 1 on two yellow) are the fewest chips in that rack.
    assert one({"bet": ["20", "20"], "pays": "1:1", "procedure": "convert",
                "rack": [1, 5, 20, 25, 100]})["expected"] == ["20.00", "20.00"]
    wrong = one({**CONTRACT_LINE, "paid": ["5", "5"]})
    assert wrong["grade"] == "wrong_amount"
    assert wrong["reason"] == "two red $5 is $10.00, but two red $5 at 3 to 2 pays $15.00"
    # An empty stack is a stack of $0.
    assert one({**CONTRACT_LINE, "paid": []})["grade"] == "wrong_amount"


GOOD = {"bet": ["5"], "pays": "1:1", "procedure": "convert"}


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ({"pays": "1:1", "procedure": "convert"}, "bet: missing"),
        ({**GOOD, "bet": "5"}, "bet: '5' is not a list"),
        ({**GOOD, "bet": []}, "bet: no chips"),
        ({**GOOD, "bet": ["5.555"]}, "bet[0]: '5.555' has more than two decimals"),
        ({**GOOD, "bet": ["5", "-5"]}, "bet[1]: '-5' is negative"),
        ({**GOOD, "bet": [True]}, "bet[0]: True is not an amount"),
        ({**GOOD, "bet": ["$5"]}, "bet[0]: '$5' is not an amount"),
        ({**GOOD, "bet": ["0"]}, "bet[0]: '0' is not a chip"),
        ({**GOOD, "bet": ["20"]}, "bet: $20 is not a chip of the rack"),
        ({**GOOD, "pays": "3 to 2"}, "pays: '3 to 2' is not odds"),
        ({**GOOD, "pays": 3}, "pays: 3 is not odds"),
        ({**GOOD, "pays": "0:1"}, "pays: '0:1': both sides of the odds must be above 0"),
        ({**GOOD, "pays": "2000000:1"}, "pays: '2000000:1': odds are at most"),
        ({**GOOD, "amount": "10"}, "pays, amount: give one of the two"),
        ({"bet": ["5"], "procedure": "convert"}, "pays: missing"),
        ({"bet": ["5"], "amount": "0", "procedure": "convert"}, "amount: '0' is no payout"),
        ({"bet": ["5"], "amount": "ten", "procedure": "convert"}, "amount: 'ten' is not"),
        ({"bet": ["5"], "pays": "1:1"}, "procedure: missing"),
        ({**GOOD, "procedure": "colour"}, "procedure: 'colour' is not one of"),
        ({**GOOD, "procedure": ["convert"]}, "procedure: ['convert'] is not one of"),
        ({**GOOD, "rack": []}, "rack: no chips"),
        ({**GOOD, "rack": ["5", "5.00"]}, "rack: $5 is given twice"),
        ({**GOOD, "rack": {"5": "red"}}, "rack: {'5': 'red'} is not a list"),
        ({**GOOD, "rack": [str(n) for n in range(1, 14)]}, "rack: 13 chip values"),
        ({**GOOD, "paid": "5"}, "paid: '5' is not a list"),
        # A pink in a room without pink.
        ({**GOOD, "paid": ["2.50", "2.50"], "rack": ["1", "5"]},
         "paid: $2.50 is not a chip of the rack ($5, $1)"),
        ({**GOOD, "colour": "red"}, "colour: not a field of a chips line"),
        (["5"], "a chips line is a JSON object"),
        ({"bet": ["1"], "pays": "1000000:1", "procedure": "colour-for-colour"},
         "pays: the payout $1,000,000.00 takes more than 10,000 chips"),
        ({"bet": ["9.97"], "amount": "1234.56", "procedure": "convert",
          "rack": ["9.97", "9.89", "9.83", "9.79", "9.73", "9.71", "9.67", "9.61"]},
         "rack: its chip values are too irregular"),
        ({"bet": ["1000"] * 6_000, "pays": "1000000:1", "procedure": "convert"},
         "pays: the payout $6,000,000,000,000.00 is more than 10,000"),
    ],
)
def test_every_refused_field_is_named(line: object, names: str) -> None:
    answer, refused = answers(line)
    assert refused == 1
    assert answer == [{"error": answer[0]["error"]}]
    assert answer[0]["error"].startswith(names), answer[0]["error"]


def test_bad_lines_in_the_stream_keep_order_and_are_numbered() -> None:
    too_long = b'{"bet": [' + b'"5",' * (MAX_ROUND_BYTES // 4) + b'"5"]}'
    out, refused = answers(
        GOOD,
        b"",  # blank: skipped, no answer
        b"{not json",
        b"\xff\xfe",
        too_long,
        {**GOOD, "bet": ["25"]},
        {**GOOD, "bet": "x"},
    )
    assert refused == 4
    assert [list(answer) for answer in out] == [
        ["amount", "expected", "reason"], ["error"], ["error"], ["error"],
        ["amount", "expected", "reason"], ["error"]]
    assert out[0]["expected"] == ["5.00"]
    assert out[1]["error"].startswith("line 3: not valid JSON")
    assert out[2]["error"] == "line 4: not UTF-8 text (byte 0xff at column 1)"
    assert out[3]["error"].startswith("line 5: ")
    assert out[4]["expected"] == ["25.00"]
    assert out[5]["error"].startswith("bet: ")


def _run(stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "trainer.cli", "chips"], cwd=REPO_ROOT,
                          input=stdin, capture_output=True, timeout=60, check=False)


def test_exit_status_zero_when_every_line_answered_two_when_one_refused() -> None:
    good = (json.dumps(CONTRACT_LINE) + "\n").encode()
    done = _run(good * 2)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["grade"] for line in done.stdout.splitlines()] == ["right"] * 2
    assert done.stderr == b""
    mixed = _run(good + b'{"bet": ["5"], "pays": "1:1", "procedure": "x"}\n' + good)
    assert mixed.returncode == 2
    lines = [json.loads(line) for line in mixed.stdout.splitlines()]
    assert [("error" in line) for line in lines] == [False, True, False]
    assert b"1 line(s) refused" in mixed.stderr


def test_chips_answers_each_line_before_more_input_arrives() -> None:
    process = subprocess.Popen([sys.executable, "-m", "trainer.cli", "chips"], cwd=REPO_ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    try:
        for _ in range(3):
            process.stdin.write((json.dumps(CONTRACT_LINE) + "\n").encode())
            process.stdin.flush()
            assert json.loads(read_line_within(process.stdout, 30))["grade"] == "right"
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None and not stream.closed:
                stream.close()


def test_the_users_page_example_is_what_the_command_answers() -> None:
    page = (REPO_ROOT / "docs" / "chips-contract.md").read_text(encoding="utf-8")
    blocks = page.split("```json\n")[1:]
    line = json.loads(blocks[0].split("```")[0])
    answer = json.loads(blocks[1].split("```")[0])
    assert line == CONTRACT_LINE
    assert one(line) == answer
