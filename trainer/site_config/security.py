"""The site file's ``[security]`` section: trainees' PINs and the idle lock (no Qt).

::

    [security]
    trainee_pin = "optional"    # "required", "optional" or "off"
    idle_lock_minutes = 10      # 1 to 240; the station locks after this long untouched

- ``required``: every trainee has a PIN (or password); one without (a
  profile made before, or after an instructor removed it) sets one before
  training.
- ``optional`` (the default, also without a site file): a PIN is offered when
  a profile is made; a trainee who has one is asked for it.
- ``off``: no PIN is offered or asked. PINs already set are kept (asked again
  if the room turns the policy back on).

No site file (or one that cannot be used) means ``optional`` and
:data:`DEFAULT_IDLE_LOCK_MINUTES`. ``idle_lock_minutes = 0`` is refused rather
than read as "never": the station always locks.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from trainer.engine.money import shown
from trainer.i18n import _


class PinPolicy(StrEnum):
    REQUIRED = "required"
    OPTIONAL = "optional"
    OFF = "off"


DEFAULT_PIN_POLICY = PinPolicy.OPTIONAL
DEFAULT_IDLE_LOCK_MINUTES = 10
IDLE_LOCK_MINUTES = range(1, 241)
"""The idle lock's period a site file may set, in whole minutes."""
SECURITY_KEYS = frozenset({"trainee_pin", "idle_lock_minutes"})


def pin_policy(raw: Mapping[str, Any], problems: list[str]) -> PinPolicy:
    """``security.trainee_pin``; a problem appended (naming the key) when it is not one."""
    value = raw.get("trainee_pin", DEFAULT_PIN_POLICY.value)
    try:
        return PinPolicy(value)
    except (ValueError, TypeError):
        choices = ", ".join(f'"{policy.value}"' for policy in PinPolicy)
        problems.append(_("security.trainee_pin: {value} is not one of {choices}",
                          value=shown(value), choices=choices))
        return DEFAULT_PIN_POLICY


def idle_lock_minutes(raw: Mapping[str, Any], problems: list[str]) -> int:
    """``security.idle_lock_minutes``; a problem appended when it is out of range."""
    value = raw.get("idle_lock_minutes", DEFAULT_IDLE_LOCK_MINUTES)
    low, high = IDLE_LOCK_MINUTES[0], IDLE_LOCK_MINUTES[-1]
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(_(
            "security.idle_lock_minutes: {value} is not a whole number of minutes"
            " ({low} to {high})", value=shown(value), low=low, high=high
        ))
        return DEFAULT_IDLE_LOCK_MINUTES
    if value not in IDLE_LOCK_MINUTES:
        if value == 0:
            problems.append(_(
                "security.idle_lock_minutes: {value} is outside {low} to {high} (the station"
                " always locks when idle)", value=shown(value), low=low, high=high))
        else:
            problems.append(_("security.idle_lock_minutes: {value} is outside {low} to"
                              " {high}", value=shown(value), low=low, high=high))
        return DEFAULT_IDLE_LOCK_MINUTES
    return value
