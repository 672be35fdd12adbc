#!/usr/bin/env sh
# What `make test` needs beyond .venv to use the trainer as a person does: a
# real X server (Xvfb), a window manager (openbox), xdotool to press keys and
# move the pointer, xprop to see the window manager is up, and the X11
# libraries Qt's xcb plugin needs (install-system-deps.sh), and poppler-utils
# (pdftotext, pdftoppm) to read the printed reports back page by page, and
# PostgreSQL's server binaries, from which the room tests (tests/room) start a
# throw-away cluster of their own (the package's own cluster is not used). Does nothing when
# all are present; installs them when run as root with apt; otherwise prints
# the one command to run and carries on (the real-window tests then skip,
# except under CI=true, where they fail).
set -eu
here=$(dirname "$0")
PACKAGES="xvfb openbox xdotool x11-utils poppler-utils postgresql"
missing=""
for tool in Xvfb openbox xdotool xprop pdftotext pdftoppm; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing initdb"
if [ -n "$missing" ]; then
    if [ "$(uname -s)" = "Linux" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES >/dev/null
    else
        echo "The real-window tests need:$missing. On Debian/Ubuntu run once:" >&2
        echo "  sudo apt-get install -y $PACKAGES" >&2
        exit 0
    fi
fi
"$here/install-system-deps.sh" || true
