"""Engine speed: 7-card evaluations per second (beside treys, if installed) and
``hhe-trainer settle`` throughput on generated six-seat rounds.

    .venv/bin/python benchmarks/engine.py [--hands 300000] [--rounds 100000]

Targets (issue 2): at least 2x treys on 7-card hands in pure Python, and
100,000 generated six-seat rounds through ``hhe-trainer settle`` in under 20 s
on a 2-core machine. Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.engine.cards import DECK  # noqa: E402
from trainer.engine.evaluator import evaluate, hand_value  # noqa: E402


def _best_rate(run: object, count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return count / best


def bench_evaluator(hands: int, repeat: int) -> None:
    rng = random.Random(2026)
    codes = [rng.sample(range(52), 7) for _ in range(hands)]
    for hand in codes[:50_000]:
        hand_value(hand)  # fill the look-up tables first, as a running app would have

    def run_values() -> None:
        for hand in codes:
            hand_value(hand)

    rate = _best_rate(run_values, hands, repeat)
    print(f"7-card hand_value:      {rate:>12,.0f} hands/s")
    cards = [[DECK[code] for code in hand] for hand in codes[: hands // 5]]

    def run_full() -> None:
        for hand in cards:
            evaluate(hand)

    full_rate = _best_rate(run_full, len(cards), repeat)
    print(f"7-card evaluate (+cards): {full_rate:>10,.0f} hands/s")
    try:
        from treys import Card as TreysCard
        from treys import Evaluator as TreysEvaluator
    except ImportError:
        print("treys: not installed (pip install treys) - no comparison")
        return
    evaluator = TreysEvaluator()
    treys_hands = [[TreysCard.new(str(DECK[code])) for code in hand] for hand in codes]

    def run_treys() -> None:
        for hand in treys_hands:
            evaluator.evaluate(hand[:2], hand[2:])

    treys_rate = _best_rate(run_treys, hands, repeat)
    print(f"treys 7-card evaluate:  {treys_rate:>12,.0f} hands/s")
    print(
        f"ratio hand_value/treys: {rate / treys_rate:>12.2f}x  (target >= 2x; same output: a rank)"
    )
    print(
        f"ratio evaluate/treys:   {full_rate / treys_rate:>12.2f}x"
        "  (evaluate also picks the five cards)"
    )


def bench_settle(rounds: int, repeat: int) -> None:
    command = [sys.executable, "-m", "trainer.cli"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as folder:
        rounds_file = Path(folder) / "rounds.jsonl"
        with rounds_file.open("w") as out:
            subprocess.run(
                [*command, "generate", "--count", str(rounds), "--seed", "1", "--seats", "6"],
                stdout=out,
                check=True,
                env=env,
            )
        best = float("inf")
        for _ in range(repeat):
            with rounds_file.open() as source:
                start = time.perf_counter()
                result = subprocess.run(
                    [*command, "settle"], stdin=source, stdout=subprocess.PIPE, env=env, check=False
                )
                best = min(best, time.perf_counter() - start)
            lines = result.stdout.count(b"\n")
            if result.returncode != 0 or lines != rounds:
                raise SystemExit(f"settle failed: exit {result.returncode}, {lines} lines")
    print(
        f"settle {rounds:,} six-seat rounds: {best:8.2f} s  ({rounds / best:,.0f} rounds/s,"
        f" {os.cpu_count()} cores; target < 20 s for 100,000)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    bench_evaluator(args.hands, args.repeat)
    bench_settle(args.rounds, max(1, args.repeat - 1))


if __name__ == "__main__":
    main()
