"""``make run`` installs only what the app imports (``pip install -e .``); ``make test``
adds the test toolchain (``.[test]``) to the same .venv, and each step is remembered by
its own stamp file, so ``make run`` then ``make test`` works from a fresh clone
(issue 19, item 25). Checked with ``make -n`` (what make would run, nothing run)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

APP_INSTALL = "pip install --quiet -e .\n"
TEST_INSTALL = 'pip install --quiet -e ".[test]"'


def _plan(clone: Path, target: str) -> str:
    done = subprocess.run(["make", "-n", target], cwd=clone, capture_output=True, text=True,
                          check=True, timeout=60)
    return done.stdout


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh clone as far as make can tell: the Makefile and pyproject.toml, no .venv."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(REPO_ROOT / name, tmp_path / name)
    return tmp_path


def test_make_run_on_a_fresh_clone_installs_the_app_without_the_test_tools(clone: Path) -> None:
    plan = _plan(clone, "run")
    assert "-m venv .venv" in plan
    assert APP_INSTALL in plan
    assert TEST_INSTALL not in plan
    assert ".venv/bin/hhe-trainer" in plan


def test_make_test_on_a_fresh_clone_installs_the_app_then_the_test_tools(clone: Path) -> None:
    plan = _plan(clone, "test")
    # "-m pytest", the command: under `make test` itself the nested make also prints
    # "Entering directory '/tmp/pytest-of-…'", which holds the bare word.
    assert plan.index(APP_INSTALL) < plan.index(TEST_INSTALL) < plan.index("-m pytest")


def test_make_test_after_make_run_adds_only_the_test_tools(clone: Path) -> None:
    venv = clone / ".venv"
    venv.mkdir()
    (venv / ".installed-app").touch()  # what `make run` left (newer than pyproject.toml)
    plan = _plan(clone, "test")
    assert "-m venv" not in plan
    assert APP_INSTALL not in plan
    assert TEST_INSTALL in plan
    (venv / ".installed-test").touch()
    assert "pip install" not in _plan(clone, "test") + _plan(clone, "run")
