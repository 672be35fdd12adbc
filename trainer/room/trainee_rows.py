"""Sending a trainee's own settings to the room as append-only rows, once each (no Qt).

A PIN and employee id (:mod:`trainer.room.pins`) and a language choice
(:mod:`trainer.room.languages`) changed at a station each go to the room as a row keyed
by a uid made from what it says (sent twice, stored once), and only for a trainee the
room holds (one it does not hold yet goes at a later pass, after the trainee's own row).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import psycopg

PendingRow = tuple[str, tuple[object, ...]]
"""The trainee's uid and the row's values (in the order of the columns named)."""


def send_trainee_rows(room: psycopg.Connection[Any], table: str, columns: Sequence[str],
                      pending: Mapping[str, PendingRow],
                      station: str) -> tuple[int, list[tuple[str, str]]]:
    """Insert into ``table`` each ``pending`` row (by its row uid) the room does not hold
    yet, with its trainee, ``columns`` and ``station``; how many the room took, and (row
    uid, problem) for each it refused (its refusal recorded with it by the caller)."""
    if not pending:
        return 0, []
    held = {str(uid) for (uid,) in room.execute(
        f"SELECT uid FROM {table} WHERE uid = ANY(%s)", (list(pending),))}
    known = {str(uid) for (uid,) in room.execute(
        "SELECT uid FROM trainees WHERE uid = ANY(%s)",
        ([trainee for trainee, _values in pending.values()],))}
    names = ", ".join(("uid", "trainee", *columns, "station"))
    marks = ", ".join(["%s"] * (len(columns) + 3))
    insert = f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT (uid) DO NOTHING"
    sent = 0
    refused: list[tuple[str, str]] = []
    for uid, (trainee, values) in pending.items():
        if uid in held or trainee not in known:
            continue
        try:
            with room.transaction():
                cursor = room.execute(insert, (uid, trainee, *values, station))
                sent += max(cursor.rowcount, 0)
        except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as error:
            text = str(error).strip().splitlines()
            refused.append((uid, f"the room refused it ({text[0] if text else error})"))
    return sent, refused
