"""On a 4K screen everything a trainee reads takes the answer panel's size: the refusal
under the answer field, the menus, the status bar, Settings and the F1 sheet (issue 19,
item 17: they stayed at the desktop's 96-dpi size, the refusal ~11 px under a 35 px
question). On a laptop's screen nothing grows.

The panel's text is 1/60 of its window's height: 2100 // 60 = 35 px for a 4K window
(2160 less a task bar), 740 // 60 = 12 px for a 1366x768 one, never below the
desktop's own size.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from trainer.training.session import TrainingSettings
from trainer.ui.main_window import MainWindow
from trainer.ui.settings_dialog import SettingsDialog

pytestmark = pytest.mark.qt_log_level_fail("WARNING")


def px(widget: QWidget) -> int:
    return QFontInfo(widget.font()).pixelSize()


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow(TrainingSettings(seed=7, sound=False))
    qtbot.addWidget(main)
    main.show()
    main.setWindowState(Qt.WindowState.WindowNoState)
    yield main
    if main.help_window is not None:
        main.help_window.close()


def sized(qtbot: QtBot, window: MainWindow, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.height() == height)
    QApplication.processEvents()


def test_at_4k_the_refusal_menus_status_bar_settings_and_f1_read_at_the_panels_size(
        qtbot: QtBot, window: MainWindow) -> None:
    sized(qtbot, window, 3840, 2100)
    panel = window.panel
    assert panel.text_px == 35
    panel.error.setText("That is not an amount: type 15, $15.00, p or t.")
    assert px(panel.error) == 35 and panel.error.font().bold()
    assert px(window.menuBar()) == 35
    assert px(window.statusBar()) == 35
    menus = window.menuBar().findChildren(QMenu)
    assert menus and all(px(menu) == 35 for menu in menus)

    settings = SettingsDialog(window.settings, window)
    qtbot.addWidget(settings)
    assert px(settings) == 35 and px(settings.four_colour) == 35

    window.open_help()
    sheet = window.help_window
    assert sheet is not None
    assert px(sheet) == 35 and px(sheet.keys) == 35
    # The sheet grows with its text (640 px wide at the desktop's size), within nine
    # tenths of its screen (the offscreen test screen is small); with no room beside
    # the window it is narrowed to the room right of the board, never below what its
    # text needs.
    desktop = QFontInfo(QApplication.font()).pixelSize()
    screen = sheet.screen().availableGeometry()
    grown = min(round(640 * 35 / desktop), int(screen.width() * 0.9))
    board_right = window.table.mapToGlobal(window.table.rect().topRight()).x()
    assert sheet.width() >= sheet.minimumSizeHint().width()
    assert sheet.width() >= grown or sheet.frameGeometry().left() > board_right


def test_on_a_laptop_screen_nothing_grows(qtbot: QtBot, window: MainWindow) -> None:
    desktop = QFontInfo(QApplication.font()).pixelSize()
    sized(qtbot, window, 1366, 740)
    assert window.panel.text_px == max(desktop, 740 // 60)
    assert px(window.menuBar()) == window.panel.text_px
    assert px(window.panel.error) == window.panel.text_px


def test_the_size_follows_the_window_back_down(qtbot: QtBot, window: MainWindow) -> None:
    desktop = QFontInfo(QApplication.font()).pixelSize()
    sized(qtbot, window, 3840, 2100)
    sized(qtbot, window, 1366, 740)
    small = max(desktop, 740 // 60)
    assert window.panel.text_px == small
    assert px(window.menuBar()) == small and px(window.statusBar()) == small
    assert all(px(menu) == small for menu in window.menuBar().findChildren(QMenu))
