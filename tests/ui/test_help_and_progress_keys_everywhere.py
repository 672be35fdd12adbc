"""Issue 19, item 24: F1 opens beside the board, not over it; Ctrl+D is on the F1 key
list; Ctrl+P and F1 work from the course window and My progress too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from trainer.storage.database import open_database
from trainer.training.session import TrainingSettings
from trainer.ui.course import open_course
from trainer.ui.help_window import HelpWindow
from trainer.ui.main_window import MainWindow, place_beside


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    db = open_database()
    trainee = db.create_trainee("Ana")
    main = MainWindow(TrainingSettings(seed=3, sound=False), db=db, trainee_id=trainee)
    qtbot.addWidget(main)
    main.show()
    main.next_hand()
    yield main
    main.close()
    db.close()


def _board_on_screen(main: MainWindow) -> QRect:
    table = main.table
    return QRect(table.mapToGlobal(QPoint(0, 0)), table.size())


def test_help_goes_to_the_side_with_room_narrowed_to_it(qtbot: QtBot) -> None:
    """On the 800 px offscreen screen: a 300 px window at the left gets the sheet on its
    right (about 500 px of room); one at the right, on its left, narrowed to the room."""
    main, sheet = QWidget(), QWidget()
    for widget in (main, sheet):
        qtbot.addWidget(widget)
    board = QWidget(main)
    board.setGeometry(0, 0, 200, 300)
    sheet.resize(500, 400)
    main.setGeometry(0, 0, 300, 300)
    main.show()
    place_beside(sheet, main, board)
    right = main.frameGeometry().right()  # about 300 (the frame adds a few pixels)
    assert (sheet.x(), sheet.width()) == (right + 1, min(500, 799 - right))
    main.move(450, 0)
    place_beside(sheet, main, board)
    assert sheet.x() + sheet.width() == main.frameGeometry().left()
    assert sheet.width() == main.frameGeometry().left() and sheet.x() == 0


def test_f1_beside_a_window_filling_the_screen_covers_the_panel_not_the_board(
        qtbot: QtBot, window: MainWindow) -> None:
    window.setGeometry(window.screen().availableGeometry())
    window.open_help()
    sheet = window.help_window
    assert sheet is not None and sheet.isVisible()
    assert not sheet.frameGeometry().intersects(_board_on_screen(window))
    panel = window.panel
    assert sheet.frameGeometry().intersects(QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size()))
    sheet.close()


def test_the_f1_key_list_names_ctrl_d(window: MainWindow) -> None:
    window.open_help()
    assert window.help_window is not None
    keys = window.help_window.keys.toPlainText()
    assert "Ctrl+D" in keys and "practise what is due" in keys
    window.help_window.close()


def test_ctrl_p_and_f1_work_from_the_course_window(qtbot: QtBot, window: MainWindow,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    course = open_course(window)
    course.activateWindow()
    qtbot.waitUntil(course.isActiveWindow)
    opened: list[str] = []
    monkeypatch.setattr(QDialog, "exec", lambda dialog: opened.append(dialog.windowTitle()))
    qtbot.keyClick(course, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert opened == ["My progress"]
    qtbot.keyClick(course, Qt.Key.Key_F1)
    assert window.help_window is not None and window.help_window.isVisible()
    window.help_window.close()
    course.close()


def test_f1_works_from_my_progress(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.progress_dialog()
    assert dialog is not None
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_F1)
    sheets = [w for w in QApplication.topLevelWidgets()
              if isinstance(w, HelpWindow) and w.isVisible()]
    assert len(sheets) == 1 and sheets[0].parent() is dialog
    assert "Ctrl+N" in sheets[0].keys.toPlainText()
    dialog.close()
    dialog.deleteLater()
