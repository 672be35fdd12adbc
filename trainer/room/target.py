"""Where a station sends its records: the room database's URL and the credentials
to sign in with (no Qt, no psycopg: the site file's ``[room]`` becomes one of these)."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.room.credentials import Credentials


@dataclass(frozen=True, slots=True)
class RoomTarget:
    url: str
    """``postgresql://HOST[:PORT]/DATABASE`` (the site file's ``[room] database``)."""
    credentials: Credentials | None
    """The stations' credentials file's content; None: the URL (or libpq's own
    files) says who signs in."""

    def __repr__(self) -> str:  # the credentials hide their password themselves
        return f"RoomTarget(url={self.url!r}, credentials={self.credentials!r})"
