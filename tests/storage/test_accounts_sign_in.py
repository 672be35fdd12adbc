"""Trainee PINs, instructor accounts and the growing delay after wrong tries (a real SQLite file).

The delay is driven by the ``at`` moment each call takes: no test waits.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from storage_support import instructor_wait, query, trainee_wait, verify_instructor

from trainer.storage import StorageError, TrainerDB, open_database
from trainer.storage.accounts import (
    FREE_TRIES,
    MAX_DELAY_SECONDS,
    delay_after,
    instructor_key,
)
from trainer.storage.passwords import (
    MIN_PASSWORD_LENGTH,
    MIN_PIN_DIGITS,
    hash_password,
    trainee_secret_problem,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def seconds(n: float) -> timedelta:
    return timedelta(seconds=n)


# -- the rule for a trainee's secret


@pytest.mark.parametrize("secret", ["471147", "00000000", "horse!", "correct horse", "Ana-2026"])
def test_a_pin_of_six_digits_or_a_password_of_six_characters_will_do(secret: str) -> None:
    assert MIN_PIN_DIGITS == 6 and MIN_PASSWORD_LENGTH == 6
    assert trainee_secret_problem(secret) is None


@pytest.mark.parametrize(
    ("secret", "says"),
    [
        ("", "type a PIN"),
        ("471", "at least 6 digits"),
        ("4711", "a PIN needs at least 6 digits"),  # four digits were enough before
        ("47114", "a PIN needs at least 6 digits"),
        ("abc12", "at least 6 characters"),
        (" 4711", "space"),
        ("\u0664\u0667\u0661", "at least 6 characters"),  # Arabic-Indic digits are not a PIN
    ],
)
def test_a_short_pin_or_password_is_refused_saying_why(secret: str, says: str) -> None:
    problem = trainee_secret_problem(secret)
    assert problem is not None and says in problem


# -- trainee PINs


def test_a_trainee_pin_is_stored_only_as_a_hash_and_verifies(
    db: TrainerDB, db_path: Path
) -> None:
    ana = db.create_trainee("Ana")
    assert not db.trainee_has_pin(ana)
    db.set_trainee_pin(ana, "471147")
    assert db.trainee_has_pin(ana)
    assert db.trainees_with_pin() == {ana}
    ((stored,),) = query(db_path, "SELECT pin_hash FROM trainees")
    assert stored.startswith("scrypt$65536$8$1$") and "471147" not in stored
    assert db.check_trainee_pin(ana, "471147", at=T0).accepted
    assert not db.check_trainee_pin(ana, "471148", at=T0).accepted


def test_a_pin_too_short_is_refused_and_nothing_is_stored(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    with pytest.raises(StorageError, match=r"^pin: a PIN needs at least 6 digits"):
        db.set_trainee_pin(ana, "123")
    assert not db.trainee_has_pin(ana)


def test_an_instructor_resets_a_forgotten_pin_and_the_old_one_stops_working(
    db: TrainerDB,
) -> None:
    ana = db.create_trainee("Ana")
    db.set_trainee_pin(ana, "471147")
    for n in range(5):
        db.check_trainee_pin(ana, "0000", at=T0 + seconds(100 * n))
    assert trainee_wait(db, ana, at=T0 + seconds(400)) > 0
    db.set_trainee_pin(ana, "864213")  # the instructor's reset
    assert trainee_wait(db, ana, at=T0 + seconds(400)) == 0  # the wrong tries are cleared
    assert not db.check_trainee_pin(ana, "471147", at=T0 + seconds(400)).accepted
    assert db.check_trainee_pin(ana, "864213", at=T0 + seconds(400)).accepted


def test_checking_a_trainee_without_a_pin_is_a_mistake_not_a_pass(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    with pytest.raises(StorageError, match="Ana has no PIN"):
        db.check_trainee_pin(ana, "", at=T0)
    db.set_trainee_pin(ana, "471147")
    db.remove_trainee_pin(ana)
    assert not db.trainee_has_pin(ana)


def test_an_unknown_trainee_is_named_in_the_error(db: TrainerDB) -> None:
    with pytest.raises(StorageError, match="no trainee with id 99"):
        db.set_trainee_pin(99, "471147")


# -- the growing delay


def test_the_delay_is_free_for_three_tries_then_doubles_up_to_a_minute() -> None:
    assert FREE_TRIES == 3 and MAX_DELAY_SECONDS == 60
    assert [delay_after(n) for n in range(1, 12)] == [0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]
    assert delay_after(10**6) == 60


def test_wrong_instructor_passwords_make_the_next_try_wait(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    waits = [db.check_instructor("Maria", "wrong", at=T0 + seconds(100 * n)).wait_seconds
             for n in range(6)]
    assert waits == [0, 0, 0, 1, 2, 4]
    # 6 wrong tries: the next waits 4 s from the last one (at T0 + 500 s)
    early = db.check_instructor("Maria", "correct horse", at=T0 + seconds(501))
    assert not early.accepted and not early.checked
    assert early.wait_seconds == pytest.approx(3)
    # a refused early try counts nothing
    assert db._accounts.sign_in_failures(instructor_key("Maria")) == 6
    right = db.check_instructor("Maria", "correct horse", at=T0 + seconds(504))
    assert right.accepted and right.wait_seconds == 0
    assert db._accounts.sign_in_failures(instructor_key("Maria")) == 0  # a right password clears it
    assert db.check_instructor("Maria", "wrong", at=T0 + seconds(504)).wait_seconds == 0


def test_the_count_survives_closing_the_trainer(db_path: Path, db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    for n in range(4):
        db.check_instructor("Maria", "wrong", at=T0 + seconds(n))
    db.close()
    with open_database(db_path) as again:
        assert instructor_wait(again, "Maria", at=T0 + seconds(3.5)) == pytest.approx(0.5)
        assert not again.check_instructor("maria", "correct horse", at=T0 + seconds(3.5)).checked


def test_an_unknown_name_is_counted_like_a_known_one(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    waits = [db.check_instructor("Nobody", "x", at=T0 + seconds(10 * n)).wait_seconds
             for n in range(5)]
    assert waits == [0, 0, 0, 1, 2]
    assert instructor_wait(db, "Maria", at=T0) == 0  # another person's count is their own


def test_wrong_pins_make_the_trainee_wait_and_the_right_one_clears_it(db: TrainerDB) -> None:
    ana = db.create_trainee("Ana")
    bob = db.create_trainee("Bob")
    db.set_trainee_pin(ana, "471147")
    db.set_trainee_pin(bob, "123456")
    for n in range(4):
        db.check_trainee_pin(ana, "0000", at=T0 + seconds(n))
    assert trainee_wait(db, ana, at=T0 + seconds(3)) == pytest.approx(1)
    assert trainee_wait(db, bob, at=T0 + seconds(3)) == 0
    assert not db.check_trainee_pin(ana, "471147", at=T0 + seconds(3.5)).checked
    assert db.check_trainee_pin(ana, "471147", at=T0 + seconds(4)).accepted
    assert trainee_wait(db, ana, at=T0 + seconds(4)) == 0


def test_a_clock_set_back_never_waives_the_wait(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    for _ in range(4):
        db.check_instructor("Maria", "wrong", at=T0)
    assert instructor_wait(db, "Maria", at=T0 - timedelta(hours=1)) == pytest.approx(1)


# -- instructor accounts


def test_an_instructor_changes_their_own_password_with_the_current_one(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    refused = db.change_instructor_password("Maria", "wrong horse", "battery staple", at=T0)
    assert not refused.accepted
    assert verify_instructor(db, "Maria", "correct horse")
    assert db.change_instructor_password("maria", "correct horse", "battery staple",
                                         at=T0).accepted
    assert verify_instructor(db, "Maria", "battery staple")
    assert not verify_instructor(db, "Maria", "correct horse")
    with pytest.raises(StorageError, match="at least 6 characters"):
        db.change_instructor_password("Maria", "battery staple", "short", at=T0)


def test_it_resets_a_forgotten_password_and_clears_the_wait(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    for _ in range(8):
        db.check_instructor("Maria", "guess", at=T0)
    assert db.reset_instructor_password(" maria ", "new password") == "Maria"
    assert instructor_wait(db, "Maria", at=T0) == 0
    assert db.check_instructor("Maria", "new password", at=T0).accepted


def test_resetting_an_unknown_instructor_names_the_ones_there(db: TrainerDB) -> None:
    db.create_instructor("Maria", "correct horse")
    db.create_instructor("Pat", "correct horse")
    with pytest.raises(StorageError, match=r"no instructor named 'Mario' here"
                       r" \(instructors: Maria, Pat\)"):
        db.reset_instructor_password("Mario", "new password")


def test_instructors_are_added_and_removed_but_never_the_last_nor_oneself(
    db: TrainerDB,
) -> None:
    db.create_instructor("Maria", "correct horse")
    db.create_instructor("Pat", "battery staple")
    with pytest.raises(StorageError, match="cannot remove yourself"):
        db.remove_instructor("Maria", signed_in="maria")
    db.remove_instructor("Pat", signed_in="Maria")
    assert db.list_instructors() == ["Maria"]
    assert not verify_instructor(db, "Pat", "battery staple")
    with pytest.raises(StorageError, match="no instructor named 'Pat'"):
        db.remove_instructor("Pat", signed_in="Maria")
    db.create_instructor("Lee", "battery staple")
    db.remove_instructor("Maria", signed_in="Lee")
    with pytest.raises(StorageError, match="the last instructor cannot be removed"):
        db.remove_instructor("Lee", signed_in="Someone else")
    assert db.list_instructors() == ["Lee"]


# -- the site file's instructor


def test_the_site_instructor_is_created_once_even_beside_other_instructors(
    db: TrainerDB,
) -> None:
    db.create_instructor("Walk-up", "correct horse")  # made before the site file was good
    stored = hash_password("site secret")
    assert db.ensure_site_instructor("Pat Lee", stored)
    assert db.list_instructors() == ["Pat Lee", "Walk-up"]
    assert verify_instructor(db, "Pat Lee", "site secret")
    db.remove_instructor("Pat Lee", signed_in="Walk-up")
    assert not db.ensure_site_instructor("Pat Lee", stored)  # removed stays removed
    assert db.list_instructors() == ["Walk-up"]


def test_the_site_instructor_never_replaces_an_instructor_of_that_name(db: TrainerDB) -> None:
    db.create_instructor("Pat Lee", "walk-up password")
    assert not db.ensure_site_instructor("Pat Lee", hash_password("site secret"))
    assert verify_instructor(db, "Pat Lee", "walk-up password")


def test_a_weak_site_hash_is_never_stored(db: TrainerDB) -> None:
    import hashlib

    digest = hashlib.scrypt(b"pw", salt=b"\x00", n=2, r=1, p=1, dklen=32).hex()
    with pytest.raises(StorageError, match="too weak"):
        db.ensure_site_instructor("Pat Lee", f"scrypt$2$1$1$00${digest}")
    assert db.list_instructors() == []
