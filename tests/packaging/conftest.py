"""Package tests build and install the real thing: only when asked (``make test-package``).

Tests marked ``package`` are skipped unless ``HHE_PACKAGE_TESTS=1``: they take
minutes, reach PyPI and Debian's mirror, and the chroot test needs root.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("HHE_PACKAGE_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="builds packages: run `make test-package` (HHE_PACKAGE_TESTS=1)")
    for item in items:
        if item.get_closest_marker("package"):
            item.add_marker(skip)
