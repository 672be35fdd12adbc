"""Where the site file is looked for, and the one in force (no Qt).

The file is looked for, first found wins (no merging), at: ``$HHE_TRAINER_SITE``;
``site.toml`` beside the installed executable (the installation folder); then
``/etc/hhe-trainer/site.toml`` (Linux), ``%PROGRAMDATA%\\HHE Trainer\\site.toml``
(Windows) or ``/Library/Application Support/HHE Trainer/site.toml`` (macOS).
:func:`load_site_config` reports every problem of a file it cannot use and
returns the defaults, so a bad file never stops a station, and
``hhe-trainer --self-check`` fails until it is mended. ``hhe-trainer site
check`` and a start read the file through the same :func:`load_site_config`,
so the check accepts exactly what a start accepts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from trainer.site_config.config import SiteConfig, SiteConfigError, read_site_file

SITE_FILENAME = "site.toml"
ENV_SITE = "HHE_TRAINER_SITE"


def installation_folders() -> list[Path]:
    """The folder of the installed program: the bundle's folder, or the venv's."""
    if getattr(sys, "frozen", False):
        folder = Path(sys.executable).resolve().parent
        folders = [folder]
        if sys.platform == "darwin" and folder.name == "MacOS":  # X.app/Contents/MacOS
            folders.append(folder.parent.parent.parent)  # beside X.app
        return folders
    return [Path(sys.prefix)]


def system_folder() -> Path:
    if sys.platform == "win32":
        base = os.environ.get("PROGRAMDATA") or r"C:\ProgramData"
        return Path(base) / "HHE Trainer"
    if sys.platform == "darwin":
        return Path("/Library/Application Support/HHE Trainer")
    return Path("/etc/hhe-trainer")


def site_file_candidates() -> list[Path]:
    """Every place looked at, in order."""
    candidates = []
    explicit = os.environ.get(ENV_SITE)
    if explicit:
        candidates.append(Path(explicit))
    candidates += [folder / SITE_FILENAME for folder in installation_folders()]
    candidates.append(system_folder() / SITE_FILENAME)
    return candidates


def is_present(candidate: Path) -> bool:
    """Whether something is at ``candidate``: a file, or (to be reported) anything else."""
    return os.path.lexists(candidate)


def find_site_file() -> Path | None:
    """The first candidate where anything is: a folder or a device there is reported, not
    skipped, so that IT learns why the file they meant is not in force."""
    for candidate in site_file_candidates():
        if is_present(candidate):
            return candidate
    return None


def load_site_config(path: Path | None = None) -> SiteConfig:
    """The site file in force, or the defaults with the problems; never raises.

    Both a start and ``hhe-trainer site check`` call this: what one accepts,
    the other accepts.
    """
    path = path or find_site_file()
    if path is None:
        return SiteConfig()
    try:
        return read_site_file(path)
    except SiteConfigError as error:
        return SiteConfig(rejected=path, problems=error.problems)
