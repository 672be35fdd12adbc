"""Each trainee's own language, kept with the trainee in the station's database (no Qt).

Every trainee at a station signs in under the same account of the computer, so the
settings file is the station's, not the person's (issue 24). A trainee's choice is a
``meta`` row keyed by the trainee's uid, ``trainee_language:<uid>`` = ``es``; no row:
the trainee never chose (or chose the room's again), and the room's language (the site
file's ``[language] default``) is theirs. Beside it, ``trainee_language_at:<uid>`` keeps
when the choice was made (ISO-8601, UTC, to the microsecond; kept for a choice of the
room's language too). A ``meta`` row needs no schema change, and the uid (never the
local id) names the trainee as the room and station files do.

With a room database the choice follows the trainee (issue 20 item 3): the room's sender
sends each choice made here, with its time, as a row of the room's ``trainee_languages``
(:mod:`trainer.room.languages`), and the receiver applies the room's newest choice of
each trainee here unless this station holds a newer one not sent yet
(:mod:`trainer.storage.room_cache`), so a trainee who chose Spanish at one station reads
Spanish at any other after its next receiving pass. A choice kept before times were kept
counts as made at :data:`BEFORE_THE_ROOM` (any choice with a time is newer). Without a
room, a station file does not carry ``meta``: a trainee who trains at another station
without a room chooses there once (README, "Languages"). The language is no evidence,
so it is not sealed.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.i18n import _, language_problem
from trainer.storage.models import StorageError
from trainer.storage.writes import Area

LANGUAGE_KEY = "trainee_language:"
"""``meta`` key prefix, then a trainee's uid: the language the trainee chose."""
CHOSEN_AT_KEY = "trainee_language_at:"
"""``meta`` key prefix, then a trainee's uid: when the trainee last chose (ISO-8601)."""
BEFORE_THE_ROOM = datetime(2000, 1, 1, tzinfo=UTC)
"""When a choice kept without a time (before times were kept, or unreadable) counts as
made: before any choice with a time."""


@dataclass(frozen=True, slots=True)
class LanguageChoice:
    """A trainee's choice as this station keeps it: the language (None: the room's) and
    when it was made."""

    language: str | None
    chosen_at: datetime


def moment_text(moment: datetime) -> str:
    """``moment`` as a choice's time is kept and compared: UTC, to the microsecond."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def read_choices(conn: sqlite3.Connection) -> dict[str, LanguageChoice]:
    """Every trainee's choice kept here, by trainee uid (trainees who never chose are
    not listed)."""
    languages: dict[str, str] = {}
    times: dict[str, datetime] = {}
    for key, value in conn.execute(
            "SELECT key, value FROM meta WHERE key LIKE ? OR key LIKE ?",
            (LANGUAGE_KEY + "%", CHOSEN_AT_KEY + "%")):
        key = str(key)
        if key.startswith(CHOSEN_AT_KEY):
            try:
                moment = datetime.fromisoformat(str(value))
            except ValueError:
                continue  # unreadable: counts as BEFORE_THE_ROOM
            if moment.tzinfo is not None:
                times[key.removeprefix(CHOSEN_AT_KEY)] = moment
        else:
            languages[key.removeprefix(LANGUAGE_KEY)] = str(value)
    chosen: dict[str, LanguageChoice] = {}
    for uid in sorted(languages.keys() | times.keys()):
        chosen[uid] = LanguageChoice(languages.get(uid), times.get(uid, BEFORE_THE_ROOM))
    return chosen


def keep_choice(conn: sqlite3.Connection, trainee_uid: str, choice: LanguageChoice) -> None:
    """Write ``choice`` as ``trainee_uid``'s (inside the caller's write transaction)."""
    key = LANGUAGE_KEY + trainee_uid
    if choice.language is None:
        conn.execute("DELETE FROM meta WHERE key = ?", (key,))
    else:
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     (key, choice.language))
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                 " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                 (CHOSEN_AT_KEY + trainee_uid, moment_text(choice.chosen_at)))


def _uid(conn: sqlite3.Connection, trainee_id: int) -> str:
    row = conn.execute("SELECT uid FROM trainees WHERE id = ?", (trainee_id,)).fetchone()
    if row is None:
        raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
    return str(row[0])


class TraineeLanguages(Area):
    """The language each trainee chose (None: the room's)."""

    def trainee_language(self, trainee_id: int) -> str | None:
        """The language ``trainee_id`` chose, as kept (it may since have lost its
        catalogue: the caller says so when it cannot show it); None when never chosen."""
        key = LANGUAGE_KEY + _uid(self.conn, trainee_id)
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_trainee_language(self, trainee_id: int, language: str | None) -> None:
        """Keep ``language`` as the trainee's own, chosen now; None: the room's again. A
        language with no catalogue here is refused (``language: ...``), never kept."""
        if language is not None:
            problem = language_problem(language, pseudo=False)
            if problem:
                raise StorageError(_("language: {problem}", problem=problem))
        with self._write() as conn:
            keep_choice(conn, _uid(conn, trainee_id), LanguageChoice(language,
                                                                     datetime.now(UTC)))
