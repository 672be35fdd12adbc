"""Stacks of chips drawn side by side, each under its caption: the review's stack built
then beside the one expected, and the chip drills' stacks to size, cut or count.

Only a picture: which chips are in a stack is decided by training and the engine
(:mod:`trainer.training.chip_records`, :mod:`trainer.training.chip_drills`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from trainer.engine.chips import DEFAULT_RACK, STACK_OF, Rack
from trainer.i18n import _
from trainer.ui.table.chips import chip_geometry, paint_chip_stack
from trainer.ui.table.rack import rack_styles


@dataclass(frozen=True, slots=True)
class DrawnStack:
    caption: str
    chips: tuple[Decimal, ...]
    counts: bool = True
    """Columns by value, each count written under it; False: one stack as it stands
    (largest chips at the bottom), no count, to be judged by eye."""


class ChipStacksView(QWidget):
    """Captioned stacks on a dark felt strip; sized to the window's font."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chip_stacks")
        self.stacks: tuple[DrawnStack, ...] = ()
        self.rack: Rack = DEFAULT_RACK
        self._styles = rack_styles(self.rack)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_stacks(self, stacks: Sequence[DrawnStack], rack: Rack = DEFAULT_RACK) -> None:
        self.stacks = tuple(stacks)
        self.rack = rack
        self._styles = rack_styles(rack)
        self.updateGeometry()
        self.update()

    # --- geometry ------------------------------------------------------------------------

    def _line(self) -> float:
        return float(self.fontMetrics().height())

    def _columns(self, stack: DrawnStack) -> list[tuple[tuple[Decimal, ...], int | None]]:
        """Each column's chips (bottom first) and the count written under it (None: none)."""
        chips = sorted(stack.chips, reverse=True)
        if not stack.counts:
            return [(tuple(chips[i:i + STACK_OF]), None)
                    for i in range(0, max(len(chips), 1), STACK_OF)] if chips else []
        columns: list[tuple[tuple[Decimal, ...], int | None]] = []
        for value in dict.fromkeys(chips):
            count = chips.count(value)
            while count > 0:
                part = min(count, STACK_OF)
                columns.append(((value,) * part, part))
                count -= part
        return columns

    def _tallest(self) -> int:
        return max((len(chips) for stack in self.stacks for chips, _count in self._columns(stack)),
                   default=1)

    def _chip_width(self) -> float:
        line = self._line()
        room = self.height() - line * 3.4
        ellipse, thickness = chip_geometry(1.0)
        by_height = room / (ellipse + thickness * max(self._tallest(), 8) + 0.1)
        columns = max(1, sum(len(self._columns(stack)) for stack in self.stacks))
        by_width = (self.width() - line * (2 + 2 * len(self.stacks))) / (columns * 1.3)
        return max(18.0, min(line * 5.0, by_height, by_width))

    def sizeHint(self) -> QSize:
        line = self._line()
        ellipse, thickness = chip_geometry(line * 3.0)
        height = line * 3.4 + ellipse + thickness * max(self._tallest(), 8) + 8
        columns = sum(len(self._columns(stack)) for stack in self.stacks)
        width = columns * line * 3.6 + len(self.stacks) * line * 2
        return QSize(int(max(width, line * 20)), int(height))

    def minimumSizeHint(self) -> QSize:
        line = self._line()
        return QSize(int(line * 16), int(line * 9))

    # --- drawing ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#0f4d2c"))  # the felt
        line = self._line()
        width = self._chip_width()
        gap = width * 0.3
        x = line
        caption_font = QFont(self.font())
        caption_font.setBold(True)
        for stack in self.stacks:
            columns = self._columns(stack)
            plate_w = max(len(columns), 1) * (width + gap) + gap
            caption_w = painter.fontMetrics().horizontalAdvance(stack.caption) + line
            plate_w = max(plate_w, caption_w)
            plate = QRectF(x, line * 0.4, plate_w, self.height() - line * 0.8)
            painter.setPen(QPen(QColor("#e8c766"), 1.5))
            painter.setBrush(QColor("#17603a"))  # lighter felt: black chips show on it
            painter.drawRoundedRect(plate, 8, 8)
            painter.setFont(caption_font)
            painter.setPen(QColor("#e8c766"))
            painter.drawText(QRectF(plate.left(), plate.top() + 2, plate.width(), line * 1.4),
                             Qt.AlignmentFlag.AlignCenter, stack.caption)
            base_y = plate.bottom() - line * 1.5
            if not columns:
                painter.setPen(QColor("#cfcfcf"))
                painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, _("no chips"))
            cx = plate.left() + gap + width / 2 + (plate_w - (len(columns) * (width + gap)
                                                             + gap)) / 2
            for chips, count in columns:
                paint_chip_stack(painter, QPointF(cx, base_y), width, chips,
                                 style_of=self._styles)
                if count is not None:
                    painter.setFont(caption_font)
                    painter.setPen(QColor("#ffffff"))
                    painter.drawText(QRectF(cx - width / 2 - gap / 2, base_y + 2, width + gap,
                                            line * 1.3),
                                     Qt.AlignmentFlag.AlignCenter, f"\u00d7{count}")
                cx += width + gap
            x += plate_w + line
        painter.end()
