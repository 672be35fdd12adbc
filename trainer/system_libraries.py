"""The Linux system libraries Qt needs to open a window, and the command that installs them.

PySide6's wheels carry Qt but not the X11/xcb libraries of the system. Without
``libxcb-cursor0`` Qt aborts the process with its own terse message (exit 134)
before any window can explain anything. A start checks for these libraries
first and, when any is missing, names them and the one ``apt-get`` command
that installs them (the same list ``packaging/linux/install-system-deps.sh``
installs for ``make run``). No Qt here: this runs before Qt is loaded.

``python -m trainer.system_libraries`` prints the Debian packages still missing.
"""

from __future__ import annotations

import ctypes
import os
import sys

from trainer.i18n import _

LIBRARY_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}
"""Shared library -> the Debian/Ubuntu package that provides it."""
FONT_PACKAGE = "fonts-dejavu-core"
"""A font the table's print is measured with, on a bare machine."""


def needs_window_libraries() -> bool:
    """On Linux, unless Qt is told to use a platform without X (offscreen, wayland...)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    return sys.platform.startswith("linux") and platform in ("", "xcb")


def missing_libraries() -> list[str]:
    """The libraries of :data:`LIBRARY_PACKAGES` that cannot be loaded here."""
    missing = []
    for library in LIBRARY_PACKAGES:
        try:
            ctypes.CDLL(library)
        except OSError:
            missing.append(library)
    return missing


def install_command(libraries: list[str]) -> str:
    packages = sorted({LIBRARY_PACKAGES[library] for library in libraries})
    return "sudo apt-get install -y " + " ".join(packages)


def missing_libraries_message() -> str | None:
    """A paragraph naming the missing libraries and the command; None when all are there."""
    if not needs_window_libraries():
        return None
    missing = missing_libraries()
    if not missing:
        return None
    return _(
        "The trainer cannot open its window: this computer lacks system libraries that Qt"
        " needs ({libraries}).\nOn Debian or Ubuntu, install them once with:\n  {command}\n"
        "(Other Linux systems: install the packages that provide these libraries.)",
        libraries=", ".join(missing), command=install_command(missing))


def main() -> int:
    """Print the packages to install (nothing when all are there)."""
    packages = {LIBRARY_PACKAGES[library] for library in missing_libraries()}
    if packages:
        print(" ".join(sorted(packages | {FONT_PACKAGE})))
    return 0


if __name__ == "__main__":
    sys.exit(main())
