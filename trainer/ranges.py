"""The one range check for a number read from a person's file (no Qt).

TOML and JSON readers (the site file, a lesson, settings.json) hand over
``bool`` (a subclass of ``int``), floats that are NaN or infinite and ints of
any size; :func:`in_range` refuses all of those where a number is expected.
"""

from __future__ import annotations

import math


def in_range(value: object, low: float, high: float, *, whole: bool = False) -> bool:
    """Whether ``value`` is a number (not true/false, not NaN or infinity) from low to high;
    ``whole``: an integer."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and (whole or not math.isfinite(value)):
        return False
    return low <= value <= high
