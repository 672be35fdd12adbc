"""A full disk under the log never ends the trainer in a traceback: lines that cannot be
written are dropped, closing the log at the end completes, and the person is told once,
in one line, that the log could not be written (issue 19, item 1)."""

from __future__ import annotations

import errno
import io
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from trainer import logging_setup
from trainer.logging_setup import setup_logging, stop_logging

NO_SPACE = os.strerror(errno.ENOSPC)  # "No space left on device"
TOLD = f"hhe-trainer: the log file could not be written ({NO_SPACE})"


class FullDisk(io.TextIOBase):
    """A log stream on a disk that is full: writing (or only the flush of close, when
    ``at_close_only``) raises ``OSError(ENOSPC)``, as a real file's does."""

    def __init__(self, *, at_close_only: bool) -> None:
        super().__init__()
        self.at_close_only = at_close_only
        self.closing = False
        self.written = ""

    def _full(self) -> OSError:
        return OSError(errno.ENOSPC, NO_SPACE)

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:  # the rotation's size check
        return len(self.written)

    def write(self, text: str) -> int:
        if not self.at_close_only:
            raise self._full()
        self.written += text  # kept in the buffer until the flush
        return len(text)

    def flush(self) -> None:
        if self.closed:
            return
        if self.closing or not self.at_close_only:
            raise self._full()

    def close(self) -> None:
        if self.closed:
            return
        self.closing = True
        try:
            self.flush()
        finally:
            super().close()  # the descriptor is gone whatever the flush did


def _fill_the_disk(*, at_close_only: bool) -> FullDisk:
    """Swap the log's open file for one on a full disk (the real one closed)."""
    handler = logging_setup._handler
    assert isinstance(handler, logging.StreamHandler)
    real = handler.stream
    stream = FullDisk(at_close_only=at_close_only)
    handler.setStream(stream)
    real.close()
    return stream


@pytest.fixture
def logging_on() -> Iterator[Path | None]:
    path = setup_logging()
    yield path
    stop_logging()


@pytest.mark.parametrize("at_close_only", [False, True], ids=["while-logging", "at-close"])
def test_closing_the_log_on_a_full_disk_completes_without_a_traceback(
    logging_on: Path | None, capfd: pytest.CaptureFixture[str], at_close_only: bool
) -> None:
    assert logging_on is not None
    stream = _fill_the_disk(at_close_only=at_close_only)
    log = logging.getLogger("trainer.test")
    for number in range(5):
        log.warning("answer %d recorded", number)
    stop_logging()  # what the end of the app calls: must not raise
    assert stream.closed
    assert logging_setup._handler is None
    assert not any(isinstance(h, logging_setup._LogFileHandler)
                   for h in logging.getLogger().handlers)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
    assert err.count(TOLD) == 1, err
    assert len(err.strip().splitlines()) == 1


SCRIPT = """
import logging, sys
sys.path.insert(0, {tests!r})
from test_log_on_a_full_disk import _fill_the_disk
from trainer.logging_setup import setup_logging, stop_logging
from trainer.unexpected_stop import mark_running, mark_stopped
setup_logging()
mark_running()
logging.getLogger("trainer.app").info("a session")
_fill_the_disk(at_close_only=True)
logging.getLogger("trainer.app").info("closed normally")
mark_stopped()
stop_logging()
print("ended")
"""


def test_a_whole_run_on_a_full_disk_ends_quietly(private_data_dir: Path) -> None:
    """In a process of its own, so that the interpreter's own end (logging.shutdown at
    exit) is part of it too."""
    env = {**os.environ, "HHE_TRAINER_HOME": str(private_data_dir),
           "PYTHONPATH": str(REPO_ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(tests=str(Path(__file__).parent))],
        capture_output=True, text=True, timeout=60, env=env, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ended"
    assert "Traceback" not in done.stderr and "Logging error" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"{TOLD}; the trainer carries on without it."]
