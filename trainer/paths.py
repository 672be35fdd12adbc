"""Where the trainer keeps a person's files: one data folder per user.

``HHE_TRAINER_HOME`` overrides it (tests, a training room's shared folder);
otherwise the platform's usual place for application data. Nothing is ever
written inside the installation or the checkout.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_FOLDER = "hhe-trainer"


def data_dir() -> Path:
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
