"""Help > About: the version, the rule set in force and where this station keeps things."""

from __future__ import annotations

import html
import platform
from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from trainer import __version__
from trainer.engine.rulesets import RuleSet
from trainer.site_config import SiteConfig

TITLE = "Heads Up Hold'em Dealer Trainer"


def rule_set_text(ruleset: RuleSet, options: Mapping[str, str]) -> str:
    """``New York 2018 (ny-2018 v1); Trips Plus A, Pocket Bonus A, bad beat table ...``."""
    tables = ruleset.choose_tables(options)
    text = (
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}); Trips Plus {tables.trips_plus_letter},"
        f" Pocket Bonus {tables.pocket_bonus_letter}, bad beat table {tables.bad_beat_name}"
    )
    if tables.progressive_letter:
        text += f", progressive {tables.progressive_letter}"
    return text


def about_lines(
    ruleset: RuleSet, options: Mapping[str, str], site: SiteConfig | None
) -> list[tuple[str, str]]:
    """The About box's rows, as (label, text): also used by crash reports."""
    from PySide6 import QtCore

    from trainer.logging_setup import log_path
    from trainer.paths import data_dir

    site = site or SiteConfig()
    rules = rule_set_text(ruleset, options)
    if site.rules is not None and not site.allow_station_rules:
        rules += " \u2014 fixed by the training room"
    return [
        ("Version", __version__),
        ("Rule set in force", rules),
        ("Training room", site.report),
        ("Data folder", str(data_dir())),
        ("Log file", str(log_path())),
        ("Built with", f"Python {platform.python_version()}, Qt {QtCore.qVersion()}"),
    ]


class AboutDialog(QDialog):
    """The About box: text only, selectable so IT can copy a path."""

    def __init__(
        self,
        ruleset: RuleSet,
        options: Mapping[str, str],
        site: SiteConfig | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("About")
        self.lines = about_lines(ruleset, options, site)
        layout = QVBoxLayout(self)
        heading = QLabel(f"<h2>{html.escape(TITLE)}</h2>")
        layout.addWidget(heading)
        rows = "".join(
            f"<tr><td valign='top'><b>{html.escape(label)}</b>&nbsp;&nbsp;</td>"
            f"<td>{html.escape(text)}</td></tr>"
            for label, text in self.lines
        )
        self.details = QLabel(f"<table>{rows}</table>")
        self.details.setObjectName("about_details")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)

    def text(self) -> str:
        """The rows as plain text (tests, and a copy for IT)."""
        return "\n".join(f"{label}: {text}" for label, text in self.lines)
