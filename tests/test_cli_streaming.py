"""hhe-trainer settle streams: each round is answered before the next is sent."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

from tests.conftest import REPO_ROOT

ROUND = {
    "rules": "ny-2018",
    "dealer": ["As", "Kd"],
    "board": ["2c", "7c", "9c", "Jd", "Qs"],
    "seats": [{"seat": 1, "hole": ["Ah", "Ad"], "ante": "10", "odds": "10", "raise": "30"}],
}


def read_line_within(stream, seconds: float) -> bytes:  # type: ignore[no-untyped-def]
    """One line of a streaming command's output (settle, chips), or a failure naming the
    wait: the command held its answer back until more input came."""
    box: list[bytes] = []
    reader = threading.Thread(target=lambda: box.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert box, f"no answer within {seconds} s: the command waited for more input"
    return box[0]


def test_settle_answers_each_round_before_more_input_arrives() -> None:
    """A caller that writes one round and waits for its line is never blocked."""
    process = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "settle"],
        cwd=REPO_ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for _ in range(3):
            process.stdin.write((json.dumps(ROUND) + "\n").encode())
            process.stdin.flush()
            answer = json.loads(read_line_within(process.stdout, 30))
            # Pair of aces beats ace high; the dealer does not qualify (docs/rules.md §3-4).
            assert answer["dealer"]["qualifies"] is False
            assert answer["seats"][0]["wagers"]["raise"] == {"outcome": "win", "amount": "30.00"}
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None and not stream.closed:
                stream.close()


def test_settle_in_process_and_with_workers_write_the_same_lines() -> None:
    rounds = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "generate", "--count", "600", "--seed", "11"],
        cwd=REPO_ROOT, capture_output=True, check=True,
    ).stdout
    outputs = [
        subprocess.run([sys.executable, "-m", "trainer.cli", "settle", "--jobs", jobs],
                       cwd=REPO_ROOT, input=rounds, capture_output=True, check=True).stdout
        for jobs in ("1", "2")
    ]
    assert outputs[0].count(b"\n") == 600
    assert outputs[0] == outputs[1]
