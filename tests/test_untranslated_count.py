"""scripts/untranslated.py counts the prose still outside the catalogue (issue 24): a
marked message is counted as in the catalogue, a sentence shown without _() as
untranslated; docstrings, logging and SQL are not prose a person reads."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("untranslated", REPO / "scripts" / "untranslated.py")
assert _spec is not None and _spec.loader is not None
untranslated = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(untranslated)

SAMPLE = '''
"""A module's docstring, never counted."""
import logging
log = logging.getLogger(__name__)


def f(seat):
    """A function's docstring, never counted."""
    log.info("a log line for IT only, %s", seat)
    ok = _("Seat {seat}: win, lose or tie?", seat=seat)
    many = ngettext("{count} card chosen", "{count} cards chosen", 2)
    label = N_("Next hand please")
    shown = f"Seat {seat} is not marked"
    plain = "Nothing typed: type a seat"
    sql = "SELECT id FROM answers WHERE seat = ?"
    word = "flush"
    return ok, many, label, shown, plain, sql, word
'''


def test_marked_and_unmarked_prose_are_told_apart(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text(SAMPLE, "utf-8")
    # marked: the _() message, both ngettext forms, the N_() label; unmarked: the
    # f-string and the plain sentence. A single word is no prose.
    assert untranslated.count_file(path) == (4, 2)


def test_every_package_of_the_trainer_is_counted() -> None:
    table = untranslated.counts()
    assert {"engine", "training", "ui", "storage", "reports"} <= set(table)
    assert table["ui"][0] > 0  # the answer panel's messages are in the catalogue
