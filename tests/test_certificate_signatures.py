"""Certificates signed with the instructor's own key (issue 21): what is signed, the keys
that count (pinned in the site file), the private key kept encrypted under the password,
and revocation signed too."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from tests.storage.storage_support import RULES, T0, create_exam_config
from tests.test_certificate_forgery import PASSWORD, _exam, _sql, _verify
from trainer.cli import VERIFY_ALTERED, VERIFY_NOT_SIGNED, VERIFY_VALID, main
from trainer.site_config import SiteConfigError, read_site_file
from trainer.storage import StorageError, open_database, signing
from trainer.storage.database import DEFAULT_FILENAME
from trainer.storage.models import SignatureState


@pytest.fixture
def room(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Pat and Sam, instructors; Ana passed the exam; the site file not written yet."""
    site = private_data_dir.parent / "site.toml"
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Pat", PASSWORD)
        db.create_instructor("Sam", "sam's own password")
        config = create_exam_config(db, "Audition", 1, RULES, 80)
        ana = db.create_trainee("Ana", at=T0)
        return {"site": site, "ana": ana, "passed": _exam(db, ana, config, 5, 0)}


def _pin(site: object, **keys: str) -> None:
    lines = ", ".join(f'"{name}" = "{key}"' for name, key in keys.items())
    Path(str(site)).write_text(f"[signing]\ninstructors = {{ {lines} }}\n", encoding="utf-8")


def _key(name: str, password: str) -> str:
    with open_database() as db:
        return db.instructor_public_key(name, password)[1]


def _sign_off(room: dict[str, object]) -> str:
    with open_database() as db:
        return db.certify(int(str(room["ana"])), int(str(room["passed"])), "Pat",
                          password=PASSWORD, expires=date(2099, 1, 1), at=T0).code


def test_a_certificate_signed_by_a_key_not_pinned_is_refused_by_verify(
    room: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    code = _sign_off(room)
    _pin(room["site"], Sam=_key("Sam", "sam's own password"))  # Pat's key is not pinned
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED
    assert "signature: NOT by a key the site file pins" in out and "'Pat'" in out
    assert "Record: not signed by a pinned key" in out
    _pin(room["site"], Pat=_key("Pat", PASSWORD))
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID and "signature: by Pat's key, pinned in the site file" in out
    assert f"keys pinned in {room['site']}" in out
    assert f"WARNING: this account can change {room['site']}" in out  # the test owns it


def test_a_site_file_only_administrators_write_gives_no_warning(
    room: dict[str, object], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code = _sign_off(room)
    _pin(room["site"], Pat=_key("Pat", PASSWORD))
    monkeypatch.setattr("trainer.cli.os.access", lambda path, mode: False)
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID and "WARNING" not in out


def test_with_no_key_pinned_no_certificate_verifies(
    room: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    code = _sign_off(room)
    result, out = _verify(code, capsys)  # no site file at all
    assert result == VERIFY_NOT_SIGNED
    assert "the site file pins no instructor's key ([signing] instructors)" in out


def test_a_statement_re_signed_with_the_trainees_own_key_is_refused(
    room: dict[str, object], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trainee rewrites the statement (a later expiry) and signs it with a key they
    made: the signature is good, but no pinned key made it."""
    code = _sign_off(room)
    _pin(room["site"], Pat=_key("Pat", PASSWORD))
    conn = sqlite3.connect(private_data_dir / DEFAULT_FILENAME)
    statement = json.loads(conn.execute("SELECT statement FROM certifications").fetchone()[0])
    statement["expires"] = "2199-01-01"
    own = signing.unlock(made := signing.new_key_pair("mine, all mine"), "mine, all mine")
    statement["public_key"] = made.public_key
    with conn:
        conn.execute("UPDATE certifications SET statement = ?, signature = ?",
                     (signing.canonical(statement).decode(), signing.sign(own, statement)))
    conn.close()
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED  # the seal does not cover the statement: the key does
    assert "signature: NOT by a key the site file pins" in out


def test_the_signed_statement_names_trainee_set_up_result_answers_dates_and_signer(
    room: dict[str, object], private_data_dir: Path
) -> None:
    code = _sign_off(room)
    conn = sqlite3.connect(private_data_dir / DEFAULT_FILENAME)
    text, = conn.execute("SELECT statement FROM certifications").fetchone()
    conn.close()
    statement = json.loads(text)
    assert signing.canonical(statement).decode() == text  # stored in canonical form
    assert statement["kind"] == "hhe-trainer certification" and statement["code"] == code
    assert statement["trainee"]["name"] == "Ana" and statement["setup_name"] == "Audition"
    assert statement["signer"] == "Pat" and statement["expires"] == "2099-01-01"
    assert statement["signed_at"].startswith("2026-03-02")
    exam = statement["exam"]
    assert (exam["score"], exam["passed"], exam["pass_mark"], exam["rounds"]) == (
        100.0, 1, 80.0, 1)
    assert len(exam["answers"]) == 64  # a SHA-256 of the rounds and answers, in hex
    assert statement["public_key"] == _key("Pat", PASSWORD)


def test_the_private_key_is_stored_only_encrypted_under_the_password(
    room: dict[str, object], private_data_dir: Path
) -> None:
    conn = sqlite3.connect(private_data_dir / DEFAULT_FILENAME)
    public, private = conn.execute(
        "SELECT public_key, private_key FROM instructors WHERE name = 'Pat'").fetchone()
    conn.close()
    n, r, p = (int(part) for part in private.split("$")[1:4])
    assert private.startswith("scrypt-aesgcm$") and (n, r, p) == (2**16, 8, 1)  # a PIN's
    pair = signing.KeyPair(public, private)
    raw = signing.unlock(pair, PASSWORD).private_bytes_raw()
    assert raw.hex() not in private  # never in clear
    with pytest.raises(signing.SigningError, match="cannot be unlocked with this password"):
        signing.unlock(pair, "a wrong password")


def test_changing_the_password_re_encrypts_the_same_key(
    room: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    before = _key("Pat", PASSWORD)
    _pin(room["site"], Pat=before)
    code = _sign_off(room)
    with open_database() as db:
        assert db.change_instructor_password("Pat", PASSWORD, "a brand new one").accepted
        assert db.instructor_public_key("Pat", "a brand new one")[1] == before
        db.revoke_certification(db.find_certification(code).id,  # type: ignore[union-attr]
                                revoked_by="Pat", password="a brand new one")
        with pytest.raises(StorageError, match="password: not the password of Pat"):
            db.instructor_public_key("Pat", PASSWORD)
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID and "revocation signed by Pat's pinned key" in out


def test_a_password_reset_by_it_makes_a_new_key_that_must_be_pinned(
    room: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    before = _key("Pat", PASSWORD)
    _pin(room["site"], Pat=before)
    with open_database() as db:
        db.reset_instructor_password("Pat", "reset by IT")
        assert db.instructor_public_key("Pat", "reset by IT")[1] != before
        code = db.certify(int(str(room["ana"])), int(str(room["passed"])), "Pat",
                          password="reset by IT").code
    assert _verify(code, capsys)[0] == VERIFY_NOT_SIGNED


def test_revocation_is_signed_and_a_wrong_password_revokes_nothing(
    room: dict[str, object], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _pin(room["site"], Pat=_key("Pat", PASSWORD), Sam=_key("Sam", "sam's own password"))
    code = _sign_off(room)
    with open_database() as db:
        found = db.find_certification(code)
        assert found is not None
        with pytest.raises(StorageError, match="password: not the password of Sam"):
            db.revoke_certification(found.id, revoked_by="Sam", password=PASSWORD)
        assert db.find_certification(code).revoked is None  # type: ignore[union-attr]
        db.revoke_certification(found.id, revoked_by="Sam", password="sam's own password")
        check = db.check_signature(found.id, {"Pat": [_key("Pat", PASSWORD)],
                                              "Sam": [_key("Sam", "sam's own password")]})
    assert (check.state, check.signer, check.revoked_by) == (SignatureState.SIGNED, "Pat", "Sam")
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID and "REVOKED" in out
    assert "revocation signed by Sam's pinned key" in out
    # The trainee clears the revoked stamp: the signed revocation still says so.
    _sql(private_data_dir, "UPDATE certifications SET revoked = NULL")
    result, out = _verify(code, capsys)
    assert result == VERIFY_ALTERED
    assert "a signed revocation is on record but the certificate no longer says revoked" in out


def test_a_revocation_signed_by_an_unpinned_key_is_reported(
    room: dict[str, object],
) -> None:
    code = _sign_off(room)
    pinned = {"Pat": [_key("Pat", PASSWORD)]}  # Sam's key is not pinned
    with open_database() as db:
        found = db.find_certification(code)
        assert found is not None
        db.revoke_certification(found.id, revoked_by="Sam", password="sam's own password")
        check = db.check_signature(found.id, pinned)
    assert check.state is SignatureState.ALTERED and check.revoked_by is None
    assert check.problems == ("the revocation is not signed by a key the site file pins",)


def test_the_site_files_signing_keys_are_checked_line_and_key_named(tmp_path: Path) -> None:
    good = signing.new_key_pair("any password").public_key
    site = tmp_path / "site.toml"
    site.write_text(f'[site]\nroom = "Pit 3"\n\n[signing]\ninstructors = {{ "Pat Lee" ='
                    f' "{good}", "Sam" = "not a key" }}\n', encoding="utf-8")
    with pytest.raises(SiteConfigError) as refused:
        read_site_file(site)
    assert refused.value.problems == (
        "line 5, signing.instructors.\"Sam\": 'not a key' is not base64 text",)
    site.write_text(f'[signing]\ninstructors = {{ "Pat Lee" = ["{good}", "{good[:-4]}"] }}\n',
                    encoding="utf-8")
    with pytest.raises(SiteConfigError, match="an Ed25519 public key is 32 bytes, this one is"
                                              " 30"):
        read_site_file(site)
    site.write_text(f'[signing]\ninstructors = {{ "Pat Lee" = "{good}" }}\n', encoding="utf-8")
    assert read_site_file(site).signing_keys == {"Pat Lee": (good,)}


def test_the_public_key_command_prints_the_line_to_pin_after_the_password(
    room: dict[str, object], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    assert main(["instructor", "public-key", "Pat", "--password-stdin"]) == 0
    out = capsys.readouterr().out
    assert f'instructors = {{ "Pat" = "{_key("Pat", PASSWORD)}" }}' in out
    monkeypatch.setattr("sys.stdin", io.StringIO("wrong password\n"))
    assert main(["instructor", "public-key", "Pat", "--password-stdin"]) == 1
    assert "not the password of Pat" in capsys.readouterr().err


def test_every_test_the_installing_guides_trust_table_names_exists() -> None:
    """The trust table's rows, per set-up, each name a test, and so does what the room
    section says a station's account can do to the room; every test named is there (a
    ``def`` of that name in a test file: the room's need a PostgreSQL to run, not to be
    read)."""
    import re

    tests = Path(__file__).parent
    guide = (tests.parent / "docs" / "installing.md").read_text(encoding="utf-8")
    table = guide.split("**What a person with the station's account can still do.**")[1]
    table = table.split("## Checking a station")[0]
    for setup in ("*Every set-up", "*A single station:*", "*A room with station files",
                  "*A room database"):
        assert setup in table
    rows = [line for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| They try")]
    assert len(rows) >= 35
    unbacked = [row for row in rows if not re.search(r"`test_\w+`[^|]*\|$", row)]
    assert unbacked == []  # every row's last cell names a test
    room = guide.split("**What the database enforces.**")[1].split("## Signing in")[0]
    assert "What a person with a station's account can do to the room" in room
    named = set(re.findall(r"`(test_\w+)`", table)) | set(re.findall(r"`(test_\w+)`", room))
    assert len(named) >= 50
    defined = set(re.findall(r"^def (test_\w+)\(", "\n".join(
        path.read_text(encoding="utf-8") for path in tests.rglob("test_*.py")), re.M))
    assert named - defined == set()
