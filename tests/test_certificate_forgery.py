"""Issue 21's attacks 1 and 2, made as a trainee with the station's account would make
them (sqlite3 on the data folder, the trainer's own ``hash_password`` and the station's
real ``station-secret.key``): the certificate they get is refused by ``verify``.

Attack 1 made with sqlite3 alone now reads ALTERED and is refused at sign-in
(tests/test_account_forgery.py); here it is made as a trainee who also re-seals the
accounts with the real secret file, so the signing key is what still stops it."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.storage.storage_support import ROUND, RULES, T0, create_exam_config
from trainer.cli import VERIFY_ALTERED, VERIFY_NOT_SIGNED, VERIFY_VALID, main
from trainer.storage import NewAnswer, StorageError, account_seal, open_database, seal
from trainer.storage.database import DEFAULT_FILENAME
from trainer.storage.passwords import hash_password

PASSWORD = "correct horse battery"
CHOSEN = "the trainee's own choice"


def _exam(db: object, trainee: int, config: int, right: int, wrong: int) -> int:
    """A finished exam of ``right`` + ``wrong`` answers; its id."""
    exam = db.start_exam(trainee, config, at=T0)  # type: ignore[attr-defined]
    round_id = db.record_round(exam.session_id or 0, ROUND, RULES, 3, at=T0)  # type: ignore[attr-defined]
    for number in range(right + wrong):
        correct = number < right
        db.record_answer(NewAnswer(round_id, f"q{number}", "payout", "ante", 1, "ante",  # type: ignore[attr-defined]
                                   "$10.00", "10" if correct else "5", correct, 3.0), at=T0)
    db.finish_exam(exam.id, at=T0 + timedelta(minutes=5))  # type: ignore[attr-defined]
    return int(exam.id)


@pytest.fixture
def room(private_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Pat's key pinned in the site file; Ana passed (4 of 5, pass mark 80) and Ben failed
    (2 of 5) the one-attempt exam; nobody is signed off yet."""
    site = private_data_dir.parent / "site.toml"
    monkeypatch.setenv("HHE_TRAINER_SITE", str(site))
    private_data_dir.mkdir(parents=True)
    with open_database() as db:
        db.create_instructor("Pat", PASSWORD)
        _, key = db.instructor_public_key("Pat", PASSWORD)
        site.write_text(f'[signing]\ninstructors = {{ "Pat Lee" = "{key}" }}\n',
                        encoding="utf-8")
        config = create_exam_config(db, "Audition", 1, RULES, 80)
        ana = db.create_trainee("Ana", at=T0)
        ben = db.create_trainee("Ben", at=T0)
        return {"ana": ana, "ben": ben, "passed": _exam(db, ana, config, 4, 1),
                "failed": _exam(db, ben, config, 2, 3)}


def _sql(folder: Path, *statements: str) -> None:
    """What the trainee types into sqlite3."""
    conn = sqlite3.connect(folder / DEFAULT_FILENAME)
    with conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()


def _reseal_everything(folder: Path) -> None:
    """Re-seal every chain with the station's real secret file, as the trainee can."""
    conn = sqlite3.connect(folder / DEFAULT_FILENAME)
    conn.row_factory = sqlite3.Row
    secret = seal.station_secret(folder, create=False)
    assert secret.key is not None
    with conn:
        for table in seal.SPECS:
            conn.execute(f"UPDATE {table} SET seal = NULL")
        conn.execute("DELETE FROM meta WHERE key LIKE 'seal_head:%'")
        seal.seal_on_upgrade(conn, secret)
    conn.close()


def _reseal_accounts(folder: Path) -> None:
    """Re-seal every account with the station's real secret file, as the trainee can."""
    conn = sqlite3.connect(folder / DEFAULT_FILENAME)
    secret = seal.station_secret(folder, create=False)
    with conn:
        conn.execute("DELETE FROM meta WHERE key LIKE 'account_seal:%'")
        account_seal.seal_all_on_upgrade(conn, secret)
    conn.close()


def _verify(code: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    result = main(["verify", code])
    return result, capsys.readouterr().out


def test_attack_1_a_swapped_password_hash_signs_in_but_cannot_sign_off(
    room: dict[str, int], private_data_dir: Path
) -> None:
    _sql(private_data_dir,
         f"UPDATE instructors SET password_hash = '{hash_password(CHOSEN)}'")
    _reseal_accounts(private_data_dir)
    with open_database() as db:
        assert db.check_instructor("Pat", CHOSEN).accepted  # the swap does sign in...
        with pytest.raises(StorageError, match="password: Pat's the signing key cannot be"
                                               " unlocked with this password"):
            db.certify(room["ana"], room["passed"], "Pat", password=CHOSEN)
        assert db.certifications() == []  # ...but signs nothing


def test_attack_1_with_the_key_removed_too_signs_with_a_key_nobody_pinned(
    room: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sql(private_data_dir,
         f"UPDATE instructors SET password_hash = '{hash_password(CHOSEN)}',"
         " public_key = NULL, private_key = NULL")
    _reseal_accounts(private_data_dir)
    with open_database() as db:  # a fresh key is made under the chosen password
        code = db.certify(room["ana"], room["passed"], "Pat", password=CHOSEN).code
    result, out = _verify(code, capsys)
    assert result == VERIFY_NOT_SIGNED
    assert "signature: NOT by a key the site file pins" in out
    assert "This certificate proves nothing." in out


def test_attack_2_a_failed_exam_edited_to_passed_and_resealed_under_a_real_certificate(
    room: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ben failed; Ana's real certificate is moved onto Ben's exam, edited to 100 %."""
    with open_database() as db:
        code = db.certify(room["ana"], room["passed"], "Pat", password=PASSWORD,
                          expires=date(2099, 1, 1)).code
    assert _verify(code, capsys)[0] == VERIFY_VALID
    _sql(private_data_dir,
         "UPDATE answers SET correct = 1, given = expected",
         f"UPDATE exams SET score = 100.0, passed = 1 WHERE id = {room['failed']}",
         f"UPDATE certifications SET trainee_id = {room['ben']},"
         f" exam_id = {room['failed']}")
    _reseal_everything(private_data_dir)
    with open_database() as db:  # the seals are all fine again
        assert db.check_records().altered == []
    result, out = _verify(code, capsys)
    assert result == VERIFY_ALTERED
    assert "signature: by Pat Lee's key, pinned in the site file" in out
    for what in ("which exam it is", "whose exam it is", "the trainee", "the score",
                 "the exam's rounds and answers"):
        assert f"ALTERED after signing: {what} is not what was signed" in out


def test_attack_2_a_certified_exams_answer_edited_and_resealed_reads_altered(
    room: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_database() as db:
        code = db.certify(room["ana"], room["passed"], "Pat", password=PASSWORD).code
    _sql(private_data_dir, "UPDATE answers SET given = '10', correct = 1 WHERE given = '5'",
         f"UPDATE exams SET score = 100.0 WHERE id = {room['passed']}")
    _reseal_everything(private_data_dir)
    result, out = _verify(code, capsys)
    assert result == VERIFY_ALTERED
    assert "ALTERED after signing: the score is not what was signed" in out
    assert "ALTERED after signing: the exam's rounds and answers is not what was signed" in out


def test_attack_2_an_expiry_extended_and_resealed_reads_altered(
    room: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_database() as db:
        code = db.certify(room["ana"], room["passed"], "Pat", password=PASSWORD,
                          expires=date(2027, 1, 1)).code
    _sql(private_data_dir, "UPDATE certifications SET expires = '2199-01-01'")
    _reseal_everything(private_data_dir)
    result, out = _verify(code, capsys)
    assert result == VERIFY_ALTERED
    assert out.count("ALTERED after signing") == 1
    assert "ALTERED after signing: the expiry is not what was signed" in out


def test_an_exam_edited_to_passed_before_sign_off_and_resealed_reads_valid_and_is_signed(
    room: dict[str, int], private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a single station cannot stop (docs/installing.md's trust table): Ben's failed
    exam (2 of 5), not signed off yet, edited to 5 of 5 / 100 % / passed and every chain
    re-sealed with the real secret. Nothing reads altered, the sign-off's evidence has
    no flag (the answers keep their 3 s each), and the instructor's signature makes a
    certificate that verifies: what the instructor knows of the exam is their only check."""
    ben_answers = ("SELECT a.id FROM answers a JOIN rounds r ON r.id = a.round_id"
                   f" JOIN exams e ON e.session_id = r.session_id WHERE e.id = {room['failed']}")
    _sql(private_data_dir,
         f"UPDATE answers SET given = expected, correct = 1 WHERE id IN ({ben_answers})",
         f"UPDATE exams SET score = 100.0, passed = 1 WHERE id = {room['failed']}")
    _reseal_everything(private_data_dir)
    assert main(["verify"]) == VERIFY_VALID
    capsys.readouterr()
    with open_database() as db:
        assert db.check_records().altered == []
        assert db.exam_evidence(room["failed"]).flags == ()
        code = db.certify(room["ben"], room["failed"], "Pat", password=PASSWORD).code
    result, out = _verify(code, capsys)
    assert result == VERIFY_VALID
    assert "signature: by Pat Lee's key, pinned in the site file" in out
