"""Putting the site file in force: the data folder, the settings, the site's instructor
and exam, and exporting this station's results (no Qt).

What a station may override, and what it may not:

- rule set and tables: only with ``allow_station_rules = true`` (then the
  site's choice is just the first-start default);
- the exam set-up: never (an instructor adds others in the app); everything it
  fixes (rule set and table letters, seats, side bets, hands) is the exam's, not
  the station's Settings; the length of a *practice* exam only with
  ``allow_station_exam = true``;
- the results folder and the data folder: never from the app. The
  ``HHE_TRAINER_HOME`` environment variable still wins over ``[data]``
  (for IT and tests);
- the site's instructor: created once on each station, at the first start
  with a usable file (beside instructors the station already has; one
  removed in the app stays removed);
- a site file that is there but cannot be used: no instructor can be set up
  on the station at all (:func:`instructor_setup_refusal`) until IT mends it;
- everything else (side bets, seats, deck colours, sound): the station's in practice.
"""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.exam_setup import ExamSetup
from trainer.site_config.config import SiteConfig

if TYPE_CHECKING:
    from trainer.storage.interfaces import ExamSetups, InstructorAccounts, StationFiles
    from trainer.training.session import TrainingSettings

ENV_HOME = "HHE_TRAINER_HOME"
ENV_LANGUAGE = "HHE_TRAINER_LANGUAGE"
"""Overrides every other choice of language (for IT, screenshots and tests: ``qps``)."""
RESULTS_SUFFIX = ".hhe-station"


def apply_data_folder(site: SiteConfig) -> Path | None:
    """Point the data folder at the site's (``HHE_TRAINER_HOME`` set beforehand wins).

    Call once at start, before anything opens the database or the logs.
    """
    if site.data_folder is None or os.environ.get(ENV_HOME):
        return None
    os.environ[ENV_HOME] = str(site.data_folder)
    return site.data_folder


def apply_to_settings(
    settings: TrainingSettings, site: SiteConfig, *, first_start: bool = False
) -> TrainingSettings:
    """The station's settings with what the site fixes put in force.

    A locked rule set (or exam length) replaces the station's; an unlocked one
    is only the first start's default (``first_start``: no settings saved yet).
    """
    changes: dict[str, Any] = {}
    if site.rules is not None and (first_start or not site.allow_station_rules):
        changes.update(rules=site.rules, options=dict(site.options))
    if site.exam is not None and (first_start or not site.allow_station_exam):
        changes.update(exam_rounds=site.exam.rounds)
    return replace(settings, **changes) if changes else settings


def apply_language(settings: TrainingSettings, site: SiteConfig) -> str | None:
    """Put the language and number format in force: ``HHE_TRAINER_LANGUAGE``, else the
    trainee's (Settings), else the room's (``[language] default``), else English; the
    room's number format. Returns a sentence when the language chosen cannot be shown
    (English is then in force)."""
    from trainer.i18n import set_number_format

    set_number_format(site.number_format)
    return put_language_in_force(language_for(settings.language, site))


def language_for(own: str | None, site: SiteConfig) -> str:
    """The language a person's windows are in: ``HHE_TRAINER_LANGUAGE``, else ``own``
    (the signed-in trainee's choice, kept with the trainee; before anyone signs in, the
    station's), else the room's (``[language] default``), else English (issue 24)."""
    from trainer.i18n import ENGLISH

    return os.environ.get(ENV_LANGUAGE) or own or site.language or ENGLISH


def put_language_in_force(language: str) -> str | None:
    """Show every message in ``language`` from now on; a sentence when it cannot be
    shown (English is then in force), else None."""
    from trainer.i18n import ENGLISH, LanguageError, _, set_language

    try:
        set_language(language)
    except LanguageError as error:
        set_language(ENGLISH)
        return _("{error}. The trainer is shown in English.", error=error)
    return None


def _exam_names(exam: ExamSetup) -> Iterator[str]:
    """The set-up's name, then (when the site changes its figures) names beside it,
    each within the database's name limit: ``Audition (20 rounds, pass 90%) 2``."""
    from trainer.storage.database import MAX_NAME_LENGTH

    yield exam.name
    for number in range(1, 1000):
        suffix = f" ({exam.figures})" + (f" {number}" if number > 1 else "")
        yield exam.name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix


def ensure_site_exam(db: ExamSetups, site: SiteConfig) -> int | None:
    """The exam set-up the site fixes, created in the database if not there yet."""
    exam = site.exam
    if exam is None:
        return None
    wanted = replace(exam.complete(), name="")  # everything the set-up fixes
    figures = (exam.rounds, exam.ruleset_id, exam.pass_mark, exam.time_limit_seconds)
    taken: dict[str, int | None] = {}
    for config in db.list_exam_configs(retired=True):
        # Only a set-up that fixes all of it, and is still offered, is the site's.
        have = None if config.setup is None else replace(config.setup, name="")
        legacy = config.setup is None and config.retired is None
        if legacy and config.name.casefold() == exam.name.casefold() and figures == (
            config.rounds, config.ruleset_id, config.pass_mark, config.time_limit_seconds
        ):  # the site's, stored before set-ups fixed seats and side bets: now they are
            have = replace(db.edit_exam_config(config.id, exam).setup or exam, name="")
        same = have == wanted and config.retired is None
        taken[config.name.casefold()] = config.id if same else None
    for name in _exam_names(exam):
        if name.casefold() not in taken:
            return db.create_exam_setup(replace(exam, name=name))
        found = taken[name.casefold()]
        if found is not None:
            return found
    return None


def create_site_instructor(db: InstructorAccounts, site: SiteConfig) -> str | None:
    """Create the site's instructor on this station once; their name when created now.

    Only the hash from the site file is stored (the clear password never
    reaches this station). A station that ran while the file was broken gets
    the instructor at the first start with the mended file.
    """
    instructor = site.instructor
    if instructor is None:
        return None
    if not db.ensure_site_instructor(instructor.name, instructor.password_hash):
        return None
    return instructor.name


def instructor_setup_refusal(site: SiteConfig) -> str | None:
    """Why no instructor may be set up at this station now (None: one may).

    A site file that is there but cannot be used may be one that names the
    room's instructor: whoever sits down must not become the instructor instead.
    """
    if site.rejected is None:
        return None
    from trainer.i18n import _

    return _(
        "The training-room site file {path} cannot be used, so no instructor can be set up"
        " on this station. IT must fix that file (hhe-trainer site check says what is"
        " wrong); the room's instructor is then set up at the next start.", path=site.rejected
    )


def results_file(db: StationFiles, site: SiteConfig) -> Path | None:
    """Where this station's results file goes in the results folder (None: no folder)."""
    if site.results_folder is None:
        return None
    host = re.sub(r"[^A-Za-z0-9_.-]+", "-", socket.gethostname()) or "station"
    return site.results_folder / f"{host}-{db.station[:8]}{RESULTS_SUFFIX}"


def export_results(db: StationFiles, site: SiteConfig) -> Path | None:
    """Write this station's results to the results folder; OSError if it cannot."""
    target = results_file(db, site)
    if target is None:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    return db.export_station(target, site.room_key)
