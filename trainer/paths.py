"""Where the trainer finds its files: one way, for a checkout and an installation.

Writable files (database, settings, logs, reports) live in the data folder,
one per user: ``HHE_TRAINER_HOME`` overrides it (tests, or a training room's
folder set by the site file); otherwise the platform's usual place for
application data. Nothing is ever written inside the installation or the
checkout.

On Linux and macOS the data folder and every folder in it are the user's only
(0700) and the files in it readable and writable by the user only (0600): the
folder is made so, and an existing one (a trainer before this one left it
0755 with 0644 files) is tightened the first time a process uses it
(:func:`data_dir`). Files the trainer makes there are made 0600 from the start
(:func:`private_file`). Windows keeps its own per-user ACLs on ``%APPDATA%``.

Shipped read-only folders (lessons, icons) are found by :func:`resource_dir`
the same way in a checkout, an installed wheel and a PyInstaller bundle.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

APP_FOLDER = "hhe-trainer"
PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
_POSIX = os.name == "posix"
_tightened: set[Path] = set()
PACKAGE_DIR = Path(__file__).resolve().parent

# name -> (folder in the checkout, relative to its top; data package in a wheel)
RESOURCES: dict[str, tuple[str, str]] = {
    "lessons": ("lessons", "lessons_data"),
    "icons": ("assets/icons", "icons_data"),
}


def data_dir() -> Path:
    """The user's data folder (created when missing)."""
    override = os.environ.get("HHE_TRAINER_HOME")
    if override:
        folder = Path(override)
    elif sys.platform == "win32":
        folder = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP_FOLDER
    elif sys.platform == "darwin":
        folder = Path.home() / "Library" / "Application Support" / APP_FOLDER
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = Path(base) / APP_FOLDER
    private_folder(folder)
    if folder not in _tightened:
        tighten(folder)
        _tightened.add(folder)
    return folder


def private_folder(folder: Path) -> Path:
    """``folder`` made (with its parents) when missing, and the user's only (0700)."""
    folder.mkdir(mode=PRIVATE_FOLDER_MODE, parents=True, exist_ok=True)
    if _POSIX:
        try:
            if folder.stat().st_mode & 0o777 != PRIVATE_FOLDER_MODE:
                folder.chmod(PRIVATE_FOLDER_MODE)
        except OSError:  # another user's folder: left as it is
            pass
    return folder


def private_file(path: Path) -> Path:
    """``path`` made empty when missing, and the user's only (0600), before anything
    writes it: SQLite and the log keep the mode of a file that exists (and SQLite
    gives its -wal and -shm the database's).

    An existing file is only changed by path (``chmod``), never opened: on POSIX,
    closing *any* descriptor of a file drops every lock this process holds on it,
    so opening a database, ``-wal`` or ``-shm`` that SQLite has open would silently
    remove SQLite's locks, and another process could then delete the live WAL.
    """
    if not _POSIX:
        return path
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
    except FileExistsError:
        _chmod(path, PRIVATE_FILE_MODE)
        return path
    except OSError:
        return path  # whoever opens it next reports the problem
    os.close(descriptor)  # a file this call made: no lock of this process is on it
    _chmod(path, PRIVATE_FILE_MODE)  # the umask may have narrowed it further
    return path


def tighten(folder: Path) -> None:
    """Every folder under ``folder`` 0700 and every file 0600 (never following a link;
    what cannot be changed, another user's file, is left as it is)."""
    if not _POSIX:
        return
    for root, folders, files in os.walk(folder):
        for name in folders:
            _chmod(Path(root) / name, PRIVATE_FOLDER_MODE)
        for name in files:
            _chmod(Path(root) / name, PRIVATE_FILE_MODE)


def _chmod(path: Path, mode: int) -> None:
    try:
        status = os.lstat(path)
        if stat.S_ISLNK(status.st_mode) or status.st_mode & 0o777 == mode:
            return
        os.chmod(path, mode)
    except (OSError, NotImplementedError):
        pass


def settings_path() -> Path:
    return data_dir() / "settings.json"


def logs_dir() -> Path:
    """``<data folder>/logs`` (created when missing)."""
    return private_folder(data_dir() / "logs")


def reports_dir() -> Path:
    """``<data folder>/reports``: crash reports (created when missing)."""
    return private_folder(data_dir() / "reports")


def resource_dir(name: str) -> Path:
    """A shipped read-only folder (``"lessons"``, ``"icons"``).

    Looked for, first found wins: the wheel's data package
    (``trainer/lessons_data``, also what the PyInstaller bundle collects);
    the checkout's folder beside the ``trainer`` package (``lessons/``,
    ``assets/icons/``); the bundle's folder. When none exists the checkout's
    path is returned, so a message can name where it was expected.
    """
    checkout, package = RESOURCES[name]
    candidates = [PACKAGE_DIR / package, PACKAGE_DIR.parent / checkout]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / checkout)
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[1]


def is_inside_installation(path: Path) -> bool:
    """Whether ``path`` lies inside the installed program (where nothing may be written).

    The installation is the bundle's folder for a frozen build, otherwise the
    folder holding the ``trainer`` package (site-packages or the checkout).
    """
    if getattr(sys, "frozen", False):
        install = Path(sys.executable).resolve().parent
    else:
        install = PACKAGE_DIR
    try:
        path.resolve().relative_to(install)
    except ValueError:
        return False
    return True
