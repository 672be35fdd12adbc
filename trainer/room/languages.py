"""Sending trainees' language choices to the room (no Qt).

A language a trainee chose at this station (:mod:`trainer.storage.trainee_language`)
that differs from the choice last agreed with the room (:mod:`trainer.storage.
room_cache`) goes to the room as a row of ``trainee_languages`` with the time it was
made, keyed by :func:`~trainer.storage.room_cache.language_row_uid` (the trainee, the
language and the time): sent twice, stored once. The receiver (:mod:`trainer.room.inbox`)
applies the room's newest choice on every station, so a trainee who chose Spanish at one
station reads Spanish at the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

from trainer.storage.room_cache import LocalLanguage


def send_languages(room: psycopg.Connection[Any], languages: Sequence[LocalLanguage],
                   station: str) -> tuple[int, list[tuple[str, str]]]:
    """Send each choice made here that the room does not hold yet (the trainee must be
    in the room: one it refused stays out, its refusal recorded with it); how many the
    room took, and (row uid, problem) for each it refused."""
    pending = {local.row_uid: local for local in languages if local.pending}
    if not pending:
        return 0, []
    held = {str(uid) for (uid,) in room.execute(
        "SELECT uid FROM trainee_languages WHERE uid = ANY(%s)", (list(pending),))}
    known = {str(uid) for (uid,) in room.execute(
        "SELECT uid FROM trainees WHERE uid = ANY(%s)",
        ([local.uid for local in pending.values()],))}
    sent = 0
    refused: list[tuple[str, str]] = []
    for uid, local in pending.items():
        if uid in held or local.uid not in known:
            continue
        try:
            with room.transaction():
                cursor = room.execute(
                    "INSERT INTO trainee_languages (uid, trainee, language, chosen_at, station)"
                    " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (uid) DO NOTHING",
                    (uid, local.uid, local.choice.language, local.choice.chosen_at, station))
                sent += max(cursor.rowcount, 0)
        except (psycopg.errors.IntegrityError, psycopg.errors.DataError) as error:
            text = str(error).strip().splitlines()
            refused.append((uid, f"the room refused it ({text[0] if text else error})"))
    return sent, refused
