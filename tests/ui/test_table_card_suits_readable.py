"""Suits stay readable on the smallest cards a trainee meets: a hole card at 1366x768
is about 54 px wide (76 of the 1920-unit scene). At the old sizes a trainee read J\u2666
for J\u2665 and 2\u2663 for 2\u2660 in the two-colour deck (issue 19, item 23).

Each figure is measured on the picture: the height of the corner suit's ink, of a
2's pip and of the suit on a court card's panel, in device pixels.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from trainer.engine.cards import parse_card
from trainer.training.session import TrainingSettings
from trainer.ui.settings_dialog import SettingsDialog
from trainer.ui.table.card_art import paint_card
from trainer.ui.table.layout import HOLE_H, HOLE_W, SCENE_RECT

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

SCALE = 1366 / SCENE_RECT.width()
WIDTH, HEIGHT = HOLE_W * SCALE, HOLE_H * SCALE  # 54 x 75.6 px


def picture(card: str) -> QImage:
    image = QImage(int(WIDTH) + 2, int(HEIGHT) + 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#0d6a3c"))
    painter = QPainter(image)
    paint_card(painter, QRectF(0, 0, WIDTH, HEIGHT), parse_card(card))
    painter.end()
    return image


def inked(colour: QColor) -> bool:
    """Suit ink, red or black (not the white card, the cream panel or its gold)."""
    r, g, b = colour.red(), colour.green(), colour.blue()
    return (r > 150 and g < 110 and b < 120) or (r < 110 and g < 110 and b < 110)


def ink_height(image: QImage, left: float, right: float, top: float, bottom: float) -> int:
    """Rows holding ink in the box (shares of the card's width and height)."""
    rows = [y for y in range(round(top * HEIGHT), round(bottom * HEIGHT))
            if any(inked(image.pixelColor(x, y))
                   for x in range(round(left * WIDTH), round(right * WIDTH)))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("card", ["Jd", "Jh", "2c", "2s", "Qc", "Kd"])
def test_the_corner_suit_of_a_hole_card_at_1366x768_is_at_least_13_px(
        qapp: QApplication, card: str) -> None:
    # Under the corner's rank (which ends at 0.235 of the height), left of any pip.
    assert ink_height(picture(card), 0.0, 0.25, 0.25, 0.5) >= 13


@pytest.mark.parametrize("card", ["2c", "2s", "3d", "3h"])
def test_the_pips_of_a_two_or_three_are_at_least_11_px(qapp: QApplication, card: str) -> None:
    # The top pip, in the middle column, above the card's middle.
    assert ink_height(picture(card), 0.4, 0.6, 0.1, 0.45) >= 11


@pytest.mark.parametrize("card", ["Jd", "Jh", "Qs", "Kc"])
def test_the_suit_on_a_court_cards_panel_is_at_least_9_px(qapp: QApplication, card: str) -> None:
    # Right of the letter, inside the panel's frame, in its upper half.
    assert ink_height(picture(card), 0.52, 0.7, 0.12, 0.48) >= 9


def test_settings_say_what_the_four_colour_deck_changes(qtbot: QtBot) -> None:
    dialog = SettingsDialog(TrainingSettings())
    qtbot.addWidget(dialog)
    text = dialog.four_colour.text()
    assert "diamonds blue" in text and "clubs green" in text
