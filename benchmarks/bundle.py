"""Size and start-up time of the installed bundle: ``python benchmarks/bundle.py``.

Build it first (``make package``; ``make package-windows`` for the Windows
figures). Prints

- the bundle's installed size (target: under 150 MB) and the .deb's size;
- the median wall time, over ``--runs`` starts, of the bundled executable
  from process start to exit for: ``--version`` (the bootloader and Python
  alone), the first screen (the welcome dialog shown, then closed at once by
  ``HHE_TRAINER_STARTUP_PROBE=1``; target: under 2 s), and ``--self-check``.

Each start gets a fresh empty data folder, Qt's offscreen platform, and no
site file. ``--drop-caches`` (root on Linux) empties the page cache before
every start, so each is a true cold start from disk; without it the first
start is cold and the rest warm, and both are printed.

Beside them, when ``dist/hhe-trainer-<version>-setup.exe`` is there and Wine
is installed (``--no-windows`` to skip): the installer's size, the installed
size, and the same starts of the *installed* Windows trainer under Wine 8. The
setup is installed silently into a fresh Wine prefix (``build/windows/bench``);
its wineserver is kept running during the runs, as a Windows session keeps its
services, so each start counts the program and Wine's loading of it, not
Wine's own boot. A cold start under Wine also reads Wine's DLLs from disk,
which a Windows PC usually has in memory: it is an upper bound, not a figure
for a real PC.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUNDLE = REPO / "dist" / "hhe-trainer"
WINE_SH = REPO / "packaging" / "windows" / "wine.sh"
WINE_PREFIX = REPO / "build" / "windows" / "bench"
WINDOWS_INSTALL = r"C:\Program Files\HHE Trainer"
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


def windows_path(path: Path) -> str:
    """A Linux path as a program under Wine sees it (drive Z: is /)."""
    return "Z:" + str(path).replace("/", "\\")


def time_start(
    command: list[str], env: dict[str, str], cold: bool, wine: bool = False
) -> float:
    """Seconds from process start to exit of one run (with a fresh data folder)."""
    with tempfile.TemporaryDirectory(prefix="hhe-bench-") as home:
        place = windows_path if wine else str
        run_env = dict(env, HHE_TRAINER_HOME=place(Path(home)),
                       HHE_TRAINER_SITE=place(Path(home) / "none"))
        if cold:
            drop_caches()
        started = time.perf_counter()
        try:
            result = subprocess.run(
                command,
                env=run_env,
                capture_output=True,
                stdin=subprocess.DEVNULL,
                text=True,
                check=False,
                timeout=120,
            )
        except subprocess.TimeoutExpired:
            raise SystemExit(
                f"bundle.py: {' '.join(command)} did not end in 120 s"
                " (a bundle older than HHE_TRAINER_STARTUP_PROBE? rebuild it)"
            ) from None
        elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(
            f"bundle.py: {' '.join(command)} exited {result.returncode}:"
            f" {result.stderr.strip() or result.stdout.strip()}"
        )
    return elapsed


def time_cases(
    cases: list[tuple[str, list[str], dict[str, str]]],
    env: dict[str, str],
    runs: int,
    cold_each: bool,
    wine: bool = False,
) -> None:
    """Print the median (and first, cold) start of each case."""
    for label, command, extra in cases:
        case_env = dict(env, **extra)
        if not cold_each:
            drop_caches()  # the first run is cold when we can make it so
        times = [time_start(command, case_env, cold_each, wine) for _ in range(runs)]
        warm = times if cold_each else times[1:]
        line = f"  {label:<13} median {statistics.median(warm):.2f} s"
        line += f" (min {min(warm):.2f}, max {max(warm):.2f})"
        if not cold_each:
            line += f"; first run {times[0]:.2f} s"
        if label == "first screen" and wine:
            line += f"  (the {START_TARGET_S:.0f} s target is for a PC, not for Wine)"
        elif label == "first screen":
            ok = statistics.median(warm) < START_TARGET_S
            line += f"  target < {START_TARGET_S:.0f} s: {'ok' if ok else 'OVER TARGET'}"
        print(line)


def windows_figures(runs: int, cold_each: bool) -> None:
    """The Windows installer's size and the installed trainer's starts under Wine."""
    setups = sorted((REPO / "dist").glob("hhe-trainer-*-setup.exe"))
    if not setups:
        print("Windows: no dist/hhe-trainer-*-setup.exe (make package-windows)")
        return
    if shutil.which("wine") is None and not Path("/usr/lib/wine/wine64").exists():
        print("Windows: Wine is not installed (packaging/windows/install-build-deps.sh)")
        return
    setup = max(setups, key=lambda path: path.stat().st_mtime)
    print(f"Windows installer: {setup.name} {setup.stat().st_size / 2**20:.1f} MB")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("QT_", "HHE_TRAINER", "WINE"))
           and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    shutil.rmtree(WINE_PREFIX, ignore_errors=True)
    wine = [str(WINE_SH), "run", str(WINE_PREFIX)]
    for command in ([str(WINE_SH), "init", str(WINE_PREFIX)], [*wine, str(setup), "/S"],
                    [str(WINE_SH), "wait", str(WINE_PREFIX)]):
        subprocess.run(command, env=env, check=True, capture_output=True, timeout=600)
    installed = WINE_PREFIX / "drive_c" / "Program Files" / "HHE Trainer"
    print(f"Windows installed size (Program Files\\HHE Trainer, under Wine):"
          f" {folder_size(installed) / 2**20:.1f} MB")
    # Offscreen, as the Linux figures; Qt for Windows draws offscreen text with
    # the fonts of QT_QPA_FONTDIR (wine.sh hands QT_* on to the program).
    env.update(QT_QPA_PLATFORM="offscreen", QT_QPA_FONTDIR=r"C:\windows\Fonts")
    cli = [*wine, WINDOWS_INSTALL + r"\hhe-trainer-cli.exe"]
    window = [*wine, WINDOWS_INSTALL + r"\hhe-trainer.exe"]
    cases = [
        ("--version", [*cli, "--version"], {}),
        ("first screen", window, {"HHE_TRAINER_STARTUP_PROBE": "1"}),
        ("--self-check", [*cli, "--self-check"], {}),
    ]
    keeper = subprocess.Popen(
        ["wineserver", "--persistent", "--foreground"],
        env=dict(env, WINEPREFIX=str(WINE_PREFIX)),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        # Wine's services start with the first program and keep its output
        # handles: that one must not be a pipe anyone waits on.
        subprocess.run([*wine, "cmd", "/c", "exit"], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        print(f"Windows trainer installed under Wine 8, {runs} runs each"
              + (", page cache dropped before each" if cold_each else ""))
        time_cases(cases, env, runs, cold_each, wine=True)
    finally:
        subprocess.run([str(WINE_SH), "stop", str(WINE_PREFIX)], env=env, check=False,
                       capture_output=True)
        keeper.wait(timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--drop-caches", action="store_true", help="cold page cache every run")
    parser.add_argument("--no-windows", action="store_true",
                        help="leave out the Windows installer's figures under Wine")
    args = parser.parse_args(argv)
    executable = args.bundle / ("hhe-trainer.exe" if sys.platform == "win32" else "hhe-trainer")
    if args.drop_caches and not drop_caches():
        print("bundle.py: --drop-caches needs root on Linux", file=sys.stderr)
        return 1
    if executable.exists():
        linux_figures(args.bundle, executable, args.runs, args.drop_caches)
    elif args.no_windows:
        print(f"bundle.py: no bundle at {args.bundle}; run `make package` first", file=sys.stderr)
        return 1
    else:
        print(f"no bundle at {args.bundle} (make package): Windows figures only")
    if not args.no_windows:
        windows_figures(args.runs, args.drop_caches)
    return 0


def linux_figures(bundle: Path, executable: Path, runs: int, cold_each: bool) -> None:
    """The bundle's size, the .deb's, and the bundle's starts."""
    size = folder_size(bundle)
    verdict = "ok" if size < SIZE_TARGET_MB * 2**20 else "OVER TARGET"
    print(f"bundle installed size: {size / 2**20:.1f} MB (target < {SIZE_TARGET_MB} MB: {verdict})")
    for deb in sorted((REPO / "dist").glob("hhe-trainer_*.deb")):
        print(f".deb: {deb.name} {deb.stat().st_size / 2**20:.1f} MB")

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    cases = [
        ("--version", [str(executable), "--version"], {}),
        ("first screen", [str(executable)], {"HHE_TRAINER_STARTUP_PROBE": "1"}),
        ("--self-check", [str(executable), "--self-check"], {}),
    ]
    print(f"start-up, {runs} runs each" + (", page cache dropped before each" if cold_each else ""))
    time_cases(cases, env, runs, cold_each)


if __name__ == "__main__":
    sys.exit(main())
