"""A native crash leaves its stack in the log, and the next start says so and saves a report.

The children below crash for real (SIGSEGV through faulthandler's own test
hook, and os.abort()), the way a fault in Qt kills the trainer: no Python
handler runs, so only faulthandler and the run's marker are left to tell.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from trainer.logging_setup import log_path, setup_logging, stop_logging
from trainer.paths import logs_dir, reports_dir
from trainer.storage.database import open_database
from trainer.unexpected_stop import check_previous_runs, mark_stopped

CHILD = textwrap.dedent("""
    import faulthandler, os, sys
    from trainer.logging_setup import setup_logging
    from trainer.storage.database import open_database
    from trainer.unexpected_stop import check_previous_runs

    setup_logging()
    check_previous_runs()
    db = open_database()
    db.create_trainee("Ana Before The Crash")
    db.close()

    def deep_in_the_table():
        if sys.argv[1] == "segv":
            faulthandler._sigsegv()
        os.abort()

    deep_in_the_table()
""")


def crash_child(how: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CHILD, how], capture_output=True, text=True,
                          env=dict(os.environ), timeout=60, check=False)


@pytest.mark.parametrize(("how", "signal_number", "fatal"), [
    ("segv", -11, "Fatal Python error: Segmentation fault"),
    ("abort", -6, "Fatal Python error: Aborted"),
])
def test_native_crash_writes_its_stack_into_the_log(how: str, signal_number: int,
                                                     fatal: str) -> None:
    result = crash_child(how)
    assert result.returncode == signal_number
    log = log_path().read_text("utf-8")
    assert fatal in log
    assert "deep_in_the_table" in log


def test_next_start_says_the_trainer_stopped_and_saves_the_report() -> None:
    crash_child("segv")
    setup_logging()
    try:
        sentences = check_previous_runs()
    finally:
        mark_stopped()
        stop_logging()
    assert len(sentences) == 1
    assert "stopped unexpectedly" in sentences[0]
    assert "Every answer given up to then was saved" in sentences[0]
    reports = list(reports_dir().glob("crash-*-unexpected*.txt"))
    assert len(reports) == 1
    assert str(reports[0]) in sentences[0]
    report = reports[0].read_text("utf-8")
    assert "Fatal Python error: Segmentation fault" in report
    assert "deep_in_the_table" in report


def test_what_was_committed_before_the_crash_is_kept() -> None:
    crash_child("abort")
    db = open_database()
    try:
        assert [trainee.name for trainee in db.list_trainees()] == ["Ana Before The Crash"]
    finally:
        db.close()


def test_the_unexpected_stop_is_told_once() -> None:
    crash_child("segv")
    assert len(check_previous_runs()) == 1
    assert check_previous_runs() == []
    mark_stopped()


def test_a_normal_end_leaves_nothing_to_report() -> None:
    assert check_previous_runs() == []
    mark_stopped()
    assert list(logs_dir().glob("running-*.json")) == []
    assert check_previous_runs() == []
    mark_stopped()


def test_another_trainer_still_running_on_the_same_data_is_not_a_crash(tmp_path: Path) -> None:
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (logs_dir() / f"running-{other.pid}.json").write_text('{"started": "now"}', "utf-8")
        assert check_previous_runs() == []
        mark_stopped()
        assert (logs_dir() / f"running-{other.pid}.json").exists()
    finally:
        other.kill()
        other.wait()
