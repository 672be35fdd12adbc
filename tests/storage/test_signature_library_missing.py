"""A station where the ``cryptography`` library cannot load (its compiled part failed
under Wine) still opens, records answers, adds and signs in instructors; only signing
is refused, in a sentence (issue 21)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from storage_support import answer, new_round

from trainer.storage import StorageError, open_database


@pytest.fixture
def no_crypto(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(sys.modules):
        if name == "cryptography" or name.startswith("cryptography."):
            monkeypatch.delitem(sys.modules, name)
    # A None entry makes `import cryptography...` raise ImportError, as a failed DLL does.
    monkeypatch.setitem(sys.modules, "cryptography", None)


def test_without_the_signing_library_a_station_records_and_signs_in_but_refuses_to_sign(
        no_crypto: None, tmp_path: Path) -> None:
    db = open_database(tmp_path / "station.sqlite3")
    try:
        trainee = db.create_trainee("Ana")
        answer_id = answer(db, new_round(db, trainee))
        assert answer_id > 0
        db.create_instructor("Pat", "a long password")
        assert db.check_instructor("Pat", "a long password").accepted
        with pytest.raises(StorageError, match="signing keys cannot be used on this station"):
            db.instructor_public_key("Pat", "a long password")
    finally:
        db.close()
