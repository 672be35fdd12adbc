"""The course (issue 5): lessons in order, worked examples, drills, rulings and mastery.

The course's logic is Qt-free, in :mod:`trainer.training.course_plan` and
:mod:`trainer.training.account`; the widgets here are imported on first use.
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
