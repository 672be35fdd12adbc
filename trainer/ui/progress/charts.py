"""The history chart: accuracy per day as a line over light bars of answers per day.

Drawn with QPainter (QtCharts is not part of PySide6-Essentials). Every size is
taken from the widget's font metrics, so the chart stays legible at 1080p and
4K alike. The dashed target line is the least accuracy a skill can be mastered
with (:data:`~trainer.training.mastery.MASTERED_MIN_ACCURACY`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QHelpEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from trainer.i18n import N_, _, ngettext
from trainer.reports.trends import MONTHS
from trainer.storage.models import DayStat
from trainer.training.mastery import MASTERED_MIN_ACCURACY

EMPTY_TEXT = N_("No answers yet")
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
LINE_COLOUR = QColor("#1f6fd1")
BAR_COLOUR = QColor(120, 150, 180, 70)
BAR_EDGE = QColor(120, 150, 180, 140)
TARGET_COLOUR = QColor("#2e9d57")
ACCURACY_TICKS = (0, 25, 50, 75, 100)
TARGET_TEMPLATE = N_("Target: mastered needs {percent} correct")
TARGET_LEGEND = TARGET_TEMPLATE.format(percent=format(MASTERED_MIN_ACCURACY, ".0%"))
"""The target's legend in English; :func:`target_legend` in the station's language."""


def target_legend() -> str:
    return _(TARGET_TEMPLATE, percent=format(MASTERED_MIN_ACCURACY, ".0%"))


def nice_ceiling(value: float, intervals: int = 4) -> tuple[int, int]:
    """The axis top and step for counts up to ``value``: ``intervals`` whole steps of
    1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 x 10^k, the smallest reaching ``value``
    (four steps, so the ticks sit on the accuracy axis's 25 % grid lines)."""
    if value <= intervals:
        return intervals, 1
    raw = value / intervals
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        step = round(factor * power, 6)
        if step >= raw and float(step).is_integer():
            return int(step) * intervals, int(step)
    step = 10 * power
    return int(step) * intervals, int(step)


def day_label(day: date) -> str:
    """``Mar 2``: short, the month's name from the catalogue (never the system's
    locale, which ``%b`` would follow)."""
    return _("{month} {day}", month=_(MONTHS[day.month - 1]), day=day.day)


@dataclass(frozen=True)
class _Geometry:
    plot: QRectF
    first: date
    slots: int
    slot_width: float
    answers_top: int
    answers_step: int

    def x(self, day: date) -> float:
        """The centre of a day's slot."""
        return self.plot.left() + ((day - self.first).days + 0.5) * self.slot_width

    def y_accuracy(self, fraction: float) -> float:
        return self.plot.bottom() - fraction * self.plot.height()

    def y_answers(self, count: float) -> float:
        return self.plot.bottom() - count / self.answers_top * self.plot.height()


class HistoryChart(QWidget):
    """Accuracy per day (line, 0-100 %, left axis) and answers per day (bars, right axis)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._days: list[DayStat] = []
        self.setObjectName("history_chart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)
        self.setAccessibleName(_("History chart"))
        self._describe()

    # -- data

    def set_days(self, days: Sequence[DayStat]) -> None:
        """Show these days (any order; each day once)."""
        self._days = sorted(days, key=lambda stat: stat.day)
        self._describe()
        self.update()

    def days(self) -> list[DayStat]:
        """The days shown, oldest first."""
        return list(self._days)

    def _describe(self) -> None:
        if not self._days:
            self.setAccessibleDescription(_(EMPTY_TEXT))
            return
        first, last = self._days[0], self._days[-1]
        self.setAccessibleDescription(ngettext(
            "{count} day from {first} to {last}; latest accuracy {accuracy} over {answers}"
            " answers", "{count} days from {first} to {last}; latest accuracy {accuracy}"
            " over {answers} answers", len(self._days), first=first.day.isoformat(),
            last=last.day.isoformat(), accuracy=format(last.accuracy, ".0%"),
            answers=last.answers))

    # -- size

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * 72, metrics.height() * 18)

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * 40, metrics.height() * 11)

    # -- layout

    def _em(self) -> float:
        return QFontMetricsF(self.font()).height()

    def _geometry(self) -> _Geometry | None:
        if not self._days:
            return None
        metrics = QFontMetricsF(self.font())
        em = metrics.height()
        top, step = nice_ceiling(max(stat.answers for stat in self._days))
        left = em * 1.4 + metrics.horizontalAdvance("100%") + em * 0.4
        right = em * 1.4 + metrics.horizontalAdvance(str(top)) + em * 0.4
        legend = em * 1.8
        bottom = em * 2.6
        plot = QRectF(
            left,
            legend + em * 0.6,
            max(self.width() - left - right, em),
            max(self.height() - legend - em * 0.6 - bottom, em),
        )
        first, last = self._days[0].day, self._days[-1].day
        slots = (last - first).days + 1
        return _Geometry(plot, first, slots, plot.width() / slots, top, step)

    # -- painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Base))
            geometry = self._geometry()
            if geometry is None:
                self._paint_empty(painter)
            else:
                self._paint_chart(painter, geometry)
        finally:
            painter.end()

    def _text_colour(self, role: QPalette.ColorRole = QPalette.ColorRole.Text) -> QColor:
        return self.palette().color(role)

    def _paint_empty(self, painter: QPainter) -> None:
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        painter.setFont(font)
        painter.setPen(self._text_colour(QPalette.ColorRole.PlaceholderText))
        painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, EMPTY_TEXT)

    def _paint_chart(self, painter: QPainter, g: _Geometry) -> None:
        metrics = QFontMetricsF(self.font())
        em = metrics.height()
        text = self._text_colour()
        grid = QColor(text)
        grid.setAlphaF(0.14)
        plot = g.plot
        thin = max(1.0, em / 18)

        # Grid and the left (accuracy) axis.
        painter.setFont(self.font())
        for tick in ACCURACY_TICKS:
            y = g.y_accuracy(tick / 100)
            painter.setPen(QPen(grid, thin))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(text)
            label = f"{tick}%"
            box = QRectF(plot.left() - em * 0.4 - em * 4, y - em / 2, em * 4, em)
            painter.drawText(box, RIGHT_MIDDLE, label)

        # The right (answers) axis.
        for count in range(0, g.answers_top + 1, g.answers_step):
            y = g.y_answers(count)
            box = QRectF(plot.right() + em * 0.4, y - em / 2, em * 4, em)
            painter.drawText(box, LEFT_MIDDLE, str(count))

        # Bars: answers per day.
        bar_width = max(min(g.slot_width * 0.7, em * 2.2), thin)
        painter.setPen(QPen(BAR_EDGE, thin) if bar_width > 3 * thin else Qt.PenStyle.NoPen)
        painter.setBrush(BAR_COLOUR)
        for stat in self._days:
            x = g.x(stat.day)
            y = g.y_answers(stat.answers)
            painter.drawRect(QRectF(x - bar_width / 2, y, bar_width, plot.bottom() - y))

        # The target: the least accuracy that can be mastered, dashed.
        target_pen = QPen(TARGET_COLOUR, thin * 1.5, Qt.PenStyle.DashLine)
        painter.setPen(target_pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        y_target = g.y_accuracy(MASTERED_MIN_ACCURACY)
        painter.drawLine(QPointF(plot.left(), y_target), QPointF(plot.right(), y_target))

        # The accuracy line and its points.
        line = QPen(LINE_COLOUR, max(2.0, em / 7))
        line.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        line.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(line)
        path = QPainterPath()
        for index, stat in enumerate(self._days):
            point = QPointF(g.x(stat.day), g.y_accuracy(stat.accuracy))
            if index == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        painter.drawPath(path)
        if g.slot_width >= em * 0.5 or len(self._days) == 1:
            radius = em * 0.2
            painter.setBrush(self._text_colour(QPalette.ColorRole.Base))
            for stat in self._days:
                centre = QPointF(g.x(stat.day), g.y_accuracy(stat.accuracy))
                painter.drawEllipse(centre, radius, radius)

        # Plot frame (the axes).
        painter.setBrush(Qt.BrushStyle.NoBrush)
        axis = QColor(text)
        axis.setAlphaF(0.55)
        painter.setPen(QPen(axis, thin))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        painter.drawLine(plot.bottomRight(), plot.topRight())

        self._paint_days_axis(painter, g, metrics, text)
        self._paint_axis_titles(painter, g, em, text)
        self._paint_legend(painter, g, metrics, text, thin)

    def _paint_days_axis(
        self, painter: QPainter, g: _Geometry, metrics: QFontMetricsF, text: QColor
    ) -> None:
        em = metrics.height()
        plot = g.plot
        widest = metrics.horizontalAdvance("May 30")
        every = max(1, math.ceil((widest + em) / g.slot_width))
        if every > 1:  # round up to a readable stride: 2, 7, 14, 28, ...
            every = next((s for s in (2, 3, 7, 14, 28, 56, 91, 182, 364) if s >= every), every)
        painter.setPen(text)
        tick = em * 0.3
        for slot in range(0, g.slots, every):
            day = g.first + timedelta(days=slot)
            x = g.x(day)
            painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + tick))
            box = QRectF(x - widest, plot.bottom() + tick, widest * 2, em)
            painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                             day_label(day))

    def _paint_axis_titles(self, painter: QPainter, g: _Geometry, em: float, text: QColor) -> None:
        plot = g.plot
        painter.setPen(text)
        first, last = self._days[0].day, self._days[-1].day
        years = str(first.year) if first.year == last.year else f"{first.year}\u2013{last.year}"
        bottom = QRectF(plot.left(), plot.bottom() + em * 1.45, plot.width(), em)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, _("Day ({years})", years=years))
        for title, x, angle in (
            (_("Accuracy"), em * 0.2, -90.0),
            (_("Answers"), self.width() - em * 0.2, 90.0),
        ):
            painter.save()
            painter.translate(x, plot.center().y())
            painter.rotate(angle)
            painter.drawText(
                QRectF(-plot.height() / 2, 0, plot.height(), em),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                title,
            )
            painter.restore()

    def _paint_legend(
        self, painter: QPainter, g: _Geometry, metrics: QFontMetricsF, text: QColor, thin: float
    ) -> None:
        em = metrics.height()
        y = em * 0.4
        x = g.plot.left()
        swatch = em * 1.6
        full: tuple[tuple[str, str], ...] = (
            ("line", _("Accuracy (% correct)")),
            ("bar", _("Answers per day")),
            ("target", target_legend()),
        )
        short = (("line", _("Accuracy")), ("bar", _("Answers")), ("target", _("Target")))
        room = self.width() - x
        entries = full
        for choice in (full, short, short[:2]):  # shorter labels on a narrow chart
            entries = choice
            needed = sum(
                swatch + em * 1.8 + metrics.horizontalAdvance(label) for _, label in choice
            )
            if needed <= room:
                break
        for kind, label in entries:
            middle = y + em / 2
            if kind == "line":
                painter.setPen(QPen(LINE_COLOUR, max(2.0, em / 7)))
                painter.drawLine(QPointF(x, middle), QPointF(x + swatch, middle))
            elif kind == "bar":
                painter.setPen(QPen(BAR_EDGE, thin))
                painter.setBrush(BAR_COLOUR)
                painter.drawRect(QRectF(x + swatch * 0.2, y + em * 0.1, swatch * 0.6, em * 0.8))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            else:
                painter.setPen(QPen(TARGET_COLOUR, thin * 1.5, Qt.PenStyle.DashLine))
                painter.drawLine(QPointF(x, middle), QPointF(x + swatch, middle))
            x += swatch + em * 0.4
            painter.setPen(text)
            width = metrics.horizontalAdvance(label)
            painter.drawText(QRectF(x, y, width + 2, em), Qt.AlignmentFlag.AlignVCenter, label)
            x += width + em * 1.4

    # -- tooltips

    def day_at(self, x: float) -> DayStat | None:
        """The day whose slot is under the horizontal position ``x``, if it has answers."""
        geometry = self._geometry()
        if geometry is None or not geometry.plot.left() <= x <= geometry.plot.right():
            return None
        slot = int((x - geometry.plot.left()) / geometry.slot_width)
        day = geometry.first + timedelta(days=slot)
        return next((stat for stat in self._days if stat.day == day), None)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            stat = self.day_at(event.pos().x())
            if stat is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(
                    event.globalPos(),
                    ngettext("{day}: {accuracy} of {count} answer correct, {seconds} s per"
                             " answer", "{day}: {accuracy} of {count} answers correct, {seconds}"
                             " s per answer", stat.answers, day=stat.day.isoformat(),
                             accuracy=format(stat.accuracy, ".1%"),
                             seconds=format(stat.mean_seconds, ".1f")),
                    self,
                )
            return True
        return super().event(event)
