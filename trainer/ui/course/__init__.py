"""The course (issue 5): lessons in order, worked examples, drills, rulings and mastery.

The widgets are imported on first use, so :mod:`trainer.ui.course.plan` and
:mod:`trainer.ui.course.account` (no Qt) can be imported without PySide6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.ui.course.window import CourseWindow, add_course_menu, open_course

__all__ = ["CourseWindow", "add_course_menu", "open_course"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from trainer.ui.course import window

        return getattr(window, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
