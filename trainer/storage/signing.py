"""Instructors' signing keys and signed statements (no Qt).

Each instructor has an Ed25519 key pair (the ``cryptography`` library). The
private key is never stored in clear: it is kept encrypted with AES-256-GCM
under a key derived from the instructor's password with scrypt (memory-hard;
:data:`KEY_SCRYPT_N` is a PIN's N, 2**16 with r = 8: guessing the password through the
encrypted key costs at least what guessing a PIN does, ``benchmarks/pin_cost.py
--signing-key``), in the stored form
``scrypt-aesgcm$<n>$<r>$<p>$<salt hex>$<nonce hex>$<ciphertext hex>``. The
public key is bound to it as the cipher's associated data, so a private key
cannot be paired with another public key without the password. A key encrypted at an
earlier, cheaper cost (N = 2**15 before issue 21's raise) still unlocks, and
:func:`needs_reencrypt` tells the caller to encrypt it again at the new cost once the
password is known to be right.

Whoever can write the station's database can replace an instructor's keys,
so a public key read from the database proves nothing: a signature counts only
when it verifies under a key the site file pins (``[signing] instructors``),
which IT installs where only administrators write (:func:`signer_of`).

A statement is a JSON object written canonically (:func:`canonical`: keys
sorted, no spaces, UTF-8), so the same statement always gives the same bytes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from trainer.i18n import _
from trainer.storage import passwords
from trainer.storage.models import StorageError

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

KEY_SCRYPT_N = passwords.PIN_SCRYPT_N
KEY_SCRYPT_R = passwords.SCRYPT_R
KEY_SCRYPT_P = passwords.SCRYPT_P
"""The key-encryption scrypt costs: a PIN's (2**16, 8, 1: 64 MiB, about 0.2 s a guess)."""
_OLDEST_KEY_SCRYPT_N = 2**15
"""The cheapest N this trainer ever encrypted a key with (still unlocked, then raised)."""
_PREFIX = "scrypt-aesgcm"
_SALT_BYTES = 16
_NONCE_BYTES = 12
_KEY_BYTES = 32
PUBLIC_KEY_BYTES = 32
_MAXMEM = 128 * 1024 * 1024
_MAX_N = 2**20
_MAX_RP = 16
_AAD = b"hhe-trainer instructor signing key v1\x00"


class SigningError(StorageError):
    """A key that cannot be unlocked or read, or no signing library on this station; the
    sentence names why (a storage refusal, so every caller says it as one)."""


def _crypto() -> Any:
    """The ``cryptography`` library, imported when a key is made, used or checked, not
    when storage is: a station where its compiled part cannot load (seen under Wine)
    still records every answer, and a signature is refused in a sentence."""
    try:
        from cryptography.exceptions import InvalidSignature, InvalidTag
        from cryptography.hazmat.primitives.asymmetric.ed25519 import (
            Ed25519PrivateKey,
            Ed25519PublicKey,
        )
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        from cryptography.hazmat.primitives.serialization import (
            Encoding,
            NoEncryption,
            PrivateFormat,
            PublicFormat,
        )
    except ImportError as error:
        raise SigningError(_(
            "instructors' signing keys cannot be used on this station: the cryptography"
            " library did not load ({error})", error=error)) from None
    return SimpleNamespace(
        InvalidSignature=InvalidSignature, InvalidTag=InvalidTag,
        Ed25519PrivateKey=Ed25519PrivateKey, Ed25519PublicKey=Ed25519PublicKey, AESGCM=AESGCM,
        Encoding=Encoding, NoEncryption=NoEncryption, PrivateFormat=PrivateFormat,
        PublicFormat=PublicFormat)


def require_library() -> None:
    """SigningError (the sentence of :func:`_crypto`) when no signing library loads here."""
    _crypto()


def canonical(statement: Mapping[str, Any]) -> bytes:
    """The statement's one byte form: JSON, keys sorted, no spaces, UTF-8."""
    return json.dumps(statement, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False).encode("utf-8")


def parsed_statement(text: object) -> dict[str, Any] | None:
    """A stored statement (a certification's or a revocation's), only when it is a JSON
    object in its :func:`canonical` form, the bytes a signature is made over; None for
    anything else (not text, not JSON, not an object, spaces or keys out of order, a
    number JSON cannot carry such as NaN)."""
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or canonical(data) != text.encode("utf-8"):
            return None
    except ValueError:
        return None
    return data


def digest(data: object) -> str:
    """SHA-256 (hex) of ``data``'s canonical JSON form."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False, allow_nan=False)
                          .encode("utf-8")).hexdigest()


def public_key_text(key: Ed25519PublicKey) -> str:
    """The raw 32-byte public key in base64 (the form the site file pins)."""
    c = _crypto()
    raw = key.public_bytes(c.Encoding.Raw, c.PublicFormat.Raw)
    return base64.b64encode(raw).decode("ascii")


def public_key_problem(text: object) -> str | None:
    """Why ``text`` is not a public key in the pinned form; None when it is."""
    if not isinstance(text, str):
        return _("expected the base64 text 'hhe-trainer instructor public-key' prints")
    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        return _("{value} is not base64 text", value=repr(text[:60]))
    if len(raw) != PUBLIC_KEY_BYTES:
        return _("an Ed25519 public key is {bytes} bytes, this one is {length}",
                 bytes=PUBLIC_KEY_BYTES, length=len(raw))
    return None


def _public_key(text: str) -> Ed25519PublicKey:
    key: Ed25519PublicKey = _crypto().Ed25519PublicKey.from_public_bytes(
        base64.b64decode(text.strip(), validate=True))
    return key


def _kek(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=_MAXMEM, dklen=_KEY_BYTES)


@dataclass(frozen=True, slots=True)
class KeyPair:
    """A stored key pair: the public key (base64) and the encrypted private key."""

    public_key: str
    encrypted: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class Signer:
    """An instructor's unlocked key, held in memory only for one signature."""

    name: str
    public_key: str
    private: Ed25519PrivateKey = field(repr=False)


def _encrypt(private: Ed25519PrivateKey, public_text: str, password: str) -> str:
    salt = secrets.token_bytes(_SALT_BYTES)
    nonce = secrets.token_bytes(_NONCE_BYTES)
    c = _crypto()
    raw = private.private_bytes(c.Encoding.Raw, c.PrivateFormat.Raw, c.NoEncryption())
    sealed = c.AESGCM(_kek(password, salt, KEY_SCRYPT_N, KEY_SCRYPT_R, KEY_SCRYPT_P)).encrypt(
        nonce, raw, _AAD + public_text.encode("ascii"))
    return (f"{_PREFIX}${KEY_SCRYPT_N}${KEY_SCRYPT_R}${KEY_SCRYPT_P}"
            f"${salt.hex()}${nonce.hex()}${sealed.hex()}")


def new_key_pair(password: str) -> KeyPair:
    """A fresh Ed25519 key pair, its private key encrypted under ``password``."""
    private = _crypto().Ed25519PrivateKey.generate()
    public_text = public_key_text(private.public_key())
    return KeyPair(public_text, _encrypt(private, public_text, password))


def unlock(pair: KeyPair, password: str) -> Ed25519PrivateKey:
    """The private key, decrypted with ``password``; SigningError when it cannot be."""
    parts = pair.encrypted.split("$") if isinstance(pair.encrypted, str) else []
    try:
        prefix, n_text, r_text, p_text, salt_hex, nonce_hex, sealed_hex = parts
        n, r, p = int(n_text), int(r_text), int(p_text)
        salt, nonce, sealed = (bytes.fromhex(salt_hex), bytes.fromhex(nonce_hex),
                               bytes.fromhex(sealed_hex))
    except ValueError:
        raise SigningError(_("the stored signing key is not in a form this version reads")
                           ) from None
    if (prefix != _PREFIX or n < _OLDEST_KEY_SCRYPT_N or n > _MAX_N or n & (n - 1)
            or not 1 <= r <= _MAX_RP or not 1 <= p <= _MAX_RP or len(nonce) != _NONCE_BYTES):
        raise SigningError(_("the stored signing key is not in a form this version reads"))
    c = _crypto()
    try:
        raw = c.AESGCM(_kek(password, salt, n, r, p)).decrypt(
            nonce, sealed, _AAD + pair.public_key.encode("ascii"))
    except (c.InvalidTag, ValueError):
        raise SigningError(_(
            "the signing key cannot be unlocked with this password (it was encrypted"
            " under another one)")) from None
    private: Ed25519PrivateKey = c.Ed25519PrivateKey.from_private_bytes(raw)
    if public_key_text(private.public_key()) != pair.public_key:  # pragma: no cover (GCM tag)
        raise SigningError("the stored public key is not this private key's")
    return private


def key_cost(pair: KeyPair) -> tuple[int, int, int] | None:
    """The scrypt (N, r, p) the private key is encrypted with; None when unreadable."""
    parts = pair.encrypted.split("$") if isinstance(pair.encrypted, str) else []
    try:
        return int(parts[1]), int(parts[2]), int(parts[3])
    except (IndexError, ValueError):
        return None


def needs_reencrypt(pair: KeyPair) -> bool:
    """Whether the key is encrypted at a cost below :data:`KEY_SCRYPT_N`, ``_R``, ``_P``."""
    cost = key_cost(pair)
    return cost is not None and (cost[0] < KEY_SCRYPT_N or cost[1] < KEY_SCRYPT_R)


def reencrypt(pair: KeyPair, current: str, new: str) -> KeyPair:
    """The same key pair, its private key now encrypted under ``new``."""
    private = unlock(pair, current)
    return KeyPair(pair.public_key, _encrypt(private, pair.public_key, new))


def sign(private: Ed25519PrivateKey, statement: Mapping[str, Any]) -> str:
    """The statement's signature (base64)."""
    return base64.b64encode(private.sign(canonical(statement))).decode("ascii")


def signer_of(statement_text: str, signature: str,
              pinned: Mapping[str, Iterable[str]]) -> str | None:
    """The pinned instructor whose key made ``signature`` over ``statement_text``;
    None when no pinned key did (a key that is not pinned proves nothing)."""
    try:
        raw = base64.b64decode(signature, validate=True)
    except (binascii.Error, ValueError, TypeError):
        return None
    data = statement_text.encode("utf-8")
    invalid = _crypto().InvalidSignature
    for name, keys in pinned.items():
        for key in keys:
            if public_key_problem(key) is not None:
                continue
            try:
                _public_key(key).verify(raw, data)
            except invalid:
                continue
            return name
    return None
