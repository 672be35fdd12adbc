"""A certificate or revocation row of the room's shared records is refused when its
signature is not the one the key its statement names made over that statement: a
statement changed after signing, even alike with its row, does not leave the station or
come in from the room (issue 20, item 7). No server needed."""

from __future__ import annotations

from datetime import date, timedelta

from tests.storage.storage_support import ROUND, RULES, T0
from trainer.exam_setup import ExamSetup
from trainer.skills import QuestionKind, Skill
from trainer.storage import TrainerDB
from trainer.storage.models import NewAnswer
from trainer.storage.shared_records import read_state, shared_record_problem

PW = "correct horse battery"
CHANGED = ("signature: is not the signature of this statement by the key it names (the"
           " statement or the signature was changed after signing)")


def certified(db: TrainerDB) -> int:
    """Ana passed Final (4 of 5 at pass mark 80); Pat signed it: the certification's id."""
    db.create_instructor("Pat", PW)
    ana = db.create_trainee("Ana")
    exam = db.start_exam(ana, db.create_exam_setup(ExamSetup("Final", 1, 80, None, RULES)),
                         at=T0)
    assert exam.session_id is not None
    round_id = db.record_round(exam.session_id, ROUND, RULES, 3, at=T0)
    for index in range(5):
        db.record_answer(NewAnswer(
            round_id, f"q{index}", QuestionKind.PAYOUT, Skill.ANTE, 1, "ante", "10.00",
            "10.00" if index < 4 else "20.00", index < 4, 3.0), at=T0)
    finished = db.finish_exam(exam.id, at=T0 + timedelta(minutes=1)).id
    return db.certify(ana, finished, "Pat", password=PW, expires=date(2027, 3, 2),
                      at=T0 + timedelta(hours=1)).id


def rows(db: TrainerDB) -> tuple[dict[str, object], dict[str, object]]:
    """The certification row and its revocation row as the room's tables name them."""
    (held,) = read_state(db.conn).certifications.values()
    certification = {"uid": held.uid, "trainee": held.trainee, "exam": held.exam,
                     "code": held.code, "signed_by": held.signed_by,
                     "signed_at": held.signed_at, "expires": held.expires,
                     "statement": held.statement, "signature": held.signature}
    revocation = {"certification": held.uid, "revoked": held.revoked,
                  "revocation": held.revocation, "signature": held.revocation_signature}
    return certification, revocation


def test_a_signed_certificate_and_revocation_pass_as_signed(db: TrainerDB) -> None:
    certification_id = certified(db)
    db.revoke_certification(certification_id, revoked_by="Pat", password=PW,
                            at=T0 + timedelta(days=1))
    certification, revocation = rows(db)
    assert shared_record_problem("certifications", certification) is None
    assert shared_record_problem("certificate_revocations", revocation) is None


def test_a_statement_changed_alike_with_its_row_is_refused(db: TrainerDB) -> None:
    certified(db)
    certification, _revocation = rows(db)
    statement = str(certification["statement"])
    longer = statement.replace('"expires":"2027-03-02"', '"expires":"2029-03-02"')
    assert longer != statement
    certification.update(statement=longer, expires="2029-03-02")
    assert shared_record_problem("certifications", certification) == CHANGED


def test_a_revocation_changed_after_signing_is_refused(db: TrainerDB) -> None:
    certification_id = certified(db)
    db.revoke_certification(certification_id, revoked_by="Pat", password=PW,
                            at=T0 + timedelta(days=1))
    _certification, revocation = rows(db)
    text = str(revocation["revocation"])
    assert '"code":"' in text
    revocation["revocation"] = text.replace('"code":"', '"code":"X', 1)
    assert shared_record_problem("certificate_revocations", revocation) == CHANGED


def test_a_statement_naming_no_public_key_is_refused(db: TrainerDB) -> None:
    certified(db)
    certification, _revocation = rows(db)
    statement = str(certification["statement"])
    start = statement.index('"public_key":"') + len('"public_key":"')
    end = statement.index('"', start)
    certification["statement"] = statement[:start] + "not-a-key" + statement[end:]
    assert shared_record_problem("certifications", certification) == (
        "statement: names no signer's public key")
