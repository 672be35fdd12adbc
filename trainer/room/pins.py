"""Sending trainees' PINs and employee ids to the room (no Qt).

A trainee's PIN hash and employee id changed at this station (they differ from what was
last agreed with the room, :mod:`trainer.storage.room_cache`) go to the room as a row of
``trainee_pins``, keyed by :func:`~trainer.storage.room_cache.pin_row_uid` (the trainee,
the new value and the one it replaces): sent twice, stored once. The receiver
(:mod:`trainer.room.inbox`) applies the room's newest row on every station, so a PIN set
at one station signs in at another.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg

from trainer.room.trainee_rows import send_trainee_rows
from trainer.storage.room_cache import LocalAccount


def send_pins(room: psycopg.Connection[Any], accounts: Sequence[LocalAccount],
              station: str) -> tuple[int, list[tuple[str, str]]]:
    """Send each changed PIN and employee id the room does not hold yet
    (:func:`~trainer.room.trainee_rows.send_trainee_rows`), stamped with the time sent."""
    now = datetime.now(UTC).isoformat(timespec="seconds")
    return send_trainee_rows(room, "trainee_pins", ("pin_hash", "employee_id", "set_at"), {
        account.pending_uid: (account.uid, (account.pin_hash, account.employee_id, now))
        for account in accounts if account.pending_uid is not None}, station)
