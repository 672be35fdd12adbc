"""The installers, built and run for real (``make test-package``; minutes, network, root).

One build per session: the wheel into a fresh venv, the PyInstaller bundle and
the .deb. Each installed form must pass ``hhe-trainer --self-check`` headless
(database in a temporary folder, every lesson and rule set, one table drawn
offscreen), and nothing may be written inside the installation.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer import __version__

REPO = Path(__file__).resolve().parents[2]
BUNDLE = REPO / "dist" / "hhe-trainer"
BUNDLE_LIMIT_MB = 150

pytestmark = [pytest.mark.slow, pytest.mark.package]


def _headless_env(home: Path) -> dict[str, str]:
    """No display, a private data folder, no site file of this machine."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # the self-check must choose offscreen itself
    env["HHE_TRAINER_HOME"] = str(home)
    env["HHE_TRAINER_SITE"] = str(home / "no-site.toml")
    return env


def _tree_digest(folder: Path) -> str:
    """Names, sizes and times of every file: changes when anything is written there."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        stat = path.lstat()
        digest.update(f"{path.relative_to(folder)} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload]
    assert result.returncode == 0, (
        f"{' '.join(command)} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    )
    return result


@pytest.fixture(scope="session")
def built() -> Iterator[Path]:
    """``make package``: the bundle and the .deb, built once for the session."""
    started = time.perf_counter()
    env = dict(os.environ, PYTHON=os.environ.get("PYTHON", "python3"))
    _run(["packaging/linux/install-build-deps.sh"], cwd=REPO, env=env)
    _run(["packaging/build_bundle.sh"], cwd=REPO, env=env)
    _run(["packaging/linux/build_deb.sh"], cwd=REPO, env=env)
    (deb,) = (REPO / "dist").glob(f"hhe-trainer_{__version__}_*.deb")
    print(f"\nbuilt the bundle and {deb.name} in {time.perf_counter() - started:.0f} s")
    yield deb


def test_the_bundle_passes_its_self_check_headless(built: Path, tmp_path: Path) -> None:
    before = _tree_digest(BUNDLE)
    result = _run([str(BUNDLE / "hhe-trainer"), "--self-check"], env=_headless_env(tmp_path))
    assert "self-check passed" in result.stdout
    assert "(frozen;" in result.stdout
    assert "15 lessons" in result.stdout or " lessons (" in result.stdout
    assert "platform 'offscreen'" in result.stdout
    assert _tree_digest(BUNDLE) == before, "the self-check wrote inside the bundle"


def test_the_bundle_runs_the_settle_command(built: Path, tmp_path: Path) -> None:
    generated = _run(
        [str(BUNDLE / "hhe-trainer"), "generate", "--count", "3", "--seed", "1"],
        env=_headless_env(tmp_path),
    )
    settled = _run(
        [str(BUNDLE / "hhe-trainer"), "settle", "--jobs", "2"],
        input=generated.stdout,
        env=_headless_env(tmp_path),
    )
    assert len(settled.stdout.splitlines()) == 3


def test_the_bundle_is_under_the_size_target(built: Path) -> None:
    size = sum(p.stat().st_size for p in BUNDLE.rglob("*") if p.is_file() and not p.is_symlink())
    assert size < BUNDLE_LIMIT_MB * 1024 * 1024, f"bundle is {size / 2**20:.0f} MB"


def test_the_bundle_carries_only_the_qt_modules_the_app_imports(built: Path) -> None:
    qt_libs = {p.name.split(".")[0] for p in (BUNDLE / "_internal").glob("libQt6*.so*")}
    assert qt_libs <= {"libQt6Core", "libQt6Gui", "libQt6Widgets", "libQt6DBus", "libQt6XcbQpa"}
    modules = {p.name.split(".")[0] for p in (BUNDLE / "_internal" / "PySide6").glob("Qt*.so")}
    assert modules == {"QtCore", "QtGui", "QtWidgets"}


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chroot needs root")
def test_the_deb_installs_with_dpkg_in_a_clean_root_and_passes_the_self_check(
    built: Path,
) -> None:
    started = time.perf_counter()
    result = subprocess.run(
        ["packaging/linux/test_deb_in_chroot.sh", str(built)],
        cwd=REPO,
        text=True,
        capture_output=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "self-check passed" in result.stdout
    assert "test_deb: passed" in result.stdout
    print(f"\nchroot install test: {time.perf_counter() - started:.0f} s")


def test_an_installed_wheel_finds_its_lessons_and_passes_the_self_check(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    _run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         str(REPO)],
        cwd=tmp_path,
    )
    data = tmp_path / "data"
    result = _run([str(venv / "bin" / "hhe-trainer"), "--self-check"], cwd=tmp_path,
                  env=_headless_env(data))
    assert "self-check passed" in result.stdout
    assert "site-packages/trainer/lessons_data" in result.stdout
