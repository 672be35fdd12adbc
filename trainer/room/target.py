"""Where a station sends its records: the room database's URL and the credentials
to sign in with (no Qt, no psycopg: the site file's ``[room]`` becomes one of these)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.room.credentials import Credentials, read_credentials


@dataclass(frozen=True, slots=True)
class RoomTarget:
    url: str
    """``postgresql://HOST[:PORT]/DATABASE`` (the site file's ``[room] database``)."""
    credentials: Credentials | None
    """The stations' credentials file's content; None: the URL (or libpq's own
    files) says who signs in."""

    def __repr__(self) -> str:  # the credentials hide their password themselves
        return f"RoomTarget(url={self.url!r}, credentials={self.credentials!r})"


def room_target(url: str, credentials: Path | None) -> RoomTarget:
    """The site file's ``[room]`` as a target, its credentials file read
    (:class:`~trainer.room.credentials.CredentialsError` naming what is wrong)."""
    return RoomTarget(url, None if credentials is None else read_credentials(credentials))
