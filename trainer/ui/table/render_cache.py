"""Vector drawings kept as device-resolution pictures while nothing about them changes.

Every item draws with QPainter vectors. Antialiased vector painting is slow in
Qt's software rasteriser (a small rounded rectangle costs ~0.1 ms), so an item
hands its drawing to :class:`RenderCache` under a key that describes what it
looks like (``("card", "Td", face_up, four_colour, ...)``). The drawing is made
once for the current device scale and pixel ratio, into a pixmap exactly as
large as it appears on screen, and copied at whole device pixels afterwards:
as sharp as drawing it directly, at any size and on HiDPI screens, because a
new view scale or pixel ratio is a new key and is drawn afresh from vectors.
Items that look alike share one picture (the six empty Pocket Bonus spots).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

Draw = Callable[[QPainter], None]


FULL_HD_PIXELS = 1920 * 1080
BYTES_PER_FULL_HD = 12 * 1024 * 1024
"""Cache size for a Full-HD view: one table's drawings and a few hands' chips, cards
and settlements. Measured over 300 answered rounds at 1080p: 12 MB reuses 95.8% of
pictures, 48 MB 96.5% but grows the process by 30 MB (each round's settlement draws
chips and amounts never seen again), 8 MB 93%; more only grows memory."""


class RenderCache:
    """A least-recently-used store of drawings, bounded by their size in bytes."""

    def __init__(self, limit_bytes: int = BYTES_PER_FULL_HD) -> None:
        self._limit = limit_bytes
        self._bytes = 0
        self._pixmaps: OrderedDict[Hashable, QPixmap] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @property
    def limit_bytes(self) -> int:
        return self._limit

    def fit_to_view(self, device_pixels: int) -> None:
        """Size the cache for the largest view showing it: the Full-HD budget
        scaled by the view's device pixels (a 4K view draws everything 4x
        larger). It only grows: a smaller second view does not shrink it."""
        wanted = round(BYTES_PER_FULL_HD * device_pixels / FULL_HD_PIXELS)
        self._limit = max(self._limit, wanted)

    def _trim(self) -> None:
        while self._bytes > self._limit and len(self._pixmaps) > 1:
            _, old = self._pixmaps.popitem(last=False)
            self._bytes -= old.width() * old.height() * 4

    def clear(self) -> None:
        self._pixmaps.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._pixmaps)

    def draw(self, painter: QPainter, key: Hashable, rect: QRectF, draw: Draw) -> None:
        """Paint ``draw`` (which paints inside ``rect``, item coordinates) through the cache."""
        world = painter.worldTransform()
        if world.type().value > QTransform.TransformationType.TxScale.value or rect.isEmpty():
            draw(painter)  # rotated or sheared: no cache, paint the vectors directly
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        target = world.mapRect(rect)
        left = math.floor(target.left() * ratio)
        top = math.floor(target.top() * ratio)
        width = math.ceil(target.right() * ratio) - left
        height = math.ceil(target.bottom() * ratio) - top
        if width <= 0 or height <= 0:
            return
        # Where the drawing falls inside its first device pixel, to a 1/4 pixel.
        offset_x = round((target.left() * ratio - left) * 4) / 4
        offset_y = round((target.top() * ratio - top) * 4) / 4
        full_key = (key, round(world.m11(), 5), round(world.m22(), 5), ratio, width, height,
                    offset_x, offset_y, rect.width(), rect.height())
        pixmap = self._pixmaps.get(full_key)
        if pixmap is None:
            self.misses += 1
            pixmap = self._render(full_key, world, rect, ratio, width, height,
                                  offset_x, offset_y, draw)
        else:
            self.hits += 1
            self._pixmaps.move_to_end(full_key)
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPointF(left / ratio, top / ratio), pixmap)
        painter.restore()

    def _render(self, key: Hashable, world: QTransform, rect: QRectF, ratio: float,
                width: int, height: int, offset_x: float, offset_y: float,
                draw: Draw) -> QPixmap:
        pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        picture = QPainter(pixmap)
        picture.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.TextAntialiasing
                               | QPainter.RenderHint.SmoothPixmapTransform)
        picture.translate(offset_x / ratio, offset_y / ratio)
        picture.scale(world.m11(), world.m22())
        picture.translate(-rect.left(), -rect.top())
        draw(picture)
        picture.end()
        self._pixmaps[key] = pixmap
        self._bytes += width * height * 4
        self._trim()
        return pixmap


SHARED = RenderCache()
"""The one cache all table items use (pictures are shared between items and views)."""
