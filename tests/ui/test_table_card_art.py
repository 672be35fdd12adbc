"""Card art drawn with QPainter: every card, the back, the deck's colours, and the
device-resolution picture cache the table draws through."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from trainer.engine.cards import DECK, parse_card
from trainer.ui.table.card_art import paint_card
from trainer.ui.table.render_cache import RenderCache

pytestmark = pytest.mark.qt_log_level_fail("WARNING")

CARD = QRectF(4, 4, 100, 140)


@pytest.fixture
def image(qapp: QApplication) -> Iterator[QImage]:
    picture = QImage(108, 148, QImage.Format.Format_ARGB32_Premultiplied)
    picture.fill(QColor("#0d6a3c"))
    yield picture


def draw(image: QImage, text: str | None, *, four_colour: bool = False,
         face_up: bool = True) -> QImage:
    image.fill(QColor("#0d6a3c"))
    painter = QPainter(image)
    paint_card(painter, CARD, parse_card(text) if text else None, four_colour=four_colour,
               face_up=face_up)
    painter.end()
    return image


def ink(image: QImage) -> set[str]:
    """The strong colours on the card's face: 'red', 'blue', 'green', 'black'."""
    found = set()
    for y in range(10, 140, 2):
        for x in range(10, 100, 2):
            c = image.pixelColor(x, y)
            r, g, b = c.red(), c.green(), c.blue()
            if r < 60 and g < 60 and b < 60:
                found.add("black")
            elif r > 150 and g < 80 and b < 90:
                found.add("red")
            elif b > 150 and r < 80:
                found.add("blue")
            elif g > 100 and r < 60 and b < 90:
                found.add("green")
    return found


def test_every_card_and_the_back_draw_on_a_white_card(image: QImage) -> None:
    for card in DECK:
        draw(image, card.text)
        assert image.pixelColor(54, 9).lightness() > 240, f"{card} has a white face"
    draw(image, None)
    assert image.pixelColor(54, 74).red() > image.pixelColor(54, 74).green(), "a red back"


@pytest.mark.parametrize(
    ("card", "two_colour", "four_colour"),
    [("9s", "black", "black"), ("9h", "red", "red"), ("9d", "red", "blue"),
     ("9c", "black", "green")],
)
def test_four_colour_deck(image: QImage, card: str, two_colour: str, four_colour: str) -> None:
    assert ink(draw(image, card)) == {two_colour}
    assert ink(draw(image, card, four_colour=True)) == {four_colour}


def test_a_face_down_card_shows_the_back(image: QImage) -> None:
    back = draw(image, None).copy()
    assert draw(image, "As", face_up=False) == back


def test_the_cache_draws_what_the_vectors_draw_and_shares_pictures(qapp: QApplication) -> None:
    cache = RenderCache()
    ace = parse_card("Ah")

    def paint(painter: QPainter) -> None:
        paint_card(painter, CARD, ace)

    def render(through_cache: bool, scale: float) -> QImage:
        picture = QImage(int(112 * scale), int(152 * scale),
                         QImage.Format.Format_ARGB32_Premultiplied)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(scale, scale)
        if through_cache:
            cache.draw(painter, ("card", "Ah"), CARD.adjusted(-2, -2, 2, 2), paint)
        else:
            paint(painter)
        painter.end()
        return picture

    for scale in (1.0, 0.66, 2.0):
        direct, cached = render(False, scale), render(True, scale)
        differing = sum(
            1
            for y in range(0, direct.height(), 2)
            for x in range(0, direct.width(), 2)
            if abs(direct.pixelColor(x, y).red() - cached.pixelColor(x, y).red()) > 64
        )
        assert differing < direct.width() * direct.height() / 4 * 0.01, scale
    assert (cache.misses, cache.hits) == (3, 0), "one picture per scale"
    render(True, 2.0)
    assert (cache.misses, cache.hits) == (3, 1), "the same look at the same scale is reused"


def _draw_card(cache: RenderCache, name: str, scale: float) -> None:
    picture = QImage(int(112 * scale), int(152 * scale), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(picture)
    painter.scale(scale, scale)
    card = parse_card(name)
    cache.draw(painter, ("card", name), CARD,
               lambda p: paint_card(p, CARD, card))
    painter.end()


def test_the_cache_stays_inside_its_byte_limit_dropping_the_oldest_picture(
    qapp: QApplication,
) -> None:
    card_bytes = 100 * 140 * 4  # a card drawn at scale 1
    cache = RenderCache(limit_bytes=3 * card_bytes + 10)
    for name in ("Ah", "Kh", "Qh", "Jh"):
        _draw_card(cache, name, 1.0)
    assert len(cache) == 3
    _draw_card(cache, "Kh", 1.0)  # still there: a hit
    assert cache.hits == 1
    _draw_card(cache, "Ah", 1.0)  # the oldest was dropped: drawn again
    assert cache.misses == 5


def test_the_cache_grows_with_the_largest_view_and_never_below_full_hd(
    qapp: QApplication,
) -> None:
    cache = RenderCache()
    full_hd = cache.limit_bytes
    cache.fit_to_view(1280 * 720)
    assert cache.limit_bytes == full_hd
    cache.fit_to_view(3840 * 2160)  # 4K: four times the pixels of Full HD
    assert cache.limit_bytes == 4 * full_hd
    cache.fit_to_view(1920 * 1080)  # a smaller second view does not shrink it
    assert cache.limit_bytes == 4 * full_hd
