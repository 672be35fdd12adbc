"""The trainee's settings, kept as JSON in the data folder (no Qt).

Reading never stops a start. A settings file with anything wrong (not a
regular file, too large, not UTF-8, not JSON, nested too deeply, a value of
the wrong type or out of range, a rule-set file that cannot be read) is set
aside (renamed ``settings.json.unreadable-<time>``, never deleted or
overwritten); every setting it holds that is still good is kept, each bad one
is back to its default, and :func:`load_settings` returns a sentence naming
the file and each bad key.

Saving never raises: :func:`save_settings` writes a new file beside the old
one and renames it over (never half-written), and returns a sentence for the
person when the settings could not be saved. A damaged file still in place is
set aside before the new one replaces it.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from trainer.engine.money import shown
from trainer.engine.round import SIDE_WAGERS, TABLE_SEATS
from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.engine.textfile import TextFileError, read_text_file
from trainer.exam_setup import MAX_EXAM_ROUNDS, MIN_EXAM_ROUNDS
from trainer.i18n import _, language_problem
from trainer.paths import settings_path
from trainer.ranges import in_range
from trainer.site_config.config import MAX_TEXT_LENGTH
from trainer.training.session import TrainingSettings

SETTINGS_FILE_LIMIT = 64 * 1024
"""Largest settings file read, in bytes (the trainer writes about 300)."""


def settings_to_json(settings: TrainingSettings) -> dict[str, Any]:
    return {
        "rules": settings.rules,
        "options": dict(settings.options),
        "side_bets": [wager.value for wager in settings.side_bets],
        "seats": settings.seats,
        "four_colour": settings.four_colour,
        "sound": settings.sound,
        "exam_rounds": settings.exam_rounds,
        "chip_mode": settings.chip_mode,
        "chip_total": settings.chip_total,
        "language": settings.language,
    }


def read_settings(data: object) -> tuple[TrainingSettings, list[str]]:
    """Settings from a settings file's JSON, and one sentence per bad key.

    Each good key is kept; a bad one (named in its sentence) is left at its
    default. Keys this version does not know are ignored (a newer version's).
    """
    defaults = TrainingSettings()
    if not isinstance(data, dict):
        return defaults, [_("the file holds {value}, not a settings object", value=shown(data))]
    problems: list[str] = []
    values: dict[str, Any] = {}

    rules = data.get("rules", defaults.rules)
    ruleset = None
    if not isinstance(rules, str) or not rules.strip() or len(rules) > MAX_TEXT_LENGTH:
        problems.append(_("rules: {value} is not a rule set name or file", value=shown(rules)))
    else:
        try:
            ruleset = load_ruleset(rules)
            values["rules"] = rules
        except (RuleSetError, ValueError, OSError, RecursionError) as error:
            problems.append(_("{key}: {error}", key="rules", error=error))
    if ruleset is None:
        ruleset = load_ruleset(defaults.rules)

    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        problems.append(_("options: {value} is not a set of table letters",
                          value=shown(options)))
    else:
        try:
            ruleset.choose_tables(options)
            values["options"] = dict(options)
        except RuleSetError as error:
            problems.append(_("{key}: {error}", key="options", error=error))

    side_bets = data.get("side_bets", [w.value for w in defaults.side_bets])
    known = {wager.value: wager for wager in SIDE_WAGERS}
    if not isinstance(side_bets, list) or not all(
        isinstance(value, str) and value in known for value in side_bets
    ):
        problems.append(_("side_bets: {value} is not a list of side bets ({names})",
                          value=shown(side_bets), names=", ".join(known)))
    else:
        values["side_bets"] = tuple(dict.fromkeys(known[value] for value in side_bets))

    seats = data.get("seats")
    if seats is not None and not in_range(seats, 1, TABLE_SEATS, whole=True):
        problems.append(_("seats: {value} is not 1 to {most} (or null for random)",
                          value=shown(seats), most=TABLE_SEATS))
    else:
        values["seats"] = seats

    exam_rounds = data.get("exam_rounds", defaults.exam_rounds)
    if not in_range(exam_rounds, MIN_EXAM_ROUNDS, MAX_EXAM_ROUNDS, whole=True):
        problems.append(_("exam_rounds: {value} is not a number of rounds from {low} to"
                          " {high}", value=shown(exam_rounds), low=MIN_EXAM_ROUNDS,
                          high=format(MAX_EXAM_ROUNDS, ",")))
    else:
        values["exam_rounds"] = exam_rounds

    language = data.get("language")
    problem = None if language is None else language_problem(language)
    if problem is not None:
        problems.append(_("language: {problem} (or null for the room's)", problem=problem))
    else:
        values["language"] = language

    for key in ("four_colour", "sound", "chip_mode", "chip_total"):
        value = data.get(key, getattr(defaults, key))
        if not isinstance(value, bool):
            problems.append(_("{key}: {value} is not true or false", key=key,
                              value=shown(value)))
        else:
            values[key] = value
    return TrainingSettings(**values), problems


def settings_from_json(data: object) -> TrainingSettings:
    """Read saved settings, refusing (ValueError naming every bad key) anything odd."""
    settings, problems = read_settings(data)
    if problems:
        raise ValueError("; ".join(problems))
    return settings


def _read_file(path: Path) -> tuple[TrainingSettings, list[str], bool]:
    """The settings in ``path``, what is wrong with it (empty: the file is good), and
    whether any of its keys could be read at all (False: the whole file is unusable)."""
    try:
        text = read_text_file(path, limit=SETTINGS_FILE_LIMIT, what="settings file")
    except TextFileError as error:
        return TrainingSettings(), [str(error).removeprefix(f"settings file {path}: ")], False
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return TrainingSettings(), [_("not JSON ({error} at line {line})", error=error.msg,
                                      line=error.lineno)], False
    except RecursionError:
        return TrainingSettings(), [_("not a settings file (values nested too deeply)")], False
    except ValueError:  # a number of more than 4,300 digits
        return TrainingSettings(), [_("not a settings file (a number too long)")], False
    return (*read_settings(data), isinstance(data, dict))


def _set_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.unreadable-<time>`` (a free name); OSError if it cannot be."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    path.rename(aside)
    return aside


def load_settings(path: Path | None = None) -> tuple[TrainingSettings, str | None]:
    """The saved settings, and a sentence for the person when the file had a problem.

    Never raises. See the module's docstring for what happens to a bad file.
    """
    try:
        path = path or settings_path()
    except OSError as error:  # the data folder cannot be made
        return TrainingSettings(), _(
            "The saved settings could not be read ({error}); the defaults are in force.",
            error=error)
    if not os.path.lexists(path):
        return TrainingSettings(), None
    settings, problems, partly = _read_file(path)
    if not problems:
        return settings, None
    try:
        kept = _("The file was kept as {name}.", name=_set_aside(path).name)
    except OSError as error:
        kept = _("It could not be set aside ({error}); it is left as it is and will not be"
                 " overwritten.", error=error.strerror or error)
    listed = "; ".join(problems)
    if partly:
        said = _("The saved settings {path} could not all be used: {problems}. Those settings"
                 " are back to their defaults; the others are kept.", path=path,
                 problems=listed)
    else:
        said = _("The saved settings {path} could not be used: {problems}. The defaults are"
                 " in force.", path=path, problems=listed)
    return settings, _("{sentence} {kept}", sentence=said, kept=kept)


def save_settings(settings: TrainingSettings, path: Path | None = None) -> str | None:
    """Save the settings; None when saved, else a sentence for the person (never raises).

    A settings file still in place that cannot be read is set aside first; if
    it cannot be, nothing is written (it is never overwritten).
    """
    target = _("the data folder")
    try:
        path = path or settings_path()
        target = str(path)
        if os.path.lexists(path) and _read_file(path)[1]:
            _set_aside(path)
        text = json.dumps(settings_to_json(settings), indent=2)
        handle, temporary = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp",
                                             dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        return _("Your settings could not be saved to {target} ({error}); the ones you chose"
                 " stay in force until the trainer closes.", target=target,
                 error=error.strerror or error)
    return None
