"""Suite-wide fixtures: every test gets its own data folder, Qt runs offscreen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing a test does reaches the real user's data folder."""
    folder = tmp_path / "hhe-data"
    monkeypatch.setenv("HHE_TRAINER_HOME", str(folder))
    return folder
