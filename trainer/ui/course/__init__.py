"""The course (issue 5): lessons in order, worked examples, drills, rulings and mastery."""

from trainer.ui.course.window import CourseWindow, add_course_menu, open_course

__all__ = ["CourseWindow", "add_course_menu", "open_course"]
