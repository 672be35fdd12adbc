"""SQLite's errors: what they mean, and their translation into storage's own (no Qt).

Inside storage the driver's ``sqlite3.Error`` is read by its result code
(:func:`is_locked`, :func:`is_damage`: opening a file and the queue of writes waiting
for a lock decide by them). At the edge, every public method of
:class:`~trainer.storage.database.TrainerDB` (:func:`driver_errors_wrapped`) turns one
into a :class:`~trainer.storage.models.StorageFailure` of its kind, the message kept
as SQLite gave it and the driver's error as the cause: callers catch
:class:`~trainer.storage.models.StorageError` and never import ``sqlite3``.
"""

from __future__ import annotations

import functools
import inspect
import sqlite3
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from trainer.storage.models import (
    StorageBusy,
    StorageDamaged,
    StorageFailure,
    StorageUnavailable,
)

# SQLite primary result codes (the low byte of an extended code).
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_NOMEM = 7
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_AUTH = 23
SQLITE_NOTADB = 26
ACCESS_PROBLEMS = frozenset(
    {
        SQLITE_PERM,
        SQLITE_NOMEM,
        SQLITE_READONLY,
        SQLITE_IOERR,
        SQLITE_FULL,
        SQLITE_CANTOPEN,
        SQLITE_AUTH,
    }
)
"""Failures about reaching a file, not about what is in it."""
_ACCESS_WORDS = ("disk i/o error", "readonly", "read-only", "disk is full",
                 "unable to open", "out of memory", "closed database", "authorization")
"""The same, by SQLite's words, for an error that carries no result code."""

P = ParamSpec("P")
R = TypeVar("R")
C = TypeVar("C", bound=type)


def code(error: sqlite3.Error) -> int:
    """SQLite's primary result code for ``error`` (0 when it carries none)."""
    return (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def is_locked(error: sqlite3.Error) -> bool:
    return code(error) in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in str(error)


def is_damage(error: sqlite3.Error) -> bool:
    if code(error) in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return True
    message = str(error)
    return "not a database" in message or "malformed" in message


def is_access_problem(error: sqlite3.Error) -> bool:
    message = str(error).lower()
    return code(error) in ACCESS_PROBLEMS or any(word in message for word in _ACCESS_WORDS)


def translated(error: sqlite3.Error) -> StorageFailure:
    """The storage error of ``error``'s kind, with SQLite's message."""
    kind: type[StorageFailure]
    if is_locked(error):
        kind = StorageBusy
    elif is_damage(error):
        kind = StorageDamaged
    elif is_access_problem(error):
        kind = StorageUnavailable
    else:
        kind = StorageFailure
    return kind(str(error))


def wraps_driver_errors(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` raising :func:`translated` errors instead of ``sqlite3.Error``."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except sqlite3.Error as error:
            raise translated(error) from error

    return wrapper


def driver_errors_wrapped(cls: C) -> C:
    """``cls`` with each public method and property (``conn`` excepted: the driver's own
    connection, storage's only) raising storage's errors instead of the driver's."""
    for name in dir(cls):
        if name.startswith("_") or name == "conn":
            continue
        member = inspect.getattr_static(cls, name)
        if inspect.isfunction(member):
            setattr(cls, name, wraps_driver_errors(member))
        elif isinstance(member, property) and member.fget is not None:
            setattr(cls, name, property(wraps_driver_errors(member.fget), member.fset,
                                        member.fdel, member.__doc__))
    return cls
