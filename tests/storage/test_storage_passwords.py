"""Instructor passwords: salted scrypt, never in clear, checked in constant time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from storage_support import query, verify_instructor

from trainer.storage import StorageError, TrainerDB
from trainer.storage.passwords import hash_password, is_password_hash, verify_password

PASSWORD = "Pit-Boss-4711"


def test_the_stored_hash_never_contains_the_password(db: TrainerDB, db_path: Path) -> None:
    db.create_instructor("Marta", PASSWORD)
    ((stored,),) = query(db_path, "SELECT password_hash FROM instructors")
    assert PASSWORD not in stored and PASSWORD.lower() not in stored.lower()
    assert re.fullmatch(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}", stored)
    db.close()
    for file in db_path.parent.rglob("*"):
        if file.is_file():
            assert PASSWORD.encode() not in file.read_bytes(), file


def test_the_right_password_verifies_and_a_wrong_one_is_refused(db: TrainerDB) -> None:
    db.create_instructor("Marta", PASSWORD)
    assert verify_instructor(db, "Marta", PASSWORD)
    assert verify_instructor(db, "marta", PASSWORD)  # names are case-blind, passwords are not
    assert not verify_instructor(db, "Marta", PASSWORD.lower())
    assert not verify_instructor(db, "Marta", "")
    assert not verify_instructor(db, "Marta", PASSWORD + " ")


def test_an_unknown_instructor_or_a_trainee_name_is_refused(db: TrainerDB) -> None:
    db.create_instructor("Marta", PASSWORD)
    db.create_trainee("Ana")
    assert not verify_instructor(db, "Ana", PASSWORD)
    assert not verify_instructor(db, "Nobody", PASSWORD)


def test_the_same_password_gets_a_different_salt_each_time() -> None:
    first, second = hash_password(PASSWORD), hash_password(PASSWORD)
    assert first != second
    assert verify_password(PASSWORD, first) and verify_password(PASSWORD, second)


@pytest.mark.parametrize(
    "stored",
    [
        "",
        "plain-text-password",
        "scrypt$16384$8$1$zz$00",
        "scrypt$3$8$1$00112233445566778899aabbccddeeff$" + "00" * 32,  # n not a power of 2
        "scrypt$1073741824$8$1$00112233445566778899aabbccddeeff$" + "00" * 32,  # n too large
        "bcrypt$16384$8$1$00112233445566778899aabbccddeeff$" + "00" * 32,
    ],
)
def test_a_malformed_stored_hash_never_verifies(stored: str) -> None:
    assert not verify_password(PASSWORD, stored)


def test_a_short_password_or_a_second_instructor_of_the_same_name_is_refused(
    db: TrainerDB,
) -> None:
    with pytest.raises(StorageError, match="password: at least 6 characters"):
        db.create_instructor("Marta", "12345")
    db.create_instructor("Marta", PASSWORD)
    with pytest.raises(StorageError, match="already exists"):
        db.create_instructor("MARTA", "another-password")
    assert db.list_instructors() == ["Marta"]


@pytest.mark.parametrize(
    "text",
    ["", "scrypt$16384$8$1$$" + "0" * 64, "scrypt$16383$8$1$aa$" + "0" * 64,
     "bcrypt$16384$8$1$aa$" + "0" * 64, "scrypt$16384$8$1$aa$" + "0" * 62],
)
def test_what_is_not_a_stored_hash_is_recognised(text: str) -> None:
    assert not is_password_hash(text)
    assert is_password_hash(hash_password("x" * 6))
