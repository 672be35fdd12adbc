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

from trainer.room.trainee_rows import send_trainee_rows
from trainer.storage.room_cache import LocalLanguage


def send_languages(room: psycopg.Connection[Any], languages: Sequence[LocalLanguage],
                   station: str) -> tuple[int, list[tuple[str, str]]]:
    """Send each choice made here that the room does not hold yet
    (:func:`~trainer.room.trainee_rows.send_trainee_rows`)."""
    return send_trainee_rows(room, "trainee_languages", ("language", "chosen_at"), {
        local.row_uid: (local.uid, (local.choice.language, local.choice.chosen_at))
        for local in languages if local.pending}, station)
