"""Size and start-up time of the installed bundle: ``python benchmarks/bundle.py``.

Build it first (``make package``). Prints

- the bundle's installed size (target: under 150 MB) and the .deb's size;
- the median wall time, over ``--runs`` starts, of the bundled executable
  from process start to exit for: ``--version`` (the bootloader and Python
  alone), the first screen (the welcome dialog shown, then closed at once by
  ``HHE_TRAINER_STARTUP_PROBE=1``; target: under 2 s), and ``--self-check``.

Each start gets a fresh empty data folder, Qt's offscreen platform, and no
site file. ``--drop-caches`` (root on Linux) empties the page cache before
every start, so each is a true cold start from disk; without it the first
start is cold and the rest warm, and both are printed.
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

REPO = Path(__file__).resolve().parent.parent
BUNDLE = REPO / "dist" / "hhe-trainer"
SIZE_TARGET_MB = 150
START_TARGET_S = 2.0


def folder_size(folder: Path) -> int:
    """Bytes of the regular files under ``folder`` (what an installation occupies)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def drop_caches() -> bool:
    """Empty Linux's page cache (root only); whether it worked."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def time_start(executable: Path, args: list[str], env: dict[str, str], cold: bool) -> float:
    """Seconds from process start to exit of one run (with a fresh data folder)."""
    with tempfile.TemporaryDirectory(prefix="hhe-bench-") as home:
        run_env = dict(env, HHE_TRAINER_HOME=home, HHE_TRAINER_SITE=str(Path(home) / "none"))
        if cold:
            drop_caches()
        started = time.perf_counter()
        try:
            result = subprocess.run(
                [str(executable), *args],
                env=run_env,
                capture_output=True,
                text=True,
                check=False,
                timeout=120,
            )
        except subprocess.TimeoutExpired:
            raise SystemExit(
                f"bundle.py: {executable.name} {' '.join(args)} did not end in 120 s"
                " (a bundle older than HHE_TRAINER_STARTUP_PROBE? rebuild it)"
            ) from None
        elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(
            f"bundle.py: {executable.name} {' '.join(args)} exited {result.returncode}:"
            f" {result.stderr.strip() or result.stdout.strip()}"
        )
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--drop-caches", action="store_true", help="cold page cache every run")
    args = parser.parse_args(argv)
    executable = args.bundle / ("hhe-trainer.exe" if sys.platform == "win32" else "hhe-trainer")
    if not executable.exists():
        print(f"bundle.py: no bundle at {args.bundle}; run `make package` first", file=sys.stderr)
        return 1
    if args.drop_caches and not drop_caches():
        print("bundle.py: --drop-caches needs root on Linux", file=sys.stderr)
        return 1

    size = folder_size(args.bundle)
    verdict = "ok" if size < SIZE_TARGET_MB * 2**20 else "OVER TARGET"
    print(f"bundle installed size: {size / 2**20:.1f} MB (target < {SIZE_TARGET_MB} MB: {verdict})")
    for deb in sorted((REPO / "dist").glob("hhe-trainer_*.deb")):
        print(f".deb: {deb.name} {deb.stat().st_size / 2**20:.1f} MB")

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    cases = [
        ("--version", ["--version"], {}),
        ("first screen", [], {"HHE_TRAINER_STARTUP_PROBE": "1"}),
        ("--self-check", ["--self-check"], {}),
    ]
    print(f"start-up, {args.runs} runs each"
          + (", page cache dropped before each" if args.drop_caches else ""))
    for label, case_args, extra in cases:
        case_env = dict(env, **extra)
        if not args.drop_caches:
            drop_caches()  # the first run is cold when we can make it so
        times = [
            time_start(executable, case_args, case_env, args.drop_caches)
            for _ in range(args.runs)
        ]
        warm = times if args.drop_caches else times[1:]
        line = f"  {label:<13} median {statistics.median(warm):.2f} s"
        line += f" (min {min(warm):.2f}, max {max(warm):.2f})"
        if not args.drop_caches:
            line += f"; first run {times[0]:.2f} s"
        if label == "first screen":
            ok = statistics.median(warm) < START_TARGET_S
            line += f"  target < {START_TARGET_S:.0f} s: {'ok' if ok else 'OVER TARGET'}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
