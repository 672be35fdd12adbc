"""The signing key's KDF (issue 21): an instructor's private key is encrypted under a key
scrypt derives from the password at a PIN's cost (N = 2**16, r = 8), so guessing the
password through the encrypted key costs at least what guessing a PIN does; a key
encrypted before (N = 2**15) still unlocks and is encrypted again at the new cost at the
next use of the password."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from trainer.storage import TrainerDB, account_seal, signing
from trainer.storage.models import SealState

PASSWORD = "correct horse battery"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _stored_key(path: Path, name: str) -> tuple[str, str]:
    conn = sqlite3.connect(path)
    try:
        public, private = conn.execute(
            "SELECT public_key, private_key FROM instructors WHERE name = ?", (name,)).fetchone()
    finally:
        conn.close()
    return str(public), str(private)


def test_a_new_key_is_encrypted_at_a_pins_cost_read_from_the_stored_form(
    db: TrainerDB, db_path: Path
) -> None:
    db.create_instructor("Pat", PASSWORD)
    _, private = _stored_key(db_path, "Pat")
    prefix, n, r, p = private.split("$")[:4]
    assert (prefix, int(n), int(r), int(p)) == ("scrypt-aesgcm", 65536, 8, 1)
    assert not signing.needs_reencrypt(signing.KeyPair("x", private))


def test_a_key_encrypted_at_the_old_cost_unlocks_and_is_encrypted_again_at_the_next_sign_in(
    db: TrainerDB, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as before:  # as the trainer before the raise made it
        before.setattr(signing, "KEY_SCRYPT_N", 2**15)
        db.create_instructor("Pat", PASSWORD)
    public, old = _stored_key(db_path, "Pat")
    assert old.startswith("scrypt-aesgcm$32768$8$1$")
    assert signing.needs_reencrypt(signing.KeyPair(public, old))

    assert not db.check_instructor("Pat", "not the password", at=T0).accepted
    assert _stored_key(db_path, "Pat") == (public, old)  # a wrong password changes nothing

    assert db.check_instructor("Pat", PASSWORD, at=T0).accepted
    same_public, new = _stored_key(db_path, "Pat")
    assert same_public == public and new != old
    assert new.startswith("scrypt-aesgcm$65536$8$1$")
    # the same key pair: the key IT pinned still signs, and only under this password
    assert db.instructor_public_key("Pat", PASSWORD) == ("Pat", public)
    with pytest.raises(signing.SigningError, match="cannot be unlocked"):
        signing.unlock(signing.KeyPair(public, new), "not the password")
    assert _stored_key(db_path, "Pat")[1] == new  # encrypted once, not at every sign-in
    # the account stays sealed through the trainer's own change
    assert account_seal.account_state(db.conn, db.secret, "instructors", "Pat") is (
        SealState.VALID)


def test_a_key_below_the_oldest_cost_is_refused_not_unlocked(db: TrainerDB,
                                                             db_path: Path) -> None:
    db.create_instructor("Pat", PASSWORD)
    public, private = _stored_key(db_path, "Pat")
    cheap = private.replace("$65536$", "$16384$", 1)
    with pytest.raises(signing.SigningError, match="not in a form this version reads"):
        signing.unlock(signing.KeyPair(public, cheap), PASSWORD)


def test_an_instructors_password_hash_tests_a_guess_at_a_quarter_of_the_keys_cost(
    db: TrainerDB, db_path: Path
) -> None:
    """What remains (docs/installing.md's trust table): the instructor's password hash,
    readable at the station, is the cheaper way to test a guessed password offline:
    scrypt N = 2**14 against the encrypted key's 2**16 (r = 8, p = 1 both; scrypt's
    work grows with N), so an instructor's password should be long."""
    from trainer.storage.passwords import hash_cost, verify_password

    db.create_instructor("Pat", PASSWORD)
    conn = sqlite3.connect(db_path)
    try:
        (stored,) = conn.execute(
            "SELECT password_hash FROM instructors WHERE name = 'Pat'").fetchone()
    finally:
        conn.close()
    _, private = _stored_key(db_path, "Pat")
    key_n = int(private.split("$")[1])
    cost = hash_cost(stored)
    assert cost == (16384, 8, 1)
    assert key_n == 65536 and key_n // cost[0] == 4
    assert verify_password(PASSWORD, stored) and not verify_password("a guess", stored)
