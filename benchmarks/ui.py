"""Trainer window speed and memory: cold start, "next hand", growth over 500 rounds,
and chip mode: "next hand" with the rack shown, a key press to the chip drawn.

    .venv/bin/python benchmarks/ui.py [--starts 5] [--hands 200] [--rounds 500]
                                      [--presses 600] [--chips-only]

Targets (issue 3): cold start to an interactive window under 1.5 s, "next
hand" to ready-for-input under 50 ms, resident memory growth under 20 MB over
500 rounds. Chip mode (issue 22): "next hand" with the rack shown under 50 ms,
a chip key pressed to the chip drawn on the table under 16 ms (one frame at
60 Hz), median; each press is a key event sent to the answer field, timed until
the table's viewport has painted (Qt's own update of what changed: the events
are processed until a paint event of the viewport has been delivered), and
again with the whole table repainted at once (``repaint``, the worst case).
Uses a real display when DISPLAY is set (e.g. under xvfb-run),
otherwise Qt's offscreen platform. Each round in the memory run is answered
in full through the window, as a trainee would.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import time
start = time.perf_counter()
from PySide6.QtWidgets import QApplication
from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
app = QApplication([])
window = MainWindow(TrainingSettings(seed=1, sound=False))
window.show()
window.next_hand()
app.processEvents()
window.panel.field.hasFocus() or window.panel.field.setFocus()
app.processEvents()
print("ready", time.perf_counter() - start, flush=True)
"""


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def bench_cold_start(starts: int) -> None:
    times = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as home:
        env["HHE_TRAINER_HOME"] = home
        for _ in range(starts):
            begin = time.perf_counter()
            process = subprocess.Popen([sys.executable, "-c", CHILD], env=env,
                                       stdout=subprocess.PIPE, text=True)
            assert process.stdout is not None
            line = process.stdout.readline()
            times.append(time.perf_counter() - begin)
            process.kill()
            process.communicate()
            if not line.startswith("ready"):
                raise SystemExit("the window did not start")
    print(f"cold start to interactive window: median {statistics.median(times):.2f} s"
          f" (min {min(times):.2f}, max {max(times):.2f}, {starts} starts; target < 1.5 s)",
          flush=True)


def _answer_everything(window: object) -> None:
    from tests.ui.test_practice_loop import typed_form

    state = window.state  # type: ignore[attr-defined]
    while state.current is not None:
        window.submit_answer(typed_form(state.current.kind, state.current.expected))  # type: ignore[attr-defined]


def _idle(app: object) -> None:
    """What the event loop does between two hands: pending events, then the
    deferred deletions (``deleteLater``) that ``processEvents`` alone leaves
    for the loop; without them every answer button ever shown would stay."""
    from PySide6.QtCore import QEvent

    app.processEvents()  # type: ignore[attr-defined]
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # type: ignore[attr-defined]


def bench_in_process(hands: int, rounds: int) -> None:
    if not os.environ.get("DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["HHE_TRAINER_HOME"] = tempfile.mkdtemp()
    from PySide6.QtWidgets import QApplication

    from trainer.training.session import TrainingSettings
    from trainer.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(TrainingSettings(seed=2, sound=False, seats=6))
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    durations = []
    for _ in range(hands):
        begin = time.perf_counter()
        window.next_hand()
        window.table.viewport().repaint()  # the new hand is painted, not just queued
        _idle(app)
        durations.append((time.perf_counter() - begin) * 1000)
    durations.sort()
    print(f"next hand to ready-for-input (six seats, 1920x1080): median"
          f" {statistics.median(durations):.1f} ms, p95 {durations[int(len(durations) * .95)]:.1f}"
          f" ms ({hands} hands; target < 50 ms)", flush=True)

    after = []
    for _ in range(max(20, hands // 4)):  # a round answered in full: its settlement is shown
        _answer_everything(window)
        _idle(app)
        begin = time.perf_counter()
        window.next_hand()
        window.table.viewport().repaint()
        _idle(app)
        after.append((time.perf_counter() - begin) * 1000)
    after.sort()
    print(f"next hand after a fully answered round (settlement on the table): median"
          f" {statistics.median(after):.1f} ms, p95 {after[int(len(after) * .95)]:.1f} ms"
          f" ({len(after)} hands; target < 50 ms)", flush=True)

    for _ in range(50):  # warm up caches before measuring growth
        window.next_hand()
        _answer_everything(window)
        _idle(app)
    baseline = rss_mb()
    for _ in range(rounds):
        window.next_hand()
        window.table.viewport().repaint()
        _answer_everything(window)
        _idle(app)
    growth = rss_mb() - baseline
    print(f"resident memory growth over {rounds} answered rounds: {growth:+.1f} MB"
          f" (from {baseline:.0f} MB; target < 20 MB)", flush=True)
    window.close()


def bench_chip_mode(hands: int, presses: int) -> None:
    """Chip mode at 1920x1080, six seats: next hand with the rack shown, and a chip key
    pressed in the answer field to the chip drawn beside the wager."""
    if not os.environ.get("DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("HHE_TRAINER_HOME", tempfile.mkdtemp())
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tests.ui.test_practice_loop import typed_form
    from trainer.training.session import TrainingSettings
    from trainer.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(TrainingSettings(seed=3, sound=False, seats=6, chip_mode=True))
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    assert window.chip_rack.isVisible()
    durations = []
    for _ in range(hands):
        begin = time.perf_counter()
        window.next_hand()
        window.table.viewport().repaint()  # as the typed figure: the rack is not changed
        _idle(app)
        durations.append((time.perf_counter() - begin) * 1000)
    durations.sort()
    print(f"chip mode: next hand with the rack shown (six seats, 1920x1080): median"
          f" {statistics.median(durations):.1f} ms, p95"
          f" {durations[int(len(durations) * .95)]:.1f} ms ({hands} hands; target < 50 ms)",
          flush=True)

    field, viewport = window.panel.field, window.table.viewport()
    keys = "13425"  # $1, $5, $2.50, $25, $100: each press one chip (a run of one)
    paints = _paint_counter()
    viewport.installEventFilter(paints)
    pressed: list[float] = []
    whole: list[float] = []
    while len(pressed) < presses:
        window.next_hand()
        _idle(app)
        state = window.state
        while state is not None and state.current is not None and window.rounds.builder is None:
            window.submit_answer(typed_form(state.current.kind, state.current.expected))
        if window.rounds.builder is None:
            continue  # a round with no payout to build
        for press in range(min(40, presses - len(pressed))):  # two chips a round
            before, painted = len(window.rounds.builder.chips), paints.count
            begin = time.perf_counter()
            QTest.keyClick(field, keys[press % len(keys)])
            while paints.count == painted and time.perf_counter() - begin < 1:
                app.processEvents()  # until the viewport has painted the change
            pressed.append((time.perf_counter() - begin) * 1000)
            assert len(window.rounds.builder.chips) == before + 1, "a press added no chip"
            QTest.keyClick(field, Qt.Key.Key_Space)  # the next press is a chip, not a count
            _idle(app)
            begin = time.perf_counter()
            QTest.keyClick(field, keys[press % len(keys)])
            viewport.repaint()  # the whole table painted at once
            whole.append((time.perf_counter() - begin) * 1000)
            QTest.keyClick(field, Qt.Key.Key_Space)
            _idle(app)
        QTest.keyClick(field, Qt.Key.Key_Escape)
        _idle(app)
    pressed.sort()
    whole.sort()
    print(f"chip mode: chip key pressed to the chip drawn on the table: median"
          f" {statistics.median(pressed):.2f} ms, p95 {pressed[int(len(pressed) * .95)]:.2f}"
          f" ms, max {pressed[-1]:.2f} ms ({len(pressed)} presses, stacks of up to 80 chips;"
          " target < 16 ms median)", flush=True)
    print(f"chip mode: the same with the whole table repainted: median"
          f" {statistics.median(whole):.2f} ms, p95 {whole[int(len(whole) * .95)]:.2f} ms",
          flush=True)
    viewport.removeEventFilter(paints)
    window.close()


def _paint_counter_type() -> type:
    from PySide6.QtCore import QEvent, QObject

    class PaintCounter(QObject):
        """Counts the paint events a widget is sent."""

        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    return PaintCounter


def _paint_counter() -> Any:
    """A :class:`PaintCounter` (its class is made once Qt is imported)."""
    return _paint_counter_type()()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--presses", type=int, default=600)
    parser.add_argument("--chips-only", action="store_true",
                        help="only the chip-mode figures")
    args = parser.parse_args()
    if not args.chips_only:
        bench_cold_start(args.starts)
        bench_in_process(args.hands, args.rounds)
    bench_chip_mode(args.hands, args.presses)


if __name__ == "__main__":
    main()
