"""The trainer's log: a small rotating file in the data folder (no Qt).

``<data folder>/logs/hhe-trainer.log``, at most 512 KB, with two older files
kept beside it (``.1``, ``.2``): about 1.5 MB at most, whatever happens. It is
never written inside the installation. Crash reports name this file.

A native crash (a segmentation fault in Qt, an abort) kills the process before
any Python handler runs: :mod:`faulthandler` then writes the Python stack of
every thread into this same file, where the next start finds it
(:mod:`trainer.unexpected_stop`).
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import logging.handlers
import platform
import sys
from io import TextIOWrapper
from pathlib import Path

LOG_NAME = "hhe-trainer.log"
MAX_BYTES = 512 * 1024
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

_handler: logging.Handler | None = None
_previous_level: int | None = None
_write_failed = False


def _say_log_trouble(error: BaseException | None) -> None:
    """One line on stderr (there may be none: a windowed frozen build) when the log fails."""
    reason = getattr(error, "strerror", None) or str(error or "unknown error")
    if sys.__stderr__ is not None:
        with contextlib.suppress(OSError, ValueError):
            from trainer.i18n import _

            print(_("hhe-trainer: the log file could not be written ({reason}); the trainer"
                    " carries on without it.", reason=reason), file=sys.__stderr__)


class _LogFileHandler(logging.handlers.RotatingFileHandler):
    """The rotating log, with faulthandler writing native crashes into the current file."""

    def _open(self) -> TextIOWrapper:
        from trainer.paths import private_file

        private_file(Path(self.baseFilename))  # the user's only, 0600, before it is written
        stream = super()._open()
        faulthandler.enable(file=stream, all_threads=True)
        return stream

    def handleError(self, record: logging.LogRecord) -> None:
        """A line that cannot be written (disk full, the folder gone) is dropped, and said
        once on stderr in one line: never logging's traceback, never a stop."""
        global _write_failed
        if not _write_failed:
            _write_failed = True
            _say_log_trouble(sys.exc_info()[1])


def log_path() -> Path:
    """Where the log is written (the folder is created)."""
    from trainer.paths import logs_dir

    return logs_dir() / LOG_NAME


def _close_handler() -> None:
    """Take the log file's handler off the root logger and close it."""
    global _handler
    if _handler is not None:
        faulthandler.disable()
        logging.getLogger().removeHandler(_handler)
        try:
            _handler.close()  # flushes: a full disk fails here (the file is closed anyway)
        except (OSError, ValueError) as error:
            if not _write_failed:
                _say_log_trouble(error)
        _handler = None
        if sys.__stderr__ is not None:  # none in a windowed frozen build
            faulthandler.enable(file=sys.__stderr__, all_threads=True)


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Send the ``trainer`` loggers (and warnings) to the log file; returns its path.

    Safe to call again (the handler is replaced, e.g. after the data folder
    moved). When the file cannot be opened, logging goes nowhere and None is
    returned: a log must never stop a station.
    """
    global _handler, _previous_level, _write_failed
    _close_handler()
    _write_failed = False
    root = logging.getLogger()
    try:
        path = log_path()
        handler = _LogFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=False
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    if _previous_level is None:
        _previous_level = root.level
    root.setLevel(level)
    logging.captureWarnings(True)
    _handler = handler
    from trainer import __version__

    logging.getLogger("trainer").info(
        "hhe-trainer %s started (Python %s, %s %s, %s)",
        __version__,
        platform.python_version(),
        platform.system(),
        platform.release(),
        "frozen" if getattr(sys, "frozen", False) else "from source",
    )
    return path


def stop_logging() -> None:
    """Close the log file (tests, and the end of the app)."""
    global _previous_level
    _close_handler()
    if _previous_level is not None:
        logging.getLogger().setLevel(_previous_level)
        _previous_level = None
    logging.captureWarnings(False)


def qt_message_logger() -> object:
    """A Qt message handler that writes Qt's warnings to the log (install it with Qt)."""
    log = logging.getLogger("trainer.qt")

    def handle(mode: object, _context: object, message: str) -> None:
        name = getattr(mode, "name", str(mode))
        if "Debug" in name or "Info" in name:
            log.debug("%s", message)
        else:
            log.warning("%s", message)

    return handle
