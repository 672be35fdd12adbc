"""The trainee's settings, kept as JSON in the data folder (no Qt).

A settings file that cannot be read is set aside (renamed, never deleted or
overwritten) and the defaults are used, with a message saying so.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from trainer.engine.round import Wager
from trainer.engine.rulesets import RuleSetError, load_ruleset
from trainer.paths import settings_path
from trainer.training.session import TrainingSettings


def settings_to_json(settings: TrainingSettings) -> dict[str, Any]:
    return {
        "rules": settings.rules,
        "options": dict(settings.options),
        "side_bets": [wager.value for wager in settings.side_bets],
        "seats": settings.seats,
        "four_colour": settings.four_colour,
        "sound": settings.sound,
        "exam_rounds": settings.exam_rounds,
    }


def settings_from_json(data: object) -> TrainingSettings:
    """Read saved settings, refusing (ValueError naming the key) anything odd."""
    if not isinstance(data, dict):
        raise ValueError("the file does not hold a settings object")
    defaults = TrainingSettings()
    rules = data.get("rules", defaults.rules)
    if not isinstance(rules, str):
        raise ValueError(f"rules: {rules!r} is not a rule set name")
    ruleset = load_ruleset(rules)
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise ValueError(f"options: {options!r} is not a set of table letters")
    ruleset.choose_tables(options)
    side_bets_raw = data.get("side_bets", [w.value for w in defaults.side_bets])
    if not isinstance(side_bets_raw, list):
        raise ValueError(f"side_bets: {side_bets_raw!r} is not a list")
    try:
        side_bets = tuple(Wager(value) for value in side_bets_raw)
    except ValueError:
        raise ValueError(f"side_bets: {side_bets_raw!r} names an unknown wager") from None
    seats = data.get("seats")
    if seats is not None and (
        isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= 6
    ):
        raise ValueError(f"seats: {seats!r} is not 1 to 6 (or null for random)")
    exam_rounds = data.get("exam_rounds", defaults.exam_rounds)
    if isinstance(exam_rounds, bool) or not isinstance(exam_rounds, int) or exam_rounds < 1:
        raise ValueError(f"exam_rounds: {exam_rounds!r} is not a number of rounds")
    flags = {}
    for key in ("four_colour", "sound"):
        value = data.get(key, getattr(defaults, key))
        if not isinstance(value, bool):
            raise ValueError(f"{key}: {value!r} is not true or false")
        flags[key] = value
    return TrainingSettings(
        rules=rules,
        options=dict(options),
        side_bets=side_bets,
        seats=seats,
        exam_rounds=exam_rounds,
        **flags,
    )


def load_settings(path: Path | None = None) -> tuple[TrainingSettings, str | None]:
    """The saved settings, or the defaults and a message when the file was bad."""
    path = path or settings_path()
    if not path.exists():
        return TrainingSettings(), None
    try:
        return settings_from_json(json.loads(path.read_text("utf-8"))), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, RuleSetError) as error:
        aside = path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            path.rename(aside)
            kept = f" It was kept as {aside.name}."
        except OSError:
            kept = ""
        return TrainingSettings(), (
            f"The saved settings could not be used ({error}); the defaults are in force.{kept}"
        )


def save_settings(settings: TrainingSettings, path: Path | None = None) -> None:
    path = path or settings_path()
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(settings_to_json(settings), indent=2), "utf-8")
    temporary.replace(path)
