"""Accounts sealed like records: instructors, trainees' PINs and sign-in failures (no Qt).

Records (answers, exams...) are appended and sealed in chains (:mod:`trainer.storage.seal`);
accounts are changed in place and removed (a new password, a PIN reset, a wrong try
counted, then cleared by a right one), so each account table has one sealed *roster*
instead, kept in ``meta`` under ``account_seal:<table>``::

    {"rows": {<key>: "<key id>.<mac>", ...}, "stamp": "<key id>.<stamp>"}

``mac`` is the HMAC (the station secret's, :class:`~trainer.storage.seal.StationSecret`)
of the account's sealed fields (:data:`SPECS`: an instructor's name, password hash and
keys; a trainee's uid, name, PIN hash and employee id; a person's count of wrong tries
and when the last was); ``stamp`` is the HMAC of every entry. So, made without the secret:

- a changed field (a password hash swapped, ``pin_hash = NULL``) no longer matches its
  entry: the account reads ALTERED;
- a row removed (a ``sign_in_failures`` row deleted to reset the back-off) keeps its
  entry, and reads ALTERED; a row added has none, and reads ALTERED;
- an entry removed or put back from an older copy (with its row) breaks the stamp:
  every account of that table reads ALTERED.

The trainer updates an account's entry in the transaction that changes the account,
only when the account read VALID (or did not exist) just before: an altered account is
never sealed again by an ordinary write (:func:`kept`); only an instructor's reset of a
trainee's PIN or IT's reset of an instructor's password seals it anew (``renew``). A
roster whose stamp does not check is never stamped again (its table stays ALTERED
until IT restores the data folder). Entries sealed with an earlier secret read
UNCHECKABLE, never ALTERED nor VALID.

Sign-in (:mod:`trainer.storage.accounts`) refuses an ALTERED account with a sentence.
Like every seal this only shows edits made without the secret file; rolling the whole
data folder back (secret and all) cannot be seen from the station itself.
"""

from __future__ import annotations

import hmac
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from trainer.i18n import _
from trainer.storage.models import SealState
from trainer.storage.seal import StationSecret

_ROSTER_KEY = "account_seal:"


@dataclass(frozen=True, slots=True)
class AccountSpec:
    """An account table: the column naming each account and the fields sealed."""

    table: str
    key: str
    """An SQL expression giving each account's key (text)."""
    fields: tuple[str, ...]
    word: str


SPECS: dict[str, AccountSpec] = {
    "instructors": AccountSpec(
        "instructors", "name",
        ("name", "password_hash", "public_key", "private_key", "created"), "instructor"),
    "trainees": AccountSpec(
        "trainees", "uid", ("uid", "name", "pin_hash", "employee_id", "created"), "trainee"),
    "sign_in_failures": AccountSpec(
        "sign_in_failures", "who", ("who", "failures", "last_failure"),
        "record of wrong sign-in tries"),
}


@dataclass(frozen=True, slots=True)
class Roster:
    """A table's roster as stored (entries unchecked) and its stamp's state."""

    entries: dict[str, str]
    stamp: SealState
    """VALID; UNCHECKABLE (made with another secret); ALTERED (edited, or missing while
    the table has rows)."""


def _key_id(secret: StationSecret) -> str:
    return secret.key_id


def _stamp(secret: StationSecret, table: str, entries: dict[str, str]) -> str:
    return secret.mac("account roster", table, sorted(entries.items()))


def _mac(secret: StationSecret, table: str, key: str, values: list[Any]) -> str:
    return f"{secret.key_id}.{secret.mac('account', table, key, values)}"


def read_roster(conn: sqlite3.Connection, secret: StationSecret, table: str,
                new: Sequence[str] = ()) -> Roster:
    """The roster of ``table`` and whether its stamp checks. No roster at all is a
    fine one only while the table holds no account (but the ``new`` ones just inserted):
    the open that makes or upgrades a file writes every table's roster."""
    found = conn.execute("SELECT value FROM meta WHERE key = ?",
                         (_ROSTER_KEY + table,)).fetchone()
    if found is None:
        marks = ", ".join("?" for _ in new)
        others = conn.execute(
            f"SELECT 1 FROM {table} WHERE {SPECS[table].key} NOT IN ({marks}) LIMIT 1",
            tuple(new)).fetchone()
        return Roster({}, SealState.VALID if others is None else SealState.ALTERED)
    try:
        data = json.loads(found[0])
        entries = data["rows"]
        key_id, _dot, stamp = str(data["stamp"]).partition(".")
        if not isinstance(entries, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in entries.items()):
            raise ValueError("not a roster")
    except (ValueError, KeyError, TypeError):
        return Roster({}, SealState.ALTERED)
    if secret.key is None or key_id != secret.key_id:
        return Roster(entries, SealState.UNCHECKABLE)
    good = hmac.compare_digest(_stamp(secret, table, entries), stamp)
    return Roster(entries, SealState.VALID if good else SealState.ALTERED)


def _rows(conn: sqlite3.Connection, spec: AccountSpec,
          keys: Iterable[str] | None = None) -> dict[str, list[Any]]:
    select = f"SELECT {spec.key} AS account_key, {', '.join(spec.fields)} FROM {spec.table}"
    if keys is None:
        found = conn.execute(select).fetchall()
    else:
        found = [row for key in keys
                 for row in conn.execute(f"{select} WHERE {spec.key} = ?", (key,))]
    return {str(row[0]): list(row[1:]) for row in found}


def _state(secret: StationSecret, spec: AccountSpec, roster: Roster, key: str,
           values: list[Any] | None) -> SealState | None:
    """One account's state; None for an account that neither exists nor is listed."""
    entry = roster.entries.get(key)
    if values is None and entry is None:
        return None
    if roster.stamp is not SealState.VALID:
        return roster.stamp
    if entry is None or values is None:
        return SealState.ALTERED  # added, or removed, outside the trainer
    entry_key_id, _dot, _rest = entry.partition(".")
    if secret.key is None or entry_key_id != secret.key_id:
        return SealState.UNCHECKABLE
    good = hmac.compare_digest(_mac(secret, spec.table, key, values), entry)
    return SealState.VALID if good else SealState.ALTERED


def account_states(conn: sqlite3.Connection, secret: StationSecret,
                   table: str) -> dict[str, SealState]:
    """Every account of ``table`` (and every one its roster lists) by key."""
    spec = SPECS[table]
    if secret.key is None:
        return {key: SealState.UNCHECKABLE for key in _rows(conn, spec)}
    roster = read_roster(conn, secret, table)
    present = _rows(conn, spec)
    states: dict[str, SealState] = {}
    for key in sorted(set(present) | set(roster.entries)):
        state = _state(secret, spec, roster, key, present.get(key))
        if state is not None:
            states[key] = state
    return states


def account_state(conn: sqlite3.Connection, secret: StationSecret, table: str,
                  key: str) -> SealState | None:
    """One account's state; None when there is no such account and none was sealed."""
    spec = SPECS[table]
    values = _rows(conn, spec, [key]).get(key)
    if secret.key is None:
        return None if values is None else SealState.UNCHECKABLE
    return _state(secret, spec, read_roster(conn, secret, table), key, values)


def _store(conn: sqlite3.Connection, secret: StationSecret, table: str,
           entries: dict[str, str]) -> None:
    value = json.dumps({"rows": entries,
                        "stamp": f"{secret.key_id}.{_stamp(secret, table, entries)}"},
                       sort_keys=True, separators=(",", ":"))
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                 " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                 (_ROSTER_KEY + table, value))


@contextmanager
def kept(conn: sqlite3.Connection, secret: StationSecret, table: str,
         keys: Iterable[str], *, renew: bool = False) -> Iterator[None]:
    """Seal the accounts ``keys`` of ``table`` as the body leaves them (inside the
    caller's write transaction): an account that read VALID (or UNCHECKABLE, or did
    not exist) before the body gets a new entry, or loses it when the body removed it.

    An account that read ALTERED before keeps its entry (it still reads ALTERED),
    unless ``renew`` (a person's deliberate reset: an instructor resetting a trainee's
    PIN, IT an instructor's password). A roster whose stamp does not check is left as it
    is, ``renew`` or not: stamping it again would vouch for every other entry."""
    wanted = list(dict.fromkeys(keys))
    if secret.key is None:
        yield
        return
    spec = SPECS[table]
    roster = read_roster(conn, secret, table)
    before = _rows(conn, spec, wanted)
    states = {key: _state(secret, spec, roster, key, before.get(key)) for key in wanted}
    yield
    if roster.stamp is SealState.ALTERED:
        return
    entries = dict(roster.entries)
    after = _rows(conn, spec, wanted)
    for key in wanted:
        if states[key] is SealState.ALTERED and not renew:
            continue
        values = after.get(key)
        if values is None:
            entries.pop(key, None)
        else:
            entries[key] = _mac(secret, table, key, values)
    _store(conn, secret, table, entries)


def seal_new(conn: sqlite3.Connection, secret: StationSecret, table: str,
             keys: Iterable[str]) -> None:
    """Seal accounts just inserted (inside the caller's write transaction). A key the
    roster lists already (an account of that key removed outside the trainer) keeps its
    entry: the removal stays visible."""
    wanted = list(dict.fromkeys(keys))
    if secret.key is None or not wanted:
        return
    roster = read_roster(conn, secret, table, wanted)
    if roster.stamp is SealState.ALTERED:
        return
    entries = dict(roster.entries)
    for key, values in _rows(conn, SPECS[table], wanted).items():
        entries.setdefault(key, _mac(secret, table, key, values))
    _store(conn, secret, table, entries)


def follow_recovered(target: sqlite3.Connection, source: sqlite3.Connection,
                     secret: StationSecret) -> None:
    """Accounts copied back from a damaged file (:mod:`trainer.storage.salvage`, inside its
    transaction) keep the seal they had there: the damaged file's roster entry is taken
    for an account this file's roster does not list, only when it matches the account as
    copied (so nothing is sealed anew; an account altered there stays unlisted, ALTERED).
    """
    if secret.key is None:
        return
    for table, spec in SPECS.items():
        try:
            found = source.execute("SELECT value FROM meta WHERE key = ?",
                                   (_ROSTER_KEY + table,)).fetchone()
            theirs = json.loads(found[0])["rows"] if found else {}
        except (sqlite3.Error, ValueError, KeyError, TypeError):
            continue
        if not isinstance(theirs, dict):
            continue
        roster = read_roster(target, secret, table)
        if roster.stamp is not SealState.VALID:
            continue
        entries = dict(roster.entries)
        for key, values in _rows(target, spec).items():
            entry = theirs.get(key)
            if key not in entries and isinstance(entry, str) and hmac.compare_digest(
                    _mac(secret, table, key, values), entry):
                entries[key] = entry
        if entries != roster.entries:
            _store(target, secret, table, entries)


def seal_all_on_upgrade(conn: sqlite3.Connection, secret: StationSecret) -> dict[str, int]:
    """Seal every account as it stands (the open that makes a file, or upgrades one to
    schema 9, inside its transaction); the count per table. A table already holding a
    roster is left."""
    counts: dict[str, int] = {}
    if secret.key is None:
        return counts
    for table, spec in SPECS.items():
        if conn.execute("SELECT 1 FROM meta WHERE key = ?",
                        (_ROSTER_KEY + table,)).fetchone():
            counts[table] = 0
            continue
        present = _rows(conn, spec)
        _store(conn, secret, table,
               {key: _mac(secret, table, key, values) for key, values in present.items()})
        counts[table] = len(present)
    return counts


def _account_name(conn: sqlite3.Connection, table: str, key: str) -> str:
    if table == "instructors":
        row = conn.execute("SELECT 1 FROM instructors WHERE name = ?", (key,)).fetchone()
        if row:
            return _("instructor {name}", name=repr(key))
        return _("instructor {name} (removed)", name=repr(key))
    if table == "trainees":
        row = conn.execute("SELECT name FROM trainees WHERE uid = ?", (key,)).fetchone()
        if row:
            return _("trainee {name}", name=repr(row[0]))
        return _("trainee {name} (removed)", name=key)
    person, _colon, rest = key.partition(":")
    if person == "trainee":
        row = conn.execute("SELECT name FROM trainees WHERE uid = ?", (rest,)).fetchone()
        who = _("trainee {name}", name=repr(row[0]) if row else rest)
    else:
        who = _("instructor {name}", name=repr(rest))
    return _("the record of wrong sign-in tries of {who}", who=who)


@dataclass(frozen=True, slots=True)
class AccountFinding:
    table: str
    key: str
    state: SealState
    what: str


def check_accounts(conn: sqlite3.Connection, secret: StationSecret
                   ) -> tuple[dict[str, int], list[AccountFinding]]:
    """Every account checked (``hhe-trainer verify``): counts per table, and each
    account that is not VALID with a sentence naming it."""
    counts: dict[str, int] = {}
    findings: list[AccountFinding] = []
    for table in SPECS:
        states = account_states(conn, secret, table)
        counts[table] = len(states)
        for key, state in states.items():
            if state is SealState.VALID:
                continue
            name = _account_name(conn, table, key)
            what = (_("{account} was changed, added or removed outside the trainer",
                      account=name)
                    if state is SealState.ALTERED else
                    _("{account} cannot be checked: it was sealed with another station"
                      " secret", account=name))
            findings.append(AccountFinding(table, key, state, what))
    return counts, findings
