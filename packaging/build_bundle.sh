#!/usr/bin/env bash
# Build the one-folder bundle dist/hhe-trainer/ with PyInstaller (Linux, macOS).
#
# The bundle is built from a CLEAN virtual environment, build/bundle-venv,
# made afresh each time and holding only the app (`pip install .`, with the
# dependencies pyproject.toml names) and PyInstaller: never the development
# .venv (pytest, hypothesis, ruff...) and never a system-wide PySide6.
#
#   packaging/build_bundle.sh            # PYTHON=python3.11 to choose the interpreter
#
# Windows: see packaging/windows/BUILD.md (the same steps in PowerShell).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=build/bundle-venv

"$PYTHON" - <<'EOF'
import sys, sysconfig
if sys.version_info < (3, 11):
    sys.exit(f"build_bundle: Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
if sys.platform.startswith("linux") and not sysconfig.get_config_var("Py_ENABLE_SHARED"):
    sys.exit("build_bundle: PyInstaller needs a Python built with --enable-shared"
             " (Debian's python3 is; for pyenv: PYTHON_CONFIGURE_OPTS=--enable-shared)")
EOF

echo "build_bundle: clean environment in $VENV"
rm -rf "$VENV" build/pyinstaller dist/hhe-trainer build/lib build/bdist.*
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check . \
    -r packaging/requirements-build.txt
rm -rf build/lib build/bdist.*  # setuptools' in-tree wheel staging

# Exactly one Qt binding, and the app's own: a second one breaks PyInstaller.
"$VENV/bin/python" - <<'EOF'
import importlib.util, sys
found = [name for name in ("PySide6", "PyQt6", "PyQt5", "PySide2")
         if importlib.util.find_spec(name) is not None]
if found != ["PySide6"]:
    sys.exit(f"build_bundle: expected only PySide6 in the build environment, found {found}")
import PySide6, trainer
print(f"build_bundle: trainer {trainer.__version__}, PySide6 {PySide6.__version__},"
      f" Python {sys.version.split()[0]}")
EOF

echo "build_bundle: PyInstaller"
# Run from build/, not the checkout's top: there `import trainer` would find
# the checkout instead of the installed wheel (and miss its lessons_data).
ROOT=$(pwd)
(cd build && "$ROOT/$VENV/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" \
    "$ROOT/packaging/hhe-trainer.spec")

case "$(uname -s)" in
    Darwin) echo "build_bundle: dist/HHE Trainer.app" ;;
    *) echo "build_bundle: dist/hhe-trainer/ ($(du -sh dist/hhe-trainer | cut -f1))" ;;
esac
