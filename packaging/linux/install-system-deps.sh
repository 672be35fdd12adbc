#!/usr/bin/env sh
# The X11 libraries Qt's xcb window plugin needs on Debian/Ubuntu that a bare
# machine may lack (their list: trainer/system_libraries.py, which a start
# also checks). `make run` calls this: it does nothing when they are all
# present, installs them when run as root with apt, and otherwise prints the
# one command to run.
set -eu
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
    exit 0  # macOS/Windows ship what Qt needs; other Linux: see the README
fi
PACKAGES=$(.venv/bin/python -m trainer.system_libraries)
if [ -z "$PACKAGES" ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES >/dev/null
else
    echo "Qt needs a few system libraries to open a window. Run once:" >&2
    echo "  sudo apt-get install -y $PACKAGES" >&2
    exit 1
fi
