"""Knowing, at the next start, that the trainer stopped unexpectedly (no Qt).

A native crash or a kill leaves no Python handler time to write a report. So
each run leaves a marker, ``<data folder>/logs/running-<pid>.json``, which a
normal end removes. A start that finds a marker of a process no longer alive
knows that run ended unexpectedly: it saves a report (what the crash dialog
would have saved, with the end of the log, where :mod:`faulthandler` wrote
the stack) and the window tells the trainee, whose answers are safe: each was
committed to the database the moment it was given.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from trainer.i18n import _

MARKER_PREFIX = "running-"
LOG_TAIL_LINES = 200


@dataclass(frozen=True)
class UnexpectedStop:
    """A run that did not end normally: when it started, its process, its last log lines."""

    started: str
    pid: int
    log_tail: str


def _marker(pid: int) -> Path:
    from trainer.paths import logs_dir

    return logs_dir() / f"{MARKER_PREFIX}{pid}.json"


def _alive(pid: int) -> bool:
    """Whether a process with this id runs now (another trainer on the same data folder)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # type: ignore[attr-defined]
        if not handle:
            return False
        ctypes.windll.kernel32.CloseHandle(handle)  # type: ignore[attr-defined]
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _log_tail() -> str:
    from trainer.logging_setup import log_path

    try:
        with open(log_path(), encoding="utf-8", errors="replace") as file:
            lines = file.readlines()
    except OSError:
        return ""
    return "".join(lines[-LOG_TAIL_LINES:])


def find_unexpected_stops() -> list[UnexpectedStop]:
    """Earlier runs whose marker is still there and whose process is gone (markers removed)."""
    from trainer.paths import logs_dir

    stops = []
    for marker in sorted(logs_dir().glob(f"{MARKER_PREFIX}*.json")):
        try:
            pid = int(marker.stem.removeprefix(MARKER_PREFIX))
        except ValueError:
            continue
        if _alive(pid):
            continue
        try:
            started = str(json.loads(marker.read_text("utf-8")).get("started", "?"))
        except (OSError, ValueError, AttributeError):
            started = "?"
        stops.append(UnexpectedStop(started, pid, _log_tail()))
        marker.unlink(missing_ok=True)
    return stops


def mark_running() -> None:
    """Leave this run's marker (a start that cannot write it carries on without)."""
    from trainer.paths import private_file

    with contextlib.suppress(OSError):
        private_file(_marker(os.getpid())).write_text(  # 0600 before it is written
            json.dumps({"started": time.strftime("%Y-%m-%d %H:%M:%S %z")}), "utf-8")


def mark_stopped() -> None:
    """A normal end: remove this run's marker."""
    with contextlib.suppress(OSError):
        _marker(os.getpid()).unlink(missing_ok=True)


def report_path(folder: Path, kind: str = "") -> Path:
    """A new report file: ``crash-<time>[-kind][-N].txt`` in ``folder`` (created)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"crash-{time.strftime('%Y%m%d-%H%M%S')}" + (f"-{kind}" if kind else "")
    path = folder / f"{stem}.txt"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.txt"
    return path


def program_lines(qt: str | None = None) -> list[str]:
    """The lines every report starts its facts with: version, Python (and Qt), platform."""
    from trainer import __version__

    python = f"python: {platform.python_version()}" + (f"; Qt {qt}" if qt else "")
    return [
        f"version: {__version__} ({'frozen' if getattr(sys, 'frozen', False) else 'from source'})",
        python,
        f"platform: {platform.platform()}",
    ]


def save_report(stop: UnexpectedStop) -> Path:
    """Write ``reports/crash-<time>-unexpected.txt``: version, platform, the log's last lines."""
    from trainer.logging_setup import log_path
    from trainer.paths import reports_dir

    path = report_path(reports_dir(), "unexpected")
    lines = [
        "Heads Up Hold'em Dealer Trainer: report of an unexpected stop",
        f"found at: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"the run that stopped: started {stop.started}, process {stop.pid}",
        *program_lines(),
        f"log file: {log_path()}",
        "",
        f"The last {LOG_TAIL_LINES} lines of the log (a native crash's stack is at the end):",
        "",
        stop.log_tail,
    ]
    path.write_text("\n".join(lines), "utf-8")
    return path


def check_previous_runs() -> list[str]:
    """At a start: a sentence for the person per earlier run that stopped unexpectedly.

    Also marks this run as running. Never raises: a start must not fail here.
    """
    sentences = []
    try:
        stops = find_unexpected_stops()
    except OSError:
        stops = []
    for stop in stops:
        try:
            where = _("A report was saved: {path}.", path=save_report(stop))
        except OSError as error:
            where = _("(Its report could not be saved: {error}.)", error=error.strerror)
        sentences.append(_(
            "The trainer stopped unexpectedly last time (the session started {started})."
            " Every answer given up to then was saved. {report} Please give the report to"
            " the training room's IT staff.", started=stop.started, report=where))
    mark_running()
    return sentences
