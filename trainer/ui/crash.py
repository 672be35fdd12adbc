"""An unexpected error: save a report, tell the person plainly, keep the app running.

:func:`install_crash_handler` replaces ``sys.excepthook`` (PySide6 hands an
exception raised in a slot or an event handler to it too) and
``threading.excepthook``. For each error it writes a report file in
``<data folder>/reports/`` (traceback, version, rule set, site file, platform)
and the log, then shows :class:`CrashDialog`: what happened in one sentence,
where the report is, "Keep going" or "Save and quit". Answers are committed to
the database as they are given, so nothing of the trainee's progress is lost
either way; "Save and quit" closes the windows normally (their close handlers
finish the session's records). The traceback is in the file, never on screen.
"""

from __future__ import annotations

import html
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from trainer.i18n import _

log = logging.getLogger("trainer.crash")

ContextProvider = Callable[[], dict[str, str]]
"""Extra lines for a report (``{"rule set": "ny-2018 v3", ...}``); must not raise."""

MAX_DIALOGS = 3
"""After this many errors in one run the dialog is no longer shown (reports still are)."""


def write_report(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    context: dict[str, str] | None = None,
    folder: Path | None = None,
) -> Path:
    """Write a crash report and return its path (``crash-YYYYmmdd-HHMMSS[-N].txt``)."""
    from trainer.paths import reports_dir
    from trainer.unexpected_stop import program_lines, report_path

    path = report_path(folder or reports_dir())
    try:
        from PySide6 import QtCore

        qt = QtCore.qVersion()
    except ImportError:  # pragma: no cover - the GUI always has Qt
        qt = "?"
    lines = [
        "Heads Up Hold'em Dealer Trainer: error report",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        *program_lines(qt),
    ]
    lines += [f"{key}: {value}" for key, value in (context or {}).items()]
    lines += ["", "".join(traceback.format_exception(exc_type, exc, tb))]
    path.write_text("\n".join(lines), "utf-8")
    return path


def short_description(exc: BaseException) -> str:
    """One line naming the error, without the traceback."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class CrashDialog(QDialog):
    """'Something went wrong': the report's place, and Keep going / Save and quit."""

    def __init__(
        self, description: str, report: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Something went wrong"))
        self.quit_requested = False
        self.report = report
        layout = QVBoxLayout(self)
        where = (
            _("A report was saved as<br><b>{path}</b><br>Please give this file to IT.",
              path=html.escape(str(report), quote=False))
            if report is not None
            else html.escape(_("No report could be saved (the data folder is not writable);"
                               " see the log."))
        )
        self.message = QLabel(
            html.escape(_("The trainer met an unexpected error and stopped what it was doing"
                          " ({error}).", error=description), quote=False) + "<br><br>"
            + html.escape(_("Your answers so far are saved: every answer is kept the moment"
                            " it is given.")) + f"<br>{where}<br><br>"
            + html.escape(_("You can keep going (deal the next hand if the table looks"
                            " wrong), or quit."))
        )
        self.message.setObjectName("crash_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox()
        role = QDialogButtonBox.ButtonRole
        self.keep_button = buttons.addButton(_("Keep going"), role.AcceptRole)
        self.quit_button = buttons.addButton(_("Save and quit"), role.RejectRole)
        self.keep_button.setObjectName("keep_going")
        self.quit_button.setObjectName("quit")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self._quit)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)

    def _quit(self) -> None:
        self.quit_requested = True
        self.reject()


class CrashHandler:
    """What ``sys.excepthook`` calls; keeps the dialogs it shows (``dialogs``)."""

    def __init__(self, context: ContextProvider | None = None) -> None:
        self.context = context or dict
        self.reports: list[Path] = []
        self.dialogs: list[CrashDialog] = []
        self.count = 0
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook

    def install(self) -> CrashHandler:
        sys.excepthook = self.handle
        threading.excepthook = self._thread_hook
        return self

    def uninstall(self) -> None:
        sys.excepthook = self._previous_hook
        threading.excepthook = self._previous_thread_hook

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        exc_value = args.exc_value
        # Qt widgets belong to the main thread: show the dialog from there.
        QTimer.singleShot(
            0, lambda: self.handle(args.exc_type, exc_value, args.exc_traceback)
        )

    def handle(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
    ) -> None:
        """Report one error; never raises (an error in here would end the app)."""
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.quit()
            return
        self.count += 1
        log.error("unexpected error", exc_info=(exc_type, exc, tb))
        report: Path | None
        try:
            try:
                context = self.context()
            except Exception as error:  # the context is a courtesy, never a second crash
                context = {"context": f"unavailable ({short_description(error)})"}
            report = write_report(exc_type, exc, tb, context)
            self.reports.append(report)
            log.error("error report saved as %s", report)
        except OSError as error:
            report = None
            log.error("no error report could be written: %s", error)
        try:
            self._show(short_description(exc), report)
        except Exception:  # never let the handler itself crash the app
            log.exception("the error dialog could not be shown")

    def _show(self, description: str, report: Path | None) -> None:
        if QApplication.instance() is None or self.count > MAX_DIALOGS:
            return
        if any(dialog.isVisible() for dialog in self.dialogs):
            return  # one dialog at a time; the report is written all the same
        parent = QApplication.activeWindow()
        dialog = CrashDialog(description, report, parent)
        dialog.finished.connect(lambda _result, d=dialog: self._finished(d))
        self.dialogs.append(dialog)
        dialog.open()  # not exec(): no event loop nested in the failed code's stack

    def _finished(self, dialog: CrashDialog) -> None:
        if dialog.quit_requested:
            log.info("quit after an error, at the person's request")
            for window in QApplication.topLevelWidgets():
                if window is not dialog and window.isVisible():
                    window.close()
            QApplication.quit()
        dialog.deleteLater()
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)


def install_crash_handler(context: ContextProvider | None = None) -> CrashHandler:
    """Install the handler for this process and return it."""
    return CrashHandler(context).install()
