"""Fixtures for the real-window tests: an X screen per test, torn down after it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from realx_support import XScreen, require_tools

SIZES = {"1366x768": (1366, 768), "1080p": (1920, 1080), "4k": (3840, 2160)}


@pytest.fixture
def x_screen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[XScreen]:
    """Xvfb + openbox at 1920x1080, or at the size named by indirect parametrization."""
    require_tools()
    width, height = SIZES[getattr(request, "param", "1080p")]
    logs = tmp_path / "x-logs"
    logs.mkdir()
    screen = XScreen(width, height, logs)
    yield screen
    screen.close()
