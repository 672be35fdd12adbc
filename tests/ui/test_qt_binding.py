"""The Qt binding in use keeps Python's reference counts straight.

PySide6-Essentials 6.12.0 on CPython 3.11 returned None from void methods
without a new reference, so painting aborted the interpreter ("none_dealloc").
pyproject.toml excludes it; this test fails on any binding with the fault.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QColor


def test_void_qt_calls_do_not_drop_references_to_none() -> None:
    colour = QColor(10, 20, 30)
    before = sys.getrefcount(None)
    for _ in range(500):
        colour.setAlpha(200)
    # Other code may take or drop a handful of references meanwhile; the fault
    # drops exactly one per call.
    assert sys.getrefcount(None) > before - 100
