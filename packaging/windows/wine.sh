#!/usr/bin/env bash
# Wine as the Windows build and the test use it (Debian's wine64 8.0).
#
#   packaging/windows/wine.sh init PREFIX           a fresh 64-bit prefix, ready to use
#   packaging/windows/wine.sh run PREFIX PROGRAM [ARG...]   run a Windows program there
#   packaging/windows/wine.sh wait PREFIX           until every program there has ended
#   packaging/windows/wine.sh stop PREFIX           end that prefix's wineserver
#
# "run" exits with the program's exit status. What it takes care of:
# - standard input is /dev/null and standard output and error are pipes: a
#   Windows program under Wine 8 whose output is a regular file (or an odd
#   inherited stdin) gets an invalid handle, and Python then dies in
#   init_sys_streams before running anything;
# - Qt's variables reach the program: Wine passes QT_* variables of Linux
#   only under the name WINEQT_* (so that a Linux Qt's settings do not leak
#   into Windows programs), so each QT_* set here is handed on as WINEQT_*;
# - no Mono/Gecko download prompts (mscoree, mshtml off), no debug chatter;
# - the prefix's C:\windows\system32 has icuuc.dll, which Windows 10 and 11
#   carry and Wine lacks (Qt6Core.dll of Qt 6.10+ needs it to load at all):
#   a stand-in built from wine/icuuc.c, for these prefixes only, never shipped.
#
# PREFIX is a Linux folder; Windows paths inside are C:\..., and the Linux
# file system is drive Z: (winepath -w /some/path gives Z:\some\path).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

export WINEARCH=win64 WINEDEBUG=${WINEDEBUG:--all} WINEDLLOVERRIDES="mscoree,mshtml="
WINE=$(command -v wine || echo /usr/lib/wine/wine64)
[ -x "$WINE" ] || { echo "wine.sh: Wine is missing (packaging/windows/install-build-deps.sh)" >&2; exit 1; }

icuuc() {
    local out="$ROOT/build/windows/icuuc.dll"
    if [ ! -f "$out" ] || [ "$HERE/wine/icuuc.c" -nt "$out" ]; then
        mkdir -p "$(dirname "$out")"
        x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -shared -s -o "$out.tmp" "$HERE/wine/icuuc.c"
        mv "$out.tmp" "$out"
    fi
    echo "$out"
}

command=${1:-}; prefix=${2:-}
[ -n "$command" ] && [ -n "$prefix" ] || { sed -n '4,7p' "$0" >&2; exit 2; }
shift 2
mkdir -p "$prefix"
export WINEPREFIX
WINEPREFIX=$(cd "$prefix" && pwd)

case "$command" in
    init)
        dll=$(icuuc)
        "$WINE" wineboot --init </dev/null >/dev/null 2>&1
        wineserver -w
        cp "$dll" "$WINEPREFIX/drive_c/windows/system32/icuuc.dll"
        ;;
    run)
        [ $# -ge 1 ] || { echo "wine.sh run: which program?" >&2; exit 2; }
        while IFS= read -r name; do export "WINE$name=${!name}"; done \
            < <(compgen -e | grep '^QT_' || true)
        "$WINE" "$@" </dev/null > >(cat) 2> >(cat >&2)
        ;;
    wait)
        # An NSIS uninstaller copies itself to %TEMP% and returns at once: this
        # waits for the copy too.
        wineserver -w
        ;;
    stop)
        wineserver -k 2>/dev/null || true
        ;;
    *)
        echo "wine.sh: unknown command $command (init, run, wait, stop)" >&2; exit 2 ;;
esac
