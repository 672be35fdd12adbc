"""Save the whole X screen named by $DISPLAY as a PNG: ``python grab_screen.py out.png``."""

from __future__ import annotations

import sys

from PySide6.QtGui import QGuiApplication


def main() -> int:
    app = QGuiApplication(["grab_screen", "-platform", "xcb"])
    screen = app.primaryScreen()
    picture = screen.grabWindow(0)
    return 0 if picture.save(sys.argv[1], "PNG") else 1


if __name__ == "__main__":
    sys.exit(main())
