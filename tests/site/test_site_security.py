"""The site file's [security] section, its refusal of weak password hashes and of absurd
values, and the site's instructor on a station that ran with a broken file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.storage.storage_support import verify_instructor
from trainer.site_config import (
    DEFAULT_IDLE_LOCK_MINUTES,
    PinPolicy,
    SiteConfig,
    SiteConfigError,
    create_site_instructor,
    instructor_setup_refusal,
    load_site_config,
    read_site_file,
)
from trainer.storage import open_database
from trainer.storage.passwords import hash_password


def site_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site.toml"
    path.write_text(text, "utf-8")
    return path


def scrypt_hash(n: int, r: int, salt: bytes) -> str:
    digest = hashlib.scrypt(b"pw", salt=salt, n=n, r=r, p=1, dklen=32).hex()
    return f"scrypt${n}${r}$1${salt.hex()}${digest}"


def problems_of(path: Path) -> tuple[str, ...]:
    with pytest.raises(SiteConfigError) as caught:
        read_site_file(path)
    return caught.value.problems


def test_without_a_site_file_trainee_pins_are_optional_and_the_lock_is_ten_minutes() -> None:
    site = SiteConfig()  # what a start without a site file runs on
    assert site.trainee_pin is PinPolicy.OPTIONAL
    assert site.idle_lock_minutes == DEFAULT_IDLE_LOCK_MINUTES == 10


@pytest.mark.parametrize("policy", ["required", "optional", "off"])
def test_each_pin_policy_is_read(tmp_path: Path, policy: str) -> None:
    path = site_file(tmp_path, f'[security]\ntrainee_pin = "{policy}"\nidle_lock_minutes = 3\n')
    site = read_site_file(path)
    assert site.trainee_pin is PinPolicy(policy)
    assert site.idle_lock_minutes == 3


def test_a_required_policy_is_named_in_the_report(tmp_path: Path) -> None:
    path = site_file(tmp_path, '[security]\ntrainee_pin = "required"\nidle_lock_minutes = 5\n')
    assert "trainee PIN required; idle lock after 5 min" in read_site_file(path).report


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('trainee_pin = "sometimes"', 'line 2, security.trainee_pin: \'sometimes\' is not one of'
         ' "required", "optional", "off"'),
        ("trainee_pin = true", "line 2, security.trainee_pin: True is not one of"),
        ("idle_lock_minutes = 0", "line 2, security.idle_lock_minutes: 0 is outside 1 to 240"
         " (the station always locks when idle)"),
        ("idle_lock_minutes = 241", "line 2, security.idle_lock_minutes: 241 is outside 1 to 240"),
        ("idle_lock_minutes = 9223372036854775807",
         "line 2, security.idle_lock_minutes: 9223372036854775807 is outside 1 to 240"),
        ("idle_lock_minutes = -5", "line 2, security.idle_lock_minutes: -5 is outside"),
        ("idle_lock_minutes = 2.5", "line 2, security.idle_lock_minutes: 2.5 is not a whole"
         " number of minutes (1 to 240)"),
        ("idle_lock_minutes = inf", "line 2, security.idle_lock_minutes: inf is not a whole"),
        ("idle_lock_minutes = true", "line 2, security.idle_lock_minutes: True is not a whole"),
        ("lock = 5", "line 2, security.lock: unknown key (known: idle_lock_minutes,"
         " trainee_pin)"),
    ],
)
def test_an_absurd_security_value_is_refused_by_line_and_key(
    tmp_path: Path, line: str, says: str
) -> None:
    (problem,) = problems_of(site_file(tmp_path, f"[security]\n{line}\n"))
    assert problem.startswith(says)


@pytest.mark.parametrize(
    ("n", "r", "salt", "says"),
    [
        (2, 1, b"\x00", "N = 2 (at least 16384), r = 1 (at least 8), a salt of 1 byte"
         " (at least 16)"),
        (2**13, 8, bytes(16), "N = 8192 (at least 16384)"),
        (2**14, 4, bytes(16), "r = 4 (at least 8)"),
        (2**14, 8, bytes(8), "a salt of 8 bytes (at least 16)"),
    ],
)
def test_a_weak_password_hash_is_refused_naming_the_key_and_line(
    tmp_path: Path, n: int, r: int, salt: bytes, says: str
) -> None:
    path = site_file(
        tmp_path,
        f'[instructor]\nname = "Pat Lee"\npassword_hash = "{scrypt_hash(n, r, salt)}"\n',
    )
    (problem,) = problems_of(path)
    assert problem.startswith("line 3, instructor.password_hash: too weak: " + says)
    assert "hhe-trainer site hash-password" in problem


def test_a_hash_as_costly_as_the_trainers_own_is_accepted(tmp_path: Path) -> None:
    stored = hash_password("correct horse")
    path = site_file(tmp_path, f'[instructor]\nname = "Pat Lee"\npassword_hash = "{stored}"\n')
    assert read_site_file(path).instructor is not None
    stronger = scrypt_hash(2**14, 12, bytes(32))
    path = site_file(tmp_path, f'[instructor]\nname = "Pat"\npassword_hash = "{stronger}"\n')
    assert read_site_file(path).instructor is not None


def test_a_broken_site_file_refuses_any_instructor_set_up_naming_the_file(
    tmp_path: Path,
) -> None:
    path = site_file(tmp_path, "[security]\nidle_lock_minutes = 0\n")
    site = load_site_config(path)
    refusal = instructor_setup_refusal(site)
    assert refusal is not None and str(path) in refusal and "IT must fix" in refusal
    assert instructor_setup_refusal(SiteConfig()) is None
    assert instructor_setup_refusal(read_site_file(site_file(tmp_path, ""))) is None


def test_the_site_instructor_is_created_after_the_file_is_mended(tmp_path: Path) -> None:
    stored = hash_password("site secret")
    path = site_file(tmp_path, f'[instructor]\nname = "Pat Lee"\npassword_hash = "{stored}"\n'
                               "[exam]\nrounds = 'twenty'\npass_mark = 85\n")
    with open_database(tmp_path / "t.sqlite3") as db:
        broken = load_site_config(path)
        assert broken.rejected == path
        assert create_site_instructor(db, broken) is None  # nothing while broken
        db.create_trainee("Ana")  # the station is used meanwhile
        path.write_text(path.read_text("utf-8").replace("'twenty'", "20"), "utf-8")
        assert create_site_instructor(db, load_site_config(path)) == "Pat Lee"
        assert verify_instructor(db, "Pat Lee", "site secret")
        assert create_site_instructor(db, load_site_config(path)) is None  # once
