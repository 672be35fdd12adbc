"""Help > About: the version, the rule set in force and where this station keeps things."""

from __future__ import annotations

import html
import platform
from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from trainer import __version__
from trainer.engine.rulesets import RuleSet
from trainer.i18n import N_, _
from trainer.site_config import SiteConfig

TITLE = "Heads Up Hold'em Dealer Trainer"
"""The program's name: a name, the same in every language."""


def rule_set_text(ruleset: RuleSet, options: Mapping[str, str]) -> str:
    """``New York 2018 (ny-2018 v1); Trips Plus A, Pocket Bonus A, bad beat table ...``."""
    tables = ruleset.choose_tables(options)
    named = {"name": ruleset.name, "ruleset": ruleset.id, "version": ruleset.version,
             "trips_plus": tables.trips_plus_letter, "pocket_bonus": tables.pocket_bonus_letter,
             "bad_beat": tables.bad_beat_name}
    if tables.progressive_letter:
        return _("{name} ({ruleset} v{version}); Trips Plus {trips_plus}, Pocket Bonus"
                 " {pocket_bonus}, bad beat table {bad_beat}, progressive {progressive}",
                 progressive=tables.progressive_letter, **named)
    return _("{name} ({ruleset} v{version}); Trips Plus {trips_plus}, Pocket Bonus"
             " {pocket_bonus}, bad beat table {bad_beat}", **named)


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
        rules = _("{rules} \u2014 fixed by the training room", rules=rules)
    return [
        (N_("Version"), __version__),
        (N_("Rule set in force"), rules),
        (N_("Training room"), site.report),
        (N_("Data folder"), str(data_dir())),
        (N_("Log file"), str(log_path())),
        (N_("Built with"), f"Python {platform.python_version()}, Qt {QtCore.qVersion()}"),
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
        self.setWindowTitle(_("About"))
        self.lines = about_lines(ruleset, options, site)
        layout = QVBoxLayout(self)
        heading = QLabel(f"<h2>{html.escape(TITLE)}</h2>")
        layout.addWidget(heading)
        rows = "".join(
            f"<tr><td valign='top'><b>{html.escape(label)}</b>&nbsp;&nbsp;</td>"
            f"<td>{html.escape(text)}</td></tr>"
            for label, text in self.shown_lines()
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

    def shown_lines(self) -> list[tuple[str, str]]:
        """The rows with their labels in the language in use."""
        return [(_(label), text) for label, text in self.lines]

    def text(self) -> str:
        """The rows as plain text, as shown (tests, and a copy for IT)."""
        return "\n".join(f"{label}: {text}" for label, text in self.shown_lines())
