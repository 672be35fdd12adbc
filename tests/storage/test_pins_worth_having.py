"""Issue 21, "PINs worth having": a new PIN has at least six digits and is hashed with
scrypt N = 2**16, r = 8 (``benchmarks/pin_cost.py``: about 0.2 s a guess, 10**6 PINs,
over a day of one core); a PIN hashed at the old cost (N = 2**14, four digits allowed)
still signs in and is hashed again at the new cost."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from trainer.storage import StorageError, TrainerDB, account_seal
from trainer.storage.passwords import (
    PIN_SCRYPT_N,
    hash_cost,
    hash_password,
    pin_needs_rehash,
    verify_password,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _stored_pin(db_path: Path, trainee: int) -> str:
    conn = sqlite3.connect(db_path)
    try:
        (stored,) = conn.execute("SELECT pin_hash FROM trainees WHERE id = ?",
                                 (trainee,)).fetchone()
    finally:
        conn.close()
    return str(stored)


def test_a_four_or_five_digit_pin_is_refused_naming_the_six_digit_minimum(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    for short in ("4711", "47114"):
        with pytest.raises(StorageError) as refused:
            db.set_trainee_pin(ana, short)
        assert str(refused.value) == "pin: a PIN needs at least 6 digits"
    assert not db.trainee_has_pin(ana)


def test_a_new_pin_is_stored_at_the_new_cost_read_from_the_stored_hash(
    db: TrainerDB, db_path: Path,
) -> None:
    ana = db.create_trainee("Ana")
    db.set_trainee_pin(ana, "471147")
    stored = _stored_pin(db_path, ana)
    n, r, p = stored.split("$")[1:4]  # scrypt$N$r$p$salt$hash, read as stored
    assert (int(n), int(r), int(p)) == (65536, 8, 1)
    assert hash_cost(stored) == (2**16, 8, 1) and PIN_SCRYPT_N == 2**16
    assert not pin_needs_rehash(stored)


def test_a_pin_hashed_at_the_old_cost_still_signs_in_and_is_hashed_again_at_the_new(
    db: TrainerDB, db_path: Path,
) -> None:
    """An older trainer's four-digit PIN at N = 2**14: kept working, upgraded on use."""
    ana = db.create_trainee("Ana")
    old = hash_password("4711", n=2**14)
    assert old.startswith("scrypt$16384$8$1$") and pin_needs_rehash(old)
    conn = sqlite3.connect(db_path)
    uid = conn.execute("SELECT uid FROM trainees WHERE id = ?", (ana,)).fetchone()[0]
    with conn, account_seal.kept(conn, db.secret, "trainees", [uid], renew=True):
        # as an older trainer kept it: accounts are sealed as they stand at the upgrade
        conn.execute("UPDATE trainees SET pin_hash = ? WHERE id = ?", (old, ana))
    conn.close()

    assert not db.check_trainee_pin(ana, "4712", at=T0).accepted
    assert _stored_pin(db_path, ana) == old  # a wrong PIN upgrades nothing

    assert db.check_trainee_pin(ana, "4711", at=T0).accepted
    upgraded = _stored_pin(db_path, ana)
    assert upgraded != old and upgraded.startswith("scrypt$65536$8$1$")
    assert verify_password("4711", upgraded) and not verify_password("4712", upgraded)
    assert db.check_trainee_pin(ana, "4711", at=T0).accepted  # and signs in after
    assert _stored_pin(db_path, ana) == upgraded  # made once, not at every sign-in
