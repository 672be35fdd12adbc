"""Certification: an instructor signs a trainee off on a passed exam (no Qt).

The rules of a sign-off (:meth:`Certificates.certify`): the exam is the
trainee's, finished and passed, and unaltered: its record's seal and each of
its answers' seals check out (:mod:`trainer.storage.seal`; one sealed with a
station secret this station no longer has cannot be checked, so it cannot be
signed off either), and its stored score and verdict are those a recount of
its own answers gives (the rule of :meth:`~trainer.storage.exams.Exams.finish_exam`);
the one who signs is one of the station's instructors; the exam has no live
(unrevoked) certification yet; an expiry, when given, is after the day of
signing. The certification is sealed as it is written, and resealed when revoked.

Each certification gets a verification code printed on the certificate
(:func:`new_code`); :meth:`Certificates.find_certification` reads it back from
a code typed any case, with or without its dashes. A certification is never
deleted: revoking it keeps the record and says when.

A certification is a statement the instructor signs with their own key
(:mod:`trainer.storage.signing`): the code, the trainee, the exam (its set-up,
result and a digest of its rounds and answers), the day signed, the expiry and
the signer, in canonical JSON (:func:`statement_for`), stored with its
signature. A revocation is a signed statement too. :meth:`Certificates.check_signature`
checks both against the public keys the site file pins and against the record
as it now is: a signature by a key not pinned proves nothing, and an exam or
answer edited after signing (and resealed with the station's secret) no longer
matches its digest.

Status on a day (:func:`certification_status`): revoked; expired after its
last valid day; expiring within :data:`EXPIRING_DAYS` days of it; otherwise
certified (one with no expiry never expires).
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from trainer.i18n import N_, _
from trainer.storage import fields, rows, seal, signing
from trainer.storage.models import (
    Certification,
    CertificationStatus,
    SealState,
    SignatureCheck,
    SignatureState,
    StorageError,
)
from trainer.storage.writes import Area

EXPIRING_DAYS = 30
"""A certification is "expiring" from this many days before its last valid day."""

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread."""
CODE_PREFIX = "HHE"
CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4
"""``HHE-7K2M-Q9XD-41TB``: 12 random characters, 60 bits."""

_MISREAD = str.maketrans({"O": "0", "I": "1", "L": "1", " ": "", "-": ""})


def new_code() -> str:
    """A fresh random verification code, ``HHE-XXXX-XXXX-XXXX``."""
    groups = (
        "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP_LENGTH))
        for _ in range(CODE_GROUPS)
    )
    return "-".join((CODE_PREFIX, *groups))


def normalise_code(text: str) -> str | None:
    """The stored form of a code as a person typed it (any case, dashes and spaces
    optional, O for 0 and I or L for 1); None when it cannot be a code."""
    if not isinstance(text, str):
        return None
    plain = text.strip().upper().translate(_MISREAD)
    if plain.startswith(CODE_PREFIX):
        plain = plain[len(CODE_PREFIX):]
    length = CODE_GROUPS * CODE_GROUP_LENGTH
    if len(plain) != length or any(char not in CODE_ALPHABET for char in plain):
        return None
    groups = [plain[i:i + CODE_GROUP_LENGTH] for i in range(0, length, CODE_GROUP_LENGTH)]
    return "-".join((CODE_PREFIX, *groups))


def certification_status(certification: Certification, today: date) -> CertificationStatus:
    """One certification's status on ``today`` (see the module's docstring)."""
    if certification.revoked is not None:
        return CertificationStatus.REVOKED
    if certification.expires is None:
        return CertificationStatus.CERTIFIED
    if today > certification.expires:
        return CertificationStatus.EXPIRED
    if (certification.expires - today).days <= EXPIRING_DAYS:
        return CertificationStatus.EXPIRING
    return CertificationStatus.CERTIFIED


_BEST = (
    CertificationStatus.CERTIFIED,
    CertificationStatus.EXPIRING,
    CertificationStatus.EXPIRED,
)


def best_status(certifications: Iterable[Certification], today: date) -> CertificationStatus:
    """A trainee's standing: certified if any certification is current and not near
    its end, else expiring, else expired; none when every one is revoked (or none)."""
    found = {certification_status(c, today) for c in certifications}
    return next((status for status in _BEST if status in found), CertificationStatus.NONE)


def _seal_problem(conn: sqlite3.Connection, secret: seal.StationSecret,
                  exam_id: int, session_id: int | None) -> str | None:
    """Why the exam's record or its answers cannot be trusted; None when their seals
    check out."""
    states = {seal.check_row(conn, secret, "exams", exam_id)}
    if session_id is not None:
        states.update(seal.check_rows(conn, secret, "answers", "r.session_id = ?",
                                      (session_id,)).values())
    if SealState.ALTERED in states:
        return _("exam_id: exam {exam}'s record or one of its answers was changed outside"
                 " the trainer; it cannot be signed off", exam=exam_id)
    if SealState.UNCHECKABLE in states:
        return _("exam_id: exam {exam}'s record cannot be checked (it was sealed with"
                 " another station secret); it cannot be signed off", exam=exam_id)
    return None


def _exam_problem(conn: sqlite3.Connection, secret: seal.StationSecret, trainee_id: int,
                  exam_id: int) -> str | None:
    """Why this exam cannot be signed off for this trainee; None when it can."""
    exam = rows.fetch_one(
        conn,
        "SELECT trainee_id, session_id, rounds, pass_mark, finished, score, passed"
        " FROM exams WHERE id = ?",
        (exam_id,),
    )
    if exam is None:
        return _("exam_id: no exam {exam}", exam=exam_id)
    if exam["trainee_id"] != trainee_id:
        return _("exam_id: exam {exam} is another trainee's", exam=exam_id)
    if exam["finished"] is None:
        return _("exam_id: exam {exam} is not finished", exam=exam_id)
    if not exam["passed"]:
        return _("exam_id: exam {exam} was not passed", exam=exam_id)
    answers, correct = conn.execute(
        "SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM rounds r"
        " JOIN answers a ON a.round_id = r.id JOIN sessions s ON s.id = r.session_id"
        " WHERE r.session_id = ? AND s.trainee_id = ?",
        (exam["session_id"], trainee_id),
    ).fetchone()
    (complete,) = conn.execute(
        "SELECT COUNT(*) FROM rounds r WHERE r.session_id = ?"
        " AND EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id)"
        " AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.round_id = r.id AND a.given IS NULL)",
        (exam["session_id"],),
    ).fetchone()
    score = 100.0 * correct / answers if answers else 0.0
    if (
        exam["score"] is None
        or abs(score - float(exam["score"])) > 1e-9
        or score < exam["pass_mark"]
        or complete < exam["rounds"]
    ):
        return _(
            "exam_id: exam {exam}'s stored result does not match its answers ({correct} of"
            " {answers} right, {complete} of {rounds} rounds complete); it was altered and"
            " cannot be signed off", exam=exam_id, correct=correct, answers=answers,
            complete=complete, rounds=exam["rounds"])
    altered = _seal_problem(conn, secret, exam_id, exam["session_id"])
    if altered is not None:
        return altered
    live = conn.execute(
        "SELECT code FROM certifications WHERE exam_id = ? AND revoked IS NULL", (exam_id,)
    ).fetchone()
    if live is not None:
        return _("exam_id: exam {exam} is already signed off (certificate {code})",
                 exam=exam_id, code=live[0])
    return None


STATEMENT_KIND = "hhe-trainer certification"
REVOCATION_KIND = "hhe-trainer revocation"
STATEMENT_VERSION = 1


def exam_facts(conn: sqlite3.Connection, exam_id: int) -> dict[str, Any] | None:
    """What a certificate vouches for about an exam, as it is stored now: the trainee,
    the set-up, the result and a digest of every round and answer; None: no such exam."""
    exam = rows.fetch_one(
        conn,
        "SELECT e.uid, t.uid AS trainee_uid, e.session_id, e.setup_json, e.rounds,"
        " e.ruleset_id, e.pass_mark, e.time_limit_seconds, e.attempt, e.started, e.finished,"
        " e.score, e.passed FROM exams e JOIN trainees t ON t.id = e.trainee_id"
        " WHERE e.id = ?",
        (exam_id,),
    )
    if exam is None:
        return None
    answered = conn.execute(
        "SELECT r.uid, r.ruleset_id, r.round_json, a.uid, a.question_id, a.kind, a.skill,"
        " a.seat, a.wager, a.expected, a.given, a.correct, a.seconds, a.answered_at"
        " FROM rounds r LEFT JOIN answers a ON a.round_id = r.id WHERE r.session_id = ?"
        " ORDER BY r.uid, a.uid",
        (exam["session_id"],),
    ).fetchall()
    return {
        "uid": exam["uid"],
        "trainee": exam["trainee_uid"],
        "setup": None if exam["setup_json"] is None else signing.digest(exam["setup_json"]),
        "rounds": exam["rounds"],
        "ruleset": exam["ruleset_id"],
        "pass_mark": exam["pass_mark"],
        "time_limit_seconds": exam["time_limit_seconds"],
        "attempt": exam["attempt"],
        "started": exam["started"],
        "finished": exam["finished"],
        "score": exam["score"],
        "passed": exam["passed"],
        "answers": signing.digest([list(row) for row in answered]),
    }


def statement_for(conn: sqlite3.Connection, certification_id: int) -> dict[str, Any]:
    """The statement a certification's record says, built afresh from the record, its
    trainee and its exam (what the signature must cover, but for ``signer`` and
    ``public_key``, which the signed statement itself names)."""
    row = rows.fetch_one(
        conn,
        "SELECT c.code, c.signed_at, c.expires, c.exam_id, c.signed_by, t.uid AS trainee_uid,"
        " t.name AS trainee_name, g.name AS setup_name FROM certifications c"
        " JOIN trainees t ON t.id = c.trainee_id JOIN exams e ON e.id = c.exam_id"
        " LEFT JOIN exam_configs g ON g.id = e.config_id WHERE c.id = ?",
        (certification_id,),
    )
    if row is None:
        raise StorageError(_("certification_id: no certification {number}",
                             number=certification_id))
    return {
        "kind": STATEMENT_KIND,
        "version": STATEMENT_VERSION,
        "code": row["code"],
        "trainee": {"uid": row["trainee_uid"], "name": row["trainee_name"]},
        "exam": exam_facts(conn, int(row["exam_id"])),
        "setup_name": row["setup_name"],
        "signed_at": row["signed_at"],
        "expires": row["expires"],
        "signer": row["signed_by"],
    }


# What must still match between the signed statement and the record (named for a person);
# a trainee's or set-up's name may change after signing (a rename), the rest never does.
_COMPARED = {
    "code": N_("the verification code"),
    "signed_at": N_("the time of signing"),
    "expires": N_("the expiry"),
    "signer": N_("who signed"),
}
_EXAM_COMPARED = {
    "uid": N_("which exam it is"),
    "trainee": N_("whose exam it is"),
    "setup": N_("the exam's set-up"),
    "rounds": N_("the exam's length"),
    "ruleset": N_("the exam's rule set"),
    "pass_mark": N_("the pass mark"),
    "time_limit_seconds": N_("the time limit"),
    "attempt": N_("the attempt number"),
    "started": N_("when the exam started"),
    "finished": N_("when the exam finished"),
    "score": N_("the score"),
    "passed": N_("the result"),
    "answers": N_("the exam's rounds and answers"),
}


def _differences(signed: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    changed = [what for key, what in _COMPARED.items() if signed.get(key) != now.get(key)]
    if (signed.get("trainee") or {}).get("uid") != now["trainee"]["uid"]:
        changed.append(N_("the trainee"))
    raw = signed.get("exam")
    signed_exam: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    now_exam: Mapping[str, Any] = now.get("exam") or {}
    changed += [what for key, what in _EXAM_COMPARED.items()
                if signed_exam.get(key) != now_exam.get(key)]
    return changed


def check_signature(conn: sqlite3.Connection, certification_id: int,
                    pinned: Mapping[str, Iterable[str]]) -> SignatureCheck:
    """A certification's signature and revocation checked against the pinned keys
    and against its record, trainee and exam as they are now."""
    row = rows.fetch_one(
        conn,
        "SELECT statement, signature, revoked, revocation, revocation_signature"
        " FROM certifications WHERE id = ?",
        (certification_id,),
    )
    if row is None:
        raise StorageError(_("certification_id: no certification {number}",
                             number=certification_id))
    not_pinned = SignatureState.NOT_PINNED
    if row["statement"] is None or row["signature"] is None:
        return SignatureCheck(not_pinned, None, (_(
            "it carries no signature (signed off before certificates were signed, or its"
            " signature was removed)"),))
    signed = signing.parsed_statement(row["statement"])
    if signed is None or signed.get("kind") != STATEMENT_KIND:
        return SignatureCheck(not_pinned, None, (_("its signed statement is unreadable"),))
    signer = signing.signer_of(row["statement"], row["signature"], pinned)
    if signer is None:
        if not pinned:
            why = _("the site file pins no instructor's key ([signing] instructors)")
        else:
            why = _("its signature ({signer}, key {key}...) is not by a key the site file"
                    " pins", signer=repr(signed.get("signer")),
                    key=str(signed.get("public_key"))[:12])
        return SignatureCheck(not_pinned, None, (why,))
    problems = [_("{what} is not what was signed", what=_(what))
                for what in _differences(signed, statement_for(conn, certification_id))]
    revoked_by = None
    if row["revoked"] is not None or row["revocation"] is not None:
        revoked_by = _revocation_signer(row, signed, pinned, problems)
    state = SignatureState.ALTERED if problems else SignatureState.SIGNED
    return SignatureCheck(state, signer, tuple(problems), revoked_by)


def _revocation_signer(row: sqlite3.Row, signed: Mapping[str, Any],
                       pinned: Mapping[str, Iterable[str]], problems: list[str]) -> str | None:
    revocation = signing.parsed_statement(row["revocation"])
    if row["revoked"] is None:
        problems.append(_("a signed revocation is on record but the certificate no longer"
                          " says revoked"))
        return None
    if revocation is None or row["revocation_signature"] is None:
        problems.append(_("the revocation is not signed"))
        return None
    who = signing.signer_of(row["revocation"], row["revocation_signature"], pinned)
    if who is None:
        problems.append(_("the revocation is not signed by a key the site file pins"))
    elif (revocation.get("kind") != REVOCATION_KIND
          or revocation.get("code") != signed.get("code")
          or revocation.get("revoked") != row["revoked"]
          or revocation.get("certificate") != signing.digest(signed)):
        problems.append(_("the revocation is not the one signed"))
    return who


class Certificates(Area):
    """Signing off, reading, verifying and revoking certifications."""

    def certification_seal(self, certification_id: int) -> SealState:
        """Whether a certification's record is as the trainer wrote it (its seal)."""
        try:
            return seal.check_row(self.conn, self.secret, "certifications", certification_id)
        except ValueError:
            raise StorageError(
                _("certification_id: no certification {number}", number=certification_id)) from None

    def certification_problem(self, trainee_id: int, exam_id: int) -> str | None:
        """Why this exam cannot be signed off for this trainee (a sentence naming the
        field), or None when it can."""
        return _exam_problem(self.conn, self.secret, trainee_id, exam_id)

    def check_signature(self, certification_id: int,
                        pinned: Mapping[str, Iterable[str]]) -> SignatureCheck:
        """The certification's signature against the pinned keys (:func:`check_signature`)."""
        return check_signature(self.conn, certification_id, pinned)

    def certify(
        self,
        trainee_id: int,
        exam_id: int,
        signer: signing.Signer,
        *,
        expires: date | None = None,
        at: datetime | None = None,
    ) -> Certification:
        """Sign a trainee off on a passed exam with the instructor's unlocked key; the
        certification with its new code, its signed statement stored with it."""
        trainee_id = fields.integer(trainee_id, "trainee_id")
        exam_id = fields.integer(exam_id, "exam_id")
        who = fields.name(signer.name, "signed_by")
        signed_at = fields.stamp(at)
        if expires is not None and (isinstance(expires, datetime)
                                    or not isinstance(expires, date)):
            raise StorageError(_("expires: {value} must be a calendar date or none",
                                 value=repr(expires)))
        signed_day = datetime.fromisoformat(signed_at).astimezone().date()
        if expires is not None and expires <= signed_day:
            raise StorageError(_("expires: {date} is not after the day of signing ({day})",
                                 date=expires.isoformat(), day=signed_day.isoformat()))
        with self._write() as conn:
            known = conn.execute("SELECT 1 FROM trainees WHERE id = ?", (trainee_id,)).fetchone()
            if known is None:
                raise StorageError(_("trainee_id: no trainee {trainee}", trainee=trainee_id))
            instructor = conn.execute(
                "SELECT name FROM instructors WHERE name = ?", (who,)
            ).fetchone()
            if instructor is None:
                raise StorageError(_("{field}: {name} is not an instructor of this station",
                                     field="signed_by", name=repr(who)))
            problem = _exam_problem(conn, self.secret, trainee_id, exam_id)
            if problem is not None:
                raise StorageError(problem)
            code = new_code()
            while conn.execute("SELECT 1 FROM certifications WHERE code = ?", (code,)).fetchone():
                code = new_code()  # pragma: no cover (one chance in 2**60)
            cursor = conn.execute(
                "INSERT INTO certifications (uid, trainee_id, exam_id, signed_by, signed_at,"
                " expires, code) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (fields.uid(), trainee_id, exam_id, instructor[0], signed_at,
                 None if expires is None else expires.isoformat(), code),
            )
            certification_id = int(cursor.lastrowid or 0)
            statement = {**statement_for(conn, certification_id),
                         "public_key": signer.public_key}
            conn.execute(
                "UPDATE certifications SET statement = ?, signature = ? WHERE id = ?",
                (signing.canonical(statement).decode("utf-8"),
                 signing.sign(signer.private, statement), certification_id),
            )
            seal.seal_row(conn, self.secret, "certifications", certification_id)
        found = self._certification_where("id = ?", certification_id)
        assert found is not None
        return found

    def _certification_where(self, where: str, value: object) -> Certification | None:
        row = rows.fetch_one(
            self.conn,
            f"SELECT {rows.CERTIFICATION_COLUMNS} FROM certifications WHERE {where}",
            (value,),
        )
        return None if row is None else rows.certification(row)

    def certifications(self, trainee_id: int | None = None) -> list[Certification]:
        """Certifications, newest first: one trainee's, or everyone's (revoked too)."""
        found = rows.fetch_all(
            self.conn,
            f"SELECT {rows.CERTIFICATION_COLUMNS} FROM certifications"
            " WHERE ?1 IS NULL OR trainee_id = ?1 ORDER BY signed_at DESC, id DESC",
            (trainee_id,),
        )
        return [rows.certification(row) for row in found]

    def find_certification(self, code: str) -> Certification | None:
        """The certification with this verification code (as a person typed it), or None."""
        clean = normalise_code(code)
        return None if clean is None else self._certification_where("code = ?", clean)

    def revoke_certification(
        self, certification_id: int, signer: signing.Signer, *, at: datetime | None = None
    ) -> Certification:
        """Withdraw a certification (the record stays, with when it was revoked), with
        a revocation signed by the instructor's unlocked key."""
        certification_id = fields.integer(certification_id, "certification_id")
        when = fields.stamp(at)
        with self._write() as conn:
            found = conn.execute("SELECT code, statement FROM certifications WHERE id = ?",
                                 (certification_id,)).fetchone()
            signed = signing.parsed_statement(None if found is None else found[1])
            revocation = {
                "kind": REVOCATION_KIND,
                "version": STATEMENT_VERSION,
                "code": None if found is None else found[0],
                "certificate": None if signed is None else signing.digest(signed),
                "revoked": when,
                "signer": signer.name,
                "public_key": signer.public_key,
            }
            cursor = conn.execute(
                "UPDATE certifications SET revoked = ?, revocation = ?, revocation_signature = ?"
                " WHERE id = ? AND revoked IS NULL",
                (when, signing.canonical(revocation).decode("utf-8"),
                 signing.sign(signer.private, revocation), certification_id),
            )
            if cursor.rowcount == 1:
                seal.reseal_row(conn, self.secret, "certifications", certification_id,
                                {"revoked": None})
            else:
                row = conn.execute(
                    "SELECT revoked FROM certifications WHERE id = ?", (certification_id,)
                ).fetchone()
                if row is None:
                    raise StorageError(_("certification_id: no certification {number}",
                             number=certification_id))
                raise StorageError(_("certification_id: certification {number} was revoked"
                                     " at {when}", number=certification_id, when=row[0]))
        found = self._certification_where("id = ?", certification_id)
        assert found is not None
        return found

    def certification_statuses(self, today: date) -> dict[int, CertificationStatus]:
        """Each certified trainee's standing on ``today`` (:func:`best_status`); a trainee
        with no certification is not in the mapping."""
        by_trainee: dict[int, list[Certification]] = {}
        for certification in self.certifications():
            by_trainee.setdefault(certification.trainee_id, []).append(certification)
        return {
            trainee_id: best_status(found, today) for trainee_id, found in by_trainee.items()
        }
