"""The Windows recipe agrees with the rest of the project (fast: part of ``make test``).

The installer itself is built and used under Wine by test_windows_installer.py
(``make test-package``); these checks catch, without building, a pin that
leaves pyproject.toml's ranges, two PyInstaller versions, or an icon without
the sizes Windows asks for.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
WINDOWS = REPO / "packaging" / "windows"


def _pins(path: Path) -> dict[str, str]:
    """name -> pinned version of a requirements file (hash lines joined)."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line.split(" --hash", 1)[0].strip())
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"{path.name}: {line!r} is not pinned with =="
        pins[canonicalize_name(requirement.name)] = specifier.version
    return pins


def test_every_windows_wheel_is_pinned_with_a_hash() -> None:
    text = (WINDOWS / "requirements-windows.txt").read_text(encoding="utf-8")
    entries = re.findall(r"^([A-Za-z0-9_.-]+)==\S+ \\\n\s+--hash=sha256:[0-9a-f]{64}$", text,
                         flags=re.MULTILINE)
    assert len(entries) == len(_pins(WINDOWS / "requirements-windows.txt"))


def test_the_windows_pins_satisfy_the_apps_dependency_ranges() -> None:
    pins = _pins(WINDOWS / "requirements-windows.txt")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    for line in project["project"]["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"requirements-windows.txt has no pin for {requirement.name}"
        assert requirement.specifier.contains(pins[name]), (
            f"{requirement.name}=={pins[name]} is outside pyproject.toml's {requirement.specifier}"
        )


def test_windows_and_linux_bundles_are_made_by_the_same_pyinstaller() -> None:
    linux = _pins(REPO / "packaging" / "requirements-build.txt")
    windows = _pins(WINDOWS / "requirements-windows.txt")
    assert windows["pyinstaller"] == linux["pyinstaller"]


def test_the_windows_icon_has_every_size_from_16_to_256() -> None:
    with Image.open(REPO / "assets" / "icons" / "hhe-trainer.ico") as icon:
        sizes = set(icon.info["sizes"])
    assert {(16, 16), (24, 24), (32, 32), (48, 48), (256, 256)} <= sizes


def test_the_installer_script_installs_what_its_uninstaller_removes() -> None:
    """Every file the NSIS script puts in $INSTDIR is deleted again by its uninstaller."""
    script = (WINDOWS / "hhe-trainer.nsi").read_text(encoding="utf-8")
    uninstall = script[script.index('Section "Uninstall"'):]
    installed = {"hhe-trainer.exe", "hhe-trainer-cli.exe", "site.toml.example",
                 "installing.md", "uninstall.exe"}
    for name in installed:
        assert f'Delete "$INSTDIR\\{name}"' in uninstall, f"the uninstaller leaves {name}"
    assert 'RMDir /r "$INSTDIR\\_internal"' in uninstall
    for source in re.findall(r'File (?:"/oname=[^"]+" )?"\$\{ROOT\}/([^"]+)"', script):
        assert (REPO / source).is_file(), f"hhe-trainer.nsi packs {source}, which is missing"
