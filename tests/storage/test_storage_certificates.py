"""Certification: who may be signed off on what, the code, expiry and revoking."""

from __future__ import annotations

import re
from datetime import date

import pytest
from exam_taking import exam_setup, take_exam
from storage_support import at

from trainer.storage import StorageError, TrainerDB
from trainer.storage.certificates import (
    EXPIRING_DAYS,
    best_status,
    certification_status,
    normalise_code,
)
from trainer.storage.models import Certification, CertificationStatus, SealState

PW = "correct horse battery"
"""The instructor's password: it unlocks their signing key (issue 21)."""

CODE = re.compile(r"^HHE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


@pytest.fixture
def room(db: TrainerDB) -> tuple[TrainerDB, int, int, int]:
    """Pat (instructor), Ana and Ben, an exam set-up: one round, pass mark 80%."""
    db.create_instructor("Pat", "correct horse battery")
    ana, ben = db.create_trainee("Ana"), db.create_trainee("Ben")
    return db, ana, ben, exam_setup(db, pass_mark=80)


def test_a_passed_exam_is_signed_off_with_who_when_and_a_code(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=4, wrong=1)  # 80%: exactly the pass mark
    signed = db.certify(ana, exam.id, "pat", password=PW, expires=date(2027, 3, 2), at=at(60))
    assert (signed.trainee_id, signed.exam_id, signed.signed_by, signed.signed_at,
            signed.expires, signed.revoked) == (ana, exam.id, "Pat", at(60), date(2027, 3, 2),
                                                None)
    assert CODE.match(signed.code)
    assert db.certifications(ana) == [signed]
    assert db.find_certification(signed.code) == signed


def test_every_certificate_gets_its_own_code(room: tuple) -> None:
    db, ana, ben, setup = room
    codes = {
        db.certify(trainee, take_exam(db, trainee, setup, right=5, wrong=0).id, "Pat",
                   password=PW).code
        for trainee in (ana, ben, ana)
    }
    assert len(codes) == 3


def test_a_failed_exam_cannot_be_signed_off(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=3, wrong=2)  # 60%
    with pytest.raises(StorageError, match=f"exam_id: exam {exam.id} was not passed"):
        db.certify(ana, exam.id, "Pat", password=PW)
    assert db.certifications() == []


def test_an_unfinished_exam_cannot_be_signed_off(room: tuple) -> None:
    db, ana, _, setup = room
    exam = db.start_exam(ana, setup, at=at(0))
    with pytest.raises(StorageError, match=f"exam_id: exam {exam.id} is not finished"):
        db.certify(ana, exam.id, "Pat", password=PW)


def test_another_trainees_exam_cannot_be_signed_off(room: tuple) -> None:
    db, ana, ben, setup = room
    exam = take_exam(db, ana, setup, right=5, wrong=0)
    with pytest.raises(StorageError, match=f"exam_id: exam {exam.id} is another trainee's"):
        db.certify(ben, exam.id, "Pat", password=PW)
    assert db.certification_problem(ben, exam.id) == (
        f"exam_id: exam {exam.id} is another trainee's")
    assert db.certification_problem(ana, exam.id) is None


def test_an_exam_whose_stored_result_was_altered_cannot_be_signed_off(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=2, wrong=3)  # 40%: failed
    # Someone edits the file: the exam now says passed with 100%.
    db.conn.execute("UPDATE exams SET passed = 1, score = 100.0 WHERE id = ?", (exam.id,))
    with pytest.raises(StorageError, match=r"does not match its answers \(2 of 5 right"):
        db.certify(ana, exam.id, "Pat", password=PW)


def test_a_pass_with_rounds_left_unanswered_cannot_be_signed_off(room: tuple) -> None:
    db, ana, _, _ = room
    two_rounds = exam_setup(db, "Long", rounds=2, pass_mark=80)
    exam = take_exam(db, ana, two_rounds, right=5, wrong=0)  # one round of two: not passed
    assert exam.passed is False
    db.conn.execute("UPDATE exams SET passed = 1 WHERE id = ?", (exam.id,))
    with pytest.raises(StorageError, match="1 of 2 rounds complete"):
        db.certify(ana, exam.id, "Pat", password=PW)


def test_only_an_instructor_of_the_station_signs(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=5, wrong=0)
    with pytest.raises(StorageError, match="signed_by: 'Sam' is not an instructor"):
        db.certify(ana, exam.id, "Sam", password=PW)
    with pytest.raises(StorageError, match="signed_by: must not be empty"):
        db.certify(ana, exam.id, "  ", password=PW)


def test_one_exam_is_signed_off_once_until_revoked(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=5, wrong=0)
    first = db.certify(ana, exam.id, "Pat", password=PW, at=at(60))
    with pytest.raises(StorageError, match=f"already signed off \\(certificate {first.code}\\)"):
        db.certify(ana, exam.id, "Pat", password=PW)
    revoked = db.revoke_certification(first.id, revoked_by="Pat", password=PW, at=at(120))
    assert revoked.revoked == at(120)
    again = db.certify(ana, exam.id, "Pat", password=PW, at=at(180))
    assert again.code != first.code
    assert [c.id for c in db.certifications(ana)] == [again.id, first.id]  # newest first


def test_revoking_twice_or_nothing_is_refused(room: tuple) -> None:
    db, ana, _, setup = room
    signed = db.certify(ana, take_exam(db, ana, setup, right=5, wrong=0).id, "Pat", password=PW)
    db.revoke_certification(signed.id, revoked_by="Pat", password=PW, at=at(120))
    with pytest.raises(StorageError, match=f"certification {signed.id} was revoked at"):
        db.revoke_certification(signed.id, revoked_by="Pat", password=PW)
    with pytest.raises(StorageError, match="certification_id: no certification 404"):
        db.revoke_certification(404, revoked_by="Pat", password=PW)


def test_an_expiry_must_be_after_the_day_of_signing(room: tuple) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=5, wrong=0)
    signed_day = at(60).astimezone().date()
    with pytest.raises(StorageError, match=r"expires: .* is not after the day of signing"):
        db.certify(ana, exam.id, "Pat", password=PW, expires=signed_day, at=at(60))
    with pytest.raises(StorageError, match="expires: '2027-01-01' must be a calendar date"):
        db.certify(ana, exam.id, "Pat", password=PW, expires="2027-01-01")  # type: ignore[arg-type]


def test_a_code_is_found_however_it_is_typed(room: tuple) -> None:
    db, ana, _, setup = room
    signed = db.certify(ana, take_exam(db, ana, setup, right=5, wrong=0).id, "Pat", password=PW)
    plain = signed.code.replace("-", "")
    assert db.find_certification(plain.lower()) == signed
    assert db.find_certification(" " + signed.code.lower() + " ") == signed
    assert db.find_certification("not a code") is None


def test_letters_read_as_digits_are_read_as_the_digits() -> None:
    assert normalise_code("hhe-o1il-2345-6789") == "HHE-0111-2345-6789"
    assert normalise_code("HHE-0000-0000-000") is None  # one short
    assert normalise_code("HHE-0000-0000-000U") is None  # U is not in the alphabet


def _signed(expires: date | None, revoked: bool = False) -> Certification:
    return Certification(1, "u", 1, 1, "Pat", at(0), expires, "HHE-0000-0000-0000",
                         at(1) if revoked else None, None)


def test_the_expiring_window_is_thirty_days() -> None:
    assert EXPIRING_DAYS == 30


@pytest.mark.parametrize(
    ("today", "status"),
    [
        (date(2027, 1, 30), CertificationStatus.CERTIFIED),  # 31 days before the last day
        (date(2027, 1, 31), CertificationStatus.EXPIRING),   # 30 days before
        (date(2027, 3, 2), CertificationStatus.EXPIRING),    # the last valid day
        (date(2027, 3, 3), CertificationStatus.EXPIRED),     # the day after
    ],
)
def test_a_certification_is_certified_then_expiring_then_expired(
    today: date, status: CertificationStatus
) -> None:
    assert certification_status(_signed(date(2027, 3, 2)), today) is status


def test_no_expiry_never_expires_and_revoked_is_revoked() -> None:
    assert certification_status(_signed(None), date(2099, 1, 1)) is CertificationStatus.CERTIFIED
    assert certification_status(_signed(None, revoked=True), date(2026, 1, 1)) is (
        CertificationStatus.REVOKED)


def test_a_trainees_standing_is_their_best_certification() -> None:
    today = date(2027, 3, 1)
    expired = _signed(date(2027, 2, 1))
    expiring = _signed(date(2027, 3, 10))
    current = _signed(date(2028, 3, 1))
    assert best_status([expired, expiring], today) is CertificationStatus.EXPIRING
    assert best_status([expired, expiring, current], today) is CertificationStatus.CERTIFIED
    assert best_status([expired], today) is CertificationStatus.EXPIRED
    assert best_status([_signed(None, revoked=True)], today) is CertificationStatus.NONE
    assert best_status([], today) is CertificationStatus.NONE


def test_the_roster_standing_of_each_certified_trainee(room: tuple) -> None:
    db, ana, ben, setup = room
    cal = db.create_trainee("Cal")
    db.certify(ana, take_exam(db, ana, setup, right=5, wrong=0).id, "Pat", password=PW,
               expires=date(2026, 4, 1), at=at(60))
    db.certify(ben, take_exam(db, ben, setup, right=5, wrong=0).id, "Pat", password=PW,
               expires=date(2026, 3, 20), at=at(60))
    statuses = db.certification_statuses(date(2026, 3, 21))
    assert statuses == {ana: CertificationStatus.EXPIRING, ben: CertificationStatus.EXPIRED}
    assert cal not in statuses


def test_an_exam_whose_answer_was_edited_outside_the_trainer_cannot_be_signed_off(
    room: tuple,
) -> None:
    db, ana, _, setup = room
    exam = take_exam(db, ana, setup, right=5, wrong=0)
    # The score still matches (still right), but the answer's record is not as sealed.
    db.conn.execute("UPDATE answers SET seconds = 0.5 WHERE question_id = 'q0'")
    with pytest.raises(StorageError, match="was changed outside the trainer"):
        db.certify(ana, exam.id, "Pat", password=PW)


def test_a_certification_is_sealed_when_signed_and_when_revoked(room: tuple) -> None:
    db, ana, ben, setup = room
    signed = db.certify(ana, take_exam(db, ana, setup, right=5, wrong=0).id, "Pat", password=PW,
                        expires=date(2027, 1, 1), at=at(60))
    assert db.certification_seal(signed.id) is SealState.VALID
    db.revoke_certification(signed.id, revoked_by="Pat", password=PW, at=at(90))
    assert db.certification_seal(signed.id) is SealState.VALID
    other = db.certify(ben, take_exam(db, ben, setup, right=5, wrong=0).id, "Pat", password=PW,
                       expires=date(2027, 1, 1), at=at(60))
    db.conn.execute("UPDATE certifications SET expires = '2099-01-01' WHERE id = ?",
                    (other.id,))  # someone extends it with SQLite
    assert db.certification_seal(other.id) is SealState.ALTERED
