"""Instructor passwords and trainee PINs: salted scrypt (memory-hard), never stored in clear.

A stored hash reads ``scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>``; the cost
parameters travel with it, so raising them later leaves older hashes valid.
A hash handed in from outside (the site file) must be at least as costly as
the ones this trainer writes (:func:`hash_weakness`).

Trainees' PINs cost more (:data:`PIN_SCRYPT_N`, :func:`hash_pin`): a PIN has few
possible values, so each guess must be dear. With at least :data:`MIN_PIN_DIGITS`
digits (10**6 PINs) and N = 2**16, r = 8 (about 0.2 s a guess on one core of the
reference machine, ``benchmarks/pin_cost.py``), trying every PIN offline from a
copied hash takes about 2.4 days of one core (half that on average), against about
10 minutes for 4 digits at N = 2**14 before. A PIN hash of an older, cheaper cost
still verifies and is made again at the new cost at the next successful sign-in
(:func:`pin_needs_rehash`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from trainer.i18n import _, ngettext

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
MIN_PASSWORD_LENGTH = 6
PIN_SCRYPT_N = 2**16
"""scrypt's N for trainees' PINs (64 MiB and about 0.2 s a check): see the module text."""
MIN_PIN_DIGITS = 6
"""A trainee's secret: a PIN of at least this many digits, or a password of at
least :data:`MIN_PASSWORD_LENGTH` characters (:func:`trainee_secret_problem`)."""
_MAXMEM = 128 * 1024 * 1024  # N = 2**16, r = 8 needs a little over 64 MiB
# Bounds on parameters read back from a stored hash, so an edited database
# cannot make a sign-in allocate gigabytes.
_MAX_N = 2**20
_MAX_RP = 16


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=_MAXMEM, dklen=HASH_BYTES
    )


def hash_password(password: str, *, n: int = SCRYPT_N) -> str:
    """A new salted hash of ``password`` in the stored form (scrypt's N = ``n``)."""
    if not isinstance(password, str):
        raise TypeError(f"password: expected text, got {type(password).__name__}")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, n, SCRYPT_R, SCRYPT_P)
    return f"scrypt${n}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def hash_pin(secret: str) -> str:
    """A new salted hash of a trainee's PIN or password, at the PINs' cost."""
    return hash_password(secret, n=PIN_SCRYPT_N)


def hash_cost(stored: object) -> tuple[int, int, int] | None:
    """The (N, r, p) a stored hash was made with; None when it is not one."""
    parsed = _parse(stored)
    return None if parsed is None else parsed[:3]


def pin_needs_rehash(stored: object) -> bool:
    """Whether a (verified) PIN hash is cheaper than :func:`hash_pin` makes now."""
    parsed = _parse(stored)
    if parsed is None:
        return False
    n, r, _p, salt, _digest = parsed
    return n < PIN_SCRYPT_N or r < SCRYPT_R or len(salt) < SALT_BYTES


def _parse(stored: object) -> tuple[int, int, int, bytes, bytes] | None:
    """(n, r, p, salt, digest) of a well-formed stored hash; None otherwise."""
    if not isinstance(stored, str):
        return None
    try:
        scheme, n_text, r_text, p_text, salt_hex, digest_hex = stored.split("$")
        n, r, p = int(n_text), int(r_text), int(p_text)
        salt, expected = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
    except ValueError:
        return None
    if scheme != "scrypt" or not (1 < n <= _MAX_N and 0 < r <= _MAX_RP and 0 < p <= _MAX_RP):
        return None
    if n & (n - 1) or len(expected) != HASH_BYTES or not salt:
        return None
    if 128 * r * (n + 2 + p) > _MAXMEM:  # OpenSSL's need: more would raise, never verify
        return None
    return n, r, p, salt, expected


def hash_weakness(stored: object) -> str | None:
    """Why ``stored`` is too cheap to accept from outside (None: as costly as ours).

    The trainer writes N = 2**14, r = 8 and a 16-byte salt; a hash below any of
    them (``scrypt$2$1$1$00$...``) could be brute-forced from the site file.
    """
    parsed = _parse(stored)
    if parsed is None:
        return _("not a hash this version can verify")
    n, r, _p, salt, _digest = parsed
    weak = []
    if n < SCRYPT_N:
        weak.append(f"N = {n} (at least {SCRYPT_N})")
    if r < SCRYPT_R:
        weak.append(f"r = {r} (at least {SCRYPT_R})")
    if len(salt) < SALT_BYTES:
        weak.append(ngettext("a salt of {count} byte (at least {least})",
                             "a salt of {count} bytes (at least {least})", len(salt),
                             least=SALT_BYTES))
    return _("too weak: {reasons}", reasons=", ".join(weak)) if weak else None


def trainee_secret_problem(secret: object) -> str | None:
    """What is wrong with a trainee's new PIN or password; None when it will do.

    The one rule: digits only, at least :data:`MIN_PIN_DIGITS` of them (a PIN), or
    at least :data:`MIN_PASSWORD_LENGTH` characters of any kind (a password).
    """
    if not isinstance(secret, str) or not secret:
        return _("type a PIN or password")
    if secret != secret.strip():
        return _("a PIN or password cannot start or end with a space")
    if secret.isascii() and secret.isdigit():
        if len(secret) < MIN_PIN_DIGITS:
            return _("a PIN needs at least {digits} digits", digits=MIN_PIN_DIGITS)
        return None
    if len(secret) < MIN_PASSWORD_LENGTH:
        return _("a password needs at least {length} characters (or use a PIN of {digits}"
                 " digits or more)", length=MIN_PASSWORD_LENGTH, digits=MIN_PIN_DIGITS)
    return None


def is_password_hash(stored: object) -> bool:
    """Whether ``stored`` is a hash in the stored form (one a sign-in can check)."""
    return _parse(stored) is not None


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored``; a malformed ``stored`` never matches."""
    parsed = _parse(stored)
    if parsed is None:
        return False
    n, r, p, salt, expected = parsed
    digest = _scrypt(password, salt, n, r, p)
    return hmac.compare_digest(digest, expected)


_DUMMY: list[str] = []


def dummy_verify(password: str) -> bool:
    """Spend the time a real check takes (for an unknown name), then refuse."""
    if not _DUMMY:
        _DUMMY.append(hash_password(secrets.token_hex(16)))
    verify_password(password, _DUMMY[0])
    return False
