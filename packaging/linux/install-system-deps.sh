#!/usr/bin/env sh
# The X11 libraries Qt's xcb window plugin needs on Debian/Ubuntu that a bare
# machine may lack. `make run` calls this: it does nothing when they are all
# present, installs them when run as root with apt, and otherwise prints the
# one command to run. (Tests use Qt's offscreen platform and need none of this.)
set -eu
PACKAGES="libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libegl1 libgl1 libfontconfig1
libdbus-1-3 fonts-dejavu-core"
plugin=$(ls .venv/lib/python3*/site-packages/PySide6/Qt/plugins/platforms/libqxcb.so 2>/dev/null | head -n 1 || true)
if [ -n "$plugin" ] && ! ldd "$plugin" | grep -q "not found"; then
    exit 0
fi
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
    exit 0  # macOS/Windows ship what Qt needs; other Linux: see the README
fi
if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && apt-get install -y -qq $PACKAGES >/dev/null
else
    echo "Qt needs a few system libraries to open a window. Run once:" >&2
    echo "  sudo apt-get install -y $(echo $PACKAGES)" >&2
    exit 1
fi
