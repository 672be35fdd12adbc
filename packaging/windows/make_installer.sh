#!/usr/bin/env bash
# Pack a Windows bundle into the installer with makensis (NSIS 3, native on Linux).
#
#   packaging/windows/make_installer.sh BUNDLE VERSION OUT.exe
#
# BUNDLE is the PyInstaller folder holding hhe-trainer.exe, hhe-trainer-cli.exe
# and _internal\ (build_windows.sh makes it). The installer and its
# uninstaller are signed when sign.sh has a certificate (see sign.sh).
# build_windows.sh calls this; the test calls it again to make "the previous
# version" it upgrades from.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

[ $# -eq 3 ] || { sed -n '4p' "$0" >&2; exit 2; }
BUNDLE=$(cd "$1" && pwd); VERSION=$2; OUT=$3
for file in hhe-trainer.exe hhe-trainer-cli.exe _internal; do
    [ -e "$BUNDLE/$file" ] || { echo "make_installer: $BUNDLE has no $file" >&2; exit 1; }
done
command -v makensis >/dev/null || { echo "make_installer: makensis is missing (apt-get install nsis)" >&2; exit 1; }
# Windows wants four numbers for a file version: 0.1.0 -> 0.1.0.0, 1.2.3rc1 -> 1.2.3.0
IFS=. read -r -a parts <<<"$(sed -E 's/^([0-9]+(\.[0-9]+)*).*/\1/' <<<"$VERSION")"
while [ ${#parts[@]} -lt 4 ]; do parts+=(0); done
VERSION4="${parts[0]}.${parts[1]}.${parts[2]}.${parts[3]}"

sign=()
if "$HERE/sign.sh" --configured; then sign=(-DSIGN="$HERE/sign.sh"); fi
mkdir -p "$(dirname "$OUT")"
makensis -V2 -NOCD -INPUTCHARSET UTF8 \
    -DVERSION="$VERSION" -DVERSION4="$VERSION4" -DBUNDLE="$BUNDLE" -DROOT="$ROOT" \
    -DOUTFILE="$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")" "${sign[@]}" \
    "$HERE/hhe-trainer.nsi"
echo "make_installer: $OUT ($(du -h "$OUT" | cut -f1))"
