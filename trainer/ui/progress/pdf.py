"""Print a report's HTML to a PDF file with Qt's own PDF writer (no extra packages).

The pages are laid out here rather than by ``QTextDocument.print_``, for what an
office asks of a printed record:

- a table row is never split across two pages: a page ends only between rows,
  between the lines of a paragraph or between blocks (:func:`page_breaks`); a
  heading stays with what follows it, a table's header row with its first row;
- every page carries a footer: the report's title (which names the trainee)
  and "page x of y";
- no page is left blank at the end: the last page holds the last line of text.

Only a single row taller than a whole page is cut (at the page's foot).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLocale, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextBlock,
    QTextDocument,
    QTextFrame,
    QTextTable,
)

from trainer.i18n import _, in_language

PAGE_MARGIN_MM = 18.0
"""White space at the top, left and right of every page."""
FOOTER_MM = 14.0
"""The strip at the foot of every page for the footer (its text sits in it)."""
RESOLUTION_DPI = 300
FOOTER_POINTS = 8.0


def default_page_size() -> QPageSize.PageSizeId:
    """Letter where the locale measures in inches (US), A4 everywhere else."""
    if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem:
        return QPageSize.PageSizeId.Letter
    return QPageSize.PageSizeId.A4


@dataclass(frozen=True)
class _Span:
    """A stretch of the laid-out document that may not be cut inside."""

    top: float
    bottom: float


@dataclass(frozen=True)
class Page:
    """What one page shows of the laid-out document: the stretch from ``top`` to
    ``bottom``, below ``repeated`` (a table's header row, when the page goes on with
    that table's rows)."""

    top: float
    bottom: float
    repeated: tuple[float, float] | None = None


def _block_rect(layout: QAbstractTextDocumentLayout, block: QTextBlock) -> QRectF:
    return layout.blockBoundingRect(block)


def _blocks_between(document: QTextDocument, first: int, last: int) -> Iterator[QTextBlock]:
    block = document.findBlock(first)
    while block.isValid() and block.position() <= last:
        yield block
        block = block.next()


def _table_rows(
    document: QTextDocument, layout: QAbstractTextDocumentLayout, table: QTextTable
) -> list[_Span]:
    """Each row's extent: from the top of its cells' first lines to the foot of their
    last, widened by the cell padding (so a cut between rows falls on the rule)."""
    padding = table.format().cellPadding() + table.format().border()
    rows = []
    for row in range(table.rows()):
        top, bottom = float("inf"), float("-inf")
        for column in range(table.columns()):
            cell = table.cellAt(row, column)
            if not cell.isValid() or cell.row() != row:
                continue
            first = cell.firstCursorPosition().position()
            last = cell.lastCursorPosition().position()
            for block in _blocks_between(document, first, last):
                rect = _block_rect(layout, block)
                top, bottom = min(top, rect.top()), max(bottom, rect.bottom())
        if top <= bottom:
            rows.append(_Span(top - padding, bottom + padding))
    return rows


@dataclass
class _Layout:
    cuts: list[float]
    """Where a page may end: between two lines, blocks or rows."""
    whole: list[_Span]
    """Stretches not to be cut."""
    headers: list[tuple[_Span, float]]
    """Each table's header rows and the foot of its last row."""
    end: float = 0.0
    """The foot of the last line of text."""


def _spans(document: QTextDocument) -> _Layout:
    """Where a page may end, what may not be cut, the tables' headers, the end."""
    layout = document.documentLayout()
    cuts: list[float] = []
    whole: list[_Span] = []
    headers: list[tuple[_Span, float]] = []
    end = 0.0

    def walk(frame: QTextFrame) -> None:
        nonlocal end
        iterator = frame.begin()
        keep_with_next: _Span | None = None
        while not iterator.atEnd():
            child = iterator.currentFrame()
            block = iterator.currentBlock()
            if isinstance(child, QTextTable):
                rows = _table_rows(document, layout, child)
                header_rows = child.format().headerRowCount()
                for row in rows:
                    whole.append(row)
                    cuts.append(row.top)
                    end = max(end, row.bottom)
                # A table's header row stays with its first row; a heading with the table.
                if header_rows and len(rows) > header_rows:
                    whole.append(_Span(rows[0].top, rows[header_rows].bottom))
                    header = _Span(rows[0].top, rows[header_rows - 1].bottom)
                    headers.append((header, rows[-1].bottom))
                if rows:
                    if keep_with_next is not None:
                        whole.append(_Span(keep_with_next.top, rows[0].bottom))
                    cuts.append(rows[-1].bottom)
                keep_with_next = None
            elif child is not None:
                walk(child)
            elif block.isValid():
                rect = _block_rect(layout, block)
                lines = block.layout()
                if block.length() > 1:
                    end = max(end, rect.bottom())
                cuts.append(rect.top())
                for index in range(lines.lineCount()):
                    line = lines.lineAt(index)
                    cuts.append(rect.top() + line.rect().top())
                cuts.append(rect.bottom())
                if keep_with_next is not None and block.length() > 1:
                    first_line = lines.lineAt(0).rect() if lines.lineCount() else QRectF()
                    whole.append(_Span(keep_with_next.top, rect.top() + first_line.bottom()))
                    keep_with_next = None
                if block.blockFormat().headingLevel() > 0:
                    keep_with_next = _Span(rect.top(), rect.bottom())
            iterator += 1

    walk(document.rootFrame())
    return _Layout(sorted(set(cuts)), whole, headers, end)


def page_breaks(document: QTextDocument, page_height: float) -> list[Page]:
    """What each page shows of the laid-out ``document``, top to bottom: each page
    ends at the lowest place a page may end within ``page_height`` that cuts no row
    (nor a heading from what follows); a page that goes on with a table starts with
    its header row again; the last page ends with the last line of text."""
    found = _spans(document)

    def allowed(y: float) -> bool:
        return not any(span.top < y < span.bottom for span in found.whole)

    pages: list[Page] = []
    top = 0.0
    while top < found.end - 0.5:
        repeated = next(
            ((header.top, header.bottom) for header, table_end in found.headers
             if header.bottom <= top + 0.5 and top < table_end - 0.5),
            None,
        )
        room = page_height - (0.0 if repeated is None else repeated[1] - repeated[0])
        limit = top + room
        if found.end <= limit:
            pages.append(Page(top, found.end, repeated))
            break
        fitting = [y for y in found.cuts if top + 1 < y <= limit and allowed(y)]
        if not fitting:  # something taller than a page: cut a line boundary, else the foot
            fitting = [y for y in found.cuts if top + 1 < y <= limit] or [limit]
        bottom = max(fitting)
        pages.append(Page(top, bottom, repeated))
        top = bottom
    return pages or [Page(0.0, 0.0)]


def write_pdf(
    html: str,
    path: Path,
    *,
    page_size: QPageSize.PageSizeId | None = None,
    title: str | None = None,
    footer: str | None = None,
    language: str | None = None,
) -> int:
    """Lay ``html`` out on A4 or Letter pages and write it to ``path``; the number of pages.

    Each page's footer reads ``{footer} \u2014 page x of y`` (``footer`` defaults to
    the document's title, which names the trainee), ``page x of y`` in ``language``
    (the report's; None: the station's). Needs a running
    ``QGuiApplication`` (fonts). Raises ``OSError`` when the file cannot be written.
    """
    target = Path(path)
    with target.open("wb"):  # QPdfWriter stays silent when it cannot open the file
        pass
    writer = QPdfWriter(str(target))
    writer.setResolution(RESOLUTION_DPI)
    writer.setPageSize(QPageSize(page_size or default_page_size()))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    writer.setCreator("Heads Up Hold'em dealer trainer")  # the program's name
    document = QTextDocument()
    document.setHtml(html)
    document.documentLayout().setPaintDevice(writer)
    heading = title or document.metaInformation(QTextDocument.MetaInformation.DocumentTitle)
    writer.setTitle(heading)
    per_mm = RESOLUTION_DPI / 25.4
    paper = writer.pageLayout().fullRectPixels(RESOLUTION_DPI)
    margin = PAGE_MARGIN_MM * per_mm
    body = QRectF(margin, margin, paper.width() - 2 * margin,
                  paper.height() - margin - FOOTER_MM * per_mm)
    document.setTextWidth(body.width())
    pages = page_breaks(document, body.height())
    footer_text = footer or heading

    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(_("the PDF {path} could not be written", path=target))
    try:
        font = QFont(document.defaultFont())
        font.setPointSizeF(FOOTER_POINTS)
        metrics = QFontMetricsF(font, writer)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, Qt.GlobalColor.black)
        for number, page in enumerate(pages, start=1):
            if number > 1:
                writer.newPage()
            offset = body.top()
            stretches = [page.repeated] if page.repeated else []
            for top, bottom in [*stretches, (page.top, page.bottom)]:
                painter.save()
                painter.translate(body.left(), offset - top)
                clip = QRectF(0, top, body.width(), bottom - top)
                painter.setClipRect(clip)
                context.clip = clip
                document.documentLayout().draw(painter, context)
                painter.restore()
                offset += bottom - top
            painter.setFont(font)
            painter.setPen(Qt.GlobalColor.darkGray)
            baseline = paper.height() - FOOTER_MM * per_mm / 2 + metrics.ascent() / 2
            with in_language(language):
                label = _("page {number} of {count}", number=number, count=len(pages))
            room = body.width() - metrics.horizontalAdvance(label) - 4 * metrics.averageCharWidth()
            painter.drawText(QPointF(body.left(), baseline),
                             metrics.elidedText(footer_text, Qt.TextElideMode.ElideRight, room))
            painter.drawText(
                QPointF(body.right() - metrics.horizontalAdvance(label), baseline), label
            )
    finally:
        painter.end()
    del writer  # the PDF is finished when the writer goes
    if target.stat().st_size == 0:
        raise OSError(_("the PDF {path} could not be written", path=target))
    return len(pages)
