"""``hhe-trainer --self-check``: prove that an installation works, without a screen.

It is what IT runs after installing a station (and what the installer tests
run in a clean machine): it reads the site file, checks that the data folder
is writable and outside the installation, creates and upgrades a database in
a temporary folder (a person's own database is never touched), loads every
rule set preset, every shipped lesson and the instructor's own lessons (a
lesson file that would be left out of the course fails the check), the dealer's-mistakes
catalogue with the room's house mistake files (a bad one is named), renders one table with Qt
(offscreen when there is no display), and settles the example of the settle
contract, comparing every figure. It prints one line per check and returns 0
when all passed, 1 otherwise (naming what failed).
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, TextIO

from trainer import __version__
from trainer.i18n import _, ngettext

SETTLE_EXAMPLE_FILE = "settle_example.json"
"""The round of docs/settle-contract.md, shipped in the package (tests read it too)."""


def settle_example() -> dict[str, Any]:
    """A fresh copy of the settle contract's example round, in the contract's JSON form."""
    text = resources.files("trainer").joinpath(SETTLE_EXAMPLE_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# The settlement docs/settle-contract.md gives for its example round.
SETTLE_EXPECTED = {
    "dealer": {"hand": "high card", "cards": ["As", "Kd", "Qs", "Jd", "9c"], "qualifies": False},
    "order": [2, 6],
    "seats": [
        {"seat": 2, "hand": "high card", "cards": ["Qs", "Jd", "9c", "8s", "7c"],
         "result": "fold",
         "wagers": {"ante": {"outcome": "lose", "amount": "-5.00"},
                    "odds": {"outcome": "lose", "amount": "-5.00"},
                    "pocket_bonus": {"outcome": "lose", "amount": "-2.00"}},
         "total": "-12.00", "capped": False},
        {"seat": 6, "hand": "one pair", "cards": ["Ah", "Ad", "Qs", "Jd", "9c"],
         "result": "win",
         "wagers": {"ante": {"outcome": "push", "amount": "0.00"},
                    "raise": {"outcome": "win", "amount": "30.00"},
                    "odds": {"outcome": "push", "amount": "0.00"},
                    "trips_plus": {"outcome": "lose", "amount": "-5.00"},
                    "pocket_bonus": {"outcome": "win", "amount": "150.00"}},
         "total": "175.00", "capped": False},
    ],
}
MAX_LESSON_PROBLEMS = 10
"""Lesson problems a failed lessons check lists (then "and N more")."""
TABLE_SIZE = (1280, 720)
TABLE_SEED = 7

# Lines the offscreen platform prints about window-manager features it lacks
# (the same list as pyproject.toml's qt_log_ignore): not a fault.
_QT_NOISE = ("This plugin does not support",)


class CheckFailed(Exception):
    """A check's own verdict: the message says what is wrong."""


@dataclass
class Result:
    name: str
    ok: bool
    detail: str
    seconds: float


def ensure_headless_platform() -> str | None:
    """Qt's offscreen platform when nothing can show a window; returns the one chosen."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return os.environ["QT_QPA_PLATFORM"]
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return "offscreen"
    return None


# --- the checks -----------------------------------------------------------------


def check_site_file() -> str:
    """The site file in force is usable; its data folder is put in force as the app does."""
    from trainer.site_config import apply_data_folder, load_site_config

    site = load_site_config()
    if site.rejected is not None:
        raise CheckFailed(site.report)
    apply_data_folder(site)
    return site.report


def check_data_folder() -> str:
    from trainer.paths import data_dir, is_inside_installation

    try:
        folder = data_dir()
    except OSError as error:
        raise CheckFailed(_("the data folder cannot be made ({error})", error=error)) from None
    if is_inside_installation(folder):
        raise CheckFailed(_("{folder} is inside the installation; set HHE_TRAINER_HOME"
                            " elsewhere", folder=folder))
    probe = folder / ".self-check"
    try:
        probe.write_text("ok", "utf-8")
        probe.unlink()
    except OSError as error:
        raise CheckFailed(_("{folder} is not writable ({error})", folder=folder,
                            error=error)) from None
    return str(folder)


def check_database() -> str:
    """Create, upgrade, write and re-read a database in a temporary folder."""
    import tempfile
    from pathlib import Path

    from trainer.storage.database import open_database

    with tempfile.TemporaryDirectory(prefix="hhe-self-check-") as folder:
        path = Path(folder) / "self-check.sqlite3"
        db = open_database(path, backup_on_session=False)
        try:
            if db.notice:
                raise CheckFailed(db.notice)
            db.create_trainee("Self-check")
        finally:
            db.close()
        db = open_database(path, backup_on_session=False)
        try:
            names = [trainee.name for trainee in db.list_trainees()]
            if names != ["Self-check"] or db.notice:
                raise CheckFailed(_("a trainee written was not read back ({names}, {notice})",
                                    names=names, notice=db.notice))
            return _("SQLite schema {version}: created, written and read back",
                     version=db.schema_version)
        finally:
            db.close()


def check_rule_sets() -> str:
    from trainer.engine.rulesets import PRESETS, load_ruleset

    for preset in PRESETS:
        load_ruleset(preset).choose_tables({})
    return ngettext("{count} preset: {names}", "{count} presets: {names}", len(PRESETS),
                    names=", ".join(PRESETS))


def check_lessons() -> str:
    """The course as a start loads it: the shipped lessons, then the instructor's
    ($HHE_TRAINER_LESSONS, or ``lessons`` in the data folder); any file skipped fails."""
    import importlib.util

    if importlib.util.find_spec("trainer.training.lessons") is None:
        return _("no lessons module in this version")
    from trainer.training.lessons import default_lesson_folders, load_lessons

    try:
        folders = default_lesson_folders()
    except OSError as error:  # the data folder cannot be made (the data folder check says why)
        raise CheckFailed(_("the instructor's lessons folder cannot be found ({error})",
                            error=error)) from None
    load = load_lessons(folders)
    if load.problems:
        shown = "; ".join(str(problem) for problem in load.problems[:MAX_LESSON_PROBLEMS])
        more = len(load.problems) - MAX_LESSON_PROBLEMS
        replaced = "".join(f"; {notice}" for notice in load.notices[:MAX_LESSON_PROBLEMS])
        if more > 0:
            shown = _("{problems}; and {count} more", problems=shown, count=more)
        raise CheckFailed(_("{count} problem(s); each file named is left out of the course:"
                            " {problems}", count=len(load.problems), problems=shown)
                          + replaced)
    places = ", ".join(map(str, folders))
    if not load.lessons:
        raise CheckFailed(_("no lesson found in {folders}", folders=places))
    examples = sum(len(lesson.examples) for lesson in load.lessons)
    # Which file wins for each id used twice (a drop-in replacing a shipped lesson).
    which = "".join(f"; {notice}" for notice in load.notices[:MAX_LESSON_PROBLEMS])
    more = len(load.notices) - MAX_LESSON_PROBLEMS
    if load.notices:
        found = _("{count} lessons ({examples} worked examples replayed, {replaced} replaced"
                  " by the instructor's) from {folders}", count=len(load.lessons),
                  examples=examples, replaced=len(load.notices), folders=places)
    else:
        found = _("{count} lessons ({examples} worked examples replayed) from {folders}",
                  count=len(load.lessons), examples=examples, folders=places)
    return found + which + (_("; and {count} more replaced", count=more) if more > 0 else "")


def check_mistakes() -> str:
    """Spot the dealer's mistake's catalogue as the window loads it: the shipped one, then
    the room's house files ($HHE_TRAINER_MISTAKES, or ``mistakes`` in the data folder);
    a bad file fails, named with its line, entry and key."""
    from trainer.training.mistake_catalogue import (
        CatalogueError,
        house_files,
        house_mistakes_dir,
        load_catalogue,
        shipped_catalogue,
    )

    try:
        files = house_files()
        catalogue = load_catalogue(files)
    except CatalogueError as error:
        raise CheckFailed(str(error)) from None
    except OSError as error:  # the data folder cannot be found (its own check says why)
        raise CheckFailed(_("the room's mistakes folder cannot be found ({error})",
                            error=error)) from None
    shipped = len(shipped_catalogue().entries)
    house = len(catalogue.entries) - shipped
    return ngettext("{all} dealer's mistakes ({shipped} shipped, {house} from {count} house"
                    " file in {folder})",
                    "{all} dealer's mistakes ({shipped} shipped, {house} from {count} house"
                    " files in {folder})", len(files), all=len(catalogue.entries),
                    shipped=shipped, house=house, folder=house_mistakes_dir())


def check_table(messages: list[str]) -> str:
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtWidgets import QApplication

    from trainer.engine.generator import generate_round
    from trainer.engine.rulesets import load_ruleset
    from trainer.ui.table.view import TableView

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "hhe-trainer"])
    round_ = generate_round(random.Random(TABLE_SEED), load_ruleset("house"), seats=6)
    view = TableView()
    try:
        view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        view.resize(*TABLE_SIZE)
        view.show_round(round_)
        view.show()
        app.processEvents()
        image = view.grab().toImage()
    finally:
        view.close()
        view.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if image.isNull() or image.width() < 100 or image.height() < 100:
        size = f"{image.width()}x{image.height()}"
        raise CheckFailed(_("the table rendered to an empty image ({size})", size=size))
    colours = {
        image.pixel(x, y)
        for x in range(0, image.width(), max(1, image.width() // 40))
        for y in range(0, image.height(), max(1, image.height() // 40))
    }
    if len(colours) < 8:
        raise CheckFailed(_("the table image is nearly blank ({count} colours sampled)",
                            count=len(colours)))
    platform_name = QApplication.platformName()
    faults = [m for m in messages if not any(noise in m for noise in _QT_NOISE)]
    if faults:
        raise CheckFailed(_("Qt reported: {messages}", messages=" | ".join(faults[:5])))
    return _("{width}x{height} table, {seats} seats, on Qt {version} platform {platform}",
             width=image.width(), height=image.height(), seats=len(round_.seats),
             version=_qt_version(), platform=repr(platform_name))


def check_settle() -> str:
    from trainer.engine.round import parse_round
    from trainer.engine.settlement import settle, settlement_to_json

    got = json.loads(json.dumps(settlement_to_json(settle(parse_round(settle_example())))))
    if got != SETTLE_EXPECTED:
        raise CheckFailed(_("the settle contract's example settled differently: {got}",
                            got=json.dumps(got, sort_keys=True)))
    totals = ", ".join(_("seat {seat} {total}", seat=s["seat"], total=s["total"])
                       for s in got["seats"])
    return _("settle contract example: {totals}", totals=totals)


def _qt_version() -> str:
    try:
        from PySide6 import QtCore

        return QtCore.qVersion()
    except ImportError:
        return "?"


# --- running them ---------------------------------------------------------------


def run_checks(checks: list[tuple[str, Callable[[], str]]]) -> list[Result]:
    results = []
    for name, check in checks:
        started = time.perf_counter()
        try:
            detail, ok = check(), True
        except CheckFailed as failure:
            detail, ok = str(failure), False
        except Exception as error:  # a self-check reports every fault, never crashes
            last = traceback.extract_tb(error.__traceback__)[-1]
            detail = f"{type(error).__name__}: {error} ({last.filename}:{last.lineno})"
            ok = False
        results.append(Result(name, ok, detail, time.perf_counter() - started))
    return results


def run(out: TextIO | None = None) -> int:
    """Run every check, print the report; 0 when all passed, 1 otherwise."""
    out = out or sys.stdout
    started = time.perf_counter()
    chosen = ensure_headless_platform()
    frozen = _("frozen") if getattr(sys, "frozen", False) else _("from source")
    where = f"{frozen}; Python {platform.python_version()}, {platform.system()}"
    where += f" {platform.machine()}" + (f"; QT_QPA_PLATFORM={chosen}" if chosen else "")
    print(_("hhe-trainer {version} self-check ({where})", version=__version__, where=where),
          file=out, flush=True)

    messages: list[str] = []
    from PySide6.QtCore import qInstallMessageHandler

    def collect(_mode: object, _context: object, message: str) -> None:
        messages.append(message)

    previous = qInstallMessageHandler(collect)
    try:
        results = run_checks([
            (_("site file"), check_site_file),
            (_("data folder"), check_data_folder),
            (_("database"), check_database),
            (_("rule sets"), check_rule_sets),
            (_("lessons"), check_lessons),
            (_("mistakes"), check_mistakes),
            (_("table"), lambda: check_table(messages)),
            (_("settle"), check_settle),
        ])
    finally:
        qInstallMessageHandler(previous)
    for result in results:
        mark = "ok  " if result.ok else "FAIL"
        print(f"  {mark} {result.name:<12} {result.detail}  [{result.seconds:.2f} s]",
              file=out)
    failed = [result.name for result in results if not result.ok]
    elapsed = time.perf_counter() - started
    if failed:
        print(_("self-check FAILED ({checks}) in {seconds} s", checks=", ".join(failed),
                seconds=format(elapsed, ".2f")), file=out, flush=True)
        return 1
    print(_("self-check passed in {seconds} s", seconds=format(elapsed, ".2f")), file=out,
          flush=True)
    return 0


def main() -> int:
    return run()


if __name__ == "__main__":
    sys.exit(main())
