"""Each trainee's own language, kept with the trainee in the station's database (no Qt).

Every trainee at a station signs in under the same account of the computer, so the
settings file is the station's, not the person's (issue 24). A trainee's choice is a
``meta`` row keyed by the trainee's uid, ``trainee_language:<uid>`` = ``es``; no row:
the trainee never chose, and the room's language (the site file's ``[language]
default``) is theirs. A ``meta`` row needs no schema change, and the uid (never the
local id) names the trainee as the room and station files do.

What stays on the station: the row is not sent to the room (no room table carries it)
and a station file does not carry ``meta``; a trainee who trains at another station
chooses there once (README, "Languages"). The language is no evidence, so it is not
sealed.
"""

from __future__ import annotations

import sqlite3

from trainer.i18n import _, language_problem
from trainer.storage.models import StorageError
from trainer.storage.writes import Area

LANGUAGE_KEY = "trainee_language:"
"""``meta`` key prefix, then a trainee's uid: the language the trainee chose."""


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
        """Keep ``language`` as the trainee's own; None: the room's again. A language
        with no catalogue here is refused (``language: ...``), never kept."""
        if language is not None:
            problem = language_problem(language, pseudo=False)
            if problem:
                raise StorageError(_("language: {problem}", problem=problem))
        with self._write() as conn:
            key = LANGUAGE_KEY + _uid(conn, trainee_id)
            if language is None:
                conn.execute("DELETE FROM meta WHERE key = ?", (key,))
            else:
                conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                             " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                             (key, language))
