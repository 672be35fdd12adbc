"""Reading a person's text file safely: a regular file, bounded in size, UTF-8.

Every file a person or another program hands the trainer (a rule set, a lesson,
a site file, settings, a JSON round file) is read through :func:`read_text_file`,
so that a path to ``/dev/zero``, a FIFO, a folder or a huge file is refused
with a sentence naming the file instead of filling memory or blocking a start.
A UTF-8 byte-order mark (as Windows Notepad writes) is accepted and dropped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

BOM = "\ufeff"

_KEPT_CLOSED: dict[tuple[int, int], tuple[str, str]] = {}
"""Files this process has opened in SQLite, by (device, inode): their path and what they are."""


def keep_closed(path: Path | str, what: str) -> None:
    """Never open ``path`` here as a person's text file: it is ``what`` (the trainer's
    database or a file SQLite keeps beside it).

    On POSIX, closing any descriptor of a file drops every lock this process holds
    on it; opening the live database, ``-wal`` or ``-shm`` to read it as a station
    file or a rule set would silently remove SQLite's locks.
    """
    try:
        info = os.stat(path)
    except OSError:
        return
    _KEPT_CLOSED[(info.st_dev, info.st_ino)] = (str(path), what)


def _kept_closed(info: os.stat_result) -> str | None:
    """What the file of ``info`` is, when it is one of :func:`keep_closed`'s files still
    at its path (a deleted database's inode may be reused by any new file)."""
    key = (info.st_dev, info.st_ino)
    if key not in _KEPT_CLOSED:
        return None
    path, what = _KEPT_CLOSED[key]
    try:
        now = os.stat(path)
    except OSError:
        now = None
    if now is None or (now.st_dev, now.st_ino) != key:
        del _KEPT_CLOSED[key]
        return None
    return what


class TextFileError(ValueError):
    """A file that cannot be read as the trainer's text: the message names it and why."""


def read_text_file(path: Path | str, *, limit: int, what: str = "file") -> str:
    """The text of ``path``, a regular UTF-8 file of at most ``limit`` bytes.

    ``what`` names the file for a person ("rule-set file", "lesson file").
    Raises :class:`TextFileError` for anything else: missing, unreadable, not a
    regular file (device, FIFO, folder), larger than ``limit``, not UTF-8.
    """
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise TextFileError(f"{what} {path}: no such file") from None
    except OSError as error:
        raise TextFileError(f"{what} {path}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise TextFileError(f"{what} {path}: {kind}")
    kept_closed = _kept_closed(info)
    if kept_closed is not None:
        raise TextFileError(f"{what} {path}: this is {kept_closed}, not a {what}")
    if info.st_size > limit:
        raise TextFileError(
            f"{what} {path}: {info.st_size:,} bytes, more than the {limit:,} allowed")
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise TextFileError(f"{what} {path}: cannot be read ({error.strerror})") from None
    if len(data) > limit:
        raise TextFileError(f"{what} {path}: more than the {limit:,} bytes allowed")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TextFileError(
            f"{what} {path}: not UTF-8 text (byte 0x{data[error.start]:02x} at offset"
            f" {error.start})") from None
    return text.removeprefix(BOM)
