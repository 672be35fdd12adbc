"""The storage layer is headless: importing it loads no Qt."""

from __future__ import annotations

import subprocess

from storage_support import REPO_ROOT, child_env, python


def test_importing_storage_loads_no_qt() -> None:
    code = (
        "import sys, trainer.storage, trainer.storage.exchange;"
        "qt = [m for m in sys.modules if m.startswith(('PySide', 'PyQt', 'shiboken'))];"
        "print(qt)"
    )
    result = subprocess.run(
        [*python(), code],
        cwd=REPO_ROOT,
        env=child_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[]"
