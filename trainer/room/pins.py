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

from trainer.storage.room_cache import LocalAccount


def send_pins(room: psycopg.Connection[Any], accounts: Sequence[LocalAccount],
              station: str) -> tuple[int, list[tuple[str, str]]]:
    """Send each changed PIN and employee id the room does not hold yet (the trainee
    must be in the room: one it refused stays out, its refusal recorded with it); how
    many the room took, and (row uid, problem) for each it refused."""
    pending = {account.pending_uid: account for account in accounts
               if account.pending_uid is not None}
    if not pending:
        return 0, []
    held = {str(uid) for (uid,) in room.execute(
        "SELECT uid FROM trainee_pins WHERE uid = ANY(%s)", (list(pending),))}
    known = {str(uid) for (uid,) in room.execute(
        "SELECT uid FROM trainees WHERE uid = ANY(%s)",
        ([account.uid for account in pending.values()],))}
    sent = 0
    refused: list[tuple[str, str]] = []
    now = datetime.now(UTC).isoformat(timespec="seconds")
    for uid, account in pending.items():
        if uid in held or account.uid not in known:
            continue
        try:
            with room.transaction():
                cursor = room.execute(
                    "INSERT INTO trainee_pins (uid, trainee, pin_hash, employee_id, set_at,"
                    " station) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (uid) DO NOTHING",
                    (uid, account.uid, account.pin_hash, account.employee_id, now, station))
                sent += max(cursor.rowcount, 0)
        except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as error:
            text = str(error).strip().splitlines()
            refused.append((uid, f"the room refused it ({text[0] if text else error})"))
    return sent, refused
