"""Print a report's HTML to a PDF file with Qt's own PDF writer (no extra packages)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLocale, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

PRINTER_MARGIN_MM = 2.0
"""The writer's own margin; ``QTextDocument.print_`` adds 2 cm inside it, so the
text sits 22 mm from every edge and the page number fits in the bottom margin."""
RESOLUTION_DPI = 300


def default_page_size() -> QPageSize.PageSizeId:
    """Letter where the locale measures in inches (US), A4 everywhere else."""
    if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem:
        return QPageSize.PageSizeId.Letter
    return QPageSize.PageSizeId.A4


def write_pdf(
    html: str,
    path: Path,
    *,
    page_size: QPageSize.PageSizeId | None = None,
    title: str | None = None,
) -> None:
    """Lay ``html`` out on A4 or Letter pages with 22 mm margins and write it to ``path``.

    Page numbers are printed at the foot of each page. Needs a running
    ``QGuiApplication`` (fonts). Raises ``OSError`` when the file cannot be written.
    """
    target = Path(path)
    with target.open("wb"):  # QPdfWriter stays silent when it cannot open the file
        pass
    writer = QPdfWriter(str(target))
    writer.setResolution(RESOLUTION_DPI)
    writer.setPageSize(QPageSize(page_size or default_page_size()))
    writer.setPageMargins(
        QMarginsF(PRINTER_MARGIN_MM, PRINTER_MARGIN_MM, PRINTER_MARGIN_MM, PRINTER_MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )
    writer.setCreator("Heads Up Hold'em dealer trainer")
    document = QTextDocument()
    document.setHtml(html)
    writer.setTitle(title or document.metaInformation(QTextDocument.MetaInformation.DocumentTitle))
    # No page size on the document: print_ then lays it out on the writer itself
    # (fonts in pt at their real size), adds its margins and numbers the pages.
    document.print_(writer)
    del writer  # the PDF is finished when the writer goes
    if target.stat().st_size == 0:
        raise OSError(f"the PDF {target} could not be written")
