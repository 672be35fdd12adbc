#!/usr/bin/env sh
# What `make package-windows` (and its test) needs on a Debian/Ubuntu build
# machine besides Python 3.11+ with venv: Wine (runs the Windows Python and
# PyInstaller, and the installed trainer in the test), NSIS's makensis (builds
# the installer natively), osslsigncode (Authenticode signing), the MinGW-w64
# C compiler (builds the Wine prefix's stand-in icuuc.dll, see wine/icuuc.c),
# unzip, openssl (the test's throw-away certificate), and Xvfb with xdotool for
# the test's real window. Installs the missing ones when run as root with apt,
# otherwise prints the one command to run.
set -eu
missing=""
need() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
[ -x /usr/lib/wine/wine64 ] || missing="$missing wine64"
need wine wine
need makensis nsis
need osslsigncode osslsigncode
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64-win32
need unzip unzip
need openssl openssl
need Xvfb xvfb
need xdotool xdotool
${PYTHON:-python3} -c "import ensurepip, venv" >/dev/null 2>&1 || missing="$missing python3-venv"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "install-build-deps (windows): apt-get install$missing"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
    echo "make package-windows needs:$missing. Run once:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
