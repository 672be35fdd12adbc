"""Signing in: trainees' PINs, instructors' accounts, the growing delay after wrong tries (no Qt).

A try is checked by :meth:`Accounts.check_instructor` or
:meth:`Accounts.check_trainee_pin`, which answer with a :class:`SignIn`.
Wrong tries in a row are counted per person in ``sign_in_failures``
(``instructor:<name folded>`` and ``trainee:<uid>``, an unknown instructor
name too, so guessing names gains nothing); after :data:`FREE_TRIES` of them
each further wrong try makes the next one wait (:func:`delay_after`: 1, 2,
4, ... seconds, at most :data:`MAX_DELAY_SECONDS`). A try made before the
wait is over is refused without being checked and counts nothing. A right
one clears the count. The count is in the database, so quitting the trainer
does not reset it; every method takes ``at`` (the present by default) so
tests need no real waiting.

Each instructor's signing key (:mod:`trainer.storage.signing`) is made the
first time their password is known to be right (a sign-in, a sign-off, a
request for the public key), encrypted under it; a password change
re-encrypts it; IT's reset (no old password) makes a new key pair, which
IT pins again.

Accounts are sealed (:mod:`trainer.storage.account_seal`): an instructor, a trainee's
PIN hash and a person's count of wrong tries changed, added or removed outside the
trainer reads ALTERED, and a sign-in to that account is refused with a sentence
(:attr:`SignIn.refusal`) until an instructor sets the trainee a new PIN, or IT resets
the instructor's password.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.i18n import _
from trainer.storage import account_seal, fields, passwords, rows, signing
from trainer.storage.fields import MAX_NAME_LENGTH
from trainer.storage.models import SealState, StorageError
from trainer.storage.writes import Area

FREE_TRIES = 3
"""Wrong tries in a row that cost no wait."""
MAX_DELAY_SECONDS = 60
SITE_INSTRUCTOR_KEY = "site_instructor"
"""``meta`` key: the site file's instructor was created here (or found) once; never again."""


def delay_after(failures: int) -> int:
    """Seconds before the next try after ``failures`` wrong tries in a row:
    0 for the first :data:`FREE_TRIES`, then 1, 2, 4, 8, ... at most :data:`MAX_DELAY_SECONDS`."""
    if failures <= FREE_TRIES:
        return 0
    return min(MAX_DELAY_SECONDS, 2 ** min(failures - FREE_TRIES - 1, 16))


@dataclass(frozen=True, slots=True)
class SignIn:
    """The answer to one try."""

    accepted: bool
    wait_seconds: float = 0.0
    """Seconds before another try is checked (0: at once)."""
    checked: bool = True
    """False: refused without checking, because the wait was not over (or the account
    was altered)."""
    refusal: str | None = None
    """The sentence when the account itself is refused (altered outside the trainer)."""


def instructor_key(name: str) -> str:
    return "instructor:" + name.strip().casefold()[:MAX_NAME_LENGTH]


def trainee_key(uid: str) -> str:
    return "trainee:" + uid


def _moment(at: datetime | None) -> datetime:
    if at is None:
        return datetime.now(UTC)
    fields.stamp(at)  # refuses a naive datetime by name
    return at


class Accounts(Area):
    """Trainees' PINs, instructors' accounts, the failure count and the site's instructor."""

    # -- the wait

    def sign_in_wait(self, who: str, *, at: datetime | None = None) -> float:
        """Seconds ``who`` must still wait before a try is checked (0: none)."""
        row = rows.fetch_one(
            self.conn,
            "SELECT failures, last_failure FROM sign_in_failures WHERE who = ?",
            (who,),
        )
        if row is None:
            return 0.0
        delay = delay_after(int(row["failures"]))
        if not delay:
            return 0.0
        try:
            last = datetime.fromisoformat(str(row["last_failure"]))
        except ValueError:
            return float(delay)  # an unreadable time: the whole wait, never none
        if last.tzinfo is None:
            last = last.replace(tzinfo=UTC)
        elapsed = max(0.0, (_moment(at) - last).total_seconds())
        return max(0.0, delay - elapsed)

    def sign_in_failures(self, who: str) -> int:
        """Wrong tries in a row recorded for ``who``."""
        row = rows.fetch_one(
            self.conn, "SELECT failures FROM sign_in_failures WHERE who = ?", (who,)
        )
        return 0 if row is None else int(row["failures"])

    def _failed(self, who: str, at: datetime | None) -> SignIn:
        when = fields.stamp(_moment(at))
        with self._write() as conn, self._kept(conn, "sign_in_failures", [who]):
            conn.execute(
                "INSERT INTO sign_in_failures (who, failures, last_failure) VALUES (?, 1, ?)"
                " ON CONFLICT (who) DO UPDATE SET failures = failures + 1,"
                " last_failure = excluded.last_failure",
                (who, when),
            )
            count = conn.execute(
                "SELECT failures FROM sign_in_failures WHERE who = ?", (who,)
            ).fetchone()[0]
        return SignIn(accepted=False, wait_seconds=float(delay_after(int(count))))

    def _clear_failures(self, conn: sqlite3.Connection, who: str, *,
                        renew: bool = False) -> None:
        with self._kept(conn, "sign_in_failures", [who], renew=renew):
            conn.execute("DELETE FROM sign_in_failures WHERE who = ?", (who,))

    # -- the accounts' seals

    def _kept(self, conn: sqlite3.Connection, table: str, keys: list[str], *,
              renew: bool = False) -> contextlib.AbstractContextManager[None]:
        return account_seal.kept(conn, self.secret, table, keys, renew=renew)

    def _altered(self, table: str, key: str) -> bool:
        state = account_seal.account_state(self.conn, self.secret, table, key)
        return state is SealState.ALTERED

    def _instructor_refusal(self, name: str) -> str | None:
        """The sentence refusing an instructor whose account, or count of wrong tries,
        was altered outside the trainer; None when it was not."""
        row = rows.fetch_one(self.conn, "SELECT id, name FROM instructors WHERE name = ?",
                             (name.strip(),))
        if (row is None or not self._altered("instructors", str(row["name"]))) and not (
                self._altered("sign_in_failures", instructor_key(name))):
            return None
        shown = name.strip() if row is None else row["name"]
        return _("The account of instructor {name} was changed outside the trainer (its"
                 " password, signing key or count of wrong tries): it cannot sign in until"
                 " IT resets the password on this station ('hhe-trainer instructor reset').",
                 name=shown)

    def trainee_account_problem(self, trainee_id: int) -> str | None:
        """The sentence refusing a trainee whose account (PIN, name, employee id) or
        count of wrong tries was altered outside the trainer; None when it was not."""
        row = self._trainee_pin_row(trainee_id)
        if not (self._altered("trainees", row["uid"])
                or self._altered("sign_in_failures", trainee_key(row["uid"]))):
            return None
        return _("The account of {name} was changed outside the trainer (its PIN or its"
                 " count of wrong tries): it cannot be used until an instructor sets a new"
                 " PIN for {name} in the instructor area.", name=row["name"])

    def _succeeded(self, who: str) -> SignIn:
        if self.sign_in_failures(who):
            with self._write() as conn:
                self._clear_failures(conn, who)
        return SignIn(accepted=True)

    # -- instructors

    def check_instructor(
        self, name: str, password: str, *, at: datetime | None = None
    ) -> SignIn:
        """One sign-in try (an unknown name is counted and takes as long)."""
        if not isinstance(name, str) or not isinstance(password, str):
            return SignIn(accepted=False)
        who = instructor_key(name)
        refusal = self._instructor_refusal(name)
        if refusal is not None:
            return SignIn(accepted=False, checked=False, refusal=refusal)
        wait = self.sign_in_wait(who, at=at)
        if wait > 0:
            return SignIn(accepted=False, wait_seconds=wait, checked=False)
        row = rows.fetch_one(
            self.conn, "SELECT password_hash FROM instructors WHERE name = ?", (name.strip(),)
        )
        if row is None:
            passwords.dummy_verify(password)  # as long as a real check
        elif passwords.verify_password(password, row["password_hash"]):
            with contextlib.suppress(signing.SigningError):  # no signing library here:
                self._ensure_key(name.strip(), password)  # signing says so; sign-in goes on
            return self._succeeded(who)
        return self._failed(who, at)

    # -- signing keys

    def _key_pair(self, name: str) -> signing.KeyPair | None:
        row = rows.fetch_one(
            self.conn, "SELECT public_key, private_key FROM instructors WHERE name = ?", (name,)
        )
        if row is None or row["public_key"] is None or row["private_key"] is None:
            return None
        return signing.KeyPair(str(row["public_key"]), str(row["private_key"]))

    def _store_key(self, conn: sqlite3.Connection, name: str, pair: signing.KeyPair) -> None:
        with self._kept(conn, "instructors", _instructor_ids(conn, name)):
            conn.execute("UPDATE instructors SET public_key = ?, private_key = ? WHERE name = ?",
                         (pair.public_key, pair.encrypted, name))

    def _ensure_key(self, name: str, password: str) -> None:
        """A key pair for an instructor who has none yet, under their (checked) password;
        a key encrypted at an older, cheaper cost encrypted again at today's (once: the
        password's next use after the upgrade). SigningError when the key cannot be
        unlocked with this password (left as it is)."""
        pair = self._key_pair(name)
        if pair is None:
            pair = signing.new_key_pair(password)
        elif signing.needs_reencrypt(pair):
            pair = signing.reencrypt(pair, password, password)
        else:
            return
        with self._write() as conn:
            self._store_key(conn, name, pair)

    def signer(self, name: str, password: str, *, at: datetime | None = None,
               field: str = "signed_by") -> signing.Signer:
        """The instructor's unlocked signing key: the password is checked like a sign-in
        (counted, with the wait), then decrypts the key. StorageError naming ``password``
        when either fails: a password hash swapped outside the trainer signs in, but
        cannot unlock the key the real password encrypted."""
        clean = fields.name(name, field)
        try:
            stored_name = self.known_instructor(clean)
        except StorageError:
            raise StorageError(_("{field}: {name} is not an instructor of this station",
                                 field=field, name=repr(clean))) from None
        attempt = self.check_instructor(stored_name, password, at=at)
        if attempt.refusal is not None:
            raise StorageError(f"password: {attempt.refusal}")
        if not attempt.accepted:
            if attempt.wait_seconds:
                raise StorageError(_("password: not the password of {name}; wait {seconds} s"
                                     " before another try", name=stored_name,
                                     seconds=format(attempt.wait_seconds, ".0f")))
            raise StorageError(_("password: not the password of {name}", name=stored_name))
        pair = self._key_pair(stored_name)
        if pair is None:  # check_instructor makes it: only without a signing library
            signing.require_library()
            raise StorageError(_("password: {name} has no signing key yet", name=stored_name))
        try:
            private = signing.unlock(pair, password)
        except signing.SigningError as error:
            raise StorageError(_("password: {name}'s {error}; the password was changed"
                                 " outside the trainer, or the key was replaced",
                                 name=stored_name, error=error)) from None
        return signing.Signer(stored_name, pair.public_key, private)

    def instructor_public_key(self, name: str, password: str) -> tuple[str, str]:
        """The instructor's stored name and public key (base64), once their password
        unlocks the key (so the key IT pins is one this password can sign with)."""
        found = self.signer(name, password)
        return found.name, found.public_key

    def _instructor_names(self) -> list[str]:
        found = rows.fetch_all(
            self.conn, "SELECT name FROM instructors ORDER BY name COLLATE NOCASE"
        )
        return [row["name"] for row in found]

    def known_instructor(self, name: str) -> str:
        """The stored spelling of this instructor's name; StorageError naming the known ones."""
        clean = name.strip() if isinstance(name, str) else ""
        row = rows.fetch_one(self.conn, "SELECT name FROM instructors WHERE name = ?", (clean,))
        if row is None:
            known = ", ".join(self._instructor_names()) or _("none")
            raise StorageError(_("name: no instructor named {name} here (instructors: {known})",
                                 name=repr(clean), known=known))
        return str(row["name"])

    @staticmethod
    def _password_problem(password: object) -> None:
        if not isinstance(password, str) or len(password) < passwords.MIN_PASSWORD_LENGTH:
            raise StorageError(_("password: at least {length} characters are required",
                                 length=passwords.MIN_PASSWORD_LENGTH))

    def _store_instructor_password(self, name: str, password: str,
                                   key: signing.KeyPair | None = None, *,
                                   renew: bool = False) -> None:
        stored = passwords.hash_password(password)
        with self._write() as conn:
            with self._kept(conn, "instructors", _instructor_ids(conn, name), renew=renew):
                conn.execute(
                    "UPDATE instructors SET password_hash = ? WHERE name = ?", (stored, name)
                )
                if key is not None:
                    conn.execute("UPDATE instructors SET public_key = ?, private_key = ?"
                                 " WHERE name = ?", (key.public_key, key.encrypted, name))
            self._clear_failures(conn, instructor_key(name), renew=renew)

    def change_instructor_password(
        self, name: str, current: str, new: str, *, at: datetime | None = None
    ) -> SignIn:
        """Change one's own password: ``current`` is checked first (with the wait)."""
        stored_name = self.known_instructor(name)
        self._password_problem(new)
        attempt = self.check_instructor(stored_name, current, at=at)
        if attempt.accepted:
            pair = self._key_pair(stored_name)
            assert pair is not None  # made by check_instructor
            try:
                key = signing.reencrypt(pair, current, new)
            except signing.SigningError as error:
                raise StorageError(_(
                    "password: {name}'s {error}: the password was changed outside the"
                    " trainer; IT can reset it ('hhe-trainer instructor reset')",
                    name=stored_name, error=error)) from None
            self._store_instructor_password(stored_name, new, key)
        return attempt

    def reset_instructor_password(self, name: str, new: str) -> str:
        """Set a new password without the old one (IT, on the machine); the stored name.

        The old signing key cannot be re-encrypted without the old password: a new
        key pair is made, whose public key IT pins in the site file again. Clears the
        wrong tries too, and seals the account anew: IT's reset is how an account
        altered outside the trainer is put right. StorageError for an unknown name or a
        short password.
        """
        stored_name = self.known_instructor(name)
        self._password_problem(new)
        self._store_instructor_password(stored_name, new, signing.new_key_pair(new),
                                        renew=True)
        return stored_name

    def remove_instructor(self, name: str, *, signed_in: str) -> None:
        """Remove another instructor: never oneself, never the last one."""
        stored_name = self.known_instructor(name)
        if stored_name.casefold() == signed_in.strip().casefold():
            raise StorageError(_(
                "name: you cannot remove yourself; another instructor can remove you"))
        with self._write() as conn:
            if conn.execute("SELECT count(*) FROM instructors").fetchone()[0] <= 1:
                raise StorageError(_("name: the last instructor cannot be removed"))
            with self._kept(conn, "instructors", _instructor_ids(conn, stored_name)):
                conn.execute("DELETE FROM instructors WHERE name = ?", (stored_name,))
            self._clear_failures(conn, instructor_key(stored_name))

    def ensure_site_instructor(self, name: str, password_hash: str) -> bool:
        """Create the site file's instructor, once per station; True when created now.

        Created when this station never had it: a station that ran with no
        usable site file (or before the file named anyone) gets it at the first
        start with a good file. Not created again once it was created or found
        here (an instructor removed in the app stays removed), and never over
        an instructor of the same name.
        """
        clean = fields.name(name)
        weakness = passwords.hash_weakness(password_hash)
        if weakness is not None:
            raise StorageError(f"password_hash: {weakness}")
        with self._write() as conn:
            if conn.execute(
                "SELECT 1 FROM meta WHERE key = ?", (SITE_INSTRUCTOR_KEY,)
            ).fetchone():
                return False
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)", (SITE_INSTRUCTOR_KEY, clean)
            )
            if conn.execute("SELECT 1 FROM instructors WHERE name = ?", (clean,)).fetchone():
                return False
            conn.execute(
                "INSERT INTO instructors (name, password_hash, created) VALUES (?, ?, ?)",
                (clean, password_hash, fields.now()),
            )
            account_seal.seal_new(conn, self.secret, "instructors", [clean])
        return True

    # -- trainees

    def _trainee_pin_row(self, trainee_id: int) -> sqlite3.Row:
        row = rows.fetch_one(
            self.conn, "SELECT uid, name, pin_hash FROM trainees WHERE id = ?", (trainee_id,)
        )
        if row is None:
            raise StorageError(_("trainee: no trainee with id {trainee}",
                                 trainee=repr(trainee_id)))
        return row

    def trainee_has_pin(self, trainee_id: int) -> bool:
        return self._trainee_pin_row(trainee_id)["pin_hash"] is not None

    def trainees_with_pin(self) -> set[int]:
        found = rows.fetch_all(self.conn, "SELECT id FROM trainees WHERE pin_hash IS NOT NULL")
        return {int(row["id"]) for row in found}

    def set_trainee_pin(self, trainee_id: int, secret: str, *,
                        by_instructor: bool = False) -> None:
        """Set (or replace: an instructor's reset) a trainee's PIN or password.

        The rule is :func:`trainer.storage.passwords.trainee_secret_problem`'s;
        the wrong tries are cleared. An account altered outside the trainer is refused
        (StorageError with :meth:`trainee_account_problem`'s sentence) unless
        ``by_instructor``: an instructor's reset seals it anew.
        """
        problem = passwords.trainee_secret_problem(secret)
        if problem is not None:
            raise StorageError(f"pin: {problem}")
        row = self._trainee_pin_row(trainee_id)
        if not by_instructor:
            altered = self.trainee_account_problem(trainee_id)
            if altered is not None:
                raise StorageError(f"pin: {altered}")
        stored = passwords.hash_pin(secret)
        with self._write() as conn:
            with self._kept(conn, "trainees", [row["uid"]], renew=by_instructor):
                conn.execute("UPDATE trainees SET pin_hash = ? WHERE id = ?",
                             (stored, trainee_id))
            self._clear_failures(conn, trainee_key(row["uid"]), renew=by_instructor)

    def remove_trainee_pin(self, trainee_id: int) -> None:
        """No PIN any more (an instructor's choice, where the room's policy allows it);
        like an instructor's reset, it seals an account altered outside the trainer anew."""
        row = self._trainee_pin_row(trainee_id)
        with self._write() as conn:
            with self._kept(conn, "trainees", [row["uid"]], renew=True):
                conn.execute("UPDATE trainees SET pin_hash = NULL WHERE id = ?", (trainee_id,))
            self._clear_failures(conn, trainee_key(row["uid"]), renew=True)

    def check_trainee_pin(
        self, trainee_id: int, secret: str, *, at: datetime | None = None
    ) -> SignIn:
        """One try of a trainee's PIN; StorageError when the trainee has none."""
        row = self._trainee_pin_row(trainee_id)
        refusal = self.trainee_account_problem(trainee_id)
        if refusal is not None:
            return SignIn(accepted=False, checked=False, refusal=refusal)
        if row["pin_hash"] is None:
            raise StorageError(_("pin: {name} has no PIN", name=row["name"]))
        who = trainee_key(row["uid"])
        wait = self.sign_in_wait(who, at=at)
        if wait > 0:
            return SignIn(accepted=False, wait_seconds=wait, checked=False)
        if isinstance(secret, str) and passwords.verify_password(secret, row["pin_hash"]):
            if passwords.pin_needs_rehash(row["pin_hash"]):  # an older, cheaper cost
                with self._write() as conn, self._kept(conn, "trainees", [row["uid"]]):
                    conn.execute("UPDATE trainees SET pin_hash = ? WHERE id = ?",
                                 (passwords.hash_pin(secret), trainee_id))
            return self._succeeded(who)
        return self._failed(who, at)


def _instructor_ids(conn: sqlite3.Connection, name: str) -> list[str]:
    """The account key (the stored spelling of the name) of the instructor ``name``."""
    return [str(row[0]) for row in
            conn.execute("SELECT name FROM instructors WHERE name = ?", (name,))]
