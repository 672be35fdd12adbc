"""Where the trainer finds its files: one way, for a checkout and an installation.

Writable files (database, settings, logs, reports) live in the data folder,
one per user: ``HHE_TRAINER_HOME`` overrides it (tests, or a training room's
folder set by the site file); otherwise the platform's usual place for
application data. Nothing is ever written inside the installation or the
checkout.

Shipped read-only folders (lessons, icons) are found by :func:`resource_dir`
the same way in a checkout, an installed wheel and a PyInstaller bundle.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_FOLDER = "hhe-trainer"
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
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_path() -> Path:
    return data_dir() / "settings.json"


def logs_dir() -> Path:
    """``<data folder>/logs`` (created when missing)."""
    folder = data_dir() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def reports_dir() -> Path:
    """``<data folder>/reports``: crash reports (created when missing)."""
    folder = data_dir() / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


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
