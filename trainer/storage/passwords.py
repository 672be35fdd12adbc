"""Instructor passwords: salted scrypt (memory-hard), never stored in clear.

A stored hash reads ``scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>``; the cost
parameters travel with it, so raising them later leaves older hashes valid.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
MIN_PASSWORD_LENGTH = 6
_MAXMEM = 64 * 1024 * 1024
# Bounds on parameters read back from a stored hash, so an edited database
# cannot make a sign-in allocate gigabytes.
_MAX_N = 2**20
_MAX_RP = 16


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=_MAXMEM, dklen=HASH_BYTES
    )


def hash_password(password: str) -> str:
    """A new salted hash of ``password`` in the stored form."""
    if not isinstance(password, str):
        raise TypeError(f"password: expected text, got {type(password).__name__}")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


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
