"""The credentials file a station signs in to the room server with (no Qt).

A small TOML file that ``hhe-trainer room init`` writes (0600) and IT copies to
each station, named by the site file's ``[room] credentials``::

    # hhe-trainer room credentials
    user = "hhe_station"
    password = "..."

It is read through :func:`trainer.engine.textfile.read_text_file` and refused whole,
naming the file and the key, when anything in it is not as above; on Linux and
macOS a file that other accounts can read is refused too.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from trainer.engine.textfile import TextFileError, read_text_file
from trainer.i18n import _

MAX_CREDENTIALS_BYTES = 4096
_KEYS = ("user", "password")


class CredentialsError(ValueError):
    """A credentials file that cannot be used: the message names it and what is wrong."""


@dataclass(frozen=True, slots=True)
class Credentials:
    user: str
    password: str

    def __repr__(self) -> str:  # never print the password into a log or a traceback
        return f"Credentials(user={self.user!r}, password=<hidden>)"


def credentials_text(credentials: Credentials) -> str:
    return (
        "# hhe-trainer room credentials: readable by the trainer's account only\n"
        f'user = "{credentials.user}"\n'
        f'password = "{credentials.password}"\n'
    )


def write_credentials(path: Path, credentials: Credentials) -> Path:
    """A new credentials file (0600); an existing file is never replaced."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise CredentialsError(_("credentials file {path}: already exists; it was left as"
                                 " it is (name a new file)", path=path)) from None
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(credentials_text(credentials))
    return path


def read_credentials(path: Path) -> Credentials:
    """The credentials in ``path``; :class:`CredentialsError` naming what is wrong."""
    try:
        text = read_text_file(path, limit=MAX_CREDENTIALS_BYTES, what="credentials file")
    except TextFileError as error:
        raise CredentialsError(str(error)) from None
    if os.name == "posix":
        mode = os.stat(path).st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise CredentialsError(_(
                "credentials file {path}: other accounts can read it (mode {mode}); make it"
                " readable by the trainer's account only (chmod 600)", path=path,
                mode=format(stat.S_IMODE(mode), "04o")))
    try:
        content = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CredentialsError(_("credentials file {path}: not TOML ({error})", path=path,
                                 error=error)) from None
    unknown = sorted(set(content) - set(_KEYS))
    if unknown:
        raise CredentialsError(_("credentials file {path}: unknown key {key}", path=path,
                                 key=repr(unknown[0])))
    values = []
    for key in _KEYS:
        value = content.get(key)
        if not isinstance(value, str) or not value or len(value) > 200 or any(
                ord(character) < 32 for character in value):
            raise CredentialsError(_(
                "credentials file {path}: {key} must be text of 1 to 200 characters",
                path=path, key=key))
        values.append(value)
    return Credentials(*values)
