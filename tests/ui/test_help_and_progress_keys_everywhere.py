"""Issue 19, item 24: F1 opens beside the board, not over it; Ctrl+D is on the F1 key
list; Ctrl+P and F1 work from the course window and My progress too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
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


def _main_board_sheet(qtbot: QtBot, sheet_width: int) -> tuple[QWidget, QWidget, QWidget]:
    main, sheet = QWidget(), QWidget()
    for widget in (main, sheet):
        qtbot.addWidget(widget)
    board = QWidget(main)
    board.setGeometry(0, 0, 200, 300)
    sheet.resize(sheet_width, 400)
    return main, board, sheet


def test_help_goes_beside_the_window_where_there_is_room(qtbot: QtBot) -> None:
    """The offscreen screen is 800 px wide: a 300 px window at the left has about 500 px
    on its right for a 400 px sheet; moved to x=450, the room is on its left."""
    main, board, sheet = _main_board_sheet(qtbot, 400)
    main.setGeometry(0, 0, 300, 300)
    main.show()
    place_beside(sheet, main, board)
    assert sheet.x() == main.frameGeometry().right() + 1 and sheet.width() == 400
    main.move(450, 0)
    place_beside(sheet, main, board)
    assert sheet.x() + sheet.frameGeometry().width() == main.frameGeometry().left()


def test_help_beside_a_window_filling_the_screen_covers_the_panel_not_the_board(
        qtbot: QtBot) -> None:
    main, board, sheet = _main_board_sheet(qtbot, 350)
    board.setGeometry(0, 0, 400, 600)  # the board's right edge at x=399, the panel after
    main.setGeometry(main.screen().availableGeometry())
    main.show()
    place_beside(sheet, main, board)
    board_right = board.mapToGlobal(board.rect().topRight()).x()
    assert sheet.x() == board_right + 1  # over the panel, the board untouched
    wide = QWidget()
    qtbot.addWidget(wide)
    wide.resize(600, 400)  # wider than the panel: against the screen's right edge
    place_beside(wide, main, board)
    assert wide.x() + wide.frameGeometry().width() - 1 == 799


def test_f1_from_the_practice_window_is_placed_beside_it(window: MainWindow) -> None:
    window.open_help()
    sheet = window.help_window
    assert sheet is not None and sheet.isVisible()
    board = window.table
    board_right = board.mapToGlobal(board.rect().topRight()).x()
    screen = window.screen().availableGeometry()
    # On the 800 px offscreen screen the window fills it and the sheet is wider than
    # the panel: against the screen's right edge (give or take its frame), not centred.
    frame = sheet.frameGeometry()
    assert screen.right() - 8 <= frame.right() <= screen.right()
    assert sheet.x() <= board_right + 1
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
