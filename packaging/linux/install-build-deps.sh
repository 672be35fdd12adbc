#!/usr/bin/env sh
# What `make package` needs on a Debian/Ubuntu build machine besides Python 3.11+
# with a shared libpython (Debian's python3 is): dpkg-deb, fakeroot, file,
# objdump, and python3-venv. Installs the missing ones when run as root with
# apt, otherwise prints the one command to run.
set -eu
missing=""
command -v dpkg-deb >/dev/null 2>&1 || missing="$missing dpkg-dev"
command -v fakeroot >/dev/null 2>&1 || missing="$missing fakeroot"
command -v file >/dev/null 2>&1 || missing="$missing file"
command -v objdump >/dev/null 2>&1 || missing="$missing binutils"
${PYTHON:-python3} -c "import ensurepip, venv" >/dev/null 2>&1 || missing="$missing python3-venv"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "install-build-deps: apt-get install$missing"
    apt-get install -y -qq $missing >/dev/null
else
    echo "make package needs:$missing. Run once:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
